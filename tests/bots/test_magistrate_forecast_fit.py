"""benchmarks/magistrate_forecast_fit.py and search_bots.py --forecast: Magistrate's forecast terms
fitted to how games ended, and a search judged by the fitted weights."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from benchmark_scripts import load_script as benchmark
from matches import first_decisions

import magnates
from magnates.bots.presets import preset
from magnates.games.magistrate import heuristic

fitting = benchmark("magistrate_forecast_fit")
search_bots = benchmark("search_bots")


def test_positions_are_kept_with_every_seats_terms_and_final_points() -> None:
    data = fitting.play(3, "greedy", range(2), keep=0.05)
    rows = len(data["y"])
    assert rows > 0 and rows % 3 == 0
    assert data["x"].shape == (rows, len(heuristic.FORECAST_TERMS))
    assert np.allclose(data["y"].reshape(-1, 3).sum(axis=1), 0.0)  # final points relative to the mean
    assert np.allclose(data["x"].reshape(-1, 3, len(heuristic.FORECAST_TERMS)).sum(axis=1), 0.0)
    assert set(data["game"]) == {0, 1}
    assert (data["won"].reshape(-1, 3).sum(axis=1) >= 1).all()  # someone won every game


def test_the_fit_recovers_known_weights_and_a_huge_ridge_keeps_the_shipped_ones() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(400, len(heuristic.FORECAST_TERMS)))
    truth = np.linspace(0.5, 1.5, len(heuristic.FORECAST_TERMS))
    y = x @ truth
    assert np.allclose(fitting.fit(x, y, ridge=0.0), truth)
    assert np.allclose(fitting.fit(x, y, ridge=1e12), 1.0, atol=1e-6)


def test_the_report_writes_weights_that_search_bots_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = fitting.play(3, "greedy", range(4), keep=0.1)
    out = tmp_path / "weights.json"
    fitting.report(data, ridge=100.0, boot=5, out=out)
    printed = capsys.readouterr().out
    assert "held out" in printed and "rings" in printed
    weights = json.loads(out.read_text())
    assert list(weights) == list(heuristic.FORECAST_TERMS)
    judge = search_bots.forecast_judge(out)
    assert judge.weights == tuple(weights.values())
    game = magnates.load("magistrate", players=3)
    bot = preset(game, "hard").build("hard", judge=judge)
    assert first_decisions(game, bot, 6, random.Random(2)) == 6


def test_a_bad_weights_file_stops_with_a_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"gold": 2}')
    with pytest.raises(SystemExit, match="no forecast term gold"):
        search_bots.forecast_judge(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(SystemExit, match="no object of term weights"):
        search_bots.forecast_judge(bad)
    with pytest.raises(SystemExit, match=r"missing\.json"):
        search_bots.forecast_judge(tmp_path / "missing.json")
