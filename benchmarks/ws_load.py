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
which CPU figures on a shared machine must be read beside.

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
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import websockets
from websockets.typing import Subprotocol

import magnates
from magnates.bots import make_bot
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
        deadline = time.monotonic() + args.time_limit
        cpu_before = cpu_seconds(args.server_pids)
        started = time.perf_counter()
        results = await asyncio.gather(
            *(
                play_seat(
                    urls[(i if args.spread == "seats" else games_index[c.game_id]) % len(urls)],
                    c,
                    game,
                    args.bot,
                    args.seed + i,
                    deadline,
                    args.think_ms / 1000,
                )
                for i, c in enumerate(clients)
            ),
            return_exceptions=True,
        )
        elapsed = time.perf_counter() - started
        cpu_after = cpu_seconds(args.server_pids)
        rss = sum(server_rss_mb(pid) or 0.0 for pid in cpu_after) or None
        failures = [repr(r) for r in results if isinstance(r, BaseException)]
        lost = duplicated = unfinished = 0
        for g in created:
            mine = [c for c in clients if c.game_id == g["id"]]
            response = await http.get(f"{urls[0]}/api/games/{g['id']}/record")
            if response.status_code != 200:
                unfinished += 1
                continue
            game_lost, game_dup = check_record(response.json(), mine)
            lost += game_lost
            duplicated += game_dup
    latencies = [x * 1000 for c in clients for x in c.latencies]
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
        "unfinished_games": unfinished,
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
        "client_failures": failures[:5],
    }


# The limits stay on; the rates are raised because every client here comes from one address.
LOAD_LIMITS = [
    "--create-rate", "1000", "--create-burst", "2000", "--move-rate", "5000", "--move-burst", "5000",
    "--ws-per-seat", "1", "--ws-total", "5000",
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


def start_server(db: str, port: int, extra: list[str] | None = None) -> subprocess.Popen[bytes]:
    command = [
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
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument(
        "--server-option", action="append", default=[], metavar="--NAME=VALUE", help="more `magnates serve` options"
    )
    args = parser.parse_args()
    args.urls = [u.strip().rstrip("/") for value in args.url for u in value.split(",") if u.strip()]
    args.server_pids = list(args.server_pid)
    servers: list[subprocess.Popen[bytes]] = []
    folder = tempfile.mkdtemp(prefix="magnates-load-")
    if not args.urls:
        db = args.db or f"sqlite:///{os.path.join(folder, 'load.db')}"
        if args.servers > 1 and not db.startswith("postgres"):
            raise SystemExit("--servers N needs a PostgreSQL --db: SQLite is served by one process")
        for _ in range(max(1, args.servers)):  # one after the other: the first migrates a fresh database
            port = free_port()
            servers.append(start_server(db, port, LOAD_LIMITS + args.server_option))
            args.urls.append(f"http://127.0.0.1:{port}")
        args.server_pids = [server.pid for server in servers]
    try:
        try:
            import uvloop  # the load generator shares the machine with the server: spend less of it

            figures = uvloop.run(run(args))
        except ImportError:
            figures = asyncio.run(run(args))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
    if args.json:
        print(json.dumps(figures))
        return
    lat = figures["latency_ms"]
    print(
        f"{figures['games']} concurrent {figures['game']} games ({figures['connections']} WebSockets over "
        f"{len(args.urls)} server(s), {figures['bot']} bots, think {figures['think_ms']} ms): "
        f"{figures['moves']} moves in {figures['seconds']} s = {figures['moves_per_s']} moves/s"
    )
    print(f"latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
    if figures["server_cpu_ms_per_move"] is not None:
        print(
            f"server CPU {figures['server_cpu_s']} s in {figures['server_processes']} process(es) = "
            f"{figures['server_cpu_ms_per_move']} CPU-ms per move"
        )
    print(f"load average before {figures['loadavg_before']}, after {figures['loadavg_after']}")
    print(
        f"unfinished games {figures['unfinished_games']}, lost moves {figures['lost_moves']}, "
        f"duplicated moves {figures['duplicated_moves']}, refused moves {figures['refused_moves']}, "
        f"server RSS {figures['server_rss_mb']} MB"
    )
    if figures["client_failures"]:
        print("client failures:", *figures["client_failures"], sep="\n  ")
    ok = not (
        figures["lost_moves"]
        or figures["duplicated_moves"]
        or figures["unfinished_games"]
        or figures["client_failures"]
    )
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
