"""How well the plan check chooses, and what more worlds or other rules would buy, without a match.

    python benchmarks/plan_check_choices.py collect magnate expert --games 20000 20050 --out A.jsonl
    python benchmarks/plan_check_choices.py analyze A.jsonl [B.jsonl ...]

`collect` plays games of a checking bot (Magnate's `hard` or `expert`) against `hard` (game i: seed
i, the studied bot in seat i % 2). At each of its decisions that checked two or more plans, the
same plans are scored again in `--blocks` independent blocks of `--worlds` sampled worlds each,
without the time cap, and a line is written: each block's mean result per plan, and the search's
visits and mean value of each plan's first move. The game goes on with the bot's own move.

`analyze` judges rules of choice against a reference: for a rule that reads some blocks, the
reference value of each plan is its mean over the *other* blocks (so the two are independent),
and the rule's gain is the chosen plan's reference value less the mean of all the plans', in the
units of a game's result (+1 won, -1 lost). Being independent of the blocks read, the reference
makes that gain an unbiased estimate of the true one for every rule (the best plan's reference
value would not be: the most lucky of a few noisy means overstates the best). Each rule is also
compared with the check on one block on the same decisions (the paired difference and its
standard error). Rules: the search's favourite unchecked; the check on 1, 2, 3 blocks (32, 64, 96
worlds with the defaults); the check stopped after a block once the leader is ahead by more than a
margin (`PlanCheckBot`'s `more_rollouts` and `close_margin`: playouts saved on clear calls); the
check's score plus a bonus for the search's own value. The reference is the check's own model
(`greedy` plays every later move), not the real opponent: a rule with a higher gain chooses
better by that model, which is what more worlds buy; whether that wins games is a match's question.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable, Sequence

import magnates
from magnates.bots import make_bot
from magnates.bots.plan_check import PlanCheckBot
from magnates.bots.presets import search_bot
from magnates.core.chance import sample
from magnates.core.errors import OptionError
from magnates.core.game import Game

Stats = list[tuple[int, float]]  # per plan: the search's visits and mean value of its first move
Rule = Callable[[list[float], Stats], int]


def studied_bot(game: Game, name: str) -> PlanCheckBot:
    try:
        bot = make_bot(name, game)
    except OptionError as err:
        raise SystemExit(str(err)) from None
    if not isinstance(bot, PlanCheckBot):
        raise SystemExit(f"{name} does not check plans in {game.name}")
    return bot


def collect(args: argparse.Namespace) -> None:
    game = magnates.load(args.game)
    first, last = args.games
    with open(args.out, "a", encoding="utf-8") as out:
        for index in range(first, last):
            bot = studied_bot(game, args.bot)
            seat = index % 2
            bots = [bot, search_bot("hard", game)] if seat == 0 else [search_bot("hard", game), bot]
            rng = random.Random(index)
            streams = [random.Random(index * 7 + s) for s in range(2)]
            worlds = random.Random(f"check-choices-{index}")  # apart from the game's dice and the bots' streams
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample(state.chance_outcomes(), rng))
                    continue
                player = state.current_player()
                view = state.view(player)
                bot_plans_before = bot.last_plans
                action = bots[player].choose(game, view, state.legal_actions(), streams[player])
                checked = player == seat and bot.last_plans is not bot_plans_before and len(bot.last_plans) > 1
                if checked and bot.last_root is not None:
                    plans = [plan.actions for plan in bot.last_plans]
                    blocks = [
                        bot.score_plans(
                            game, view, plans, random.Random(worlds.getrandbits(64)), rollouts=args.worlds, timed=False
                        )
                        for _ in range(args.blocks)
                    ]
                    children = bot.last_root.children
                    stats = [(children[p[0]].visits, children[p[0]].total / children[p[0]].visits) for p in plans]
                    out.write(json.dumps({"game": index, "blocks": blocks, "stats": stats}) + "\n")
                    out.flush()
                state.apply_action(action)
            print(f"game {index} done", file=sys.stderr)


def gains(rows: Sequence[dict], rule: Rule, used: int, stop_margin: float | None = None) -> tuple[list[float], float]:
    """Each decision's gain, and the mean blocks read per plan.
    `used` blocks at most; with `stop_margin`, no more once the leader is ahead by more than it."""
    per_position, costs = [], []
    for row in rows:
        blocks, stats = row["blocks"], row["stats"]
        plans = len(stats)
        gain, cost, groups = 0.0, 0.0, 0
        for start in range(0, len(blocks) - used + 1, used):
            read = 0
            totals = [0.0] * plans
            for k in range(start, start + used):
                read += 1
                totals = [t + b for t, b in zip(totals, blocks[k], strict=True)]
                ranked = sorted(totals, reverse=True)
                if stop_margin is not None and (ranked[0] - ranked[1]) / read > stop_margin:
                    break
            chosen = rule([t / read for t in totals], stats)
            others = [b for k, b in enumerate(blocks) if not start <= k < start + used]
            reference = [statistics.fmean(b[i] for b in others) for i in range(plans)]
            gain += reference[chosen] - statistics.fmean(reference)
            cost += read
            groups += 1
        per_position.append(gain / groups)
        costs.append(cost / groups)
    return per_position, statistics.fmean(costs)


def mean_and_error(values: list[float]) -> str:
    error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{statistics.fmean(values):+.4f} ± {error:.4f}"


def checked(scores: list[float], stats: Stats) -> int:
    """The check's own rule: the best score, the search's value breaking ties."""
    return max(range(len(scores)), key=lambda i: (scores[i], stats[i][1]))


def with_value_bonus(weight: float) -> Rule:
    return lambda scores, stats: max(range(len(scores)), key=lambda i: scores[i] + weight * stats[i][1])


def analyze(args: argparse.Namespace) -> None:
    rows = []
    for name in args.files:
        with open(name, encoding="utf-8") as lines:
            rows.extend(json.loads(line) for line in lines if line.strip())
    if not rows:
        raise SystemExit("no checked decisions in these files")
    size = len(rows[0]["blocks"])
    games = len({row.get("game") for row in rows})
    print(f"{len(rows)} checked decisions in {games} games, {size} blocks of worlds each")
    print("| rule | blocks read per plan | gain over the plans' mean | against the check on 1 block |")
    print("|---|---:|---:|---:|")
    shipped, _ = gains(rows, checked, 1)

    def line(name: str, rule: Rule, used: int, stop_margin: float | None = None) -> None:
        gain, cost = gains(rows, rule, used, stop_margin)
        paired = [g - s for g, s in zip(gain, shipped, strict=True)]
        print(f"| {name} | {cost:.2f} | {mean_and_error(gain)} | {mean_and_error(paired)} |")

    line("the search's favourite, unchecked", lambda scores, stats: 0, 1)
    for used in (1, 2, 3):
        if used * 2 <= size:
            line(f"check on {used} block(s)", checked, used)
    for used in (2, 3):
        for margin in (0.1, 0.2):
            if used * 2 <= size:
                line(f"check on up to {used} blocks, stopped once a lead exceeds {margin}", checked, used, margin)
    for weight in (0.5, 1.0, 2.0):
        line(f"check on 1 block, plus {weight} x the search's value", with_value_bonus(weight), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    grab = commands.add_parser("collect", help="play games and score each check's plans again in blocks of worlds")
    grab.add_argument("game")
    grab.add_argument("bot", choices=["hard", "expert"])
    grab.add_argument("--games", type=int, nargs=2, metavar=("FIRST", "LAST"), default=[20000, 20010])
    grab.add_argument("--blocks", type=int, default=10)
    grab.add_argument("--worlds", type=int, default=32, help="sampled worlds in a block")
    grab.add_argument("--out", required=True, help="JSON lines, appended to")
    judge = commands.add_parser("analyze", help="how well rules of choice choose, from collected lines")
    judge.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        if args.blocks < 2 or args.worlds < 1:
            parser.error("collect needs at least 2 blocks of at least 1 world")
        collect(args)
    else:
        analyze(args)


if __name__ == "__main__":
    main()
