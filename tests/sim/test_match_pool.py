"""benchmarks/match_pool.sh: a stopped pool stops its games, so a second run never plays beside it.

The pool is run over a stand-in `search_bots.py` that logs each game it starts and finishes (the
script finds its match runner beside itself), so the test needs no real games.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

POOL = Path(__file__).resolve().parents[2] / "benchmarks" / "match_pool.sh"

STAND_IN = """\
import sys, time
game = int(sys.argv[sys.argv.index("--start") + 1])
log = sys.argv[sys.argv.index("--log") + 1]
with open(log, "a") as out:
    out.write(f"start {game}\\n")
time.sleep(0.6)
with open(log, "a") as out:
    out.write(f"end {game}\\n")
print(f"{game} {game % 2} 1 [1.0, 0.0] 10 1.0 0.1")
"""


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    if shutil.which("setsid") is None or shutil.which("xargs") is None:
        pytest.skip("needs setsid and xargs (util-linux, findutils)")
    here = tmp_path / "benchmarks"
    here.mkdir()
    shutil.copy(POOL, here / "match_pool.sh")
    (here / "search_bots.py").write_text(STAND_IN)
    (here / "compare_matches.py").write_text("print('WINS AND INTERVALS')\n")
    python = tmp_path / "bin"
    python.mkdir()
    (python / "python3").symlink_to(sys.executable)
    return here / "match_pool.sh"


def run(pool: Path, log: Path, first: int, last: int, **settings: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PATH": f"{pool.parents[1] / 'bin'}:{os.environ['PATH']}", **settings}
    args = [str(pool), str(pool.parents[1] / "match"), "2", str(first), str(last), "x", "y", "--log", str(log)]
    return subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def starts(log: Path) -> list[int]:
    return [int(line.split()[1]) for line in log.read_text().splitlines() if line.startswith("start")]


def test_stopping_the_pool_stops_its_games_and_a_rerun_plays_only_the_missing_ones(pool: Path, tmp_path: Path) -> None:
    log = tmp_path / "games.log"
    first = run(pool, log, 0, 40)
    deadline = time.monotonic() + 30
    while (not log.exists() or len(starts(log)) < 3) and time.monotonic() < deadline:
        time.sleep(0.05)  # a game finished and others started (slow to come on a loaded machine)
    first.send_signal(signal.SIGTERM)
    assert first.wait(timeout=10) in (143, -signal.SIGTERM)
    at_stop = starts(log)
    time.sleep(2.0)  # three more rounds, had the games gone on
    assert at_stop and starts(log) == at_stop, "the stopped pool went on starting games"

    # A game stopped while its line was being copied leaves an empty file: it has no line, so it is not finished.
    finished = {int(p.stem.split("-")[1]) for p in (tmp_path / "match").glob("game-*.txt") if p.read_text().strip()}
    second = run(pool, log, 0, 10)
    assert second.wait(timeout=30) == 0
    assert sorted(starts(log)[len(at_stop) :]) == sorted(set(range(10)) - finished), "only games with no line"
    assert [int(line.split()[0]) for line in (tmp_path / "match" / "lines.txt").read_text().splitlines()] == list(
        range(10)
    )


def test_no_game_begins_after_the_stop_time_and_the_games_under_way_finish(pool: Path, tmp_path: Path) -> None:
    log = tmp_path / "games.log"
    stop = time.time() + 3.0  # about ten of the forty games begin before it
    ran = run(pool, log, 0, 40, STOP_AT=time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(stop)))
    assert ran.wait(timeout=60) == 0
    begun = starts(log)
    assert 0 < len(begun) < 40, "some games begin before the stop, none after"
    ends = [int(line.split()[1]) for line in log.read_text().splitlines() if line.startswith("end")]
    assert sorted(ends) == sorted(begun), "a game under way at the stop time finishes"
    lines = (tmp_path / "match" / "lines.txt").read_text().splitlines()
    assert sorted(int(line.split()[0]) for line in lines) == sorted(begun)
    # a second run after the stop time plays nothing more
    again = run(pool, log, 0, 40, STOP_AT=time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(stop)))
    assert again.wait(timeout=30) == 0 and starts(log) == begun


def test_a_stop_time_date_cannot_read_is_refused_before_any_game(pool: Path, tmp_path: Path) -> None:
    log = tmp_path / "games.log"
    ran = run(pool, log, 0, 4, STOP_AT="half past never")
    _, err = ran.communicate(timeout=30)
    assert ran.returncode == 2 and b"STOP_AT=half past never" in err
    assert not log.exists()


def test_summary_no_keeps_the_lines_and_prints_no_figures(pool: Path, tmp_path: Path) -> None:
    log = tmp_path / "games.log"
    ran = run(pool, log, 0, 4, SUMMARY="no")
    out, _ = ran.communicate(timeout=60)
    assert ran.returncode == 0
    assert b"WINS AND INTERVALS" not in out and b"4 finished games" in out
    assert len((tmp_path / "match" / "lines.txt").read_text().splitlines()) == 4
    shown = run(pool, log, 0, 4)
    assert b"WINS AND INTERVALS" in shown.communicate(timeout=60)[0]  # the stand-in's summary, printed by default
