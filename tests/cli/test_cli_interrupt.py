"""Ctrl-C stops a batch at once, keeps the games that finished and says so in one line.

A real `magnates` process is started on a batch far too long to finish, and SIGINT is sent once
games have finished: to the process alone (`kill -INT`), or to its whole process group, as a
terminal's Ctrl-C does. It must exit 130 within seconds, with its worker processes ended, the
finished games written under --out, and one `interrupted:` line saying how many.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TOY_DIR = Path(__file__).resolve().parent.parent / "sim"
LAUNCH = (
    "import sys; sys.path.insert(0, {dir!r});"
    "from magnates.games import REGISTRY; REGISTRY['toy'] = 'dice_cards_toy:ToyGame';"
    "from magnates.cli.main import main; sys.argv = ['magnates'] + sys.argv[1:]; main()"
)
STOPPED_WITHIN = 10.0
"""Seconds from SIGINT to exit allowed here (it takes well under one on an idle machine; the
margin is for a busy test machine, not for the command)."""


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (its pool workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def as_at_a_terminal() -> None:
    """In the child before it starts: SIGINT at its default, as a terminal's shell leaves it (a shell
    running these tests in the background ignores it, and an ignored SIGINT stays ignored across exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def launched(command: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """`command` in a process group of its own (so SIGINT can reach it whole), its output piped."""
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
        preexec_fn=as_at_a_terminal,
    )


@contextlib.contextmanager
def ended(process: subprocess.Popen[str]) -> Iterator[subprocess.Popen[str]]:
    """The command's whole process group is killed if the test fails before the command has ended
    (a long batch left running would hold the machine's cores long after the test run)."""
    try:
        yield process
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        raise


def interrupt(args: list[str], whole_group: bool) -> tuple[subprocess.Popen[str], str, float, list[int]]:
    """Start `magnates ARGS`, wait for finished games, send SIGINT; (process, stderr, seconds to exit, workers)."""
    env = {**os.environ, "MAGNATES_PROGRESS_SECONDS": "0.2", "NO_COLOR": "1"}
    env.pop("MAGNATES_DEBUG", None)
    process = launched([sys.executable, "-c", LAUNCH.format(dir=str(TOY_DIR)), *args], env)
    with ended(process):
        assert process.stderr is not None
        seen = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            assert line, f"the command ended before any game finished: {''.join(seen)}"
            seen.append(line)
            done = re.search(r": (\d+)/\d+ games", line)
            if done and int(done.group(1)) > 0:
                break
        workers = children(process.pid)
        if whole_group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, rest = process.communicate(timeout=60)
        return process, "".join(seen) + rest, time.monotonic() - sent, workers


@pytest.mark.parametrize("whole_group", [False, True], ids=["kill -INT", "Ctrl-C at a terminal"])
def test_simulate_stops_at_once_and_keeps_what_finished(tmp_path: Path, whole_group: bool) -> None:
    out = tmp_path / "run"
    args = ["simulate", "toy", "--games", "500000", "--workers", "2", "--seed", "1", "--out", str(out)]
    process, stderr, seconds, workers = interrupt(args, whole_group)
    print(f"stopped {seconds:.2f} s after SIGINT")
    assert process.returncode == 130, stderr
    assert seconds < STOPPED_WITHIN
    assert "Traceback" not in stderr, stderr
    last = stderr.strip().splitlines()[-1]
    said = re.fullmatch(r"interrupted: (\d+) of 500000 games finished; their records and summary written to (.+)", last)
    assert said, last
    finished = int(said.group(1))
    assert 0 < finished < 500000
    lines = (out / "games.jsonl").read_text().splitlines()
    assert len(lines) == finished
    assert len({json.loads(line)["index"] for line in lines}) == finished
    assert json.loads((out / "summary.json").read_text())["games"] == finished
    assert workers, "the batch ran on worker processes"
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)], "a worker outlived the command"


def test_arena_on_one_worker_stops_and_keeps_what_finished(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    args = ["arena", "toy", "--bots", "high,random", "--games", "400000", "--workers", "1", "--out", str(out)]
    process, stderr, seconds, _ = interrupt(args, whole_group=True)
    assert process.returncode == 130, stderr
    assert seconds < STOPPED_WITHIN and "Traceback" not in stderr
    last = stderr.strip().splitlines()[-1]
    said = re.fullmatch(
        r"interrupted: (\d+) of 400000 games finished; their records and arena.json written to .+", last
    )
    assert said, last
    finished = int(said.group(1))
    assert len((out / "games.jsonl").read_text().splitlines()) == finished
    assert json.loads((out / "arena.json").read_text())["games"] == finished


def test_without_out_nothing_is_written_and_that_is_said(tmp_path: Path) -> None:
    args = ["simulate", "toy", "--games", "500000", "--workers", "1"]
    process, stderr, _, _ = interrupt(args, whole_group=False)
    assert process.returncode == 130
    assert stderr.strip().splitlines()[-1].endswith("games finished; nothing written (no --out)")


def test_ctrl_c_anywhere_else_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside a batch (loading a game, an exact analysis, a bench), Ctrl-C ends the command the same way."""
    from magnates.cli import main as entry

    def stopped(**_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(entry, "leave_interrupted", lambda: sys.exit(130))  # the real one ends pytest too
    monkeypatch.setattr(entry, "app", stopped)
    with pytest.raises(SystemExit) as leaving:
        entry.main()
    assert leaving.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_typers_silent_exit_130_gets_its_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Typer turns Ctrl-C inside a command into a bare exit status 130; the user still reads one line."""
    from magnates.cli import main as entry

    monkeypatch.setattr(entry, "leave_interrupted", lambda: sys.exit(130))  # the real one ends pytest too
    monkeypatch.setattr(entry, "app", lambda **_: 130)
    with pytest.raises(SystemExit) as leaving:
        entry.main()
    assert leaving.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_train_stops_and_keeps_its_last_checkpoint(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    out = tmp_path / "run"
    env = {**os.environ, "MAGNATES_PROGRESS_SECONDS": "0.5", "NO_COLOR": "1"}
    args = ["train", "magnate", "--games", "1000000", "--workers", "2", "--chunk", "100", "--checkpoint-every", "100"]
    args += ["--holdout-games", "0", "--eval-games", "0", "--seed", "1", "--out", str(out)]
    process = launched([sys.executable, "-m", "magnates.cli.main", *args], env)
    with ended(process):
        assert process.stderr is not None
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            assert line, "training ended before its first checkpoint"
            done = re.search(r": (\d+)/1000000 games", line)
            if done and int(done.group(1)) >= 100 and (out / "checkpoint.pt").exists():
                break
        workers = children(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        _, rest = process.communicate(timeout=60)
    print(f"stopped {time.monotonic() - sent:.2f} s after SIGINT")
    assert process.returncode == 130, rest
    assert time.monotonic() - sent < STOPPED_WITHIN
    last = rest.strip().splitlines()[-1]
    assert re.fullmatch(r"interrupted: stopped after \d+ self-play games; the last checkpoint .*--resume\)", last), last
    assert "Traceback" not in rest and (out / "weights.npz").exists()
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)], "a self-play worker outlived the command"
