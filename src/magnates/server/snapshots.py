"""What a seat is sent: its view, its legal actions, the log worded for it, the chat, the clock.

Nothing else about a state leaves the server. Log lines are worded once per viewer when each
action is applied (`line`), by the game's own `State.describe` when it has one; otherwise moves
are public and, of chance events, only dice are shown.
"""

from __future__ import annotations

import json
import time
from typing import Any

try:  # an accelerator, used when installed: the same text for the JSON that views and logs hold
    import orjson
except ImportError:  # pragma: no cover - the standard library's encoder then
    orjson = None  # type: ignore[assignment]

from magnates.core.errors import IllegalAction, RecordError
from magnates.core.game import CHANCE, Game, State
from magnates.core.record import replay_on
from magnates.server.errors import Forbidden, NotFound
from magnates.server.log_names import named, speaker
from magnates.server.tables import Table

HIDDEN = "(hidden)"
LOG_TAIL = 30


_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)  # made once: json.dumps makes one a call


def compact(data: Any) -> str:
    """Compact JSON text (UTF-8 as it is, no spaces), orjson's when installed (about five times faster
    on a view); what orjson refuses (integers over 64 bits, lone surrogates) goes through `json`."""
    if orjson is not None:
        try:
            return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass
    return _COMPACT.encode(data)


def players(table: Table) -> list[dict[str, Any]]:
    return [s.public(i) for i, s in enumerate(table.seats)]


def timer(table: Table) -> dict[str, Any] | None:
    if not table.timed:
        return None
    shown: dict[str, Any] = {"seconds": table.turn_seconds, "deadline": table.deadline, "bot": table.timeout_bot}
    if table.bank_seconds:  # each person's time left in the whole game
        shown["bank"] = table.bank_seconds
        shown["left"] = [max(0.0, table.bank_seconds - table.spent.get(s, 0.0)) for s in range(len(table.seats))]
    if table.on_timeout != "bot":
        shown["on_timeout"] = table.on_timeout
    return shown


def snapshot(table: Table, seat: int | None) -> dict[str, Any]:
    """Everything one seat may know now: its view, its legal actions, the public log."""
    state = table.state
    return {
        "type": "state",
        "game_id": table.id,
        "game": table.game.name,
        "title": getattr(table.game, "title", table.game.name),
        "options": table.game.options,
        "seat": seat,
        "step": table.step,
        "status": table.status,
        "decider": state.current_player(),
        "players": players(table),
        "view": state.view(seat),
        "legal": legal_for(table, seat),
        "can_undo": can_undo(table, seat),
        "result": result_json(table),
        "reveal": reveal(state),
        "log": live_log(table, seat),
        "chat": table.chat,
        "rematch": table.rematch_id,
        "timer": timer(table),
        "waiting_for": table.waiting,  # open seats the game waits for before its first move (0: started)
        **({"server_time": time.time()} if table.timed else {}),
    }


IDENTITY_KEYS = frozenset({"seat", "you"})  # a view's own "who am I": not a secret of that seat


def hidden_parts(mine: Any, public: Any, path: tuple[str | int, ...] = ()) -> list[dict[str, Any]]:
    """Where a seat's view says more than the spectators' one: `[{path, value}]`, each path a list
    of keys and list indexes into the view (Magnate: `["sides", 1, "hand"]`)."""
    if isinstance(mine, dict) and isinstance(public, dict):
        out = []
        for key, value in mine.items():
            if not path and key in IDENTITY_KEYS:
                continue
            out.extend(hidden_parts(value, public.get(key), (*path, key)))
        return out
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [part for index, item in enumerate(mine) for part in hidden_parts(item, public[index], (*path, index))]
    return [] if mine == public else [{"path": list(path), "value": mine}]


def reveal(state: State) -> list[dict[str, Any]] | None:
    """Every seat's hidden cards once the game is over (null before): per seat, what its own view
    showed that the public one did not. The final state's views, and only at the end."""
    if not state.is_terminal():
        return None
    public = state.view(None)
    return [{"seat": seat, "hidden": hidden_parts(state.view(seat), public)} for seat in range(state.game.num_players)]


def result_json(table: Table) -> dict[str, Any] | None:
    result = table.result()
    return None if result is None else result.to_json()


