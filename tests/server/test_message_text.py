"""The WebSocket's message text, put together from parts encoded once, is exactly the snapshot encoded whole."""

from __future__ import annotations

import asyncio
import gc
import json
import random
from typing import Any

import pytest

from magnates.server.message_text import snapshot_text
from magnates.server.service import GameService
from magnates.server.snapshots import compact, snapshot
from magnates.server.storage import Store
from magnates.server.tables import Table


def whole(table: Table, seat: int | None) -> str:
    """The snapshot encoded whole, by the standard library (`compact` may use orjson: the same text)."""
    message = snapshot(table, seat)
    message.pop("server_time", None)
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    assert compact(message) == text
    return text


def assert_same_for_everyone(table: Table) -> None:
    for seat in [*range(len(table.seats)), None]:
        sent = snapshot_text(table, seat)
        if table.turn_seconds:
            sent_message = json.loads(sent)
            sent_message.pop("server_time")
            sent = compact(sent_message)
        assert sent == whole(table, seat), f"step {table.step}, seat {seat}"


@pytest.mark.parametrize(("game", "options"), [("magnate", {"players": 2}), ("toy", {"players": 3})])
def test_the_message_text_is_the_snapshot_through_a_whole_game(db_url: str, game: str, options: dict[str, Any]) -> None:
    service = GameService(Store(db_url))
    count = 2 if game == "magnate" else 3
    seats = [{"kind": "person", "name": "Ana"}, *({"kind": "person", "open": True} for _ in range(count - 1))]
    table = service.create(game, options, seats, seed=7, turn_seconds=60)
    rng = random.Random(5)
    assert_same_for_everyone(table)
    for seat in range(1, count):
        service.take(table, seat, f"Seat {seat + 1}")  # names change: the players part is encoded again
        assert_same_for_everyone(table)
    while table.status == "playing":
        seat = table.state.current_player()
        service.act(table, seat, rng.choice(list(table.state.legal_actions())), table.step)
        assert_same_for_everyone(table)
        if rng.random() < 0.2 and service.can_undo(table, seat):
            service.undo(table, seat, table.step)  # the undone step's log entry is worded anew
            assert_same_for_everyone(table)
        if rng.random() < 0.05 and table.deadline is not None:
            asyncio.run(service.timeout(table, table.deadline + 1))  # the timeout bot moves: its entry says so
            assert_same_for_everyone(table)
        if rng.random() < 0.05:
            service.chat(table, seat, "hello <b>there</b> \u00e9")
            assert_same_for_everyone(table)
        if table.step > 400:
            break
    assert table.timeouts
    if table.status == "finished":
        service.rematch(table, 0)
        assert_same_for_everyone(table)
    service.store.dispose()


def test_the_tables_of_one_game_share_its_actions_entries_and_a_move_adds_none_another_table_saw(
    db_url: str,
) -> None:
    """An action's entry in `legal` depends on the game alone: tables of one option set share them
    (`tables.action_entries`), tables of another option set have their own."""
    service = GameService(Store(db_url))
    people = [{"kind": "person"}, {"kind": "person"}]
    first = service.create("magnate", {}, people, seed=1)
    second = service.create("magnate", {}, people, seed=2)
    other = service.create("magnate", {"courts": False}, people, seed=1)
    assert first.described is second.described and first.legal_json is second.legal_json
    assert other.described is not first.described and other.legal_json is not first.legal_json
    seat = first.state.current_player()
    snapshot_text(first, seat)
    seen = dict(first.legal_json)
    assert seen and set(first.state.legal_actions()) <= set(seen)
    twin = service.create("magnate", {}, people, seed=1)  # the same deal: the same legal actions
    snapshot_text(twin, twin.state.current_player())
    assert twin.legal_json == seen  # nothing new: every entry was made for the first table
    assert_same_for_everyone(twin)
    service.store.dispose()


def test_a_log_entry_is_kept_as_its_text_and_its_line_with_no_object_made_for_it(db_url: str) -> None:
    """Every move adds a log entry for each viewer: kept as a string beside the line it was worded
    from (the table's own), not as an object per entry that every pass of the cycle collector walks."""
    service = GameService(Store(db_url))
    table = service.create("magnate", {}, [{"kind": "person"}, {"kind": "person"}], seed=3)
    rng = random.Random(2)
    for _ in range(40):
        seat = table.state.current_player()
        service.act(table, seat, rng.choice(list(table.state.legal_actions())), table.step)
        for viewer in (0, 1, None):
            snapshot_text(table, viewer)
    for viewer in (0, 1, None):
        texts = table.log_json[viewer]
        assert len(texts.text) >= 30
        assert all(type(text) is str for text in texts.text.values())
        assert all(type(step) is int for step in texts.timed)
        # nothing the collector walks but the table's own lines (which it may not track either)
        walked = [thing for thing in gc.get_referents(texts.text, texts.line, texts.timed) if gc.is_tracked(thing)]
        own_lines = {id(line) for line in table.lines}
        assert all(id(thing) in own_lines for thing in walked)
        assert all(texts.line[step] is table.lines[step] for step in texts.text)
    service.store.dispose()
