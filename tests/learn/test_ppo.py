"""The numpy PPO self-play recipe: its hand-written gradients, a short run, its weights as a bot."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import numpy as np
import pytest

import magnates
from magnates.bots.learned import WeightsError
from magnates.bots.observation import Observer
from magnates.bots.policy import PolicyBot
from magnates.bots.registry import make_bot
from magnates.cli.play import parse_seats
from magnates.core.chance import sample
from magnates.learn.ppo import Episode, League, MaskedPolicy, PPOConfig, advantages, play_episode, train
from magnates.sim.arena import run_arena
from magnates.sim.runner import play_game


def _loss(policy: MaskedPolicy, batch: dict[str, np.ndarray], config: PPOConfig) -> float:
    """The loss `update` descends, computed plainly in float64 (the reference for its gradients)."""
    p = {k: v.astype(np.float64) for k, v in policy.params.items()}
    h = np.maximum(batch["obs"] @ p["t0_w"].T + p["t0_b"], 0.0)
    logits = np.where(batch["mask"], h @ p["p_w"].T + p["p_b"], -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.exp(logits) * batch["mask"]
    probs = exp / exp.sum(axis=1, keepdims=True)
    logp_all = np.where(batch["mask"], np.log(probs + 1e-12), 0.0)
    logp = logp_all[np.arange(len(logp_all)), batch["action"]]
    ratio = np.exp(logp - batch["logp"])
    adv = batch["adv"]
    surrogate = np.minimum(ratio * adv, np.clip(ratio, 1 - config.clip, 1 + config.clip) * adv)
    entropy = -(probs * logp_all).sum(axis=1)
    value = np.tanh(h @ p["v_w"][0] + p["v_b"][0])
    return float(
        -surrogate.mean()
        + config.value_coef * ((value - batch["ret"]) ** 2).mean()
        - config.entropy_coef * entropy.mean()
    )


def test_the_hand_written_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(0)
    policy = MaskedPolicy(inputs=5, hidden=4, sides=2, actions=6, rng=rng)
    for key in ("v_w", "p_w"):
        policy.params[key] = (rng.standard_normal(policy.params[key].shape) * 0.5).astype(np.float32)
    mask = rng.random((8, 6)) < 0.6
    mask[:, 0] = True
    action = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
    batch = {
        "obs": rng.standard_normal((8, 5)).astype(np.float32),
        "mask": mask,
        "action": action,
        "logp": np.log(np.full(8, 0.3)),
        "adv": rng.standard_normal(8),
        "ret": rng.uniform(-1, 1, 8),
    }
    config = PPOConfig(game="magnate", clip=10.0)  # no clipping: the loss is smooth everywhere
    captured: dict[str, np.ndarray] = {}
    policy._adam = lambda grads, lr: captured.update(grads)  # type: ignore[method-assign]
    policy.update(batch, config)
    for key, grad in captured.items():
        value = policy.params[key]
        for index in list(np.ndindex(value.shape))[:12]:
            original = value[index]
            value[index] = original + 1e-3
            up = _loss(policy, batch, config)
            value[index] = original - 1e-3
            down = _loss(policy, batch, config)
            value[index] = original
            assert grad[index] == pytest.approx((up - down) / 2e-3, rel=2e-2, abs=2e-4), (key, index)


def test_advantages_end_on_the_games_return() -> None:
    episode = Episode([np.zeros(1)] * 3, [[0]] * 3, [0] * 3, [0.0] * 3, [0.0, 0.0, 0.0], reward=1.0)
    adv, ret = advantages(episode, gamma=1.0, lam=1.0)
    assert list(adv) == [1.0, 1.0, 1.0] and list(ret) == [1.0, 1.0, 1.0]


def test_shaped_rewards_telescope_to_the_return_less_the_first_potential() -> None:
    """With gamma = lambda = 1 and a zero critic the first advantage is the sum of the shaped rewards:
    the game's return plus Phi's differences, Phi(first) - ... - Phi(last) + 0 = return - Phi(first)."""
    episode = Episode([np.zeros(1)] * 3, [[0]] * 3, [0] * 3, [0.0] * 3, [0.0] * 3, reward=1.0, phi=[0.2, -0.5, 0.4])
    adv, ret = advantages(episode, gamma=1.0, lam=1.0)
    assert adv[0] == pytest.approx(1.0 - 0.2)
    assert adv[1] == pytest.approx(1.0 + 0.5) and ret[1] == 1.0  # the value target held to [-1, 1]
    assert adv[2] == pytest.approx(1.0 - 0.4)


@pytest.mark.parametrize("game", ["galactic-magnate", "magistrate", "magistratvm"])
def test_every_game_has_a_potential_read_from_the_view_alone(game: str) -> None:
    """The same view gives the same Phi, in [-1, 1], whatever another seat holds in secret."""
    import random

    from magnates.games import entry

    loaded = magnates.load(game)
    potential = entry(game).potential
    assert potential is not None
    state = loaded.new_initial_state()
    rng = random.Random(3)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    view = state.view(0)
    phi = potential(loaded, view, 0)
    assert -1.0 <= phi <= 1.0
    for deal in range(3):  # other states this seat cannot tell from this one
        twin = loaded.sample_state(view, random.Random(100 + deal))
        assert potential(loaded, twin.view(0), 0) == phi


def test_a_shaped_run_plays_and_learns_from_its_potential(tmp_path: Path) -> None:
    config = PPOConfig(
        game="magistratvm", max_updates=1, steps_per_update=60, minibatch=32, epochs=1, hidden=8,
        eval_every=5, eval_games=2, checkpoint_every=5, reward="shaped",
    )  # fmt: skip
    assert train(config, tmp_path, say=lambda _: None).exists()
    with pytest.raises(ValueError, match="unknown reward"):
        train(PPOConfig(game="magnate", reward="dense"), tmp_path)


def test_the_curriculum_moves_on_when_the_stage_bot_is_beaten() -> None:
    game = magnates.load("magnate")
    league = League(game, PPOConfig(game="magnate", stage_games=4, advance_at=0.5))
    assert league.stage_bot == "random-no-concede"
    assert not any(league.record("random-no-concede", r) for r in (1.0, -1.0, 1.0))
    assert not league.record("greedy", 1.0)  # only games against the stage's bot count
    assert league.record("random-no-concede", 1.0)
    assert league.stage_bot == "greedy"


def test_a_short_run_writes_a_log_a_curve_and_weights_that_play(tmp_path: Path) -> None:
    config = PPOConfig(
        game="magnate", max_updates=2, steps_per_update=150, minibatch=64, epochs=1, hidden=16,
        eval_every=2, eval_games=2, checkpoint_every=2, snapshot_every=1,
    )  # fmt: skip
    lines: list[str] = []
    weights = train(config, tmp_path, say=lines.append)
    assert weights.exists() and (tmp_path / "curve.png").exists()
    assert (tmp_path / "checkpoints" / "update-2.npz").exists()
    with open(tmp_path / "log.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["update"]) for r in rows] == [1, 2] and rows[-1]["eval_greedy"] != ""
    assert len(lines) == 2 and "update 2" in lines[-1]
    game = magnates.load("magnate")
    bot = make_bot(f"learned:{weights}", game)
    assert isinstance(bot, PolicyBot)
    outcome = play_game(game, [bot, make_bot("random-no-concede", game)], seed=5)
    assert outcome.error is None and outcome.result is not None
    with pytest.raises(WeightsError, match="trained for 'magnate'"):
        make_bot(f"learned:{weights}", magnates.load("galactic-magnate"))
    with pytest.raises(WeightsError, match="cannot read"):
        make_bot(f"learned:{tmp_path / 'missing.npz'}", game)


def test_learned_names_keep_their_paths_in_play_and_arena(tmp_path: Path) -> None:
    game = magnates.load("magnate")
    folder = tmp_path / "Runs"
    config = PPOConfig(game="magnate", max_updates=1, steps_per_update=60, minibatch=32, epochs=1, hidden=8)
    weights = train(config, folder, say=lambda line: None)
    name = f"learned:{weights}"
    assert parse_seats(game, f" {name} ,Greedy", None) == [name, "greedy"]
    result = run_arena("magnate", [name, "random-no-concede"], 2, seed=1, workers=1)
    assert result.bots == [name, "random-no-concede"] and not result.errors


def test_a_run_is_the_same_on_one_process_and_on_a_pool_of_two(tmp_path: Path) -> None:
    """The league is drawn here and every game's dice and sampling come from its number in the
    run, so the backend and the number of workers change the speed, not the games or the weights."""
    base = {
        "game": "magnate", "max_updates": 2, "steps_per_update": 120, "minibatch": 64, "epochs": 1, "hidden": 8,
        "eval_every": 2, "eval_games": 4, "checkpoint_every": 2, "snapshot_every": 1, "wave": 6,
    }  # fmt: skip
    runs = {}
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        train(PPOConfig(**base, workers=workers), out, say=lambda line: None)  # type: ignore[arg-type]
        with open(out / "log.csv", newline="") as handle:
            rows = [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(handle)]
        with np.load(out / "weights.npz") as arrays:
            runs[workers] = (rows, {k: arrays[k].copy() for k in arrays.files if k != "meta"})
    (rows_one, weights_one), (rows_two, weights_two) = runs[1], runs[2]
    assert rows_one == rows_two and int(rows_one[-1]["games"]) >= 12
    assert weights_one.keys() == weights_two.keys()
    assert all(np.array_equal(weights_one[k], weights_two[k]) for k in weights_one)


def test_a_never_kind_stays_out_of_the_learners_games_and_of_its_bot(tmp_path: Path) -> None:
    """`never=("trade-with",)`: the learner never starts a trade in self-play, the weights say so,
    and the learned bot built from them keeps the same rule; a kind the game lacks is refused."""
    game = magnates.load("galactic-magnate")
    trade = {i for i, action in enumerate(game.action_space) if action.kind == "trade-with"}
    policy = MaskedPolicy(game.observation_encoder().size, 8, 2, game.num_distinct_actions, np.random.default_rng(0))
    observer = Observer(game.observation_encoder())
    opponents = {1: make_bot("greedy", game)}
    free = play_episode(game, policy, observer, opponents, 0, 3, np.random.default_rng(1))
    assert any(trade & set(legal) for legal in free.legal)  # trading is legal on the learner's turns
    kept = play_episode(game, policy, observer, opponents, 0, 3, np.random.default_rng(1), never=("trade-with",))
    assert not any(trade & set(legal) for legal in kept.legal) and not trade & set(kept.action)

    config = PPOConfig(
        game="galactic-magnate", max_updates=1, steps_per_update=60, minibatch=32, epochs=1, hidden=8,
        eval_every=5, eval_games=2, checkpoint_every=5, never=("trade-with",),
    )  # fmt: skip
    weights = train(config, tmp_path, say=lambda _: None)
    bot = make_bot(f"learned:{weights}", game)
    assert isinstance(bot, PolicyBot) and bot.never == frozenset(trade)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not trade & set(state.legal_actions()):  # on to a turn where a trade may be started
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(state.legal_actions()[0])
    seat, legal = state.current_player(), list(state.legal_actions())
    assert bot.choose(game, state.view(seat), legal, rng) not in trade
    only_trades = sorted(trade & set(legal))
    assert bot.choose(game, state.view(seat), only_trades, rng) in trade  # nothing else legal: it may

    with pytest.raises(ValueError, match="no action kind trade; its kinds: accept"):
        train(PPOConfig(game="galactic-magnate", never=("trade",)), tmp_path / "refused")
    assert not (tmp_path / "refused").exists()
