"""The authoritative game service: it owns every table and is the only thing that changes one.

Browsers send action ids; the service validates them with the engine (`moves.py`), stores them
with the chance events and bot moves that follow, and then tells each watcher, who is sent
`state.view(seat)` and nothing else (`snapshots.py`). Seats and their secrets are in `seats.py`,
the games on offer in `catalog.py`, the WebSocket hub in `hub.py`. Every change is stored before
it is shown, all or nothing: a move is played on a copy of the game that is shown only once its
transaction has committed, so a failed write leaves the game as last stored and is answered 503
with Retry-After; while the database cannot be written, changes are refused (`durability.py`).

On PostgreSQL several server processes may share the database: a process writes a game only while
it holds the game's lease, and follows the changes the others make to the games it has in memory
(`ownership.py`, `following.py`). SQLite is one process, and none of that runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from sqlalchemy.exc import IntegrityError

from magnates.core.errors import OptionError, RecordError
from magnates.core.game import Game
from magnates.core.record import Record, replay_on
from magnates.records import upgraded_actions
from magnates.server.catalog import Catalog
from magnates.server.chat import chat_message, recorded_chat, store_chat
from magnates.server.clock import DEFAULT_TIMEOUT_BOT, start_clock, timeout_bot_for
from magnates.server.durability import Health, Unavailable, probe, publish, stage
from magnates.server.errors import BadInput, Conflict, Forbidden, NotFound, Stale, excerpt
from magnates.server.following import follow
from magnates.server.leases import Leases
from magnates.server.message_text import snapshot_text
from magnates.server.moves import MAX_ACTION_TEXT, advance, automatic, bot_move, check_step, event, parse_action, play
from magnates.server.ownership import Busy, Ownership, process_name
from magnates.server.seats import Seat, clean_name, hash_token, new_token
from magnates.server.snapshots import can_undo as seat_can_undo
from magnates.server.snapshots import (
    compact,
    legal_for,
    log_for,
    replay_snapshot,
    replay_with_lines,
    snapshot,
    timed_out,
)
from magnates.server.storage import ACTION, TIMEOUT, UNDO, Store, StoredEvent, StoredGame, in_force, utc
from magnates.server.tables import CHAT_KEPT, Table, new_bot, thinking_name
from magnates.server.writer import Writer

logger = logging.getLogger(__name__)

SPECTATOR: None = None

BOT_THREADS = 4
"""Threads the bots of a process think in (`GameService.thinkers`): a search bot takes up to seconds
a move (a chosen thinking time, up to 5 s), and in the event loop it would hold up every other
game's moves for that long. Several threads, so one long thinker does not hold up the bots of other
tables either (they share the processor by turns)."""

__all__ = ["MAX_ACTION_TEXT", "GameService", "Table", "excerpt"]


class GameService:
    """Creates, loads, advances and describes games; every change is stored before it is shown."""

    def __init__(self, store: Store, idle_seconds: float = 600.0) -> None:
        self.store = store
        self.writer = Writer(store)  # moves are stored from one thread, many per transaction (writer.py)
        self.tables: dict[str, Table] = {}
        self.offer = Catalog()
        self.idle_seconds = idle_seconds  # a table nobody used for this long leaves memory (see unload_idle)
        self.ownership: Ownership | None = None  # PostgreSQL: games leased to one process at a time
        # Closes a seat's WebSockets here when another process re-issued its link (set by the hub).
        self.revoked: Callable[[Table, int], None] | None = None
        # Told of every stored change to a table (ratings at a game's end, turn notices: people.py).
        self.on_change: list[Callable[[Table], None]] = []
        # Told of a table rebuilt from the database, with the time its clock goes on from (timecontrol.py).
        self.on_load: list[Callable[[Table, float], None]] = []
        # Store a seat's forfeit on time (timecontrol.py); it is shown only once they all succeeded.
        self.on_forfeit: list[Callable[[Table], None]] = []
        # Waiting games whose first automatic moves could not be stored when their last seat was
        # taken: the clock's tick starts them once the database is back (`_start_if_ready`).
        self.unstarted: set[str] = set()
        self.health = Health(lambda: probe(store.engine))  # can the database be written now (durability.py)
        # Games whose last write failed without a clear answer (it may have been stored all the same):
        # each reads what is stored after its last event before it is written again.
        self.unsure: set[str] = set()
        self.thinkers = ThreadPoolExecutor(max_workers=BOT_THREADS, thread_name_prefix="magnates-bot")
        """Where a move is played when bots answer it (`_play_async`): off the event loop."""
        # Games being read from the database in a bot thread (`get_async`): one read per game at a time.
        self.loading: dict[str, asyncio.Future[Table]] = {}
        # Games whose first automatic moves are being thought out in a bot thread (`_start_soon`).
        self.starting: dict[str, asyncio.Task[None]] = {}

    # -- several processes on one PostgreSQL (ownership.py) ------------------------------
    async def open(self) -> None:
        """On PostgreSQL, take part with the other processes on the database: leases and fan-out."""
        if not self.store.url.startswith("postgresql"):
            return
        me = process_name()
        leases = Leases(self.store.engine, me)
        self.ownership = Ownership(self.store.url, leases, self.tables, self.catch_up, self._heard)
        await self.ownership.start()
        self.ownership.stored_seqs = self.store.next_seqs  # followers re-check what is stored (a lost NOTIFY)
        self.store.sender = me

    async def close(self) -> None:
        self.thinkers.shutdown(wait=False, cancel_futures=True)
        await self.health.stop()
        if self.ownership is not None:
            await self.ownership.stop()
            self.ownership = None
        self.store.sender = None

    @contextlib.asynccontextmanager
    async def _turn(self, table: Table) -> AsyncIterator[None]:
        """Hold the game's lock, and its lease where several processes share the database (then the
        table is first brought up to what the previous owner stored)."""
        self.health.check()  # the database is down: refused at once, nothing is played ahead of it
        ownership = self.ownership
        while True:
            if ownership is not None:
                await ownership.claim(table.id)
            await table.lock.acquire()
            if ownership is None or ownership.holds(table.id):
                break
            table.lock.release()  # let go while we waited for the lock: ask again
        try:
            if ownership is not None and table.id in ownership.fresh:
                await self._catch_up_locked(table)
            if table.id in self.unsure:
                await self._settle(table)
            yield
        finally:
            table.lock.release()

    async def own(self, table: Table) -> None:
        """Hold the game's lease (where several processes share the database) for a change made next,
        without awaiting anything in between: the seat changes, which are synchronous."""
        if self.ownership is not None:
            async with self._turn(table):
                pass

    def _own_now(self, table: Table) -> None:
        """Hold the game's lease for a synchronous change (seats, rematch), or 503: try again."""
        self.health.check()
        ownership = self.ownership
        if ownership is None:
            return
        if not ownership.claim_now(table.id):
            raise Busy("this game is being handed between server processes; try again in a moment")
        if table.id in ownership.fresh:
            ownership.fresh.discard(table.id)
            stored = self.store.game(table.id)
            self._apply(table, self.store.events(table.id, table.next_seq), stored)

    async def catch_up(self, table: Table) -> None:
        """Another process stored changes to this game: read them, apply them, tell the viewers."""
        async with table.lock:
            await self._catch_up_locked(table)

    async def _catch_up_locked(self, table: Table) -> None:
        fresh = self.ownership is not None and table.id in self.ownership.fresh
        if self.ownership is not None:
            self.ownership.fresh.discard(table.id)

        def read() -> tuple[list[StoredEvent], StoredGame | None]:
            return self.store.events(table.id, table.next_seq), self.store.game(table.id) if fresh else None

        events, stored = await asyncio.to_thread(read)
        self._apply(table, events, stored)

    def _apply(self, table: Table, events: list[StoredEvent], stored: StoredGame | None) -> None:
        if stored is not None:
            self._take_seats(table, stored)
        if not events:
            return
        if not follow(table, events):
            self._reload(table)
        table.answers.clear()
        self._changed(table)

    def _take_seats(self, table: Table, stored: StoredGame) -> None:
        seats = [Seat.from_json(s) for s in stored.seats]
        if self.revoked is not None:
            for index, (old, new) in enumerate(zip(table.seats, seats, strict=False)):
                if old.token_hash is not None and old.token_hash != new.token_hash:
                    self.revoked(table, index)  # the old link's pages here close, as on the owner
        if seats != table.seats or stored.rematch_id != table.rematch_id:
            table.seats, table.rematch_id = seats, stored.rematch_id
            table.answers.clear()
            table.revision += 1
            start_clock(table, time.time())
            table.notify()

    async def _heard(self, table: Table, message: dict[str, Any]) -> None:
        """Seats changed or a chat message was said in another process: this process's viewers hear it."""
        if message.get("t") == "s":
            stored = await asyncio.to_thread(self.store.game, table.id)
            if stored is not None:
                self._take_seats(table, stored)
        elif message.get("t") == "c" and isinstance(message.get("m"), dict):
            said = message["m"]
            table.chat = [*table.chat[-(CHAT_KEPT - 1) :], said]
            table.revision += 1
            text_json = compact({"type": "chat", "message": said})
            for watcher in list(table.listeners):
                watcher.said(text_json)

    # -- the catalogue (catalog.py) ---------------------------------------------------
    def load(self, name: str, options: Mapping[str, Any]) -> Game:
        return self.offer.load(name, options)

    def catalog(self) -> list[dict[str, Any]]:
        return self.offer.catalog()

    def strict_options(self, name: str, options: Any) -> dict[str, Any]:
        return self.offer.strict_options(name, options)

    def describe(self, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return self.offer.describe(name, options)

    # -- creating ---------------------------------------------------------------------
    def create(
        self,
        name: str,
        options: Mapping[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
        turn_seconds: int = 0,
        timeout_bot: str | None = None,
        creator: bool = True,
    ) -> Table:
        """A new game; person seats get secrets (shown once, in `fresh_tokens`), open seats none."""
        game = self.load(name, options)
        if len(seats) != game.num_players:
            raise OptionError(f"{name} with these options has {game.num_players} seats; {len(seats)} were given")
        bot = timeout_bot_for(game, turn_seconds, timeout_bot)
        made = [self._seat(spec, index, game) for index, spec in enumerate(seats)]
        table = Table(
            id=secrets.token_hex(8),
            game=game,
            state=game.new_initial_state(),
            seats=[seat for seat, _ in made],
            seed=secrets.randbits(62) if seed is None else seed,
            actors=[],
            next_seq=0,
            created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
            turn_seconds=turn_seconds,
            timeout_bot=bot,
        )
        table.fresh_tokens = {index: token for index, (_, token) in enumerate(made) if token is not None}
        if creator:
            self._issue_creator(table)
        self._attach_bots(table)
        events = advance(table)
        self._write(self.store.create_game, self._stored(table), events)
        start_clock(table, time.time())
        self.tables[table.id] = table
        return table

    async def create_async(
        self, name: str, options: Mapping[str, Any], seats: list[dict[str, Any]], **more: Any
    ) -> Table:
        """`create` for the event loop: with a bot among the seats, the game is made in a bot thread,
        since its first moves may be a bot's, thought out before the game is stored (the table is
        nobody else's until it is made)."""
        if not any(spec.get("kind") == "bot" for spec in seats):
            return self.create(name, options, seats, **more)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.thinkers, partial(self.create, name, options, seats, **more))
        finally:
            self.health.watch()

    def _seat(self, spec: Mapping[str, Any], index: int, game: Game) -> tuple[Seat, str | None]:
        """A seat and, for a person, its secret (returned once; only its hash is kept)."""
        kind = spec.get("kind", "person")
        name = clean_name(spec.get("name"))
        if kind == "person" and spec.get("thinking") not in (None, "", "normal"):
            raise BadInput(f"seat {index + 1}: only a bot's seat takes a thinking time")
        if kind == "person":
            if spec.get("open"):
                return Seat("person", None, None, name, open=True), None
            if spec.get("reserved"):  # a rematch: the old seat's holder asks for its secret
                return Seat("person", None, None, name), None
            token = new_token()
            return Seat("person", None, hash_token(token), name), token
        if kind == "bot":
            if spec.get("open"):
                raise BadInput(f"seat {index + 1}: only a person's seat can be open")
            bot = str(spec.get("bot") or "random")
            thinking = thinking_name(spec.get("thinking"), index)
            new_bot(bot, game, thinking)  # OptionError naming the valid bots (or the thinking ones) if unknown
            return Seat("bot", bot, None, name, thinking=thinking), None
        raise OptionError(f"seat {index + 1} must be a 'person' or a 'bot', not {excerpt(kind)}")

    @staticmethod
    def _issue_creator(table: Table) -> None:
        token = new_token()
        table.creator_hash = hash_token(token)
        table.fresh_tokens[-1] = token  # -1: the creator's secret, shown once with the seat links

    def _attach_bots(self, table: Table) -> None:
        table.bots = {
            i: new_bot(s.bot or "random", table.game, s.thinking) for i, s in enumerate(table.seats) if s.kind == "bot"
        }

    def _stored(self, table: Table) -> StoredGame:
        return StoredGame(
            table.id,
            table.game.name,
            str(table.game.version),
            dict(table.game.options),
            [s.to_json() for s in table.seats],
            table.seed,
            table.status,
            table.creator_hash,
            turn_seconds=table.turn_seconds,
            timeout_bot=table.timeout_bot,
        )

    # -- seats ------------------------------------------------------------------------
    def _set_seat_secret(self, table: Table, seat: int, name: str | None = None) -> str:
        """A new secret for a person's seat, stored (hashed) before it is handed out."""
        self._own_now(table)
        changed = not table.seats[seat].held or name is not None
        token = new_token()
        seats = [s.to_json() for s in table.seats]
        seats[seat].update(token_hash=hash_token(token), open=False)
        if name is not None:
            seats[seat]["name"] = name
        self._write(self.store.set_seats, table.id, seats)
        table.seats[seat] = Seat.from_json(seats[seat])
        table.answers.pop(seat, None)
        if changed:  # what the others see of the seat: its name, no longer open or waiting
            table.revision += 1
            self._start_if_ready(table)
            if table.deadline is None:
                start_clock(table, time.time())
            table.notify()
        return token

    def set_seats(self, table: Table, seats: list[Seat]) -> None:
        """Replace a table's seats, stored first (an account taking its seat, bots in the seats a
        waiting game still had open: players.py, waiting.py); a game that waited starts then."""
        self._own_now(table)
        self._write(self.store.set_seats, table.id, [s.to_json() for s in seats])
        table.seats = seats
        table.answers.clear()
        self._attach_bots(table)
        table.revision += 1
        self._start_if_ready(table)
        self._changed(table)

    def _start_if_ready(self, table: Table) -> None:
        """A game waits, with no move and no clock, while a person's seat is open (`Table.waiting`);
        once every seat is taken, chance and bots play until a person decides, as at creation.
        Under the event loop a table with bots starts in a bot thread (`_start_soon`)."""
        if not automatic(table):
            return
        if table.bots and _in_event_loop():
            self.unstarted.add(table.id)
            self._start_soon(table)
            return
        staged = stage(table)
        events = advance(staged)
        if not events:
            return
        try:
            self._write(self.store.append, table.id, events, "finished" if staged.state.is_terminal() else None)
        except Exception:
            # The seats are stored; only the deal is not. Nothing is shown ahead of the record, and
            # the clock's tick (`start_unstarted`) tries again.
            self.unsure.add(table.id)
            self.unstarted.add(table.id)
            logger.warning("game %s: its first moves could not be stored yet; it starts once they are", table.id)
            return
        self.unstarted.discard(table.id)
        publish(table, staged)
        self._changed(table)

    def _start_soon(self, table: Table) -> None:
        """Start the game in a task: its bots think in a bot thread, its moves are stored by the
        writer, and only then are they shown (`started` waits for it)."""
        if table.id not in self.starting:
            task = asyncio.get_running_loop().create_task(self._start_async(table))
            self.starting[table.id] = task
            task.add_done_callback(lambda _: self.starting.pop(table.id, None))

    async def _start_async(self, table: Table) -> None:
        try:
            async with self._turn(table):
                if table.id not in self.unstarted:
                    return  # started meanwhile (the clock's tick, another process)
                if table.id in self.unsure:
                    await self._settle(table)
                if not automatic(table):
                    self.unstarted.discard(table.id)
                    return
                staged = stage(table)
                events = await self._think(advance, staged)
                if events:
                    await self._commit_async(table, staged, events)
                self.unstarted.discard(table.id)
        except (Unavailable, Stale, Busy):  # stays among the unstarted: the clock's tick tries again
            logger.warning("game %s: its first moves could not be stored yet; it starts once they are", table.id)
        except Exception:  # the same, with the reason in the log
            logger.exception("game %s: its first moves failed; the clock's tick tries again", table.id)

    async def started(self, table: Table) -> None:
        """Wait until the game's first automatic moves, if it has any being thought out, are shown
        (or could not be stored: then the clock's tick starts it later)."""
        task = self.starting.get(table.id)
        if task is not None:
            await asyncio.shield(task)

    async def _think(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)` in a bot thread; given up by its caller, it is still waited for (the
        caller holds the game's lock, and its copy's bots must not be asked twice at once)."""
        thinking = asyncio.get_running_loop().run_in_executor(self.thinkers, work, *args)
        try:
            return await asyncio.shield(thinking)
        except asyncio.CancelledError:
            await asyncio.wait([thinking])
            raise

    def start_unstarted(self) -> int:
        """Start the games whose first moves could not be stored when their seats filled; how many
        started here (under the event loop a table with bots starts in a task, `_start_soon`)."""
        started = 0
        for game_id in list(self.unstarted):
            table = self.tables.get(game_id)
            if table is None:  # rebuilt from the database on its next use, pending moves played then
                self.unstarted.discard(game_id)
                continue
            if table.bots and _in_event_loop():
                self._start_soon(table)  # settles an unsure write itself, in the game's turn
                continue
            if table.id in self.unsure:
                try:
                    self._settle_now(table)
                except Exception:
                    return started
            self._start_if_ready(table)
            started += game_id not in self.unstarted
        return started

    def reissue(self, table: Table, seat: int, creator_token: str | None) -> str:
        """A new secret for a person's seat (the old link stops working); only the game's creator may."""
        if not table.is_creator(creator_token):
            raise Forbidden("only the game's creator (with the creator token given at creation) may re-issue a link")
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "person":
            raise NotFound(f"seat {seat} is not a person's seat of this game (0..{len(table.seats) - 1})")
        return self._set_seat_secret(table, seat)

    def take(self, table: Table, seat: int, name: str | None) -> str:
        """Take an open seat (from the lobby): the seat's secret, handed to whoever asks first."""
        if not 0 <= seat < len(table.seats):
            raise NotFound(f"there is no seat {seat} in this game (0..{len(table.seats) - 1})")
        if table.status != "playing":
            raise Conflict("the game is over; its seats can no longer be taken")
        if not table.seats[seat].open:
            raise Conflict(f"seat {seat + 1} is not open: somebody has taken it (choose another table or seat)")
        return self._set_seat_secret(table, seat, clean_name(name))

    def rematch(self, table: Table, seat: int | None) -> tuple[Table, str]:
        """The same game again with the same seats: created by the first player to ask; each player
        who asks gets a fresh secret for their own seat of it (asking again re-issues it)."""
        player = self._may_rematch(table, seat)
        new = self.get(table.rematch_id) if table.rematch_id else None
        if new is None:
            new = self.create(**self._rematch_of(table))
            self._link_rematch(table, new)
        return new, self._set_seat_secret(new, player)

    async def rematch_async(self, table: Table, seat: int | None) -> tuple[Table, str]:
        """`rematch` for the event loop: a new game with bots is made in a bot thread (`create_async`),
        while the finished game's lock keeps a second player's ask from making another."""
        player = self._may_rematch(table, seat)
        async with table.lock:
            new = await self.get_async(table.rematch_id) if table.rematch_id else None
            if new is None:
                new = await self.create_async(**self._rematch_of(table))
                self._link_rematch(table, new)
        return new, self._set_seat_secret(new, player)

    def _may_rematch(self, table: Table, seat: int | None) -> int:
        """The asking player's seat, if they may ask for a rematch now."""
        if seat is None:
            raise Forbidden("only the game's players may ask for a rematch")
        if table.status != "finished":
            raise Conflict("a rematch can be asked for once the game is over")
        self._own_now(table)
        return seat

    @staticmethod
    def _rematch_of(table: Table) -> dict[str, Any]:
        """`create`'s arguments for the same game again: same seats, person seats reserved for their holders."""
        specs = [
            {
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "open": s.open,
                "reserved": not s.open,
                "thinking": s.thinking,
            }
            for s in table.seats
        ]
        return {
            "name": table.game.name,
            "options": dict(table.game.options),
            "seats": specs,
            "turn_seconds": table.turn_seconds,
            "timeout_bot": table.timeout_bot,
            "creator": False,
        }

    def _link_rematch(self, table: Table, new: Table) -> None:
        self._write(self.store.set_rematch, table.id, new.id)
        table.rematch_id = new.id
        table.revision += 1
        table.notify()

    # -- chat -------------------------------------------------------------------------
    def chat(self, table: Table, seat: int | None, text: Any) -> dict[str, Any]:
        """Store a player's message, keep it with the table and send it to every connection."""
        message = chat_message(table, seat, text)
        self._write(self.store.add_chat, table.id, message)
        said = message.to_json()
        table.chat = [*table.chat[-(CHAT_KEPT - 1) :], said]
        table.revision += 1
        text_json = compact({"type": "chat", "message": said})
        for watcher in list(table.listeners):
            watcher.said(text_json)
        return said

    # -- loading ----------------------------------------------------------------------
    def get(self, game_id: str) -> Table:
        """A live table, rebuilt from the stored record on first use (after a restart or an unload).

        Chance events or bot moves left pending by a stop are played and stored then, with the
        same seeded generators, so a game goes on exactly as it would have without the stop.
        The event loop's requests use `get_async`, which does the reading and replaying in a thread.
        """
        table = self._live(game_id)
        if table is not None:
            return table
        table, events = self._read(game_id)
        if events:
            self._claim_loaded(game_id)
            self._write(self.store.append, table.id, events, "finished" if table.state.is_terminal() else None)
            start_clock(table, time.time())
        self.tables[game_id] = table
        return table

    async def get_async(self, game_id: str) -> Table:
        """`get` for the event loop: a game not in memory is read, replayed and brought up to date
        (its pending bots' moves too) in a bot thread, so other games go on meanwhile; requests
        for the same game share the one read."""
        table = self._live(game_id)
        if table is not None:
            return table
        loading = self.loading.get(game_id)
        if loading is None:
            loading = self.loading[game_id] = asyncio.ensure_future(self._load(game_id))
            loading.add_done_callback(lambda _: self.loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _load(self, game_id: str) -> Table:
        try:
            table, events = await self._think(self._read, game_id)
            live = self.tables.get(game_id)  # loaded meanwhile by the synchronous `get`
            if live is not None:
                return live
            if events:
                self._claim_loaded(game_id)
                status = "finished" if table.state.is_terminal() else None
                await asyncio.to_thread(self._write, self.store.append, table.id, events, status)
                start_clock(table, time.time())
        finally:
            self.health.watch()  # a database found down in the thread is probed from here
        self.tables[game_id] = table
        return table

    def _live(self, game_id: str) -> Table | None:
        table = self.tables.get(game_id)
        if table is not None:
            table.last_used = time.monotonic()
        return table

    def _read(self, game_id: str) -> tuple[Table, list[StoredEvent]]:
        """The game as stored, with the automatic moves that follow it played (not yet stored)."""
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise NotFound(f"there is no game {excerpt(game_id)}")
        try:  # a game not in memory cannot be read from a database that is down: 503, said plainly
            self.health.check()
            with self.health.reaching():
                stored = self.store.game(game_id)
                recorded = self.store.events(game_id) if stored is not None else []
        except Unavailable as away:
            raise Unavailable(
                "this game is not open on the server and its database cannot be reached just now, so it "
                f"cannot be opened; nothing is lost: try again in {away.retry_after} s",
                away.retry_after,
            ) from away
        if stored is None:
            raise NotFound(f"there is no game {excerpt(game_id)}")
        table = self._rebuild(stored, recorded)
        return table, advance(table)

    def _claim_loaded(self, game_id: str) -> None:
        """The lease of a game whose pending moves are about to be stored, or 503: try again."""
        if self.ownership is not None and not self.ownership.claim_now(game_id):
            raise Busy("another server process is serving this game and did not let it go; try again shortly")

    def unload_idle(self, now: float | None = None, most: int | None = None) -> int:
        """Forget tables idle longer than `idle_seconds` (none watched, none writing), at most `most`
        of them; they come back from the database on their next request. Returns how many were
        unloaded. (Freeing a game takes about half a millisecond: the server's sweep unloads a few at
        a time, letting other games go on in between, `UNLOAD_AT_ONCE`.)"""
        now = time.monotonic() if now is None else now
        idle = list(
            itertools.islice(  # no further than the `most`-th idle table: a sweep asks again and again
                (
                    game_id
                    for game_id, table in self.tables.items()
                    if now - table.last_used >= self.idle_seconds and not table.listeners and not table.lock.locked()
                ),
                most,
            )
        )
        for game_id in idle:
            del self.tables[game_id]
        self.unsure.difference_update(idle)  # read whole from the database when next used
        if self.ownership is not None:
            self.ownership.forget(idle)
        return len(idle)

    def _rebuild(self, stored: StoredGame, events: list[StoredEvent]) -> Table:
        try:
            game = self.load(stored.game, stored.options)
        except OptionError as err:
            raise RecordError(f"stored game {stored.id} cannot be loaded: {err}") from None
        kept = in_force(events)
        stored_actions = [e.action for e in kept if e.action is not None]
        # A game stored under an older rules version is read through the game's upgrade (the events
        # stay as they were stored; the upgrade is applied at every rebuild, so what is appended after
        # it, in the new version's terms, is left as it is).
        record = Record(stored.game, stored.version, dict(stored.options), stored_actions)
        actions = upgraded_actions(game, record)
        state, lines, replayed_actors = replay_with_lines(game, actions)
        seats = [Seat.from_json(s) for s in stored.seats]
        actors = [e.seat for e in kept] if actions == stored_actions else replayed_actors
        shift = len(actions) - len(stored_actions)  # an upgrade rewrites the setup: later steps move
        table = Table(stored.id, game, state, seats, stored.seed, actors, len(events), lines=lines)
        table.creator_hash = stored.creator_hash
        table.turn_seconds, table.timeout_bot, table.rematch_id = (
            stored.turn_seconds,
            stored.timeout_bot,
            stored.rematch_id,
        )
        if stored.created is not None:
            table.created = utc(stored.created).isoformat(timespec="seconds").replace("+00:00", "Z")
        for stored_step, e in enumerate(kept):
            if e.kind == TIMEOUT:
                step = stored_step + shift
                table.timeouts.add(step)
                table.lines[step] = timed_out(table.lines[step], table.timeout_bot, table.name(e.seat))
        table.chat = [m.to_json() for m in self.store.chat(stored.id, limit=CHAT_KEPT)]
        self._attach_bots(table)
        # The clock goes on from the last stored change: a restart gives nobody extra time.
        last = events[-1].at if events and events[-1].at is not None else stored.created
        since = utc(last).timestamp() if last is not None else time.time()
        start_clock(table, since)
        for hook in self.on_load:
            hook(table, since)
        return table

    def resume_all(self, limit: int = 100_000) -> int:
        """Load unfinished games now rather than on first use (the server loads lazily; this is for tools)."""
        count = 0
        for stored in self.store.list_games(status="playing", limit=limit):
            try:
                self.get(stored.id)
            except Exception:
                # One game that cannot be rebuilt (its game removed, a rules version changed) must
                # not keep the server and every other game down; it answers with its error when opened.
                logger.exception("game %s (%s) could not be resumed", stored.id, stored.game)
                self.tables.pop(stored.id, None)
                continue
            count += 1
        return count

    def open_tables(self, every: bool = False, limit: int = 100) -> list[dict[str, Any]]:
        """Games being played that have a seat to take (`every`: all of them, to watch)."""
        stored = self.store.list_games(status="playing", limit=limit, open_only=not every)
        steps = self.store.steps([g.id for g in stored if g.id not in self.tables])
        out = []
        for g in stored:
            live = self.tables.get(g.id)
            seats = live.seats if live is not None else [Seat.from_json(s) for s in g.seats]
            out.append(
                {
                    "id": g.id,
                    "game": g.game,
                    "title": self.offer.title(g.game),
                    "options": g.options,
                    "created": None if g.created is None else utc(g.created).isoformat(timespec="seconds"),
                    "status": g.status,
                    "step": live.step if live is not None else steps.get(g.id, 0),
                    "turn_seconds": g.turn_seconds,
                    "players": [s.public(i) for i, s in enumerate(seats)],
                    "waiting_for": sum(1 for s in seats if s.open),
                }
            )
        out.sort(key=lambda table: not table["waiting_for"])  # waiting tables first (stable: newest first)
        return out

    # -- playing ----------------------------------------------------------------------
    def act(self, table: Table, seat: int | None, action: Any, step: int | None = None) -> None:
        """A person's action: checked, stored with what follows automatically, or refused whole."""
        self.health.check()
        if table.id in self.unsure:
            self._settle_now(table)
        staged, events = self._play(table, seat, action, step)
        status = "finished" if staged.state.is_terminal() else None
        try:
            with self.health.reaching():
                self.store.append(table.id, events, status)
        except Exception:
            self.unsure.add(table.id)  # a write whose answer was lost may have been stored all the same
            raise
        publish(table, staged)
        self._changed(table)

    async def act_async(self, table: Table, seat: int | None, action: Any, step: int | None = None) -> None:
        """`act` for the event loop: the write runs in the writer's thread (many games' moves per
        transaction), so other games go on while this one waits for its commit; the game's own lock
        keeps its moves in order."""
        if not self.store.threaded:
            self.act(table, seat, action, step)
            return
        async with self._turn(table):
            await self._commit_async(table, *await self._play_async(table, seat, action, step))

    async def _play_async(
        self, table: Table, seat: int | None, action: Any, step: int | None, timeout: bool = False
    ) -> tuple[Table, list[StoredEvent]]:
        """`_play`, with the bots' answers thought out off the event loop: at a table with bots, the
        move and what follows it are played on the staged copy in a bot thread (`thinkers`), so
        every other game goes on meanwhile. The copy is this move's alone and the game's lock is
        held until it is done, even if the request is given up meanwhile (its bots are not asked
        twice at once). A table of people only is played in line: no thread's hand-off per move."""
        staged = stage(table)
        if not staged.bots:
            return staged, play(staged, seat, action, step, timeout)
        return staged, await self._think(play, staged, seat, action, step, timeout)

    @staticmethod
    def _play(
        table: Table, seat: int | None, action: Any, step: int | None, timeout: bool = False
    ) -> tuple[Table, list[StoredEvent]]:
        """The move and what follows it, played on a copy of the table (`stage`): the table itself
        changes only once they are stored (`publish`), so a refusal or a failed write changes nothing."""
        staged = stage(table)
        return staged, play(staged, seat, action, step, timeout)

    async def _commit_async(self, table: Table, staged: Table, events: list[StoredEvent]) -> None:
        """Store the staged move; once committed it is the game everyone sees (never before)."""
        status = "finished" if staged.state.is_terminal() else None
        try:
            await self.writer.append(table.id, events, status)
        except asyncio.CancelledError:
            # Nobody waits for the answer any more, but the write may yet be stored: read it back.
            self.unsure.add(table.id)
            asyncio.get_running_loop().create_task(self._settle_soon(table))
            raise
        except Exception as err:
            self.unsure.add(table.id)  # a write whose answer was lost may have been stored all the same
            refused = await self._refused(table, err)
            if refused is err:
                raise
            raise refused from err
        self.health.succeeded()
        publish(table, staged)
        self._changed(table)

    async def _refused(self, table: Table, err: Exception) -> BaseException:
        """What a failed write of this game's events answers: 503 when the database cannot be
        reached; when it refused the events' step (another process, or an earlier write whose answer
        was lost, stored that step), the game reads what is stored and the client looks again."""
        refused = self.health.refuse(err)
        if refused is not err or not isinstance(err, IntegrityError):
            return refused
        try:
            await self._settle(table)
        except Unavailable as unavailable:
            return unavailable
        return Stale(f"the game changed meanwhile (it is now step {table.step}); look again", table.step)

    async def _settle(self, table: Table) -> None:
        """Read and apply what is stored after the table's last event (the table's lock held)."""
        with self.health.reaching():
            events = await asyncio.to_thread(self.store.events, table.id, table.next_seq)
        self._apply(table, events, None)
        self.unsure.discard(table.id)

    def _settle_now(self, table: Table) -> None:
        """`_settle` for the synchronous `act`."""
        with self.health.reaching():
            events = self.store.events(table.id, table.next_seq)
        self._apply(table, events, None)
        self.unsure.discard(table.id)

    async def _settle_soon(self, table: Table) -> None:
        """After a cancelled write: once it is done, the game reads what was stored and tells its viewers."""
        try:
            async with table.lock:
                if table.id in self.unsure:
                    await self._settle(table)
        except Exception:  # the next write of the game settles it instead
            logger.warning("game %s: reading back a cancelled write failed; its next move reads it", table.id)

    def _write(self, write: Callable[..., None], *args: Any) -> None:
        """A synchronous write (a new game, seats, chat): refused at once while the database is down;
        one that cannot reach it is 503 with Retry-After (and marks it down)."""
        self.health.check()
        with self.health.reaching():
            write(*args)

    def _changed(self, table: Table) -> None:
        start_clock(table, time.time())
        table.notify()
        for hook in self.on_change:
            try:
                hook(table)
            except Exception:  # a rating or a notice that fails must not undo or hide a stored move
                logger.exception("game %s: a change hook failed", table.id)

    # The action parsing and step checks live in moves.py; kept here for callers of the service.
    parse_action = staticmethod(parse_action)
    check_step = staticmethod(check_step)

    async def undo_async(self, table: Table, seat: int | None, step: int | None = None) -> None:
        """`undo` after any write of this game still in flight (threaded stores)."""
        async with self._turn(table):
            self.undo(table, seat, step)

    def undo(self, table: Table, seat: int | None, step: int | None = None) -> None:
        """Take back your own last action, if nothing (chance, another seat) came after it.

        With `step` (the step the undo was decided at), a repeated undo is refused instead of
        taking back an earlier action too.
        """
        if seat is None:
            raise Forbidden("spectators cannot undo")
        if step is not None and check_step(step) != table.step:
            raise Stale(f"the game has moved on (you asked at step {step}, it is now step {table.step})", table.step)
        if not self.can_undo(table, seat):
            raise Conflict("you can only undo your own last action, before any chance event or other player's move")
        state = replay_on(table.game, list(table.state.history[:-1]))
        try:
            self._write(self.store.append, table.id, [StoredEvent(table.next_seq, UNDO, None, seat)], "playing")
        except Exception:
            self.unsure.add(table.id)  # read back before the next write: it may have been stored
            raise
        table.next_seq += 1
        table.state = state
        table.actors.pop()
        table.lines.pop()
        table.answers.pop(seat, None)
        self._changed(table)

    def can_undo(self, table: Table, seat: int | None) -> bool:
        return seat_can_undo(table, seat)

    def _reload(self, table: Table) -> None:
        """Rebuild the game from the database (a follower whose stored events do not follow on)."""
        stored = self.store.game(table.id)
        if stored is not None:
            fresh = self._rebuild(stored, self.store.events(table.id))
            table.state, table.actors, table.next_seq = fresh.state, fresh.actors, fresh.next_seq
            table.lines, table.timeouts = fresh.lines, fresh.timeouts

    # -- the turn clock (clock.py) ------------------------------------------------------
    async def play_timeouts(self, now: float | None = None) -> int:
        """Let the timeout bot move for every person whose time ran out; returns how many moves."""
        now = time.time() if now is None else now
        if self.health.down:
            return 0  # the clock waits for the database: a timeout move could not be stored
        if self.unstarted:
            self.start_unstarted()
        due = [t for t in list(self.tables.values()) if t.deadline is not None and t.deadline <= now]
        if self.ownership is not None and due:
            # The owner runs a game's clock; a game nobody holds is adopted by a process that has it.
            ownership = self.ownership
            orphans = [t.id for t in due if not ownership.holds(t.id)]
            adopted = ownership.adopt_now(orphans) if orphans else set()
            due = [t for t in due if ownership.holds(t.id) or t.id in adopted]
        played = 0
        for table in due:
            try:
                played += await self.timeout(table, now)
            except Unavailable:
                return played  # the database went away meanwhile: the rest wait for it
            except Exception:
                logger.exception("game %s: the timeout move failed", table.id)
        return played

    async def timeout(self, table: Table, now: float) -> bool:
        """The timeout bot's move for the person to decide, through the same path as theirs (stored
        as a `timeout` event, logged in words); nothing if they moved meanwhile."""
        async with self._turn(table):
            if table.deadline is None or table.deadline > now:
                return False
            seat = table.state.current_player()
            if table.on_timeout == "forfeit":  # the seat loses on time, stored before it is shown
                table.forfeited = seat
                try:
                    for store_forfeit in self.on_forfeit:
                        self._write(store_forfeit, table)
                except Exception:
                    table.forfeited = None  # not stored: the clock tries again once the database is back
                    raise
                table.revision += 1
                self._changed(table)
                return True
            bot = new_bot(table.timeout_bot or DEFAULT_TIMEOUT_BOT, table.game)
            # Any bot may be the timeout bot: it thinks in a bot thread, on the game as stored (the lock is held).
            action = await self._think(bot_move, table, seat, bot, "timeout")
            await self._commit_async(table, *await self._play_async(table, seat, action, table.step, timeout=True))
            return True

    # -- what a seat sees (snapshots.py) ------------------------------------------------
    def snapshot(self, table: Table, seat: int | None) -> dict[str, Any]:
        return snapshot(table, seat)

    def snapshot_text(self, table: Table, seat: int | None) -> str:
        return snapshot_text(table, seat)

    def legal_for(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        return legal_for(table, seat)

    def log_for(self, table: Table, seat: int | None, steps: int, tail: int | None = 30) -> list[dict[str, Any]]:
        return log_for(table, seat, steps, tail)

    def replay_snapshot(self, table: Table, seat: int | None, step: int) -> dict[str, Any]:
        """The game as `seat` saw it after `step` actions, with the chat said by then."""
        if 0 <= step <= table.step and (seat is not None or table.status == "finished"):
            chat = [m.to_json() for m in self.store.chat(table.id, up_to_step=step, limit=CHAT_KEPT)]
        else:
            chat = []
        return replay_snapshot(table, seat, step, chat)

    # -- records ----------------------------------------------------------------------
    def export(self, table: Table) -> dict[str, Any]:
        """The magnates Record of a finished game (an unfinished one would reveal hidden cards)."""
        if table.status != "finished":
            raise Conflict("a game can be exported only once it is finished (its record holds every hidden card)")
        record = table.state.record()
        record.meta.update(
            {
                "server_game_id": table.id,
                "seats": [s.public(i) for i, s in enumerate(table.seats)],
                "chat": [m.to_json() for m in self.store.chat(table.id)],
            }
        )
        return record.to_json()

    def import_record(self, data: Any) -> Table:
        """Store a Record (from `export` or `magnates.save`) as a new game, checked by replaying it."""
        record = Record.from_json(data)
        try:
            game = self.load(record.game, record.options)
        except OptionError as err:
            raise RecordError(f"the record's game cannot be loaded: {err}") from None
        actions = upgraded_actions(game, record)  # an older rules version's record, rewritten where it can be
        state, lines, actors = replay_with_lines(game, actions)
        tokens = [new_token() for _ in range(game.num_players)]
        seats = [Seat("person", None, hash_token(token)) for token in tokens]
        table = Table(secrets.token_hex(8), game, state, seats, secrets.randbits(62), actors, 0, lines=lines)
        table.fresh_tokens = dict(enumerate(tokens))
        self._issue_creator(table)
        events = [event(table, ACTION, a, who) for a, who in zip(actions, actors, strict=True)]
        said = recorded_chat(table, record.meta.get("chat"))  # checked before anything is stored
        self._write(self.store.create_game, self._stored(table), events)
        store_chat(self.store, table, said)
        self.tables[table.id] = table
        return table


def _in_event_loop() -> bool:
    """Whether this call runs in the event loop's thread (where a bot must not think)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
