"""Invariants are checked with exceptions, never `assert`, which `python -O` strips."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import magnates
from magnates.core.errors import InvariantError, MagnatesError
from magnates.games.galactic_magnate.board import TABLES, check_shape

SRC = Path(magnates.__file__).resolve().parent


def assert_lines(source: str) -> list[int]:
    """The line of every `assert` statement in a module's source, however deeply nested."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Assert))


def asserts_in(path: Path) -> list[str]:
    return [f"{path.relative_to(SRC.parent)}:{line}" for line in assert_lines(path.read_text(encoding="utf-8"))]


def test_the_package_has_no_assert_statement() -> None:
    files = sorted(SRC.rglob("*.py"))
    assert len(files) > 50, f"expected the whole package under {SRC}"
    found = [where for path in files for where in asserts_in(path)]
    assert not found, (
        "replace these asserts with a check that raises (magnates.core.errors.InvariantError): " + ", ".join(found)
    )


def test_the_walk_finds_an_assert_where_there_is_one() -> None:
    """The check above can fail: the same walk flags asserts nested in functions and classes."""
    source = "def f(x):\n    if x:\n        assert x > 0\n    return x\n\n"
    source += "class C:\n    def g(self):\n        assert self\n"
    assert assert_lines(source) == [3, 8]
    assert assert_lines("raise AssertionError('not an assert statement')\n") == []


def test_invariant_error_is_one_of_the_engines_errors() -> None:
    assert issubclass(InvariantError, MagnatesError)
    assert not issubclass(InvariantError, ValueError)  # a bug in the engine, not bad input


def test_a_broken_galactic_board_table_is_refused() -> None:
    """Galactic Magnate's board is checked against the seed's layout when it is loaded."""
    check_shape(TABLES)  # the shipped table passes
    broken = dataclasses.replace(TABLES, characters=TABLES.characters[:-1] + TABLES.characters[:1])
    with pytest.raises(ValueError, match="15 different characters"):
        check_shape(broken)
    short = dataclasses.replace(TABLES, locations=TABLES.locations[:-1])
    with pytest.raises(ValueError, match="the board has 40 locations"):
        check_shape(short)


def test_designed_data_checks_still_fire_under_python_dash_o() -> None:
    """Run with -O, where asserts vanish: both games' designed-table checks must still raise."""
    script = """
import dataclasses
from magnates.games.galactic_magnate.board import TABLES, check_shape
from magnates.games.magistrate.components import DesignError, _check, components
assert False, "asserts are stripped under -O, so this line does nothing"
try:
    check_shape(dataclasses.replace(TABLES, locations=TABLES.locations[:-1]))
except ValueError as err:
    print("galactic:", err)
comp = components()
try:
    _check(dataclasses.replace(comp, cards=comp.cards[1:]))
except DesignError as err:
    print("magistrate:", err)
"""
    done = subprocess.run([sys.executable, "-O", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "galactic: data/board.json does not match the seed's board: the board has 40 locations" in done.stdout
    assert "magistrate: Magistrate components: card 0 is listed out of order" in done.stdout
