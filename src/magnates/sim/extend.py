"""`magnates simulate --append`: a folder written by `simulate --out`, read back to add games to.

A long study grows in steps: a first hundred games to see the shape, then more with another
seed until the intervals are narrow enough. Adding to the folder keeps one record file and one
summary of every game instead of several folders to merge by hand.

What a folder claims is not taken on trust: every earlier game is replayed from its record (its
result comes from the engine, not from the line's copy of it), so a record edited by hand cannot
change a count, and a record of another game or option set is refused naming its line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from magnates.core.errors import OptionError, RecordError
from magnates.core.game import Game
from magnates.core.record import replay_on
from magnates.games.registry import load
from magnates.sim.arena import RECORDS_FILE, record_of
from magnates.sim.report import read_lines, split_line
from magnates.sim.runner import GameOutcome
from magnates.sim.stats import Summary


@dataclass
class EarlierBatch:
    """The games a `simulate --out` folder already holds, and what they were played with."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    seeds: list[int]
    players: int
    seconds: float
    outcomes: list[GameOutcome]
    settings: dict[str, dict[str, str]]


def read_batch(folder: Path) -> EarlierBatch:
    """The batch in `folder` (its summary.json and games.jsonl), every game replayed."""
    try:
        data = json.loads((folder / "summary.json").read_text())
    except (OSError, ValueError) as err:
        raise OptionError(f"{folder} holds no games written by simulate --out (summary.json and {RECORDS_FILE})") from (
            err
        )
    try:
        game = load(data["game"], **data["options"])
        seeds = [int(seed) for seed in data.get("seeds") or [data["seed"]]]
        bots = [str(bot) for bot in data["bots"]]
        seconds = float(data.get("seconds", 0.0))
        settings = {
            str(bot): {str(k): str(v) for k, v in pairs.items()} for bot, pairs in data.get("settings", {}).items()
        }
    except (AttributeError, KeyError, TypeError, ValueError) as err:
        raise OptionError(f"{folder / 'summary.json'} is not the summary of simulate --out ({err!r})") from None
    records = folder / RECORDS_FILE
    if not records.is_file():
        raise OptionError(f"{folder} holds a summary.json but no {RECORDS_FILE} to add games to")
    outcomes = [outcome_from_line(game, line, where) for where, line in read_lines(records)]
    return EarlierBatch(game.name, dict(game.options), bots, seeds, game.num_players, seconds, outcomes, settings)


def outcome_from_line(game: Game, data: dict[str, Any], where: str) -> GameOutcome:
    """One line of `simulate --out` back as an outcome, its result replayed from its actions."""
    record_data, outcome = split_line(data)
    record = record_of(game, record_data, where)
    try:
        error = outcome.get("error")
        index, seed, bots = int(outcome["index"]), int(outcome["seed"]), [str(b) for b in outcome["bots"]]
        decisions, turns = int(outcome["decisions"]), int(outcome["turns"])
    except (KeyError, TypeError, ValueError) as err:
        raise RecordError(f"{where}: not a line written by simulate --out (it lacks {err})") from None
    result = None if error is not None else replay_on(game, record.actions).result()
    return GameOutcome(index, seed, bots, result, len(record.actions), decisions, turns, error, list(record.actions))


def check_same_batch(
    earlier: EarlierBatch, folder: Path, game: Game, bots: list[str], seed: int, settings: dict[str, dict[str, str]]
) -> None:
    """Refuse to add games of another game, option set, bot list or bot settings, or a seed already
    played (which would play the very same games again)."""
    if (earlier.game, earlier.options, earlier.bots) != (game.name, dict(game.options), bots):
        raise OptionError(
            f"{folder} holds games of {earlier.game} with bots {','.join(earlier.bots)} and options "
            f"{earlier.options}; --append adds games of the same game, options and bots"
        )
    if earlier.settings != settings:
        raise OptionError(
            f"{folder} holds games whose bots had the settings {earlier.settings or 'of their defaults'}, not "
            f"{settings or 'their defaults'}; --append adds games of the same bots with the same --set"
        )
    if seed in earlier.seeds:
        raise OptionError(f"{folder} already played seed {seed}; give another --seed to add other games")


def renumbered(outcomes: list[GameOutcome], start: int) -> list[GameOutcome]:
    """This run's games numbered after the folder's (each keeps its own seed, which replays it)."""
    for offset, outcome in enumerate(outcomes):
        outcome.index = start + offset
    return outcomes


def combined_summary(summary: Summary, seeds: list[int]) -> Summary:
    """The summary of every game in the folder, with the seeds of each run that played them."""
    summary.seed = seeds[0]
    summary.seeds = list(seeds)
    return summary
