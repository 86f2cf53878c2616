"""Magistrate's knowledge for the search bots: who is likely to win from a position.

The search bots (`magnates.bots`) find these functions by name in the game's package. They read
the full state, which in a search is the bot's own determinization (sampled from its view).

The evaluation forecasts each seat's final victory points: the points scored so far, plus what
the pieces on the map will score in the scoring rounds still to come (a Judge nearer Home is
likely to score more of them), plus the evidence in the Home and in secret, plus the end-game
comparisons, plus what the seat's cubes, cards, Agents in cells, soldiers and engines (Rings
discard for material, Forts deal cards) will still turn into points. The resource values are
the greedy bot's (`bots.py`), so a plan judged by this forecast and the greedy bot's choice
speak the same currency; what the forecast adds is the game clock (late cubes and cards are
worth less, pieces and Judges' positions more precisely) and the rivals. A lead in forecast
points becomes a chance to win that shrinks as more of the game is left to play.
"""

from __future__ import annotations

import functools
import math
import random
from typing import TYPE_CHECKING

from magnates.core.first_place import win_returns, win_values
from magnates.games.magistrate.bots import HeuristicBot
from magnates.games.magistrate.phases import OVER
from magnates.games.magistrate.scoring import CUBES_PER_VP, END_CUBES_PER_VP

if TYPE_CHECKING:
    from magnates.games.magistrate.components import Components
    from magnates.games.magistrate.state import MagistrateState

SCORINGS_PER_ROUND = 0.75
"""Scoring rounds held per game round: four flips move the Judges 7.5 spaces in all, 10 a lap."""
CUBE = 0.3
"""An action cube in the supply (the greedy bot's value), for the first `CUBES_USEFUL` of a colour."""
CUBES_USEFUL = 6
SPARE_CUBE = 0.12
CUBE_CAP = CUBE * CUBES_USEFUL
"""A cube beyond those: it waits for a use (the greedy bot lowers spare green the same way)."""
CARD = 0.35
"""A card in hand, for the first `CARDS_USEFUL` (the greedy bot's values)."""
CARDS_USEFUL = 6
SPARE_CARD = 0.05
RING_ENGINE = 0.25
"""Points a Ring's material discard brings per game round left (a card into about 3 cubes)."""
FORT_ENGINE = 0.15
"""Points a Fort's dealt card brings per game round left."""
CELL_VALUE = (0.3, 0.25, 0.15, 0.05, 0.1, 0.25, 0.45, 0.15)
"""What an Agent in each Agent Ops cell is worth to its owner: the op it will run (`data/agent_ops.json`)."""
HEADER_WAIT = 0.5
"""Share of a cell's value an Agent on the Header keeps: it runs no op until it is placed."""
HELD = 0.35
"""A province where a seat has the most soldiers and no Fort stands: a Fort it may build."""
SOLDIER = 0.2
"""A soldier, for the first Rings + `SOLDIERS_WANTED` (the greedy bot's Conscript: 3 for 0.6)."""
SOLDIERS_WANTED = 3
SPARE_SOLDIER = 0.02
READY = 0.08
"""A soldier outside Home, up to the number of Rings: Increase Popularity will need it."""
SPREAD = 2.5
"""How far, in points, the final margin between two seats may still swing per sqrt(round left)."""
BASE_SPREAD = 2.0

_GREEDY = HeuristicBot()


def rounds_left(state: MagistrateState) -> float:
    """Game rounds still to play (the current one counts while its actions are not over)."""
    scorings = max(0, state.comp.scoring_rounds_to_end - state.scoring_rounds)
    return scorings / SCORINGS_PER_ROUND


def scorings_ahead(state: MagistrateState) -> list[float]:
    """Expected future scoring rounds of each Judge: an equal share, shifted by how far round each is."""
    left = max(0, state.comp.scoring_rounds_to_end - state.scoring_rounds)
    if left == 0:
        return [0.0, 0.0, 0.0]
    spaces = state.comp.path_spaces
    positions = state.judges
    mean = sum(positions) / 3
    return [max(0.0, left / 3 + (p - mean) / spaces) for p in positions]


def _soft_more(mine: float, theirs: float) -> float:
    """Chance that `mine` ends strictly above `theirs` (a tie gives nothing)."""
    return 1.0 / (1.0 + math.exp(-3.0 * (mine - theirs - 0.5)))


def comparison_points(counts: list[int], seat: int) -> float:
    """The end-game comparison (1 for more than some rival; 3+ players: 1 more for the sole most), softened."""
    return _comparisons(tuple(counts))[seat]


@functools.cache
def _comparisons(counts: tuple[int, ...]) -> tuple[float, ...]:
    """Every seat's softened comparison points (the same few counts come back again and again)."""
    out = []
    for seat, mine in enumerate(counts):
        rivals = [c for q, c in enumerate(counts) if q != seat]
        beat_none = 1.0
        for other in rivals:
            beat_none *= 1.0 - _soft_more(mine, other)
        points = 1.0 - beat_none
        if len(counts) >= 3:
            most = 1.0
            for other in rivals:
                most *= _soft_more(mine, other)
            points += most
        out.append(points)
    return tuple(out)


