"""The numpy learned bot: its weights file, its checks, the shipped `expert`, and that it never peeks.

These tests need numpy only (no training stack), as playing a learned bot does.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from shipped_weights import shipped_game

import magnates
from magnates.bots.budget import Budget
from magnates.bots.learned import (
    SERVED,
    SHIPPED,
    WEIGHTS_DIR,
    LearnedSearchBot,
    NumpyNet,
    Served,
    ValueJudge,
    WeightsError,
    expert_bot,
    shipped_net,
    shipped_seconds,
)
from magnates.bots.plan_check import PlanCheckBot
from magnates.bots.playout import Playout
from magnates.bots.presets import preset
from magnates.bots.registry import available, make_bot
from magnates.bots.search_expert import SEARCH_EXPERTS
from magnates.core.chance import sample
from magnates.core.game import Game, State
from magnates.sim.runner import play_game


def random_net(game: Game, seed: int = 0, hidden: int = 32) -> NumpyNet:
    """A network of the right shapes for `game` with random weights (what training starts from)."""
    gen = np.random.default_rng(seed)
    inputs, sides, actions = game.observation_encoder().size, game.num_players, game.num_distinct_actions

    def layer(rows: int, cols: int) -> np.ndarray:
        return (gen.standard_normal((rows, cols)) / np.sqrt(cols)).astype(np.float32)

    arrays = {
        "t0_w": layer(hidden, inputs),
        "t0_b": np.zeros(hidden, np.float32),
        "t1_w": layer(hidden, hidden),
        "t1_b": np.zeros(hidden, np.float32),
        "v_w": layer(sides, hidden),
        "v_b": np.zeros(sides, np.float32),
        "p_w": layer(actions, hidden),
        "p_b": np.zeros(actions, np.float32),
    }
    meta = {"game": game.name, "options": dict(game.options), "layers": 2, "inputs": inputs}
    return NumpyNet(arrays, {**meta, "sides": sides, "actions": actions})


def decision_points(game: Game, seed: int, count: int) -> list[State]:
    """Decision points with a real choice from one random game, spread over it (a move that ends
    the game at once, such as resigning, is played only when nothing else is legal)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.15:
            found.append(state.clone())
        moves = rng.sample(legal, len(legal))
        for tried, move in enumerate(moves, 1):
            after = state.clone()
            after.apply_action(move)
            if not after.is_terminal() or tried == len(moves):
                state = after
                break
    return found


@pytest.fixture(scope="module")
def magnate() -> Game:
    return magnates.load("magnate", players=2)


def test_weights_round_trip_through_npz(tmp_path: Path, magnate: Game) -> None:
    net = random_net(magnate)
    path = tmp_path / "w.npz"
    net.save(path)
    again = NumpyNet.load(path)
    x = np.asarray(magnate.observation_encoder().encode(magnate.new_initial_state().view(0)), np.float32)
    legal = [0, 5, 17]
    v1, p1 = net.evaluate(x, legal)
    v2, p2 = again.evaluate(x, legal)
    assert p1 is not None and p2 is not None
    np.testing.assert_allclose(v1, v2)
    np.testing.assert_allclose(p1, p2)
    assert p1.sum() == pytest.approx(1.0)
    assert all(-1.0 <= v <= 1.0 for v in v1)
    assert again.meta["format"] == "magnates-policy-value/1"


def test_weights_for_another_game_or_option_set_are_refused(magnate: Game) -> None:
    net = random_net(magnate)
    net.check(magnate)
    with pytest.raises(WeightsError, match="players"):
        net.check(magnates.load("magnate", players=3))
    with pytest.raises(WeightsError, match="trained for 'magnate'"):
        net.check(magnates.load("galactic-magnate"))
    with pytest.raises(WeightsError, match="trained for magnate with options"):  # same shapes, other rules
        net.check(magnates.load("magnate", players=2, aces="original"))
    net.meta["inputs"] = net.inputs = net.inputs + 1
    with pytest.raises(WeightsError, match="observation floats"):
        net.check(magnate)


def test_a_file_that_is_not_weights_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, meta=np.array(json.dumps({"format": "something else"})))
    with pytest.raises(WeightsError, match="not a magnates-policy-value"):
        NumpyNet.load(bad)
    with pytest.raises(WeightsError, match="cannot read"):
        NumpyNet.load(tmp_path / "missing.npz")


