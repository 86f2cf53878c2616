"""Load benchmark of the web platform: N concurrent bot-versus-bot games over WebSockets on loopback.

Starts `magnates serve` in a subprocess on a fresh database (or uses --url),
creates N games whose seats are all people, and connects one WebSocket client
per seat. Each client plays its seat with a bot that sees only the messages
its seat receives. Latency is the time from sending a move to receiving the
seat's next state (the move applied, the chance events and the reply pushed).
At the end every game's record is fetched and checked against what the
clients sent: every move in the record was sent exactly once, and every move
sent is in the record at the step it was sent for (no lost, no duplicated move).

The server runs with its limits on (body size, rates, WebSocket caps), with the rates
raised to fit one load generator on one address (`--server-option` to change them), and
each seat's secret travels as a WebSocket subprotocol, as the browser sends it.

It prints the server's CPU time per move (user + system of the server process and its worker
processes, from /proc, over the playing time only; not wall time) and the machine's load average,
which CPU figures on a shared machine must be read beside. The server it starts runs on core 0
(`taskset -c 0`) and this load generator on core 1 (`--server-cpus`, `--client-cpus`), so that
the generator's own work is neither counted nor queued with the server's.

`--duration S` measures a window of S seconds after `--warmup` seconds (every socket connected,
games under way) instead of whole games: latency and CPU of the moves sent in the window; games
still being played at its end are not checked. `--matrix` runs the issue-45 set: 200 and 1,000
games, think 1 s, on SQLite and on PostgreSQL (a throwaway cluster unless --db names one).

    python benchmarks/ws_load.py --matrix --think-ms 1000 --duration 60 --warmup 20

    python benchmarks/ws_load.py --games 200            # the target: p99 under 100 ms
    python benchmarks/ws_load.py --games 20 --bot greedy --game magnate --option players=3
    python benchmarks/ws_load.py --games 200 --url http://127.0.0.1:8001 --url http://127.0.0.1:8002 \
        --server-pid 1234 --server-pid 1235          # clients spread over servers already running
    python benchmarks/ws_load.py --games 1000 --think-ms 1000 --db postgresql://... --servers 2
                                                     # two server processes started on one PostgreSQL

With several servers, `--spread games` (the default) puts all of a game's seats on one server, as a
reverse proxy sticky by game id does; `--spread seats` puts a game's seats on different servers,
so that every move reaches the process that does not hold the game's lease (the worst case).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from websockets.typing import Subprotocol

import magnates
from magnates.bots import make_bot
from magnates.cli.serve import tune_collector
from magnates.core.game import Game
from magnates.core.options import parse_option_pairs

try:
    import httpx2 as httpx  # the HTTP client the web extra's tests install
except ImportError:
    import httpx  # type: ignore[no-redef]

# A state message starts {"type":"state",...,"step":N,"status":"...","decider":D,...} (compact JSON, in this order).
HEAD = re.compile(r'^\{"type":"state".*?"step":(?P<step>\d+),"status":"(?P<status>\w+)","decider":(?P<decider>-?\d+)')


@dataclass
class SeatClient:
    game_id: str
    seat: int
    token: str
    sent: dict[int, int] = field(default_factory=dict)  # step -> action id
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # when each move of `latencies` was sent (perf_counter)
    errors: list[str] = field(default_factory=list)
    finished: bool = False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def play_seat(
    url: str, client: SeatClient, game: Game, bot_name: str, seed: int, deadline: float, think: float
) -> None:
    bot = make_bot(bot_name, game)
    rng = random.Random(seed)
    ws_url = url.replace("http://", "ws://") + f"/ws/games/{client.game_id}"
    subprotocols = [Subprotocol("magnates"), Subprotocol(f"token.{client.token}")]
    async with websockets.connect(
        ws_url,
        max_size=None,
        open_timeout=60,
        subprotocols=subprotocols,
    ) as ws:
        pending: tuple[int, float] | None = None
        while time.monotonic() < deadline:
            raw = str(await asyncio.wait_for(ws.recv(), timeout=max(1.0, deadline - time.monotonic())))
            received = time.perf_counter()
            head = HEAD.search(raw)  # the top-level fields come first; most messages need nothing more
            if head is None:
                message = json.loads(raw)
                if message.get("type") == "error":
                    client.errors.append(message["message"])
                    if pending is not None:
                        client.sent.pop(pending[0], None)  # refused: not a move of the game, may be chosen again
                    pending = None
                continue
            step, status, decider = int(head["step"]), head["status"], int(head["decider"])
            if pending is not None and step > pending[0]:
                client.latencies.append(received - pending[1])
                client.sent_at.append(pending[1])
                pending = None
            if status == "finished":
                client.finished = True
                return
            if decider == client.seat and pending is None and step not in client.sent:
                message = json.loads(raw)
                legal = [a["id"] for a in message["legal"]]
                action = bot.choose(game, message["view"], legal, rng)
                if think > 0:  # a person's pause before clicking: between 0.5 and 1.5 times --think-ms
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                client.sent[step] = action
                pending = (step, time.perf_counter())
                await ws.send(json.dumps({"type": "action", "action": action, "step": step}))


def check_record(record: dict[str, Any], clients: list[SeatClient]) -> tuple[int, int]:
    """(lost, duplicated) for one game.

    lost: moves a client sent (and the server did not refuse) that are not in the
    record at the step they were sent for; duplicated: seat moves in the record
    that no client sent for that step (a move applied twice would show here).
    """
    state = magnates.load(record["game"], **record["options"]).new_initial_state()
    recorded: set[tuple[int, int, int]] = set()
    for step, action in enumerate(record["actions"]):
        seat = state.current_player()
        if seat >= 0:
            recorded.add((step, seat, action))
        state.apply_action(action)
    sent = {(step, c.seat, action) for c in clients for step, action in c.sent.items()}
    return len(sent - recorded), len(recorded - sent)


async def heartbeat(lags: list[float], every: float = 0.005) -> None:
    """How late the load generator's own event loop runs a timer set every `every` seconds (ms):
    a busy generator reads the server's answers late, and that lateness is counted as latency."""
    while True:
        due = time.perf_counter() + every
        await asyncio.sleep(every)
        lags.append((time.perf_counter() - due) * 1000)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    options = parse_option_pairs(args.option)
    game = magnates.load(args.game, **options)
    urls = args.urls
    async with httpx.AsyncClient(timeout=120) as http:
        created: list[dict[str, Any]] = []
        while len(created) < args.games:
            base = urls[len(created) % len(urls)]
            response = await http.post(f"{base}/api/games", json={"game": args.game, "options": options})
            if response.status_code == 429:  # the creation limit: wait as told
                await asyncio.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            response.raise_for_status()
            created.append(response.json())
        clients = [
            SeatClient(g["id"], s["seat"], s["token"]) for g in created for s in g["seats"] if s["token"] is not None
        ]
        games_index = {g["id"]: index for index, g in enumerate(created)}  # game k's seats on server k (--spread games)
        loadavg_before = loadavg()
        timed = args.duration > 0  # a window of --duration seconds after --warmup, not whole games
        limit = args.warmup + args.duration + 30 if timed else args.time_limit
        deadline = time.monotonic() + limit
        cpu_before = cpu_seconds(args.server_pids)
        started = time.perf_counter()
        stopping = asyncio.Event()

        async def seat_until_stopped(*play_args: Any) -> None:
            """One seat's play; an error while the window's end closes every socket is not a failure."""
            try:
                await play_seat(*play_args)
            except Exception:
                if not stopping.is_set():
                    raise

        # The generator's own collector kept quiet as the server's is (`tune_collector`): with Python's
        # defaults its passes over the 2,000 connections' objects held its loop up to 170-350 ms at
        # 1,000 games, and every answer that came in meanwhile was read late and counted as latency.
        tune_collector()
        tasks = [
            asyncio.create_task(
                seat_until_stopped(
                    urls[(i if args.spread == "seats" else games_index[c.game_id]) % len(urls)],
                    c,
                    game,
                    args.bot,
                    args.seed + i,
                    deadline,
                    args.think_ms / 1000,
                )
            )
            for i, c in enumerate(clients)
        ]
        window = (started, float("inf"))
        lags: list[float] = []
        own_cpu = (0.0, 0.0)
        if timed:
            await asyncio.sleep(args.warmup)  # connecting every socket and the first states: not measured
            cpu_before = cpu_seconds(args.server_pids)
            window_start = time.perf_counter()
            own_before = time.process_time()
            beating = asyncio.create_task(heartbeat(lags))
            await asyncio.sleep(args.duration)
            beating.cancel()
            own_cpu = (time.process_time() - own_before, time.perf_counter() - window_start)
            cpu_after = cpu_seconds(args.server_pids)
            window = (window_start, time.perf_counter())
            stopping.set()
            for task in tasks:
                task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        if not timed:
            cpu_after = cpu_seconds(args.server_pids)
            window = (started, time.perf_counter())
        elapsed = window[1] - window[0]
        rss = sum(server_rss_mb(pid) or 0.0 for pid in cpu_after) or None
        failures = [
            repr(r) for r in results if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError)
        ]
        lost = duplicated = unfinished = 0
        for g in created:
            mine = [c for c in clients if c.game_id == g["id"]]
            if timed and not all(c.finished for c in mine):
                unfinished += 1  # still being played when the window closed: expected, not checked
                continue
            response = await http.get(f"{urls[0]}/api/games/{g['id']}/record")
            if response.status_code != 200:
                unfinished += 1
                continue
            game_lost, game_dup = check_record(response.json(), mine)
            lost += game_lost
            duplicated += game_dup
    latencies = [
        x * 1000 for c in clients for x, at in zip(c.latencies, c.sent_at, strict=True) if window[0] <= at <= window[1]
    ]
    moves = len(latencies)
    # Processes alive at both ends (a worker that started or died between is left out).
    server_cpu = sum(cpu_after[pid] - cpu_before[pid] for pid in cpu_after if pid in cpu_before)
    return {
        "games": args.games,
        "game": args.game,
        "options": options,
        "bot": args.bot,
        "think_ms": args.think_ms,
        "connections": len(clients),
        "moves": moves,
        "seconds": round(elapsed, 2),
        "moves_per_s": round(moves / elapsed, 1) if elapsed else None,
        "latency_ms": {
            "p50": round(percentile(latencies, 50), 2),
            "p90": round(percentile(latencies, 90), 2),
            "p99": round(percentile(latencies, 99), 2),
            "max": round(max(latencies), 2) if latencies else None,
            "mean": round(statistics.fmean(latencies), 2) if latencies else None,
        },
        "generator_lag_ms": {
            "p50": round(percentile(lags, 50), 2),
            "p99": round(percentile(lags, 99), 2),
            "max": round(max(lags), 2) if lags else None,
        },
        "generator_busy": round(own_cpu[0] / own_cpu[1], 2) if own_cpu[1] else None,
        "unfinished_games": unfinished,
        "timed": timed,
        "db": "postgresql" if args.db.startswith("postgres") else "sqlite",
        "server_cpus": args.server_cpus,
        "client_cpus": args.client_cpus,
        "lost_moves": lost,
        "duplicated_moves": duplicated,
        "refused_moves": sum(len(c.errors) for c in clients),
        "server_rss_mb": round(rss, 1) if rss else None,
        "server_cpu_s": round(server_cpu, 2) if args.server_pids else None,
        "server_cpu_ms_per_move": round(server_cpu * 1000 / moves, 3) if args.server_pids and moves else None,
        "server_processes": len(cpu_after),
        "servers": len(urls),
        "spread": args.spread,
        "loadavg_before": loadavg_before,
        "loadavg_after": loadavg(),
        "autogroup_warning": autogroup_warning(),
        "client_failures": failures[:5],
    }