def _capped(count: int, useful: int, value: float, spare: float) -> float:
    return value * min(count, useful) + spare * max(0, count - useful)


def _corner_cubes(comp: Components) -> tuple[int, ...]:
    """Cubes each card brings as secret evidence (its corner; a "2"/"3" card brings that many)."""
    found = _CORNERS.get(id(comp))
    if found is None or found[0] is not comp:
        found = _CORNERS[id(comp)] = (comp, tuple(sum(card.cubes) + card.cards for card in comp.cards))
    return found[1]


_CORNERS: dict[int, tuple[Components, tuple[int, ...]]] = {}


def held_provinces(state: MagistrateState) -> list[int]:
    """Per seat, the provinces without a Fort where it has strictly the most soldiers (a Fort to build)."""
    held = [0] * state.n
    soldiers = state.soldiers
    for province, fort in enumerate(state.forts):
        if fort >= 0:
            continue
        best, leader = 0, -1
        for p in range(state.n):
            count = soldiers[p][province]
            if count > best:
                best, leader = count, p
            elif count == best:
                leader = -1
        if leader >= 0:
            held[leader] += 1
    return held


FORECAST_TERMS = (
    "points",
    "rings",
    "forts",
    "agents",
    "comparisons",
    "evidence",
    "secret evidence",
    "cubes",
    "cards",
    "agent cells",
    "forts to build",
    "soldiers",
    "soldiers out",
    "battle",
    "engines",
)
"""The parts of a seat's forecast, in the order `forecast_terms` gives them: the points so far; the
Rings, Forts and Agents times the scoring rounds their Judges are expected to hold; the softened
end comparisons; evidence in the Home and in secret; then the resources (`LATE_TERMS`); a running
battle's pot; and the Rings and Forts as engines."""
LATE_TERMS = frozenset({"cubes", "cards", "agent cells", "forts to build", "soldiers", "soldiers out"})
"""The terms that are scaled down over the last two rounds (unspent resources then score nothing)."""


def forecasts(state: MagistrateState) -> list[float]:
    """Each seat's expected final victory points: its `forecast_terms` added up."""
    if state.stage == OVER:
        return [float(v) for v in state.vp]
    terms, late = forecast_terms(state)
    return [_added_up(seat_terms, late) for seat_terms in terms]


def _added_up(terms: tuple[float, ...], late: float) -> float:
    vp, rings, forts, agents, compared, evidence, secret, cubes, cards, cells, build, soldiers, out, battle, engines = (
        terms
    )
    wealth = cubes + cards + cells + build + soldiers + out
    points = vp + rings + forts + agents + compared
    points += evidence
    points += secret
    points += wealth * late + battle
    points += engines
    return float(points)


def forecast_terms(state: MagistrateState) -> tuple[list[tuple[float, ...]], float]:
    """Every seat's forecast split into `FORECAST_TERMS`, and `late`, the share of their value the
    `LATE_TERMS` keep (1 until the last two rounds, then falling to 0)."""
    n = state.n
    ahead = scorings_ahead(state)
    rounds = rounds_left(state)
    late = min(1.0, rounds / 2.0)  # in the last rounds unspent cubes and cards score nothing
    engines = max(0.0, rounds - 1.0)
    corner = _corner_cubes(state.comp)
    forts_of = [state.forts.count(p) for p in range(n)]
    agents_of = [state.header[p] + sum(state.placed[p]) for p in range(n)]
    rings = state.rings
    by_rings, by_forts = _comparisons(tuple(rings)), _comparisons(tuple(forts_of))
    by_agents = _comparisons(tuple(agents_of))
    # A colour's evidence cube is worth 1/4 point if its Judge scores again, else 1/6 at the end.
    evidence_value = [min(1.0, a) / CUBES_PER_VP + (1.0 - min(1.0, a)) / END_CUBES_PER_VP for a in ahead]
    owed = [0] * n
    for seat, count in state.draws:  # a card owed is as good as drawn (a leaf may fall before the draw)
        owed[seat] += count
    held = held_provinces(state)
    out: list[tuple[float, ...]] = []
    for p in range(n):
        e = state.evidence[p]
        cubes_value = 0.0
        for cubes in state.supply[p]:
            cubes_value += CUBE * cubes if cubes <= CUBES_USEFUL else CUBE_CAP + SPARE_CUBE * (cubes - CUBES_USEFUL)
        row = state.soldiers[p]
        on_map = sum(row)
        out.append(
            (
                float(state.vp[p]),
                rings[p] * ahead[0],
                forts_of[p] * ahead[1],
                agents_of[p] * ahead[2],
                by_rings[p] + by_forts[p] + by_agents[p],
                e[0] * evidence_value[0] + e[1] * evidence_value[1] + e[2] * evidence_value[2],
                sum(corner[card] for card in state.secret[p]) * evidence_value[0],
                cubes_value,
                _capped(len(state.hands[p]) + owed[p], CARDS_USEFUL, CARD, SPARE_CARD),
                agents_value(state, p),
                HELD * min(held[p], state.stock_forts[p]),
                _capped(on_map, rings[p] + SOLDIERS_WANTED, SOLDIER, SPARE_SOLDIER),
                READY * min(on_map - row[state.home[p]], rings[p]),
                battle_share(state, p, evidence_value[1]),
                (RING_ENGINE * rings[p] + FORT_ENGINE * forts_of[p]) * engines,
            )
        )
    return out, late


