"""Where the server's CPU goes per move: the game's own work against the web stack's.

Starts `magnates serve` (SQLite, on core 0) with counters of the event loop thread's CPU time
(`time.thread_time_ns`) around the parts of a move that are ours: playing it on a copy of the
game (`GameService._play`), making it the game everyone sees (`publish`), building each seat's
message (`GameService.snapshot_text`) and the check of an incoming message before it is parsed
(`json_problem`). Then `benchmarks/ws_load.py` plays N games against it from core 1, and over an
interval inside its measuring window the script prints, per move: the event loop thread's whole
CPU time, each counted part, and what is left (receiving and parsing WebSocket frames, uvicorn's
sends, the event loop's task switches, the hand-off to the writer thread), and every other
thread's CPU time (the writer's commits).

    python benchmarks/server_breakdown.py                 # 200 games, think 1 s
    python benchmarks/server_breakdown.py --games 1000

The counters cost a little CPU themselves (two clock reads per counted call), which falls in
"the rest". Figures from a machine running other jobs are read beside its load average.
"""

from __future__ import annotations

import argparse
import inspect
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
PARTS = ("play", "publish", "messages", "guard")


def serve_counted(port: int, database: str, dump: str) -> None:
    """Run the server in this process with the counters; each SIGUSR1 appends them to `dump`."""
    from magnates.server import hub, service

    spent: dict[str, int] = dict.fromkeys(PARTS, 0)
    calls: dict[str, int] = dict.fromkeys(PARTS, 0)

    def counted(owner: Any, name: str, part: str) -> None:
        original = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time_ns()
            try:
                return original(*args, **kwargs)
            finally:
                spent[part] += time.thread_time_ns() - start
                calls[part] += 1

        kept: Any = staticmethod(wrapper) if isinstance(inspect.getattr_static(owner, name), staticmethod) else wrapper
        setattr(owner, name, kept)

    counted(service.GameService, "_play", "play")
    counted(service, "publish", "publish")
    counted(service.GameService, "snapshot_text", "messages")
    counted(hub, "json_problem", "guard")

    def snapshot(*_: Any) -> None:
        others = sum(
            _thread_cpu_ns(tid) for tid in _thread_ids() if tid != threading.get_native_id()
        )  # the writer thread and any helper threads
        with open(dump, "a") as out:
            fields = [time.thread_time_ns(), others, *(spent[p] for p in PARTS), calls["play"]]
            out.write(" ".join(map(str, fields)) + "\n")

    signal.signal(signal.SIGUSR1, snapshot)
    from magnates.cli.main import main

    sys.argv = [
        "magnates", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", database,
        "--create-rate", "1000", "--create-burst", "2000", "--move-rate", "5000", "--move-burst", "5000",
        "--ws-per-seat", "1", "--ws-total", "5000", "--ws-per-address", "5000", "--conns-per-address", "5000",
    ]  # fmt: skip
    main()


def _thread_ids() -> list[int]:
    return [int(name) for name in os.listdir("/proc/self/task")]


def _thread_cpu_ns(tid: int) -> int:
    try:
        with open(f"/proc/self/task/{tid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think-ms", type=float, default=1000)
    parser.add_argument("--warmup", type=float, default=30, help="seconds of play before the interval")
    parser.add_argument("--seconds", type=float, default=20, help="the interval measured")
    parser.add_argument("--serve", nargs=3, metavar=("PORT", "DB", "DUMP"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve_counted(int(args.serve[0]), args.serve[1], args.serve[2])
        return
    folder = Path(tempfile.mkdtemp(prefix="magnates-breakdown-"))
    dump = folder / "counters.txt"
    port = free_port()
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parents[1] / "src"), *sys.path])}
    server = subprocess.Popen(
        ["taskset", "-c", "0", sys.executable, str(HERE), "--serve", str(port), f"sqlite:///{folder / 'db.sqlite'}",
         str(dump)],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        _wait_for(port)
        load = subprocess.Popen(
            ["taskset", "-c", "1", sys.executable, str(HERE.parent / "ws_load.py"), "--games", str(args.games),
             "--think-ms", str(args.think_ms), "--warmup", str(args.warmup), "--duration", str(args.seconds + 10),
             "--url", f"http://127.0.0.1:{port}", "--server-pid", str(server.pid)],
            env=environment, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        time.sleep(args.warmup + 10 + args.games / 100)  # games created and every socket playing
        server.send_signal(signal.SIGUSR1)
        time.sleep(args.seconds)
        server.send_signal(signal.SIGUSR1)
        output, _ = load.communicate(timeout=600)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    rows = [list(map(int, line.split())) for line in dump.read_text().splitlines()]
    if len(rows) < 2:
        raise SystemExit("the server did not record its counters")
    first, last = rows[0], rows[-1]
    moves = last[-1] - first[-1]
    if moves <= 0:
        raise SystemExit("no move was played in the interval")
    per_move = [(b - a) / moves / 1e6 for a, b in zip(first[:-1], last[:-1], strict=True)]
    loop, others, *parts = per_move
    print(f"{args.games} games, SQLite, think {args.think_ms:g} ms: {moves} moves in {args.seconds:g} s")
    print(f"event loop thread {loop:.3f} CPU-ms per move, of which:")
    for name, value in zip(PARTS, parts, strict=True):
        print(f"  {name:9} {value:.3f}")
    print(f"  the rest  {loop - sum(parts):.3f}  (frames in and out, uvicorn, task switches, the writer hand-off)")
    print(f"other threads (the writer's commits) {others:.3f} CPU-ms per move")
    print(f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print("ws_load.py:", *output.strip().splitlines()[-4:], sep="\n  ")


def _wait_for(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("the server did not start")


if __name__ == "__main__":
    main()
