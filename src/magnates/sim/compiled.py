"""Which of the package's modules run compiled (mypyc), so a benchmark can say what it measured.

`scripts/build_compiled.sh` builds a copy of the package whose rules modules are C extensions
shadowing their .py files; on the path first, it runs the same code faster. Nothing else changes,
so the only way to tell the two apart is to look at what the package holds where it was loaded.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
"""The folder of the `magnates` package this module was loaded from."""


def compiled_modules(package: Path = PACKAGE) -> list[str]:
    """The dotted names of the package's modules present as extension modules (empty: pure Python)."""
    names: set[str] = set()
    for path in package.rglob("*"):
        for suffix in EXTENSION_SUFFIXES:
            if path.name.endswith(suffix) and path.name != suffix:
                parts = path.relative_to(package).with_name(path.name[: -len(suffix)]).parts
                names.add(".".join((package.name, *parts)))
                break
    return sorted(names)


def engine_build(package: Path = PACKAGE) -> str:
    """One line for a benchmark: "pure Python" or how many modules are compiled."""
    modules = compiled_modules(package)
    return f"{len(modules)} modules compiled (mypyc)" if modules else "pure Python"