@pytest.mark.parametrize("file", SHIPPED["expert"])
def test_every_shipped_weights_file_records_its_run_and_is_offered_for_its_game(file: str) -> None:
    net, game = shipped_game(file)
    assert (WEIGHTS_DIR / file).stat().st_size < 5 * 1024 * 1024
    for key in ("command", "seed", "code_version", "training_seconds", "games"):
        assert key in net.meta, f"{file} does not record {key}"
    assert net.meta["command"].startswith(f"magnates train {game.name}")
    assert "expert" in available(game)
    chosen = shipped_net("expert", game)
    assert chosen is not None and chosen.meta == net.meta, "the expert for this game reads another file"
    assert make_bot("expert", game).name == "expert"


@pytest.mark.parametrize("served", [s for s in SERVED if s.changes], ids=lambda s: f"{s.file}:{dict(s.changes)}")
def test_a_network_measured_under_a_variant_is_offered_there_thinking_as_measured(served: Served) -> None:
    """A `SERVED` variant of a shipped file: the same weights, offered as `expert` in the variant only,
    at the seconds its match played, and a whole game of legal moves."""
    trained, game = shipped_game(served.file)
    variant = magnates.load(game.name, **{**trained.meta["options"], **dict(served.changes)})
    with pytest.raises(WeightsError):
        trained.check(variant)  # the file alone still says it was trained for another option set
    net = shipped_net("expert", variant)
    assert net is not None and "expert" in available(variant)
    assert all(np.array_equal(net.arrays()[key], array) for key, array in trained.arrays().items())
    assert shipped_seconds("expert", variant) == served.seconds
    assert shipped_net("expert", game) is not net
    assert_plays_a_whole_game_with_legal_moves(expert_bot(net, variant, simulations=6), variant, seed=4)


def test_expert_is_offered_only_where_its_weights_fit(magnate: Game) -> None:
    assert "expert" in available(magnate)
    assert "expert" not in available(magnates.load("magnate", players=3))
    assert "expert" not in available(magnates.load("magnate", players=2, mega=True))
    assert "expert" not in available(magnates.load("magnate", players=2, districts=4, courts=False))
    assert "expert" not in available(magnates.load("galactic-magnate", players=3))  # its weights are for 2
    trained = {NumpyNet.load(WEIGHTS_DIR / file).meta["game"] for file in SHIPPED["expert"]}
    for name in sorted({"galactic-magnate", "magistrate", "magistratvm"} - trained):
        game = magnates.load(name)
        if (name, game.num_players) in SEARCH_EXPERTS:  # a search-only expert, measured (search_expert.py)
            continue
        assert "expert" not in available(game), f"expert offered for {name} without weights"


@pytest.mark.parametrize("file", SHIPPED["expert"])
def test_shipped_expert_plays_a_whole_game_with_legal_moves(file: str) -> None:
    net, game = shipped_game(file)
    assert_plays_a_whole_game_with_legal_moves(expert_bot(net, game, simulations=6), game, seed=3)


def assert_plays_a_whole_game_with_legal_moves(bot: Any, game: Game, seed: int) -> None:
    """`bot` in seat 0, greedy in the others, plays a whole game without an error, every move legal."""
    seen: list[tuple[int, list[int]]] = []

    class Checked:
        name = "checked"

        def choose(self, game: Game, view: Any, legal: list[int], rng: random.Random) -> int:
            action = bot.choose(game, view, legal, rng)
            seen.append((action, legal))
            return action

    others = [make_bot("greedy", game) for _ in range(game.num_players - 1)]
    outcome = play_game(game, [Checked(), *others], seed=seed)
    assert outcome.error is None and outcome.result is not None
    assert seen and all(action in legal for action, legal in seen)


@pytest.mark.parametrize("horizon", ["own-moves", "game"])
def test_the_learned_bot_decides_from_the_view_alone(magnate: Game, horizon: str) -> None:
    """Two states that differ only in what the seat cannot see get the same move from the same stream."""
    net = shipped_net("expert", magnate) or random_net(magnate)
    bot = LearnedSearchBot(net, magnate, Budget(simulations=16), horizon=horizon)
    checked = 0
    for state in decision_points(magnate, seed=11, count=6):
        seat = state.current_player()
        view = state.view(seat)
        before = json.dumps(view, sort_keys=True)
        other = magnate.sample_state(view, random.Random(checked + 100))  # other hidden cards, same view
        assert json.dumps(other.view(seat), sort_keys=True) == before
        legal = list(state.legal_actions())
        choice = bot.choose(magnate, view, legal, random.Random(5))
        assert choice in legal
        assert json.dumps(view, sort_keys=True) == before, "the bot changed the view it was given"
        assert bot.choose(magnate, other.view(seat), list(other.legal_actions()), random.Random(5)) == choice
        checked += 1
    assert checked >= 3


