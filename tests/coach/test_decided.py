"""Decided when, for designers: the coach over many games, and `magnates report --decided N`."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

import magnates
from magnates.analysis.decided import decided_when
from magnates.analysis.estimate import CoachSettings
from magnates.bots.playout import game_hooks
from magnates.cli.main import app
from magnates.core.chance import sample
from magnates.core.record import Record

QUICK = CoachSettings(samples=1, candidates=3, depth=6)


def finished(seed: int) -> Record:
    game = magnates.load("galactic-magnate", players=2)
    policy = game_hooks(game)["rollout_action"]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return state.record()


def test_decided_when_gathers_each_game_with_a_winner() -> None:
    records = [finished(seed) for seed in (1, 2, 3)]
    found = decided_when(records, QUICK)
    winners = sum(1 for r in records if magnates.replay(r).result().winner is not None)
    assert found.games == 3 and found.with_winner == winners == len(found.decided_shares)
    assert all(0 < share <= 1 for share in found.decided_shares)
    assert found.half_time_leader_wins <= found.half_time_games <= winners
    kinds = {type(a).__name__ for a in magnates.load("galactic-magnate").action_space}
    assert set(found.gains) <= kinds and found.gains
    data = found.to_json()
    assert abs(sum(data["winner_gains_by_kind"].values()) - 1) < 0.01
    text = "\n".join(found.markdown())
    assert "## Decided when" in text and "median" in text


def test_report_gains_a_decided_when_section(tmp_path: Path) -> None:
    made = CliRunner().invoke(app, ["simulate", "galactic-magnate", "--games", "2", "--out", str(tmp_path / "sim")])
    assert made.exit_code == 0, made.output
    result = CliRunner().invoke(app, ["report", str(tmp_path / "sim"), "--decided", "2"])
    assert result.exit_code == 0, result.output
    assert "## Decided when" in (tmp_path / "sim" / "report.md").read_text()
    data = json.loads((tmp_path / "sim" / "report.json").read_text())
    assert data["decided_when"]["games"] == 2
    refused = CliRunner().invoke(app, ["report", str(tmp_path / "sim"), "--decided", "-1"])
    assert refused.exit_code == 2 and "--decided" in refused.output


def test_compare_gains_a_decided_at_row_per_variant(tmp_path: Path) -> None:
    args = ["compare", "galactic-magnate", "--variant", "characters=dealt", "--variant", "characters=pick"]
    result = CliRunner().invoke(app, [*args, "--games", "2", "--decided", "2", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    variants = json.loads(result.stdout)["variants"]
    assert [v["decided_when"]["games"] for v in variants] == [2, 2]
    table = CliRunner().invoke(app, [*args, "--games", "1", "--decided", "1", "--workers", "1", "--out", str(tmp_path)])
    assert table.exit_code == 0, table.output
    assert "decided at" in table.stdout and "| decided at" in (tmp_path / "compare.md").read_text()
