"""The greedy Galactic Magnate bot: values properties by the sets they build or block.

It reads only its view. It always starts auctions (the middleman's 20% makes
that pay), bids up to a valuation capped by a cash budget, upgrades complete
monopolies while keeping a reserve, tries to buy the missing piece of a set
(building the offer step by step: ask for the piece, put in spare properties of
its own when cash alone would cost too much, add the cash that would persuade an
owner who judges as it does, propose), accepts trades worth more to it than they
cost, and never resigns.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from magnates.core.game import Game
from magnates.games.galactic_magnate.board import (
    EXTRACTOR,
    GROUP_OF,
    GROUPS,
    KIND,
    MONOPOLY,
    PROPERTIES,
    TABLES,
    UTILITIES,
    UTILITY,
    Tables,
)

RESERVE = 150
"""Cash the bot keeps back to pay fees without falling into debt."""
COMPLETION_PENALTY = 1.5
"""Times their price: what giving away the last pieces of an opponent's set costs on top of their value."""
SPARE = 1.3
"""A property worth at most this many times its price to the bot (it neither builds nor blocks a set
with it) may go into an offer, to make it acceptable for less cash."""
MAX_SWEETENERS = 2
"""Spare properties put into one offer, at most."""


def value(owner: list[int], me: int, loc: int, t: Tables = TABLES) -> float:
    """What a property is worth to `me` given who owns the rest of its set (at the prices of `t`)."""
    price = t.price[loc]
    kind = KIND[loc]
    if kind == MONOPOLY:
        others = [x for x in GROUPS[GROUP_OF[loc]].locations if x != loc]
        holders = {owner[x] for x in others}
        if holders == {me}:
            return price * 3.0
        if me in holders:
            return price * 1.7
        if len(holders) == 1 and -1 not in holders:
            return price * 1.8  # blocks an opponent's set
        return price * 1.2
    if kind == UTILITY:
        count = sum(1 for x in UTILITIES if owner[x] == me)
        return price * (1.1 + 0.3 * count)
    if kind == EXTRACTOR:
        return price * 1.3
    return 0.0


def completes_set(owner: list[int], seat: int, gained: tuple[int, ...] | list[int]) -> bool:
    """Would `seat` own a whole monopoly after receiving `gained`?"""
    after = list(owner)
    for loc in gained:
        after[loc] = seat
    for loc in gained:
        group = GROUP_OF[loc]
        if group >= 0 and all(after[x] == seat for x in GROUPS[group].locations):
            return True
    return False


def completion_gain(owner: list[int], me: int, loc: int, t: Tables = TABLES) -> float:
    """What owning `loc` adds to `me` as this bot values it: the piece, and what its set's other pieces gain."""
    after = list(owner)
    after[loc] = me
    gain = value(after, me, loc, t)
    for x in GROUPS[GROUP_OF[loc]].locations:
        if x != loc and owner[x] == me:
            gain += value(after, me, x, t) - value(owner, me, x, t)
    return gain


