"""Applying moves to a table: a person's checked move, then chance and bots until a person decides.

Pure table changes that return the events to store; the service stores them (all or nothing)
and tells the watchers. Chance is sampled with a generator seeded from the game's secret seed
and the step number, so a restarted server continues a game with exactly the dice and cards it
would have drawn without the restart.
"""

from __future__ import annotations

import logging
from typing import Any

from magnates.core.chance import sample
from magnates.core.errors import IllegalAction
from magnates.core.game import CHANCE
from magnates.server.errors import BadInput, Conflict, Forbidden, Repeated, Stale, excerpt
from magnates.server.snapshots import compact, line, timed_out
from magnates.server.storage import ACTION, TIMEOUT, StoredEvent
from magnates.server.tables import Table, step_rng

logger = logging.getLogger(__name__)

MAX_AUTOMATIC_STEPS = 100_000
MAX_ACTION_TEXT = 200  # an action's text or JSON form longer than this names no action


def check_step(step: Any) -> int:
    if step is None:
        raise BadInput("a move names the `step` it was decided at (the `step` of the state you saw)")
    if type(step) is not int or step < 0:
        raise BadInput(f"`step` is a whole number from 0 up, not {excerpt(step)}")
    return step


def parse_action(table: Table, action: Any) -> int:
    """An action id from what a client sent: a non-negative integer id, the action's text or its JSON.

    Booleans, negative numbers, floats, strings of digits and long texts are refused here (422),
    before the engine sees them (Python would read True as 1 and -1 as the last item of a list).
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
        if action.strip().isdigit():  # no action's text is a bare number: an id sent as a string
            raise BadInput(f"an action id is a JSON number, not a string of digits ({excerpt(action)})")
    elif isinstance(action, dict):
        if len(compact(action)) > MAX_ACTION_TEXT * 4:
            raise BadInput(f"an action's JSON form is at most {MAX_ACTION_TEXT * 4} characters")
    else:
        raise BadInput(f"an action is an id (a whole number), its text or its JSON form, not {excerpt(action)}")
    try:
        return int(table.game.parse_action(action))
    except IllegalAction as err:
        raise Conflict(str(err)[:300]) from None
    except (TypeError, ValueError, KeyError, AttributeError):
        raise BadInput(f"no action of {table.game.name} reads {excerpt(action)}") from None


def players_wanted(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"


def event(table: Table, kind: str, action: int | None, seat: int) -> StoredEvent:
    made = StoredEvent(table.next_seq, kind, action, seat)
    table.next_seq += 1
    return made


def play(table: Table, seat: int | None, action: Any, step: Any, timeout: bool = False) -> list[StoredEvent]:
    """Check and apply a person's action (or the timeout bot's for them) and what follows it
    automatically; return the events. Nothing changes when it is refused.

    A move sent again for a step this seat already played with the same action raises
    `Repeated` (answered as the first time); any other move at another step is `Stale`.
    """
    if seat is None:
        raise Forbidden("spectators watch; they cannot act")
    if table.waiting:
        raise Conflict(f"the game has not started: it is waiting for {players_wanted(table.waiting)}")
    step = check_step(step)
    action = parse_action(table, action)
    if step != table.step:
        history = table.state.history
        if step < len(history) and table.actors[step] == seat and history[step] == action:
            raise Repeated(step)
        raise Stale(
            f"the game has moved on (you acted on step {step}, it is now step {table.step}); look again", table.step
        )
    state = table.state
    current = state.current_player()
    if table.over:
        raise Conflict("the game is over; no action is legal")
    if current != seat:
        who = "chance" if current == CHANCE else table.name(current)
        raise Conflict(f"it is not your decision now: {who} decides")
    try:
        if action not in state.legal_actions():
            state.apply_action(action)  # raises IllegalAction with the reason, changing nothing
        worded = line(table.game, state, action, seat)
        state.apply_action(action)
    except IllegalAction as err:
        raise Conflict(str(err)) from None
    if timeout:
        worded = timed_out(worded, table.timeout_bot, table.name(seat))
        table.timeouts.add(table.step - 1)
    table.actors.append(seat)
    table.lines.append(worded)
    return [event(table, TIMEOUT if timeout else ACTION, action, seat), *advance(table)]


def automatic(table: Table) -> bool:
    """Whether chance or a bot decides now: `advance` has moves to play."""
    if table.waiting or table.forfeited is not None or table.state.is_terminal():
        return False
    current = table.state.current_player()
    return current == CHANCE or (current >= 0 and current in table.bots)


def advance(table: Table) -> list[StoredEvent]:
    """Play chance events and bot seats until a person must decide or the game ends (none while
    the game waits for seats or was lost on time: `automatic`)."""
    events: list[StoredEvent] = []
    state = table.state
    for _ in range(MAX_AUTOMATIC_STEPS):
        if not automatic(table):
            return events
        current = state.current_player()
        if current == CHANCE:
            action = sample(state.chance_outcomes(), step_rng(table.seed, table.step, "chance"))
        else:
            action = bot_move(table, current)
        worded = line(table.game, state, action, current)
        state.apply_action(action)
        table.actors.append(current)
        table.lines.append(worded)
        events.append(event(table, ACTION, action, current))
    raise RuntimeError(f"game {table.id} made {MAX_AUTOMATIC_STEPS} automatic moves without a person deciding")


def bot_move(table: Table, seat: int, bot: Any = None, purpose: str = "bot") -> int:
    """The bot's choice; a bot that fails or answers an illegal action plays a random legal one.

    A bug in a bot must not freeze a game that people are playing; it is logged instead.
    """
    state = table.state
    legal = list(state.legal_actions())
    player = table.bots[seat] if bot is None else bot
    rng = step_rng(table.seed, table.step, f"{purpose}{seat}")
    try:
        action = player.choose(table.game, state.view(seat), legal, rng)
        if action in legal:
            return int(action)
        logger.warning("bot %s of game %s chose illegal action %r", getattr(player, "name", player), table.id, action)
    except Exception:
        logger.exception(
            "bot %s of game %s failed; it plays a random legal action", getattr(player, "name", player), table.id
        )
    return legal[step_rng(table.seed, table.step, f"fallback{seat}").randrange(len(legal))]
