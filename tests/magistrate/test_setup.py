"""New Game Setup exactly as the sheet lists it."""

from __future__ import annotations

import pytest

import magnates
from magnates.core.errors import OptionError
from magnates.games.magistrate.components import components

from .helpers import dealt


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_each_player_the_sheets_starting_pieces(players):
    comp = components()
    state = magnates.load("magistrate", players=players).new_initial_state()
    # the opening deal is chance: 4 cards per player, then 1 per Fort for round 1
    assert state.is_chance_node()
    assert state.draws == [[p, 4] for p in range(players)] + [[p, 1] for p in range(players)]
    for p in range(players):
        assert state.supply[p] == [3, 2, 1]
        assert state.rings[p] == 1
        assert state.forts[state.home[p]] == p
        assert state.forts_on_map(p) == 1
        assert state.header[p] == 1 and state.agents_on_board(p) == 1
        assert sum(state.soldiers[p]) == 0 and state.stock_soldiers[p] == comp.soldiers
    assert state.judges == [0, 0, 0]
    assert state.blocked == comp.blocking_chips[players]
    assert state.stockpile == [comp.central_cubes - players * n for n in (3, 2, 1)]


def test_after_the_deal_each_player_holds_four_cards_plus_one_per_fort():
    state = dealt(4)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert len(state.deck) == len(state.comp.cards) - 20
    assert state.stage == "material" and state.current_player() == 0


def test_bad_player_count_names_the_valid_values():
    with pytest.raises(OptionError, match="2, 3, 4"):
        magnates.load("magistrate", players=5)
