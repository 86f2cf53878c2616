"""Terminal drawing of a Magnate view with Rich (fits 80 columns)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from magnates.decktet import Suit

if TYPE_CHECKING:
    from magnates.core.game import Game

SUIT_STYLE = {
    "Moons": "bright_white",
    "Suns": "yellow",
    "Waves": "cyan",
    "Leaves": "green",
    "Wyrms": "red",
    "Knots": "magenta",
}
SUIT_SHORT = {"Moons": "Mo", "Suns": "Su", "Waves": "Wa", "Leaves": "Le", "Wyrms": "Wy", "Knots": "Kn"}


def suits_text(suits: list[str]) -> Text:
    text = Text()
    for suit in suits:
        text.append(SUIT_SHORT[suit], style=SUIT_STYLE[suit])
    return text


def card_text(game: Game, label: str, *, deed: bool = False, paid: Mapping[str, int] | None = None) -> Text:
    card = game.deck.cards[game.card_index[label]]  # type: ignore[attr-defined]
    rank = {"ace": "A", "court": "C"}.get(card.kind.value, str(card.rank))
    name = card.name.removeprefix("The ").removeprefix("Ace of ")
    if card.copy:
        name += f"#{card.copy + 1}"
    text = Text(f"{rank} {name} ")
    text.append_text(suits_text([Suit(s).title for s in card.suits]))
    if deed:
        done = sum((paid or {}).values())
        cost = game.deck.develop_cost[game.card_index[label]]  # type: ignore[attr-defined]
        text.append(f" [deed {done}/{cost}]", style="dim")
    return text


def tokens_text(tokens: Mapping[str, int]) -> Text:
    text = Text()
    for suit, n in tokens.items():
        text.append(f"{SUIT_SHORT[suit]}{n} ", style=SUIT_STYLE[suit] if n else "dim")
    return text


def side_name(view: Mapping[str, Any], side: int) -> str:
    if view["sides"][side]["automa"]:
        return "Automa"
    return "You" if view["seat"] == side else f"Player {side + 1}"


def render(game: Game, view: Mapping[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    dice = view["dice"]
    if view["turn"] > 0:
        head = Text(f"Magnate - turn {view['turn']}, Player {view['turn_player'] + 1} to play", style="bold")
    else:  # turns count from the first roll, as on the web page
        head = Text("Magnate - setup: dealing Crowns and hands", style="bold")
    if dice:
        head.append(f"   dice {dice[0]} {dice[1]}")
    if view["taxed"]:
        head.append("   taxed: " + ", ".join(view["taxed"]), style="red")
    parts.append(head)
    pile = f"draw pile {view['draw_pile']}, discards {len(view['discard'])}, pile ran out {view['exhaustions']}x"
    if view["final_turns_left"] is not None:
        pile += f" - FINAL TURNS: {view['final_turns_left']} left"
    parts.append(Text(pile, style="dim"))

    sides = len(view["sides"])
    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column("District", no_wrap=True)
    for side in range(sides):
        table.add_column(side_name(view, side), overflow="fold")
    for district in view["districts"]:
        name = Text(district["name"].removeprefix("The ") + " ")
        name.append_text(suits_text(district["suits"]) if district["suits"] else Text("any", style="dim"))
        cells: list[RenderableType] = [name]
        for side, lane in enumerate(district["lanes"]):
            if side not in district["contested_by"]:
                cells.append(Text("-", style="dim"))
                continue
            cell = Text()
            for entry in lane:
                if cell:
                    cell.append("\n")
                cell.append_text(card_text(game, entry["card"], deed=entry["deed"], paid=entry.get("paid")))
            cells.append(cell or Text("."))
        table.add_row(*cells)
    parts.append(table)

    for side, info in enumerate(view["sides"]):
        line = Text(f"{side_name(view, side)}: ", style="bold")
        if not info["automa"]:
            line.append_text(tokens_text(info["tokens"]))
        line.append(" crowns ")
        line.append_text(suits_text([game.deck.crowns[game.crown_index[c]].suits[0].title for c in info["crowns"]]))  # type: ignore[attr-defined]
        if not info["automa"]:
            line.append(f"  hand {info['hand_size']}")
        parts.append(line)
    seat = view["seat"]
    if seat is not None and view["sides"][seat]["hand"] is not None:
        hand = Text("Your hand: ", style="bold")
        for i, label in enumerate(view["sides"][seat]["hand"]):
            if i:
                hand.append(" | ")
            hand.append_text(card_text(game, label))
        parts.append(hand)
    for pending in view["pending_income"]:
        parts.append(
            Text(f"Player {pending['player'] + 1} chooses income from the deed {pending['card']}", style="yellow")
        )
    if view["sold_card"]:
        parts.append(Text(f"Place {view['sold_card']} on the automa's side", style="yellow"))
    return Group(*parts)
