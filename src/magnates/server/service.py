"""The authoritative game service: it owns every state and decides what each seat sees.

Browsers send action ids; the service validates them with the engine, stores
them, plays the chance events and the bot seats that follow, and then hands
each seat `state.view(seat)` and nothing else. Chance is sampled with a
generator seeded from the game's secret seed and the step number, so a
restarted server continues a game with exactly the dice and cards it would
have drawn without the restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import magnates
from magnates.bots.registry import GENERIC, available, make_bot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.errors import IllegalAction, MagnatesError, OptionError, RecordError
from magnates.core.game import CHANCE, Game, State
from magnates.core.record import Record, replay_on
from magnates.games import game_class
from magnates.server.storage import ACTION, UNDO, Store, StoredEvent, StoredGame, effective_actions

logger = logging.getLogger(__name__)

SPECTATOR: None = None
MAX_AUTOMATIC_STEPS = 100_000
HIDDEN = "(hidden)"
LOG_TAIL = 30
MAX_ACTION_TEXT = 200  # an action's text or JSON form longer than this names no action
MAX_OPTIONS = 32
GAME_CACHE = 256  # distinct option sets whose Game objects are kept


def excerpt(value: Any, limit: int = 40) -> str:
    """A short, quoted piece of what a client sent, for an error message (never the whole input)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def hash_token(token: str) -> str:
    """What is stored of a seat's secret: tokens are 144 random bits, so one SHA-256 is enough."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


class ServiceError(MagnatesError):
    """A request the service refuses; `status` is the HTTP status that fits it."""

    status = 400


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    """The request is well-formed but does not fit the game now (illegal, stale, not your turn)."""

    status = 409


class BadInput(ServiceError):
    """A request whose values have the wrong type or size (a negative action id, a string for a number)."""

    status = 422


class Stale(Conflict):
    """A move decided at another step than the game's: refused, with the current step to look again."""

    def __init__(self, message: str, step: int) -> None:
        super().__init__(message)
        self.step = step


class Repeated(Exception):
    """The same seat sent the same move for the same step again: it was applied once; answer as before."""

    def __init__(self, step: int) -> None:
        super().__init__(step)
        self.step = step


@dataclass
class Seat:
    kind: str  # "person" or "bot"
    bot: str | None = None
    token_hash: str | None = None  # SHA-256 of the seat's secret; the secret itself is never stored

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "token_hash": self.token_hash}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        digest = data.get("token_hash")
        if digest is None and data.get("token"):  # a row written before tokens were hashed
            digest = hash_token(str(data["token"]))
        return cls(str(data.get("kind", "person")), data.get("bot"), digest)

    def public(self, seat: int) -> dict[str, Any]:
        name = f"Player {seat + 1}"
        label = f"{self.bot} bot" if self.kind == "bot" else "person"
        return {"seat": seat, "name": name, "kind": self.kind, "bot": self.bot, "label": label}


Listener = Callable[["Table"], None]


@dataclass
class Table:
    """One live game: the engine state plus who sits where and who made each move."""

    id: str
    game: Game
    state: State
    seats: list[Seat]
    seed: int
    actors: list[int]
    next_seq: int
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one write at a time per game (threaded stores)
    texts: dict[int, tuple[str, bool]] = field(default_factory=dict)  # action id -> (text, is dice), for logs
    described: dict[int, dict[str, Any]] = field(default_factory=dict)  # action id -> its JSON for `legal`
    lines: list[dict[int | None, str]] = field(default_factory=list)  # per step: log text per viewer
    log_cache: dict[tuple[int, int | None], list[dict[str, Any]]] = field(default_factory=dict)
    text_cache: dict[tuple[int, int | None], str] = field(default_factory=dict)  # (event, seat) -> message text
    listeners: list[Listener] = field(default_factory=list)
    creator_hash: str | None = None  # SHA-256 of the creator's secret (re-issues seat links)
    fresh_tokens: dict[int, str] = field(default_factory=dict)  # plain tokens, only until the creator is answered
    answers: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # seat -> (step, first answer)
    last_used: float = field(default_factory=time.monotonic)

    @property
    def step(self) -> int:
        return len(self.state.history)

    @property
    def status(self) -> str:
        return "finished" if self.state.is_terminal() else "playing"

    def seat_for(self, token: str | None) -> int | None:
        """The seat a secret token opens; no token is a spectator; a wrong token is refused."""
        if not token:
            return SPECTATOR
        digest = hash_token(token)
        found = None
        for index, seat in enumerate(self.seats):  # every seat compared, in constant time each
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                found = index
        if found is None:
            raise Forbidden("this seat link is not valid for this game (check the link you were given)")
        return found

    def is_creator(self, token: str | None) -> bool:
        if not token or self.creator_hash is None:
            return False
        return secrets.compare_digest(self.creator_hash, hash_token(token))


