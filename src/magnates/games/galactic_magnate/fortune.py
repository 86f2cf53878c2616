"""Fortune: a random event drawn (a chance node) when a player lands on a Fortune location.

Events without a choice happen at once; an event with a choice waits for the
player to take it or refuse it. The events and their weights are data
(`data/fortune.json`); each is a list of effects applied in order. Then the
roll is over (`phases.ROLL_OVER`), unless the game ended meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.games.galactic_magnate import debts, economy, income, monopolies, prison
from magnates.games.galactic_magnate.board import START, FortuneEvent, Tables
from magnates.games.galactic_magnate.phases import OVER, ROLL_OVER, TO_EVENT_CHOICE, Then
from magnates.games.galactic_magnate.seating import alive_seats

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.actions import ActionIds
    from magnates.games.galactic_magnate.state import GalacticState

BANK = -1


def draw_outcomes(ids: ActionIds, tables: Tables) -> list[tuple[int, float]]:
    events = tables.events
    total = sum(e.weight for e in events)
    return [(ids.fortune[e.index], e.weight / total) for e in events if e.weight > 0]


def draw(s: GalacticState, index: int) -> Then:
    event = s.tables.events[index]
    if event.choice:
        s.event = index
        return TO_EVENT_CHOICE
    return happen(s, s.order[s.turn], event)


def event_choices(s: GalacticState, seat: int) -> list[int]:
    """Take the event waiting for a choice (if affordable), or refuse it."""
    ids = s.ids
    if can_take(s, seat, s.tables.events[s.event]):
        return [ids.take_event, ids.refuse_event]
    return [ids.refuse_event]


def take(s: GalacticState) -> Then:
    event = s.tables.events[s.event]
    s.event = -1
    return happen(s, s.order[s.turn], event)


def refuse(s: GalacticState) -> Then:
    s.event = -1
    return ROLL_OVER


def cost(s: GalacticState, seat: int, event: FortuneEvent) -> int:
    """What taking the event would cost the seat at most (for events with a choice)."""
    total = 0
    others = sum(1 for x in range(s.n) if x != seat and s.alive[x])
    for effect in event.effects:
        kind, amount = effect["type"], effect.get("amount", 0)
        if kind == "cash" and amount < 0:
            total -= amount
        elif kind == "each_player" and amount < 0:
            total -= amount * others
        elif kind == "per_upgrade" and amount < 0:
            total -= amount * monopolies.upgrade_count(s, seat)
    return total


def can_take(s: GalacticState, seat: int, event: FortuneEvent) -> bool:
    """A chosen event is a voluntary payment: it must be affordable."""
    return cost(s, seat, event) <= economy.means(s, seat)


def happen(s: GalacticState, seat: int, event: FortuneEvent) -> Then:
    for effect in event.effects:
        if s.phase == OVER or not s.alive[seat]:
            break
        _apply_effect(s, seat, effect)
    return ROLL_OVER


def _apply_effect(s: GalacticState, seat: int, effect: dict[str, Any]) -> None:
    kind = effect["type"]
    amount = effect.get("amount", 0)
    if kind == "cash":
        if amount >= 0:
            economy.transfer(s, BANK, seat, amount, income.FORTUNE)
        else:
            debts.charge(s, seat, -amount, BANK)
    elif kind == "per_upgrade":
        debts.charge(s, seat, -amount * monopolies.upgrade_count(s, seat), BANK)
    elif kind == "salary":
        economy.change_salary(s, amount)
    elif kind == "each_player":
        for other in alive_seats(s):
            if other == seat:
                continue
            if s.phase == OVER or not s.alive[seat]:
                return
            if amount >= 0:
                debts.charge(s, other, amount, seat, income.FORTUNE)
            else:
                debts.charge(s, seat, -amount, other, income.FORTUNE)
    elif kind == "advance_to_start":
        s.pos[seat] = START
        debts.pass_start(s, seat)
    elif kind == "go_to_prison":
        prison.go_to_prison(s, seat)
    else:  # pragma: no cover - fortune.json is checked by the tests
        raise ValueError(f"unknown Fortune effect {kind!r}")
