"""A tiny training run (seconds): it writes a checkpoint, resumes from it exactly, and exports weights
the numpy bot plays with. Needs the `train` extra (torch); skipped cleanly without it."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import magnates  # noqa: E402
from magnates.bots.budget import Budget  # noqa: E402
from magnates.bots.learned import LearnedSearchBot, NumpyNet  # noqa: E402
from magnates.learn.training import TrainConfig, Trainer  # noqa: E402


def tiny(games: int, **changes: object) -> TrainConfig:
    settings: dict[str, object] = {
        "game": "magnate",
        "options": dict(magnates.load("magnate", players=2).options),
        "seed": 4,
        "games": games,
        "chunk_games": 2,
        "updates": 3,
        "batch": 32,
        "hidden": 16,
        "checkpoint_every": 2,
        "eval_games": 0,
        "holdout_games": 2,
        "sample_rate": 0.2,
        "command": "magnates train magnate --games 4 (test)",
    }
    settings.update(changes)
    return TrainConfig(**settings)  # type: ignore[arg-type]


def test_a_tiny_run_checkpoints_resumes_exactly_and_exports(tmp_path: Path) -> None:
    straight = Trainer(tiny(4), tmp_path / "straight")
    straight.run()

    first = Trainer(tiny(2), tmp_path / "stopped")
    first.run()
    assert (tmp_path / "stopped" / "checkpoint.pt").exists()
    resumed = Trainer(tiny(4), tmp_path / "stopped", resume=True)
    assert resumed.progress.games == 2
    resumed.run()
    assert resumed.progress.games == 4
    assert resumed.progress.samples == straight.progress.samples
    for name, tensor in straight.net.state_dict().items():
        torch.testing.assert_close(resumed.net.state_dict()[name], tensor, msg=f"{name} differs after resume")

    weights = tmp_path / "stopped" / "weights.npz"
    net = NumpyNet.load(weights)
    game = magnates.load("magnate", players=2)
    net.check(game)
    assert net.meta["games"] == 4 and net.meta["seed"] == 4 and "code_version" in net.meta
    assert sorted(p.name for p in (tmp_path / "stopped" / "snapshots").iterdir()) == [
        "weights-g0000002.npz",
        "weights-g0000004.npz",
    ]
    with (tmp_path / "stopped" / "log.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["games"]) for r in rows] == [2, 4]
    assert all(np.isfinite(float(r["value_loss"])) for r in rows)
    assert (tmp_path / "stopped" / "training.png").exists()

    bot = LearnedSearchBot(net, game, Budget(simulations=4))
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(magnates.sample(state.chance_outcomes(), rng))
    legal = state.legal_actions()
    assert bot.choose(game, state.view(state.current_player()), legal, rng) in legal


def test_resume_refuses_other_settings_and_a_fresh_run_refuses_an_old_folder(tmp_path: Path) -> None:
    Trainer(tiny(2), tmp_path).run()
    with pytest.raises(ValueError, match="hidden"):
        Trainer(tiny(4, hidden=8), tmp_path, resume=True)
    with pytest.raises(FileExistsError):
        Trainer(tiny(4), tmp_path)
    Trainer(tiny(4, workers=2, holdout_games=0), tmp_path, resume=True)  # how games are played may change
    with pytest.raises(FileNotFoundError):
        Trainer(tiny(4), tmp_path / "empty", resume=True)


def test_an_evaluation_row_reaches_the_log(tmp_path: Path) -> None:
    trainer = Trainer(tiny(2, eval_every=2, eval_games=2, eval_against="random", eval_simulations=2), tmp_path)
    trainer.run()
    with (tmp_path / "log.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert rows[-1]["eval_games"] == "2"
    assert 0.0 <= float(rows[-1]["eval_low"]) <= float(rows[-1]["eval_win_rate"]) <= float(rows[-1]["eval_high"])


def test_the_games_and_what_is_learned_do_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    alone = Trainer(tiny(4, updates=0), tmp_path / "alone")
    alone.run()
    pooled = Trainer(tiny(4, updates=0, workers=2), tmp_path / "pooled")
    pooled.run()
    assert pooled.progress.samples == alone.progress.samples
    assert pooled.progress.updates == alone.progress.updates  # updates=0: one pass over each round's samples
    for name, tensor in alone.net.state_dict().items():
        torch.testing.assert_close(pooled.net.state_dict()[name], tensor, msg=f"{name} differs with two workers")
    with (tmp_path / "pooled" / "log.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert all(np.isfinite(float(r["holdout_value_loss"])) for r in rows)


def test_the_rollout_actor_can_play_the_sharper_policy(tmp_path: Path) -> None:
    """`--policy check_action`: Magnate's games are played by `SHARP`, not `greedy`; the weights say so,
    and a game without that policy, or a policy that does not exist, is refused before any game."""
    greedy = Trainer(tiny(2), tmp_path / "greedy")
    greedy.run()
    sharp = Trainer(tiny(2, policy="check_action"), tmp_path / "sharp")
    sharp.run()
    assert NumpyNet.load(tmp_path / "sharp" / "weights.npz").meta["policy"] == "check_action"
    assert not np.array_equal(sharp.window[-1].obs, greedy.window[-1].obs)  # other moves, other positions
    with pytest.raises(ValueError, match=r"settings than the run in .*: policy"):
        Trainer(tiny(4), tmp_path / "sharp", resume=True)  # what the games were played by is a learning setting
    with pytest.raises(ValueError, match="no rollout policy 'check_action'"):
        galactic = dict(magnates.load("galactic-magnate").options)
        Trainer(tiny(2, game="galactic-magnate", options=galactic, policy="check_action"), tmp_path / "galactic")
    with pytest.raises(ValueError, match="one of rollout_action, check_action"):
        Trainer(tiny(2, policy="best_action"), tmp_path / "unknown")


def test_sharper_self_play_decides_every_move_by_check_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """With `policy_hook="check_action"` every move of a game without exploration is check_action's,
    and greedy's rollout_action is never asked."""
    from magnates.bots import playout
    from magnates.learn.selfplay import play_game

    game = magnates.load("magnate", players=2)
    real = playout.game_hooks(game)
    asked = {"rollout_action": 0, "check_action": 0}

    def spy(name: str) -> object:
        def hook(state: object, rng: random.Random) -> int:
            asked[name] += 1
            return real[name](state, rng)  # type: ignore[no-any-return]

        return hook

    monkeypatch.setattr(playout, "game_hooks", lambda _: {**real, **{name: spy(name) for name in asked}})
    log = play_game(game, random.Random(3), sample_rate=1.0, explore=0.0, policy_hook="check_action")
    assert asked["rollout_action"] == 0
    assert asked["check_action"] == log.decisions > 0  # forced moves too: the hook plays every decision


