"""A tiny dice race for testing the arena and reports without a real game.

Each turn the turn holder rolls a d6 (a chance node) and then either takes the
die (its value, income source "dice") or banks a safe 2 (source "bank").
After `rounds` rounds the highest score wins; a tie goes to the seat that
banked less often ("tiebreak: fewer banks"), else it is a draw.
Two or three seats. Registered only inside tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from magnates.core import CHANCE, TERMINAL, Action, Game, Option, Result, State, ranking_from_keys, require
from magnates.core.bot import Bot

BANK_VALUE = 2


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    is_dice: ClassVar[bool] = True
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return "take the die"


@dataclass(frozen=True)
class Bank(Action):
    kind: ClassVar[str] = "bank"

    def __str__(self) -> str:
        return "bank 2"


class ThresholdBot:
    """Takes the die when it shows at least `threshold`."""

    def __init__(self, name: str, threshold: int) -> None:
        self.name = name
        self.threshold = threshold

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        wanted = TAKE if view["die"] >= self.threshold else BANK
        return wanted if wanted in legal else legal[0]


ROLLS = list(range(6))
TAKE = 6
BANK = 7


class RaceGame(Game):
    name = "race"
    title = "Dice race (test toy)"
    options_declared = (
        Option("players", 2, (2, 3), "seats"),
        Option("rounds", 3, (1, 2, 3, 4, 5), "rounds"),
    )

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def build_action_space(self) -> list[Action]:
        return [*(Roll(v) for v in range(1, 7)), Take(), Bank()]

    def new_initial_state(self) -> RaceState:
        return RaceState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> RaceState:
        require(isinstance(data, Mapping) and "history" in data, "a race state is an object with a history")
        state = RaceState(self)
        for action in data["history"]:
            state.apply_action(int(action))
        return state

    def bot_factories(self) -> dict[str, Any]:
        def greedy(game: Game) -> Bot:
            return ThresholdBot("greedy", 3)

        def timid(game: Game) -> Bot:
            return ThresholdBot("timid", 7)

        return {"greedy": greedy, "timid": timid}


class RaceState(State):
    def __init__(self, game: RaceGame) -> None:
        self.game = game
        self.history: list[int] = []
        self._legal = None
        self.scores = [0] * game.num_players
        self.banks = [0] * game.num_players
        self.income = [{"dice": 0, "bank": 0} for _ in range(game.num_players)]
        self.turn = 0
        self.die = 0

    @property
    def total_turns(self) -> int:
        return int(self.game.options["rounds"]) * self.game.num_players

    def current_player(self) -> int:
        if self.turn >= self.total_turns:
            return TERMINAL
        return CHANCE if self.die == 0 else self.turn % self.game.num_players

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1 / 6) for a in ROLLS]

    def _legal_actions(self) -> list[int]:
        return [TAKE, BANK]

    def _apply(self, action: int) -> None:
        seat = self.turn % self.game.num_players
        if action in ROLLS:
            self.die = action + 1
            return
        if action == TAKE:
            self.scores[seat] += self.die
            self.income[seat]["dice"] += self.die
        else:
            self.scores[seat] += BANK_VALUE
            self.banks[seat] += 1
            self.income[seat]["bank"] += BANK_VALUE
        self.die = 0
        self.turn += 1

    def clone(self) -> RaceState:
        other = RaceState.__new__(RaceState)
        other.game = self.game
        other.history = list(self.history)
        other._legal = self._legal
        other.scores = list(self.scores)
        other.banks = list(self.banks)
        other.income = [dict(i) for i in self.income]
        other.turn = self.turn
        other.die = self.die
        return other

    def result(self) -> Result:
        keys = [(s, -b) for s, b in zip(self.scores, self.banks, strict=True)]
        ranking = ranking_from_keys(keys)
        best = max(keys)
        leaders = [k for k in keys if k[0] == best[0]]
        if ranking.count(1) > 1:
            reason = "draw"
        elif len(leaders) > 1:
            reason = "tiebreak: fewer banks"
        else:
            reason = "score"
        details = {"turns": self.turn, "income": {str(s): dict(i) for s, i in enumerate(self.income)}}
        return Result(ranking, [float(s) for s in self.scores], reason, details)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"turn": self.turn, "die": self.die, "scores": list(self.scores)}

    def to_json(self) -> dict[str, Any]:
        return {"history": list(self.history)}
