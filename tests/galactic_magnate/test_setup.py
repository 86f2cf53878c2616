"""The board, the seed's tables, characters, seating and the action space."""

from __future__ import annotations

import pytest

import magnates
from magnates import OptionError
from magnates.games.galactic_magnate.board import (
    EVENTS,
    EXTRACTORS,
    GROUPS,
    KIND,
    LOCATIONS,
    TABLES,
    UTILITIES,
)

from .helpers import started


def test_board_has_the_seeds_shape():
    assert len(LOCATIONS) == 40
    assert [KIND[i] for i in (0, 10, 20, 30)] == ["start", "dormitory", "meteor", "prison"]
    assert KIND[7] == "bonus"
    assert EXTRACTORS == (5, 15, 25, 35)
    assert len(UTILITIES) == 4 and {u // 10 for u in UTILITIES} == {0, 1, 2, 3}
    fortunes = [i for i in range(40) if KIND[i] == "fortune"]
    assert len(fortunes) == 4 and {f // 10 for f in fortunes} == {0, 1, 2, 3}
    assert len(GROUPS) == 8
    for side in range(4):
        assert len({g.index for g in GROUPS if g.locations[0] // 10 == side}) == 2
    assert sum(len(g.locations) for g in GROUPS) == 23


def test_seed_tables_are_kept_as_written_including_the_odd_extractor_70():
    assert TABLES.start_cash == {2: 3900, 3: 3400, 4: 2900, 5: 2400}
    assert TABLES.start_salary == {2: 280, 3: 300, 4: 320, 5: 340}
    assert TABLES.bonus_money == {2: 500, 3: 370, 4: 300, 5: 260}
    assert TABLES.utility_fees == (50, 70, 100, 150)
    assert TABLES.extractor_profits == (90, 70, 130, 150)
    assert len(set(TABLES.characters)) == 15


def test_designed_tables_are_complete_and_grow_with_level():
    for group in GROUPS:
        assert len(group.fees) == 5
        assert list(group.fees) == sorted(group.fees) and len(set(group.fees)) == 5
        assert group.upgrade_price > 0
    for location in LOCATIONS:
        if location.is_property:
            assert location.price > 0 and 0 < location.mortgage <= location.price
    assert sum(e.choice for e in EVENTS) >= 2 and sum(not e.choice for e in EVENTS) >= 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_cash_salary_and_start_location(players):
    state = started(players)
    assert state.cash == [TABLES.start_cash[players]] * players
    assert state.salary == TABLES.start_salary[players]
    assert state.pos == [0] * players
    assert state.bank + sum(state.cash) == 0


def test_characters_are_dealt_in_seat_order_by_default():
    game = magnates.load("galactic-magnate", players=3)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.phase_name == "order"
    assert state.characters == [0, 1, 2]


def test_each_player_chooses_a_different_character():
    game = magnates.load("galactic-magnate", players=3, characters="pick")
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action("Choose the spy")
    assert state.current_player() == 1
    assert "Choose the spy" not in [game.action_to_string(a) for a in state.legal_actions()]
    with pytest.raises(magnates.IllegalAction):
        state.apply_action("Choose the spy")


def test_playing_order_is_a_chance_node_over_every_permutation():
    game = magnates.load("galactic-magnate", players=4, characters="pick")
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 24
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply_action("Playing order: Player 3, Player 1, Player 4, Player 2")
    assert state.current_player() == 2


def test_dice_are_a_chance_node_of_36_equally_likely_throws():
    state = started(2)
    state.apply_action("Roll the dice")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and all(abs(p - 1 / 36) < 1e-12 for _, p in outcomes)
    assert all(state.game.action(a).is_dice for a, _ in outcomes)


def test_action_space_is_finite_and_every_action_reads_and_parses():
    game = magnates.load("galactic-magnate", players=5)
    space = game.action_space
    assert len(space) < 3000
    for action_id, action in enumerate(space):
        assert game.parse_action(action.to_json()) == action_id
        assert str(action)


def test_bad_options_name_the_valid_values():
    with pytest.raises(OptionError, match="2, 3, 4, 5"):
        magnates.load("galactic-magnate", players=6)
    with pytest.raises(OptionError, match="max_rounds"):
        magnates.load("galactic-magnate", max_rounds=0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cheatsheet_reads_the_engines_numbers(players):
    from magnates.games.galactic_magnate.cheatsheet import render_options

    text = render_options({"players": players, "max_rounds": 300})
    assert f"{TABLES.start_cash[players]:,} each, salary {TABLES.start_salary[players]}" in text
    for group in GROUPS:
        assert " / ".join(map(str, group.fees)) in text
    assert all(event.title in text for event in EVENTS)


def test_a_board_file_that_drifts_from_the_seed_is_refused():
    import dataclasses

    from magnates.games.galactic_magnate.board import check_shape

    swapped = list(LOCATIONS)
    swapped[5], swapped[6] = swapped[6], swapped[5]  # the extractor leaves the middle of side 1
    with pytest.raises(ValueError, match="middle of side 1"):
        check_shape(dataclasses.replace(TABLES, locations=tuple(swapped)))
    odd = dataclasses.replace(EVENTS[0], effects=({"type": "teleport"},))
    with pytest.raises(ValueError, match="unknown effect"):
        check_shape(dataclasses.replace(TABLES, events=(odd,)))
