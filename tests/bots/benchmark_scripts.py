"""A script of benchmarks/ as a module, for the tests of the benchmarks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script(name: str, module_name: str | None = None) -> ModuleType:
    """benchmarks/NAME.py loaded as `module_name` (registered, so its dataclasses find their module)."""
    module_name = module_name or name
    spec = importlib.util.spec_from_file_location(module_name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[module_name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
