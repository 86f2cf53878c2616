"""A tiny two-player dice-and-cards game used to test the simulator and the CLI.

It exercises everything the generic drivers must handle without depending on a
real game: a shuffled deal (card-draw chance nodes), a hidden hand, dice
(chance outcomes marked `is_dice`), a decision by the seat that is NOT the turn
holder (blocking a six), and a terminal result with a tie-break and draws.

Rules: the deck holds two copies of cards 1..5. Each player is dealt two cards.
Over six turns (three each) the turn holder rolls a d6, then either plays a card
from hand (scoring die + card, then drawing a replacement if any remain) or
banks the die. On a six the opponent may block the roll (it scores nothing).
Most points wins; a tie goes to the larger hand total, else it is a draw.

Registered ONLY inside tests (monkeypatching `magnates.games.REGISTRY`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from magnates.core import CHANCE, TERMINAL, Action, Game, Option, Result, State, counted, ranking_from_keys, require
from magnates.core.bot import Bot

CARDS = (1, 2, 3, 4, 5)
TURNS = 6


@dataclass(frozen=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"
    card: int

    def __str__(self) -> str:
        return f"draw a {self.card}"


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    is_dice: ClassVar[bool] = True
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Bank(Action):
    kind: ClassVar[str] = "bank"

    def __str__(self) -> str:
        return "bank the die"


@dataclass(frozen=True)
class Respond(Action):
    kind: ClassVar[str] = "respond"
    block: bool

    def __str__(self) -> str:
        return "block" if self.block else "allow"


class HighBot:
    """The toy's own heuristic: play the highest card, always block."""

    name = "high"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        def value(action_id: int) -> tuple[int, int]:
            action = game.action(action_id)
            if isinstance(action, Play):
                return (1, action.card)
            if isinstance(action, Respond):
                return (1, int(action.block))
            return (0, 0)

        return max(legal, key=value)


class ToyGame(Game):
    name = "toy"
    title = "Toy dice and cards"
    options_declared = (
        Option("players", 2, choices=(2,), doc="seats (always two)"),
        Option("turns", TURNS, choices=(2, 4, 6, 8), doc="turns in the game"),
        Option("crash", False, doc="raise an error at the last turn's roll (to test error counting)"),
    )

    @property
    def num_players(self) -> int:
        return 2

    def build_action_space(self) -> list[Action]:
        return [
            *(Draw(c) for c in CARDS),
            *(Roll(v) for v in range(1, 7)),
            *(Play(c) for c in CARDS),
            Bank(),
            Respond(False),
            Respond(True),
        ]

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        require(isinstance(data, Mapping), "a toy state is a JSON object")
        state = ToyState(self)
        try:
            state.deck = {int(k): int(v) for k, v in data["deck"].items()}
            state.hands = [list(map(int, h)) for h in data["hands"]]
            state.scores = [int(s) for s in data["scores"]]
            state.turn = int(data["turn"])
            state.phase = str(data["phase"])
            state.die = int(data["die"])
            state.history = list(data["history"])
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            require(False, f"broken toy state: {err}")
        return state

    def bot_factories(self) -> dict[str, Any]:
        def high(game: Game) -> Bot:
            return HighBot()

        return {"high": high}


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        self.game = game
        self.history = []
        self._legal = None
        self.deck = {c: 2 for c in CARDS}
        self.hands: list[list[int]] = [[], []]
        self.scores = [0, 0]
        self.turn = 0
        self.phase = "deal"
        self.die = 0
        self.ids = {a: i for i, a in enumerate(game.action_space)}

    @property
    def turns(self) -> int:
        return int(self.game.options["turns"])

    def holder(self) -> int:
        return self.turn % 2

    def current_player(self) -> int:
        if self.phase in ("deal", "draw", "roll"):
            return CHANCE
        if self.phase == "choose":
            return self.holder()
        if self.phase == "respond":
            return 1 - self.holder()
        return TERMINAL

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == "roll":
            return [(self.ids[Roll(v)], 1 / 6) for v in range(1, 7)]
        return counted({self.ids[Draw(c)]: n for c, n in self.deck.items()})

    def _legal_actions(self) -> list[int]:
        if self.phase == "respond":
            return [self.ids[Respond(False)], self.ids[Respond(True)]]
        hand = self.hands[self.holder()]
        return [self.ids[Play(c)] for c in sorted(set(hand))] + [self.ids[Bank()]]

    def _apply(self, action_id: int) -> None:
        action = self.game.action(action_id)
        if isinstance(action, Draw):
            self.deck[action.card] -= 1
            if self.phase == "deal":
                dealt = len(self.hands[0]) + len(self.hands[1])
                self.hands[dealt % 2].append(action.card)
                if dealt + 1 == 4:
                    self.phase = "roll"
            else:
                self.hands[self.holder()].append(action.card)
                self._next_turn()
        elif isinstance(action, Roll):
            if self.game.options["crash"] and self.turn == self.turns - 1:
                raise RuntimeError("the toy crashed on purpose")
            self.die = action.value
            self.phase = "respond" if action.value == 6 else "choose"
        elif isinstance(action, Respond):
            if action.block:
                self.scores[1 - self.holder()] -= 1
                self._next_turn()
            else:
                self.phase = "choose"
        elif isinstance(action, Play):
            self.hands[self.holder()].remove(action.card)
            self.scores[self.holder()] += self.die + action.card
            if sum(self.deck.values()):
                self.phase = "draw"
            else:
                self._next_turn()
        else:
            self.scores[self.holder()] += self.die
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        self.die = 0
        self.phase = "over" if self.turn >= self.turns else "roll"

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.game = self.game
        other.history = list(self.history)
        other._legal = self._legal
        other.deck = dict(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.scores = list(self.scores)
        other.turn = self.turn
        other.phase = self.phase
        other.die = self.die
        other.ids = self.ids
        return other

    def result(self) -> Result:
        keys = [(self.scores[s], sum(self.hands[s])) for s in range(2)]
        ranking = ranking_from_keys(keys)
        if keys[0][0] != keys[1][0]:
            reason = "points"
        elif keys[0] != keys[1]:
            reason = "tiebreak: hand"
        else:
            reason = "draw"
        return Result(ranking, [float(s) for s in self.scores], reason, {"turns": self.turn})

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn + 1,
            "phase": self.phase,
            "die": self.die,
            "scores": list(self.scores),
            "deck": sum(self.deck.values()),
            "hand": sorted(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": {str(k): v for k, v in self.deck.items()},
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "turn": self.turn,
            "phase": self.phase,
            "die": self.die,
            "history": list(self.history),
        }
