"""The shape of the code, checked: the layers, no import circle, no import hidden in a function body.

- The layers (docs/architecture.md) are import-linter contracts in pyproject.toml; the first test
  runs them (`lint-imports` does the same by hand).
- An import circle is a set of modules that import one another at run time, directly or through
  others. The graph is read from the source with `ast`: every `import` executed when a module
  loads, so imports under `if TYPE_CHECKING:` do not count (they only name types) and those inside
  function bodies are the next test's business. A package's `__init__` counts only where it is
  imported by name (as Python resolves `from pkg import module` to the module).
- An import inside a function body hides a dependency from the reader and from the checks above.
  It is allowed only for what an optional extra provides (`OPTIONAL`): modules a default
  installation may not have, and magnates modules that themselves need one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

OPTIONAL: dict[str, str] = {
    # third-party modules of the extras (pyproject.toml's optional-dependencies)
    "fastapi": "web",
    "fastapi_offline": "web",
    "starlette": "web",
    "uvicorn": "web",
    "sqlalchemy": "web",
    "alembic": "web",
    "psycopg": "web",
    "numpy": "rl",
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "pyspiel": "rl",
    "open_spiel": "rl",
    "ray": "ray",
    "torch": "train",
    # drawn only when a plot is asked for: importing matplotlib takes about a second
    "matplotlib": "plots",
    # magnates modules that need one of the above
    "magnates.server": "web",
    "magnates.envs": "rl",
    "magnates.sim.plots": "plots",
    "magnates.analysis.chart": "plots",
    "magnates.sim.ray_backend": "ray",
    "magnates.learn": "train",
}
"""Modules (and their submodules) that may be imported inside a function body, with the extra."""

NOT_YET_UNTANGLED: frozenset[str] = frozenset()
"""Game packages whose phases still call each other through deferred imports: their circles and
function-body imports are listed by `test_the_untangling_left_to_do_is_real` instead of failing the
checks. Empty: every game's phases are a flow.py table; a package added here must
still be tangled, and is removed once its flow.py table is in."""


def pending(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in NOT_YET_UNTANGLED)


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    path: Path
    line: int

    def where(self) -> str:
        path = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{path}:{self.line}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


MODULES = source_modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a `from ... import` reads from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _targets(module: str, path: Path, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = _base(module, path, node)
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        yield submodule if submodule in MODULES else base


def imports(path: Path, module: str | None = None) -> tuple[list[Import], list[Import]]:
    """The module's imports run when it loads, and those inside function bodies."""
    module = module or module_name(path)
    at_load: list[Import] = []
    in_functions: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for orelse in child.orelse:
                    visit_one(orelse, in_function)
                continue
            visit_one(child, in_function)

    def visit_one(child: ast.AST, in_function: bool) -> None:
        if isinstance(child, ast.Import | ast.ImportFrom):
            found = in_functions if in_function else at_load
            found.extend(Import(module, target, path, child.lineno) for target in _targets(module, path, child))
            return
        visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    visit(ast.parse(path.read_text(), str(path)), False)
    return at_load, in_functions


