"""The round as a table (flow.py): every phase has a row, every row names an existing next phase, the
order is the sheet's, and the package's modules import one another one way only."""

from __future__ import annotations

import ast
import pathlib

import pytest

from magnates.games.magistrate import agents, flow, military, people, resources
from magnates.games.magistrate.actions import AddAgent, Attack, Conscript, Pass
from magnates.games.magistrate.flow import FIRST_PHASE, ROUND, Phase, begin, legal_actions, phase_row
from magnates.games.magistrate.phases import (
    ACTIONS,
    AGENTS,
    INFLUENCE,
    MATERIAL,
    NEXT_PLAYER,
    PEOPLE,
    PHASES,
    SAME_PLAYER,
)

from .helpers import at_phase, dealt

PACKAGE = pathlib.Path(flow.__file__).parent
PHASE_MODULES = ("resources", "people", "military", "agents")
"""The modules whose `legal` and `apply` the table names; judges, battle, supply, income and scoring are
helpers below them."""


def test_every_phase_has_a_row_and_every_next_phase_exists() -> None:
    assert set(ROUND) == set(Phase)
    for phase, row in ROUND.items():
        assert row.then in ROUND, f"{phase} is followed by {row.then}, which has no row"
        assert (row.legal is None) == (row.apply is None), f"{phase}: choices and their effect come together"


def test_the_table_covers_each_stage_and_each_of_the_six_action_phases_once() -> None:
    stored = [phase.value for phase in Phase]
    assert len(set(stored)) == len(stored)
    assert sorted(index for stage, index in stored if stage == ACTIONS) == list(range(len(PHASES)))
    assert {stage for stage, _ in stored} == {MATERIAL, ACTIONS, INFLUENCE}


def test_following_the_table_is_the_sheets_round() -> None:
    """Update Resources, the six Action Phases in the sheet's order, Apply Influence, and round again."""
    order, phase = [], FIRST_PHASE
    for _ in range(len(ROUND)):
        order.append(phase.value)
        phase = ROUND[phase].then
    assert phase is FIRST_PHASE
    assert order == [(MATERIAL, 0), *[(ACTIONS, i) for i in range(len(PHASES))], (INFLUENCE, None)]
    assert [ROUND[p].legal is None for p in Phase].count(True) == 1, "only Apply Influence is chance alone"


@pytest.mark.parametrize("phase", list(Phase))
def test_a_state_begun_in_a_phase_is_read_back_in_that_phase(phase: Phase) -> None:
    state = dealt(3)
    state.draws = []
    begin(state, phase)
    assert phase_row(state) is ROUND[phase]
    assert state.turn == 0


def test_nobody_decides_during_apply_influence() -> None:
    state = dealt(3)
    state.draws = []
    begin(state, Phase.APPLY_INFLUENCE)
    assert state.flips_left == state.comp.flips_per_round and state.passed_home == []
    with pytest.raises(ValueError, match="chance event"):
        legal_actions(state)


def test_a_pass_ends_the_turn_and_an_action_keeps_it() -> None:
    state = at_phase(dealt(3), PEOPLE, 0)
    state.supply[0][0] = 3
    assert people.apply(state, 0, Conscript()) is SAME_PLAYER
    assert people.apply(state, 0, Pass()) is NEXT_PLAYER


def test_a_pass_that_ends_the_placing_of_agents_does_not_end_the_turn() -> None:
    state = at_phase(dealt(3), AGENTS, 0)
    state.placing = True
    assert agents.apply(state, 0, Pass()) is SAME_PLAYER and not state.placing
    assert agents.apply(state, 0, Pass()) is NEXT_PLAYER


def test_an_action_of_another_phase_is_refused_with_a_clear_error() -> None:
    state = at_phase(dealt(3), PEOPLE, 0)
    with pytest.raises(ValueError, match="not a People action"):
        people.apply(state, 0, AddAgent())
    with pytest.raises(ValueError, match="not a March/Fortify action"):
        military.apply_march(state, 0, Attack(0, 1))
    with pytest.raises(ValueError, match="not an Update Resources action"):
        resources.apply(state, 0, Conscript())
    with pytest.raises(ValueError, match="not an Agent Op"):
        agents.apply_op(state, 0, Conscript())


def _imports(path: pathlib.Path) -> tuple[set[str], list[str]]:
    """The package modules a file imports (type-checking imports too), and imports inside functions."""
    tree = ast.parse(path.read_text())
    prefix = "magnates.games.magistrate"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name == prefix or name.startswith(prefix + "."):
                module = name.removeprefix(prefix).lstrip(".").split(".")[0] or "__init__"
                if (PACKAGE / f"{module}.py").exists():
                    found.add(module)
    inner = [
        f"{path.name}:{inner.lineno}"
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(func)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    return found - {path.stem}, inner


def test_the_package_has_no_import_circle_and_no_import_inside_a_function() -> None:
    graph, inner = {}, []
    for path in sorted(PACKAGE.glob("*.py")):
        graph[path.stem], found = _imports(path)
        inner += found
    assert not inner, f"imports inside functions: {inner}"
    assert "__init__" not in set().union(*(graph[m] for m in graph if m != "__init__")), "a module imports __init__"
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for target in graph.get(module, ()):
            visit(target, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_phase_modules_never_import_each_other_or_the_flow() -> None:
    for module in PHASE_MODULES:
        found, _ = _imports(PACKAGE / f"{module}.py")
        assert not found & {*PHASE_MODULES, "flow", "state", "game", "setup"}, f"{module} imports {found}"
