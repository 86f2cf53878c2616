"""Words for people: why an action is illegal (IllegalAction messages) and how trades read in the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, monopolies, trading
from magnates.games.galactic_magnate.actions import Offer, seat_name
from magnates.games.galactic_magnate.board import TABLES, Tables
from magnates.games.galactic_magnate.phases import OFFER, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def bundle_text(locations: tuple[int, ...] | list[int], money: int, tables: Tables = TABLES) -> str:
    """One side of a trade: "Ceres Outpost, Ceres Harbor and 150", or "nothing"."""
    parts = [tables.locations[loc].name for loc in locations]
    if money > 0:
        parts.append(str(money))
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def offer_text(offerer: int, offer: Offer, tables: Tables = TABLES) -> str:
    """ "Player 1 offers Ceres Outpost and 100 to Player 2 for Titan Port"."""
    to = seat_name(offer.receiver) if offer.receiver >= 0 else "nobody yet"
    gives = bundle_text(offer.give, max(0, -offer.money), tables)
    takes = bundle_text(offer.take, max(0, offer.money), tables)
    return f"{seat_name(offerer)} offers {gives} to {to} for {takes}"


def describe(s: GalacticState, action: int) -> str:
    """The log line of an action about to be applied: a proposal or an acceptance names both bundles."""
    ids = s.ids
    text = s.game.action_to_string(action)
    kind = ids.kind_of.get(action)
    if kind == "propose" and s.phase == OFFER:
        return f"{text}: {offer_text(s.order[s.turn], trading.draft(s), s.tables)}"
    if kind == "accept":
        offerer = ids.accept.index(action)
    elif kind == "reject":
        offerer = ids.reject.index(action)
    elif kind == "recall":
        offerer = s.current_player()
    else:
        return text
    offer = trading.open_offer(s, offerer) if 0 <= offerer < s.n else None
    return f"{text}: {offer_text(offerer, offer, s.tables)}" if offer is not None else text


ASKED = {
    "characters": "a player is choosing a character",
    "order": "the playing order is being drawn",
    "roll": "the turn holder is about to roll",
    "dice": "the dice are being rolled",
    "buy": "the turn holder decides whether to start an auction",
    "auction": "an auction is running",
    "fortune": "a Fortune event is being drawn",
    "event-choice": "the turn holder takes or refuses a Fortune event",
    "offer": "the turn holder is building a trade offer",
    "over": "the game is over",
}

ROLL_ONLY = {"roll", "upgrade", "auction-property", "trade-with", "accept", "resign"}
AUCTION_ONLY = {"raise", "bid", "pass"}
OFFER_ONLY: set[str] = {*trading.BUILD_KINDS, "propose", "no-offer"}


def why_illegal(s: GalacticState, action: int) -> str:
    ids = s.ids
    if not 0 <= action < len(ids.kind_of):
        return "it is not an action of this game"
    kind = ids.kind_of[action]
    phase = PHASE_NAMES[s.phase]
    if s.phase == OVER:
        return ASKED["over"]
    if kind in ROLL_ONLY and phase != "roll":
        return f"that is done before a roll of one's own turn, and now {ASKED[phase]}"
    if kind in AUCTION_ONLY and phase != "auction":
        return f"there is no auction now: {ASKED[phase]}"
    if kind in OFFER_ONLY and s.phase != OFFER:
        return f"no trade offer is being built: {ASKED[phase]} (start one with 'Make an offer to ...')"
    seat = s.current_player()
    if kind in OFFER_ONLY:
        return _why_not_in_offer(s, seat, kind, action)
    if kind == "upgrade":
        group = ids.upgrade.index(action)
        if monopolies.owner_of_set(s, group) != seat:
            return f"only the owner of every location of {s.tables.groups[group].name} may upgrade it"
        if s.level[group] >= monopolies.MAX_LEVEL:
            return f"{s.tables.groups[group].name} is already at level {monopolies.MAX_LEVEL}"
        return f"an upgrade costs {s.tables.groups[group].upgrade_price}, more than cash plus credit"
    if kind == "sell-upgrade":
        return "only the owner of an upgraded monopoly may sell its upgrades"
    if kind == "raise":
        return f"a bid may not exceed what the bidder can spend ({economy.means(s, seat)})"
    if kind == "bid":
        return "the opening price is bid only once, in a player auction"
    if kind == "accept":
        return "there is no offer from that player to you that could be carried out now"
    if kind in ("auction-property", "trade-with"):
        return "that is allowed once per turn, for what one owns and can afford to lose"
    return f"it does not fit now: {ASKED[phase]}"


def _why_not_in_offer(s: GalacticState, seat: int, kind: str, action: int) -> str:
    ids = s.ids
    if kind in trading.BUILD_KINDS and s.draft_steps >= trading.MAX_BUILD_STEPS:
        return f"an offer is built in at most {trading.MAX_BUILD_STEPS} steps: propose it or make no offer"
    if kind in ("give-property", "ask-property", "drop-property"):
        loc = ids.location_of[action]
        name = s.tables.locations[loc].name
        if kind == "drop-property":
            return f"{name} is not in the offer"
        if loc in s.draft_give or loc in s.draft_take:
            return f"{name} is already in the offer"
        whose = "you" if kind == "give-property" else seat_name(s.trade_with)
        return f"{name} is not owned by {whose}"
    if kind == "offer-money":
        return f"you cannot pay that much: cash plus credit is {economy.means(s, seat)}"
    if kind == "ask-money":
        return f"{seat_name(s.trade_with)} cannot pay that much: cash plus credit is {economy.means(s, s.trade_with)}"
    if kind == "propose":
        return (
            "an offer must move at least one property, each side must still own what it gives, "
            "and neither side's debt may pass its credit after the trade"
        )
    return "it does not fit now"
