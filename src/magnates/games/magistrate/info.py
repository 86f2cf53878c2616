"""What a browser needs once to draw Magistrate: the map, the Judges' path, the Agent Ops board, the deck
and a readable label for every action id, all from the designed components (nothing about a game in
progress, nothing hidden).

People see 1-based numbers: card id 7 is "card 8", province id 0 is province 1 (Northgate).
"""

from __future__ import annotations

from typing import Any

from magnates.games.magistrate.components import COLOURS, JUDGES, Card, Components, OpCell
from magnates.games.magistrate.layout import Layout
from magnates.games.magistrate.phases import PHASES


def cubes_text(counts: tuple[int, int, int] | list[int]) -> str:
    return " + ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n)


def corner_text(card: Card) -> str:
    """The resource corner in words: its cubes, or the number of cards a "2"/"3" card draws."""
    return f"draw {card.cards} cards" if card.cards else cubes_text(card.cubes)


def battle_text(card: Card) -> str:
    losses = []
    if card.attacker_loses:
        losses.append(f"attacker loses {card.attacker_loses}")
    if card.defender_loses:
        losses.append(f"defender loses {card.defender_loses}")
    return ", ".join(losses)


def influence_text(card: Card) -> str:
    return ", ".join(f"{JUDGES[j]} +{s}" for j, s in card.influence)


def card_name(card: Card) -> str:
    return f"card {card.id + 1}"


def card_text(card: Card) -> str:
    """A card's four uses in words, as its aria-label and title."""
    return (
        f"Card {card.id + 1}: resources {corner_text(card)}; battle: {battle_text(card)}; "
        f"agent-op value {card.agent_op}; influence {influence_text(card)}"
    )


def cell_cost(cell: OpCell) -> str:
    costs = []
    if any(cell.pay_stockpile):
        costs.append("pay " + cubes_text(cell.pay_stockpile))
    if any(cell.pay_home):
        costs.append("pay " + cubes_text(cell.pay_home) + " to Home as evidence")
    if cell.discard:
        costs.append("discard a card")
    return ", ".join(costs)


def cell_effect(cell: OpCell) -> str:
    amount = "its agent-op value" if cell.amount == "card" else str(cell.amount)
    colour = COLOURS[cell.colour] if cell.colour >= 0 else ""
    return {
        "gain_cubes": f"gain {amount} {colour}",
        "draw_cards": f"draw {amount} card" + ("" if amount == "1" else "s"),
        "add_soldiers": f"add {amount} soldiers to Home",
        "move_judge": "move one Judge 1 space forward or back",
        "build_fort": "build a Fort where you have the most soldiers (no soldier lost)",
        "sabotage": f"remove up to {amount} soldiers of the strongest rival in a province you share",
    }[cell.effect]


def cell_summary(cell: OpCell) -> str:
    """The cell's op in a few words, as printed on the board."""
    value = "the card's op value" if cell.amount == "card" else str(cell.amount)
    colour = COLOURS[cell.colour] if cell.colour >= 0 else ""
    cost = f"Pay {cubes_text(cell.pay_stockpile)}" if any(cell.pay_stockpile) else ""
    if any(cell.pay_home):
        cost = f"Pay {cubes_text(cell.pay_home)} to Home"
    if cell.discard:
        cost = "Discard a card"
    effect = {
        "gain_cubes": f"gain {colour} = {value}" if cell.amount == "card" else f"gain {value} {colour}",
        "draw_cards": f"draw {value} card",
        "add_soldiers": f"{value} soldiers to Home",
        "move_judge": "move a Judge 1 space",
        "build_fort": "a Fort where you lead",
        "sabotage": f"remove rival soldiers = {value}",
    }[cell.effect]
    return f"{cost} → {effect}"


