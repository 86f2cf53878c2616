"""Forced and forbidden lines: is a line strong, or only played by whoever is already ahead?

The strong-bot balance study (`strong_balance`) finds lines that go with winning: in Magistrate the
seat that trades, runs Agent Ops or influences Judges most wins two games in three; in Magistratvm
strong bots never climb to Censor or Dictator. A correlation cannot tell cause from effect. This
study changes one seat's play and nothing else: that seat is the same bot (by default `hard`) with
its choices narrowed by a *line*, the other seats play the plain bot, and the narrowed seat moves
one place round the table every game. Its win rate against the fair share says what the line is
worth:

- `without:KIND` forbids one action kind (an ablation; KIND as in `Action.kind`, e.g.
  `produce_trade`): if the seat still wins its share, the kind was not what won games.
- `climb` (Magistratvm): whenever the seat can promote a Magistrate to Praetor or higher it does
  (to the highest office it can reach, so Dictator before Censor), and while it has no Magistrate
  at Aedile or above it places one there first; every other choice is the bot's own.

    python -m magnates.studies.forced_lines magistrate --players 3 --line without:produce_trade --games 60
    python -m magnates.studies.forced_lines magistratvm --players 3 --line climb --games 60 --out DIR

It prints the narrowed seat's sole wins with their Wilson 95% interval, its mean score against the
others', and the game's traits (from `strong_balance`'s probes) for the narrowed seat and the rest.
Results: docs/studies/strong-bots-balance.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from magnates.bots.registry import make_bot
from magnates.core.bot import Bot
from magnates.core.errors import MagnatesError, OptionError
from magnates.core.game import Game
from magnates.core.options import parse_option_pairs
from magnates.games import load
from magnates.games.magistratvm.actions import Promote, PromotePatrician
from magnates.games.magistratvm.offices import AEDILE, PRAETOR
from magnates.sim.arena import outcome_from_record, write_records
from magnates.sim.batch import chunked, game_seed, run_tasks
from magnates.sim.report import read_lines
from magnates.sim.runner import GameOutcome, play_game
from magnates.sim.stats import wilson_interval
from magnates.studies.strong_balance import PROBES, GameFacts, read_game

Narrow = Callable[[Game, Mapping[str, Any], list[int]], list[int]]
"""A line: from the legal actions, the ones the seat may choose (never empty when legal is not)."""


class Narrowed:
    """A bot whose choices are first narrowed by a line; an empty narrowing leaves them all."""

    def __init__(self, bot: Bot, narrow: Narrow, name: str) -> None:
        self.bot = bot
        self.narrow = narrow
        self.name = name

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        return self.bot.choose(game, view, self.narrow(game, view, legal) or legal, rng)


def without(kind: str) -> Narrow:
    def narrow(game: Game, view: Mapping[str, Any], legal: list[int]) -> list[int]:
        return [a for a in legal if game.action(a).kind != kind]

    return narrow


def _target(action: object) -> int | None:
    """The office a Magistratvm promotion reaches, or None for any other action."""
    if isinstance(action, Promote):
        return action.target
    if isinstance(action, PromotePatrician):
        return action.office
    return None


def climb(game: Game, view: Mapping[str, Any], legal: list[int]) -> list[int]:
    """Magistratvm: up to Praetor and beyond whenever possible, keeping one Magistrate on the way."""
    targets = {a: _target(game.action(a)) for a in legal}
    high = [a for a, t in targets.items() if t is not None and t >= PRAETOR]
    if high:
        top = max(targets[a] or 0 for a in high)
        return [a for a in high if targets[a] == top]
    seat = view["seat"]
    on_the_way = any(office["active"][seat] + office["inactive"][seat] for office in view["offices"][AEDILE:])
    if on_the_way:
        return []
    return [a for a, t in targets.items() if t == AEDILE]


def line(game_name: str, spec: str) -> Narrow:
    """The line named by `spec` for `game_name`; OptionError says what is wrong with it."""
    if spec.startswith("without:"):
        kind = spec.removeprefix("without:")
        game = load(game_name)
        kinds = sorted({game.action(a).kind for a in range(game.num_distinct_actions)})
        if kind not in kinds:
            raise OptionError(f"{game_name} has no action kind {kind!r}; its kinds: {', '.join(kinds)}")
        return without(kind)
    if spec == "climb":
        if game_name != "magistratvm":
            raise OptionError("the line 'climb' is Magistratvm's (the Table of Offices)")
        return climb
    raise OptionError(f"unknown line {spec!r}: use 'without:KIND' or 'climb'")


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    bot: str
    line: str
    seed: int


def narrowed_seat(index: int, players: int) -> int:
    return index % players


def _play(task: Task, indexes: Sequence[int]) -> list[GameOutcome]:
    game = load(task.game, players=task.players, **dict(task.options))
    narrow = line(task.game, task.line)
    out = []
    for index in indexes:
        seat = narrowed_seat(index, task.players)
        bots: list[Bot] = [make_bot(task.bot, game) for _ in range(task.players)]
        bots[seat] = Narrowed(bots[seat], narrow, f"{task.bot}+{task.line}")
        names = [bot.name if q == seat else task.bot for q, bot in enumerate(bots)]
        out.append(play_game(game, bots, game_seed(task.seed, index), index=index, bot_names=names, keep_actions=True))
    return out


def run(task: Task, indexes: Sequence[int], workers: int) -> list[GameOutcome]:
    """The games `indexes` of `task`, here or on `workers` processes (`magnates.sim.batch.run_tasks`)."""
    return run_tasks(_play, [(task, chunk) for chunk in chunked(indexes, workers)], workers)


def report(game: Game, spec: str, bot: str, outcomes: Sequence[GameOutcome]) -> str:
    players = game.num_players
    facts: list[tuple[int, GameFacts]] = []
    errors = 0
    for o in outcomes:
        if o.error is not None or o.result is None:
            errors += 1
            continue
        probe = PROBES[game.name](game)
        facts.append((narrowed_seat(o.index, players), read_game(game, o.actions, o.index, o.bots, probe)))
    games = len(facts)
    wins = sum(1 for seat, f in facts if f.winner == seat)
    shared = sum(1 for seat, f in facts if f.winner is None and f.ranking[seat] == 1)
    fair = 1 / players
    low, high = wilson_interval(wins, games)
    rate = wins / games if games else 0.0
    scores = {o.index: o.result.scores for o in outcomes if o.result is not None and o.error is None}
    mine = [scores[f.index][seat] for seat, f in facts]
    rest = [s for seat, f in facts for q, s in enumerate(scores[f.index]) if q != seat]
    lines = [
        f"{game.name}, {players} players, {dict(game.options)}: `{bot}` narrowed by `{spec}` in one seat"
        f" (rotating) against `{bot}` in the others; {games} finished games, {errors} errors.",
        "",
        "| narrowed seat: sole wins | win rate (95% CI) | fair share | rate / fair share | shared first places |",
        "|---|---|---|---|---|",
        f"| {wins} | {wins}/{games} = {rate:.1%} ({low:.1%}-{high:.1%}) | {fair:.1%} | {rate / fair:.2f} | {shared} |",
        "",
        f"Mean final score: narrowed seat {statistics.fmean(mine) if mine else 0:.1f},"
        f" the other seats {statistics.fmean(rest) if rest else 0:.1f}.",
        "",
        "| trait | narrowed seat: mean per game | other seats: mean per seat-game"
        " | games the narrowed seat had it | of those won |",
        "|---|---|---|---|---|",
    ]
    names = sorted({name for _, f in facts for t in f.traits for name in t})
    for name in names:
        had = [(seat, f) for seat, f in facts if f.traits[seat].get(name, 0)]
        won = sum(1 for seat, f in had if f.winner == seat)
        ours = statistics.fmean(f.traits[seat].get(name, 0) for seat, f in facts) if facts else 0.0
        theirs = [f.traits[q].get(name, 0) for seat, f in facts for q in range(players) if q != seat]
        lines.append(f"| {name} | {ours:.2f} | {statistics.fmean(theirs) if theirs else 0:.2f} | {len(had)} | {won} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--line", required=True, help="without:KIND or climb")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (to run a batch in parts)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--out", type=Path, help="write the records (with actions) to this .jsonl file")
    parser.add_argument("--records", type=Path, nargs="*", help="report on records written before instead of playing")
    args = parser.parse_args(argv)
    try:
        options = parse_option_pairs(args.option)
        game = load(args.game, players=args.players, **options)
        line(args.game, args.line)
        if args.records:
            outcomes = [
                outcome_from_record(game, data, where) for path in args.records for where, data in read_lines(path)
            ]
        else:
            indexes = range(args.first, args.first + args.games)
            chosen = tuple(sorted(options.items()))
            task = Task(args.game, args.players, chosen, args.bot, args.line, args.seed)
            outcomes = run(task, indexes, args.workers)
            if args.out:
                write_records(args.out, game, outcomes)
    except (MagnatesError, OSError) as err:
        parser.exit(2, f"error: {err}\n")
    print(report(game, args.line, args.bot, outcomes))


if __name__ == "__main__":
    main()
