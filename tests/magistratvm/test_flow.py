"""The turn as a table (flow.py): every phase has a row, every row names phases that exist, the order
is the rules' own, random games go through exactly that order, and the package's modules import one
another one way only (phase modules never import each other)."""

from __future__ import annotations

import ast
import dataclasses
import pathlib
import random
from collections.abc import Callable

import pytest

import magnates
from magnates.core import CHANCE, sample
from magnates.games.magistratvm import elections, flow, phases
from magnates.games.magistratvm.flow import CIRCUIT, TURN, Phase, phase_of
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position

from .scenario import all_pass, new_game, to_actions

PACKAGE = pathlib.Path(flow.__file__).parent
PREFIX = "magnates.games.magistratvm"
PHASE_MODULES = ("setup", "income", "bidding", "action_phase", "elections", "end_of_turn")
"""The modules whose steps the table strings together; promotion, circuit, treasury, ledger and the
data modules are helpers below them."""

TURN_OF_THE_RULES = [Phase.INCOME, Phase.BIDDING, Phase.ACTIONS, Phase.ELECTIONS, Phase.END_OF_TURN]
"""The seed's "Phases of a turn": income, bidding, action, election, end of turn."""


# -- the table ------------------------------------------------------------------------------------


def test_every_phase_has_a_row_and_every_next_phase_exists() -> None:
    assert list(TURN) == list(Phase), "one row per phase, in the rules' order"
    for phase, row in TURN.items():
        for following in (row.then, row.when_final):
            assert following is None or following in TURN, f"{phase} is followed by {following}, which has no row"
        assert (row.then is None) == (phase is Phase.GAME_OVER), f"{phase}: only the end of the game ends the game"
    assert [p for p, row in TURN.items() if row.begin is None] == [Phase.SETUP], "only a new game starts unbegun"


def test_every_step_belongs_to_a_phase_and_has_its_choices() -> None:
    steps = range(len(phases.NAMES))
    owners = {step: [p for p, row in TURN.items() if step in row.steps] for step in steps}
    assert all(owners[step] for step in steps), f"steps in no phase: {[s for s in steps if not owners[s]]}"
    shared = {step for step in steps if len(owners[step]) > 1}
    assert shared == set(CIRCUIT) and all(owners[s] == [Phase.ELECTIONS, Phase.FINAL_CIRCUIT] for s in shared)
    # Every step either lists choices, lists chance outcomes, or ends the game; never two of these.
    assert set(flow.LEGAL).isdisjoint(flow.CHANCE)
    assert set(flow.LEGAL) | set(flow.CHANCE) | {phases.GAME_OVER} == set(steps)
    assert set(flow.CHANCE) == phases.CHANCE_PHASES
    assert set(flow.CHANCE) == {*TURN[Phase.SETUP].steps, *TURN[Phase.END_OF_TURN].steps}


def test_following_the_table_is_the_rules_turn() -> None:
    """Setup, then income, bidding, action, election and end of turn, round again; the last end of turn
    (the tiles ran out) leads to the final circuit and the end of the game."""
    order, phase = [], TURN[Phase.SETUP].then
    for _ in range(2 * len(TURN_OF_THE_RULES)):
        order.append(phase)
        phase = TURN[phase].then if phase is not None else None
    assert order == TURN_OF_THE_RULES * 2
    last = TURN[Phase.END_OF_TURN].when_final
    assert [last, TURN[Phase.FINAL_CIRCUIT].then] == [Phase.FINAL_CIRCUIT, Phase.GAME_OVER]
    assert [row.when_final for p, row in TURN.items() if p is not Phase.END_OF_TURN] == [None] * (len(TURN) - 1)


def test_the_final_circuit_is_the_elections_without_a_dictator() -> None:
    assert TURN[Phase.FINAL_CIRCUIT].begin is elections.choose_start
    assert TURN[Phase.FINAL_CIRCUIT].steps == CIRCUIT
    assert TURN[Phase.ELECTIONS].steps == (phases.DICTATOR, phases.DICTATOR_GOVERN, *CIRCUIT)


# -- random games go through the table --------------------------------------------------------------


