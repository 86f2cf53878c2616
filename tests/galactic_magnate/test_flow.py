"""The turn as tables (flow.py): every phase has a row and every answer a transition, seeded games
take exactly the ways the tables name (and every one of them), a phase module answers what follows
instead of entering it, and phase modules never import each other."""

from __future__ import annotations

import ast
import dataclasses
import pathlib
import random
from collections.abc import Callable

import pytest

import magnates
from magnates.core import CHANCE, TERMINAL, sample
from magnates.games.galactic_magnate import auctions, flow, phases, trading
from magnates.games.galactic_magnate.actions import Dice
from magnates.games.galactic_magnate.flow import APPLY, PHASES, TRANSITIONS
from magnates.games.galactic_magnate.phases import PHASE_NAMES, STAY, Then
from magnates.games.galactic_magnate.state import GalacticState

from .helpers import own, started

PACKAGE = pathlib.Path(flow.__file__).parent
PREFIX = "magnates.games.galactic_magnate"
PHASE_MODULES = ("setup", "turns", "movement", "auctions", "player_auctions", "fortune", "trading")
"""The modules whose steps the tables string together."""
HELPERS = ("board", "actions", "phases", "income", "economy", "monopolies", "debts", "seating", "prison")
"""Below the phase modules: the data, the money, the upgrades, bills and bankruptcy, the seats, Prison."""

ASKED: dict[str, Callable[[GalacticState], int]] = {
    "chooser": lambda s: s.chooser,
    "turn holder": lambda s: s.order[s.turn],
    "next bidder": lambda s: s.a_next,
    "chance": lambda s: CHANCE,
    "nobody": lambda s: TERMINAL,
}


# -- the tables ---------------------------------------------------------------------------------------


def test_every_phase_has_one_row_with_choices_or_chance_and_a_known_seat_to_ask() -> None:
    assert sorted(PHASES) == list(range(len(PHASE_NAMES)))
    for phase, row in PHASES.items():
        name = PHASE_NAMES[phase]
        assert row.asks in ASKED, f"{name}: who acts is {row.asks!r}"
        assert (row.asks == "chance") == (row.outcomes is not None), (
            f"{name}: chance acts exactly where it has outcomes"
        )
        assert (row.choices is None) == (row.asks in ("chance", "nobody")), f"{name}: a seat asked has choices"
        assert bool(row.leads_to) == (phase != phases.OVER), f"{name}: only the end leads nowhere"


def test_every_answer_has_a_transition_and_every_transition_leads_to_answers_it_knows() -> None:
    answers = set(Then)
    assert set(TRANSITIONS) == answers - {Then.STAY, Then.GAME_OVER}, "STAY and GAME_OVER are where the flow stops"
    for answer, step in TRANSITIONS.items():
        assert step.leads_to <= answers and step.leads_to, answer
        assert step.enters is not None or step.run is not None, f"{answer} neither enters a phase nor runs anything"
        assert step.run is not None or step.leads_to == {STAY}, f"{answer}: entering a phase alone waits there"
    named = {then for row in PHASES.values() for then in row.leads_to}
    named |= {then for step in TRANSITIONS.values() for then in step.leads_to}
    assert named == answers, f"answers nothing leads to: {answers - named}"


def test_every_action_kind_has_an_effect() -> None:
    game = magnates.load("galactic-magnate", players=5)
    assert set(game.ids.kind_of.values()) == set(APPLY)


# -- seeded games take exactly the ways the tables name -----------------------------------------------


Seen = set[tuple[object, Then]]


def watch(monkeypatch: pytest.MonkeyPatch) -> tuple[Seen, Seen]:
    """From now on: (phase, answer) for every action's effect, and (answer, answer) for every transition run."""
    steps: Seen = set()
    transitions: Seen = set()

    def watched_effect(effect: flow.Effect) -> flow.Effect:
        def run(s: GalacticState, seat: int, action: int) -> Then:
            phase = s.phase
            then = effect(s, seat, action)
            steps.add((phase, then))
            return then

        return run

    def watched_run(answer: Then, run: Callable[[GalacticState], Then]) -> Callable[[GalacticState], Then]:
        def watched(s: GalacticState) -> Then:
            then = run(s)
            transitions.add((answer, then))
            return then

        return watched

    for kind, effect in APPLY.items():
        monkeypatch.setitem(APPLY, kind, watched_effect(effect))
    for answer, step in TRANSITIONS.items():
        if step.run is not None:
            monkeypatch.setitem(TRANSITIONS, answer, dataclasses.replace(step, run=watched_run(answer, step.run)))
    return steps, transitions


