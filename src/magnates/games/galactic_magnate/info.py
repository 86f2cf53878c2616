"""The fixed data a drawn table needs (`Game.info()`): the board, the monopolies and every table.

Built from `board.py`, so the browser never keeps its own copy of a number. Nothing here changes
during a game and nothing is hidden: it is what a person reads on the board and the rules page.
"""

from __future__ import annotations

from typing import Any

from magnates.games.galactic_magnate.actions import MONEY_STEPS
from magnates.games.galactic_magnate.board import (
    BONUS,
    DORMITORY,
    METEOR_SHOWER,
    PRISON,
    START,
    TABLES,
    Tables,
)
from magnates.games.galactic_magnate.income import SOURCES
from magnates.games.galactic_magnate.trading import MAX_BUILD_STEPS


def static_info(players: int, tables: Tables = TABLES) -> dict[str, Any]:
    t = tables
    return {
        "board": {
            "locations": [
                {
                    "index": loc.index,
                    "name": loc.name,
                    "kind": loc.kind,
                    "group": loc.group if loc.group >= 0 else None,
                    "price": loc.price or None,
                    "mortgage": loc.mortgage or None,
                }
                for loc in t.locations
            ],
            "groups": [
                {
                    "index": g.index,
                    "name": g.name,
                    "color": g.color,
                    "locations": list(g.locations),
                    "upgrade": g.upgrade_price,
                    "fees": list(g.fees),
                }
                for g in t.groups
            ],
            "corners": {"start": START, "dormitory": DORMITORY, "meteor": METEOR_SHOWER, "prison": PRISON},
            "bonus": BONUS,
        },
        "characters": list(t.characters),
        "income sources": list(SOURCES),
        "events": [{"key": e.key, "title": e.title, "text": e.text, "choice": e.choice} for e in t.events],
        "tables": {
            "start cash": t.start_cash[players],
            "start salary": t.start_salary[players],
            "bonus money": t.bonus_money[players],
            "utility fees": list(t.utility_fees),
            "extractor profits": list(t.extractor_profits),
            "collapse expenses": t.collapse_expenses,
            "interest percent": t.interest_percent,
            "middleman percent": t.middleman_percent,
            "auction opening": t.player_auction_opening,
            "seller percent": t.player_auction_seller_percent,
            "prison turns": t.prison_turns,
            "max level": t.max_upgrade_level,
            "raises": list(t.raises),
            "offer money steps": list(MONEY_STEPS),
            "offer build steps": MAX_BUILD_STEPS,
            "recession every rounds": t.recession_every_rounds,
            "recession change": t.recession_salary_change,
        },
    }