def watch(monkeypatch: pytest.MonkeyPatch) -> list[Phase]:
    """From now on, every phase begun is appended to the returned list, and a phase that waits for a
    decision must have set one of its own steps."""
    entered: list[Phase] = []

    def watched(phase: Phase, begin: Callable[[Position], Then]) -> Callable[[Position], Then]:
        def run(state: Position) -> Then:
            entered.append(phase)
            then = begin(state)
            assert then is DONE or state.phase in TURN[phase].steps, f"{phase} began at {phases.NAMES[state.phase]}"
            return then

        return run

    for phase, row in TURN.items():
        if row.begin is not None:
            monkeypatch.setitem(TURN, phase, dataclasses.replace(row, begin=watched(phase, row.begin)))
    return entered


def play(players: int, turn_limit: int, seed: int, entered: list[Phase]) -> set[int]:
    """One seeded random game; checks at every node that the phase is the one last begun. The steps seen."""
    state = magnates.load("magistratvm", players=players, turn_limit=turn_limit).new_initial_state()
    assert isinstance(state, Position)
    rng = random.Random(seed)
    entered.clear()
    seen: set[int] = set()
    while not state.is_terminal():
        seen.add(state.phase)
        assert phase_of(state) is (entered[-1] if entered else Phase.SETUP), phases.NAMES[state.phase]
        assert (state.current_player() == CHANCE) == (state.phase in phases.CHANCE_PHASES)
        chance = state.current_player() == CHANCE
        state.apply_action(sample(state.chance_outcomes(), rng) if chance else rng.choice(state.legal_actions()))
    assert phase_of(state) is Phase.GAME_OVER and entered[-2:] == [Phase.FINAL_CIRCUIT, Phase.GAME_OVER]
    # Between setup and the final circuit: whole turns of the rules, in their order.
    turns = entered[:-2]
    assert turns == TURN_OF_THE_RULES * (len(turns) // len(TURN_OF_THE_RULES)), turns
    assert len(turns) // len(TURN_OF_THE_RULES) == state.turn
    return seen


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_go_through_the_table_in_the_rules_order(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    entered = watch(monkeypatch)
    seen: set[int] = set()
    for seed in range(20):
        seen |= play(players, 40, seed, entered)
    for seed in range(5):  # the turn limit's final circuit, with few Provinces decided
        seen |= play(players, 2, seed, entered)
    assert seen == set(range(len(phases.NAMES))) - {phases.GAME_OVER}, "some step never happened"


def test_a_phase_with_nothing_to_decide_is_passed_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """An election phase in which no Province is won leaves nothing to replace: the end of turn takes no
    decision and the next turn's income begins at once."""
    state = to_actions(new_game(players=3))
    entered = watch(monkeypatch)
    all_pass(state)  # nobody has a token anywhere: every Province votes with no winner
    while state.phase in (phases.START, phases.SUPPORT, phases.REDISTRIBUTE):
        state.apply_action(state.legal_actions()[0])
    assert entered == [Phase.ELECTIONS, Phase.END_OF_TURN, Phase.INCOME]
    assert state.phase == phases.INCOME and state.turn == 2


def test_a_phase_module_says_when_its_phase_is_over() -> None:
    state = to_actions(new_game(players=3))
    pass_ = state.ids.actions[state.ids.pass_]
    effect = flow.APPLY[type(pass_)]
    assert [effect(state, pass_) for _ in range(3)] == [STAY, STAY, DONE]
    assert state.phase == phases.ACTIONS, "the module does not begin the next phase itself"


# -- imports go one way --------------------------------------------------------------------------------


def package_imports(path: pathlib.Path) -> tuple[set[str], list[str]]:
    """The package modules a file imports (type-checking imports too), and the imports inside functions."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            # `from package import module` imports the module; `from package.module import name` the module
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for name in names:
            if name.startswith(PREFIX + "."):
                module = name.removeprefix(PREFIX + ".").split(".")[0]
                if (PACKAGE / f"{module}.py").exists():
                    found.add(module)
                    break
    inner = [
        f"{path.name}:{inner.lineno}"
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(func)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    return found - {path.stem}, inner


def test_the_package_has_no_import_circle_and_no_import_inside_a_function() -> None:
    graph: dict[str, set[str]] = {}
    inner: list[str] = []
    for path in sorted(PACKAGE.glob("*.py")):
        graph[path.stem], hidden = package_imports(path)
        inner += hidden
    assert not inner, f"imports inside functions: {inner}"
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_phase_modules_never_import_each_other_or_what_strings_them_together() -> None:
    above = {*PHASE_MODULES, "flow", "state", "game", "explain", "describe", "views", "bots", "heuristic"}
    for module in PHASE_MODULES:
        found, _ = package_imports(PACKAGE / f"{module}.py")
        assert not found & above, f"{module} imports {sorted(found & above)}"
