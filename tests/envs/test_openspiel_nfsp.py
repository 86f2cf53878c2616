"""OpenSpiel's NFSP (PyTorch) trains on Magnate's information-state tensor: a tiny run of
examples/openspiel_nfsp.py, whose moves must be legal and whose losses must be finite numbers.

The run is two self-play games cut at 160 actions, with both seats in best-response mode
(`anticipatory=1.0`), so that both networks take gradient steps within seconds: the supervised
average policy learns from the reservoir of best-response moves, the DQN from its replay buffer."""

from __future__ import annotations

import importlib.util
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")
pytest.importorskip("tree")  # dm-tree: OpenSpiel's PyTorch agents import it

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_nfsp.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_nfsp_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def one_thread() -> Iterator[None]:
    """Small networks train several times faster on one torch thread on a busy machine."""
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def test_nfsp_trains_on_the_information_state_tensor_and_plays_legally(one_thread: None) -> None:
    nfsp_example = example()
    game = nfsp_example.load_game(max_game_length=160)  # games stopped at 160 actions: a draw
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_size() == game.observation_tensor_size() + 160 * 16
    settings = nfsp_example.Settings(
        hidden=(16,),
        reservoir_capacity=400,
        replay_capacity=400,
        min_buffer_to_learn=32,
        batch_size=16,
        learn_every=8,
        anticipatory=1.0,
    )
    agents = nfsp_example.make_agents(game, settings)
    stats = nfsp_example.train(game, agents, episodes=2, seed=3)  # raises on an illegal move
    assert stats.episodes == 2 and stats.decisions > 100
    assert stats.lengths == [160, 160] and stats.truncated == 2
    assert stats.sl_losses and stats.rl_losses, "no gradient step was taken"
    assert all(math.isfinite(x) for x in stats.sl_losses + stats.rl_losses)
    result = nfsp_example.evaluate(game, agents, games=2, seed=4)  # the average policy, sampled
    assert result.games == 2
    assert "95% CI" in nfsp_example.report("trained", result)
    best = nfsp_example.evaluate(game, agents, games=1, seed=5, mode=nfsp_example.nfsp.MODE.BEST_RESPONSE)
    assert best.games == 1