def test_the_search_follows_the_network(magnate: Game) -> None:
    """With a prior that puts all weight on one legal move and a budget of a few simulations, that
    move is searched most and chosen: the policy head really is the search's prior."""
    net = random_net(magnate, seed=3)
    state = next(s for s in decision_points(magnate, seed=5, count=20) if len(s.legal_actions()) >= 3)
    legal = list(state.legal_actions())
    favourite = legal[-1]
    net.policy_b = np.full_like(net.policy_b, -30.0)
    net.policy_b[favourite] = 30.0
    bot = LearnedSearchBot(net, magnate, Budget(simulations=3), horizon="own-moves")
    assert bot.choose(magnate, state.view(state.current_player()), legal, random.Random(0)) == favourite


def as_json(view: Any) -> str:
    return json.dumps(view, sort_keys=True, default=str)


@pytest.mark.parametrize(
    ("name", "options", "hides"),
    [
        ("magnate", {"players": 2}, True),
        ("magnate", {"players": 2, "courts": False}, True),  # its own network, a second a decision
        ("magnate", {"players": 2, "districts": 4}, True),  # its own network, a second a decision
        ("magnate", {"players": 2, "aces": "original"}, True),  # the official network, measured there
        ("magnate", {"players": 2, "taxation": "double"}, True),  # the official network, measured there
        ("galactic-magnate", {}, False),
        ("magistrate", {}, True),
        ("magistratvm", {}, False),
    ],
)
def test_the_expert_decides_from_the_view_alone(name: str, options: dict[str, Any], hides: bool) -> None:
    """`expert` (hard's search, the network judging its leaves): the same move for two states that
    differ only in what the seat cannot see, from the same random stream, in every game (with its
    shipped weights where they exist). Where the game hides cards (`hides`), the second state
    really is another world at some of the points (another seat sees something else there)."""
    game = magnates.load(name, **options)
    net = shipped_net("expert", game) or random_net(game)
    checked = other_worlds = 0
    for state in decision_points(game, seed=12, count=6):
        seat = state.current_player()
        view = state.view(seat)
        other = game.sample_state(view, random.Random(checked + 200))
        assert as_json(other.view(seat)) == as_json(view)
        others = [s for s in range(game.num_players) if s != seat]
        other_worlds += any(as_json(other.view(s)) != as_json(state.view(s)) for s in others)
        legal = list(state.legal_actions())
        choice = expert_bot(net, game, simulations=12).choose(game, view, legal, random.Random(5))
        assert choice in legal
        again = expert_bot(net, game, simulations=12)
        assert again.choose(game, other.view(seat), list(other.legal_actions()), random.Random(5)) == choice
        checked += 1
    assert checked >= 3
    if hides:
        assert other_worlds >= 1, "every sampled world was the real one: the test checked nothing hidden"


def test_galactic_magnates_expert_checks_its_plans_with_the_network_and_magnates_plays_them_out(
    magnate: Game,
) -> None:
    """Galactic Magnate's `hard` trusts its search; its `expert` also checks the four best plans,
    each judged by the network where the searcher decides next (`EXPERT_CHANGES`). Magnate's
    `expert` keeps `hard`'s check, played to the end of the game, and adds the policy's own turn to
    the plans it compares. A study's `--set` still wins."""
    galactic = magnates.load("galactic-magnate", players=2)
    assert not isinstance(preset(galactic, "hard").build("hard"), PlanCheckBot)
    net = random_net(galactic)
    expert = expert_bot(net, galactic)
    assert isinstance(expert, PlanCheckBot)
    assert (expert.plans, expert.rollouts, expert.judge_weight) == (4, 32, 1.0)
    assert isinstance(expert.judge, ValueJudge) and expert.judge.net is net
    assert expert_bot(net, galactic, check_judge_weight=0.5).judge_weight == 0.5
    played_out = expert_bot(random_net(magnate), magnate)
    assert isinstance(played_out, PlanCheckBot)
    assert (played_out.judge_weight, played_out.judge) == (0.0, None)
    assert played_out.policy_plan and not getattr(make_bot("hard", magnate), "policy_plan", True)
    assert played_out.decision_seconds == 0.18 and played_out.search.budget.seconds == 0.03
    assert not expert_bot(random_net(magnate), magnate, check_policy_plan=False).policy_plan


