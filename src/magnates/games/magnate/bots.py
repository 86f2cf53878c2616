"""Magnate's heuristic player: `greedy`.

It reads only its view. Each decision scores the legal actions with a few
rules of thumb a human player uses:
- develop the card that does most for district control, spending the suits
  it holds most of (those are the ones taxation would take);
- buy deeds on high cards it cannot yet afford, for the income and the claim;
- trade 3:1 only when that completes a purchase this turn;
- once its card is played, park spare tokens on deeds, out of the taxman's reach;
- sell the card with the least future use.

How much each rule weighs is data (`Thumbs`). `GREEDY` are the published greedy's numbers (the
`greedy` bot, and the rollout policy of every search level); `SHARP` are the same rules with
numbers tuned by self-play against `GREEDY` (`benchmarks/greedy_tuning.py`), offered to plan
checks as the `check_action` hook (`expert` with `check_policy="check_action"`; not its default,
docs/studies/magnate-expert.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
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


@dataclass(frozen=True)
class Thumbs:
    """The weights of greedy's rules of thumb (in the units of one decision's scores)."""

    token_value: float = 0.35
    """What a token is worth: a sale's gain per token, and the value of expected income."""
    district_weight: float = 10.0
    """What winning a district is worth, times the change a development makes to holding it."""
    control_spread: float = 2.5
    """Rank points over which a district's lead turns from unsure to safe (a logistic's scale)."""
    rank_weight: float = 0.05
    """What one rank point developed is worth besides control (the total-rank tiebreak)."""
    income_cap: float = 3.0
    """The most a card's expected income counts for."""
    tax_weight: float = 0.02
    """The cost of each spare token of a suit left after developing (what taxation may take)."""
    deed_min_rank: int = 5
    """Deeds are bought on cards of at least this rank."""
    deed_court_turns: float = 12.0
    """Deeds on Courts are bought only with at least this many turns left."""
    deed_share: float = 0.55
    """A deed's worth as a share of developing the card outright."""
    deed_cost: float = 0.8
    """What tying up a deed's lane and tokens costs."""
    deed_income_share: float = 0.5
    """The share of a deed's expected income that counts."""
    improve_value: float = 0.5
    """Parking a token on an open deed once the card is played (1 more when it completes it)."""
    keep_early: float = 0.6
    """Keeping a card that fits somewhere: its best development's worth times this, early..."""
    keep_late: float = 0.2
    """...and times this with few turns left..."""
    keep_late_turns: float = 4.0
    """...which is this many turns or fewer."""
    keep_cost: float = 0.05
    """Less this much per token of the card's cost."""
    trade_margin: float = 1.0
    """A 3:1 trade is made only when the development it enables beats the best move by this."""


GREEDY = Thumbs()
"""The published `greedy`."""
SHARP = Thumbs(token_value=0.525, district_weight=5.0, deed_min_rank=6, deed_share=0.275, deed_cost=1.2, keep_early=0.3)
"""Tuned by self-play against `GREEDY` (`benchmarks/greedy_tuning.py`); see docs/studies/magnate-expert.md."""


def produce_chance(rank: int) -> float:
    """Chance that the higher of 2d10 shows `rank` (a pair of 1s for Aces)."""
    return 0.01 if rank == 1 else (2 * rank - 1) / 100


def affordable(tokens: list[int], suits: tuple[int, ...], cost: int) -> bool:
    """Can `tokens` pay `cost` in these suits with at least one of each (every way is allowed)?"""
    return all(tokens[s] >= 1 for s in suits) and sum(tokens[s] for s in suits) >= cost


def control(margin: float, spread: float = GREEDY.control_spread) -> float:
    """How sure a lead of `margin` rank points is to hold a district (0..1)."""
    return 1.0 / (1.0 + math.exp(-margin / spread))


