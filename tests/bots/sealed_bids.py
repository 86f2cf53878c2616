"""Sealed Bids: a small hidden-information game with dice and card draws, for testing search bots.

It exists so the search bots can be developed and tested without any real game. It has every
feature the real games have that a search bot must handle: hidden hands, hidden card draws
(chance outcomes only the drawer sees), public dice, a rotating decider and two or three seats.

Rules. A deck holds three copies of each card 1..8. Each seat is dealt `hand` cards. Each round a
die is rolled: its face is the prize, added to a pot. Starting with the round's leader, each seat
bids one card from its hand, face up. The single highest bid takes the pot; if the highest bid is
tied, the pot carries over to the next round. Each seat then draws a card while the deck lasts.
After `rounds` rounds the highest score wins (equal scores share the place).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from magnates.core.actions import Action
from magnates.core.chance import counted, uniform
from magnates.core.errors import RecordError
from magnates.core.game import CHANCE, TERMINAL, Game, Result, State, ranking_from_keys, require
from magnates.core.options import Option

VALUES = range(1, 9)
COPIES = 3
FACES = range(1, 7)


@dataclass(frozen=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"
    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    is_dice: ClassVar[bool] = True
    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


DRAW = {v: i for i, v in enumerate(VALUES)}
ROLL = {f: len(DRAW) + i for i, f in enumerate(FACES)}
BID = {v: len(DRAW) + len(ROLL) + i for i, v in enumerate(VALUES)}
CARD_OF = {**{a: v for v, a in DRAW.items()}, **{a: v for v, a in BID.items()}}
FACE_OF = {a: f for f, a in ROLL.items()}


class SealedBidsGame(Game):
    name = "sealed-bids"
    title = "Sealed Bids (test game)"
    options_declared = (
        Option("players", 2, (2, 3)),
        Option("rounds", 6, tuple(range(1, 13))),
        Option("hand", 3, (1, 2, 3, 4)),
    )

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def build_action_space(self) -> list[Action]:
        return [*(Draw(v) for v in VALUES), *(Roll(f) for f in FACES), *(Bid(v) for v in VALUES)]

    def new_initial_state(self) -> SealedBidsState:
        return SealedBidsState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> SealedBidsState:
        try:
            state = SealedBidsState(self)
            state.deck = {int(k): int(n) for k, n in data["deck"].items()}
            state.hands = [sorted(int(c) for c in h) for h in data["hands"]]
            state.scores = [int(s) for s in data["scores"]]
            state.bids = {int(k): int(v) for k, v in data["bids"].items()}
            state.discards = [int(c) for c in data["discards"]]
            state.round, state.pot = int(data["round"]), int(data["pot"])
            state.phase, state.actor = str(data["phase"]), int(data["actor"])
            state.history = [int(a) for a in data.get("history", [])]
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise RecordError(f"broken sealed-bids state: {err}") from None
        require(len(state.hands) == self.num_players, "one hand per seat")
        require(state.phase in ("deal", "roll", "bid", "draw", "over"), f"unknown phase {state.phase!r}")
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> SealedBidsState:
        """Deal the unseen cards at random into the other hands; the rest is the deck."""
        seat = view["seat"]
        state = SealedBidsState(self)
        state.round, state.pot, state.phase, state.actor = view["round"], view["pot"], view["phase"], view["actor"]
        state.scores = list(view["scores"])
        state.bids = {int(k): v for k, v in view["bids"].items()}
        state.discards = list(view["discards"])
        unseen = [v for v in VALUES for _ in range(COPIES)]
        for card in [*state.discards, *state.bids.values(), *(view["hand"] if seat is not None else [])]:
            unseen.remove(card)
        rng.shuffle(unseen)
        for other, size in enumerate(view["hand_sizes"]):
            if other == seat:
                state.hands[other] = sorted(view["hand"])
            else:
                state.hands[other] = sorted(unseen[:size])
                del unseen[:size]
        state.deck = {v: unseen.count(v) for v in VALUES}
        return state

    def bot_factories(self) -> dict[str, Any]:
        return {"greedy": lambda game: GreedyBidder()}

    def heuristic(self, state: SealedBidsState, seat: int) -> float:
        """Score lead plus a little for strong cards still in hand, squashed into [-1, 1]."""
        mine = state.scores[seat] + 0.3 * sum(state.hands[seat])
        best_other = max(state.scores[o] + 0.3 * sum(state.hands[o]) for o in range(self.num_players) if o != seat)
        lead = mine - best_other
        return max(-1.0, min(1.0, lead / 12.0))


class SealedBidsState(State):
    game: SealedBidsGame

    def __init__(self, game: SealedBidsGame) -> None:
        self.game = game
        self.history = []
        self._legal = None
        n = game.num_players
        self.deck: dict[int, int] = {v: COPIES for v in VALUES}
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.scores: list[int] = [0] * n
        self.bids: dict[int, int] = {}
        self.discards: list[int] = []
        self.round = 0
        self.pot = 0
        self.phase = "deal"
        self.actor = 0  # the seat being dealt to, drawing, or bidding

    def clone(self) -> SealedBidsState:
        other = SealedBidsState.__new__(SealedBidsState)
        other.game = self.game
        other.history = list(self.history)
        other._legal = None
        other.deck = dict(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.scores = list(self.scores)
        other.bids = dict(self.bids)
        other.discards = list(self.discards)
        other.round, other.pot, other.phase, other.actor = self.round, self.pot, self.phase, self.actor
        return other

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "bid":
            return self.actor
        return CHANCE

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == "roll":
            return uniform([ROLL[f] for f in FACES])
        return counted({DRAW[v]: n for v, n in self.deck.items()})

    def _legal_actions(self) -> list[int]:
        return [BID[v] for v in sorted(set(self.hands[self.actor]))]

    def _apply(self, action: int) -> None:
        n = self.game.num_players
        if self.phase in ("deal", "draw"):
            card = CARD_OF[action]
            self.deck[card] -= 1
            self.hands[self.actor].append(card)
            self.hands[self.actor].sort()
            self._after_draw()
        elif self.phase == "roll":
            self.pot += FACE_OF[action]
            self.phase, self.actor = "bid", self.round % n
        else:
            card = CARD_OF[action]
            self.hands[self.actor].remove(card)
            self.bids[self.actor] = card
            if len(self.bids) < n:
                self.actor = (self.actor + 1) % n
            else:
                self._settle()

    def _after_draw(self) -> None:
        n = self.game.num_players
        if self.phase == "deal":
            if all(len(h) == self.game.options["hand"] for h in self.hands):
                self.phase = "roll"
            else:
                self.actor = (self.actor + 1) % n
            return
        self.actor += 1
        if self.actor == n or not any(self.deck.values()):
            self._next_round()

    def _settle(self) -> None:
        top = max(self.bids.values())
        winners = [seat for seat, card in self.bids.items() if card == top]
        if len(winners) == 1:
            self.scores[winners[0]] += self.pot
            self.pot = 0
        self.discards.extend(self.bids.values())
        self.bids = {}
        if any(self.deck.values()):
            self.phase, self.actor = "draw", 0
        else:
            self._next_round()

    def _next_round(self) -> None:
        self.round += 1
        empty = any(not h for h in self.hands)
        self.phase = "over" if self.round >= self.game.options["rounds"] or empty else "roll"

    def result(self) -> Result:
        return Result(ranking_from_keys(self.scores), [float(s) for s in self.scores], "score")

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "seat": player,
            "round": self.round,
            "pot": self.pot,
            "phase": self.phase,
            "actor": self.actor,
            "scores": list(self.scores),
            "bids": {str(k): v for k, v in self.bids.items()},
            "discards": list(self.discards),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": sum(self.deck.values()),
            "hand": list(self.hands[player]) if player is not None else None,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": {str(k): n for k, n in self.deck.items()},
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "bids": {str(k): v for k, v in self.bids.items()},
            "discards": list(self.discards),
            "round": self.round,
            "pot": self.pot,
            "phase": self.phase,
            "actor": self.actor,
            "history": list(self.history),
        }


class GreedyBidder:
    """Bid the highest card for a big pot, the lowest otherwise: the baseline search must beat."""

    name = "greedy"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        cards = sorted(CARD_OF[a] for a in legal)
        return BID[cards[-1]] if view["pot"] >= 4 else BID[cards[0]]
