"""Scoring rounds (People, Military, Agent), the end-game scoring and the five tie-breakers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.core.game import Result, ranking_from_keys
from magnates.games.magistrate.components import JUDGES
from magnates.games.magistrate.income import SECRET_EVIDENCE, by_source, earn
from magnates.games.magistrate.supply import gain_cubes

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

CUBES_PER_VP = 4
END_CUBES_PER_VP = 6
TIE_BREAKERS = ("popularity rings", "forts on the map", "agents on the board", "unused action cubes", "cards in hand")


def reveal_secret_evidence(s: Position, judge: int) -> None:
    """Secret evidence is traded for the cubes in its corner ("2"/"3" cards: that many of the Judge's colour)."""
    for player in range(s.n):
        for card in s.secret[player]:
            info = s.comp.cards[card]
            counts = list(info.cubes)
            if info.cards:
                counts[judge] += info.cards
            earn(s, player, SECRET_EVIDENCE, gain_cubes(s, s.evidence[player], counts))
            s.discard.append(card)
        s.secret[player] = []


def base_points(s: Position, player: int, judge: int) -> int:
    """Rings on the Flag (People), Forts on the map (Military), Agents on the board (Agent)."""
    if judge == 0:
        return s.rings[player]
    if judge == 1:
        return s.forts_on_map(player)
    return s.agents_on_board(player)


def scoring_round(s: Position, judge: int) -> None:
    reveal_secret_evidence(s, judge)
    for player in range(s.n):
        cubes = s.evidence[player][judge] // CUBES_PER_VP
        s.evidence[player][judge] -= cubes * CUBES_PER_VP
        s.stockpile[judge] += cubes * CUBES_PER_VP
        s.vp[player] += base_points(s, player, judge) + cubes
    s.scoring_rounds += 1
    s.scored.append(judge)


def comparison_points(counts: list[int]) -> list[int]:
    """1 VP for more than at least one other player; with 3+ players, 1 more for the sole most."""
    n = len(counts)
    top = max(counts)
    sole_top = counts.count(top) == 1
    out = []
    for mine in counts:
        points = 1 if any(mine > other for other in counts) else 0
        if n >= 3 and sole_top and mine == top:
            points += 1
        out.append(points)
    return out


def end_game_scoring(s: Position) -> None:
    for player in range(s.n):
        s.vp[player] += sum(s.evidence[player]) // END_CUBES_PER_VP
    for counts in (
        s.rings[:],
        [s.forts_on_map(p) for p in range(s.n)],
        [s.agents_on_board(p) for p in range(s.n)],
    ):
        for player, points in enumerate(comparison_points(counts)):
            s.vp[player] += points


def tie_keys(s: Position, player: int) -> tuple[int, ...]:
    return (
        s.rings[player],
        s.forts_on_map(player),
        s.agents_on_board(player),
        sum(s.supply[player]),
        len(s.hands[player]),
    )


def result(s: Position) -> Result:
    if s.stage != "over":
        raise ValueError("the game is not over yet; result() is only defined at the end")
    keys = [(s.vp[p], *tie_keys(s, p)) for p in range(s.n)]
    ranking = ranking_from_keys(keys)
    top_vp = max(s.vp)
    leaders = [p for p in range(s.n) if s.vp[p] == top_vp]
    reason = "victory points"
    if len(leaders) > 1:
        reason = "draw"
        for index, name in enumerate(TIE_BREAKERS, start=1):
            values = {keys[p][index] for p in leaders}
            if len(values) > 1:
                reason = f"tiebreak: {name}"
                break
    details: dict[str, Any] = {
        "rounds": s.round,
        "scoring_rounds": [JUDGES[j] for j in s.scored],
        "end": s.end_reason,
        "tie_keys": {name: [k[i + 1] for k in keys] for i, name in enumerate(TIE_BREAKERS)},
        "income": by_source(s),
    }
    return Result(ranking=ranking, scores=[float(v) for v in s.vp], reason=reason, details=details)
