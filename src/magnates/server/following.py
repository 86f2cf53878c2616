"""A game another process owns, kept up to date here: the events it stored, applied to our copy.

Each process keeps the games its own WebSockets watch in memory. When the owner of one of them
(another process, `leases.py`) stores a move, this process hears of it (`fanout.py`), reads the
new events from the database and applies them here exactly as the owner did: the same actions,
so the same state, the same log lines per viewer, the same timeout marks. It then pushes each of
its viewers their seat's new snapshot.
"""

from __future__ import annotations

from magnates.core.errors import IllegalAction
from magnates.core.record import replay_on
from magnates.server.snapshots import line, timed_out
from magnates.server.storage import MOVES, TIMEOUT, UNDO, StoredEvent
from magnates.server.tables import Table


def follow(table: Table, events: list[StoredEvent]) -> bool:
    """Apply stored events that follow the table's last one; False when they do not follow on
    (a gap, or one that cannot be applied): then the caller rebuilds the game from the database."""
    if not events or events[0].seq != table.next_seq:
        return not events
    for stored in events:
        if stored.seq != table.next_seq:
            return False
        if stored.kind in MOVES and stored.action is not None:
            state = table.state
            try:
                if stored.action not in state.legal_actions():
                    return False
                worded = line(table.game, state, stored.action, stored.seat)
                state.apply_action(stored.action)
            except IllegalAction:
                return False
            if stored.kind == TIMEOUT:
                worded = timed_out(worded, table.timeout_bot, table.name(stored.seat))
                table.timeouts.add(table.step - 1)
            table.actors.append(stored.seat)
            table.lines.append(worded)
        elif stored.kind == UNDO and table.actors:
            table.state = replay_on(table.game, list(table.state.history[:-1]))
            table.actors.pop()
            table.lines.pop()
            table.timeouts.discard(table.step)
            table.answers.pop(stored.seat, None)
        table.next_seq = stored.seq + 1
    return True
