"""Log lines name people by their names, and the solo automa by itself.

The games word their log with seat numbers ("Player 2 draws a card", "attack Player 3 in Gallia"):
they know no names. At a table the seats have names, and a log that says "Player 1" of Ana makes a
reader translate. `named` puts each seat's name in place of its number as a line is sent; `speaker`
gives a line that the solo automa's move words ("the automa builds The Bard at The Excuse") to the
automa, not to the person who placed the card for it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SEAT_WORDS = re.compile(r"\bPlayer (\d+)\b")
AUTOMA = "the automa "
AUTOMA_NAME = "Automa"


def named(text: str, names: Sequence[str]) -> str:
    """`text` with "Player N" replaced by seat N's name (1-based, as the games write it)."""
    if "Player " not in text:
        return text

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return SEAT_WORDS.sub(name, text)


def speaker(who: str, text: str) -> tuple[str, str]:
    """Who a log line is shown as said by, and its text: a move the line words as the automa's
    (not a chance event dealt to it) is the automa's."""
    if who != "chance" and text.startswith(AUTOMA):
        return AUTOMA_NAME, text[len(AUTOMA) :]
    return who, text