def can_undo(table: Table, seat: int | None) -> bool:
    if seat is None or not table.actors or table.over:
        return False  # a finished game's result stands
    return table.actors[-1] == seat and table.seats[seat].kind == "person" and table.step - 1 not in table.timeouts


def live_log(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The live log as `seat` may read it, made once per seat and event."""
    key = (table.next_seq, table.revision, seat)  # a seat taken renames people in the lines
    log = table.log_cache.get(key)
    if log is None:
        if len(table.log_cache) > 16:
            table.log_cache.clear()
        log = table.log_cache[key] = log_for(table, seat, len(table.state.history))
    return log


def legal_for(table: Table, seat: int | None) -> list[dict[str, Any]]:
    state = table.state
    if seat is None or table.forfeited is not None or state.current_player() != seat:
        return []
    return [action_entry(table, action_id) for action_id in state.legal_actions()]


def action_entry(table: Table, action_id: int) -> dict[str, Any]:
    """An action's entry in `legal` (id, text, kind, JSON), made once for every table of the game."""
    entry = table.described.get(action_id)
    if entry is None:
        action = table.game.action(action_id)
        entry = {"id": action_id, "text": str(action), "kind": action.kind, "json": action.to_json()}
        entry = table.described.setdefault(action_id, entry)
    return entry


def log_for(table: Table, seat: int | None, steps: int, tail: int | None = LOG_TAIL) -> list[dict[str, Any]]:
    """The first `steps` log lines as `seat` may read them (the last `tail` of them).

    Live messages carry only the last `tail` entries so that a message stays
    small however long the game; the replay endpoint serves the whole story.
    """
    first = 0 if tail is None else max(0, steps - tail)
    names = [table.name(index) for index in range(len(table.seats))]
    log = []
    for step in range(first, min(steps, len(table.lines), len(table.actors))):
        actor = table.actors[step]
        who, text = speaker("chance" if actor == CHANCE else table.name(actor), named(table.lines[step][seat], names))
        entry: dict[str, Any] = {"step": step, "actor": actor, "who": who, "text": text}
        action = public_action(table, step)
        if action is not None:
            entry["action"] = action
        if step in table.timeouts:
            entry["timeout"] = True
        log.append(entry)
    return log


def public_action(table: Table, step: int) -> int | None:
    """The action id of a move worded alike for every viewer (so nobody learns more from its id than
    from its words), for the board to mark what it involved; None for chance and for private moves."""
    if table.actors[step] == CHANCE:
        return None
    texts = iter(table.lines[step].values())
    first = next(texts, None)
    if first is None or any(text != first for text in texts):
        return None
    return table.state.history[step]


def line(game: Game, state: State, action_id: int, actor: int) -> dict[int | None, str]:
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


def timed_out(line: dict[int | None, str], bot: str | None, name: str) -> dict[int | None, str]:
    """A log line played by the timeout bot, saying so to everyone."""
    return {viewer: f"Time ran out: the {bot} bot moved for {name}: {text}" for viewer, text in line.items()}


def replay_with_lines(game: Game, actions: list[int]) -> tuple[State, list[dict[int | None, str]], list[int]]:
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
            lines.append(line(game, state, action, actor))
            state.apply_action(action)
            actors.append(actor)
        except IllegalAction as err:
            raise RecordError(f"action {index + 1} of the record cannot be replayed: {err}") from None
    return state, lines, actors


def replay_snapshot(table: Table, seat: int | None, step: int, chat: list[dict[str, Any]]) -> dict[str, Any]:
    """The game as `seat` saw it after `step` actions (with the chat said by then)."""
    history = table.state.history
    if not 0 <= step <= len(history):
        raise NotFound(f"step {step} is outside this game's 0..{len(history)}")
    if table.status != "finished" and seat is None:
        raise Forbidden("spectators may replay a game only once it is finished")
    state = replay_on(table.game, history[:step])
    return {
        "type": "replay",
        "game_id": table.id,
        "game": table.game.name,
        "seat": seat,
        "step": step,
        "steps": len(history),
        "decider": state.current_player(),
        "players": players(table),
        "view": state.view(seat),
        "log": log_for(table, seat, step, tail=None),
        "result": state.result().to_json() if state.is_terminal() else None,
        "reveal": reveal(state),
        "chat": chat,
    }
