"""Soak benchmark of the web platform: many games created over time, a few moves each, memory watched.

Starts `magnates serve` on a fresh SQLite database with its limits on (the rates raised to
fit one load generator on one address) and a short idle time, then creates `--games` games
at about `--rate` a second from `--workers` concurrent HTTP clients. Each game gets
`--moves` moves by its deciding seat (the secret in an `Authorization` header, the step
named), then is left alone, as most games of a public server are. Every `--every` games it
prints the server's resident memory (Linux /proc) and how many games it holds in memory;
idle games are unloaded, so memory stays bounded however many games were created.

    python benchmarks/soak.py --games 20000 --rate 60 --idle 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from typing import Any

import httpx

sys.path.insert(0, os.path.dirname(__file__))
from ws_load import free_port, server_rss_mb, start_server

SOAK_LIMITS = ["--create-rate", "1000", "--create-burst", "1000", "--move-rate", "5000", "--move-burst", "5000"]


async def one_game(http: httpx.AsyncClient, game: str, moves: int, rng: random.Random) -> int:
    """Create a game and play `moves` moves in it; return the moves applied."""
    while True:
        created = await http.post("/api/games", json={"game": game})
        if created.status_code != 429:
            break
        await asyncio.sleep(float(created.headers.get("Retry-After", "1")))
    created.raise_for_status()
    data = created.json()
    gid = data["id"]
    tokens = [s["token"] for s in data["seats"]]
    played = 0
    for _ in range(moves):
        public = (await http.get(f"/api/games/{gid}")).json()
        if public["status"] != "playing" or public["decider"] < 0:
            break
        secret = {"Authorization": f"Bearer {tokens[public['decider']]}"}
        mine = (await http.get(f"/api/games/{gid}", headers=secret)).json()
        action = rng.choice(mine["legal"])["id"]
        answer = await http.post(
            f"/api/games/{gid}/actions", headers=secret, json={"action": action, "step": mine["step"]}
        )
        if answer.status_code != 200:
            raise RuntimeError(f"game {gid}: move refused: {answer.status_code} {answer.text[:200]}")
        played += 1
    return played


async def run(args: argparse.Namespace, url: str, pid: int | None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    made = 0
    moves = 0
    lock = asyncio.Lock()
    interval = args.workers / args.rate if args.rate > 0 else 0.0

    async def worker(index: int) -> None:
        nonlocal made, moves
        rng = random.Random(args.seed + index)
        async with httpx.AsyncClient(base_url=url, timeout=120) as http:
            while True:
                async with lock:
                    if made >= args.games:
                        return
                    made += 1
                    number = made
                begun = time.perf_counter()
                played = await one_game(http, args.game, args.moves, rng)
                moves += played
                if number % args.every == 0 or number == args.games:
                    health = (await http.get("/healthz")).json()
                    row = {
                        "games": number,
                        "seconds": round(time.perf_counter() - started, 1),
                        "moves": moves,
                        "loaded": health["games_loaded"],
                        "rss_mb": server_rss_mb(pid),
                    }
                    rows.append(row)
                    print(
                        f"{row['games']:>6} games  {row['seconds']:>7} s  {row['moves']:>7} moves  "
                        f"{row['loaded']:>5} in memory  server RSS {row['rss_mb']} MB",
                        flush=True,
                    )
                pause = interval - (time.perf_counter() - begun)
                if pause > 0:
                    await asyncio.sleep(pause)

    await asyncio.gather(*(worker(i) for i in range(args.workers)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--game", default="magnate")
    parser.add_argument("--moves", type=int, default=3, help="moves played in each game (default 3)")
    parser.add_argument("--rate", type=float, default=60.0, help="games created per second, about (0: flat out)")
    parser.add_argument("--workers", type=int, default=8, help="concurrent HTTP clients")
    parser.add_argument("--idle", type=float, default=20.0, help="the server's --idle-unload, seconds")
    parser.add_argument("--every", type=int, default=1000, help="print a line every this many games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="magnates-soak-")
    port = free_port()
    db = args.db or f"sqlite:///{os.path.join(folder, 'soak.db')}"
    server = start_server(db, port, [*SOAK_LIMITS, "--idle-unload", str(args.idle)])
    print(f"server pid {server.pid}, start RSS {server_rss_mb(server.pid)} MB, idle unload {args.idle} s", flush=True)
    try:
        rows = asyncio.run(run(args, f"http://127.0.0.1:{port}", server.pid))
    finally:
        server.terminate()
        server.wait(timeout=30)
    peak = max((r["rss_mb"] or 0.0) for r in rows) if rows else None
    last = rows[-1] if rows else {}
    print(
        f"{last.get('games')} games, {last.get('moves')} moves in {last.get('seconds')} s; "
        f"peak server RSS {peak} MB; at the end {last.get('rss_mb')} MB with {last.get('loaded')} games in memory"
    )


if __name__ == "__main__":
    main()
