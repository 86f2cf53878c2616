"""Terminal drawing of a Galactic Magnate view with Rich: economy, players, board, auction, offers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from magnates.games.galactic_magnate.board import TABLES, Tables

if TYPE_CHECKING:
    from magnates.core.game import Game

SEAT_STYLE = ("bold red", "bold green", "bold yellow", "bold cyan", "bold magenta")
RICH_COLOR = {"brown": "orange4", "orange": "dark_orange"}
"""Monopoly colors that Rich spells differently."""


def seat_text(seat: int) -> Text:
    return Text(f"P{seat + 1}", style=SEAT_STYLE[seat % len(SEAT_STYLE)])


def economy_line(view: Mapping[str, Any]) -> Text:
    text = Text()
    if view["collapsed"]:
        text.append("ECONOMY COLLAPSED", style="bold red")
        text.append(f"  expenses on passing Start: {view['expenses']}")
    else:
        text.append(f"Salary: {view['salary']}", style="bold")
    turn = f"turn {view['turns']}" if view["turns"] > 0 else "setup"  # turns count from the first roll
    text.append(f"   round {view['rounds'] + 1} of at most {view['max_rounds']}   {turn}")
    return text


def players_table(view: Mapping[str, Any], t: Tables = TABLES) -> Table:
    table = Table(title="Players (in playing order)", title_justify="left", expand=False)
    for column in ("", "character", "cash", "credit", "at", "state"):
        table.add_column(column)
    holder = view["order"][view["turn"]] if view["phase_name"] not in ("characters", "order") else -1
    for seat in view["order"]:
        character = view["characters"][seat]
        name = t.characters[character] if character >= 0 else "-"
        if not view["alive"][seat]:
            state = Text("resigned", style="dim")
        elif view["prison"][seat]:
            state = Text(f"in Prison, {view['prison'][seat]} turns to skip", style="red")
        else:
            state = Text("to play" if seat == holder else "")
        if seat == view.get("seat"):
            state.append(" (you)", style="bold")
        cash = view["cash"][seat]
        table.add_row(
            seat_text(seat),
            name,
            Text(str(cash), style="red" if cash < 0 else ""),
            str(view["credit"][seat]),
            t.locations[view["pos"][seat]].name,
            state,
        )
    return table


def location_text(view: Mapping[str, Any], index: int, t: Tables = TABLES) -> Text:
    """One location: number, name in its monopoly's color, owner and level or price, who stands there."""
    loc = t.locations[index]
    text = Text(f"{loc.index:>2} ")
    color = t.groups[loc.group].color if loc.group >= 0 else ""
    style = RICH_COLOR.get(color, color)
    text.append(loc.name, style=style)
    owner = view["owner"][loc.index]
    if owner >= 0:
        text.append(" ")
        text.append_text(seat_text(owner))
        if loc.group >= 0 and view["level"][loc.group]:
            text.append(f" L{view['level'][loc.group]}", style="bold")
    elif loc.price:
        text.append(f" {loc.price}", style="dim")
    for seat, at in enumerate(view["pos"]):
        if at == loc.index and view["alive"][seat]:
            text.append(" *")
            text.append_text(seat_text(seat))
    return text


def board_tables(view: Mapping[str, Any], t: Tables = TABLES) -> list[Table]:
    """The 40 locations clockwise from Start, two sides per table so that it fits 80 columns."""
    tables = []
    for first, second in ((0, 1), (2, 3)):
        table = Table(show_header=False, pad_edge=False, box=None, padding=(0, 2))
        table.add_column(no_wrap=True, min_width=36)
        table.add_column(no_wrap=True)
        for row in range(10):
            table.add_row(location_text(view, first * 10 + row, t), location_text(view, second * 10 + row, t))
        tables.append(table)
    return tables


def pending_lines(game: Game, view: Mapping[str, Any]) -> list[RenderableType]:
    t: Tables = getattr(game, "tables", TABLES)
    out: list[RenderableType] = []
    if view["phase_name"] == "auction":
        loc = t.locations[view["a_loc"]]
        high = view["a_high"]
        who = f"Player {high + 1}" if high >= 0 else "nobody yet"
        kind = "Player auction" if view["a_player"] else "Auction"
        out.append(
            Text(
                f"{kind} of {loc.name} (seller Player {view['a_seller'] + 1}): high bid {view['a_bid']} by {who}; "
                f"Player {view['a_next'] + 1} to bid",
                style="bold",
            )
        )
    if view["event_key"] is not None:
        event = t.events[view["event"]]
        out.append(Text(f"Fortune: {event.title}. {event.text}", style="bold"))
    for offer in view["offers"]:
        out.append(Text(f"Open offer: {offer['text']}"))
    draft = view.get("draft")
    if draft is not None:
        out.append(Text(f"Offer being built ({draft['steps_left']} steps left): {draft['text']}", style="bold"))
        if view.get("seat") == draft["from"]:
            out.append(Text('Set its cash in one go: type "offer 230", "ask 120" or "no cash".', style="dim"))
    return out


def render(game: Game, view: Mapping[str, Any]) -> RenderableType:
    t: Tables = getattr(game, "tables", TABLES)
    parts: list[RenderableType] = [economy_line(view), players_table(view, t), *board_tables(view, t)]
    parts += pending_lines(game, view)
    return Group(*parts)
