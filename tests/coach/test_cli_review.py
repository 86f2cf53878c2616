"""`magnates review` end to end: records from play --save, simulate --out, the arena and the web
export; one JSON entry per decision whose chances sum to 1; the table; clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import magnates
from magnates.cli.main import app
from magnates.core.record import Record, save

runner = CliRunner()
QUICK = ["--samples", "1", "--seed", "0"]


def decisions_of(record: Record) -> list[int]:
    states = magnates.replay(record, all_states=True)
    return [i for i, s in enumerate(states[:-1]) if s.current_player() >= 0 and len(s.legal_actions()) > 1]


def check_json(output: str, record: Record, sides: int) -> dict[str, object]:
    data = json.loads(output)
    entries = data["decisions"]
    assert [e["step"] for e in entries] == decisions_of(record)
    for entry in entries:
        assert set(entry) >= {"step", "seat", "action_text", "before", "after", "best_text", "loss", "label"}
        assert len(entry["before"]) == len(entry["after"]) == sides
        assert sum(entry["before"]) == pytest.approx(1.0, abs=1e-3)
        assert sum(entry["after"]) == pytest.approx(1.0, abs=1e-3)
    return data  # type: ignore[no-any-return]


def test_review_of_a_simulate_out_folder_picks_the_game_by_index(tmp_path: Path) -> None:
    made = runner.invoke(app, ["simulate", "galactic-magnate", "--games", "2", "--seed", "3", "--out", str(tmp_path)])
    assert made.exit_code == 0, made.output
    line = json.loads((tmp_path / "games.jsonl").read_text().splitlines()[1])
    record = Record.from_json(line["record"])
    result = runner.invoke(app, ["review", str(tmp_path), "--index", "1", *QUICK, "--json"])
    assert result.exit_code == 0, result.output
    check_json(result.stdout, record, 2)


def test_review_of_arena_records_writes_the_chart(tmp_path: Path) -> None:
    made = runner.invoke(
        app,
        [
            "arena",
            "galactic-magnate",
            "--bots",
            "greedy,random-no-concede",
            "--games",
            "2",
            "--workers",
            "1",
            "--seed",
            "2",
            "--out",
            str(tmp_path / "arena"),
        ],
    )
    assert made.exit_code == 0, made.output
    records = tmp_path / "arena" / "games.jsonl"
    record = Record.from_json(json.loads(records.read_text().splitlines()[0]))
    result = runner.invoke(app, ["review", str(records), *QUICK, "--out", str(tmp_path / "rv")])
    assert result.exit_code == 0, result.output
    assert "accuracy" in result.stdout and "blunder" in result.stdout
    for name in ("review.json", "review.png", "review.svg"):
        assert (tmp_path / "rv" / name).stat().st_size > 0
    check_json((tmp_path / "rv" / "review.json").read_text(), record, 2)


def test_review_of_a_saved_game_and_of_a_web_export_for_one_seat(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    made = runner.invoke(app, ["play", "magnate", "--seats", "greedy,greedy", "--seed", "4", "--save", str(saved)])
    assert made.exit_code == 0, made.output
    record = Record.from_json(json.loads(saved.read_text()))
    result = runner.invoke(app, ["review", str(saved), "--seat", "2", *QUICK, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {e["seat"] for e in data["decisions"]} == {1}
    states = magnates.replay(record, all_states=True)
    assert [e["step"] for e in data["decisions"]] == [
        s for s in decisions_of(record) if states[s].current_player() == 1
    ]
    export = tmp_path / "export.json"  # what the server's export gives: a record with seats and chat in meta
    record.meta.update({"server_game_id": "abc", "seats": [{"kind": "person"}, {"kind": "bot"}], "chat": []})
    save(record, export)
    again = runner.invoke(app, ["review", str(export), "--seat", "2", *QUICK, "--json"])
    assert again.exit_code == 0 and json.loads(again.stdout)["decisions"] == data["decisions"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere.json"], "does not exist"),
        (["{file}", "--seat", "5"], "seat 5 is not in this 2-player game"),
        (["{file}", "--index", "3"], "holds one game"),
        (["{file}", "--seconds", "0"], "--seconds must be positive"),
        (["{bad}"], "is not valid JSON"),
        (["{file}", "--practice"], "--practice needs --seat"),
        (["{file}", "--practice", "--seat", "1", "--json"], "cannot go with --json"),
    ],
)
def test_bad_input_is_one_line_without_a_traceback(tmp_path: Path, args: list[str], message: str) -> None:
    game = magnates.load("galactic-magnate")
    state = game.new_initial_state()
    file = save(state, tmp_path / "g.json")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    result = runner.invoke(app, ["review", *(a.format(file=file, bad=bad) for a in args)])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_practice_tries_the_seats_mistakes_again_in_the_terminal(tmp_path: Path) -> None:
    """`--practice` shows each mistake or blunder of the seat at the position where it was chosen,
    with the judged moves numbered; a number is answered from the review's chances, `answer` names
    the coach's move, and the end of the input stops it with the count found."""
    saved = tmp_path / "game.json"
    made = runner.invoke(app, ["play", "magnate", "--seats", "greedy,greedy", "--seed", "4", "--save", str(saved)])
    assert made.exit_code == 0, made.output
    data = json.loads(runner.invoke(app, ["review", str(saved), "--seat", "1", *QUICK, "--json"]).stdout)
    mine = [
        d
        for d in data["decisions"]
        if d["label"] in ("mistake", "blunder") and d["best"] != d["action"] and len(d["choices"]) > 1
    ]
    assert len(mine) >= 2, "too few mistakes to practise: pick another seed"
    first, second = mine[0], mine[1]
    numbers = [c["action"] for c in first["choices"]]
    typed = f"{numbers.index(first['action']) + 1}\nseven\n{numbers.index(first['best']) + 1}\nanswer\n"
    result = runner.invoke(app, ["review", str(saved), "--seat", "1", *QUICK, "--practice"], input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Learn from your mistakes: 1 of {len(mine)}" in out
    assert f"At action {first['step'] + 1} Player 1 played {first['action_text']}" in out
    for index, choice in enumerate(first["choices"], 1):
        assert f"  {index}) {choice['text']}" in out
    assert "That is the move you played" in out
    assert "Type the number of a move" in out  # "seven" is no answer
    assert "Best move!" in out
    assert f"At action {second['step'] + 1} Player 1 played" in out
    assert f"The coach's move: {second['best_text']}" in out
    assert f"You found 1 of {len(mine)}" in out
