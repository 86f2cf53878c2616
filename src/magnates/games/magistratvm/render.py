"""A Rich picture of a Magistratvm view for terminal play (fits 80 columns).

Drawn from the view only: the circuit as two columns of three Provinces (places
numbered clockwise), the Table of Offices (filled circle = active Magistrate,
open circle = inactive, dot = vacant seat), and one line per player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from magnates.core.game import Game
from magnates.games.magistratvm.components import SLOT_GRID, VALUE_NAMES

COLOURS = ("red", "green", "blue", "yellow")


def _seat(seat: int) -> Text:
    return Text(f"P{seat + 1}", style=f"bold {COLOURS[seat % len(COLOURS)]}")


def _province(cell: Mapping[str, Any] | None, place: int) -> Text:
    if cell is None:
        return Text(f"{place + 1}. (empty)", style="dim")
    text = Text(f"{cell['place']}. {cell['tile']}", style="bold")
    text.append(f"  value {cell['value']}")
    if cell["gold"]:
        text.append(f"  {cell['gold']} gold", style="yellow")
    tokens = [(seat, count) for seat, count in enumerate(cell["tokens"]) if count]
    text.append("\n   ")
    if not tokens:
        text.append("no tokens", style="dim")
    for seat, count in tokens:
        text.append_text(_seat(seat))
        text.append(f":{count} ")
    return text


def _circuit(view: Mapping[str, Any]) -> Table:
    table = Table(title="Electoral circuit (places clockwise)", show_header=False, expand=False, padding=(0, 1))
    table.add_column(width=34)
    table.add_column(width=34)
    provinces = view["provinces"]
    for left, right in SLOT_GRID:
        table.add_row(_province(provinces[left], left), _province(provinces[right], right))
    return table


def _offices(view: Mapping[str, Any]) -> Table:
    table = Table(title="Offices of Rome", expand=False, padding=(0, 1))
    table.add_column("office")
    table.add_column("infl", justify="right")
    table.add_column("seats")
    for office in reversed(view["offices"]):
        cell = Text()
        used = 0
        for seat, count in enumerate(office["active"]):
            for _ in range(count):
                cell.append_text(_seat(seat))
                cell.append("● ")
                used += 1
        for seat, count in enumerate(office["inactive"]):
            for _ in range(count):
                cell.append_text(_seat(seat))
                cell.append("○ ")
                used += 1
        cell.append("· " * max(0, office["seats"] - used), style="dim")
        table.add_row(office["office"], str(office["influence"]), cell)
    return table


def _players(view: Mapping[str, Any]) -> Table:
    table = Table(title="Players", expand=False, padding=(0, 1))
    for name, justify in (("", "left"), ("gold", "right"), ("die", "right"), ("tokens", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column("patr.", justify="right")
    table.add_column("infl.", justify="right")
    table.add_column("provinces won (G = governor)")
    for seat in range(view["players"]):
        estate = view["estates"][seat]
        won = " ".join(
            f"{p['tile']}{'G' if p['governor'] else ''}{'+' + str(p['gold']) + 'g' if p['gold'] else ''}"
            for p in estate["provinces"]
        )
        label = _seat(seat)
        if seat == view["prefect"]:
            label.append(" Prefect", style="italic")
        if seat == view["seat"]:
            label.append(" (you)")
        table.add_row(
            label,
            str(estate["available_gold"]),
            VALUE_NAMES[view["dice"][seat]],
            str(view["estate_tokens"][seat]),
            str(view["patricians"][seat]),
            str(estate["influence"]),
            won or "-",
        )
    return table


def render(game: Game, view: Mapping[str, Any]) -> RenderableType:
    turn = f"turn {view['turn']}" if view["turn"] > 0 else "setup"  # as on the web page
    header = Text(f"Magistratvm, {turn}: {view['phase_name']}", style="bold")
    if view["final"]:
        header.append("  (FINAL CIRCUIT: most influence wins, a tie discards)", style="bold red")
    if view["prefect_gold"]:
        header.append(f"  {view['prefect_gold']} gold on the Prefect space", style="yellow")
    if view["decider"] >= 0 and view["phase_name"] not in ("game over",):
        header.append("  to decide: ")
        header.append_text(_seat(view["decider"]))
    parts: list[RenderableType] = [header, _circuit(view), _offices(view), _players(view)]
    if view["redistribution"]:
        waiting = Text("tokens to redistribute: ")
        for seat, count in view["redistribution"]:
            waiting.append_text(_seat(seat))
            waiting.append(f":{count} ")
        parts.append(waiting)
    return Group(*parts)
