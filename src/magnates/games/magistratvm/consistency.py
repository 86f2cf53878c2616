"""What a hand-edited Magistratvm position may not get wrong (the strict loader, docs/positions.md).

`MagistratvmGame.state_from_json` already refuses fields of the wrong type or length, numbers out
of range, tiles in two places and influence tokens, Patricians or gold that do not add up.
`check` runs on the state it built: no field it does not know, nothing written twice that
disagrees (the state's own JSON must say the same), `turn_limit` equal to the game's option, and
the yes/no lists and counters within what the rules can make.
Each refusal is a `RecordError` naming the field (`passed[1]`, `turn_limit`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from magnates.core.json_check import check_round_trip, refuse

if TYPE_CHECKING:
    from magnates.games.magistratvm.position import Position

FLAGS = ("passed", "gifted", "support_done", "elected")
"""Lists of 0 (not yet) or 1 (done): passed the bid, gave gold, gave support, elected there."""
OPTIONAL = ("income", "history")
"""States saved before these were kept load with nothing counted and no history."""


def check(state: Position, data: Mapping[str, Any]) -> None:
    """Refuse `data` if the state rebuilt from it contradicts it or the rules (RecordError naming the field)."""
    check_round_trip(data, state.to_json(), optional=OPTIONAL)
    _counters(state)
    _flags(state)


def _counters(s: Position) -> None:
    limit = int(s.game.options["turn_limit"])
    if s.turn_limit != limit:
        refuse("turn_limit", f"is {s.turn_limit}, but this game's turn_limit option is {limit}")
    if s.turn < 0 or (limit > 0 and s.turn > limit):
        refuse("turn", f"{s.turn} is outside 0..{limit or 'no limit'}")
    if s.final not in (0, 1):
        refuse("final", "is 1 during the final circuit, else 0")
    if not 0 <= s.consecutive_passes <= s.n:
        refuse("consecutive_passes", f"is 0 to {s.n}")
    if s.high_bid < -1 or (s.high_bid >= 0) != (s.high_bidder >= 0):
        refuse("high_bid", "a bid of 0 or more has a bidder; no bid is -1 with no bidder")
    if len(set(s.pile)) != len(s.pile):
        refuse("pile", "lists each face-down tile once")
    if len(set(s.circuit)) != len(s.circuit):
        refuse("circuit", "lists each Province place once")
    if len(set(s.refill_slots)) != len(s.refill_slots):
        refuse("refill_slots", "lists each Province place once")
    if any(not 1 <= r <= 6 for r in s.rolls) or len(s.rolls) > len(s.rollers):
        refuse("rolls", "one d6 roll per player rolling so far")
    if len(set(s.rollers)) != len(s.rollers):
        refuse("rollers", "lists each player once")
    if not 0 <= s.income_done <= s.n:
        refuse("income_done", f"is 0 to {s.n}")


def _flags(s: Position) -> None:
    for name in FLAGS:
        values = getattr(s, name)
        for i, value in enumerate(values):
            if value not in (0, 1):
                refuse(f"{name}[{i}]", f"is 0 or 1, not {value}")
