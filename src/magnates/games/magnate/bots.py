"""Magnate's heuristic player: `greedy`.

It reads only its view. Each decision scores the legal actions with a few
rules of thumb a human player uses:
- develop the card that does most for district control, spending the suits
  it holds most of (those are the ones taxation would take);
- buy deeds on high cards it cannot yet afford, for the income and the claim;
- trade 3:1 only when that completes a purchase this turn;
- once its card is played, park spare tokens on deeds, out of the taxman's reach;
- sell the card with the least future use.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from magnates.core.errors import InvariantError
from magnates.decktet import Kind
from magnates.games.magnate import space as S
from magnates.games.magnate.view import SUIT_NAMES

if TYPE_CHECKING:
    from magnates.core.game import Game
    from magnates.games.magnate.game import MagnateGame
    from magnates.games.magnate.state import MagnateState

TOKEN_VALUE = 0.35
DISTRICT_WEIGHT = 10.0


def produce_chance(rank: int) -> float:
    """Chance that the higher of 2d10 shows `rank` (a pair of 1s for Aces)."""
    return 0.01 if rank == 1 else (2 * rank - 1) / 100


def affordable(tokens: list[int], suits: tuple[int, ...], cost: int) -> bool:
    """Can `tokens` pay `cost` in these suits with at least one of each (every way is allowed)?"""
    return all(tokens[s] >= 1 for s in suits) and sum(tokens[s] for s in suits) >= cost


def control(margin: float) -> float:
    """How sure a lead of `margin` rank points is to hold a district (0..1)."""
    return 1.0 / (1.0 + math.exp(-margin / 2.5))


class GreedyBot:
    name = "greedy"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        g: MagnateGame = game  # type: ignore[assignment]
        return self.decide(g, Seen.from_view(g, view), legal)

    def decide(self, g: MagnateGame, seen: Seen, legal: list[int]) -> int:
        """The move for what the deciding seat sees (from its view, or read off a state in a rollout)."""
        decode = g.space.decode
        first = decode[legal[0]][0]
        tokens = seen.tokens
        if first == S.OP_INCOME:
            return min(legal, key=lambda a: (tokens[decode[a][1]], decode[a][1]))
        if first == S.OP_AUTOMA_BUILD:
            return self._automa(g, seen.board, legal)
        return self._main(g, seen, legal)

    # -- the main phase --------------------------------------------------------------
    def _main(self, g: MagnateGame, seen: Seen, legal: list[int]) -> int:
        decode = g.space.decode
        deck = g.deck
        seat, tokens, turns_left, board = seen.seat, seen.tokens, seen.turns_left, seen.board
        best, best_score = -1, -math.inf
        plays_left = seen.plays_left
        trades = []
        for action in legal:
            op, a, b, c = decode[action]
            if op == S.OP_DEVELOP:
                score = self._develop_value(g, board, seat, a, b, turns_left)
                payment = deck.payments[a][c]
                after = tokens[:]
                for suit, n in zip(deck.cards[a].suits, payment, strict=True):
                    after[suit] -= n
                score -= 0.02 * sum(max(0, t - 1) for t in after)  # leave little for the taxman
            elif op == S.OP_DEED:
                rank = deck.score_rank[a]
                if rank < 5 or (deck.cards[a].kind is Kind.COURT and turns_left < 12):
                    continue
                score = 0.55 * self._develop_value(g, board, seat, a, b, turns_left) - 0.8
                score += produce_chance(deck.income_rank[a]) * turns_left * 2 * TOKEN_VALUE * 0.5
            elif op == S.OP_SELL:
                score = len(deck.sale[a]) * TOKEN_VALUE - self._keep_value(g, board, seat, a, turns_left)
            elif op == S.OP_IMPROVE:
                if plays_left > 0:
                    continue
                remaining = deck.develop_cost[board.deeds[a][seat]] - board.paid[a][seat]
                if tokens[b] < 2 and remaining > 1:
                    continue
                score = 0.5 + (1.0 if remaining == 1 else 0.0)
            elif op == S.OP_TRADE:
                trades.append(action)
                continue
            else:  # end turn
                score = 0.0
            if score > best_score:
                best, best_score = action, score
        if plays_left > 0 and trades:
            enabling = self._enabling_trade(g, seen.hand, board, seat, tokens, trades, turns_left)
            if enabling is not None and enabling[1] > best_score + 1.0:
                return enabling[0]
        if best < 0:
            return legal[-1]
        return best

    def _develop_value(
        self, g: MagnateGame, board: Board, seat: int, card: int, district: int, turns_left: float
    ) -> float:
        deck = g.deck
        row = board.values[district]
        mine = row[seat]
        rivals = [row[s] for s in g.districts[district].contested_by if s != seat]
        rival = max(rivals) if rivals else 0
        add = deck.score_rank[card]
        if deck.cards[card].kind is Kind.ACE and g.config.aces == "official":
            add = 1 + sum(1 for other in board.lanes[district][seat] if deck.mask[other] & deck.mask[card])
        swing = control(mine + add - rival) - control(mine - rival)
        income = produce_chance(deck.income_rank[card]) * len(deck.cards[card].suits) * turns_left * TOKEN_VALUE
        if deck.cards[card].kind is Kind.ACE:
            income = 0.0
        return DISTRICT_WEIGHT * swing + 0.05 * add + min(income, 3.0)

    def _keep_value(self, g: MagnateGame, board: Board, seat: int, card: int, turns_left: float) -> float:
        """What a card in hand is worth keeping: its best future development, if it fits anywhere."""
        best = 0.0
        for d in g.side_districts[seat]:
            lane = board.lanes[d][seat]
            mask = g.deck.mask[lane[-1]] if lane else g.first_masks[d]
            if mask & g.deck.mask[card]:
                best = max(best, self._develop_value(g, board, seat, card, d, turns_left))
        cost = g.deck.develop_cost[card]
        return best * (0.6 if turns_left > 4 else 0.2) - 0.05 * cost

    def _enabling_trade(
        self,
        g: MagnateGame,
        hand: list[int],
        board: Board,
        seat: int,
        tokens: list[int],
        trades: list[int],
        turns_left: float,
    ) -> tuple[int, float] | None:
        """The trade that lets us develop the most valuable card this turn."""
        deck = g.deck
        worth: dict[int, float | None] = {}  # a card's best development, wherever it fits (None: nowhere)
        best: tuple[int, float] | None = None
        for action in trades:
            _, give, get, _ = g.space.decode[action]
            after = tokens[:]
            after[give] -= 3
            after[get] += 1
            for card in hand:
                suits = deck.cards[card].suits
                if get not in suits or not affordable(after, suits, deck.develop_cost[card]):
                    continue
                if card not in worth:
                    fits = [d for d in g.side_districts[seat] if board.fits(card, d, seat)]
                    values = [self._develop_value(g, board, seat, card, d, turns_left) for d in fits]
                    worth[card] = max(values) - 2 * TOKEN_VALUE if values else None
                value = worth[card]
                if value is not None and (best is None or value > best[1]):
                    best = (action, value)
        return best

    def _automa(self, g: MagnateGame, board: Board, legal: list[int]) -> int:
        """Dump the automa's cards where it already leads most (write that district off)."""
        values = board.values
        return max(legal, key=lambda a: values[g.space.decode[a][1]][1] - values[g.space.decode[a][1]][0])


