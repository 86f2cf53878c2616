"""How well Magistrate's forecast of final points predicts them, and the weights of its terms fitted.

    python benchmarks/magistrate_forecast_fit.py --players 3 --bot greedy --games 400 --out runs/fit/weights.json
    python benchmarks/magistrate_forecast_fit.py --players 3 --bot hard --games 100 --save runs/fit/hard.npz
    python benchmarks/magistrate_forecast_fit.py --load runs/fit/hard.npz --out runs/fit/weights.json

The forecast (`magnates.games.magistrate.heuristic.forecasts`, what `hard` and `expert` judge their
plans by) is a sum of terms (`FORECAST_TERMS`: points so far, pieces times the scoring rounds to
come, evidence, resources, engines). This plays `--games` games with `--bot` in every seat (game i
from seed i, chance and the bots' draws seeded as in `magnates.sim.strength.play`), keeps each
position with probability `--keep`, and records every seat's terms and, when the game ends, its
final points. Each term is then given a weight (the shipped forecast is every weight 1), fitted by
least squares on the seats' final points relative to the position's mean (the forecast only
matters through leads), pulled toward 1 by a ridge penalty (`--ridge`, in squared points per unit
of weight). Games with an even index are fitted, odd ones held out.

It prints each term's fitted weight with a 95% interval (bootstrap over the fitted games), then,
on the held-out games, by how far the game still has to go: the mean absolute error of the
forecast lead against the final one, and how often the seat the forecast puts first wins, for the
shipped weights and the fitted ones. `--out` writes the fitted weights as JSON, which
`benchmarks/search_bots.py magistrate LEVEL --forecast FILE` plays (`heuristic.WeightedForecast`).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

import magnates
from magnates.bots import make_bot
from magnates.core.chance import sample
from magnates.games.magistrate import heuristic
from magnates.games.magistrate.state import MagistrateState

STAGES = ((0.0, 2.0), (2.0, 4.0), (4.0, 6.0), (6.0, 99.0))
"""Buckets of game rounds left, for the held-out figures."""


def features(state: MagistrateState) -> list[list[float]]:
    """Every seat's terms as the forecast adds them (the late terms already scaled by `late`)."""
    terms, late = heuristic.forecast_terms(state)
    scale = [late if name in heuristic.LATE_TERMS else 1.0 for name in heuristic.FORECAST_TERMS]
    return [[float(t) * s for t, s in zip(seat, scale, strict=True)] for seat in terms]


def play(players: int, bot_name: str, games: range, keep: float) -> dict[str, np.ndarray]:
    """Positions of `games` (`bot_name` in every seat): per position and seat, the features centred on
    the position's mean, the final points likewise, the rounds left, the game and whether the seat won."""
    game = magnates.load("magistrate", players=players)
    bots = [make_bot(bot_name, game) for _ in range(players)]
    rows: list[list[float]] = []
    target: list[float] = []
    left: list[float] = []
    index: list[int] = []
    won: list[float] = []
    for seed in games:
        chance = random.Random(f"chance-{seed}")
        keeper = random.Random(f"keep-{seed}")
        rngs = [random.Random(f"bot-{seed}-{seat}") for seat in range(players)]
        state = game.new_initial_state()
        kept: list[tuple[list[list[float]], float]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), chance))
                continue
            assert isinstance(state, MagistrateState)
            if keeper.random() < keep:
                kept.append((features(state), heuristic.rounds_left(state)))
            seat = state.current_player()
            state.apply_action(bots[seat].choose(game, state.view(seat), list(state.legal_actions()), rngs[seat]))
        final = [float(v) for v in state.vp]  # type: ignore[attr-defined]
        returns = state.returns()
        best = max(returns)
        for feats, rounds in kept:
            means = np.mean(feats, axis=0)
            for seat in range(players):
                rows.append(list(np.asarray(feats[seat]) - means))
                target.append(final[seat] - sum(final) / players)
                left.append(rounds)
                index.append(seed)
                won.append(1.0 if returns[seat] == best else 0.0)
        print(f"game {seed}: {len(kept)} positions, final points {final}", flush=True)
    return {
        "x": np.array(rows),
        "y": np.array(target),
        "left": np.array(left),
        "game": np.array(index),
        "won": np.array(won),
        "players": np.array(players),
    }


