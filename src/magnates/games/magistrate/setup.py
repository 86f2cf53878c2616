"""New Game Setup, as the sheet lists it: Flag with 1 Ring and a Fort in each Home, 1 Agent on
the Header, 4 cards (dealt as chance draws), 3 purple, 2 green and 1 orange cube."""

from __future__ import annotations

from magnates.core.game import Game
from magnates.games.magistrate.flow import begin_round, settle
from magnates.games.magistrate.income import empty
from magnates.games.magistrate.layout import Layout
from magnates.games.magistrate.phases import MATERIAL
from magnates.games.magistrate.state import MagistrateState
from magnates.games.magistrate.supply import owe_draws


def new_game(game: Game, layout: Layout) -> MagistrateState:
    comp = layout.comp
    n = layout.players
    s = MagistrateState(game, layout)
    provinces = len(comp.provinces)
    s.round = 1
    s.first = 0
    s.stage = MATERIAL
    s.phase = 0
    s.turn = 0
    s.soldiers = [[0] * provinces for _ in range(n)]
    s.stock_soldiers = [comp.soldiers] * n
    s.forts = [-1] * provinces
    for player, home in enumerate(s.home):
        s.forts[home] = player
    s.stock_forts = [comp.forts - 1] * n
    s.rings = [1] * n
    s.header = [1] * n
    s.placed = [[0] * len(comp.cells) for _ in range(n)]
    s.stock_agents = [comp.agents - 1] * n
    s.supply = [list(comp.start_cubes) for _ in range(n)]
    s.evidence = [[0, 0, 0] for _ in range(n)]
    s.stockpile = [comp.central_cubes - n * comp.start_cubes[c] for c in range(3)]
    s.hands = [[] for _ in range(n)]
    s.secret = [[] for _ in range(n)]
    s.deck = list(range(len(comp.cards)))
    s.discard = []
    s.judges = [0, 0, 0]
    s.scoring_rounds = 0
    s.scored = []
    s.vp = [0] * n
    s.draws = []
    s.battle = []
    s.removals = 0
    s.placing = False
    s.flips_left = 0
    s.passed_home = []
    s.material_left = 0
    s.ops_used = []
    s.assigned = False
    s.most_at_start = []
    s.end_reason = ""
    s.last_battle = []
    s.income = empty(n)
    for player in range(n):
        owe_draws(s, player, comp.start_cards)
    begin_round(s)
    settle(s)
    return s