def purchase_offer(
    owner: list[int], me: int, partner: int, loc: int, budget: int, t: Tables = TABLES
) -> tuple[int, tuple[int, ...]]:
    """Cash and spare properties of `me` for the partner's `loc`: the cheapest he would take, judging as this bot does.

    Tried with cash alone, then adding one by one the spare properties worth most to the partner over
    what they are worth to `me` (at most `MAX_SWEETENERS`, never one that completes a set of his):
    the first that needs no more cash than `budget` and costs `me` less than the piece adds to `me`
    is it. Otherwise twice the piece's price in cash, within the budget, for a partner who may want
    less. Money is a multiple of 10, the smallest step of an offer.
    """
    price = t.price
    loss = value(owner, partner, loc, t) + COMPLETION_PENALTY * price[loc]
    worth = completion_gain(owner, me, loc, t)
    spare = sorted(
        (
            (value(owner, partner, x, t) - value(owner, me, x, t), x)
            for x in PROPERTIES
            if owner[x] == me and value(owner, me, x, t) <= SPARE * price[x] and not completes_set(owner, partner, (x,))
        ),
        reverse=True,
    )
    chosen: list[int] = []
    gain = cost = 0.0
    for extra in range(min(MAX_SWEETENERS, len(spare)) + 1):
        if extra:
            x = spare[extra - 1][1]
            chosen.append(x)
            gain += value(owner, partner, x, t)
            cost += value(owner, me, x, t)
        cash = max(0, (math.floor(loss - gain) // 10 + 1) * 10)  # the partner needs gain + cash > loss
        if cash <= budget and cash + cost < worth:
            return cash, tuple(sorted(chosen))
    return min(2 * price[loc], budget), ()


class GreedyBot:
    name = "greedy"

    def __init__(self) -> None:
        self._auction: tuple[int, int] = (-1, -1)
        self._factors: dict[int, float] = {}
        """One factor per seat, so that one instance may also play every seat."""
        self.t: Tables = TABLES
        """The tables of the game being played (a design's prices, fees and upgrade costs), set by `choose`."""

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        ids = game.ids  # type: ignore[attr-defined]
        self.t = getattr(game, "tables", TABLES)
        phase = view["phase_name"]
        me = view["seat"]
        if phase == "characters":
            return legal[rng.randrange(len(legal))]
        if phase == "buy":
            return ids.start_auction if ids.start_auction in legal else legal[0]
        if phase == "event-choice":
            return self._event(view, me, legal, ids)
        if phase == "auction":
            return self._bid(view, me, legal, ids, rng)
        if phase == "roll":
            return self._turn(view, me, legal, ids)
        if phase == "offer":
            return self._offer(view, me, legal, ids)
        return legal[0]

    # -- auctions ---------------------------------------------------------------------
    def _taste(self, loc: int, turn: int, me: int, rng: random.Random) -> float:
        """A personal factor in 0.85..1.15, fixed for one auction, drawn from the bot's own stream.

        Without it equal valuations tie, and a tie always goes to the same seat
        relative to the middleman, which showed up as a bias by playing position.
        """
        key = (loc, turn)
        if self._auction != key:
            self._auction = key
            self._factors = {}
        if me not in self._factors:
            self._factors[me] = rng.uniform(0.85, 1.15)
        return self._factors[me]

    def _bid(self, view: Mapping[str, Any], me: int, legal: list[int], ids: Any, rng: random.Random) -> int:
        loc = view["a_loc"]
        budget = view["cash"][me] + view["credit"][me] // 2 - RESERVE
        limit = min(value(view["owner"], me, loc, self.t) * self._taste(loc, view["turns"], me, rng), budget)
        if ids.opening_bid in legal:
            return ids.opening_bid if limit >= self.t.player_auction_opening else ids.pass_
        bid = view["a_bid"]
        room = limit - bid
        best = None
        for amount in sorted(ids.raise_id, reverse=True):
            action = ids.raise_id[amount]
            if action in legal and amount <= room and (amount == 10 or amount * 3 <= room):
                best = action
                break
        return best if best is not None else ids.pass_

    # -- Fortune events with a choice -------------------------------------------------
    def _event(self, view: Mapping[str, Any], me: int, legal: list[int], ids: Any) -> int:
        key = view["event_key"]
        if ids.take_event not in legal:
            return ids.refuse_event
        owner = view["owner"]
        earns = any(view["level"][g] > 0 and owner[GROUPS[g].locations[0]] == me for g in range(len(GROUPS)))
        if key == "smuggler" and not earns:
            return ids.take_event
        if key == "sabotage":
            rows = zip(view["cash"], view["credit"], view["alive"], strict=True)
            worth = [c + k if alive else -(10**9) for c, k, alive in rows]
            if worth[me] == max(worth) and view["cash"][me] > 600:
                return ids.take_event
        return ids.refuse_event

    # -- the turn holder before a roll ----------------------------------------------
    def _turn(self, view: Mapping[str, Any], me: int, legal: list[int], ids: Any) -> int:
        legal_set = set(legal)
        owner = view["owner"]
        cash = view["cash"][me]
        for offer in view["offers"]:
            if offer["to"] != me:
                continue
            accept = ids.accept[offer["from"]]
            if accept in legal_set and self._good_trade(view, me, offer):
                return accept
            reject = ids.reject[offer["from"]]
            if reject in legal_set:
                return reject
        upgrades = [g for g in range(len(GROUPS)) if ids.upgrade[g] in legal_set]
        if upgrades:
            groups = self.t.groups
            best = max(upgrades, key=lambda g: groups[g].fees[min(view["level"][g], 4)] / groups[g].upgrade_price)
            if cash - groups[best].upgrade_price >= RESERVE:
                return ids.upgrade[best]
        wanted = self._wanted_purchase(owner, me, cash)
        if wanted is not None and ids.trade_with[wanted[0]] in legal_set:
            return int(ids.trade_with[wanted[0]])
        return ids.roll

    def _offer(self, view: Mapping[str, Any], me: int, legal: list[int], ids: Any) -> int:
        """Build "that piece for this cash and these spare properties" step by step, then propose."""
        draft = view["draft"]
        owner = view["owner"]
        wanted = self._wanted_purchase(owner, me, view["cash"][me])
        legal_set = set(legal)
        if draft is None or wanted is None or wanted[0] != draft["to"]:
            return int(ids.no_offer)
        partner, loc, budget = wanted
        if loc not in draft["take"]:
            ask = ids.ask_property[loc]
            return int(ask) if ask in legal_set else int(ids.no_offer)
        cash, extras = purchase_offer(owner, me, partner, loc, budget, self.t)
        for extra in extras:
            if extra not in draft["give"]:
                give = ids.give_property[extra]
                return int(give) if give in legal_set else int(ids.no_offer)
        short = cash - draft["give_money"]
        for amount in sorted(ids.offer_money_id, reverse=True):
            action = ids.offer_money_id[amount]
            if amount <= short and action in legal_set:
                return int(action)
        return int(ids.propose) if ids.propose in legal_set else int(ids.no_offer)

    def _wanted_purchase(self, owner: list[int], me: int, cash: int) -> tuple[int, int, int] | None:
        """(owner, location, cash budget) for the last piece of a set held by one opponent.

        The budget leaves twice the reserve in hand; below half the piece's price the bot does not try.
        """
        budget = (cash - 2 * RESERVE) // 10 * 10
        for group in GROUPS:
            missing = [x for x in group.locations if owner[x] != me]
            if len(missing) != 1 or owner[missing[0]] < 0:
                continue
            loc = missing[0]
            price = self.t.price[loc]
            if min(2 * price, budget) >= price // 2:
                return owner[loc], loc, budget
        return None

    def _good_trade(
        self, view: Mapping[str, Any], me: int, offer: Mapping[str, Any], tables: Tables | None = None
    ) -> bool:
        t = tables or self.t
        owner = view["owner"]
        gain = sum(value(owner, me, loc, t) for loc in offer["give"])
        loss = sum(value(owner, me, loc, t) for loc in offer["take"])
        money = -offer["money"]
        if offer["take"] and completes_set(owner, offer["from"], offer["take"]):
            loss += COMPLETION_PENALTY * sum(t.price[loc] for loc in offer["take"])
        if view["cash"][me] + money < RESERVE:
            return False
        return gain - loss + money > 0


class PatientRandomBot:
    """Uniformly random among the legal actions except Resign.

    Plain random play resigns within a few turns (Resign is legal at every roll),
    so it says little about the rest of the game; this baseline plays whole games.
    """

    name = "patient-random"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        resign = game.ids.resign  # type: ignore[attr-defined]
        options = [a for a in legal if a != resign] or legal
        return options[rng.randrange(len(options))]
