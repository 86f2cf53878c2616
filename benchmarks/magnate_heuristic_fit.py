"""How well Magnate's leaf value predicts who wins, and a fit of its constants to that.

    python benchmarks/magnate_heuristic_fit.py --games 3000 [--start 100000] [--set SPREAD=1.5] [--fit 300]

Plays `greedy` against `greedy` (fast), keeps every position right after a turn ends (where the
search judges its plans) with the final return of the seat that just played, and reports the mean
squared error of `leaf_values` against that return and how often its sign is right, on the games
of even seed (fit) and odd seed (held out), by turns left. With `--fit N` it runs N steps of
Nelder-Mead on the module's constants over the even games and reports the held-out figures.
A better predictor is not yet a stronger player: confirm with benchmarks/search_bots.py.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.core.chance import sample
from magnates.games.magnate import heuristic
from magnates.games.magnate import space as S
from magnates.games.magnate.game import MagnateGame
from magnates.games.magnate.state import MagnateState

CONSTANTS = ("TOKEN_RANK", "SPREAD", "TAX_KEEP", "HAND_RANK", "DEED_TURNS")
Sample = tuple[int, int, MagnateState, float]  # seed, seat that just played, position, its return


def positions(start: int, games: int) -> list[Sample]:
    game: MagnateGame = magnates.load("magnate")  # type: ignore[assignment]
    bot = make_bot("greedy", game)
    found: list[Sample] = []
    for seed in range(start, start + games):
        chance, rng = random.Random(f"chance-{seed}"), random.Random(f"bot-{seed}")
        state: MagnateState = game.new_initial_state()  # type: ignore[assignment]
        ends: list[tuple[int, MagnateState]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), chance))
                continue
            seat = state.current_player()
            action = bot.choose(game, state.view(seat), list(state.legal_actions()), rng)
            state.apply_action(action)
            if game.space.decode[action][0] == S.OP_END and not state.is_terminal():
                ends.append((seat, state.clone()))
        returns = state.returns()
        found.extend((seed, seat, position, returns[seat]) for seat, position in ends)
    return found


def score(samples: list[Sample]) -> tuple[float, float]:
    """Mean squared error against the return, and the share of decided games called right."""
    error = 0.0
    right = decided = 0
    for _, seat, state, result in samples:
        value = heuristic.leaf_values(state)[seat]
        error += (value - result) ** 2
        if result:
            decided += 1
            right += (value > 0) == (result > 0)
    return error / max(1, len(samples)), right / max(1, decided)


def report(label: str, samples: list[Sample]) -> None:
    mse, right = score(samples)
    print(f"{label}: {len(samples)} positions, squared error {mse:.4f}, sign right {right:.1%}")
    for low, high in ((0, 3), (3, 9), (9, 1000)):
        part = [s for s in samples if low <= heuristic.turns_left(s[2]) < high]
        mse, right = score(part)
        print(f"  {low}-{high} turns left each: {len(part)} positions, squared error {mse:.4f}, sign right {right:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--start", type=int, default=100_000)
    parser.add_argument("--positions", type=int, default=6000, help="positions drawn from each half")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--fit", type=int, default=0, metavar="STEPS")
    args = parser.parse_args()
    for text in args.set:
        name, _, value = text.partition("=")
        if name not in CONSTANTS:
            parser.error(f"no constant {name!r}; choose from {', '.join(CONSTANTS)}")
        setattr(heuristic, name, float(value))
    every = positions(args.start, args.games)
    halves = []
    for parity in (0, 1):
        half = [s for s in every if s[0] % 2 == parity]
        random.Random(1).shuffle(half)
        halves.append(half[: args.positions])
    fit, held = halves
    report("fit games", fit)
    report("held-out games", held)
    if args.fit:
        from scipy.optimize import minimize  # only for fitting

        start = [float(getattr(heuristic, name)) for name in CONSTANTS]

        def loss(values: Any) -> float:
            for name, value in zip(CONSTANTS, values, strict=True):
                setattr(heuristic, name, float(value))
            if heuristic.DEED_TURNS <= 0 or heuristic.SPREAD < 0:
                return 9.0
            return score(fit)[0]

        found = minimize(loss, start, method="Nelder-Mead", options={"maxfev": args.fit})
        loss(found.x)
        print("fitted:", ", ".join(f"{name}={value:.3g}" for name, value in zip(CONSTANTS, found.x, strict=True)))
        report("held-out games, fitted", held)


if __name__ == "__main__":
    main()
