"""A bot that plays a trained network's policy directly: `learned:PATH` in `play`, `arena`, `make_bot`.

`PATH` is a `.npz` in the `magnates-policy-value/1` format (`magnates.bots.learned.NumpyNet`), as
`magnates train` exports and the self-play PPO recipe (`python -m magnates.learn.ppo`) checkpoints.
The bot encodes its own view (`game.observation_encoder()`), so it sees what its seat may know, and
takes the legal action the policy rates highest (`sample=True`: draws one by the policy's
probabilities instead, from the bot's own random stream). No search: a move costs one forward pass.
Action kinds the weights were trained never to take (the self-play recipe's `--never`, kept in their
metadata) stay out of its choices unless nothing else is legal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from magnates.bots.code_bots import is_code_bot
from magnates.bots.learned import NumpyNet
from magnates.core.errors import InvariantError
from magnates.core.game import Game

LEARNED_PREFIXES = ("learned:", "learned-sampled:")
"""Bot names that carry a weights file's path."""


def normalized(name: str) -> str:
    """A bot name as typed, stripped and lower-cased, except a `learned:PATH` or a `PATH.py:NAME` (a
    path or a class name may have capitals)."""
    name = name.strip()
    return name if name.startswith(LEARNED_PREFIXES) or is_code_bot(name) else name.lower()


class PolicyBot:
    """The network's policy over the legal actions, from the bot's own view."""

    def __init__(self, net: NumpyNet, game: Game, *, sample: bool = False, name: str = "learned") -> None:
        self.encoder = game.observation_encoder()
        net.check(game, self.encoder)
        self.net = net
        self.sample = sample
        self.name = name
        never = set(net.meta.get("never", ()))
        self.never = frozenset(i for i, action in enumerate(game.action_space) if action.kind in never)
        """The ids of the action kinds the network was trained never to take (its `never` meta), so
        it plays only moves it learned about; kept out unless they are all that is legal."""

    def probabilities(self, view: Mapping[str, Any], legal: list[int]) -> np.ndarray:
        vector = np.fromiter(self.encoder.encode(view), dtype=np.float32, count=self.encoder.size)
        _, prior = self.net.evaluate(vector, legal)
        if prior is None:
            raise InvariantError(f"the network of {self.name} has no policy head to play from")
        return prior

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if self.never:
            legal = [a for a in legal if a not in self.never] or legal
        if len(legal) == 1:
            return legal[0]
        prior = self.probabilities(view, legal)
        if self.sample:
            return rng.choices(legal, weights=prior.tolist())[0]
        return legal[int(np.argmax(prior))]


def learned_policy_bot(name: str, game: Game) -> PolicyBot:
    """`learned:PATH` (or `learned-sampled:PATH`) -> the policy bot of the weights at PATH, checked
    against this game and option set (a clear WeightsError otherwise)."""
    sample = name.startswith(LEARNED_PREFIXES[1])
    path = name.split(":", 1)[1]
    return PolicyBot(NumpyNet.load(path), game, sample=sample, name=name)
