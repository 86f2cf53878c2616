"""Rebuilding a state from JSON, checking each field so broken data fails with a clear message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from magnates.core.errors import RecordError
from magnates.core.game import require
from magnates.games.galactic_magnate import income
from magnates.games.galactic_magnate.board import BOARD_SIZE, EVENTS, GROUPS, PROPERTIES, TABLES
from magnates.games.galactic_magnate.phases import PHASE_NAMES
from magnates.games.galactic_magnate.state import LISTS, NESTED, SCALARS, GalacticState

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.game import GalacticMagnateGame

BOOLS = {"collapsed", "last_double", "a_player", "auctioned", "offered"}
BOOL_LISTS = {"alive", "a_out"}


def _int_list(data: Mapping[str, Any], name: str, length: int | None, low: int, high: int) -> list[int]:
    value = data[name]
    require(isinstance(value, list), f"{name} must be a list")
    if length is not None:
        require(len(value) == length, f"{name} must have {length} entries, not {len(value)}")
    for x in value:
        require(type(x) is int and low <= x <= high, f"{name} holds {x!r}, outside {low}..{high}")
    return list(value)


def _income(data: Mapping[str, Any], n: int) -> list[list[int]]:
    """The income tally; states saved before it existed load with nothing received."""
    if "income" not in data:
        return income.empty(n)
    rows = data["income"]
    width = len(income.SOURCES)
    require(
        isinstance(rows, list) and len(rows) == n,
        f"income must be a list of {n} rows, one per seat",
    )
    for seat, row in enumerate(rows):
        require(
            isinstance(row, list) and len(row) == width and all(type(x) is int and x >= 0 for x in row),
            f"income of seat {seat} must be {width} whole amounts of at least 0 ({', '.join(income.SOURCES)})",
        )
    return [list(row) for row in rows]


def _offers(s: GalacticState, data: Mapping[str, Any], n: int) -> None:
    """The offer being built and each seat's open offer: properties, their owners, the money."""
    s.draft_give = _int_list(data, "draft_give", None, 0, BOARD_SIZE - 1)
    s.draft_take = _int_list(data, "draft_take", None, 0, BOARD_SIZE - 1)
    require(s.draft_steps >= 0, "draft_steps is never negative")
    s.offer_to = _int_list(data, "offer_to", n, -1, n - 1)
    s.offer_money = _int_list(data, "offer_money", n, -(10**12), 10**12)
    for name in NESTED:
        rows = data[name]
        require(isinstance(rows, list) and len(rows) == n, f"{name} must be a list of {n} lists, one per seat")
        setattr(s, name, [_int_list({name: row}, name, None, 0, BOARD_SIZE - 1) for row in rows])
    for seat in range(n):
        to = s.offer_to[seat]
        give, take = s.offer_give[seat], s.offer_take[seat]
        if to == -1:
            require(not give and not take and s.offer_money[seat] == 0, f"seat {seat} has no open offer but its parts")
        else:
            require(to != seat, f"the open offer of seat {seat} is addressed to itself")
            require(bool(give or take), f"the open offer of seat {seat} moves no property")
    in_offers = [
        *s.draft_give,
        *s.draft_take,
        *(x for rows in (s.offer_give, s.offer_take) for row in rows for x in row),
    ]
    for loc in in_offers:
        require(loc in PROPERTIES, f"location {loc} in an offer is not a property")
    building = bool(s.draft_give or s.draft_take or s.draft_money or s.draft_steps)
    require(s.trade_with >= 0 or not building, "draft_* describe an offer being built, but trade_with is -1")


def check_phase(s: GalacticState) -> None:
    """The fields that the current phase relies on must be there."""
    phase = PHASE_NAMES[s.phase]
    if phase in ("roll", "dice", "buy", "fortune", "event-choice", "offer"):
        require(s.alive[s.order[s.turn]], f"the turn holder of a {phase} phase must be alive")
    if phase == "auction":
        require(bool(s.a_ring) and s.a_next in s.a_ring, "an auction needs its bidders and the next bidder")
        require(s.a_loc in PROPERTIES, "an auction needs a property")
    if phase == "event-choice":
        require(s.event >= 0, "a Fortune choice needs its event")
    if phase == "offer":
        require(s.trade_with >= 0 and s.alive[s.trade_with], "an offer needs a living partner")
    if phase == "characters":
        require(s.chooser < len(s.characters), "every character is already chosen")


def state_from_json(game: GalacticMagnateGame, data: Mapping[str, Any]) -> GalacticState:
    if not isinstance(data, Mapping):
        raise RecordError("a Galactic Magnate state is a JSON object")
    missing = [k for k in (*SCALARS, *LISTS, *NESTED) if k not in data]
    require(not missing, f"the state lacks {', '.join(missing)}")
    n = game.num_players
    require(data.get("players", n) == n, f"the state is for {data.get('players')} players; this game has {n}")
    s = GalacticState(game, empty=True)
    for name in SCALARS:
        value = data[name]
        if name in BOOLS:
            require(isinstance(value, bool), f"{name} must be true or false")
        elif name == "end_reason":
            require(isinstance(value, str), "end_reason must be a string")
        else:
            require(type(value) is int, f"{name} must be a whole number, not {value!r}")
        setattr(s, name, value)
    require(0 <= s.phase < len(PHASE_NAMES), f"unknown phase {s.phase}")
    require(0 <= s.turn < n, f"turn {s.turn} is not a position in the playing order")
    require(0 <= s.chooser <= n, f"chooser {s.chooser} is not a seat")
    require(-1 <= s.event < len(EVENTS), f"unknown Fortune event {s.event}")
    require(-1 <= s.trade_with < n, f"trade_with {s.trade_with} is not a seat")
    require(s.salary >= 0 and s.expenses >= 0, "salary and expenses are never negative")
    s.characters = _int_list(data, "characters", n, -1, len(TABLES.characters) - 1)
    s.order = _int_list(data, "order", n, 0, n - 1)
    require(sorted(s.order) == list(range(n)), "order must list every seat once")
    s.cash = _int_list(data, "cash", n, -(10**12), 10**12)
    s.pos = _int_list(data, "pos", n, 0, BOARD_SIZE - 1)
    s.prison = _int_list(data, "prison", n, 0, s.tables.prison_turns)
    s.owner = _int_list(data, "owner", BOARD_SIZE, -1, n - 1)
    require(
        all(s.owner[loc] == -1 for loc in range(BOARD_SIZE) if loc not in PROPERTIES),
        "only properties can have an owner",
    )
    s.level = _int_list(data, "level", len(GROUPS), 0, TABLES.max_upgrade_level)
    s.a_ring = _int_list(data, "a_ring", None, 0, n - 1)
    _offers(s, data, n)
    s.eliminated = _int_list(data, "eliminated", None, 0, n - 1)
    for name in BOOL_LISTS:
        value = data[name]
        require(
            isinstance(value, list) and len(value) == n and all(isinstance(x, bool) for x in value),
            f"{name} must be a list of {n} true/false values",
        )
        setattr(s, name, list(value))
    require(
        sorted(s.eliminated) == [seat for seat in range(n) if not s.alive[seat]],
        "eliminated must list exactly the dead seats",
    )
    require(s.bank + sum(s.cash) == 0, "money does not add up: the bank plus all cash must be 0")
    s.income = _income(data, n)
    check_phase(s)
    history = data.get("history", [])
    require(
        isinstance(history, list) and all(type(a) is int for a in history),
        "history must be a list of action ids",
    )
    s.history = list(history)
    return s
