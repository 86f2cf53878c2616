"""`magnates train`: self-play training of a learned bot (needs the `magnates[train]` extra)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from magnates.cli.common import (
    OPTION_HELP,
    PLAYERS_HELP,
    SEED_HELP,
    fail,
    interrupted,
    load_game,
    pick_seed,
    user_errors,
)
from magnates.cli.outputs import Force, bad_path, check_out_folder
from magnates.cli.progress import progress


def train_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game to learn (see `magnates games`).")],
    out: Annotated[Path, typer.Option("--out", help="Folder for checkpoints, log, plot and weights.npz.")],
    players: Annotated[int | None, typer.Option("--players", help=PLAYERS_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    hours: Annotated[float | None, typer.Option("--hours", help="Stop after this much training time.")] = None,
    games: Annotated[int | None, typer.Option("--games", help="Stop after this many self-play games.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=SEED_HELP)] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the run in --out from its checkpoint.")] = False,
    actor: Annotated[
        str,
        typer.Option(
            "--actor",
            help="Who plays the self-play games: rollout (the game's fast policy), search (the learned search), "
            "or a search level: easy, medium, hard.",
        ),
    ] = "rollout",
    lr: Annotated[float, typer.Option("--lr", help="Adam's learning rate (lower to fine-tune from --init).")] = 1e-3,
    init: Annotated[
        Path | None,
        typer.Option("--init", help="Start from these exported weights (.npz) instead of random ones."),
    ] = None,
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            help="The game's policy the rollout actor plays: rollout_action, or check_action (Magnate's sharper one).",
        ),
    ] = "rollout_action",
    chunk: Annotated[int, typer.Option("--chunk", help="Self-play games between learning steps.")] = 500,
    updates: Annotated[
        int, typer.Option("--updates", help="Minibatch updates after each chunk (0: one pass over its samples).")
    ] = 0,
    hidden: Annotated[int, typer.Option("--hidden", help="Units per hidden layer.")] = 128,
    window: Annotated[
        int, typer.Option("--window", help="Rounds of self-play samples kept to learn from (the newest).")
    ] = 1,
    sample_rate: Annotated[
        float, typer.Option("--sample-rate", help="Share of the decisions of a game kept as samples.")
    ] = 0.05,
    holdout_games: Annotated[
        int, typer.Option("--holdout-games", help="Held-out rollout games whose value loss is logged (0: none).")
    ] = 100,
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", help="Games between checkpoints.")] = 500,
    eval_every: Annotated[int, typer.Option("--eval-every", help="Games between win-rate measurements.")] = 2000,
    eval_games: Annotated[int, typer.Option("--eval-games", help="Games per measurement (0: none).")] = 10,
    eval_against: Annotated[str, typer.Option("--eval-against", help="The bot measured against.")] = "hard",
    threads: Annotated[int, typer.Option("--threads", help="Torch threads for learning.")] = 1,
    workers: Annotated[int, typer.Option("--workers", help="Processes playing the games.")] = 1,
    force: Force = False,
) -> None:
    """Train a policy-value network by self-play and export it for the numpy `learned` bot."""
    if (hours is None) == (games is None):
        fail("give exactly one of --hours H or --games N")
    try:
        from magnates.learn.training import TrainConfig, Trainer
    except ImportError as err:
        fail(f"training needs the train extra ({err}); pip install 'magnates[train]'")
    with user_errors():
        game = load_game(game_name, option or [], players)
    if not resume and (out / "checkpoint.pt").exists():
        bad_path(out, "it already holds a training run; continue it with --resume, or choose a new folder")
    check_out_folder(out, force=force or resume)  # --resume continues the run the folder holds
    seed = pick_seed(seed)
    try:
        config = TrainConfig(
            game=game.name,
            options=dict(game.options),
            seed=seed,
            games=games,
            hours=hours,
            chunk_games=chunk,
            updates=updates,
            hidden=hidden,
            window=window,
            sample_rate=sample_rate,
            holdout_games=holdout_games,
            actor=actor,
            init=None if init is None else str(init),
            lr=lr,
            policy=policy,
            checkpoint_every=checkpoint_every,
            eval_every=eval_every,
            eval_games=eval_games,
            eval_against=eval_against,
            threads=threads,
            workers=workers,
            command=shlex.join(["magnates", *sys.argv[1:]]),
        )
        trainer = Trainer(config, out, resume=resume)
    except (ValueError, FileExistsError, FileNotFoundError) as err:
        fail(str(err))
    total = games if games is not None else int((hours or 0) * 3600)
    unit = "games" if games is not None else "seconds"
    with progress(f"training {game.name} (seed {seed})", total, unit) as ticker:

        def show(_progress: object) -> None:
            p = trainer.progress
            done = p.games if games is not None else int(p.seconds)
            status = f"{p.games} games, value loss {p.last_value_loss:.3f}, policy loss {p.last_policy_loss:.3f}"
            if p.evals:
                status += f", {p.evals[-1]['rate']:.0%} vs {eval_against}"
            ticker.update(min(done, total), status)

        show(None)
        try:
            trainer.run(show)
        except KeyboardInterrupt:
            played = trainer.progress.games
            if (out / "checkpoint.pt").exists():
                interrupted(
                    f"stopped after {played} self-play games; the last checkpoint and its weights are in {out}/ "
                    "(continue with --resume)"
                )
            interrupted(f"stopped after {played} self-play games, before the first checkpoint; nothing kept")
    typer.echo(f"weights: {out / 'weights.npz'}; log: {out / 'log.csv'}; plot: {out / 'training.png'}")