class GreedyBot:
    name = "greedy"

    def __init__(self, thumbs: Thumbs = GREEDY) -> None:
        self.thumbs = thumbs

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
        t = self.thumbs
        seat, tokens, turns_left, board = seen.seat, seen.tokens, seen.turns_left, seen.board
        best, best_score = -1, -math.inf
        plays_left = seen.plays_left
        develop = self._developments(g, board, seat, turns_left)
        trades = []
        for action in legal:
            op, a, b, c = decode[action]
            if op == S.OP_DEVELOP:
                score = develop(a, b)
                payment = deck.payments[a][c]
                after = tokens[:]
                for suit, n in zip(deck.cards[a].suits, payment, strict=True):
                    after[suit] -= n
                score -= t.tax_weight * sum(max(0, n - 1) for n in after)  # leave little for the taxman
            elif op == S.OP_DEED:
                rank = deck.score_rank[a]
                if rank < t.deed_min_rank or (deck.cards[a].kind is Kind.COURT and turns_left < t.deed_court_turns):
                    continue
                score = t.deed_share * develop(a, b) - t.deed_cost
                score += produce_chance(deck.income_rank[a]) * turns_left * 2 * t.token_value * t.deed_income_share
            elif op == S.OP_SELL:
                score = len(deck.sale[a]) * t.token_value - self._keep_value(g, board, seat, a, turns_left, develop)
            elif op == S.OP_IMPROVE:
                if plays_left > 0:
                    continue
                remaining = deck.develop_cost[board.deeds[a][seat]] - board.paid[a][seat]
                if tokens[b] < 2 and remaining > 1:
                    continue
                score = t.improve_value + (1.0 if remaining == 1 else 0.0)
            elif op == S.OP_TRADE:
                trades.append(action)
                continue
            else:  # end turn
                score = 0.0
            if score > best_score:
                best, best_score = action, score
        if plays_left > 0 and trades:
            enabling = self._enabling_trade(g, seen.hand, board, seat, tokens, trades, develop)
            if enabling is not None and enabling[1] > best_score + t.trade_margin:
                return enabling[0]
        if best < 0:
            return legal[-1]
        return best

    def _developments(self, g: MagnateGame, board: Board, seat: int, turns_left: float) -> Callable[[int, int], float]:
        """`_develop_value` of (card, district) for one decision, each pair worked out once (a card's
        ways to pay, its deed and its sale all ask for the same developments)."""
        memo: dict[tuple[int, int], float] = {}

        def value(card: int, district: int) -> float:
            key = (card, district)
            worth = memo.get(key)
            if worth is None:
                worth = memo[key] = self._develop_value(g, board, seat, card, district, turns_left)
            return worth

        return value

    def _develop_value(
        self, g: MagnateGame, board: Board, seat: int, card: int, district: int, turns_left: float
    ) -> float:
        deck = g.deck
        t = self.thumbs
        row = board.values[district]
        mine = row[seat]
        rivals = [row[s] for s in g.districts[district].contested_by if s != seat]
        rival = max(rivals) if rivals else 0
        add = deck.score_rank[card]
        if deck.cards[card].kind is Kind.ACE and g.config.aces == "official":
            add = 1 + sum(1 for other in board.lanes[district][seat] if deck.mask[other] & deck.mask[card])
        swing = control(mine + add - rival, t.control_spread) - control(mine - rival, t.control_spread)
        income = produce_chance(deck.income_rank[card]) * len(deck.cards[card].suits) * turns_left * t.token_value
        if deck.cards[card].kind is Kind.ACE:
            income = 0.0
        return t.district_weight * swing + t.rank_weight * add + min(income, t.income_cap)

    def _keep_value(
        self,
        g: MagnateGame,
        board: Board,
        seat: int,
        card: int,
        turns_left: float,
        develop: Callable[[int, int], float],
    ) -> float:
        """What a card in hand is worth keeping: its best future development, if it fits anywhere."""
        t = self.thumbs
        best = 0.0
        for d in g.side_districts[seat]:
            lane = board.lanes[d][seat]
            mask = g.deck.mask[lane[-1]] if lane else g.first_masks[d]
            if mask & g.deck.mask[card]:
                best = max(best, develop(card, d))
        cost = g.deck.develop_cost[card]
        return best * (t.keep_early if turns_left > t.keep_late_turns else t.keep_late) - t.keep_cost * cost

    def _enabling_trade(
        self,
        g: MagnateGame,
        hand: list[int],
        board: Board,
        seat: int,
        tokens: list[int],
        trades: list[int],
        develop: Callable[[int, int], float],
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
                    values = [develop(card, d) for d in fits]
                    worth[card] = max(values) - 2 * self.thumbs.token_value if values else None
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
        g = state.magnate
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
        return cls(state.magnate, state.lanes, state.deed_card, deed_paid=state.deed_paid)

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