def bot_names(game: Game) -> list[str]:
    """The bots a seat may be given; a game whose own bots fail to import still offers the generic ones."""
    try:
        return sorted(available(game))
    except ImportError:
        return sorted(GENERIC)


def new_bot(name: str, game: Game) -> Bot:
    try:
        return make_bot(name, game)
    except ImportError as err:
        if name in GENERIC:
            return GENERIC[name](game)
        raise OptionError(f"bot {name!r} of {game.name} cannot be loaded: {err}") from None


def _compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def step_rng(seed: int, step: int, purpose: str) -> random.Random:
    """A generator fixed by the game's seed, the step and what it is for (restart-exact)."""
    return random.Random(f"{seed}:{step}:{purpose}")


class GameService:
    """Creates, loads, advances and describes games; every change is stored before it is shown."""

    def __init__(self, store: Store, idle_seconds: float = 600.0) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.games: dict[tuple[str, str], Game] = {}
        self.idle_seconds = idle_seconds  # a table nobody used for this long leaves memory (see unload_idle)

    def load(self, name: str, options: Mapping[str, Any]) -> Game:
        """One Game object per game and option set, shared by its tables.

        A Game is fixed once its options are validated, and building its action
        space is the costly part of starting a game, so tables share it.
        """
        key = (name, json.dumps(dict(options), sort_keys=True, default=str))
        game = self.games.get(key)
        if game is None:
            game = magnates.load(name, **options)
            if len(self.games) >= GAME_CACHE:  # many option sets (an abuse): start the cache again
                self.games.clear()
            self.games[(name, json.dumps(game.options, sort_keys=True, default=str))] = game
            self.games[key] = game
        return game

    # -- the catalogue --------------------------------------------------------------
    def catalog(self) -> list[dict[str, Any]]:
        out = []
        for name in magnates.games():
            try:
                game_cls = game_class(name)
                options = [
                    {
                        "name": o.name,
                        "default": o.default,
                        "choices": list(o.choices) if o.choices else None,
                        "doc": o.doc,
                    }
                    for o in game_cls.options_declared
                ]
                out.append({"name": name, "title": getattr(game_cls, "title", name), "options": options})
            except Exception as err:  # a game still being written must not break the lobby
                out.append({"name": name, "title": name, "options": [], "error": str(err)})
        return out

    def strict_options(self, name: str, options: Any) -> dict[str, Any]:
        """Options from JSON, checked against their declared types before the game sees them.

        The command line turns "2" into 2; JSON has numbers and booleans of its own, so a string
        where a number or a boolean is declared is refused rather than guessed.
        """
        if not isinstance(options, Mapping):
            raise BadInput("options are a JSON object of NAME: value pairs")
        if len(options) > MAX_OPTIONS:
            raise BadInput(f"at most {MAX_OPTIONS} options may be given")
        try:
            declared = {o.name: o for o in game_class(name).options_declared}
        except Exception:
            return dict(options)  # an unknown game: magnates.load names the valid ones
        for key, value in options.items():
            option = declared.get(key)
            if option is None:
                continue  # validate_options names the valid options
            kind = type(option.default)
            if kind is bool and not isinstance(value, bool):
                raise BadInput(f"option {key!r} takes true or false (JSON booleans), not {excerpt(value)}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise BadInput(f"option {key!r} takes a whole number (a JSON number), not {excerpt(value)}")
            if kind is str and not isinstance(value, str):
                raise BadInput(f"option {key!r} takes a text value, not {excerpt(value)}")
        return dict(options)

    def describe(self, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """Seats and bots of a game with these options (OptionError if the options are wrong)."""
        game = self.load(name, options)
        return {
            "game": name,
            "options": game.options,
            "num_players": game.num_players,
            "bots": bot_names(game),
        }

    # -- creating and loading -------------------------------------------------------
    def create(
        self, name: str, options: Mapping[str, Any], seats: list[dict[str, Any]], seed: int | None = None
    ) -> Table:
        game = self.load(name, options)
        if len(seats) != game.num_players:
            raise OptionError(f"{name} with these options has {game.num_players} seats; {len(seats)} were given")
        made = [self._seat(spec, index, game) for index, spec in enumerate(seats)]
        table = Table(
            id=secrets.token_hex(8),
            game=game,
            state=game.new_initial_state(),
            seats=[seat for seat, _ in made],
            seed=secrets.randbits(62) if seed is None else seed,
            actors=[],
            next_seq=0,
        )
        table.fresh_tokens = {index: token for index, (_, token) in enumerate(made) if token is not None}
        self._issue_creator(table)
        self._attach_bots(table)
        events = self._advance(table)
        self.store.create_game(self._stored(table), events)
        self.tables[table.id] = table
        return table

    def _seat(self, spec: Mapping[str, Any], index: int, game: Game) -> tuple[Seat, str | None]:
        """A seat and, for a person, its secret (returned once; only its hash is kept)."""
        kind = spec.get("kind", "person")
        if kind == "person":
            token = new_token()
            return Seat("person", None, hash_token(token)), token
        if kind == "bot":
            bot = str(spec.get("bot") or "random")
            new_bot(bot, game)  # OptionError naming the valid bots if unknown
            return Seat("bot", bot, None), None
        raise OptionError(f"seat {index + 1} must be a 'person' or a 'bot', not {excerpt(kind)}")

    @staticmethod
    def _issue_creator(table: Table) -> None:
        token = new_token()
        table.creator_hash = hash_token(token)
        table.fresh_tokens[-1] = token  # -1: the creator's secret, shown once with the seat links

    def reissue(self, table: Table, seat: int, creator_token: str | None) -> str:
        """A new secret for a person's seat (the old link stops working); only the game's creator may."""
        if not table.is_creator(creator_token):
            raise Forbidden("only the game's creator (with the creator token given at creation) may re-issue a link")
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "person":
            raise NotFound(f"seat {seat} is not a person's seat of this game (0..{len(table.seats) - 1})")
        token = new_token()
        seats = [s.to_json() for s in table.seats]
        seats[seat]["token_hash"] = hash_token(token)
        self.store.set_seats(table.id, seats)
        table.seats[seat].token_hash = seats[seat]["token_hash"]
        table.answers.pop(seat, None)
        return token

    def _attach_bots(self, table: Table) -> None:
        table.bots = {i: new_bot(s.bot or "random", table.game) for i, s in enumerate(table.seats) if s.kind == "bot"}

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
        )

    def get(self, game_id: str) -> Table:
        """A live table, rebuilt from the stored record on first use (after a restart or an unload).

        Chance events or bot moves left pending by a stop are played and stored then, with the
        same seeded generators, so a game goes on exactly as it would have without the stop.
        """
        table = self.tables.get(game_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise NotFound(f"there is no game {excerpt(game_id)}")
        stored = self.store.game(game_id)
        if stored is None:
            raise NotFound(f"there is no game {excerpt(game_id)}")
        table = self._rebuild(stored, self.store.events(game_id))
        events = self._advance(table)
        if events:
            self.store.append(table.id, events, "finished" if table.state.is_terminal() else None)
        self.tables[game_id] = table
        return table

    def unload_idle(self, now: float | None = None) -> int:
        """Forget tables idle longer than `idle_seconds` (none watched, none writing); they come back
        from the database on their next request. Returns how many were unloaded."""
        now = time.monotonic() if now is None else now
        idle = [
            game_id
            for game_id, table in self.tables.items()
            if now - table.last_used >= self.idle_seconds and not table.listeners and not table.lock.locked()
        ]
        for game_id in idle:
            del self.tables[game_id]
        return len(idle)

    def _rebuild(self, stored: StoredGame, events: list[StoredEvent]) -> Table:
        try:
            game = self.load(stored.game, stored.options)
        except OptionError as err:
            raise RecordError(f"stored game {stored.id} cannot be loaded: {err}") from None
        actions, actors = effective_actions(events)
        state, lines, _ = self._replay_with_lines(game, actions)
        seats = [Seat.from_json(s) for s in stored.seats]
        table = Table(stored.id, game, state, seats, stored.seed, actors, len(events), lines=lines)
        table.creator_hash = stored.creator_hash
        self._attach_bots(table)
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

    # -- playing ----------------------------------------------------------------------
    def act(self, table: Table, seat: int | None, action: Any, step: int | None = None) -> None:
        """A person's action: checked, stored with what follows automatically, or refused whole."""
        events = self._play(table, seat, action, step)
        try:
            self.store.append(table.id, events, "finished" if table.state.is_terminal() else None)
        except Exception:
            self._reload(table)  # nothing half-applied: rebuild from what is stored
            raise
        self._notify(table)

    async def act_async(self, table: Table, seat: int | None, action: Any, step: int | None = None) -> None:
        """`act` for the event loop: with a networked database the write runs in a thread, so other
        games go on while this one waits for its commit; the game's own lock keeps its moves in order."""
        if not self.store.threaded:
            self.act(table, seat, action, step)
            return
        async with table.lock:
            events = self._play(table, seat, action, step)
            try:
                status = "finished" if table.state.is_terminal() else None
                await asyncio.to_thread(self.store.append, table.id, events, status)
            except Exception:
                self._reload(table)
                raise
            self._notify(table)

    def parse_action(self, table: Table, action: Any) -> int:
        """An action id from what a client sent: a non-negative integer id, the action's text or its JSON.

        Booleans, negative numbers, floats and long texts are refused here, before the engine sees
        them (Python would read True as 1 and -1 as the last item of a list).
        """
        if type(action) is int:
            if not 0 <= action < table.game.num_distinct_actions:
                raise BadInput(
                    f"an action id is a whole number from 0 to {table.game.num_distinct_actions - 1}; got {action}"
                )
            return action
        if isinstance(action, str):
            if len(action) > MAX_ACTION_TEXT:
                raise BadInput(f"an action's text is at most {MAX_ACTION_TEXT} characters; got {len(action):,}")
        elif isinstance(action, dict):
            if len(_compact(action)) > MAX_ACTION_TEXT * 4:
                raise BadInput(f"an action's JSON form is at most {MAX_ACTION_TEXT * 4} characters")
        else:
            raise BadInput(f"an action is an id (a whole number), its text or its JSON form, not {excerpt(action)}")
        try:
            return int(table.game.parse_action(action))
        except IllegalAction as err:
            raise Conflict(str(err)[:300]) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise BadInput(f"no action of {table.game.name} reads {excerpt(action)}") from None

    @staticmethod
    def check_step(step: Any) -> int:
        if step is None:
            raise BadInput("a move names the `step` it was decided at (the `step` of the state you saw)")
        if type(step) is not int or step < 0:
            raise BadInput(f"`step` is a whole number from 0 up, not {excerpt(step)}")
        return step

    def _play(self, table: Table, seat: int | None, action: Any, step: int | None) -> list[StoredEvent]:
        """Check and apply a person's action and what follows it automatically; return the events.

        A move sent again for a step this seat already played with the same action raises
        `Repeated` (answered as the first time); any other move at another step is `Stale`.
        """
        if seat is None:
            raise Forbidden("spectators watch; they cannot act")
        step = self.check_step(step)
        action = self.parse_action(table, action)
        if step != table.step:
            history = table.state.history
            if step < len(history) and table.actors[step] == seat and history[step] == action:
                raise Repeated(step)
            raise Stale(
                f"the game has moved on (you acted on step {step}, it is now step {table.step}); look again",
                table.step,
            )
        state = table.state
        current = state.current_player()
        if state.is_terminal():
            raise Conflict("the game is over; no action is legal")
        if current != seat:
            who = "chance" if current == CHANCE else f"Player {current + 1}"
            raise Conflict(f"it is not your decision now: {who} decides")
        try:
            action_id = action
            if action_id not in state.legal_actions():
                state.apply_action(action_id)  # raises IllegalAction with the reason, changing nothing
            line = self._line(table.game, state, action_id, seat)
            state.apply_action(action_id)
        except IllegalAction as err:
            raise Conflict(str(err)) from None
        table.actors.append(seat)
        table.lines.append(line)
        events = [self._event(table, ACTION, action_id, seat)]
        try:
            events += self._advance(table)
        except Exception:
            self._reload(table)
            raise
        return events

    async def undo_async(self, table: Table, seat: int | None, step: int | None = None) -> None:
        """`undo` after any write of this game still in flight (threaded stores)."""
        async with table.lock:
            self.undo(table, seat, step)

    def undo(self, table: Table, seat: int | None, step: int | None = None) -> None:
        """Take back your own last action, if nothing (chance, another seat) came after it.

        With `step` (the step the undo was decided at), a repeated undo is refused instead of
        taking back an earlier action too.
        """
        if seat is None:
            raise Forbidden("spectators cannot undo")
        if step is not None and self.check_step(step) != table.step:
            raise Stale(f"the game has moved on (you asked at step {step}, it is now step {table.step})", table.step)
        if not self.can_undo(table, seat):
            raise Conflict("you can only undo your own last action, before any chance event or other player's move")
        actions = list(table.state.history[:-1])
        state = replay_on(table.game, actions)
        self.store.append(table.id, [StoredEvent(table.next_seq, UNDO, None, seat)], "playing")
        table.next_seq += 1
        table.state = state
        table.actors.pop()
        table.lines.pop()
        table.answers.pop(seat, None)
        self._notify(table)

    def can_undo(self, table: Table, seat: int | None) -> bool:
        if seat is None or not table.actors or table.state.is_terminal():
            return False  # a finished game's result stands
        return table.actors[-1] == seat and table.seats[seat].kind == "person"

    def _event(self, table: Table, kind: str, action: int | None, seat: int) -> StoredEvent:
        event = StoredEvent(table.next_seq, kind, action, seat)
        table.next_seq += 1
        return event

    def _advance(self, table: Table) -> list[StoredEvent]:
        """Play chance events and bot seats until a person must decide or the game ends."""
        events: list[StoredEvent] = []
        state = table.state
        for _ in range(MAX_AUTOMATIC_STEPS):
            current = state.current_player()
            if current == CHANCE:
                action = sample(state.chance_outcomes(), step_rng(table.seed, table.step, "chance"))
            elif current >= 0 and current in table.bots:
                action = self._bot_move(table, current)
            else:
                return events
            line = self._line(table.game, state, action, current)
            state.apply_action(action)
            table.actors.append(current)
            table.lines.append(line)
            events.append(self._event(table, ACTION, action, current))
        raise RuntimeError(f"game {table.id} made {MAX_AUTOMATIC_STEPS} automatic moves without a person deciding")

    def _bot_move(self, table: Table, seat: int) -> int:
        """The bot's choice; a bot that fails or answers an illegal action plays a random legal one.

        A bug in a bot must not freeze a game that people are playing; it is logged instead.
        """
        state = table.state
        legal = list(state.legal_actions())
        rng = step_rng(table.seed, table.step, f"bot{seat}")
        try:
            action = table.bots[seat].choose(table.game, state.view(seat), legal, rng)
            if action in legal:
                return int(action)
            logger.warning("bot %s of game %s chose illegal action %r", table.seats[seat].bot, table.id, action)
        except Exception:
            logger.exception(
                "bot %s of game %s failed; it plays a random legal action", table.seats[seat].bot, table.id
            )
        return legal[step_rng(table.seed, table.step, f"fallback{seat}").randrange(len(legal))]

    def _reload(self, table: Table) -> None:
        stored = self.store.game(table.id)
        if stored is not None:
            fresh = self._rebuild(stored, self.store.events(table.id))
            table.state, table.actors, table.next_seq = fresh.state, fresh.actors, fresh.next_seq
            table.lines = fresh.lines

    def _notify(self, table: Table) -> None:
        for listener in list(table.listeners):
            listener(table)

    # -- what a seat sees ---------------------------------------------------------------
    def snapshot(self, table: Table, seat: int | None) -> dict[str, Any]:
        """Everything one seat may know now: its view, its legal actions, the public log."""
        state = table.state
        current = state.current_player()
        message: dict[str, Any] = {
            "type": "state",
            "game_id": table.id,
            "game": table.game.name,
            "title": getattr(table.game, "title", table.game.name),
            "options": table.game.options,
            "seat": seat,
            "step": table.step,
            "status": table.status,
            "decider": current,
            "players": [s.public(i) for i, s in enumerate(table.seats)],
            "view": state.view(seat),
            "legal": self.legal_for(table, seat),
            "can_undo": self.can_undo(table, seat),
            "result": state.result().to_json() if state.is_terminal() else None,
            "log": self._live_log(table, seat),
        }
        return message

    def snapshot_text(self, table: Table, seat: int | None) -> str:
        """`snapshot` as compact JSON text, as the WebSocket sends it, made once per seat and event."""
        key = (table.next_seq, seat)
        cached = table.text_cache.get(key)
        if cached is not None:
            return cached
        if len(table.text_cache) > 16 or any(k[0] != table.next_seq for k in table.text_cache):
            table.text_cache.clear()
        text = _compact(self.snapshot(table, seat))
        table.text_cache[key] = text
        return text

    def _live_log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """The live log as `seat` may read it, made once per seat and event."""
        key = (table.next_seq, seat)
        log = table.log_cache.get(key)
        if log is None:
            if len(table.log_cache) > 16:
                table.log_cache.clear()
            log = table.log_cache[key] = self.log_for(table, seat, len(table.state.history))
        return log

    def legal_for(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        state = table.state
        if seat is None or state.current_player() != seat:
            return []
        game = table.game
        described = table.described
        out = []
        for action_id in state.legal_actions():
            entry = described.get(action_id)
            if entry is None:
                action = game.action(action_id)
                entry = described[action_id] = {
                    "id": action_id,
                    "text": str(action),
                    "kind": action.kind,
                    "json": action.to_json(),
                }
            out.append(entry)
        return out

    def log_for(self, table: Table, seat: int | None, steps: int, tail: int | None = LOG_TAIL) -> list[dict[str, Any]]:
        """The first `steps` log lines as `seat` may read them (the last `tail` of them).

        Live messages carry only the last `tail` entries so that a message stays
        small however long the game; the replay endpoint serves the whole story.
        """
        first = 0 if tail is None else max(0, steps - tail)
        log = []
        for step in range(first, min(steps, len(table.lines), len(table.actors))):
            actor = table.actors[step]
            who = "chance" if actor == CHANCE else f"Player {actor + 1}"
            log.append({"step": step, "actor": actor, "who": who, "text": table.lines[step][seat]})
        return log

    @staticmethod
    def _line(game: Game, state: State, action_id: int, actor: int) -> dict[int | None, str]:
        """What each viewer (every seat, and spectators) may read about an action about to be applied.

        A game that words its own log (`State.describe`) is asked for each viewer; otherwise
        moves are public and, of chance events, only dice are shown.
        """
        viewers: list[int | None] = [*range(game.num_players), None]
        if type(state).describe is not State.describe:
            return {viewer: state.describe(action_id, viewer) for viewer in viewers}
        action = game.action(action_id)
        text = str(action) if actor != CHANCE or action.is_dice else HIDDEN
        return dict.fromkeys(viewers, text)

    def _replay_with_lines(
        self, game: Game, actions: list[int]
    ) -> tuple[State, list[dict[int | None, str]], list[int]]:
        """Replay a stored game, wording its log as it goes; returns the state, the log lines and who
        made each action. A broken record raises RecordError naming the action that fails."""
        state = game.new_initial_state()
        lines = []
        actors = []
        for index, action in enumerate(actions):
            try:
                if action not in state.legal_actions():
                    state.apply_action(action)  # raises with the reason
                actor = state.current_player()
                lines.append(self._line(game, state, action, actor))
                state.apply_action(action)
                actors.append(actor)
            except IllegalAction as err:
                raise RecordError(f"action {index + 1} of the record cannot be replayed: {err}") from None
        return state, lines, actors

    def replay_snapshot(self, table: Table, seat: int | None, step: int) -> dict[str, Any]:
        """The game as `seat` saw it after `step` actions (finished games: for study, step by step)."""
        history = table.state.history
        if not 0 <= step <= len(history):
            raise NotFound(f"step {step} is outside this game's 0..{len(history)}")
        if table.status != "finished" and seat is None:
            raise Forbidden("spectators may replay a game once it is finished")
        state = replay_on(table.game, history[:step])
        return {
            "type": "replay",
            "game_id": table.id,
            "game": table.game.name,
            "seat": seat,
            "step": step,
            "steps": len(history),
            "decider": state.current_player(),
            "players": [s.public(i) for i, s in enumerate(table.seats)],
            "view": state.view(seat),
            "log": self.log_for(table, seat, step, tail=None),
            "result": state.result().to_json() if state.is_terminal() else None,
        }

    # -- records ---------------------------------------------------------------------
    def export(self, table: Table) -> dict[str, Any]:
        """The magnates Record of a finished game (an unfinished one would reveal hidden cards)."""
        if table.status != "finished":
            raise Conflict("a game can be exported once it is finished (its record holds every hidden card)")
        record = table.state.record()
        record.meta.update({"server_game_id": table.id, "seats": [s.public(i) for i, s in enumerate(table.seats)]})
        return record.to_json()

    def import_record(self, data: Any) -> Table:
        """Store a Record (from `export` or `magnates.save`) as a new game, checked by replaying it."""
        record = Record.from_json(data)
        try:
            game = self.load(record.game, record.options)
        except OptionError as err:
            raise RecordError(f"the record's game cannot be loaded: {err}") from None
        if str(record.version) != str(game.version):
            raise RecordError(
                f"this record was made by {record.game} rules version {record.version}; this server has {game.version}"
            )
        state, lines, actors = self._replay_with_lines(game, list(record.actions))
        tokens = [new_token() for _ in range(game.num_players)]
        seats = [Seat("person", None, hash_token(token)) for token in tokens]
        table = Table(secrets.token_hex(8), game, state, seats, secrets.randbits(62), actors, 0, lines=lines)
        table.fresh_tokens = dict(enumerate(tokens))
        self._issue_creator(table)
        events = [self._event(table, ACTION, a, who) for a, who in zip(record.actions, actors, strict=True)]
        self.store.create_game(self._stored(table), events)
        self.tables[table.id] = table
        return table