def test_magnates_check_plays_later_moves_by_the_policy_the_network_learnt_from(magnate: Game) -> None:
    """The judge and the check's model of later play agree: weights learnt from `SHARP` games
    (`magnates train --policy check_action`) make the check play later moves by `check_action`,
    weights learnt from greedy games by `rollout_action`; a study's `--set` still wins."""
    greedy_taught = random_net(magnate)
    sharp_taught = NumpyNet(greedy_taught.arrays(), {**greedy_taught.meta, "policy": "check_action"})
    by_policy = {
        "greedy": expert_bot(greedy_taught, magnate),
        "sharp": expert_bot(sharp_taught, magnate),
        "set": expert_bot(sharp_taught, magnate, check_policy="rollout_action"),
    }
    assert all(isinstance(bot, PlanCheckBot) for bot in by_policy.values())
    assert {k: getattr(bot, "policy", None) for k, bot in by_policy.items()} == {
        "greedy": "rollout_action",
        "sharp": "check_action",
        "set": "rollout_action",
    }
    shipped = shipped_net("expert", magnate)
    assert shipped is not None and shipped.meta.get("policy") == "check_action"
    assert getattr(make_bot("expert", magnate), "policy", None) == "check_action"


def test_the_value_judge_reads_the_network_and_blends_the_heuristic(magnate: Game) -> None:
    net = random_net(magnate, seed=7)
    state = decision_points(magnate, seed=9, count=3)[-1]
    alone, blended = ValueJudge(net, magnate, 0.0), ValueJudge(net, magnate, 0.5)
    for seat in range(2):
        relative, _ = net.evaluate(np.asarray(magnate.observation_encoder().encode(state.view(seat)), np.float32))
        values = alone(state, seat)
        assert values == pytest.approx([float(relative[(other - seat) % 2]) for other in range(2)], abs=1e-6)
        heuristic = Playout(magnate, 0).estimate(state)
        assert blended(state, seat) == pytest.approx(
            [(v + h) / 2 for v, h in zip(values, heuristic, strict=True)], abs=1e-6
        )
    with pytest.raises(ValueError, match="heuristic_weight"):
        ValueJudge(net, magnate, 1.5)


@pytest.mark.parametrize("name", ["magnate", "galactic-magnate", "magistrate", "magistratvm"])
def test_the_judge_reads_the_state_as_the_view_would_show_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge encodes a searcher's guessed world straight from the state (the encoder's fast
    path, three quarters of a leaf's time spared), and its values are those of the network on the
    seat's view: the same numbers, positions of two games visited in turn, for every seat."""
    game = magnates.load(name)
    net = random_net(game, seed=3)
    judge = ValueJudge(net, game, 0.0)
    encoder = game.observation_encoder()
    expected: list[list[float]] = []
    first, second = (decision_points(game, seed, 12) for seed in (1, 2))
    positions = [s for pair in zip(first, second, strict=False) for s in pair]  # the two games in turn
    assert len(positions) >= 12
    for state in positions:
        for seat in range(game.num_players):
            relative, _ = net.evaluate(np.asarray(encoder.encode(state.view(seat)), np.float32))
            expected.append([float(relative[(other - seat) % game.num_players]) for other in range(game.num_players)])

    def no_view(self: State, seat: int | None) -> Any:
        raise AssertionError("the judge built a view")

    monkeypatch.setattr(type(positions[0]), "view", no_view)
    judged = [judge(state, seat) for state in positions for seat in range(game.num_players)]
    for got, want in zip(judged, expected, strict=True):
        assert got == pytest.approx(want, abs=1e-6)


def test_the_expert_search_asks_the_judge_at_its_leaves(magnate: Game) -> None:
    """The judge replaces the heuristic in hard's search, seen from the searching seat only."""
    asked: list[int] = []
    judge = ValueJudge(random_net(magnate, seed=2), magnate)

    def counting(state: State, seat: int) -> list[float]:
        asked.append(seat)
        return judge(state, seat)

    state = next(s for s in decision_points(magnate, seed=5, count=20) if len(s.legal_actions()) >= 3)
    seat = state.current_player()
    bot = preset(magnate, "hard").build("judged", counting)
    legal = list(state.legal_actions())
    assert bot.choose(magnate, state.view(seat), legal, random.Random(1)) in legal
    assert asked and set(asked) == {seat}