def play(players: int, seed: int, resign: bool, max_rounds: int) -> None:
    """One seeded random game (resigning or not); at every node the row's seat is the one asked."""
    options = {"players": players, "max_rounds": max_rounds, "characters": "pick" if seed % 2 else "dealt"}
    state = magnates.load("galactic-magnate", **options).new_initial_state()
    rng = random.Random(seed)
    while True:
        row = PHASES[state.phase]
        assert state.current_player() == ASKED[row.asks](state), PHASE_NAMES[state.phase]
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = [a for a in state.legal_actions() if resign or a != state.ids.resign] or state.legal_actions()
        state.apply_action(rng.choice(legal))


def test_seeded_games_take_every_way_the_tables_name_and_no_other(monkeypatch: pytest.MonkeyPatch) -> None:
    steps, transitions = watch(monkeypatch)
    for seed in range(40):
        play(2 + seed % 4, seed, resign=seed % 3 == 0, max_rounds=12)
    declared_steps = {(phase, then) for phase, row in PHASES.items() for then in row.leads_to}
    declared_transitions = {
        (answer, then) for answer, step in TRANSITIONS.items() if step.run for then in step.leads_to
    }
    name = {phase: PHASE_NAMES[phase] for phase in PHASES}
    assert steps <= declared_steps, f"not in the table: {sorted((name[p], t.name) for p, t in steps - declared_steps)}"
    assert steps == declared_steps, f"never seen: {sorted((name[p], t.name) for p, t in declared_steps - steps)}"
    assert transitions == declared_transitions, transitions ^ declared_transitions


# -- a phase module answers what follows; the flow enters it ----------------------------------------


def test_a_phase_module_answers_what_follows_and_leaves_the_phase_to_the_flow() -> None:
    s = started(2)
    assert trading.choose_partner(s, 0, 1) is Then.TO_OFFER
    assert s.phase == phases.ROLL, "choosing a partner does not itself enter the offer"
    flow.follow(s, Then.TO_OFFER)
    assert s.phase == phases.OFFER and s.current_player() == 0
    assert trading.make_no_offer(s) is Then.TO_ROLL and s.phase == phases.OFFER
    flow.follow(s, Then.TO_ROLL)
    assert s.phase == phases.ROLL and s.legal_actions()


def test_what_follows_an_auction_is_what_it_interrupted() -> None:
    """A player's auction came before his roll: he is asked again. The middleman's ends his turn."""
    s = started(2)
    own(s, 0, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    assert s.phase == phases.AUCTION and s.a_player
    while s.phase == phases.AUCTION:
        seat = s.current_player()
        then = auctions.bid(s.clone(), seat, s.ids.pass_)
        s.apply_action(s.ids.pass_)
    assert then is Then.TO_ROLL and s.phase == phases.ROLL and s.turn_holder() == 0
    s = started(2)
    s.apply_action("Roll the dice")
    s.apply_action(Dice(1, 2))  # a free property three steps from Start
    assert s.phase == phases.BUY
    s.apply_action("Start an auction")
    assert s.phase == phases.AUCTION and not s.a_player
    clone = s.clone()
    assert auctions.bid(clone, clone.current_player(), clone.ids.pass_) is Then.TURN_OVER
    assert clone.phase == phases.AUCTION, "the auction module does not pass the turn itself"
    s.apply_action(s.ids.pass_)
    assert s.phase == phases.ROLL and s.turn_holder() == 1


# -- imports go one way ------------------------------------------------------------------------------


def package_imports(path: pathlib.Path) -> set[str]:
    """The package modules a file imports, type-checking imports too."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for name in names:
            if name.startswith(PREFIX + "."):
                module = name.removeprefix(PREFIX + ".").split(".")[0]
                if (PACKAGE / f"{module}.py").exists():
                    found.add(module)
                    break
    return found - {path.stem}


def test_phase_modules_import_only_the_state_and_helpers() -> None:
    for module in PHASE_MODULES:
        found = package_imports(PACKAGE / f"{module}.py")
        assert found <= {*HELPERS, "state"}, f"{module} imports {sorted(found - {*HELPERS, 'state'})}"


def test_helpers_never_import_a_phase_module_or_what_strings_them_together() -> None:
    above = {*PHASE_MODULES, "flow", "game", "views", "explain", "serial", "bots", "heuristic"}
    for module in HELPERS:
        found = package_imports(PACKAGE / f"{module}.py")
        assert not found & above, f"{module} imports {sorted(found & above)}"
