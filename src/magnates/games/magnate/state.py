"""A position of Magnate and the steps of a turn: roll, (tax), collect, play, draw.

The state is mutable and copied by `clone()`. Rules modules (income, placement,
deeds, scoring) hold the rules text; flow.py holds the phases and which may
follow which; this module holds the steps that move between them and the
bookkeeping. Views and JSON are written by view.py, which also builds states
from JSON and so imports this module: the state reaches it through its game.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any, cast

from magnates.core.chance import uniform
from magnates.core.errors import InvariantError
from magnates.core.game import Result, State
from magnates.core.native import mypyc_attr
from magnates.games.magnate import deeds, income, placement, scoring
from magnates.games.magnate import space as S
from magnates.games.magnate.explain import explain
from magnates.games.magnate.flow import (
    AUTOMA,
    DECIDES,
    DEED_OWNER,
    DRAW,
    INCOME,
    MAIN,
    OVER,
    ROLL,
    SETUP_CROWNS,
    SETUP_HANDS,
    TAX,
    TURN_PLAYER,
)
from magnates.games.magnate.flow import PHASE_NAMES as PHASE_NAMES  # read by view.py and observation.py

if TYPE_CHECKING:
    from magnates.games.magnate.cards import Deck
    from magnates.games.magnate.districts import District
    from magnates.games.magnate.game import MagnateGame
    from magnates.games.magnate.options import Config
    from magnates.games.magnate.space import Space


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: Python code constructing it runs __init__ (see State)
class MagnateState(State):
    def __init__(self, game: MagnateGame, *, empty: bool = False) -> None:
        self.game = game
        self.config: Config = game.config
        self.deck: Deck = game.deck
        self.districts: tuple[District, ...] = game.districts
        self.space: Space = game.space
        self.first_masks: tuple[int, ...] = game.first_masks
        self.side_districts: tuple[tuple[int, ...], ...] = game.side_districts
        self.history = []
        self._legal = None
        if empty:  # clone() fills the rest
            return
        sides, n_districts = self.config.sides, len(self.districts)
        self.phase: int = SETUP_CROWNS
        self.turn_player: int = 0
        self.turn_number: int = 0
        self.hands: list[list[int]] = [[] for _ in range(sides)]
        self.pile: list[int] = list(range(len(self.deck)))
        self.discard: list[int] = []
        self.crowns_to_deal: list[int] = list(range(len(self.deck.crowns)))
        self.crowns: list[list[int]] = [[] for _ in range(sides)]
        self.tokens: list[list[int]] = [[0] * 6 for _ in range(sides)]
        self.lanes: list[list[list[int]]] = [[[] for _ in range(sides)] for _ in range(n_districts)]
        self.deed_card: list[list[int]] = [[-1] * sides for _ in range(n_districts)]
        self.deed_paid: list[list[list[int]]] = [[[0] * 6 for _ in range(sides)] for _ in range(n_districts)]
        self.deeded: set[int] = set()
        self.producers: list[list[list[int]]] = [[[] for _ in range(11)] for _ in range(sides)]
        self.dice: tuple[int, int] | None = None
        self.taxed: list[int] = []
        self.tax_dice_left: int = 0
        self.pending_income: list[tuple[int, int]] = []
        self.plays_left: int = 0
        self.draws_left: int = 0
        self.sold_card: int = -1
        self.exhaustions: int = 0
        self.final_turns_left: int = -1
        self.income: list[list[int]] = [[0] * len(income.SOURCES) for _ in range(sides)]
        self.taxed_away: list[list[int]] = [[0] * 6 for _ in range(sides)]

    # -- copying -------------------------------------------------------------------
    def clone(self) -> MagnateState:
        # Field by field (not through __dict__), so the class can also be compiled (scripts/build_compiled.sh);
        # tests/magnate/test_state.py checks that it copies every field the state has.
        other = MagnateState(self.magnate, empty=True)
        other._outcomes = self._outcomes
        other.history = self.history[:]
        other._legal = self._legal
        other.phase = self.phase
        other.turn_player = self.turn_player
        other.turn_number = self.turn_number
        other.dice = self.dice
        other.tax_dice_left = self.tax_dice_left
        other.plays_left = self.plays_left
        other.draws_left = self.draws_left
        other.sold_card = self.sold_card
        other.exhaustions = self.exhaustions
        other.final_turns_left = self.final_turns_left
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.discard = self.discard[:]
        other.crowns_to_deal = self.crowns_to_deal[:]
        other.crowns = [c[:] for c in self.crowns]
        other.tokens = [t[:] for t in self.tokens]
        other.lanes = [[lane[:] for lane in row] for row in self.lanes]
        other.deed_card = [row[:] for row in self.deed_card]
        other.deed_paid = [[p[:] for p in row] for row in self.deed_paid]
        other.deeded = set(self.deeded)
        other.producers = [[r[:] for r in side] for side in self.producers]
        other.taxed = self.taxed[:]
        other.pending_income = self.pending_income[:]
        other.income = [i[:] for i in self.income]
        other.taxed_away = [t[:] for t in self.taxed_away]
        return other

    @property
    def magnate(self) -> MagnateGame:
        """`game`, typed as the Magnate game it is (the engine's `State` types it as any game)."""
        return cast("MagnateGame", self.game)

    # -- whose decision ---------------------------------------------------------------
    def current_player(self) -> int:
        decides = DECIDES[self.phase]
        if decides == TURN_PLAYER:
            return self.turn_player
        if decides == DEED_OWNER:
            return self.pending_income[0][0]
        return decides  # CHANCE or TERMINAL

    def income_order(self) -> list[int]:
        """Sides that collect income, the turn holder first (the automa collects nothing)."""
        n = self.config.players
        return [(self.turn_player + k) % n for k in range(n)]

    def crown_mask(self, side: int) -> int:
        mask = 0
        for crown in self.crowns[side]:
            mask |= 1 << self.deck.crowns[crown].suits[0]
        return mask

    # -- chance ------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase, space = self.phase, self.space
        if phase == ROLL:
            return space.roll_outcomes
        if phase == TAX:
            return uniform(space.tax)
        if phase == SETUP_CROWNS:
            return uniform([space.deal_crown[c] for c in self.crowns_to_deal])
        draw = space.draw
        return uniform([draw[c] for c in self.pile])

    # -- decisions -----------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        space = self.space
        if self.phase == INCOME:
            _, card = self.pending_income[0]
            return [space.income[s] for s in self.deck.cards[card].suits]
        side = self.turn_player
        if self.phase == AUTOMA:
            options = placement.automa_districts(self, self.sold_card)
            return [space.automa_build[d] for d in options]
        return self._main_actions(side)

    def _main_actions(self, side: int) -> list[int]:
        space, deck = self.space, self.deck
        tokens = self.tokens[side]
        legal: list[int] = []
        for give in range(6):
            if tokens[give] >= 3:
                row = space.trade[give]
                legal.extend(row[get] for get in range(6) if get != give)
        for d in self.side_districts[side]:
            card = self.deed_card[d][side]
            if card >= 0:
                paid = self.deed_paid[d][side]
                for suit in deck.cards[card].suits:
                    if tokens[suit] and deeds.can_add(self, card, paid, suit):
                        legal.append(space.improve[d][suit])
        if self.plays_left <= 0:
            legal.append(space.end_turn)
            return legal
        places = [(d, placement.lane_mask(self, d, side)) for d in placement.open_districts(self, side)]
        develop, deed, sell = space.develop, space.deed, space.sell
        for card in self.hands[side]:
            mask = deck.mask[card]
            fitting = [d for d, lane in places if mask & lane]
            if fitting:
                can_deed = all(tokens[s] for s in deck.deed_cost[card])
                affordable = self._affordable(card, tokens)
                for d in fitting:
                    if can_deed:
                        legal.append(deed[card][d])
                    if affordable:
                        ids = develop[card][d]
                        legal.extend(ids[p] for p in affordable)
            legal.append(sell[card])
        return legal

    def _affordable(self, card: int, tokens: list[int]) -> range | list[int]:
        """Indices of the ways to develop `card` outright that `tokens` can pay.

        With two suits the ways are (k, cost-k) for k = 1..cost-1 in order, so
        the affordable ones are a range; one suit (Aces) is a single way.
        """
        deck = self.deck
        suits = deck.cards[card].suits
        cost = deck.develop_cost[card]
        if len(suits) == 2:
            low = max(1, cost - tokens[suits[1]])
            high = min(cost - 1, tokens[suits[0]])
            return range(low - 1, high)
        if len(suits) == 1:
            return [0] if tokens[suits[0]] >= cost else []
        if sum(tokens[s] for s in suits) < cost:  # a Court: ten tokens in its three suits
            return []
        return [
            p
            for p, pay in enumerate(deck.payments[card])
            if all(tokens[s] >= n for s, n in zip(suits, pay, strict=True))
        ]

    def seen_only_by(self, action_id: int) -> int | None:
        """The one seat that learns what `action_id`, about to be applied here, is, or None when
        every seat sees it. A drawn card goes to a hand and only its receiver sees it; every other
        action of Magnate (the Crowns dealt, the dice, the tax, each play, which names its card) is
        public. Call it before applying."""
        if self.space.decode[action_id][0] != S.OP_DRAW:
            return None
        return self._draw_receiver()

    def _draw_receiver(self) -> int:
        """The seat whose hand the next drawn card joins."""
        if self.phase == SETUP_HANDS:
            return sum(len(h) for h in self.hands) % self.config.players
        return self.turn_player

    def describe(self, action_id: int, viewer: int | None) -> str:
        """Log text; a card drawn by another player is not named."""
        op = self.space.decode[action_id][0]
        if op == S.OP_DRAW:
            receiver = self._draw_receiver()
            if viewer != receiver:
                return f"Player {receiver + 1} draws a card"
            return f"you draw {self.magnate.card_labels[self.space.decode[action_id][1]]}"
        if op == S.OP_DEAL_CROWN:
            dealt = len(self.deck.crowns) - len(self.crowns_to_deal)
            side = dealt % self.config.sides
            who = "the automa" if side >= self.config.players else f"Player {side + 1}"
            return f"{who} is dealt {self.magnate.crown_labels[self.space.decode[action_id][1]]}"
        if op == S.OP_AUTOMA_BUILD and self.sold_card >= 0:  # the sold card is public: name it
            district = self.districts[self.space.decode[action_id][1]].name
            return f"the automa builds {self.magnate.card_labels[self.sold_card]} at {district}"
        return self.game.action_to_string(action_id)

    def explain_illegal(self, action_id: int) -> str:
        return explain(self, action_id)

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        op, a, b, c = self.space.decode[action]
        if op == S.OP_DRAW:
            self._draw(a)
        elif op == S.OP_ROLL:
            self._roll(a, b)
        elif op == S.OP_TAX:
            self._tax(a)
        elif op == S.OP_INCOME:
            side, _ = self.pending_income.pop(0)
            self.tokens[side][a] += 1
            self.income[side][income.DEEDS] += 1
            if not self.pending_income:
                self.phase = MAIN
        elif op == S.OP_TRADE:
            tokens = self.tokens[self.turn_player]
            tokens[a] -= 3
            tokens[b] += 1
        elif op == S.OP_IMPROVE:
            self._improve(a, b)
        elif op == S.OP_DEVELOP:
            self._develop(a, b, c)
        elif op == S.OP_DEED:
            self._buy_deed(a, b)
        elif op == S.OP_SELL:
            self._sell(a)
        elif op == S.OP_END:
            self._end_turn()
        elif op == S.OP_AUTOMA_BUILD:
            self._place(self.sold_card, a, 1)
            self.sold_card = -1
            self.phase = MAIN
        elif op == S.OP_DEAL_CROWN:
            self._deal_crown(a)
        else:  # pragma: no cover - the decode table has no other op
            raise AssertionError(f"unknown op {op}")

    def _deal_crown(self, crown: int) -> None:
        """Crowns are dealt round the table; each player takes a token of each Crown's suit."""
        self.crowns_to_deal.remove(crown)
        dealt = len(self.deck.crowns) - len(self.crowns_to_deal) - 1
        side = dealt % self.config.sides
        self.crowns[side].append(crown)
        if side < self.config.players:  # the automa takes no tokens
            self.tokens[side][self.deck.crowns[crown].suits[0]] += 1
        if not self.crowns_to_deal:
            self.phase = SETUP_HANDS

    def _draw(self, card: int) -> None:
        self.pile.remove(card)
        if self.phase == SETUP_HANDS:
            dealt = sum(len(h) for h in self.hands)
            self.hands[dealt % self.config.players].append(card)
            if dealt + 1 == self.config.players * self.config.cards_dealt:
                self.turn_player = self.config.players - 1
                self._next_turn()  # Player 1 takes the first turn
            return
        self.hands[self.turn_player].append(card)
        self.draws_left -= 1
        if not self.pile:
            self._pile_exhausted()
        if self.draws_left <= 0:
            self._next_turn()

    def _pile_exhausted(self) -> None:
        """Earlier exhaustions reshuffle the discards; the ending one starts the final turns.

        An empty discard pile cannot be reshuffled, so it counts as the next exhaustion at once.
        """
        while not self.pile:
            self.exhaustions += 1
            if self.exhaustions >= self.config.ending_exhaustion:
                self.final_turns_left = self.config.players
                self.draws_left = 0
                return
            self.pile, self.discard = self.discard, []

    def _roll(self, high: int, low: int) -> None:
        self.dice = (high, low)
        if low == 1:
            self.tax_dice_left = self.config.tax_dice
            self.phase = TAX
        else:
            self._collect()

    def _tax(self, suit: int) -> None:
        self.taxed.append(suit)
        income.tax(self, suit)
        self.tax_dice_left -= 1
        if self.tax_dice_left <= 0:
            self._collect()

    def _collect(self) -> None:
        if self.dice is None:
            raise InvariantError("income is collected before the dice were rolled")
        income.collect(self, self.dice[0])
        self.phase = INCOME if self.pending_income else MAIN

    def _improve(self, district: int, suit: int) -> None:
        side = self.turn_player
        card = self.deed_card[district][side]
        paid = self.deed_paid[district][side]
        self.tokens[side][suit] -= 1
        paid[suit] += 1
        if deeds.is_complete(self, card, paid):
            self.deed_card[district][side] = -1
            self.deed_paid[district][side] = [0] * 6
            self.deeded.discard(card)

    def _develop(self, card: int, district: int, payment: int) -> None:
        side = self.turn_player
        tokens = self.tokens[side]
        for suit, n in zip(self.deck.cards[card].suits, self.deck.payments[card][payment], strict=True):
            tokens[suit] -= n
        self.hands[side].remove(card)
        self._place(card, district, side)
        self.plays_left -= 1

    def _buy_deed(self, card: int, district: int) -> None:
        side = self.turn_player
        for suit in self.deck.deed_cost[card]:
            self.tokens[side][suit] -= 1
        self.hands[side].remove(card)
        self._place(card, district, side)
        self.deed_card[district][side] = card
        self.deeded.add(card)
        self.plays_left -= 1

    def _place(self, card: int, district: int, side: int) -> None:
        self.lanes[district][side].append(card)
        if side < self.config.players:
            rank = self.deck.income_rank[card]
            if rank:
                # Kept sorted, not in building order: a state rebuilt from JSON (which does not
                # record that order) must ask its deeds' income choices in the same order.
                insort(self.producers[side][rank], card)

    def _sell(self, card: int) -> None:
        side = self.turn_player
        self.hands[side].remove(card)
        for suit in self.deck.sale[card]:
            self.tokens[side][suit] += 1
        self.income[side][income.SALES] += len(self.deck.sale[card])
        self.plays_left -= 1
        if self.config.solo and placement.automa_districts(self, card):
            self.sold_card = card
            self.phase = AUTOMA
        else:
            self.discard.append(card)

    def _end_turn(self) -> None:
        if self.final_turns_left >= 0:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.phase = OVER
                return
            self._next_turn()
            return
        self.draws_left = self.config.cards_dealt - len(self.hands[self.turn_player])
        if self.draws_left > 0 and self.pile:
            self.phase = DRAW
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn_player = (self.turn_player + 1) % self.config.players
        self.turn_number += 1
        self.phase = ROLL
        self.dice = None
        self.taxed = []
        self.plays_left = self.config.plays_per_turn

    # -- the end and information ---------------------------------------------------------
    def result(self) -> Result:
        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        return scoring.final_result(self)

    def returns(self) -> list[float]:
        if self.config.solo and self.phase == OVER:
            outcome = self.result().details["outcome"]
            return [{"win": 1.0, "draw": 0.0, "loss": -1.0}[outcome]]
        return super().returns()

    def view(self, player: int | None) -> dict[str, Any]:
        return self.magnate.view_of(self, player)

    def to_json(self) -> dict[str, Any]:
        return self.magnate.json_of(self)
