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

    python benchmarks/ws_load.py --games 200            # the target: p99 under 100 ms
    python benchmarks/ws_load.py --games 20 --bot greedy --game magnate --option players=3
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

import httpx
import websockets
from websockets.typing import Subprotocol

import magnates
from magnates.bots import make_bot
from magnates.core.game import Game
from magnates.core.options import parse_option_pairs

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
    async with httpx.AsyncClient(base_url=args.url, timeout=120) as http:
        created: list[dict[str, Any]] = []
        while len(created) < args.games:
            response = await http.post("/api/games", json={"game": args.game, "options": options})
            if response.status_code == 429:  # the creation limit: wait as told
                await asyncio.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            response.raise_for_status()
            created.append(response.json())
        clients = [
            SeatClient(g["id"], s["seat"], s["token"]) for g in created for s in g["seats"] if s["token"] is not None
        ]
        deadline = time.monotonic() + args.time_limit
        started = time.perf_counter()
        results = await asyncio.gather(
            *(
                play_seat(args.url, c, game, args.bot, args.seed + i, deadline, args.think_ms / 1000)
                for i, c in enumerate(clients)
            ),
            return_exceptions=True,
        )
        elapsed = time.perf_counter() - started
        rss = server_rss_mb(args.server_pid)
        failures = [repr(r) for r in results if isinstance(r, BaseException)]
        lost = duplicated = unfinished = 0
        for g in created:
            mine = [c for c in clients if c.game_id == g["id"]]
            response = await http.get(f"/api/games/{g['id']}/record")
            if response.status_code != 200:
                unfinished += 1
                continue
            game_lost, game_dup = check_record(response.json(), mine)
            lost += game_lost
            duplicated += game_dup
    latencies = [x * 1000 for c in clients for x in c.latencies]
    moves = len(latencies)
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
        "server_rss_mb": rss,
        "client_failures": failures[:5],
    }


# The limits stay on; the rates are raised because every client here comes from one address.
LOAD_LIMITS = [
    "--create-rate", "1000", "--create-burst", "2000", "--move-rate", "5000", "--move-burst", "5000",
    "--ws-per-seat", "1", "--ws-total", "5000",
]  # fmt: skip


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
    parser.add_argument("--url", default="", help="an already running server (default: start one)")
    parser.add_argument("--db", default="", help="database URL for the started server (default: a fresh SQLite file)")
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds before unfinished games are given up")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument(
        "--server-option", action="append", default=[], metavar="--NAME=VALUE", help="more `magnates serve` options"
    )
    args = parser.parse_args()
    args.server_pid = None
    server = None
    folder = tempfile.mkdtemp(prefix="magnates-load-")
    if not args.url:
        port = free_port()
        server = start_server(
            args.db or f"sqlite:///{os.path.join(folder, 'load.db')}", port, LOAD_LIMITS + args.server_option
        )
        args.server_pid = server.pid
        args.url = f"http://127.0.0.1:{port}"
    try:
        try:
            import uvloop  # the load generator shares the machine with the server: spend less of it

            figures = uvloop.run(run(args))
        except ImportError:
            figures = asyncio.run(run(args))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
    if args.json:
        print(json.dumps(figures))
        return
    lat = figures["latency_ms"]
    print(
        f"{figures['games']} concurrent {figures['game']} games ({figures['connections']} WebSockets, "
        f"{figures['bot']} bots, think {figures['think_ms']} ms): "
        f"{figures['moves']} moves in {figures['seconds']} s = {figures['moves_per_s']} moves/s"
    )
    print(f"latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
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
