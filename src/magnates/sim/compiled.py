"""Which of the package's modules run compiled (mypyc), so a benchmark can say what it measured.

`scripts/build_compiled.sh` builds a copy of the package whose rules modules are C extensions
shadowing their .py files; on the path first, it runs the same code faster. Nothing else changes,
so the only way to tell the two apart is to look at what was loaded from where.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import magnates


def compiled_modules() -> list[str]:
    """The dotted names of the package's modules present as extension modules (empty: pure Python)."""
    root = Path(magnates.__file__).parent
    names: set[str] = set()
    for path in root.rglob("*"):
        for suffix in EXTENSION_SUFFIXES:
            if path.name.endswith(suffix):
                parts = path.relative_to(root).with_name(path.name[: -len(suffix)]).parts
                names.add(".".join(("magnates", *parts)))
                break
    return sorted(names)


def engine_build() -> str:
    """One line for a benchmark: "pure Python" or how many modules are compiled."""
    modules = compiled_modules()
    return f"{len(modules)} modules compiled (mypyc)" if modules else "pure Python"
