"""Where commands write: `--out` folders and `--save` files, checked before any work starts.

A batch of games can take minutes or hours; finding only at the end that its folder cannot be
written, or that it replaced an earlier run's results, loses that work. So every command that
writes checks its target first, with the same words and the same exit status (2, a bad argument)
for every bad path:

- an `--out` folder is created if missing and must accept a file;
- a folder that already holds files is refused unless `--force` is given;
- a `--save` file's folder must exist and accept the file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from .common import USAGE_ERROR, fail

FORCE_HELP = "Write into an --out folder that already holds files (files of the same name are replaced)."
Force = Annotated[bool, typer.Option("--force", help=FORCE_HELP)]


def bad_path(path: Path, why: str) -> NoReturn:
    """The one message and exit status for a path a command cannot use."""
    fail(f"cannot write to {path}: {why}", USAGE_ERROR)


def _reason(err: OSError) -> str:
    return (err.strerror or str(err)).lower()


def check_out_folder(folder: Path, *, force: bool = False, flag: str = "--out") -> Path:
    """Make sure `folder` can take a command's results before the command plays a single game.

    Creates it (with its parents) when missing; refuses a file in its place, a folder that cannot
    be written, and one that already holds files unless `force`. Returns the folder.
    """
    if folder.exists() and not folder.is_dir():
        bad_path(folder, f"it is a file, and {flag} names a folder")
    if folder.is_dir():
        held = sorted(entry.name for entry in folder.iterdir())
        if held and not force:
            shown = ", ".join(held[:3]) + (", ..." if len(held) > 3 else "")
            bad_path(
                folder,
                f"it already holds {len(held)} file(s) ({shown}); add --force to replace them, or choose a new folder",
            )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".magnates-check-"):
            pass
    except OSError as err:
        bad_path(folder, _reason(err))
    return folder


def check_save_file(path: Path) -> Path:
    """Make sure a game can be saved at `path` before the game starts: its folder exists and
    accepts a file, and `path` is not a folder. An existing file is fine (saving replaces it, as
    `--load F --save F` does on purpose)."""
    if path.is_dir():
        bad_path(path, "it is a folder; give a file name, e.g. game.json")
    parent = path.parent
    if not parent.is_dir():
        bad_path(path, f"the folder {parent} does not exist")
    if path.exists():
        if not os.access(path, os.W_OK):
            bad_path(path, "the file is read-only")
        return path
    try:
        with tempfile.NamedTemporaryFile(dir=parent, prefix=".magnates-check-"):
            pass
    except OSError as err:
        bad_path(path, _reason(err))
    return path
