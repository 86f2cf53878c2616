"""Add/Assign Agents and the Agent Ops that agents in the board's cells may run.

A cell holds at most one agent of each player, and blocking chips close cells
in smaller games (docs/rules/magistrate.md, "Agent Ops board", says why cells
are not exclusive between players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.core.actions import Action
from magnates.games.magistrate.actions import AddAgent, AgentOp, AssignAgents, Pass, PlaceAgent
from magnates.games.magistrate.components import JUDGES, ORANGE, OpCell
from magnates.games.magistrate.income import OP_SOURCES, earn
from magnates.games.magistrate.judges import player_target
from magnates.games.magistrate.phases import NEXT_PLAYER, SAME_PLAYER, Then
from magnates.games.magistrate.supply import build_fort, cards_left, discard_from_hand, gain_cubes, owe_draws

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position


def add_agent_cost(s: Position, player: int) -> int:
    """One orange cube per agent the player already has on the board."""
    return s.agents_on_board(player)


def free_cells(s: Position, player: int) -> list[int]:
    """Open cells (no blocking chip) where the player has no agent yet."""
    return [c for c, here in enumerate(s.placed[player]) if not here and c not in s.blocked]


def legal(s: Position, player: int) -> list[int]:
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


def apply(s: Position, player: int, action: Action) -> Then:
    """Add/Assign Agents: add agents (paying orange for each) and assign them once, until he passes.

    Assigning lifts every agent to the Header and places them one by one; the pass that ends the
    placing does not end the turn.
    """
    match action:
        case Pass() if s.placing:
            s.placing = False
        case Pass():
            return NEXT_PLAYER
        case AddAgent():
            add_agent(s, player)
        case AssignAgents():
            assign_agents(s, player)
        case PlaceAgent(cell):
            place_agent(s, player, cell)
        case _:
            raise ValueError(f"{action} is not an Add/Assign Agents action")
    return SAME_PLAYER


def add_agent(s: Position, player: int) -> None:
    cost = add_agent_cost(s, player)
    s.supply[player][ORANGE] -= cost
    s.stockpile[ORANGE] += cost
    s.stock_agents[player] -= 1
    s.header[player] += 1


def assign_agents(s: Position, player: int) -> None:
    """Lift all of one's agents to the Header, then place them one by one (PlaceAgent, then pass)."""
    row = s.placed[player]
    s.header[player] += sum(row)
    row[:] = [0] * len(row)
    s.assigned = True
    s.placing = True


def place_agent(s: Position, player: int, cell: int) -> None:
    s.header[player] -= 1
    s.placed[player][cell] = 1


# -- Agent Ops ----------------------------------------------------------------------------


def legal_people_ops(s: Position, player: int) -> list[int]:
    """Agent Ops: People: the ops of the People row's cells where the player has an agent."""
    return ops_legal(s, player, "people")


def legal_military_ops(s: Position, player: int) -> list[int]:
    """Agent Ops: Military: the ops of the Military row's cells where the player has an agent."""
    return ops_legal(s, player, "military")


def apply_op(s: Position, player: int, action: Action) -> Then:
    """Each agent on the board runs its cell's op at most once a phase, until the player passes."""
    match action:
        case Pass():
            return NEXT_PLAYER
        case AgentOp(cell, card, judge, forward, province):
            run_op(s, player, cell, card, judge, forward, province)
        case _:
            raise ValueError(f"{action} is not an Agent Op")
    return SAME_PLAYER


def ops_legal(s: Position, player: int, row: str) -> list[int]:
    out = [s.ids.pass_]
    for cell in s.comp.cells:
        if cell.row == row and s.placed[player][cell.id] and cell.id not in s.ops_used:
            out += op_choices(s, player, cell)
    return out


def _affordable(s: Position, player: int, cell: OpCell) -> bool:
    supply = s.supply[player]
    return all(supply[c] >= cell.pay_stockpile[c] + cell.pay_home[c] for c in range(3))


def op_choices(s: Position, player: int, cell: OpCell) -> list[int]:
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


def _effect_possible(s: Position, player: int, effect: str) -> bool:
    """A draw needs a card left to draw; a levy needs soldiers left in stock."""
    if effect == "draw_cards":
        return cards_left(s)
    if effect == "add_soldiers":
        return s.stock_soldiers[player] > 0
    return True


def sabotage_target(s: Position, player: int, province: int) -> int:
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


def run_op(s: Position, player: int, cell_id: int, card: int, judge: int, forward: bool, province: int) -> None:
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
