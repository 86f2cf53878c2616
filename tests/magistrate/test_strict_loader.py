"""The strict loader: every state reached in play loads back as it was; a hand-edited
position that is inconsistent is refused with a message naming the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import magnates
from magnates.games.magistrate import MagistrateGame
from magnates.games.magistrate.phases import ACTIONS, MARCH, PHASES
from magnates.games.magistrate.state import MagistrateState
from position_cases import playout, refused, round_trips, sampled


def game_of(players: int = 3) -> MagistrateGame:
    return magnates.load("magistrate", players=players)  # type: ignore[return-value]


def stage_of(state: Any) -> str:
    return PHASES[state.phase] if state.stage == ACTIONS else state.stage


@pytest.mark.parametrize("players", [2, 3, 4])
def test_states_from_seeded_playouts_load_back_unchanged(players: int) -> None:
    game = game_of(players)
    seen = set()
    count = 0
    for state in sampled(game, range(3), every=3, phase=stage_of):
        round_trips(game, state)
        seen.add(stage_of(state))
        count += 1
    assert count >= 100
    expected = {*PHASES, "material", "influence", "over"}
    assert expected <= seen, f"never reached: {expected - seen}"


def found(predicate: Callable[[MagistrateState], bool]) -> tuple[MagistrateGame, MagistrateState]:
    game = game_of()
    for seed in range(20):
        for state in playout(game, seed):
            assert isinstance(state, MagistrateState)
            if predicate(state) and state.history:
                return game, state.clone()
    raise AssertionError("no such state in 20 seeded games")


def people_phase(state: MagistrateState) -> bool:
    return state.stage == ACTIONS and PHASES[state.phase] == "People Actions" and not state.is_chance_node()


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("unknown field", lambda d: d.update(money=3), "money"),
    ("missing field", lambda d: d.pop("judges"), "judges"),
    ("a number for true/false", lambda d: d.update(placing=1), "placing"),
    ("a number as text", lambda d: d.update(round="2"), "round"),
    ("a soldier from nowhere", lambda d: d["soldiers"][0].__setitem__(0, d["soldiers"][0][0] + 1), "soldiers"),
    ("a cube from nowhere", lambda d: d["stockpile"].__setitem__(0, d["stockpile"][0] + 1), "cubes"),
    ("turn-start majorities outside a march", lambda d: d.update(most_at_start=[0]), "most_at_start"),
    ("ops used outside the ops phases", lambda d: d.update(ops_used=[0]), "ops_used"),
    ("a scoring round not in scored", lambda d: d.update(scoring_rounds=d["scoring_rounds"] + 1), "scored"),
    ("a battle against oneself", lambda d: d.update(battle=[0, 0, 0, 0]), "battle[0]"),
    ("an impossible battle winner", lambda d: d.update(last_battle=[0, 1, 0, 7]), "last_battle[3]"),
    ("an end reason mid-game", lambda d: d.update(end_reason="tired"), "end_reason"),
    ("a seat out of range", lambda d: d.update(first=5), "first"),
    ("a card twice", lambda d: d["discard"].append(d["deck"][0]), "card"),
    ("a Judge off the path", lambda d: d["judges"].__setitem__(0, 99), "judges"),
]


@pytest.mark.parametrize(("edit", "field"), [(e, f) for _, e, f in CORRUPTIONS], ids=[n for n, _, _ in CORRUPTIONS])
def test_each_kind_of_corruption_is_refused_naming_its_field(
    edit: Callable[[dict[str, Any]], object], field: str
) -> None:
    game, state = found(people_phase)
    refused(game, state, edit, field)


def test_the_turn_start_copy_is_kept_only_in_a_march_turn() -> None:
    game, state = found(lambda s: s.stage == ACTIONS and s.phase == MARCH and bool(s.most_at_start))
    round_trips(game, state)
    refused(game, state, lambda d: d.update(phase=MARCH - 1), "most_at_start")
