"""The terminal picture of a Magistrate view: Judges, players, map, Agent Ops board, hand.

Only the view is drawn, so a seat never sees more here than its bots would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from magnates.core.game import Game
from magnates.games.magistrate.actions import card_name
from magnates.games.magistrate.components import COLOURS, JUDGES, Components, components

STYLE = {"purple": "magenta", "green": "green", "orange": "dark_orange"}
SEAT_STYLE = ("bold cyan", "bold yellow", "bold red", "bold blue")


def _cubes(counts: list[int]) -> Text:
    text = Text()
    for colour, count in zip(COLOURS, counts, strict=True):
        text.append(f"{count}{colour[0].upper()} ", style=STYLE[colour])
    return text


def _seat(player: int) -> Text:
    return Text(f"P{player + 1}", style=SEAT_STYLE[player % len(SEAT_STYLE)])


def judges_table(view: Mapping[str, Any], comp: Components) -> Table:
    spaces = comp.path_spaces
    table = Table(title=f"Judges' path (scoring rounds {view['scoring_rounds']})", show_header=False)
    for judge, position in enumerate(view["judges"]):
        track = " ".join("H" if i == 0 and position != 0 else ("●" if i == position else "·") for i in range(spaces))
        table.add_row(JUDGES[judge], Text(track, style=STYLE[COLOURS[judge]]))
    return table


def players_table(view: Mapping[str, Any]) -> Table:
    table = Table(title=f"Round {view['round']} · {view['phase_name']}")
    for column in ("seat", "VP", "rings", "forts", "agents", "soldiers", "cubes", "evidence", "cards", "secret"):
        table.add_column(column)
    n = len(view["vp"])
    for p in range(n):
        seat = _seat(p)
        if p == view["first"]:
            seat.append(" (first)")
        if p == view["you"]:
            seat.append(" you")
        table.add_row(
            seat,
            str(view["vp"][p]),
            str(view["rings"][p]),
            str(view["forts"].count(p)),
            str(view["header"][p] + sum(view["placed"][p])),
            str(sum(view["soldiers"][p])),
            _cubes(view["supply"][p]),
            _cubes(view["evidence"][p]),
            str(view["hand_sizes"][p]),
            str(view["secret_sizes"][p]),
        )
    return table


def map_table(view: Mapping[str, Any], comp: Components) -> Table:
    table = Table(title="Provinces")
    for column in ("province", "next to", "fort", "soldiers"):
        table.add_column(column)
    homes = view["homes"]
    for province in comp.provinces:
        name = Text(province.name)
        if province.id in homes:
            name.append(" (Home ")
            name.append(_seat(homes.index(province.id)))
            name.append(")")
        fort = view["forts"][province.id]
        soldiers = Text()
        for p in range(len(view["vp"])):
            count = view["soldiers"][p][province.id]
            if count:
                soldiers.append(_seat(p))
                soldiers.append(f"×{count} ")
        table.add_row(
            name,
            ", ".join(comp.provinces[q].name for q in province.neighbours),
            _seat(fort) if fort >= 0 else Text("-"),
            soldiers,
        )
    return table


def ops_table(view: Mapping[str, Any], comp: Components) -> Table:
    table = Table(title="Agent Ops board")
    for column in ("row", "op", "agents"):
        table.add_column(column)
    for cell in comp.cells:
        if cell.id in view["blocked"]:
            agents = Text("blocking chip", style="dim")
        else:
            agents = Text()
            for p in range(len(view["vp"])):
                if view["placed"][p][cell.id]:
                    agents.append(_seat(p))
                    agents.append(" ")
        table.add_row(cell.row, cell.describe(), agents)
    return table


def hand_table(view: Mapping[str, Any], comp: Components) -> Table:
    table = Table(title="Your hand")
    for column in ("card", "resources", "battle", "op", "influence"):
        table.add_column(column)
    for card_id in view["hand"]:
        card = comp.cards[card_id]
        table.add_row(
            card_name(card.id),
            card.corner_text(),
            f"A-{card.attacker_loses} D-{card.defender_loses}",
            str(card.agent_op),
            card.influence_text(),
        )
    if view["my_secret"]:
        table.caption = "secret evidence: " + ", ".join(
            f"{card_name(c)} [{comp.cards[c].corner_text()}]" for c in view["my_secret"]
        )
    return table


def render(game: Game, view: Mapping[str, Any]) -> RenderableType:
    comp: Components = getattr(game, "comp", None) or components()
    parts: list[RenderableType] = [
        judges_table(view, comp),
        players_table(view),
        map_table(view, comp),
        ops_table(view, comp),
    ]
    if view.get("last_battle"):
        attacker, defender, province, winner = view["last_battle"]
        outcome = {-1: "both sides wiped out", -2: "no card left to flip"}.get(winner, f"P{winner + 1} won")
        where = comp.provinces[province].name
        parts.append(Text(f"Last battle: P{attacker + 1} attacked P{defender + 1} in {where}: {outcome}"))
    if view.get("hand") is not None:
        parts.append(hand_table(view, comp))
    parts.append(Text(f"Deck {view['deck_size']} cards · discard pile {len(view['discard'])}"))
    return Group(*parts)
