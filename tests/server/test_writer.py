"""Group commit: many games' moves stored from one thread, each request all or nothing."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from test_server_storage import url  # noqa: F401 (the SQLite + PostgreSQL fixture)

from magnates.server.storage import ACTION, Store, StoredEvent, StoredGame
from magnates.server.writer import Writer


def new_store(db: str, games: int) -> Store:
    store = Store(db)
    for index in range(games):
        store.create_game(StoredGame(f"g{index}", "toy", "1", {}, [{"kind": "person"}], 1, "playing"))
    return store


def test_moves_of_many_games_are_stored_once_each_and_in_order(db_url: str) -> None:
    store = new_store(db_url, 20)
    writer = Writer(store)

    async def play(game: int) -> None:
        for seq in range(0, 30, 2):  # a request: the move and the chance event after it
            events = [StoredEvent(seq, ACTION, game, 0), StoredEvent(seq + 1, ACTION, seq, -1)]
            await writer.append(f"g{game}", events, "finished" if seq == 28 else None)

    async def main() -> None:
        await asyncio.gather(*(play(game) for game in range(20)))

    asyncio.run(main())
    writer.close()
    for game in range(20):
        stored = store.events(f"g{game}")
        assert [e.seq for e in stored] == list(range(30))
        assert [e.action for e in stored[::2]] == [game] * 15
        assert store.game(f"g{game}").status == "finished"  # type: ignore[union-attr]
    assert writer.writes == 20 * 15 and writer.batches <= writer.writes
    store.dispose()


def test_a_bad_write_in_a_shared_transaction_fails_only_its_own_request(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = new_store(db_url, 6)
    store.append("g3", [StoredEvent(0, ACTION, 9, 0)])  # g3's step 0 is stored already: a second one is refused
    writer = Writer(store)
    release = threading.Event()
    append = store.append

    def held_first(*args: Any, **kwargs: Any) -> None:
        if args[0] == "g0":
            release.wait(10)  # the writer is busy with g0 while the other five requests queue up
        append(*args, **kwargs)

    monkeypatch.setattr(store, "append", held_first)

    async def main() -> list[BaseException | None]:
        first = asyncio.ensure_future(writer.append("g0", [StoredEvent(0, ACTION, 1, 0)]))
        await asyncio.sleep(0.05)
        rest = [asyncio.ensure_future(writer.append(f"g{g}", [StoredEvent(0, ACTION, 1, 0)])) for g in range(1, 6)]
        await asyncio.sleep(0.05)
        release.set()
        outcomes = await asyncio.gather(first, *rest, return_exceptions=True)
        return [o if isinstance(o, BaseException) else None for o in outcomes]

    outcomes = asyncio.run(main())
    writer.close()
    assert (writer.batches, writer.writes) == (2, 6)  # g0 alone, then the five together (then each alone)
    assert [o is None for o in outcomes] == [True, True, True, False, True, True]
    for game in (0, 1, 2, 4, 5):
        assert [(e.seq, e.action) for e in store.events(f"g{game}")] == [(0, 1)]
    assert [(e.seq, e.action) for e in store.events("g3")] == [(0, 9)]
    store.dispose()


def test_a_transaction_of_more_events_than_one_insert_holds_is_stored_whole_or_not_at_all(url: str) -> None:  # noqa: F811
    """`append_many` splits its rows into INSERTs of INSERT_ROWS; the transaction is still one: a
    step already stored in the last chunk keeps every chunk out."""
    from sqlalchemy.exc import IntegrityError

    from magnates.server.storage import INSERT_ROWS

    store = new_store(url, 3)
    count = INSERT_ROWS * 2 + 7
    writes = [
        (f"g{game}", [StoredEvent(seq, ACTION, seq % 5, 0) for seq in range(count // 3)], None) for game in range(3)
    ]
    store.append_many(writes)
    assert [[e.seq for e in store.events(f"g{game}")] for game in range(3)] == [list(range(count // 3))] * 3
    more = [
        (f"g{game}", [StoredEvent(count // 3 + seq, ACTION, 1, 0) for seq in range(INSERT_ROWS)], None)
        for game in range(2)
    ]
    clash = [("g2", [StoredEvent(0, ACTION, 1, 0)], "finished")]  # step 0 of g2 is stored: refused
    with pytest.raises(IntegrityError):
        store.append_many(more + clash)
    assert [len(store.events(f"g{game}")) for game in range(3)] == [count // 3] * 3
    assert store.game("g2").status == "playing"  # type: ignore[union-attr]


def test_the_writers_kept_connection_killed_while_idle_is_replaced_without_losing_the_write(url: str) -> None:  # noqa: F811
    """On PostgreSQL the writer's thread keeps its connection between transactions (no pre-ping): one
    the database killed meanwhile fails before COMMIT, so the transaction is written again on a fresh
    connection, once; a refused write is not kept open on it either."""
    import threading

    from sqlalchemy import text
    from sqlalchemy.exc import IntegrityError

    if not url.startswith("postgresql"):
        pytest.skip("SQLite's connections are taken from the pool for every write")
    store = new_store(url, 1)
    store.holder = threading.current_thread()
    store.append("g0", [StoredEvent(0, ACTION, 1, 0)])
    kept = store._held
    assert kept is not None
    pid = kept.dbapi_connection.info.backend_pid
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar()
    store.append("g0", [StoredEvent(1, ACTION, 2, 0)])  # on a fresh connection, no error
    assert store._held is not None and store._held.dbapi_connection.info.backend_pid != pid
    with pytest.raises(IntegrityError):
        store.append("g0", [StoredEvent(1, ACTION, 3, 0)])  # step 1 is stored
    store.append("g0", [StoredEvent(2, ACTION, 4, 0)])
    assert [(e.seq, e.action) for e in store.events("g0")] == [(0, 1), (1, 2), (2, 4)]
    store.release_held()
    store.dispose()
