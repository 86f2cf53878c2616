"""A search bot alone against a game's greedy bots: win share with every seat, and time per decision.

    python benchmarks/search_bots.py magnate hard --games 400 [--start 0] [--step 1] [--set simulations=400]
    python benchmarks/search_bots.py magistratvm hard --players 4 --games 200
    python benchmarks/search_bots.py magnate expert --opponent hard --weights run/snapshots/weights-g0120000.npz
    python benchmarks/search_bots.py magnate expert --opponent hard --option courts=false --games 400
    python benchmarks/search_bots.py magnate expert --opponent hard --option aces=original --carry-over

Game i uses seed i and gives the search bot seat i % players (run copies with --start 0/1 --step 2
to use two cores), the others the `--opponent` bot (see `magnates.sim.strength`). One line per
game (index, seat, share of first place, scores, decisions timed, seconds, slowest decision), then
a summary with the Wilson 95% interval, the fair share, the decision times (mean, median, 90th
percentile, max, share over 0.2 s) and the load average. Decisions with a
single legal action are not timed (the bot does not search them). `magnates arena GAME --bots
hard,greedy` plays every mix of the two bots instead. `--set field=value` (repeatable) changes a
field of the search preset for a study, except `--set seconds=S` with a number, which gives each
whole decision S seconds as the thinking-time setting does (`Preset.timed`: search and check
together), for a level as for `expert` (`--set seconds=None` removes the search's own wall-clock
limit, a field change like any other; for `expert` also `heuristic_weight`, its judge's share of
the heuristic, `--weights` plays other weights, and `--carry-over` plays the shipped weights of the
nearest option set under these options, where observations and actions have the same shapes;
in Magistrate `--forecast FILE` judges the search's leaves by the forecast with the term weights of
`benchmarks/magistrate_forecast_fit.py --out`); tune
on games other than those of a measurement you report (for example `--start 10000 --games 10200`).
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from magnates.bots import make_bot
from magnates.bots.learned import (
    EXPERT_HEURISTIC_WEIGHT,
    SHIPPED,
    NumpyNet,
    WeightsError,
    canonical_options,
    expert_bot,
    options_apart,
    relabelled,
    shipped_file,
    shipped_net,
)
from magnates.bots.presets import LEVELS, preset, search_bot
from magnates.cli.common import load_game
from magnates.core.bot import Bot
from magnates.core.errors import MagnatesError
from magnates.core.game import Game
from magnates.games.magistrate.heuristic import WeightedForecast
from magnates.sim.arena import wilson_interval
from magnates.sim.strength import study

SLOW = 0.2
"""`expert`'s target limit on a decision's time, in seconds (docs/studies/magnate-expert.md): the summary
counts the decisions over it."""


def parse_change(text: str) -> tuple[str, object]:
    """`simulations=400` -> ("simulations", 400): ints, floats, None, True, False, else the text itself."""
    field, sep, raw = text.partition("=")
    if not sep:
        raise SystemExit(f"--set wants FIELD=VALUE, not {text!r}")
    value: object = raw
    named = {"None": None, "True": True, "False": False}
    if raw in named:
        value = named[raw]
    else:
        for kind in (int, float):
            try:
                value = kind(raw)
                break
            except ValueError:
                continue
    return field.strip(), value


def level_bot(level: str, game: Game, changes: dict[str, Any]) -> Bot:
    """A search level with `changes` to its preset; `seconds` as a number is the whole decision's
    time (`Preset.timed`, as `magnates.bots.thinking` gives it), applied after the other changes."""
    seconds = changes.get("seconds")
    if isinstance(seconds, int | float) and not isinstance(seconds, bool):
        rest = {field: value for field, value in changes.items() if field != "seconds"}
        return replace(preset(game, level), **rest).timed(float(seconds)).build(level)
    return search_bot(level, game, **changes) if changes else make_bot(level, game)


def forecast_judge(path: Path) -> WeightedForecast:
    """Magistrate's forecast with the term weights of a JSON file (`{"rings": 1.2, ...}`, 1 where unnamed)."""
    try:
        weights = json.loads(path.read_text())
        if not isinstance(weights, dict):
            raise ValueError("the file holds no object of term weights")
        return WeightedForecast({str(name): float(value) for name, value in weights.items()})
    except (OSError, ValueError, TypeError) as error:
        raise SystemExit(f"--forecast {path}: {error}") from None


