"""`magnates report` reads every record the project writes and refuses a broken one precisely.

The forms: a game saved by `play --save` (one JSON object, pretty-printed), a game exported from
the web platform (the same record with the server's meta), the games.jsonl of simulate, arena and
compare (a compare folder holds one per variant). A record that does not fit is one error line
naming its file, its line and the field.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def report(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["report", *args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result.exit_code, result.output


def saved_game(path: Path, seed: int = 1) -> Path:
    done = runner.invoke(app, ["play", "toy", "--seats", "random,high", "--seed", str(seed), "--save", str(path)])
    assert done.exit_code == 0, done.output
    return path


def test_a_game_saved_by_play_is_read(tmp_path: Path) -> None:
    code, out = report(str(saved_game(tmp_path / "game.json")), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 1 and set(data["win_rate_by_bot"]) == {"random", "high"}


def test_a_web_export_is_read(tmp_path: Path) -> None:
    record = json.loads(saved_game(tmp_path / "game.json").read_text())
    record["meta"] = {"server_game_id": "ab12", "seats": [{"kind": "person"}, {"kind": "bot"}], "chat": []}
    exported = tmp_path / "web" / "export.json"
    exported.parent.mkdir()
    exported.write_text(json.dumps(record))  # the server sends it on one line
    code, out = report(str(exported.parent), "--json")
    assert code == 0, out
    assert json.loads(out)["games"] == 1


def test_a_folder_of_saves_and_batch_outputs_is_read_as_one(tmp_path: Path) -> None:
    saved_game(tmp_path / "a.json", 1)
    saved_game(tmp_path / "b.json", 2)
    runner.invoke(app, ["simulate", "toy", "-n", "4", "--workers", "1", "--out", str(tmp_path / "sim")])
    runner.invoke(
        app, ["arena", "toy", "--bots", "high,random", "-n", "4", "--workers", "1", "--out", str(tmp_path / "ar")]
    )
    code, out = report(str(tmp_path), "--json", "--out", str(tmp_path / "report"))
    assert code == 0, out
    assert json.loads(out)["games"] == 2 + 4 + 4  # summary.json, arena.json, report.json are not records
    assert (tmp_path / "report" / "report.md").exists()


def test_a_compare_folder_is_read_with_its_variants(tmp_path: Path) -> None:
    args = ["compare", "toy", "--variant", "turns=4", "--variant", "turns=6", "-n", "3", "--workers", "1"]
    assert runner.invoke(app, [*args, "--out", str(tmp_path / "cmp")]).exit_code == 0
    code, out = report(str(tmp_path / "cmp"), "--json", "--out", str(tmp_path / "r"))
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 6 and len(data["option_sets"]) == 2


def test_an_unfinished_saved_game_is_named(tmp_path: Path) -> None:
    saved = tmp_path / "left.json"
    runner.invoke(app, ["play", "toy", "--seed", "1", "--save", str(saved)], input="quit\n")
    code, out = report(str(saved))
    assert code == 2 and f"{saved}: the recorded game did not finish" in " ".join(out.split())


@pytest.fixture
def simulate_lines(tmp_path: Path) -> list[dict]:
    runner.invoke(app, ["simulate", "toy", "-n", "3", "--workers", "1", "--out", str(tmp_path / "sim")])
    return [json.loads(line) for line in (tmp_path / "sim" / "games.jsonl").read_text().splitlines()]


BROKEN = [
    (lambda line: line["record"].__setitem__("actions", "oops"), "field actions: must be a list of action ids"),
    (lambda line: line["record"]["options"].__setitem__("turns", "five"), "field options:"),
    (lambda line: line["record"].__setitem__("game", "chess"), "field game:"),
    (lambda line: line["result"].__setitem__("ranking", "x"), "field result.ranking: must be a list of places"),
    (lambda line: line["result"].__setitem__("ranking", [0, 2]), "field result.ranking"),
    (lambda line: line.__setitem__("result", "won"), "field result: must be an object"),
    (lambda line: line.__setitem__("turns", "many"), "field turns: must be a whole number"),
    (lambda line: line.__setitem__("bots", ["a", "b", "c"]), "field bots: names 3 seats"),
]


@pytest.mark.parametrize(("spoil", "message"), BROKEN, ids=[m for _, m in BROKEN])
def test_a_broken_record_is_refused_naming_file_line_and_field(
    spoil: object, message: str, simulate_lines: list[dict], tmp_path: Path
) -> None:
    lines = [dict(line) for line in simulate_lines]
    spoil(lines[1])  # type: ignore[operator]
    path = tmp_path / "broken.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code, out = report(str(path), "--out", str(tmp_path / "r"))
    assert code == 2
    text = " ".join(out.split())
    assert text.startswith(f"error: {path}:2: ") and message in text, text
    assert not (tmp_path / "r" / "report.md").exists(), "nothing is written from a broken record"
