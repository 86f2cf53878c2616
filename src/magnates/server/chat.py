"""Table chat: what a seated player says, as plain text (the browser escapes it), with the step."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from magnates.core.errors import RecordError
from magnates.server.errors import BadInput, Forbidden
from magnates.server.seats import clean_name
from magnates.server.storage import ChatMessage, Store
from magnates.server.tables import CHAT_KEPT, Table

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


def recorded_chat(table: Table, said: Any) -> list[ChatMessage]:
    """The chat of an exported record (`meta.chat`), checked like messages said at a table: a seat of
    the game, a step of the record, plain text; a record without one has none. RecordError names the
    first message that is wrong."""
    if said is None:
        return []
    if not isinstance(said, list):
        raise RecordError("the record's chat (meta.chat) is a list of messages")
    out = []
    for index, message in enumerate(said):
        try:
            if not isinstance(message, dict):
                raise BadInput("a message is an object {seat, name, text, step, at}")
            seat, step = message.get("seat"), message.get("step")
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
                raise BadInput("its seat is not one of the game's")
            if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= table.step:
                raise BadInput("its step is not one of the record's")
            name = message.get("name")
            at = dt.datetime.fromisoformat(str(message.get("at")).replace("Z", "+00:00"))
            cleaned = clean_name(name if isinstance(name, str) else None) or table.name(seat)
            at = at if at.tzinfo else at.replace(tzinfo=dt.UTC)
            out.append(ChatMessage(seat, cleaned, chat_text(message.get("text")), step, at))
        except (BadInput, ValueError) as err:
            raise RecordError(f"chat message {index + 1} of the record cannot be imported: {err}") from None
    return out


def store_chat(store: Store, table: Table, messages: list[ChatMessage]) -> None:
    """Store a record's chat with its imported game, so its replay shows each message at its step."""
    for message in messages:
        store.add_chat(table.id, message)
    table.chat = [m.to_json() for m in messages[-CHAT_KEPT:]]
