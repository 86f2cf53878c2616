"""The strict loader: every state reached in play loads back as it was; a hand-edited
position that is inconsistent is refused with a message naming the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import magnates
from magnates.games.galactic_magnate.board import GROUPS, PRISON
from magnates.games.galactic_magnate.game import GalacticMagnateGame
from magnates.games.galactic_magnate.phases import PHASE_NAMES
from magnates.games.galactic_magnate.state import GalacticState
from position_cases import playout, refused, round_trips, sampled

VARIANTS: list[dict[str, Any]] = [{}, {"players": 3}, {"players": 5, "characters": "pick"}]


def game_of(**options: Any) -> GalacticMagnateGame:
    return magnates.load("galactic-magnate", **options)  # type: ignore[return-value]


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_states_from_seeded_playouts_load_back_unchanged(options: dict[str, Any]) -> None:
    game = game_of(**options)
    phases = set()
    count = 0
    for state in sampled(game, range(2), every=25, phase=lambda s: s.phase):  # type: ignore[attr-defined]
        round_trips(game, state)
        phases.add(PHASE_NAMES[state.phase])  # type: ignore[attr-defined]
        count += 1
    assert count >= 100
    expected = set(PHASE_NAMES) - ({"characters"} if "characters" not in options else set())
    assert expected <= phases, f"phases never reached: {expected - phases}"


def found(predicate: Callable[[GalacticState], bool], **options: Any) -> tuple[GalacticMagnateGame, GalacticState]:
    game = game_of(**options)
    for seed in range(20):
        for state in playout(game, seed):
            assert isinstance(state, GalacticState)
            if predicate(state):
                return game, state.clone()
    raise AssertionError("no such state in 20 seeded games")


def mid_game(state: GalacticState) -> bool:
    """A roll phase with properties owned, no one in Prison, a monopoly not held by one player."""
    return (
        PHASE_NAMES[state.phase] == "roll"
        and state.turns > 20
        and not any(state.prison)
        and state.pos[0] != PRISON
        and all(state.alive)
        and any(len({state.owner[loc] for loc in g.locations}) > 1 for g in GROUPS)
    )


def split_group(d: dict[str, Any]) -> int:
    return next(g.index for g in GROUPS if len({d["owner"][loc] for loc in g.locations}) > 1)


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("unknown field", lambda d: d.update(money=3), "money"),
    ("missing field", lambda d: d.pop("cash"), "cash"),
    ("a number as text", lambda d: d.update(bank=str(d["bank"])), "bank"),
    ("true for a number", lambda d: d.update(doubles=True), "doubles"),
    ("wrong player count", lambda d: d.update(players=3), "players"),
    ("unknown phase", lambda d: d.update(phase=42), "phase"),
    ("seat out of range", lambda d: d.update(trade_with=2), "trade_with"),
    ("money from nowhere", lambda d: d["cash"].__setitem__(0, d["cash"][0] + 100), "cash"),
    ("a prisoner outside Prison", lambda d: d["prison"].__setitem__(0, 2), "prison[0]"),
    ("an upgrade on a split monopoly", lambda d: d["level"].__setitem__(split_group(d), 1), "level["),
    ("an end reason mid-game", lambda d: d.update(end_reason="tired"), "end_reason"),
    ("income of the wrong width", lambda d: d["income"][0].append(5), "income"),
    ("history not of action ids", lambda d: d.update(history=["roll"]), "history"),
    ("a bidder twice", lambda d: d.update(a_ring=[0, 0]), "a_ring"),
    ("a third double counted", lambda d: d.update(doubles=3), "doubles"),
]


@pytest.mark.parametrize(("edit", "field"), [(e, f) for _, e, f in CORRUPTIONS], ids=[n for n, _, _ in CORRUPTIONS])
def test_each_kind_of_corruption_is_refused_naming_its_field(
    edit: Callable[[dict[str, Any]], object], field: str
) -> None:
    game, state = found(mid_game)
    refused(game, state, edit, field)


def test_states_saved_before_income_was_kept_still_load() -> None:
    game, state = found(mid_game)
    data = state.to_json()
    del data["income"]
    assert game.state_from_json(data).income == [[0] * len(state.income[0]) for _ in range(state.n)]


def test_a_player_who_left_keeps_no_cash() -> None:
    game, state = found(mid_game)
    seat = next(q for q in range(state.n) if q != state.turn_holder())

    def leave_with_cash(d: dict[str, Any]) -> None:
        d["alive"][seat] = False
        d["eliminated"] = [seat]
        d["bank"] += d["cash"][seat] - 7
        d["cash"][seat] = 7
        d["owner"] = [-1 if owner == seat else owner for owner in d["owner"]]
        d["level"] = [0] * len(d["level"])

    refused(game, state, leave_with_cash, f"cash[{seat}]")
