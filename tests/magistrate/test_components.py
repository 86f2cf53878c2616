"""The designed components: the map, Judges' path, deck and Agent Ops board hold the
properties the rules and the designer's public notes rely on."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from magnates.games.magistrate.components import DesignError, _check, components


def test_the_map_has_12_provinces_4_inner_and_8_outer_with_symmetric_adjacency():
    comp = components()
    assert len(comp.provinces) == 12
    assert sum(p.inner for p in comp.provinces) == 4
    for p in comp.provinces:
        for q in p.neighbours:
            assert p.id in comp.provinces[q].neighbours
    # Every province can be reached from every Home.
    seen, frontier = {0}, [0]
    while frontier:
        for q in comp.provinces[frontier.pop()].neighbours:
            if q not in seen:
                seen.add(q)
                frontier.append(q)
    assert seen == set(range(12))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_has_an_outer_home_and_homes_are_never_adjacent(players):
    comp = components()
    homes = comp.homes[players]
    assert len(set(homes)) == players
    for home in homes:
        assert not comp.provinces[home].inner
        assert not set(comp.provinces[home].neighbours) & set(homes)


def test_every_card_has_its_four_uses_and_influence_as_the_designer_described():
    comp = components()
    patterns = Counter()
    for card in comp.cards:
        assert (card.cards in (2, 3)) != any(card.cubes)
        assert card.attacker_loses + card.defender_loses >= 1
        assert 1 <= card.agent_op <= 3
        steps = sorted(s for _, s in card.influence)
        judges = {j for j, _ in card.influence}
        assert len(judges) == len(card.influence)
        patterns[tuple(steps)] += 1
    # one, two or all three Judges forward one space, or one Judge forward two
    assert set(patterns) == {(1,), (1, 1), (1, 1, 1), (2,)}


def test_the_deck_treats_the_three_colours_and_judges_alike():
    comp = components()
    cubes = [sum(card.cubes[c] for card in comp.cards) for c in range(3)]
    assert cubes[0] == cubes[1] == cubes[2]
    moves = Counter()
    for card in comp.cards:
        for judge, steps in card.influence:
            moves[judge] += steps
    assert moves[0] == moves[1] == moves[2]
    attacker = sum(c.attacker_loses for c in comp.cards)
    defender = sum(c.defender_loses for c in comp.cards)
    assert attacker == defender


def test_agent_ops_board_has_a_people_and_a_military_row_and_fewer_open_cells_in_small_games():
    comp = components()
    rows = Counter(cell.row for cell in comp.cells)
    assert rows == {"people": 4, "military": 4}
    open_cells = {n: len(comp.cells) - len(comp.blocking_chips[n]) for n in (2, 3, 4)}
    assert open_cells[2] < open_cells[3] < open_cells[4]
    for cell in comp.cells:
        assert cell.describe().startswith(cell.name)


def test_broken_designs_are_refused_with_an_exception_that_survives_python_O():
    """The load-time checks raise DesignError (a ValueError), not assert, which `python -O` strips."""
    comp = components()
    with pytest.raises(DesignError, match="card 0 is listed out of order"):
        _check(dataclasses.replace(comp, cards=comp.cards[1:]))
    first = comp.provinces[0]
    one_way = dataclasses.replace(first, neighbours=(*first.neighbours, 4))  # 4 does not list 0
    with pytest.raises(ValueError, match="one-way"):
        _check(dataclasses.replace(comp, provinces=(one_way, *comp.provinces[1:])))
    endless = dataclasses.replace(comp.cards[0], attacker_loses=0, defender_loses=0)
    with pytest.raises(DesignError, match="battle last forever"):
        _check(dataclasses.replace(comp, cards=(endless, *comp.cards[1:])))
