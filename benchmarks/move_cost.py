"""The server's own CPU cost of a move, without the network: applying it and building the messages.

Plays random moves in N two-person games through `GameService.act` (the move checked, applied,
the chance events after it, stored in SQLite: one transaction per move, as the writer thread does
when moves arrive one at a time) and builds each seat's WebSocket message after every move
(`message_text.snapshot_text`, what the hub sends). Times are this thread's CPU time
(`time.thread_time`), not wall time, so other jobs on a shared machine change them less; the best
of --repeat rounds is printed. `--profile` prints cProfile's top functions instead.

    python benchmarks/move_cost.py                 # best of 5 rounds of 1,500 moves in 20 games
    python benchmarks/move_cost.py --profile tottime

The rest of a served move's cost (uvicorn's WebSocket frames, the event loop's task switches, the
writer thread's hand-off) is what `benchmarks/ws_load.py` adds on top of these figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from magnates.server.message_text import snapshot_text
from magnates.server.service import GameService
from magnates.server.storage import Store
from magnates.server.tables import Table


def new_tables(service: GameService, game: str, count: int) -> list[Table]:
    return [service.create(game, {}, [{"kind": "person"}, {"kind": "person"}]) for _ in range(count)]


def play(service: GameService, tables: list[Table], moves: int, rng: random.Random) -> tuple[int, float, float]:
    """(moves played, CPU seconds applying and storing them, CPU seconds building both seats' messages)."""
    acting = messaging = 0.0
    played = 0
    while played < moves:
        live = [t for t in tables if not t.state.is_terminal()]
        if not live:
            break
        for table in live:
            seat = table.state.current_player()
            action = rng.choice(list(table.state.legal_actions()))
            start = time.thread_time()
            service.act(table, seat, action, table.step)
            applied = time.thread_time()
            for viewer in range(len(table.seats)):
                snapshot_text(table, viewer)
            acting += applied - start
            messaging += time.thread_time() - applied
            played += 1
    return played, acting, messaging


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="magnate")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=1500, help="moves per round")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", metavar="SORT", help="profile one round; sort by this column (tottime, ...)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="magnates-move-cost-"))
    service = GameService(Store(f"sqlite:///{folder / 'moves.db'}"))
    rng = random.Random(1)
    if args.profile:
        tables = new_tables(service, args.game, args.games)
        profiler = cProfile.Profile()
        profiler.enable()
        play(service, tables, args.moves, rng)
        profiler.disable()
        pstats.Stats(profiler).sort_stats(args.profile).print_stats(30)
        return
    best: tuple[float, float] | None = None
    for _ in range(args.repeat):
        tables = new_tables(service, args.game, args.games)
        play(service, tables, 100, rng)  # past the first deals
        moves, acting, messaging = play(service, tables, args.moves, rng)
        figures = (acting / moves * 1000, messaging / moves * 1000)
        best = figures if best is None else (min(best[0], figures[0]), min(best[1], figures[1]))
    assert best is not None
    print(
        f"{args.game}, {args.games} games, best of {args.repeat} rounds of {args.moves} moves (thread CPU time): "
        f"apply and store {best[0]:.3f} ms per move, both seats' messages {best[1]:.3f} ms per move"
    )
    service.store.dispose()


if __name__ == "__main__":
    main()
