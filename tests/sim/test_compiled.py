"""`magnates.sim.compiled`: what a benchmark reports about the engine it ran."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

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
