"""Why an action is illegal, in the words of the rules (for IllegalAction messages)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, monopolies
from magnates.games.galactic_magnate.board import GROUPS
from magnates.games.galactic_magnate.phases import AUCTION, OVER, PHASE_NAMES, ROLL

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

ASKED = {
    "characters": "a player is choosing a character",
    "order": "the playing order is being drawn",
    "roll": "the turn holder is about to roll",
    "dice": "the dice are being rolled",
    "buy": "the turn holder decides whether to start an auction",
    "auction": "an auction is running",
    "fortune": "a Fortune event is being drawn",
    "event-choice": "the turn holder takes or refuses a Fortune event",
    "offer": "the turn holder is choosing an offer",
    "over": "the game is over",
}

ROLL_ONLY = {"roll", "upgrade", "auction-property", "trade-with", "accept", "resign"}
AUCTION_ONLY = {"raise", "bid", "pass"}


def why_illegal(s: GalacticState, action: int) -> str:
    ids = s.ids
    if not 0 <= action < len(ids.kind_of):
        return "it is not an action of this game"
    kind = ids.kind_of[action]
    phase = PHASE_NAMES[s.phase]
    if s.phase == OVER:
        return ASKED["over"]
    if kind in ROLL_ONLY and s.phase != ROLL:
        return f"that is done before a roll of one's own turn, and now {ASKED[phase]}"
    if kind in AUCTION_ONLY and s.phase != AUCTION:
        return f"there is no auction now: {ASKED[phase]}"
    seat = s.current_player()
    if kind == "upgrade":
        group = ids.upgrade.index(action)
        if monopolies.owner_of_set(s, group) != seat:
            return f"only the owner of every location of {GROUPS[group].name} may upgrade it"
        if s.level[group] >= monopolies.MAX_LEVEL:
            return f"{GROUPS[group].name} is already at level {monopolies.MAX_LEVEL}"
        return f"an upgrade costs {GROUPS[group].upgrade_price}, more than cash plus credit"
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