def fit(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Weights minimising |y - x w|^2 + ridge |w - 1|^2 (1: the shipped forecast)."""
    k = x.shape[1]
    ones = np.ones(k)
    return ones + np.linalg.solve(x.T @ x + ridge * np.eye(k), x.T @ (y - x @ ones))


def report(data: dict[str, np.ndarray], ridge: float, boot: int, out: Path | None) -> None:
    x, y, left, games, won = data["x"], data["y"], data["left"], data["game"], data["won"]
    players = int(data["players"])
    train = games % 2 == 0
    test = ~train
    if not train.any() or not test.any():
        raise SystemExit("need games with even and odd indexes (at least 2 games)")
    weights = fit(x[train], y[train], ridge)
    rng = np.random.default_rng(0)
    fitted_games = np.unique(games[train])
    samples = []
    for _ in range(boot):
        picked = rng.choice(fitted_games, size=len(fitted_games), replace=True)
        rows = np.concatenate([np.flatnonzero(games == g) for g in picked])
        samples.append(fit(x[rows], y[rows], ridge))
    low, high = np.percentile(samples, [2.5, 97.5], axis=0) if samples else (weights, weights)
    print(f"\n{len(y) // players} positions of {len(np.unique(games))} games, {players} players; ridge {ridge:g}")
    print(f"fitted on {int(train.sum()) // players} positions (even games), held out {int(test.sum()) // players}")
    print(f"{'term':<18}{'weight':>8}  95% interval (bootstrap over games, {boot} draws)")
    for name, w, lo, hi in zip(heuristic.FORECAST_TERMS, weights, low, high, strict=True):
        print(f"{name:<18}{w:8.2f}  {lo:.2f} to {hi:.2f}")
    print("\nheld out: mean absolute error of the lead (points), and the forecast leader's wins")
    heads = [("rounds left", -12), ("positions", 10), ("shipped MAE", 13), ("fitted MAE", 12)]
    heads += [("shipped leader", 16), ("fitted leader", 15)]
    print("".join(f"{h:<{-w}}" if w < 0 else f"{h:>{w}}" for h, w in heads))
    for first, last in STAGES:
        rows = test & (left >= first) & (left < last)
        if not rows.any():
            continue
        shipped = x[rows].sum(axis=1)
        fitted = x[rows] @ weights
        truth = y[rows]
        positions = int(rows.sum()) // players
        leaders = [_leader_won(pred, won[rows], players) for pred in (shipped, fitted)]
        print(
            f"{first:g}-{last:g}".ljust(12)
            + f"{positions:>10}{np.abs(shipped - truth).mean():13.2f}{np.abs(fitted - truth).mean():12.2f}"
            + f"{leaders[0]:>16.1%}{leaders[1]:>15.1%}"
        )
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(dict(zip(heuristic.FORECAST_TERMS, map(float, weights), strict=True)), indent=1))
        print(f"wrote {out}")


def _leader_won(predicted: np.ndarray, won: np.ndarray, players: int) -> float:
    """Share of positions where the seat forecast first went on to win (rows come a seat each, a
    position's seats together; a shared forecast lead counts the first of them)."""
    leaders = predicted.reshape(-1, players).argmax(axis=1)
    return float(won.reshape(-1, players)[np.arange(len(leaders)), leaders].mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="greedy", help="the bot in every seat of the games played")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--keep", type=float, default=0.05, help="share of positions kept")
    parser.add_argument("--ridge", type=float, default=100.0)
    parser.add_argument("--boot", type=int, default=200, help="bootstrap draws for the weights' intervals")
    parser.add_argument("--save", type=Path, default=None, help="keep the positions in this .npz")
    parser.add_argument("--load", type=Path, default=None, help="fit the positions of this .npz (no play)")
    parser.add_argument("--out", type=Path, default=None, help="write the fitted weights here (JSON)")
    args = parser.parse_args()
    if args.load is not None:
        with np.load(args.load) as stored:
            data = {key: stored[key] for key in stored.files}
    else:
        data = play(args.players, args.bot, range(args.start, args.start + args.games), args.keep)
        if args.save is not None:
            args.save.parent.mkdir(parents=True, exist_ok=True)
            np.savez_compressed(args.save, **data)  # type: ignore[arg-type]
    report(data, args.ridge, args.boot, args.out)


if __name__ == "__main__":
    main()
