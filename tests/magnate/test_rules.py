"""Scenario tests: one per rule of the official game and per worked example of seed 001."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates import IllegalAction, OptionError
from magnates.games.magnate.flow import INCOME, MAIN, OVER, TAX
from position_cases import check_clone_copies_every_field

from .scenario import official, roll, set_tokens, texts, to_main


def test_setup_deals_three_crowns_tokens_and_cards():
    state = official()
    assert [len(c) for c in state.crowns] == [3, 3]
    assert state.tokens == [[1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1]]  # one token per Crown's suit
    assert [len(h) for h in state.hands] == [3, 3]
    assert [d.name for d in state.districts] == [
        "The Watchman",
        "The Borderland",
        "The Excuse",
        "The Harvest",
        "The Light Keeper",
    ]
    assert len(state.pile) == 34 - 6  # 6 Aces, 24 numbered cards, 4 Courts; Crowns, Pawns and Excuse set apart


def test_courts_can_be_left_out():
    game = magnates.load("magnate", courts=False)
    assert len(game.deck) == 30 and all(c.kind.value != "court" for c in game.deck.cards)


def test_a_one_on_either_die_taxes_before_income():
    state = official()
    set_tokens(state, 0, waves=4, moons=1)
    set_tokens(state, 1, waves=2, knots=3)
    roll(state, 10, 1)
    assert state.phase == TAX and state.is_chance_node()
    assert {p for _, p in state.chance_outcomes()} == {1 / 6}
    state.apply_action("tax Waves")
    # Taxed down to one Wave each, then the 10 pays the Crowns.
    assert state.tokens[0] == [2, 1, 2, 0, 0, 0]
    assert state.tokens[1] == [0, 0, 1, 1, 1, 4]


def test_no_taxation_without_a_one():
    state = official()
    roll(state, 5, 3)
    assert state.phase == MAIN


def test_ten_pays_every_player_their_crowns():
    state = official()
    roll(state, 10, 4)
    assert state.tokens == [[2, 2, 2, 0, 0, 0], [0, 0, 0, 2, 2, 2]]


def test_developed_property_pays_one_per_suit_once_even_on_doubles():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=4, leaves=4)
    state.apply_action("develop The Mill at The Borderland paying 4 Waves + 4 Leaves")
    state.apply_action("end turn")
    state.apply_action("draw The Journey")
    roll(state, 8, 8)
    assert state.tokens[0] == [0, 0, 1, 1, 0, 0]


def test_deed_income_is_the_owners_choice_even_on_the_opponents_turn():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=1, leaves=1)
    state.apply_action("buy the deed to The Mill at The Borderland")
    assert state.tokens[0] == [0] * 6  # the Mill's deed: one Wave and one Leaf, to the bank
    state.apply_action("end turn")
    state.apply_action("draw The Journey")
    assert state.turn_player == 1
    roll(state, 8, 2)
    assert state.phase == INCOME and state.current_player() == 0
    assert sorted(texts(state)) == ["take Leaves", "take Waves"]
    state.apply_action("take Leaves")
    assert state.tokens[0][3] == 1 and state.phase == MAIN and state.current_player() == 1


def test_a_pair_of_ones_pays_aces_after_taxation():
    state = official()
    to_main(state)
    set_tokens(state, 0, moons=3)
    state.apply_action("develop Ace of Moons at The Watchman paying 3 Moons")
    state.apply_action("end turn")
    state.apply_action("draw The Journey")
    roll(state, 1, 1, "Knots")
    assert state.tokens[0][0] == 1


def test_courts_never_produce():
    state = official(hands=[["The Consul", "The Author", "Ace of Moons"], ["The Pact", "The Origin", "The Savage"]])
    to_main(state)
    set_tokens(state, 0, moons=4, waves=3, knots=3)
    state.apply_action("develop The Consul at The Watchman paying 4 Moons + 3 Waves + 3 Knots")
    assert state.deck.income_rank[state.game.card_index["The Consul"]] == 0
    assert all(state.game.card_index["The Consul"] not in cards for cards in state.producers[0])


def test_develop_outright_pays_exactly_the_rank_with_each_suit():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=8, leaves=8)
    mill = sorted(t for t in texts(state) if t.startswith("develop The Mill at The Borderland"))
    assert len(mill) == 7  # 1+7 .. 7+1: at least one of each suit
    set_tokens(state, 0, waves=4, leaves=4)
    mill = [t for t in texts(state) if t.startswith("develop The Mill at The Borderland")]
    assert mill == ["develop The Mill at The Borderland paying 4 Waves + 4 Leaves"]
    set_tokens(state, 0, waves=8)
    assert not [t for t in texts(state) if t.startswith("develop The Mill")]  # no Leaf: cannot develop


def test_ace_costs_three_of_its_suit_and_its_deed_one():
    state = official()
    to_main(state)
    set_tokens(state, 0, moons=2)
    assert "develop Ace of Moons at The Watchman paying 3 Moons" not in texts(state)
    assert "buy the deed to Ace of Moons at The Watchman" in texts(state)
    set_tokens(state, 0, moons=3)
    assert "develop Ace of Moons at The Watchman paying 3 Moons" in texts(state)


def test_court_costs_ten_with_all_three_suits_deed_three_sells_for_three():
    state = official(hands=[["The Consul", "The Author", "Ace of Moons"], ["The Pact", "The Origin", "The Savage"]])
    to_main(state)
    set_tokens(state, 0, moons=10, waves=10, knots=10)
    consul = [t for t in texts(state) if t.startswith("develop The Consul at The Watchman")]
    assert len(consul) == 36  # 10 split three ways, at least one each
    set_tokens(state, 0, moons=1, waves=1, knots=1)
    state.apply_action("buy the deed to The Consul at The Watchman")
    assert state.tokens[0] == [0] * 6
    state2 = official(hands=[["The Consul", "The Author", "Ace of Moons"], ["The Pact", "The Origin", "The Savage"]])
    to_main(state2)
    before = state2.tokens[0][:]
    state2.apply_action("sell The Consul")
    assert [a - b for a, b in zip(state2.tokens[0], before, strict=True)] == [1, 0, 1, 0, 0, 1]


def test_deed_develops_over_time_and_completes_with_each_suit():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=8, leaves=2)
    state.apply_action("buy the deed to The Mill at The Borderland")
    for _ in range(7):
        state.apply_action("add Waves to the deed at The Borderland")
    assert "add Waves to the deed at The Borderland" not in texts(state)  # the last must be a Leaf
    mill = state.game.card_index["The Mill"]
    assert mill in state.deeded
    state.apply_action("add Leaves to the deed at The Borderland")
    assert mill not in state.deeded and state.deed_card[1][0] == -1


def test_tokens_on_a_deed_are_safe_from_taxation():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=5, leaves=1)
    state.apply_action("buy the deed to The Mill at The Borderland")
    for _ in range(3):
        state.apply_action("add Waves to the deed at The Borderland")
    state.apply_action("end turn")
    state.apply_action("draw The Journey")
    roll(state, 6, 1, "Waves")
    assert state.deed_paid[1][0][2] == 3


def test_no_new_property_in_a_district_with_an_open_deed():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=3, leaves=3, moons=3, knots=3)
    state.apply_action("buy the deed to The Mill at The Borderland")
    state.plays_left = 1  # look at the next turn's options without playing it out
    state._legal = None
    assert not [t for t in texts(state) if "at The Borderland" in t and not t.startswith("add")]


def test_first_property_shares_a_suit_with_the_pawn_and_any_card_opens_the_excuse():
    state = official()
    to_main(state)
    set_tokens(state, 0, moons=1, knots=1)
    author = {t.split(" at ")[1].split(" paying")[0] for t in texts(state) if t.startswith("develop The Author")}
    # The Author (Moons, Knots) fits the Watchman, Harvest, Light Keeper and the Excuse, not the Borderland.
    assert author == {"The Watchman", "The Excuse", "The Harvest", "The Light Keeper"}


def test_later_properties_share_a_suit_with_the_previous_one():
    state = official()
    to_main(state)
    set_tokens(state, 0, waves=4, leaves=4)
    state.apply_action("develop The Mill at The Excuse paying 4 Waves + 4 Leaves")
    state.plays_left = 1
    state._legal = None
    set_tokens(state, 0, moons=1, knots=1)
    author = {t.split(" at ")[1].split(" paying")[0] for t in texts(state) if t.startswith("develop The Author")}
    assert "The Excuse" not in author  # the Mill (Waves, Leaves) shares no suit with the Author


def test_selling_gives_one_token_per_suit_and_an_ace_two():
    state = official()
    to_main(state)
    before = state.tokens[0][:]
    state.apply_action("sell The Mill")
    assert [a - b for a, b in zip(state.tokens[0], before, strict=True)] == [0, 0, 1, 1, 0, 0]
    assert state.game.card_index["The Mill"] in state.discard
    state = official()
    to_main(state)
    state.apply_action("sell Ace of Moons")
    assert state.tokens[0][0] == 3


def test_exactly_one_card_play_per_turn():
    state = official()
    to_main(state)
    assert "end turn" not in texts(state)
    state.apply_action("sell The Author")
    assert not [t for t in texts(state) if t.startswith(("develop", "buy", "sell"))]
    assert "end turn" in texts(state)


def test_three_of_a_suit_trade_for_one_of_another():
    state = official()
    to_main(state)
    set_tokens(state, 0, moons=3)
    assert "trade 3 Moons for 1 Knots" in texts(state)
    state.apply_action("trade 3 Moons for 1 Knots")
    assert state.tokens[0] == [0, 0, 0, 0, 0, 1]
    assert not [t for t in texts(state) if t.startswith("trade")]


def _score(state, lanes_by_district):
    """Place developed cards directly and finish the game (a scoring scenario)."""
    game = state.game
    for d, sides in lanes_by_district.items():
        for side, names in enumerate(sides):
            for name in names:
                state._place(game.card_index[name], d, side)
    state.phase = OVER
    return state.result()


def test_the_ace_that_counts_for_four():
    """Seed 001: an Ace alone counts one; with the 3, 5 and 8 of its suit it counts four."""
    state = official()
    result = _score(
        state,
        {0: [["Ace of Moons", "The Journey", "The Forest", "The Diplomat"], []], 1: [["Ace of Suns"], []]},
    )
    assert result.details["district_values"][0][0] == 4 + 3 + 5 + 8
    assert result.details["district_values"][1][0] == 1
    assert result.details["total_rank"][0] == 1 + 3 + 5 + 8 + 1  # the tie-break counts an Ace's rank, 1


def test_original_ace_rule_scores_one():
    state = official(aces="original")
    result = _score(state, {0: [["Ace of Moons", "The Journey", "The Forest"], []]})
    assert result.details["district_values"][0][0] == 1 + 3 + 5


def test_tied_district_scores_for_nobody_and_total_rank_breaks_ties():
    state = official()
    result = _score(
        state,
        {
            0: [["The Mill"], ["The Betrayal"]],
            1: [["The Pact"], []],
            2: [[], ["The Merchant"]],
            3: [["The Author"], []],
        },
    )
    assert result.details["district_winners"] == [None, 0, 1, 0, None]
    assert result.ranking == [1, 2] and result.reason == "districts"
    state = official()
    result = _score(state, {0: [["The Mill"], []], 1: [[], ["The Pact"]]})
    assert result.details["districts"] == [1, 1]
    assert result.ranking == [2, 1] and result.reason == "tiebreak: total rank"


def test_remaining_tokens_break_the_next_tie_then_it_is_a_draw():
    state = official()
    set_tokens(state, 0, moons=2)
    set_tokens(state, 1, moons=1)
    result = _score(state, {0: [["The Mill"], []], 1: [[], ["The Diplomat"]]})
    assert result.reason == "tiebreak: resources" and result.ranking == [1, 2]
    state = official()
    set_tokens(state, 0, moons=1)
    set_tokens(state, 1, suns=1)
    result = _score(state, {0: [["The Mill"], []], 1: [[], ["The Diplomat"]]})
    assert result.reason == "draw" and result.ranking == [1, 1] and state.returns() == [0.0, 0.0]


def test_unfinished_deeds_do_not_count():
    state = official()
    game = state.game
    mill = game.card_index["The Mill"]
    state._place(mill, 1, 0)
    state.deed_card[1][0] = mill
    state.deeded.add(mill)
    result = _score(state, {})
    assert result.details["district_values"][1][0] == 0


def test_illegal_action_is_refused_and_changes_nothing():
    state = official()
    to_main(state)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply_action("develop The Mill at The Borderland paying 4 Waves + 4 Leaves")
    assert "tokens" in str(err.value) and "may choose" in str(err.value)
    with pytest.raises(IllegalAction, match="must still play 1 card"):
        state.apply_action("end turn")
    with pytest.raises(IllegalAction, match="no action is written"):
        state.apply_action("build a castle")
    with pytest.raises(IllegalAction, match="chance"):
        state.apply_action("roll 5 5")
    assert state.to_json() == before


def test_bad_options_name_the_valid_values():
    with pytest.raises(OptionError, match="one of 5, 4"):
        magnates.load("magnate", districts=6)
    with pytest.raises(OptionError, match="valid options"):
        magnates.load("magnate", colour="red")
    with pytest.raises(OptionError, match="solo"):
        magnates.load("magnate", automa="hard")
    with pytest.raises(OptionError, match="no game"):
        magnates.load("monopoly")


def test_token_supply_is_unlimited():
    state = official()
    set_tokens(state, 0, moons=50)
    roll(state, 10, 4)
    assert state.tokens[0][0] == 51


def test_a_rank_two_card_may_be_deeded_though_the_rules_advise_against_it():
    state = official()
    to_main(state)
    set_tokens(state, 0, moons=1, knots=1)
    assert "buy the deed to The Author at The Watchman" in texts(state)


def test_first_player_is_player_one_and_collects_on_turn_one():
    state = official()
    assert state.turn_player == 0 and state.turn_number == 1 and state.is_chance_node()


def test_an_empty_discard_pile_cannot_be_reshuffled_so_it_counts_as_the_next_exhaustion():
    state = official()
    to_main(state)
    state.apply_action("sell The Author")
    state.apply_action("end turn")
    state.pile = [state.game.card_index["The Journey"]]
    state.discard = []
    state._legal = None
    state.apply_action("draw The Journey")
    assert state.exhaustions == 2 and state.final_turns_left == 2


def test_log_lines_do_not_name_cards_drawn_by_others():
    state = magnates.load("magnate").new_initial_state()
    for crown in ["The Huntress", "The End", "The Bard", "The Calamity", "The Sea", "The Windfall"]:
        assert state.describe(state.game.parse_action(f"deal crown {crown}"), 1).endswith(crown)
        state.apply_action(f"deal crown {crown}")
    mill = state.game.parse_action("draw The Mill")
    assert state.describe(mill, 0) == "you draw The Mill"  # Player 1 is dealt the first card
    assert state.describe(mill, 1) == "Player 1 draws a card"
    assert state.describe(mill, None) == "Player 1 draws a card"


def test_a_solo_loss_is_neither_a_win_nor_a_draw():
    state = magnates.load("magnate", players=1).new_initial_state()
    game = state.game
    state._place(game.card_index["The Mill"], 0, 1)  # the automa holds a district
    state.phase = OVER
    result = state.result()
    assert result.details["outcome"] == "loss" and result.ranking == [2]
    assert result.winner is None and not result.is_draw and state.returns() == [-1.0]


FIELDS = {
    *("game", "config", "deck", "districts", "space", "first_masks", "side_districts", "history"),
    *("phase", "turn_player", "turn_number", "dice", "tax_dice_left", "plays_left", "draws_left"),
    *("sold_card", "exhaustions", "final_turns_left", "hands", "pile", "discard", "crowns_to_deal"),
    *("crowns", "tokens", "lanes", "deed_card", "deed_paid", "deeded", "producers", "taxed"),
    *("pending_income", "income", "taxed_away"),
}


@pytest.mark.parametrize("options", [{}, {"players": 1}, {"players": 3}])
def test_clone_copies_every_field_the_state_has(options: dict[str, int]):
    state = magnates.load("magnate", **options).new_initial_state()
    rng = random.Random(3)
    while state.turn_number < 12:  # deeds bought and paid into, cards in every lane
        legal = state.chance_outcomes() or [(a, 1.0) for a in state.legal_actions()]
        state.apply_action(rng.choice(legal)[0])
    check_clone_copies_every_field(state, FIELDS)
