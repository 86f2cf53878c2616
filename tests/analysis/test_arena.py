"""The arena on the test-only dice race: schedule, head-to-head counts, ratings, records, determinism."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from magnates.core.errors import OptionError
from magnates.core.record import Record
from magnates.records import replay
from magnates.sim.arena import matchups, run_arena, schedule, seat_orders, write_arena_report

BOTS = ["greedy", "timid", "random"]


def test_two_seats_every_pair_meets_from_both_seats_equally() -> None:
    plan = schedule(BOTS, 2, games=6)
    assert len(plan) == 3 * 6
    assert Counter(plan) == {order: 3 for m in matchups(BOTS, 2) for order in seat_orders(m)}
    assert {frozenset(order) for order in plan} == {
        frozenset(p) for p in [("greedy", "timid"), ("greedy", "random"), ("timid", "random")]
    }


def test_three_seats_use_all_six_seat_orders() -> None:
    plan = schedule(BOTS, 3, games=12)
    assert Counter(plan) == {order: 2 for order in seat_orders(tuple(BOTS))}
    assert len(seat_orders(tuple(BOTS))) == 6


def test_fewer_bots_than_seats_repeat_but_always_mix() -> None:
    found = matchups(["a", "b"], 3)
    assert sorted(found) == [("a", "a", "b"), ("a", "b", "b")]
    assert sorted(seat_orders(("a", "a", "b"))) == [("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a")]


@pytest.fixture(scope="module")
def arena_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("arena")


def test_head_to_head_counts_are_consistent(arena_folder: Path) -> None:
    result = run_arena("race", BOTS, 30, seed=3, workers=1, out=arena_folder)
    data = result.to_json()
    assert data["games"] == 90 and data["errors"] == 0
    assert {(p["bot"], p["opponent"]) for p in data["pairs"]} == {(a, b) for a in BOTS for b in BOTS if a != b}
    for pair in data["pairs"]:
        assert set(pair) == {"bot", "opponent", "games", "wins", "losses", "draws", "win_rate", "ci95"}
        assert pair["games"] == 30
        assert pair["wins"] + pair["losses"] + pair["draws"] == pair["games"]
        assert pair["win_rate"] == pytest.approx(pair["wins"] / pair["games"])
        low, high = pair["ci95"]
        assert low <= pair["win_rate"] <= high
        mirror = result.pair(pair["opponent"], pair["bot"])
        assert (mirror.wins, mirror.losses, mirror.draws) == (pair["losses"], pair["wins"], pair["draws"])
    # Taking any die of 3 or more beats always banking 2 (expected 3.67 against 2 a turn).
    assert result.pair("greedy", "timid").win_rate > 0.7
    assert data["ratings"]["greedy"] > data["ratings"]["timid"]
    assert set(data["ratings"]) == set(BOTS)


def test_counts_match_the_records_and_records_replay(arena_folder: Path) -> None:
    lines = [json.loads(line) for line in (arena_folder / "games.jsonl").read_text().splitlines()]
    assert len(lines) == 90
    wins: Counter[str] = Counter()
    for line in lines:
        record = Record.from_json(line)
        final = replay(record)
        assert final.result().to_json() == line["meta"]["result"]
        ranking = line["meta"]["result"]["ranking"]
        names = line["meta"]["bots"]
        if "greedy" in names and "timid" in names and ranking[names.index("greedy")] < ranking[names.index("timid")]:
            wins["greedy>timid"] += 1
    result = run_arena("race", BOTS, 30, seed=3, workers=1)
    assert result.pair("greedy", "timid").wins == wins["greedy>timid"]


def test_report_files(arena_folder: Path) -> None:
    result = run_arena("race", BOTS, 4, seed=1, workers=1)
    paths = write_arena_report(result, arena_folder / "report")
    for path in paths:
        assert path.exists() and path.stat().st_size > 0
    assert {p.suffix for p in paths} == {".json", ".md", ".png", ".svg"}
    assert "arena.png" in (arena_folder / "report" / "arena.md").read_text()


def test_same_seed_same_arena_whatever_the_workers() -> None:
    one = run_arena("race", ["greedy", "random"], 16, seed=9, workers=1).to_json()
    two = run_arena("race", ["greedy", "random"], 16, seed=9, workers=2).to_json()
    for key in ("pairs", "ratings", "rating_details"):
        assert one[key] == two[key]
    other = run_arena("race", ["greedy", "random"], 16, seed=10, workers=1).to_json()
    assert other["pairs"] != one["pairs"] or other["ratings"] != one["ratings"]


def test_three_seat_arena_rates_every_bot() -> None:
    result = run_arena("race", ["greedy", "timid"], 6, options={"players": 3}, seed=2, workers=1)
    assert result.players == 3
    assert len(result.outcomes) == 12  # a-a-b and a-b-b, 6 games each
    assert result.pair("greedy", "timid").games == 12
    assert result.rating("greedy") > result.rating("timid")


@pytest.mark.parametrize(
    ("bots", "games", "message"),
    [
        (["greedy"], 4, "at least two"),
        (["greedy", "greedy"], 4, "once"),
        (["greedy", "nobody"], 4, "no bot"),
        (["greedy", "timid"], 0, "at least 1"),
    ],
)
def test_bad_arena_requests_are_refused(bots: list[str], games: int, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        run_arena("race", bots, games, workers=1)


def test_a_one_seat_game_has_no_arena() -> None:
    with pytest.raises(OptionError, match="one seat"):
        run_arena("magnate", ["greedy", "random"], 2, options={"players": 1}, workers=1)