@dataclass
class Seen:
    """What `greedy` reads: its seat, tokens, hand, card plays left, turns left and the board."""

    seat: int
    tokens: list[int]
    hand: list[int]
    plays_left: int
    turns_left: float
    board: Board

    @classmethod
    def from_view(cls, g: MagnateGame, view: Mapping[str, Any]) -> Seen:
        seat = view["seat"]
        side = view["sides"][seat]
        final = view["final_turns_left"] is not None
        return cls(
            seat,
            [side["tokens"][s] for s in SUIT_NAMES],
            [g.card_index[c] for c in side["hand"]],
            view["plays_left"],
            _turns_left(g, final, view["draw_pile"], len(view["discard"]), view["exhaustions"]),
            Board.from_view(g, view),
        )

    @classmethod
    def from_state(cls, state: MagnateState) -> Seen:
        """The same as `from_view(state.view(seat))` for the deciding seat, read off the state (no
        hidden part is read: only that seat's hand and what is public)."""
        g = state.game
        seat = state.current_player()
        final = state.final_turns_left >= 0
        return cls(
            seat,
            state.tokens[seat][:],
            state.hands[seat][:],
            state.plays_left,
            _turns_left(g, final, len(state.pile), len(state.discard), state.exhaustions),
            Board.from_state(state),
        )


