"""Chaos benchmark of the web platform: many games played through several database outages, then the record.

Clients play `--clients` games at a time to their end (then start new ones) with random legal
moves over HTTP, one client per game playing every seat, while the database fails under them
`--outages` times, `--outage` seconds each, `--between` seconds apart:

- SQLite (`--db sqlite`, one server in this process): its file read-only, its disk full, its write
  lock held by another program, in turn (see tests/server/fault_helpers.py for how each is made);
- PostgreSQL (`--db postgresql`, a throwaway cluster of its own, `--workers` server processes):
  the server stopped (`pg_ctl stop -m fast`) and started again on the same data and port, and
  every connection killed (`pg_terminate_backend`), in turn; with two workers, one is killed
  (SIGKILL) after the first outage and another started in its place.

A move refused with 503 is sent again after its Retry-After (cut to 0.3 s), as the web client does.
At the end every game's stored record is checked against what the clients were told: every
acknowledged move at its step (a move acknowledged but not stored is *lost*: must be 0), every
person's stored move sent by a client, events without gap or repeat, and the game replayed by the
engine and rebuilt by a fresh server as after a restart.

    python benchmarks/chaos.py --db postgresql --workers 2 --clients 40 --outages 4
    python benchmarks/chaos.py --db sqlite --clients 40 --outages 3
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from fault_helpers import Cluster, InProcess, Players, ServerProcess, sqlite_fault, verify
from server_helpers import free_port

from magnates.server.storage import Store

SQLITE_FAULTS = ("readonly", "full", "locked")
POSTGRESQL_FAULTS = ("stopped", "connections killed")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from magnates.games import REGISTRY

    REGISTRY["toy"] = "server_toygame:ToyGame"  # the tests' small game, if asked for (--game toy)
    os.environ["MAGNATES_RATE_LIMITS"] = "off"  # one load generator on one address
    folder = Path(tempfile.mkdtemp(prefix="magnates-chaos-"))
    cluster: Cluster | None = None
    servers: list[Any] = []
    faults: list[str] = []
    try:
        if args.db == "sqlite":
            url = f"sqlite:///{folder / 'chaos.db'}"
        else:
            cluster = Cluster(free_port())
            cluster.start()
            url = cluster.url.rsplit("/", 1)[0] + "/postgres"
        Store(url).dispose()  # migrated once, before the servers start
        if args.db == "sqlite":
            servers.append(InProcess(url, free_port()))
        else:
            for _ in range(args.workers):
                servers.append(ServerProcess(url, free_port()))
            for server in servers:
                server.wait_ready()
        players = Players(
            [s.url for s in servers], game=args.game, seats=2, seed=args.seed, pause=args.think, spread=True
        )
        stop = asyncio.Event()
        started = time.monotonic()
        playing = asyncio.create_task(players.run(args.clients, stop))
        for index in range(args.outages):
            await asyncio.sleep(args.between)
            kinds = SQLITE_FAULTS if args.db == "sqlite" else POSTGRESQL_FAULTS
            kind = kinds[index % len(kinds)]
            faults.append(kind)
            print(f"{time.monotonic() - started:6.1f} s  outage {index + 1}: {kind}", flush=True)
            if kind in {"readonly", "full"}:
                with sqlite_fault(servers[0].service.store.engine, kind):
                    await asyncio.sleep(args.outage)
            elif kind == "locked":
                path = url.removeprefix("sqlite:///")
                lock = sqlite3.connect(path, isolation_level=None, timeout=30, check_same_thread=False)
                await asyncio.to_thread(lock.execute, "BEGIN EXCLUSIVE")
                await asyncio.sleep(args.outage)
                await asyncio.to_thread(lock.execute, "ROLLBACK")
                lock.close()
            elif kind == "stopped":
                assert cluster is not None
                await asyncio.to_thread(cluster.stop, "fast")
                await asyncio.sleep(args.outage)
                await asyncio.to_thread(cluster.start)
            else:
                assert cluster is not None
                for _ in range(3):
                    await asyncio.to_thread(cluster.terminate_connections, url)
                    await asyncio.sleep(args.outage / 3)
            if index == 0 and args.db == "postgresql" and args.workers > 1 and args.kill:
                print(f"{time.monotonic() - started:6.1f} s  worker 1 killed (SIGKILL), another started", flush=True)
                os.kill(servers[0].pid, signal.SIGKILL)
                faults.append("worker killed")
                # Forked from a thread with no event loop running (the child then starts its own).
                replacement = await asyncio.to_thread(ServerProcess, url, free_port())
                await asyncio.to_thread(replacement.wait_ready)
                players.urls[0] = replacement.url
                servers.append(replacement)
        await asyncio.sleep(args.between)
        stop.set()
        await playing
        seconds = time.monotonic() - started
        ledger = players.ledger
        verdict = verify(url, ledger, live=servers[0].service if args.db == "sqlite" else None)
        return {
            "ledger": ledger,
            "verdict": verdict,
            "seconds": seconds,
            "faults": faults,
        }
    finally:
        for server in servers:
            server.stop()
        if cluster is not None:
            cluster.remove()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument("--workers", type=int, default=2, help="server processes (PostgreSQL)")
    parser.add_argument("--kill", action=argparse.BooleanOptionalAction, default=True, help="kill a worker once")
    parser.add_argument("--clients", type=int, default=40, help="games played at a time")
    parser.add_argument("--game", default="magnate")
    parser.add_argument("--outages", type=int, default=4)
    parser.add_argument("--outage", type=float, default=3.0, help="seconds each outage lasts")
    parser.add_argument("--between", type=float, default=5.0, help="seconds of play before, between and after")
    parser.add_argument("--think", type=float, default=0.05, help="seconds a client waits between its moves")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.db == "sqlite":
        args.workers = 1
    result = asyncio.run(run(args))
    ledger, verdict = result["ledger"], result["verdict"]
    counts = ledger.counts
    print()
    print(f"chaos: {args.db}, {args.workers} server process(es), {args.clients} games at a time of {args.game}")
    print(f"  date                      {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC")
    print(f"  faults                    {', '.join(result['faults'])} ({args.outage:g} s each)")
    print(f"  seconds                   {result['seconds']:.1f}")
    print(f"  moves sent                {counts['moves sent']:,}")
    print(f"  acknowledged              {counts['acknowledged']:,}")
    print(f"  acknowledged again        {counts['acknowledged again']:,}  (a retry after a lost answer)")
    print(f"  acknowledged differently  {len(ledger.acked_twice)}  (must be 0)")
    with_retry = ledger.retry_after_missing == 0
    print(f"  moves refused with 503    {counts['moves refused (503)']:,}")
    print(f"  requests refused with 503 {counts['refused (503)']:,}  (every one with Retry-After: {with_retry})")
    print(f"  stale (409)               {counts['stale (409)']:,}")
    print(f"  no answer (server gone)   {counts['no answer']:,}")
    others = {k: v for k, v in counts.items() if k.startswith("answered")}
    if others:
        print(f"  other answers             {others}")
    print(f"  lost (must be 0)          {len(verdict.lost)}")
    print(f"  stored but never sent     {len(verdict.unsent)}")
    print(f"  event gaps or repeats     {len(verdict.gaps)}")
    print(f"  games                     {verdict.games:,} ({len(ledger.finished):,} played to the end)")
    print(f"  games that replay         {verdict.replayed:,}")
    if not verdict.sound or ledger.acked_twice:
        print("  NOT SOUND:", verdict.lost[:5], verdict.unsent[:5], verdict.gaps[:5], verdict.broken[:5])
        sys.exit(1)


if __name__ == "__main__":
    main()
