"""The strong-bot balance study's tables: their shape and that their counts add up (not the figures)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from magnates.sim.batch import BatchSpec, run_batch
from magnates.studies.strong_balance import Study, play, read_records, report, seat_table, trait_table

FRACTION = re.compile(r"(\d+)/(\d+) = ")


def fractions(line: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in FRACTION.findall(line)]


def check_counts(study: Study) -> None:
    games = len(study.facts)
    rows = seat_table(study).splitlines()[2:]
    assert len(rows) == study.players + 1  # one row per seat, then shared first places
    counted = [fractions(row)[0] for row in rows]
    assert all(n == games for _, n in counted)
    assert sum(w for w, _ in counted) == games  # every game: one sole winner or a shared first place
    for fact in study.facts:
        assert len(fact.traits) == study.players
        assert fact.clock >= 0 and fact.actions > 0
        assert fact.mid_leader is None or 0 <= fact.mid_leader < study.players


@pytest.mark.parametrize(
    ("game", "players", "bots", "games"),
    [
        ("magistratvm", 3, ["greedy"], 3),
        ("magistratvm", 4, ["greedy", "random"], 2),
        ("galactic-magnate", 3, ["random"], 3),
        ("magnate", 3, ["random"], 1),
        ("magistrate", 3, ["random"], 1),
    ],
)
def test_every_game_gives_tables_whose_counts_add_up(game: str, players: int, bots: list[str], games: int) -> None:
    study = play(game, players, games, bots, seed=3, workers=1, options={})
    assert study.players == players and len(study.facts) + study.errors == games
    check_counts(study)
    text = report(study)
    assert text.startswith(f"### {game}, {players} players")
    for heading in ("| seat |", "mean | p10 | median", "| how the game was decided |", "sole leader", "| trait |"):
        assert heading in text


def test_traits_count_seat_games_and_top_seats_within_the_sample() -> None:
    study = play("magistratvm", 3, 4, ["greedy"], seed=5, workers=1, options={})
    for row in trait_table(study).splitlines()[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        having, top_games = int(cells[1]), int(cells[3])
        assert having <= 3 * len(study.facts) and top_games <= len(study.facts)
        for wins, trials in fractions(row):
            assert 0 <= wins <= trials


def test_records_written_by_simulate_read_the_same_as_a_fresh_batch(tmp_path: Path) -> None:
    spec = BatchSpec.make("magistratvm", {"players": 3, "turn_limit": 40}, ["greedy"], 3, 7, keep_records=True)
    batch = run_batch(spec, 1)
    path = tmp_path / "games.jsonl"
    with path.open("w") as lines:
        for outcome in batch.outcomes:
            record = {"game": "magistratvm", "options": spec.options, "actions": outcome.actions}
            lines.write(json.dumps({"record": record, **outcome.to_json()}) + "\n")
    from_records = read_records("magistratvm", [path])
    played = play("magistratvm", 3, 3, ["greedy"], seed=7, workers=1, options={})
    assert seat_table(from_records) == seat_table(played)
    assert [f.clock for f in from_records.facts] == [f.clock for f in played.facts]


def test_a_record_whose_replay_ends_otherwise_is_left_out_and_said(tmp_path: Path) -> None:
    spec = BatchSpec.make("magistratvm", {"players": 3, "turn_limit": 40}, ["greedy"], 2, 9, keep_records=True)
    path = tmp_path / "games.jsonl"
    with path.open("w") as lines:
        for outcome in run_batch(spec, 1).outcomes:
            record = {"game": "magistratvm", "options": spec.options, "actions": outcome.actions}
            row = {"record": record, **outcome.to_json()}
            if outcome.index == 0:
                row["result"]["ranking"] = [9, 9, 9]  # as if another version of the rules had played it
            lines.write(json.dumps(row) + "\n")
    study = read_records("magistratvm", [path])
    assert len(study.facts) == 1
    assert "1 games left out" in study.source