def import_graph() -> dict[str, dict[str, Import]]:
    """magnates module -> the magnates modules it imports when it loads (with the first such line)."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in MODULES}
    for name, path in MODULES.items():
        for found in imports(path)[0]:
            if found.imported in MODULES and found.imported != name:
                graph[name].setdefault(found.imported, found)
    return graph


def circles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def one_cycle(graph: dict[str, dict[str, Import]], component: list[str]) -> list[Import]:
    """A shortest way round the circle from its first module, as the import lines that make it."""
    members = set(component)
    start = component[0]
    came_from: dict[str, Import] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for target, line in graph[node].items():
                if target == start:
                    path = [line]
                    while path[0].importer != start:
                        path.insert(0, came_from[path[0].importer])
                    return path
                if target in members and target not in came_from:
                    came_from[target] = line
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle found in {component}")  # a component always has one


def describe_circle(graph: dict[str, dict[str, Import]], component: list[str]) -> str:
    steps = one_cycle(graph, component)
    route = " -> ".join([*(step.importer for step in steps), steps[0].importer])
    lines = "\n".join(f"    {step.where()}: {step.importer} imports {step.imported}" for step in steps)
    return f"{len(component)} modules in a circle, e.g. {route}\n{lines}"


def optional(imported: str) -> bool:
    return any(imported == name or imported.startswith(name + ".") for name in OPTIONAL)


# -- the checks ------------------------------------------------------------------------------------


def test_the_layer_contracts_hold() -> None:
    pytest.importorskip("importlinter", reason="import-linter comes with the test extra: pip install -e '.[test]'")
    command = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
    done = subprocess.run([sys.executable, "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=300)
    report = done.stdout[done.stdout.find("Contracts") :] if "Contracts" in done.stdout else done.stdout
    assert done.returncode == 0, f"import-linter contracts broken:\n{report}\n{done.stderr}"


def test_there_is_no_import_circle() -> None:
    graph = import_graph()
    found = [c for c in circles(graph) if not all(pending(m) for m in c)]
    assert not found, "import circles in src/:\n" + "\n".join(describe_circle(graph, c) for c in found)


def test_no_import_hides_in_a_function_body_unless_an_extra_needs_it() -> None:
    hidden = sorted(
        {
            f"{found.where()}: {found.imported}"
            for path in MODULES.values()
            for found in imports(path)[1]
            if not optional(found.imported) and not pending(found.importer)
        }
    )
    assert not hidden, "imports inside function bodies (move them to the top of the module):\n    " + "\n    ".join(
        hidden
    )


def tangled(graph: dict[str, dict[str, Import]], hidden: list[Import], packages: frozenset[str]) -> set[str]:
    """The packages among `packages` with a circle inside them or an import hidden in a function body."""
    found = {name for name in packages for c in circles(graph) if all(m.startswith(name + ".") for m in c)}
    found |= {
        name
        for name in packages
        for line in hidden
        if line.importer.startswith(name + ".") and not optional(line.imported)
    }
    return found


def hidden_imports() -> list[Import]:
    return [found for path in MODULES.values() for found in imports(path)[1]]


@pytest.mark.parametrize("package", sorted(NOT_YET_UNTANGLED))
def test_the_untangling_left_to_do_is_real(package: str) -> None:
    """Each package still excused above still has a circle or a hidden import (else: drop its excuse)."""
    left = tangled(import_graph(), hidden_imports(), frozenset({package}))
    assert left == {package}, f"untangled now, remove from NOT_YET_UNTANGLED: {package}"


# -- the checks check: small sources with a known answer -------------------------------------------


def test_the_circle_finder_names_a_circle_and_only_a_circle() -> None:
    def line(a: str, b: str) -> Import:
        return Import(a, b, SRC / "x.py", 1)

    graph = {
        "a": {"b": line("a", "b")},
        "b": {"c": line("b", "c")},
        "c": {"a": line("c", "a"), "d": line("c", "d")},
        "d": {},
    }
    assert circles(graph) == [["a", "b", "c"]]
    assert [step.importer for step in one_cycle(graph, ["a", "b", "c"])] == ["a", "b", "c"]
    del graph["c"]["a"]
    assert circles(graph) == []


def test_the_reader_skips_type_checking_and_finds_function_bodies(tmp_path: Path) -> None:
    source = SRC / "magnates" / "core" / "game.py"
    at_load, _ = imports(source)
    assert "magnates.core.record" in {found.imported for found in at_load}
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "import json\n"
        "if TYPE_CHECKING:\n"
        "    import decimal\n"
        "def f():\n"
        "    import csv\n"
        "    return csv\n"
    )
    at_load, in_functions = imports(sample, "sample")
    assert {found.imported for found in at_load} == {"typing", "json"}
    assert [(found.imported, found.line) for found in in_functions] == [("csv", 6)]
    assert optional("magnates.server.app") and optional("numpy.random") and not optional("magnates.sim.batch")


def test_the_untangling_finder_tells_a_tangled_package_from_a_clean_one() -> None:
    def line(a: str, b: str) -> Import:
        return Import(a, b, SRC / "x.py", 1)

    graph = {
        "g.flow": {"g.phase": line("g.flow", "g.phase")},
        "g.phase": {"g.flow": line("g.phase", "g.flow")},
        "h.flow": {"h.phase": line("h.flow", "h.phase")},
        "h.phase": {},
    }
    packages = frozenset({"g", "h"})
    assert tangled(graph, [], packages) == {"g"}
    del graph["g.phase"]["g.flow"]
    assert tangled(graph, [], packages) == set()
    assert tangled(graph, [line("h.phase", "h.flow")], packages) == {"h"}
    assert tangled(graph, [line("h.phase", "numpy")], packages) == set(), "an optional extra's import is allowed"