def agents_value(state: MagistrateState, p: int) -> float:
    """Agents in cells run their ops; those on the Header will take the best free cells.

    While the seat is placing (after Assign Agents) they count in full, so lifting them to place
    them again is no loss; otherwise they wait a round.
    """
    placed = state.placed[p]
    value = sum(CELL_VALUE[cell] for cell, here in enumerate(placed) if here)
    waiting = state.header[p]
    if waiting:
        free = sorted(
            (CELL_VALUE[cell] for cell, here in enumerate(placed) if not here and cell not in state.blocked),
            reverse=True,
        )
        placing = state.placing and state.decider == p
        value += sum(free[:waiting]) * (1.0 if placing else HEADER_WAIT)
    return value


def battle_share(state: MagistrateState, p: int, cube_value: float) -> float:
    """A running battle's pot, shared by the odds of the two sides (soldiers, and the Fort)."""
    if not state.battle:
        return 0.0
    attacker, defender, province, pot = state.battle
    if p not in (attacker, defender):
        return 0.0
    a = state.soldiers[attacker][province]
    d = state.soldiers[defender][province] + (1 if state.forts[province] == defender else 0)
    mine = a if p == attacker else d
    return pot * cube_value * (mine + 0.5) / (a + d + 1.0)


def leaf_values(state: MagistrateState) -> list[float]:
    """Every seat's expected return in [-1, 1]: its average duel against each rival."""
    if state.stage == OVER:
        return state.returns()
    return duel_values(state, forecasts(state))


def lead_spread(state: MagistrateState) -> float:
    """How many points a forecast lead may still swing by: wider the more of the game is left."""
    return BASE_SPREAD + SPREAD * math.sqrt(rounds_left(state))


def duel_values(state: MagistrateState, points: list[float]) -> list[float]:
    """Every seat's mean over rivals of tanh(lead / spread), the spread shrinking as the game ends."""
    spread = lead_spread(state)
    n = state.n
    values = []
    for p in range(n):
        total = 0.0
        for q in range(n):
            if q != p:
                total += math.tanh((points[p] - points[q]) / spread)
        values.append(total / (n - 1))
    return values


class WeightedForecast:
    """A leaf judge (`Preset.build(judge=...)`) from the forecast's terms, each times a weight: with
    every weight 1 it judges as `leaf_values` does, so other weights (fitted ones,
    `benchmarks/magistrate_forecast_fit.py`) can be played against the shipped forecast."""

    def __init__(self, weights: dict[str, float]) -> None:
        unknown = sorted(set(weights) - set(FORECAST_TERMS))
        if unknown:
            raise ValueError(f"no forecast term {', '.join(unknown)}; the terms are {', '.join(FORECAST_TERMS)}")
        self.weights = tuple(float(weights.get(name, 1.0)) for name in FORECAST_TERMS)
        self._late = tuple(name in LATE_TERMS for name in FORECAST_TERMS)

    def forecasts(self, state: MagistrateState) -> list[float]:
        """Each seat's forecast with these weights."""
        if state.stage == OVER:
            return [float(v) for v in state.vp]
        terms, late = forecast_terms(state)
        scaled = [w * late if is_late else w for w, is_late in zip(self.weights, self._late, strict=True)]
        return [sum(w * t for w, t in zip(scaled, seat_terms, strict=True)) for seat_terms in terms]

    def __call__(self, state: MagistrateState, viewer: int) -> list[float]:
        if state.stage == OVER:
            return state.returns()
        return duel_values(state, self.forecasts(state))


def first_place_values(state: MagistrateState) -> list[float]:
    """Every seat's value for a searcher playing to win (`magnates.core.first_place`): the chance of
    ending above each rival from the same forecast and spread as `leaf_values`, turned into a chance
    of first place."""
    if state.stage == OVER:
        return win_returns(state)
    points = forecasts(state)
    spread = lead_spread(state)
    ahead = [[0.5 + 0.5 * math.tanh((mine - theirs) / spread) for theirs in points] for mine in points]
    return win_values(ahead)


def heuristic(state: MagistrateState, seat: int) -> float:
    """How good `state` looks for `seat`, in [-1, 1]."""
    return leaf_values(state)[seat]


def rollout_action(state: MagistrateState, rng: random.Random) -> int:
    """The `greedy` bot's move, from the deciding seat's own view (so it never peeks)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    return _GREEDY.choose(state.game, state.view(player), legal, rng)
