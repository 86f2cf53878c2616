"""Where commands write: every `--out` and `--save` is checked before any game, one error style.

A bad path (cannot be created, not writable, a file where a folder is wanted) is one `error:
cannot write to PATH: why` line with exit status 2, before a single game is played; a folder that
already holds files is refused unless --force; `play --save` is checked before the game starts,
and a save that fails at the end neither promises `--load` nor exits 0.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from magnates.cli.main import app
from magnates.cli.play import PlaySession
from magnates.games import load

runner = CliRunner()

UNWRITABLE = "/proc/magnates-nope"
"""A folder no one can create, even as root."""

BATCHES = {
    "simulate": ["simulate", "toy", "--workers", "1"],
    "arena": ["arena", "toy", "--bots", "high,random", "--workers", "1"],
    "compare": ["compare", "toy", "--variant", "turns=4", "--workers", "1"],
    "analyze": ["analyze", "magnate"],
}


def one_error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("error: ") and "Traceback" not in output and "internal error" not in output
    return lines[0]


@pytest.mark.parametrize("command", BATCHES)
def test_an_unwritable_out_is_refused_before_any_game(command: str) -> None:
    started = time.monotonic()
    games = [] if command == "analyze" else ["--games", "1000000"]
    result = runner.invoke(app, [*BATCHES[command], *games, "--out", UNWRITABLE])
    assert result.exit_code == 2, result.output
    assert one_error_line(result.output).startswith(f"error: cannot write to {UNWRITABLE}: ")
    assert time.monotonic() - started < 20, "games were played before the path was checked"


OWN_FILE = {"simulate": "summary.json", "arena": "arena.json", "compare": "compare.json", "analyze": "analysis.json"}


@pytest.mark.parametrize("command", BATCHES)
def test_a_folder_with_results_is_refused_unless_forced(command: str, tmp_path: Path) -> None:
    earlier = tmp_path / OWN_FILE[command]
    earlier.write_text("an earlier run\n")
    args = [*BATCHES[command], "--out", str(tmp_path)]
    if command != "analyze":
        args += ["--games", "2"]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2
    line = one_error_line(refused.output)
    assert f"already holds 1 file(s) ({earlier.name})" in line and "--force" in line
    assert earlier.read_text() == "an earlier run\n"
    forced = runner.invoke(app, [*args, "--force"])
    assert forced.exit_code == 0, forced.output
    assert earlier.read_text() != "an earlier run\n"


def test_a_file_where_the_out_folder_should_be_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "results"
    target.write_text("")
    result = runner.invoke(app, [*BATCHES["simulate"], "--games", "2", "--out", str(target)])
    assert result.exit_code == 2
    assert "it is a file" in one_error_line(result.output)


def test_a_new_out_folder_is_created_with_its_parents(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b"
    result = runner.invoke(app, [*BATCHES["simulate"], "--games", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "games.jsonl").exists() and (out / "summary.json").exists()


def test_play_save_is_checked_before_the_game_starts() -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--save", "/nonexistent/dir/x.json"], input="1\n")
    assert result.exit_code == 2
    line = one_error_line(result.output)
    assert line == "error: cannot write to /nonexistent/dir/x.json: the folder /nonexistent/dir does not exist"
    assert "--load" not in result.output


def test_play_save_into_a_folder_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--save", str(tmp_path)], input="quit\n")
    assert result.exit_code == 2 and "it is a folder" in one_error_line(result.output)


def test_a_save_that_fails_at_the_end_does_not_promise_load_and_exits_2(tmp_path: Path) -> None:
    game = load("toy")
    console = Console(record=True, width=100)
    gone = tmp_path / "removed" / "game.json"  # its folder vanished after the check
    lines = iter(["quit"])
    session = PlaySession(
        game, game.new_initial_state(), ["human", "random"], 1, console, lambda: next(lines, None), save_path=gone
    )
    assert session.run() == 2
    text = console.export_text()
    assert "Could not save to" in text and "--load" not in text


def test_a_save_that_works_still_says_how_to_continue(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--save", str(saved)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"Continue it with --load {saved}" in " ".join(result.output.split()) and saved.exists()


def test_arena_append_adds_a_run_of_another_seed_to_the_folder(tmp_path: Path) -> None:
    base = ["arena", "toy", "--bots", "high,random", "-n", "4", "--workers", "1", "--json", "--out", str(tmp_path)]
    first = runner.invoke(app, [*base, "--seed", "1"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, [*base, "--seed", "1", "--append"])
    assert again.exit_code == 2 and "already played seed 1" in one_error_line(again.output)
    added = runner.invoke(app, [*base, "--seed", "2", "--append"])
    assert added.exit_code == 0, added.output
    data = json.loads(added.stdout)
    assert data["seeds"] == [1, 2] and data["games"] == 8 and data["games_per_matchup"] == 8
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 8
    assert json.loads((tmp_path / "arena.json").read_text())["seeds"] == [1, 2]
    assert not (tmp_path / ".append-run").exists()
    other = runner.invoke(app, [*base[:3], "high,low", *base[4:], "--seed", "3", "--append"])
    assert other.exit_code == 2 and "--append adds games of the same game, options and bots" in other.output


def test_simulate_append_adds_games_of_another_seed_and_counts_them_all(tmp_path: Path) -> None:
    base = ["simulate", "toy", "-n", "5", "--workers", "1", "--json", "--out", str(tmp_path / "run")]
    assert runner.invoke(app, [*base, "--seed", "1"]).exit_code == 0
    alone = runner.invoke(app, [*base[:-1], str(tmp_path / "alone"), "--seed", "2"])
    again = runner.invoke(app, [*base, "--seed", "1", "--append"])
    assert again.exit_code == 2 and "already played seed 1" in one_error_line(again.output)
    added = runner.invoke(app, [*base, "--seed", "2", "--append"])
    assert added.exit_code == 0, added.output
    data, by_itself = json.loads(added.stdout), json.loads(alone.stdout)
    assert data["games"] == 10 and data["seeds"] == [1, 2] and data["seed"] == 1
    first = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert first == data
    lines = [json.loads(line) for line in (tmp_path / "run" / "games.jsonl").read_text().splitlines()]
    assert [line["index"] for line in lines] == list(range(10))
    seed_two = [line["record"]["actions"] for line in lines[5:]]
    assert seed_two == [
        json.loads(line)["record"]["actions"] for line in (tmp_path / "alone" / "games.jsonl").read_text().splitlines()
    ]
    assert sum(data["wins"]) + data["draws"] == 10 and by_itself["games"] == 5
    other = runner.invoke(app, [*base, "--seed", "3", "--append", "--bots", "high"])
    assert other.exit_code == 2 and "--append adds games of the same game, options and bots" in other.output
    both = runner.invoke(app, [*base, "--seed", "3", "--append", "--force"])
    assert both.exit_code == 2 and "not both" in one_error_line(both.output)


def test_simulate_append_replays_the_folders_games_rather_than_trusting_them(tmp_path: Path) -> None:
    base = ["simulate", "toy", "-n", "3", "--workers", "1", "--json", "--out", str(tmp_path)]
    assert runner.invoke(app, [*base, "--seed", "1"]).exit_code == 0
    records = tmp_path / "games.jsonl"
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    truth = json.loads((tmp_path / "summary.json").read_text())
    for line in lines:  # claim every game was a win for seat 1
        line["result"]["ranking"] = [1] + [2] * (len(line["result"]["ranking"]) - 1)
    records.write_text("".join(json.dumps(line) + "\n" for line in lines))
    added = runner.invoke(app, [*base, "--seed", "2", "--append"])
    assert added.exit_code == 0, added.output
    again = runner.invoke(app, [*base[:-1], str(tmp_path / "check"), "--seed", "2"])
    expected = [a + b for a, b in zip(truth["wins"], json.loads(again.stdout)["wins"], strict=True)]
    assert json.loads(added.stdout)["wins"] == expected
    records.write_text(records.read_text() + '{"record": {"game": "toy", "actions": "oops"}}\n')
    broken = runner.invoke(app, [*base, "--seed", "3", "--append"])
    assert broken.exit_code == 2 and f"{records}:7" in one_error_line(broken.output)
    empty = runner.invoke(app, ["simulate", "toy", "-n", "1", "--append", "--out", str(tmp_path / "empty")])
    assert "holds no games written by simulate --out" in one_error_line(empty.output)


def test_arena_append_needs_an_arena_to_add_to(tmp_path: Path) -> None:
    args = ["arena", "toy", "--bots", "high,random", "-n", "2", "--workers", "1", "--append"]
    assert "--append needs --out" in one_error_line(runner.invoke(app, args).output)
    empty = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert empty.exit_code == 2 and "holds no arena written with --out" in one_error_line(empty.output)


def test_simulate_append_refuses_other_bot_settings(tmp_path: Path) -> None:
    from magnates.core.errors import OptionError
    from magnates.sim.extend import EarlierBatch, check_same_batch

    game = load("magnate")
    earlier = EarlierBatch("magnate", dict(game.options), ["hard"], [1], 2, 0.0, [], {"hard": {"seconds": "1"}})
    check_same_batch(earlier, tmp_path, game, ["hard"], 2, {"hard": {"seconds": "1"}})
    with pytest.raises(OptionError, match="same --set"):
        check_same_batch(earlier, tmp_path, game, ["hard"], 2, {})
