"""Records to review, from every file the project writes: a saved game (`play --save`, the web
export, `magnates.save`), the JSON lines of `simulate`, `arena` and `compare --out`, or a folder
of them. The reading and checking are `magnates report`'s (`sim.report.records_at`), so the coach
and the report accept, and refuse, the same files with the same messages."""

from __future__ import annotations

import itertools
from pathlib import Path

from magnates.core.errors import RecordError
from magnates.core.record import Record
from magnates.sim.report import records_at


def read_record(path: Path, index: int | None = None) -> Record:
    """The record in `path` (`index`: which game, counting from 0 like the `index` field simulate
    writes; the first when not given)."""
    if index is not None and index < 0:
        raise RecordError(f"--index counts from 0, not {index}")
    chosen = index or 0
    found = list(itertools.islice(records_at(path), chosen + 1))
    if not found:
        raise RecordError(f"{path} holds no game record")
    if chosen >= len(found):
        held = "one game" if len(found) == 1 else f"{len(found)} games (--index 0 to {len(found) - 1})"
        raise RecordError(f"{path} holds {held}; there is no --index {chosen}")
    return found[chosen][1]


def read_records(path: Path, limit: int | None = None) -> list[Record]:
    """The records at `path` (a file or a folder of them), at most `limit`."""
    return [record for _, record in itertools.islice(records_at(path), limit)]
