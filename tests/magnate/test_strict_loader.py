"""The strict loader: every state reached in play loads back as it was; a hand-edited
position that is inconsistent is refused with a message naming the field."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import magnates
from magnates.games.magnate import MagnateGame, MagnateState
from magnates.games.magnate.flow import PHASE_NAMES
from position_cases import playout, refused, round_trips, sampled

VARIANTS: list[dict[str, Any]] = [
    {},
    {"players": 1},
    {"players": 3},
    {"mega": True, "taxation": "double"},
    {"districts": 4, "courts": False},
]


def game_of(**options: Any) -> MagnateGame:
    return magnates.load("magnate", **options)  # type: ignore[return-value]


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_states_from_seeded_playouts_load_back_unchanged(options: dict[str, Any]) -> None:
    game = game_of(**options)
    phases = set()
    count = 0
    for state in sampled(game, range(3), every=4, phase=lambda s: s.phase):  # type: ignore[attr-defined]
        round_trips(game, state)
        phases.add(PHASE_NAMES[state.phase])  # type: ignore[attr-defined]
        count += 1
    assert count >= 100
    solo = options.get("players") == 1
    expected = set(PHASE_NAMES) - ({"automa"} if not solo else set())
    assert expected <= phases, f"phases never reached: {expected - phases}"


def found(predicate: Callable[[MagnateState], bool], **options: Any) -> tuple[MagnateGame, MagnateState]:
    game = game_of(**options)
    for seed in range(20):
        for state in playout(game, seed):
            assert isinstance(state, MagnateState)
            if predicate(state):
                return game, state.clone()
    raise AssertionError("no such state in 20 seeded games")


def in_main_with_a_deed(state: MagnateState) -> bool:
    return PHASE_NAMES[state.phase] == "main" and any(c >= 0 for row in state.deed_card for c in row)


def first_deed(data: dict[str, Any]) -> dict[str, Any]:
    return next(e for d in data["districts"] for lane in d["lanes"] for e in lane if e["deed"])


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("unknown field", lambda d: d.update(money=3), "money"),
    ("unknown nested field", lambda d: d["sides"][1].update(gold=1), "sides[1].gold"),
    ("missing field", lambda d: d.pop("plays_left"), "plays_left"),
    ("missing token count", lambda d: d["sides"][0]["tokens"].pop("Knots"), "sides[0].tokens.Knots"),
    ("a number as text", lambda d: d.update(turn="3"), "turn"),
    ("negative tokens", lambda d: d["sides"][1]["tokens"].update(Moons=-1), "sides[1].tokens.Moons"),
    ("unknown phase", lambda d: d.update(phase="lunch"), "phase"),
    ("seat out of range", lambda d: d.update(turn_player=2), "turn_player"),
    ("unknown card", lambda d: d["discard"].insert(0, "The Joker"), "discard[0]"),
    ("stale copy of who acts", lambda d: d.update(to_act=1 - d["to_act"]), "to_act"),
    ("stale pile count", lambda d: d.update(draw_pile=d["draw_pile"] + 1), "draw_pile"),
    ("stale hand size", lambda d: d["sides"][0].update(hand_size=9), "sides[0].hand_size"),
    ("a spectator's seat", lambda d: d.update(seat=0), "seat"),
    ("a card twice", lambda d: d["discard"].append(d["hidden"]["pile"][0]), "discard"),
    ("a card lost", lambda d: d["hidden"].update(pile=d["hidden"]["pile"][1:]), "hidden.pile"),
    ("a Crown moved", lambda d: d["sides"][0]["crowns"].append(d["sides"][1]["crowns"].pop()), "sides[0].crowns"),
    (
        "dice the wrong way round",
        lambda d: d.update(dice=sorted(d["dice"]) if d["dice"][0] != d["dice"][1] else [1, 9]),
        "dice",
    ),
    ("tax dice outside the tax phase", lambda d: d.update(tax_dice_left=1), "tax_dice_left"),
    (
        "income owed in the main phase",
        lambda d: d["pending_income"].append({"player": 0, "card": first_deed(d)["card"]}),
        "pending_income",
    ),
    ("a paid-up deed", lambda d: first_deed(d)["paid"].update({s: 9 for s in first_deed(d)["paid"]}), ".paid"),
    ("final turns with no exhaustion", lambda d: d.update(final_turns_left=1), "final_turns_left"),
]


@pytest.mark.parametrize(("edit", "field"), [(e, f) for _, e, f in CORRUPTIONS], ids=[n for n, _, _ in CORRUPTIONS])
def test_each_kind_of_corruption_is_refused_naming_its_field(
    edit: Callable[[dict[str, Any]], object], field: str
) -> None:
    game, state = found(in_main_with_a_deed)
    refused(game, state, edit, field)


def test_two_deeds_in_one_lane_are_refused() -> None:
    def lane_with_deed_and_more(state: MagnateState) -> bool:
        return in_main_with_a_deed(state) and any(
            len(state.lanes[d][side]) > 1
            for d, row in enumerate(state.deed_card)
            for side, c in enumerate(row)
            if c >= 0
        )

    game, state = found(lane_with_deed_and_more)

    def second_deed(d: dict[str, Any]) -> None:
        lane = next(
            lane for x in d["districts"] for lane in x["lanes"] if len(lane) > 1 and any(e["deed"] for e in lane)
        )
        other = next(e for e in lane if not e["deed"])
        other.update(deed=True, paid={suit: 0 for suit in first_deed(d)["paid"]})

    message = refused(game, state, second_deed, "].deed")
    assert "districts[" in message


def test_a_roll_phase_with_dice_is_refused() -> None:
    game, state = found(in_main_with_a_deed)

    def back_to_roll(d: dict[str, Any]) -> None:
        d.update(phase="roll", to_act=None)

    refused(game, state, back_to_roll, "dice")


def test_the_automa_holds_no_tokens() -> None:
    game, state = found(lambda s: PHASE_NAMES[s.phase] == "main", players=1)
    refused(game, state, lambda d: d["sides"][1]["tokens"].update(Knots=2), "sides[1].tokens")


def test_not_a_magnate_state_is_refused() -> None:
    game = game_of()
    with pytest.raises(magnates.RecordError, match="not a saved Magnate state"):
        game.state_from_json({"game": "chess"})


DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"


def test_the_worked_example_in_the_docs_says_what_the_loader_says() -> None:
    """docs/positions.md: the example's position loads, and each refused edit gives the message shown."""
    text = DOC.read_text()
    example = text.split("## A worked example (Magnate)")[1].split("```python\n")[1].split("```")[0]
    namespace: dict[str, Any] = {}
    exec(example, namespace)  # the example prints a legal action of the edited position
    game, data = namespace["game"], namespace["data"]
    table = text.split("These are refused:")[1].split("Two habits")[0]
    rows = re.findall(r"^\| `(.+)` \| `(.+)` \|$", table, flags=re.MULTILINE)
    assert len(rows) == 4
    for edit, message in rows:
        edited = copy.deepcopy(data)
        exec(edit, {"data": edited})
        with pytest.raises(magnates.RecordError) as caught:
            game.state_from_json(edited)
        assert str(caught.value) == message
