"""Winning the game: influence from won Provinces, Governors and Magistrates.

Score = value of each Province won + value of each Province that holds one of
the player's Governors (a Governor adds its Province's value again) + the
influence of every Magistrate in the Offices, active or not. Ties: the most
influence in the Offices, then the highest-ranked Magistrate; then a shared place.
"""

from __future__ import annotations

from typing import Any

from magnates.core.game import Result, ranking_from_keys
from magnates.games.magistratvm.components import NUM_TILES, TILE_VALUES
from magnates.games.magistratvm.ledger import by_source
from magnates.games.magistratvm.offices import NUM_OFFICES, OFFICES
from magnates.games.magistratvm.position import Position


def province_influence(state: Position, seat: int) -> int:
    return sum(TILE_VALUES[t] for t in range(NUM_TILES) if state.tile_owner[t] == seat and not state.discarded[t])


def governor_influence(state: Position, seat: int) -> int:
    return sum(TILE_VALUES[t] for t in range(NUM_TILES) if state.tile_owner[t] == seat and state.governed[t])


def office_influence(state: Position, seat: int) -> int:
    return sum(OFFICES[o].influence * (state.active[o][seat] + state.inactive[o][seat]) for o in range(NUM_OFFICES))


def highest_rank(state: Position, seat: int) -> int:
    ranks = [OFFICES[o].rank for o in range(NUM_OFFICES) if state.active[o][seat] + state.inactive[o][seat]]
    return max(ranks, default=0)


def scores(state: Position) -> list[int]:
    return [
        province_influence(state, q) + governor_influence(state, q) + office_influence(state, q) for q in range(state.n)
    ]


def breakdown(state: Position, seat: int) -> dict[str, int]:
    return {
        "provinces": province_influence(state, seat),
        "governors": governor_influence(state, seat),
        "offices": office_influence(state, seat),
        "highest_rank": highest_rank(state, seat),
    }


def result(state: Position) -> Result:
    if not state.is_terminal():
        raise ValueError("the game is not over; there is no result yet")
    total = scores(state)
    keys = [(total[q], office_influence(state, q), highest_rank(state, q)) for q in range(state.n)]
    ranking = ranking_from_keys(keys)
    best = max(keys)
    leaders_by_score = [q for q in range(state.n) if total[q] == best[0]]
    if len(leaders_by_score) == 1:
        reason = "influence"
    elif sum(1 for k in keys if k[:2] == best[:2]) == 1:
        reason = "tiebreak: influence in the offices"
    elif sum(1 for k in keys if k == best) == 1:
        reason = "tiebreak: highest magistrate"
    else:
        reason = "draw"
    details: dict[str, Any] = {
        "breakdown": [breakdown(state, q) for q in range(state.n)],
        "turns": state.turn,
        "income": by_source(state),
    }
    return Result(ranking, [float(x) for x in total], reason, details)
