"""Table chat: what a seated player says, as plain text (the browser escapes it), with the step."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from magnates.server.errors import BadInput, Forbidden
from magnates.server.storage import ChatMessage
from magnates.server.tables import Table

MAX_CHAT = 500  # characters of one message, after trimming
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # control characters but tab and newline


def chat_text(text: Any) -> str:
    """A message as given, trimmed, without control characters (PostgreSQL refuses NUL); 1-500 characters."""
    if not isinstance(text, str):
        raise BadInput("a chat message is a text (`text`)")
    cleaned = _CONTROL.sub("", text).strip()
    if not cleaned:
        raise BadInput("a chat message cannot be empty")
    if len(cleaned) > MAX_CHAT:
        raise BadInput(f"a chat message is at most {MAX_CHAT} characters; this one has {len(cleaned):,}")
    return cleaned


def chat_message(table: Table, seat: int | None, text: Any) -> ChatMessage:
    """A message from `seat` (spectators read the chat but may not write in it)."""
    if seat is None:
        raise Forbidden("spectators read the chat; only the game's players may write in it")
    return ChatMessage(seat, table.name(seat), chat_text(text), table.step, dt.datetime.now(dt.UTC))
