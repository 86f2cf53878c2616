"""Where two settings of a search bot choose differently on the same positions, and what each chose.

    python benchmarks/search_disagreement.py magistrate --players 4 --games 3 --every 12 \\
        --b simulations=2000 --b seconds=None --b cpu_seconds=3

The positions come from whole games of `--reference` (default `hard`) in every seat, game i from
seed i (chance and the bots' draws seeded as in `magnates.sim.strength.play`). At every `--every`-th
decision with more than one legal action, bot A (`--level` with the `--a` changes) and bot B
(`--level` with the `--b` changes) each choose from the deciding seat's view with the same random
seed; the reference bot's own choice then moves the game on, so A and B see the same positions.
`--other-draws` gives B another seed: with no changes, that measures how often the bot's own chance
alone changes its choice, the floor against which a change of settings is read.

It prints every disagreement (game, seat, A's action, B's action), then how many positions were
asked, the share where A and B differ with its Wilson 95% interval, the CPU time a decision of each,
and the kinds of action (the action text's first word) of the disagreements, A's kind against B's.
It shows what more (or other) search changes in a bot's play, not which choice is better: a match
says that.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from search_bots import parse_change

from magnates.bots import make_bot
from magnates.bots.presets import LEVELS, search_bot
from magnates.cli.common import load_game
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.errors import MagnatesError
from magnates.core.game import Game
from magnates.sim.arena import wilson_interval


@dataclass
class Disagreements:
    """What two bots chose on the same positions."""

    asked: int = 0
    differ: list[tuple[int, int, str, str]] = field(default_factory=list)
    """(game, seat, A's action text, B's action text) where they chose differently."""
    cpu: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """CPU seconds A and B spent choosing."""

    def kinds(self) -> Counter[tuple[str, str]]:
        """(A's kind, B's kind) of every disagreement; a kind is the action text's first word."""
        return Counter((kind_of(a), kind_of(b)) for _game, _seat, a, b in self.differ)


def kind_of(text: str) -> str:
    """An action's kind: the first word of its text (`march`, `pass`, `produce`, ...)."""
    return text.split(maxsplit=1)[0] if text.strip() else text


def compare(
    game: Game,
    a: Bot,
    b: Bot,
    reference: Bot,
    games: range,
    every: int,
    echo: bool = False,
    other_draws: bool = False,
) -> Disagreements:
    """Ask `a` and `b` at every `every`-th decision (with a choice) of `reference`'s games `games`,
    with the same random seed, or with `other_draws` with another one for `b` (the same bot asked
    twice then shows how often its own chance alone changes its choice)."""
    if every < 1:
        raise ValueError(f"--every must be at least 1, not {every}")
    found = Disagreements()
    for seed in games:
        chance = random.Random(f"chance-{seed}")
        rngs = [random.Random(f"bot-{seed}-{seat}") for seat in range(game.num_players)]
        state = game.new_initial_state()
        choices = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), chance))
                continue
            seat = state.current_player()
            view = state.view(seat)
            legal = list(state.legal_actions())
            if len(legal) > 1:
                choices += 1
                if choices % every == 0:
                    picked = []
                    for index, bot in enumerate((a, b)):
                        draws = random.Random(f"ask-{seed}-{choices}" + ("-other" if other_draws and index else ""))
                        started = time.process_time()
                        picked.append(bot.choose(game, view, legal, draws))
                        found.cpu[index] += time.process_time() - started
                    found.asked += 1
                    if picked[0] != picked[1]:
                        line = (seed, seat, game.action_to_string(picked[0]), game.action_to_string(picked[1]))
                        found.differ.append(line)
                        if echo:
                            print(f"game {seed} seat {seat}: A {line[2]!r}  B {line[3]!r}", flush=True)
            state.apply_action(reference.choose(game, view, legal, rngs[seat]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's default)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--level", default="hard", choices=LEVELS, help="the search preset both bots start from")
    parser.add_argument("--a", action="append", default=[], metavar="FIELD=VALUE", help="a change for bot A")
    parser.add_argument("--b", action="append", default=[], metavar="FIELD=VALUE", help="a change for bot B")
    parser.add_argument("--reference", default="hard", help="the bot whose games give the positions")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--every", type=int, default=10, help="ask at every N-th decision with a choice")
    parser.add_argument(
        "--other-draws",
        action="store_true",
        help="B draws with another random seed than A (with no changes: how often chance alone changes a choice)",
    )
    args = parser.parse_args()
    try:
        game = load_game(args.game, args.option, args.players)
        changes: list[dict[str, Any]] = [dict(parse_change(t) for t in texts) for texts in (args.a, args.b)]
        a, b = (search_bot(args.level, game, **change) for change in changes)
        reference = make_bot(args.reference, game)
        found = compare(
            game,
            a,
            b,
            reference,
            range(args.start, args.start + args.games),
            args.every,
            echo=True,
            other_draws=args.other_draws,
        )
    except (MagnatesError, ValueError, TypeError) as error:
        raise SystemExit(str(error)) from None
    low, high = wilson_interval(len(found.differ), found.asked)
    share = len(found.differ) / found.asked if found.asked else 0.0
    print(f"A = {args.level} {changes[0] or '(as preset)'}; B = {args.level} {changes[1] or '(as preset)'}")
    print(f"positions asked: {found.asked} (games {args.start}-{args.start + args.games - 1}, every {args.every})")
    print(f"A and B differ: {len(found.differ)} ({share:.1%}, 95% CI {low:.1%}-{high:.1%})")
    per = max(found.asked, 1)
    print(f"CPU s a decision: A {found.cpu[0] / per:.3f}, B {found.cpu[1] / per:.3f}")
    print("disagreements by kind (A's -> B's):")
    for (kind_a, kind_b), count in found.kinds().most_common():
        print(f"  {count:4d}  {kind_a} -> {kind_b}")


if __name__ == "__main__":
    main()
