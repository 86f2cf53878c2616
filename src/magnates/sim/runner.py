"""Play one game between bots from one seed.

Every source of randomness is a separate `random.Random` derived from the
game's seed: one stream for chance (dice, draws) and one per seat for its bot.
A bot therefore cannot change the dice by thinking differently, and the same
seed replays the same game in any process.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import CHANCE, TERMINAL, Game, Result

DEFAULT_MAX_ACTIONS = 200_000
"""A game still running after this many actions is stopped and counted as an error."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed for one stream, from a root seed and a path (e.g. game index, "chance").

    Uses a hash of the text rather than `hash()` so that it is the same in
    every process whatever PYTHONHASHSEED says.
    """
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def chance_rng(seed: int) -> random.Random:
    """The chance stream of the game with this seed."""
    return random.Random(derive_seed(seed, "chance"))


def seat_rng(seed: int, seat: int) -> random.Random:
    """The stream of the bot (or any other driver) at `seat` in the game with this seed."""
    return random.Random(derive_seed(seed, "seat", seat))


@dataclass
class GameOutcome:
    """What one simulated game produced; small, picklable and JSON-able.

    `actions` is the full record (chance outcomes included) when records were
    asked for, else empty; `num_actions` is always the record's length.
    `decisions` counts the actions chosen by seats (not chance); `turns` is the
    game's own turn count when its `Result.details["turns"]` gives one, else the
    number of runs of consecutive decisions by one seat.
    """

    index: int
    seed: int
    bots: list[str]
    result: Result | None
    num_actions: int
    decisions: int
    turns: int
    error: str | None = None
    actions: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "result": self.result.to_json() if self.result is not None else None,
            "num_actions": self.num_actions,
            "decisions": self.decisions,
            "turns": self.turns,
            "error": self.error,
        }


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    index: int = 0,
    bot_names: Sequence[str] | None = None,
    keep_actions: bool = False,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> GameOutcome:
    """Play one game to its end; an exception inside the game or a bot becomes `error`."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} has {game.num_players} seats but {len(bots)} bots were given")
    names = list(bot_names) if bot_names is not None else [getattr(bot, "name", "?") for bot in bots]
    dice = chance_rng(seed)
    rngs = [seat_rng(seed, seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    decisions = 0
    runs = 0
    last_decider = None
    error: str | None = None
    result: Result | None = None
    try:
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if len(state.history) >= max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            if player == CHANCE:
                action = sample(state.chance_outcomes(), dice)
            else:
                action = bots[player].choose(game, state.view(player), list(state.legal_actions()), rngs[player])
                decisions += 1
                if player != last_decider:
                    runs += 1
                    last_decider = player
            state.apply_action(action)
        result = state.result()
    except Exception as err:  # a crash in one game must not stop a batch of thousands
        error = f"{type(err).__name__}: {err} (after {len(state.history)} actions)"
    turns = runs
    if result is not None and isinstance(result.details.get("turns"), int):
        turns = result.details["turns"]
    return GameOutcome(
        index=index,
        seed=seed,
        bots=names,
        result=result,
        num_actions=len(state.history),
        decisions=decisions,
        turns=turns,
        error=error,
        actions=list(state.history) if keep_actions else [],
    )
