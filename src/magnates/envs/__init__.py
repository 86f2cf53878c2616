"""Reinforcement-learning environments over every game: PettingZoo, Gymnasium and OpenSpiel.

Needs the `rl` extra (`pip install 'magnates[rl]'`: numpy, gymnasium, pettingzoo, open-spiel). The
adapters see views and legal-action masks only, as every other player of the platform does.

    from magnates.envs import aec_env
    env = aec_env("magnate", players=2)

`import magnates.envs` also registers the Gymnasium ids (`magnates/Magnate-v0`, ...); the OpenSpiel
games are registered by `magnates.envs.openspiel.register()` (done on import of that module).
"""

from __future__ import annotations

from magnates.envs.aec import MagnatesAECEnv, aec_env
from magnates.envs.concessions import concession_ids, without_concessions
from magnates.envs.driver import Driver
from magnates.envs.registration import GYM_IDS, register_gymnasium
from magnates.envs.single_agent import MagnatesGymEnv

register_gymnasium()

__all__ = [
    "GYM_IDS",
    "Driver",
    "MagnatesAECEnv",
    "MagnatesGymEnv",
    "aec_env",
    "concession_ids",
    "register_gymnasium",
    "without_concessions",
]