def _label(comp: Components, action: Any) -> str:
    """The words for one action, naming cards by number and contents, provinces and cells by name."""
    kind = action.kind
    province = comp.provinces
    cards = comp.cards
    if kind == "draw":
        card = cards[action.card]
        return f"{card_name(card).capitalize()} comes off the deck ({corner_text(card)}; {influence_text(card)})"
    if kind == "pass":
        return "Pass"
    if kind == "material":
        card = cards[action.card]
        return f"Discard {card_name(card)} for material: {corner_text(card)}"
    if kind == "secret":
        card = cards[action.card]
        return f"Place {card_name(card)} ({corner_text(card)}) as secret evidence"
    if kind == "conscript":
        return "Conscript: pay 1 purple, add 3 soldiers to Home"
    if kind == "produce":
        return "Production: 1 purple to Home as evidence, draw 1 card"
    if kind == "produce_trade":
        card = cards[action.card]
        return f"Production: 1 purple to Home as evidence, trade {card_name(card)} for {card.cards} cards"
    if kind == "popularity":
        return "Increase Popularity: pay 2 purple, add a Ring to your Flag"
    if kind == "remove_soldier":
        return f"Remove a soldier from {province[action.province].name}"
    if kind == "influence":
        card = cards[action.card]
        way = "forward" if action.forward else "backward"
        return f"Influence Judges with {card_name(card)} ({influence_text(card)}), moving them {way}"
    if kind == "march":
        many = "soldier" if action.count == 1 else "soldiers"
        return f"March {action.count} {many} from {province[action.source].name} to {province[action.target].name}"
    if kind == "fortify":
        return f"Fortify {province[action.province].name}: pay 2 green, build a Fort"
    if kind == "attack":
        return f"Attack Player {action.defender + 1} in {province[action.province].name}: set 2 green aside"
    if kind == "add_agent":
        return "Add an Agent to the Header: pay 1 orange per Agent you have on the board"
    if kind == "assign_agents":
        return "Assign Agents: lift your Agents to the Header and place them again (free)"
    if kind == "place_agent":
        cell = comp.cells[action.cell]
        return f"Place an Agent in {cell.name} ({cell.row.capitalize()} row: {cell_summary(cell)})"
    if kind == "agent_op":
        cell = comp.cells[action.cell]
        text = f"{cell.name}: "
        value = str(cell.amount)
        if action.card >= 0:
            card = cards[action.card]
            value = str(card.agent_op)
            text += f"discard {card_name(card)} (agent-op value {card.agent_op}), "
        elif cell_cost(cell):
            text += cell_cost(cell) + ", "
        if action.judge >= 0:
            text += f"move the {JUDGES[action.judge]} Judge {'forward' if action.forward else 'back'}"
        elif cell.effect == "build_fort":
            text += f"build a Fort in {province[action.province].name}"
        elif cell.effect == "sabotage":
            text += f"remove up to {value} rival soldiers in {province[action.province].name}"
        elif cell.effect == "gain_cubes":
            text += f"gain {value} {COLOURS[cell.colour]}"
        else:
            text += cell_effect(cell)
        return text
    return str(action)


def static_info(layout: Layout) -> dict[str, Any]:
    comp = layout.comp
    homes = list(layout.homes)
    return {
        "provinces": [
            {
                "id": p.id,
                "name": p.name,
                "inner": p.inner,
                "neighbours": list(p.neighbours),
                "home": homes.index(p.id) if p.id in homes else None,
            }
            for p in comp.provinces
        ],
        "roads": sorted({(min(p.id, q), max(p.id, q)) for p in comp.provinces for q in p.neighbours}),
        "homes": homes,
        "judges": [{"id": j, "name": name, "colour": COLOURS[j]} for j, name in enumerate(JUDGES)],
        "colours": list(COLOURS),
        "path": {"spaces": comp.path_spaces, "scoring_rounds": comp.scoring_rounds_to_end},
        "phases": list(PHASES),
        "cells": [
            {
                "id": c.id,
                "row": c.row,
                "name": c.name,
                "cost": cell_cost(c),
                "effect": cell_effect(c),
                "summary": cell_summary(c),
                "blocked": c.id in layout.blocked,
            }
            for c in comp.cells
        ],
        "deck": [
            {
                "id": c.id,
                "number": c.id + 1,
                "cubes": list(c.cubes),
                "cards": c.cards,
                "attacker": c.attacker_loses,
                "defender": c.defender_loses,
                "op": c.agent_op,
                "influence": [list(pair) for pair in c.influence],
                "text": card_text(c),
                "corner": corner_text(c),
                "battle": battle_text(c),
            }
            for c in comp.cards
        ],
        "stock": {"soldiers": comp.soldiers, "forts": comp.forts, "rings": comp.rings, "agents": comp.agents},
        "labels": {str(i): _label(comp, a) for i, a in enumerate(layout.ids.actions)},
    }