# The limits stay on; the rates are raised because every client here comes from one address.
LOAD_LIMITS = [
    "--create-rate", "1000", "--create-burst", "2000", "--move-rate", "5000", "--move-burst", "5000",
    "--ws-per-seat", "1", "--ws-total", "5000", "--ws-per-address", "5000", "--conns-per-address", "5000",
]  # fmt: skip


def process_tree(pid: int) -> list[int]:
    """`pid` and every process below it (uvicorn's worker processes under `magnates serve --workers N`)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """CPU time (user + system, seconds) each live process of `pids` and its descendants has used (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[int, float] = {}
    for root in pids:
        for pid in process_tree(root):
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime (fields 14 and 15 of stat)
    return used


def loadavg() -> str:
    """The machine's load averages (1, 5, 15 minutes): figures from a shared machine are read beside them."""
    try:
        with open("/proc/loadavg") as text:
            return " ".join(text.read().split()[:3])
    except OSError:
        return "unknown"


AUTOGROUP = "/proc/sys/kernel/sched_autogroup_enabled"


def autogroup_warning() -> str | None:
    """Why the latencies may be other jobs' and not the server's, when Linux's autogroup is on.

    With autogroup each terminal session is scheduled as one group with an equal share of a core,
    whatever its processes' nice values: a study started with `nice -n 19` in another terminal
    takes as much of core 0 as the server does. Measured on the development machine with other
    jobs running: 1,000 games, p99 2.2-2.9 s with autogroup on, 0.14-0.23 s with it off.
    """
    try:
        with open(AUTOGROUP) as flag:
            if flag.read().strip() != "1":
                return None
    except OSError:
        return None
    return (
        "warning: the kernel's autogroup scheduling is on, so jobs started from other terminals share the "
        "server's core equally whatever their nice value; for figures about the server, stop them or "
        f"turn it off (echo 0 | sudo tee {AUTOGROUP})"
    )


def server_rss_mb(pid: int | None) -> float | None:
    """The server's resident memory (Linux /proc), or None when it was not started here."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def start_server(db: str, port: int, extra: list[str] | None = None, cpus: str = "") -> subprocess.Popen[bytes]:
    """`magnates serve` on `port`; with `cpus`, held to those cores (`taskset -c`), apart from the load generator."""
    pinned = ["taskset", "-c", cpus] if cpus and shutil.which("taskset") else []
    command = [
        *pinned,
        sys.executable,
        "-m",
        "magnates.cli.main",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        *(extra or []),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
        if process.poll() is not None:
            raise SystemExit(f"the server exited: {process.stderr.read().decode() if process.stderr else ''}")
    process.terminate()
    raise SystemExit("the server did not start within 60 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--game", default="magnate")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--bot", default="random", help="the bot each client plays with (random, greedy, ...)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="mean pause before each move (0: bots answer at once, a stress test)",
    )
    parser.add_argument(
        "--url",
        action="append",
        default=[],
        help="an already running server; repeat it (or separate with commas) to spread clients over several",
    )
    parser.add_argument(
        "--server-pid",
        action="append",
        type=int,
        default=[],
        help="with --url: a server process whose CPU time to count (with its worker processes); repeatable",
    )
    parser.add_argument("--db", default="", help="database URL for the started server (default: a fresh SQLite file)")
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes to start on --db (more than one: PostgreSQL only)"
    )
    parser.add_argument(
        "--spread",
        choices=["games", "seats"],
        default="games",
        help="with several servers: each game on one server (sticky routing), or its seats on different ones",
    )
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds before unfinished games are given up")
    parser.add_argument(
        "--duration",
        type=float,
        default=0.0,
        help="measure a window of this many seconds (after --warmup) instead of playing every game to its end",
    )
    parser.add_argument("--warmup", type=float, default=10.0, help="with --duration: seconds before the window opens")
    parser.add_argument(
        "--server-cpus",
        default="auto",
        help="cores for the started server(s), as `taskset -c` reads them ('auto': 0 when there are two or more; "
        "'': not pinned)",
    )
    parser.add_argument(
        "--client-cpus", default="auto", help="cores for this load generator ('auto': 1 when there are two or more)"
    )
    parser.add_argument(
        "--matrix",
        action="store_true",
        help="200 and 1,000 games on SQLite and on PostgreSQL (--db postgresql://... or a throwaway cluster), "
        "one fresh server and database each, and a table of the figures",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument(
        "--server-option", action="append", default=[], metavar="--NAME=VALUE", help="more `magnates serve` options"
    )
    args = parser.parse_args()
    args.urls = [u.strip().rstrip("/") for value in args.url for u in value.split(",") if u.strip()]
    args.server_pids = list(args.server_pid)
    many = (os.cpu_count() or 1) >= 2
    args.server_cpus = ("0" if many else "") if args.server_cpus == "auto" else args.server_cpus
    args.client_cpus = ("1" if many else "") if args.client_cpus == "auto" else args.client_cpus
    if args.client_cpus:  # the load generator on its own core: the server's CPU and latency are its own
        os.sched_setaffinity(0, cpu_list(args.client_cpus))
    if not args.matrix:
        figures = measure(args)
        if args.json:
            print(json.dumps(figures))
            return
        report(figures, args)
        raise SystemExit(0 if passed(figures) else 1)
    rows = []
    with contextlib.ExitStack() as stack:
        postgres = args.db if args.db.startswith("postgres") else stack.enter_context(throwaway_postgres())
        for db in ("sqlite", postgres):
            for games in (200, 1000):
                run_args = argparse.Namespace(**vars(args))
                run_args.games, run_args.urls, run_args.server_pids = games, [], []
                run_args.db = "" if db == "sqlite" else fresh_database(db, f"load_{games}_{len(rows)}")
                figures = measure(run_args)
                report(figures, run_args)
                rows.append(figures)
    print()
    print(
        "| database | games | moves | moves/s | p50 ms | p99 ms | server CPU-ms per move | "
        "lost / duplicated | load average before → after |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for f in rows:
        lat = f["latency_ms"]
        print(
            f"| {f['db']} | {f['games']} | {f['moves']} | {f['moves_per_s']} | {lat['p50']} | {lat['p99']} | "
            f"{f['server_cpu_ms_per_move']} | {f['lost_moves']} / {f['duplicated_moves']} | "
            f"{f['loadavg_before']} → {f['loadavg_after']} |"
        )
    raise SystemExit(0 if all(passed(f) for f in rows) else 1)


def cpu_list(text: str) -> set[int]:
    """`taskset -c` syntax ("0", "0,2", "1-3") as a set of core numbers."""
    cores: set[int] = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        cores.update(range(int(low), int(high or low) + 1))
    return cores


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Start the server(s) unless --url names some, run the load, stop them: the figures."""
    servers: list[subprocess.Popen[bytes]] = []
    folder = tempfile.mkdtemp(prefix="magnates-load-")
    if not args.urls:
        db = args.db or f"sqlite:///{os.path.join(folder, 'load.db')}"
        if args.servers > 1 and not db.startswith("postgres"):
            raise SystemExit("--servers N needs a PostgreSQL --db: SQLite is served by one process")
        for _ in range(max(1, args.servers)):  # one after the other: the first migrates a fresh database
            port = free_port()
            servers.append(start_server(db, port, LOAD_LIMITS + args.server_option, args.server_cpus))
            args.urls.append(f"http://127.0.0.1:{port}")
        args.server_pids = [server.pid for server in servers]
    try:
        try:
            import uvloop  # the load generator shares the machine with the server: spend less of it

            return dict(uvloop.run(run(args)))
        except ImportError:
            return asyncio.run(run(args))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


def passed(figures: dict[str, Any]) -> bool:
    """Nothing lost, duplicated or failed (and, when whole games were played, every game finished)."""
    unfinished = figures["unfinished_games"] and not figures["timed"]
    return not (figures["lost_moves"] or figures["duplicated_moves"] or unfinished or figures["client_failures"])


def report(figures: dict[str, Any], args: argparse.Namespace) -> None:
    lat = figures["latency_ms"]
    window = "in a window of" if figures["timed"] else "in"
    print(
        f"{figures['games']} concurrent {figures['game']} games on {figures['db']} ({figures['connections']} "
        f"WebSockets over {len(args.urls)} server(s), {figures['bot']} bots, think {figures['think_ms']} ms; "
        f"server on cores {figures['server_cpus'] or 'any'}, load generator on {figures['client_cpus'] or 'any'}): "
        f"{figures['moves']} moves {window} {figures['seconds']} s = {figures['moves_per_s']} moves/s"
    )
    print(f"latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
    if figures["server_cpu_ms_per_move"] is not None:
        print(
            f"server CPU {figures['server_cpu_s']} s in {figures['server_processes']} process(es) = "
            f"{figures['server_cpu_ms_per_move']} CPU-ms per move"
        )
    gen = figures["generator_lag_ms"]
    if figures["generator_busy"] is not None:
        print(
            f"load generator: {figures['generator_busy']:.0%} of its core busy, its own loop late by p50 {gen['p50']}"
            f"  p99 {gen['p99']}  max {gen['max']} ms (counted in the latency above)"
        )
    print(f"load average before {figures['loadavg_before']}, after {figures['loadavg_after']}")
    if figures.get("autogroup_warning"):
        print(figures["autogroup_warning"])
    print(
        f"unfinished games {figures['unfinished_games']}, lost moves {figures['lost_moves']}, "
        f"duplicated moves {figures['duplicated_moves']}, refused moves {figures['refused_moves']}, "
        f"server RSS {figures['server_rss_mb']} MB"
    )
    if figures["client_failures"]:
        print("client failures:", *figures["client_failures"], sep="\n  ")


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL cluster in a temporary folder for the matrix (run as `postgres` when we are root)."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    if not bins:
        raise SystemExit("--matrix needs PostgreSQL: give --db postgresql://... or install the server binaries")
    folder = Path(tempfile.mkdtemp(prefix="magnates-load-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = folder / "data"
    subprocess.run([*prefix, str(bins[0] / "initdb"), "-D", str(data), "-A", "trust", "-U", "magnates"], check=True,
                   capture_output=True)  # fmt: skip
    options = f"-k {folder} -p {port} -c listen_addresses=127.0.0.1 -c max_connections=200"
    subprocess.run([*prefix, str(bins[0] / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
                    "-w", "start"], check=True, capture_output=True)  # fmt: skip
    try:
        yield f"postgresql://magnates@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(bins[0] / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """A new, empty database named `name` on the server of `url`; its URL."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return url.rsplit("/", 1)[0] + "/" + name


if __name__ == "__main__":
    main()