class Board:
    """The public board: lanes as card ids, open deeds and their tokens, district values.

    The values (and, from a state, the tokens paid on deeds) are worked out when first read: many
    decisions (income, deed payments, ending the turn) read neither, and in a rollout a `Board` is
    built for every decision."""

    def __init__(
        self,
        g: MagnateGame,
        lanes: list[list[list[int]]],
        deeds: list[list[int]],
        paid: list[list[int]] | None = None,
        deed_paid: list[list[list[int]]] | None = None,
    ) -> None:
        self.g = g
        self.lanes = lanes
        self.deeds = deeds
        self._paid = paid
        self._deed_paid = deed_paid  # a state's tokens per suit on each deed, summed when first read
        self._values: list[list[int]] | None = None

    @property
    def paid(self) -> list[list[int]]:
        """Tokens on each open deed, per district and side (0 where there is none)."""
        if self._paid is None:
            if self._deed_paid is None:
                raise InvariantError("a board needs the tokens paid on its deeds, summed or per suit")
            paid = [[sum(p) for p in row] for row in self._deed_paid]
            for row, deeds_here in zip(paid, self.deeds, strict=True):
                for side, deed in enumerate(deeds_here):
                    if deed < 0:
                        row[side] = 0
            self._paid = paid
        return self._paid

    @property
    def values(self) -> list[list[int]]:
        """Each district's developed rank total per side (the open deed does not count)."""
        if self._values is None:
            deck = self.g.deck
            official = self.g.config.aces == "official"
            self._values = []
            for lanes_here, deeds_here in zip(self.lanes, self.deeds, strict=True):
                values = []
                for ids, deed in zip(lanes_here, deeds_here, strict=True):
                    built = [c for c in ids if c != deed]
                    total = 0
                    for card in built:
                        if official and deck.cards[card].kind is Kind.ACE:
                            total += sum(1 for other in built if deck.mask[other] & deck.mask[card])
                        else:
                            total += deck.score_rank[card]
                    values.append(total)
                self._values.append(values)
        return self._values

    @classmethod
    def from_view(cls, g: MagnateGame, view: Mapping[str, Any]) -> Board:
        lanes, deeds, paid = [], [], []
        for district in view["districts"]:
            lanes_here, deeds_here, paid_here = [], [], []
            for lane in district["lanes"]:
                ids = [g.card_index[e["card"]] for e in lane]
                deed = ids[-1] if lane and lane[-1]["deed"] else -1
                lanes_here.append(ids)
                deeds_here.append(deed)
                paid_here.append(sum(lane[-1]["paid"].values()) if deed >= 0 else 0)
            lanes.append(lanes_here)
            deeds.append(deeds_here)
            paid.append(paid_here)
        return cls(g, lanes, deeds, paid)

    @classmethod
    def from_state(cls, state: MagnateState) -> Board:
        return cls(state.game, state.lanes, state.deed_card, deed_paid=state.deed_paid)

    def fits(self, card: int, district: int, side: int) -> bool:
        """May `side` place `card` in `district` now (open deed and suit rules)?"""
        if self.deeds[district][side] >= 0:
            return False
        lane = self.lanes[district][side]
        mask = self.g.deck.mask[lane[-1]] if lane else self.g.first_masks[district]
        return bool(mask & self.g.deck.mask[card])


def _turns_left(g: MagnateGame, final: bool, pile: int, discard: int, exhaustions: int) -> float:
    """A rough count of this player's turns still to come."""
    if final:
        return 1.0
    cards: float = pile
    reshuffles_left = g.config.ending_exhaustion - 1 - exhaustions
    if reshuffles_left > 0:
        cards += discard + 0.5 * len(g.deck) * reshuffles_left
    return cards / (g.config.plays_per_turn * g.config.players) + 1