def carried_over(game: Game) -> NumpyNet | None:
    """The shipped expert weights of this game trained for the option set nearest to the live one,
    relabelled for the live options (in this process only), or None where none has its shapes."""
    live = canonical_options(game.options)
    nets = [net for file in SHIPPED["expert"] if (net := shipped_file(file)) is not None]
    trained_for = [canonical_options(net.meta.get("options", {})) for net in nets]
    for trained, net in sorted(zip(trained_for, nets, strict=True), key=lambda pair: options_apart(live, pair[0])):
        change = {key: value for key, value in live.items() if trained.get(key) != value}
        carried = relabelled(net, live)
        try:
            carried.check(game)
        except (WeightsError, NotImplementedError):
            continue
        print(f"# carried over: weights trained for {trained}, played with {change}")
        return carried
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("bot")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's default)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="change a preset field")
    parser.add_argument("--weights", help="with bot expert: play these weights (a .npz) instead of the shipped ones")
    parser.add_argument(
        "--forecast",
        type=Path,
        help="Magistrate: judge the search's leaves by the forecast with these term weights (a JSON file, "
        "benchmarks/magistrate_forecast_fit.py --out)",
    )
    parser.add_argument(
        "--carry-over",
        action="store_true",
        help="with bot expert: play the weights under this game's options though they were trained for others "
        "(how a network carries over to a variant; the options it differs in are printed)",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    args = parser.parse_args()
    try:
        game = load_game(args.game, args.option, args.players)
    except MagnatesError as error:
        parser.error(str(error))
    changes: dict[str, Any] = dict(parse_change(text) for text in args.set)
    if changes and args.bot not in (*LEVELS, "expert"):
        parser.error(f"--set changes a search preset; {args.bot!r} is not one of {', '.join(LEVELS)}, expert")
    if args.weights and args.bot != "expert":
        parser.error("--weights goes with the bot expert")
    if args.forecast and (game.name != "magistrate" or args.bot not in LEVELS):
        parser.error(f"--forecast goes with magistrate and a search level ({', '.join(LEVELS)})")
    if args.carry_over and args.bot != "expert":
        parser.error("--carry-over goes with the bot expert")
    if args.bot == "expert" and (changes or args.weights or args.carry_over):
        net = NumpyNet.load(args.weights) if args.weights else shipped_net("expert", game)
        if net is None and args.carry_over:
            net = carried_over(game)
        if net is None:
            parser.error(f"no shipped expert weights fit {game.name} with these options")
        weight = float(changes.pop("heuristic_weight", EXPERT_HEURISTIC_WEIGHT))
        bot = expert_bot(net, game, heuristic_weight=weight, **changes)
    elif args.forecast:
        bot = replace(preset(game, args.bot), **changes).build(args.bot, judge=forecast_judge(args.forecast))
    else:
        bot = level_bot(args.bot, game, changes) if args.bot in LEVELS else make_bot(args.bot, game)
    done = study(game, bot, make_bot(args.opponent, game), range(args.start, args.games, args.step), echo=True)
    if not done.played:
        parser.error("no games in range(--start, --games, --step)")
    low, high = wilson_interval(done.wins, done.played)
    times = sorted(done.times) or [0.0]
    label = args.bot + "".join(f" {text}" for text in args.set) + (f" {args.weights}" if args.weights else "")
    print(
        f"{label} alone vs {game.num_players - 1} x {args.opponent} ({game.num_players} players): "
        f"{done.wins:g}/{done.played} wins ({done.wins / done.played:.1%}, 95% CI {low:.1%}-{high:.1%}, "
        f"fair share {1 / game.num_players:.1%}); wins by seat {[round(w, 2) for w in done.wins_by_seat()]}; "
        f"{len(done.times)} decisions, mean {sum(times) / len(times):.3f} s, median {times[len(times) // 2]:.3f} s, "
        f"90th percentile {times[int(0.9 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s, "
        f"over {SLOW} s: {sum(t > SLOW for t in times) / len(times):.1%}; load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