def test_a_run_saved_before_the_policy_setting_resumes_as_greedy(tmp_path: Path) -> None:
    Trainer(tiny(2), tmp_path).run()
    saved = torch.load(tmp_path / "checkpoint.pt", weights_only=False)
    del saved["config"]["policy"]
    torch.save(saved, tmp_path / "checkpoint.pt")
    assert Trainer(tiny(4), tmp_path, resume=True).progress.games == 2
    with pytest.raises(ValueError, match="policy"):
        Trainer(tiny(4, policy="check_action"), tmp_path, resume=True)


def test_a_search_level_can_play_the_self_play_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--actor easy`: Magnate's `easy` search decides every move that is not forced (none random with
    explore 0), its move is the policy target, a run's self-play and held-out games are the search's,
    and the run's weights say who played."""
    from magnates.bots.presets import search_bot
    from magnates.learn import selfplay
    from magnates.learn.selfplay import play_game

    game = magnates.load("magnate", players=2)
    easy = search_bot("easy", game)
    moves: list[int] = []

    class Spy:
        def choose(self, g: object, view: object, legal: list[int], rng: random.Random) -> int:
            moves.append(easy.choose(g, view, legal, rng))  # type: ignore[arg-type]
            return moves[-1]

    log = play_game(game, random.Random(5), sample_rate=1.0, explore=0.0, actor=Spy())
    deciding = [i for i in range(len(log.samples)) if log.samples.ptr[i + 1] > log.samples.ptr[i]]
    assert len(deciding) == len(moves) > 0  # every unforced decision was the search's, and sampled
    for i, move in zip(deciding, moves, strict=True):
        lo, hi = log.samples.ptr[i], log.samples.ptr[i + 1]
        shares = dict(zip(log.samples.legal[lo:hi].tolist(), log.samples.target[lo:hi].tolist(), strict=True))
        assert shares[move] == 1.0 and sum(shares.values()) == 1.0

    built: list[str] = []

    def counted(level: str, g: object) -> object:
        built.append(level)
        return search_bot(level, g)  # type: ignore[arg-type]

    monkeypatch.setattr(selfplay, "search_bot", counted)
    run = Trainer(tiny(2, actor="easy"), tmp_path / "easy")
    assert built == ["easy"]  # the held-out games
    run.run()
    assert len(built) > 1 and set(built) == {"easy"}  # and the self-play jobs (in this process: one worker)
    assert NumpyNet.load(tmp_path / "easy" / "weights.npz").meta["actor"] == "easy"
    assert np.isfinite(run.holdout_value_loss())
    with pytest.raises(ValueError, match="unknown actor 'expert'; choose one of rollout, search, easy"):
        tiny(2, actor="expert")


def test_a_run_can_start_from_exported_weights(tmp_path: Path) -> None:
    """`--init`: the network starts as the given weights, the new weights record what made those, and
    weights of another game or shape are refused before any game is played."""
    Trainer(tiny(2), tmp_path / "first").run()
    first = tmp_path / "first" / "weights.npz"
    started = Trainer(tiny(2, init=str(first)), tmp_path / "second")
    for name, array in NumpyNet.load(first).arrays().items():
        np.testing.assert_array_equal(started.numpy_net().arrays()[name], array, err_msg=name)
    untouched = Trainer(tiny(2), tmp_path / "random")
    assert not np.array_equal(untouched.numpy_net().arrays()["t0_w"], started.numpy_net().arrays()["t0_w"])
    started.run()
    meta = NumpyNet.load(tmp_path / "second" / "weights.npz").meta
    assert meta["init"] == str(first) and meta["init_meta"]["games"] == 2
    assert meta["init_meta"]["command"] == "magnates train magnate --games 4 (test)"

    galactic = Path(magnates.__file__).parent / "learn" / "weights" / "galactic-magnate-2p.npz"
    with pytest.raises(ValueError, match="trained for 'galactic-magnate', not 'magnate'"):
        Trainer(tiny(2, init=str(galactic)), tmp_path / "other-game")
    with pytest.raises(ValueError, match="another --hidden"):
        Trainer(tiny(2, init=str(first), hidden=8), tmp_path / "other-shape")
    with pytest.raises(ValueError, match="cannot read weights"):
        Trainer(tiny(2, init=str(tmp_path / "missing.npz")), tmp_path / "missing")
    assert not (tmp_path / "other-game").exists() and not (tmp_path / "missing").exists()
    with pytest.raises(ValueError, match="the learning rate must be above 0"):
        tiny(2, lr=0.0)
