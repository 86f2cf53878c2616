"""The Gymnasium ids of the four games: `gymnasium.make("magnates/Magnate-v0", opponents=..., ...)`."""

from __future__ import annotations

import gymnasium as gym

GYM_IDS: dict[str, str] = {
    "magnate": "magnates/Magnate-v0",
    "galactic-magnate": "magnates/GalacticMagnate-v0",
    "magistrate": "magnates/Magistrate-v0",
    "magistratvm": "magnates/Magistratvm-v0",
}
"""Registry name of each game -> its Gymnasium id."""


def register_gymnasium() -> None:
    """Register every id once (importing `magnates.envs` does it)."""
    for game, env_id in GYM_IDS.items():
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="magnates.envs.single_agent:MagnatesGymEnv",
                kwargs={"game": game},
                disable_env_checker=True,
            )
