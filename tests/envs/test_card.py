"""The game card's measurements: every pairing played, lengths and returns as the env gives them."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from magnates.envs.card import AGENTS, OPPONENTS, main, markdown, measure


def test_a_card_plays_every_pairing_and_reads_the_bounds() -> None:
    card = measure("magnate", games=2, seed=3)
    assert [(b.agent, b.opponents) for b in card.baselines] == [(a, o) for a in AGENTS for o in OPPONENTS]
    for baseline in card.baselines:
        assert len(baseline.returns) == len(baseline.lengths) == 2
        assert all(-1.0 <= r <= 1.0 for r in baseline.returns)
        assert all(n > 10 for n in baseline.lengths)  # whole games, not illegal-action endings
    assert card.players == 2 and card.unit_features <= card.finite_features <= card.observation_size
    assert "tokens" in card.unbounded and "hand" not in card.unbounded
    text = markdown(card)
    assert text.count("\n| random |") == 2 and text.count("\n| greedy |") == 2


def test_the_command_refuses_too_few_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["magnate", "--games", "1"])
    assert "at least 2" in capsys.readouterr().err
