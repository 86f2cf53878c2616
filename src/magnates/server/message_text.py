"""A seat's state message as JSON text, put together from parts that are encoded once.

Encoding the whole message for every seat after every move was the largest cost of a move
(about 7 KB of JSON per seat, most of it unchanged since the last move). Only the view and the
small per-move fields are encoded per seat and change; the table's fixed fields, its players and
chat (per revision), each legal action (per game) and each log entry (per step and viewer) are
encoded once and joined. The text is exactly `compact(snapshot(table, seat))`: same keys, same
order (`tests/server/test_message_text.py` compares them over whole games).
"""

from __future__ import annotations

import operator
import time
from typing import Any

from magnates.core.game import CHANCE
from magnates.server.log_names import named, speaker
from magnates.server.snapshots import (
    LOG_TAIL,
    action_entry,
    can_undo,
    compact,
    players,
    public_action,
    result_json,
    reveal,
    timer,
)
from magnates.server.tables import LogTexts, Table


def snapshot_text(table: Table, seat: int | None) -> str:
    """`snapshot` as compact JSON text, as the WebSocket sends it, made once per seat and change.

    A timed game's message carries the server's clock (for the countdown), written in fresh each
    time: a cached text may be sent much later (a page that reconnects).
    """
    key = (table.next_seq, table.revision, seat)
    cached = table.text_cache.get(key)
    if cached is None:
        if len(table.text_cache) > 16 or any(k[:2] != key[:2] for k in table.text_cache):
            table.text_cache.clear()
        cached = table.text_cache[key] = state_text(table, seat)
    return f'{cached[:-1]},"server_time":{time.time():.3f}}}' if table.timed else cached


def state_text(table: Table, seat: int | None) -> str:
    """`compact(snapshot(table, seat))` without `server_time` (the caller adds it fresh)."""
    state = table.state
    terminal = state.is_terminal()
    parts = table.parts
    if parts.get("revision") != table.revision:  # a seat taken, a chat message, a rematch: encode them again
        parts.clear()
        parts["revision"] = table.revision
        head = compact(
            {
                "type": "state",
                "game_id": table.id,
                "game": table.game.name,
                "title": getattr(table.game, "title", table.game.name),
                "options": table.game.options,
            }
        )
        parts["head"] = head[:-1]
        parts["players"] = compact(players(table))
        parts["chat"] = compact(table.chat)
        parts["rematch"] = compact(table.rematch_id)
    return "".join(
        (
            parts["head"],
            ',"seat":',
            "null" if seat is None else str(seat),
            ',"step":',
            str(table.step),
            ',"status":',
            '"finished"' if table.over else '"playing"',
            ',"decider":',
            str(state.current_player()),
            ',"players":',
            parts["players"],
            ',"view":',
            compact(state.view(seat)),
            ',"legal":',
            legal_text(table, seat),
            ',"can_undo":',
            "true" if can_undo(table, seat) else "false",
            ',"result":',
            compact(result_json(table)) if table.over else "null",
            ',"reveal":',
            compact(reveal(state)) if terminal else "null",
            ',"log":',
            log_text(table, seat),
            ',"chat":',
            parts["chat"],
            ',"rematch":',
            parts["rematch"],
            ',"timer":',
            compact(timer(table)) if table.timed else "null",
            ',"waiting_for":',
            str(table.waiting),
            "}",
        )
    )


def legal_text(table: Table, seat: int | None) -> str:
    """The `legal` list as text: each action's entry is encoded once per game (`tables.action_entries`)."""
    state = table.state
    if seat is None or table.forfeited is not None or state.current_player() != seat:
        return "[]"
    encoded = table.legal_json
    legal = state.legal_actions()
    try:  # the usual case, every entry encoded before: joined at C speed
        return "[" + ",".join(map(encoded.__getitem__, legal)) + "]"
    except KeyError:
        pass
    for action_id in legal:
        if action_id not in encoded:
            encoded[action_id] = compact(action_entry(table, action_id))
    return "[" + ",".join(map(encoded.__getitem__, legal)) + "]"


def log_text(table: Table, seat: int | None) -> str:
    """The live log's last entries as `seat` may read them: each entry encoded once per step and viewer.

    An entry is reused only while its line is the very one worded for that step (an undo or a
    reload words new ones) and the seats' names and the timeout mark are unchanged (a line names
    people by their names: `log_names`). Between two
    messages to a seat the window only moves on, so the entries of the last message are checked
    all at once (the same line objects, actors and names) and only the new steps are looked at
    one by one; anything else (an undo, a reload, a name changed) builds the window entry by entry.
    """
    steps = min(len(table.state.history), len(table.lines), len(table.actors))
    first = max(0, steps - LOG_TAIL)
    names = table.parts.get("names")  # made once per revision (a seat's name changes with the revision)
    if names is None:
        names = table.parts["names"] = tuple(table.name(index) for index in range(len(table.seats)))
    memo_key = f"log {seat}"  # in `parts`: forgotten with them when names (the table's revision) change
    memo = table.parts.get(memo_key)
    entries: list[str] | None = None
    if memo is not None:
        m_first, m_steps, m_lines, m_actors, m_names, m_entries = memo
        if m_first <= first <= m_steps <= steps and m_names == names:
            offset = first - m_first
            kept_lines = table.lines[first:m_steps]
            if (
                all(map(operator.is_, kept_lines, m_lines[offset:]))
                and table.actors[first:m_steps] == m_actors[offset:]
            ):
                entries = m_entries[offset:]
                entries += [_entry_text(table, seat, step, names) for step in range(m_steps, steps)]
    if entries is None:
        texts = table.log_json.get(seat)
        if texts is not None and len(texts.text) > 4 * LOG_TAIL:
            texts.forget_before(first)
        entries = [_entry_text(table, seat, step, names) for step in range(first, steps)]
    table.parts[memo_key] = (first, steps, table.lines[first:steps], table.actors[first:steps], names, entries)
    return "[" + ",".join(entries) + "]"


def _entry_text(table: Table, seat: int | None, step: int, names: tuple[str, ...]) -> str:
    """One log entry's JSON text, reused from `table.log_json` while what it was made from is unchanged."""
    line = table.lines[step]
    timeout = step in table.timeouts
    texts = table.log_json.get(seat)
    if texts is None or texts.names != names:
        texts = table.log_json[seat] = LogTexts(names)
    text = texts.text.get(step)
    if text is not None and texts.line[step] is line and (step in texts.timed) is timeout:
        return text
    actor = table.actors[step]
    who = "chance" if actor == CHANCE else names[actor] if 0 <= actor < len(names) else table.name(actor)
    said_by, words = speaker(who, named(line[seat], names))
    entry: dict[str, Any] = {"step": step, "actor": actor, "who": said_by, "text": words}
    action = public_action(table, step)
    if action is not None:
        entry["action"] = action
    if timeout:
        entry["timeout"] = True
        texts.timed.add(step)
    else:
        texts.timed.discard(step)
    text = texts.text[step] = compact(entry)
    texts.line[step] = line
    return text
