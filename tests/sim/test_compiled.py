"""`magnates.sim.compiled`: what a benchmark reports about the engine it ran."""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from magnates.sim.compiled import PACKAGE, compiled_modules, engine_build


def test_a_package_with_extension_modules_names_them(tmp_path: Path) -> None:
    package = tmp_path / "magnates"
    (package / "games" / "toy").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "games" / "toy" / "flow.py").write_text("")
    (package / "games" / "toy" / f"flow{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (package / "core").mkdir()
    (package / "core" / f"chance{EXTENSION_SUFFIXES[-1]}").write_bytes(b"")
    assert compiled_modules(package) == ["magnates.core.chance", "magnates.games.toy.flow"]
    assert engine_build(package) == "2 modules compiled (mypyc)"


def test_sources_alone_are_pure_python(tmp_path: Path) -> None:
    package = tmp_path / "magnates"
    package.mkdir()
    (package / "__init__.py").write_text("")
    assert compiled_modules(package) == []
    assert engine_build(package) == "pure Python"


def test_the_package_is_the_one_loaded() -> None:
    assert (PACKAGE / "sim" / "compiled.py").is_file()


def test_mypyc_class_options_change_nothing_without_mypy_extensions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine needs only the standard library: without mypy_extensions, `mypyc_attr` hands the
    class back as it was (and with it, outside a compiled build, mypy_extensions' own does too)."""
    import magnates.core.native as native

    monkeypatch.setitem(sys.modules, "mypy_extensions", None)  # as if not installed
    fallback = importlib.reload(native)
    try:

        class Plain:
            x = 1

        assert fallback.mypyc_attr(allow_interpreted_subclasses=True)(Plain) is Plain
        assert fallback.mypyc_attr(native_class=False)(Plain) is Plain
        assert fallback.mypyc_attr.__module__ == "magnates.core.native"
    finally:
        monkeypatch.undo()
        importlib.reload(native)
