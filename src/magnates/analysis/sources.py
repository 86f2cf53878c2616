"""Records to review, from every file the project writes: a saved game (`play --save`, the web
export, `magnates.save`), and the JSON lines of `simulate --out` (games.jsonl, each line a
`{"record": ...}` object) and of the arena (records.jsonl, each line a record). A folder stands for
the one .jsonl file inside it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from magnates.core.errors import RecordError
from magnates.core.record import Record


def read_record(path: Path, index: int | None = None) -> Record:
    """The record in `path` (`index`: which game of a JSON-lines file, counting from 0 like the
    `index` field simulate writes; the first when not given)."""
    if path.is_dir():
        found = sorted(path.glob("*.jsonl"))
        if len(found) != 1:
            raise RecordError(f"{path} is a folder with {len(found)} .jsonl files; name the file to review")
        path = found[0]
    try:
        text = path.read_text()
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror}") from None
    if index is not None and index < 0:
        raise RecordError(f"--index counts from 0, not {index}")
    stripped = text.lstrip()
    if stripped.startswith("{") and path.suffix != ".jsonl":
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None  # maybe JSON lines after all
        if isinstance(data, dict):
            if index not in (None, 0):
                raise RecordError(f"{path} holds one game; --index {index} is past it")
            return _record_of(data, str(path))
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RecordError(f"{path} holds no game")
    chosen = index or 0
    if chosen >= len(lines):
        raise RecordError(f"{path} holds {len(lines)} games (--index 0 to {len(lines) - 1}); there is no {chosen}")
    try:
        data = json.loads(lines[chosen])
    except json.JSONDecodeError as err:
        raise RecordError(f"line {chosen + 1} of {path} is not valid JSON: {err}") from None
    return _record_of(data, f"line {chosen + 1} of {path}")


def _record_of(data: Any, where: str) -> Record:
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]  # a simulate line: the record beside the outcome
    try:
        return Record.from_json(data)
    except RecordError as err:
        raise RecordError(f"{where} is not a game record: {err}") from None


def read_records(path: Path, limit: int | None = None) -> list[Record]:
    """The finished games' records of a .jsonl file, or of every .jsonl file in a folder (at most `limit`)."""
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    found: list[Record] = []
    for file in files:
        try:
            lines = file.read_text().splitlines()
        except OSError as err:
            raise RecordError(f"cannot read {file}: {err.strerror}") from None
        for number, line in enumerate(lines, 1):
            if limit is not None and len(found) >= limit:
                return found
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as err:
                raise RecordError(f"line {number} of {file} is not valid JSON: {err}") from None
            found.append(_record_of(data, f"line {number} of {file}"))
    return found
