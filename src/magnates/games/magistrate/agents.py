"""Add/Assign Agents and the Agent Ops that agents in the board's cells may run.

A cell holds at most one agent of each player, and blocking chips close cells
in smaller games (docs/rules/magistrate.md, "Agent Ops board", says why cells
are not exclusive between players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.magistrate.components import JUDGES, ORANGE, OpCell
from magnates.games.magistrate.income import OP_SOURCES, earn
from magnates.games.magistrate.judges import player_target
from magnates.games.magistrate.military import build_fort
from magnates.games.magistrate.supply import cards_left, discard_from_hand, gain_cubes, owe_draws

if TYPE_CHECKING:
    from magnates.games.magistrate.state import MagistrateState

ROWS = {"people": 0, "military": 1}


def add_agent_cost(s: MagistrateState, player: int) -> int:
    """One orange cube per agent the player already has on the board."""
    return s.agents_on_board(player)


def free_cells(s: MagistrateState, player: int) -> list[int]:
    """Open cells (no blocking chip) where the player has no agent yet."""
    return [c for c, here in enumerate(s.placed[player]) if not here and c not in s.blocked]


def legal(s: MagistrateState, player: int) -> list[int]:
    ids = s.ids
    out = [ids.pass_]
    if s.placing:
        if s.header[player]:
            out += [ids.place_agent[c] for c in free_cells(s, player)]
        return out
    if s.stock_agents[player] and s.supply[player][ORANGE] >= add_agent_cost(s, player):
        out.append(ids.add_agent)
    if not s.assigned and (any(s.placed[player]) or (s.header[player] and free_cells(s, player))):
        out.append(ids.assign_agents)
    return out


def add_agent(s: MagistrateState, player: int) -> None:
    cost = add_agent_cost(s, player)
    s.supply[player][ORANGE] -= cost
    s.stockpile[ORANGE] += cost
    s.stock_agents[player] -= 1
    s.header[player] += 1


def assign_agents(s: MagistrateState, player: int) -> None:
    """Lift all of one's agents to the Header, then place them one by one (PlaceAgent, then pass)."""
    row = s.placed[player]
    s.header[player] += sum(row)
    row[:] = [0] * len(row)
    s.assigned = True
    s.placing = True


def place_agent(s: MagistrateState, player: int, cell: int) -> None:
    s.header[player] -= 1
    s.placed[player][cell] = 1


# -- Agent Ops ----------------------------------------------------------------------------


def ops_legal(s: MagistrateState, player: int, row: str) -> list[int]:
    out = [s.ids.pass_]
    for cell in s.comp.cells:
        if cell.row == row and s.placed[player][cell.id] and cell.id not in s.ops_used:
            out += op_choices(s, player, cell)
    return out


def _affordable(s: MagistrateState, player: int, cell: OpCell) -> bool:
    supply = s.supply[player]
    return all(supply[c] >= cell.pay_stockpile[c] + cell.pay_home[c] for c in range(3))


def op_choices(s: MagistrateState, player: int, cell: OpCell) -> list[int]:
    if not _affordable(s, player, cell):
        return []
    table = s.ids.agent_op
    cards = sorted(set(s.hands[player])) if cell.discard else [-1]
    if not cards:
        return []
    effect = cell.effect
    if effect == "move_judge":
        spaces = s.comp.path_spaces
        params = [
            (-1, j, fw, -1)
            for j in range(3)
            for fw in (False, True)
            if player_target(s.judges[j], 1, fw, spaces) is not None
        ]
    elif effect == "build_fort":
        if not s.stock_forts[player]:
            return []
        params = [(-1, -1, False, p) for p in range(len(s.forts)) if s.forts[p] < 0 and s.has_most(player, p)]
    elif effect == "sabotage":
        params = [(-1, -1, False, p) for p in range(len(s.forts)) if sabotage_target(s, player, p) >= 0]
    elif not _effect_possible(s, player, effect):
        return []
    else:
        params = [(-1, -1, False, -1)]
    return [table[(cell.id, card, j, fw, p)] for card in cards for (_, j, fw, p) in params]


def _effect_possible(s: MagistrateState, player: int, effect: str) -> bool:
    """A draw needs a card left to draw; a levy needs soldiers left in stock."""
    if effect == "draw_cards":
        return cards_left(s)
    if effect == "add_soldiers":
        return s.stock_soldiers[player] > 0
    return True


def sabotage_target(s: MagistrateState, player: int, province: int) -> int:
    """The rival with the most soldiers in a province one shares (ties: the nearest seat to the left)."""
    if not s.soldiers[player][province]:
        return -1
    best, best_count = -1, 0
    for offset in range(1, s.n):
        q = (player + offset) % s.n
        count = s.soldiers[q][province]
        if count > best_count:
            best, best_count = q, count
    return best


def run_op(s: MagistrateState, player: int, cell_id: int, card: int, judge: int, forward: bool, province: int) -> None:
    cell = s.comp.cells[cell_id]
    s.ops_used.append(cell_id)
    supply = s.supply[player]
    for c in range(3):
        supply[c] -= cell.pay_stockpile[c] + cell.pay_home[c]
        s.stockpile[c] += cell.pay_stockpile[c]
        s.evidence[player][c] += cell.pay_home[c]
    if card >= 0:
        discard_from_hand(s, player, card)
    amount = s.comp.cards[card].agent_op if cell.amount == "card" else int(cell.amount)
    effect = cell.effect
    if effect == "gain_cubes":
        counts = [0, 0, 0]
        counts[cell.colour] = amount
        earn(s, player, OP_SOURCES[cell.name], gain_cubes(s, supply, counts))
    elif effect == "draw_cards":
        owe_draws(s, player, amount)
    elif effect == "add_soldiers":
        added = min(amount, s.stock_soldiers[player])
        s.stock_soldiers[player] -= added
        s.soldiers[player][s.home[player]] += added
    elif effect == "move_judge":
        target = player_target(s.judges[judge], 1, forward, s.comp.path_spaces)
        if target is None:  # op_choices lists only moves the Judge can make
            raise ValueError(f"Agent Op cannot move the {JUDGES[judge]} Judge {'forward' if forward else 'backward'}")
        s.judges[judge] = target
    elif effect == "build_fort":
        build_fort(s, player, province)
    elif effect == "sabotage":
        victim = sabotage_target(s, player, province)
        removed = min(amount, s.soldiers[victim][province])
        s.soldiers[victim][province] -= removed
        s.stock_soldiers[victim] += removed
