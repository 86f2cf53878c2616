"""The log as each seat reads it: cards into hands and secret evidence are named only to their owner."""

from __future__ import annotations

from magnates.games.magistrate import MagistrateGame
from magnates.games.magistrate.components import GREEN
from magnates.games.magistrate.phases import ATTACKS, INFLUENCE, PEOPLE

from .helpers import at_phase, dealt


def readers(state):
    """Every seat and the spectator."""
    return [*range(state.n), None]


def test_opening_deal_names_the_card_only_to_the_player_it_is_dealt_to():
    state = MagistrateGame(players=3).new_initial_state()
    assert state.is_chance_node() and state.draws[0][0] == 0
    card = state.deck[5]
    assert state.describe(state.ids.draw[card], 0) == f"you draw card {card + 1}"
    for reader in (1, 2, None):
        assert state.describe(state.ids.draw[card], reader) == "Player 1 draws a card"
    for _ in range(4):  # Player 1's four opening cards; the next goes to Player 2
        state.apply_action(state.ids.draw[state.deck[0]])
    card = state.deck[0]
    assert state.describe(state.ids.draw[card], 1) == f"you draw card {card + 1}"
    for reader in (0, 2, None):
        assert state.describe(state.ids.draw[card], reader) == "Player 2 draws a card"


def test_a_card_drawn_by_producing_is_named_only_to_the_producer():
    state = at_phase(dealt(3), PEOPLE, 2)
    state.apply_action(state.ids.produce)
    assert state.is_chance_node()
    texts = {card: {r: state.describe(state.ids.draw[card], r) for r in readers(state)} for card in state.deck}
    for card, by_reader in texts.items():
        assert by_reader[2] == f"you draw card {card + 1}"
        assert by_reader[0] == by_reader[1] == by_reader[None] == "Player 3 draws a card"


def test_secret_evidence_is_named_only_to_the_player_who_places_it():
    state = dealt(3)
    assert state.stage == "material" and state.decider == 0
    for card in state.hands[0]:
        action = state.ids.secret[card]
        assert action in state.legal_actions()
        assert state.describe(action, 0) == f"place card {card + 1} as secret evidence"
        for reader in (1, 2, None):
            assert state.describe(action, reader) == "places a card as secret evidence"


def test_a_card_discarded_for_material_is_named_to_everyone():
    state = dealt(3)
    card = state.hands[0][0]
    action = state.ids.material[card]
    assert action in state.legal_actions()
    assert {state.describe(action, r) for r in readers(state)} == {f"discard card {card + 1} for material"}


def test_battle_and_influence_flips_are_named_to_everyone():
    state = dealt(4)
    for player, count in ((0, 3), (1, 2)):
        state.soldiers[player][8] += count
        state.stock_soldiers[player] -= count
    state.stockpile[GREEN] -= 2 - state.supply[0][GREEN]
    state.supply[0][GREEN] = 2
    at_phase(state, ATTACKS, 0)
    state.apply_action(state.ids.attack[8][1])
    assert state.battle and state.is_chance_node()
    card = state.deck[0]
    assert {state.describe(state.ids.draw[card], r) for r in readers(state)} == {f"card {card + 1} comes off the deck"}

    state = dealt(3)
    state.stage, state.flips_left, state.draws, state._legal = INFLUENCE, 1, [], None
    assert state.is_chance_node()
    card = state.deck[0]
    assert {state.describe(state.ids.draw[card], r) for r in readers(state)} == {f"card {card + 1} comes off the deck"}
