"""A tiny hidden-information game used to test the web platform without depending on a real game.

Each seat is dealt one secret card (a chance draw), a public d6 is rolled, then
each seat in turn marks 1..3 points and ends its turn (two decisions in a row,
so undo has something to take back). After `rounds` rounds the best card rank
plus marks wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from magnates.core import CHANCE, TERMINAL, Action, Game, Option, Result, State, ranking_from_keys, require, uniform
from magnates.core.errors import RecordError

CARDS = ("Alpha Lantern", "Beta Harbor", "Gamma Orchard", "Delta Forge", "Epsilon Tower", "Zeta Mill")


@dataclasses.dataclass(frozen=True)
class Deal(Action):
    kind: ClassVar[str] = "deal"
    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclasses.dataclass(frozen=True)
class Die(Action):
    kind: ClassVar[str] = "die"
    is_dice: ClassVar[bool] = True
    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclasses.dataclass(frozen=True)
class Mark(Action):
    kind: ClassVar[str] = "mark"
    points: int

    def __str__(self) -> str:
        return f"mark {self.points}"


@dataclasses.dataclass(frozen=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end turn"


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    options_declared = (Option("players", 2, (2, 3), "seats"), Option("rounds", 2, (1, 2, 3, 4), "rounds"))

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def build_action_space(self) -> list[Action]:
        return [*(Deal(c) for c in CARDS), *(Die(f) for f in range(1, 7)), *(Mark(p) for p in (1, 2, 3)), EndTurn()]

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        require(isinstance(data, Mapping) and "hands" in data, "a toy state needs hands")
        state = ToyState(self)
        try:
            state.hands = list(data["hands"])
            state.marks = list(data["marks"])
            state.die = data["die"]
            state.turn = int(data["turn"])
            state.round = int(data["round"])
            state.marked = bool(data["marked"])
            state.history = list(data["history"])
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"broken toy state: {err}") from None
        return state


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        self.game = game
        self.history = []
        self._legal = None
        self.hands: list[str | None] = [None] * game.num_players
        self.marks = [0] * game.num_players
        self.die: int | None = None
        self.turn = 0
        self.round = 0
        self.marked = False

    @property
    def toy(self) -> ToyGame:
        return self.game  # type: ignore[return-value]

    def current_player(self) -> int:
        if None in self.hands or self.die is None:
            return CHANCE
        if self.round >= self.toy.options["rounds"]:
            return TERMINAL
        return self.turn

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if None in self.hands:
            free = [i for i, c in enumerate(CARDS) if c not in self.hands]
            return uniform(free)
        return uniform([len(CARDS) + f - 1 for f in range(1, 7)])

    def _legal_actions(self) -> list[int]:
        base = len(CARDS) + 6
        return [base + 3] if self.marked else [base, base + 1, base + 2]

    def _apply(self, action: int) -> None:
        act = self.game.action(action)
        if isinstance(act, Deal):
            self.hands[self.hands.index(None)] = act.card
        elif isinstance(act, Die):
            self.die = act.face
        elif isinstance(act, Mark):
            self.marks[self.turn] += act.points
            self.marked = True
        else:
            self.marked = False
            self.turn = (self.turn + 1) % self.game.num_players
            if self.turn == 0:
                self.round += 1

    def clone(self) -> ToyState:
        other = ToyState(self.toy)
        other.history = list(self.history)
        other.hands = list(self.hands)
        other.marks = list(self.marks)
        other.die, other.turn, other.round, other.marked = self.die, self.turn, self.round, self.marked
        return other

    def result(self) -> Result:
        scores = [float(CARDS.index(h) + m) if h else float(m) for h, m in zip(self.hands, self.marks, strict=True)]
        return Result(ranking_from_keys(scores), scores, "points")

    def view(self, player: int | None) -> dict[str, Any]:
        done = self.is_terminal()
        return {
            "my_card": self.hands[player] if player is not None else None,
            "cards": [h if done or i == player else None for i, h in enumerate(self.hands)],
            "marks": list(self.marks),
            "die": self.die,
            "round": self.round,
            "turn": self.turn,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "marks": self.marks,
            "die": self.die,
            "turn": self.turn,
            "round": self.round,
            "marked": self.marked,
            "history": self.history,
        }
