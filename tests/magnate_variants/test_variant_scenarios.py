"""One scenario per variant, played with real actions on a real game.

Crowns, hands, dice and draws are chosen by name, so each test reads like a
table story. Where the end of the game matters, the rest is played out by
selling every card (which changes no district), so the final scoring is the
engine's own `result()` on the districts the story built.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from variant_table import Table, load

from magnates.core.chance import sample
from magnates.core.errors import IllegalAction, OptionError
from magnates.core.game import Result
from magnates.decktet import Kind

# Crowns by suit, to read the setups.
MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = (
    "The Huntress",
    "The Bard",
    "The Sea",
    "The End",
    "The Calamity",
    "The Windfall",
)
NO_INCOME = "roll 5 3"  # no one in these stories holds a rank-5 property when it is rolled


def finish_by_selling(table: Table, seed: int = 0) -> Result:
    """Play to the end selling a card whenever one must be played: the districts stay as built."""
    rng = random.Random(seed)
    state, game = table.state, table.game
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        kinds = {game.action(a).kind: a for a in reversed(legal)}
        state.apply_action(kinds.get("end_turn", kinds.get("sell", legal[0])))
    return state.result()


def districts_named(actions: set[str], card: str, verb: str = "buy the deed to") -> set[str]:
    prefix = f"{verb} {card} at "
    return {a[len(prefix) :].split(" paying")[0] for a in actions if a.startswith(prefix)}


# -- four districts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("districts", "expected"), [(4, set()), (5, {"The Excuse"})])
def test_four_districts_have_no_excuse_to_open_with_any_card(districts: int, expected: set[str]) -> None:
    game = load(districts=districts)
    table = Table(
        game,
        [[SUNS, MOONS, WAVES], [LEAVES, WYRMS, KNOTS]],
        [
            ["Ace of Suns", "The Author", "The Journey"],
            ["The Savage", "The Market", "The Battle"],
        ],
    )
    assert [d.name for d in game.districts if not d.is_excuse] == [
        "The Watchman", "The Borderland", "The Harvest", "The Light Keeper"
    ]  # fmt: skip
    table.do(NO_INCOME)
    # The Ace of Suns shares a suit with only two Pawns; the Excuse, when it is a district, takes anything.
    where = districts_named(table.legal_of_kind("deed"), "Ace of Suns")
    assert where == {"The Harvest", "The Light Keeper"} | expected
    if districts == 4:
        with pytest.raises(IllegalAction, match="no action is written"):
            table.do("buy the deed to Ace of Suns at The Excuse")
        result = finish_by_selling(table)
        assert len(result.details["district_values"]) == 4


# -- the original Ace rule --------------------------------------------------------------------------


def ace_story(aces: str) -> Table:
    """Player 1 builds the Ace of Suns, then The Mountain (Moons/Suns, 4) beside it at The Harvest."""
    game = load(aces=aces)
    table = Table(game, [[SUNS, MOONS, WAVES], [LEAVES, WYRMS, KNOTS]], [
        ["Ace of Suns", "The Mountain", "The Journey"],
        ["The Savage", "The Market", "The Battle"],
    ])  # fmt: skip
    if aces == "original":  # the Ace costs one Suns: Player 1 can build it at once
        table.turn(NO_INCOME, "develop Ace of Suns at The Harvest paying 1 Suns", draw=["The Origin"])
        table.turn("roll 10 3", "sell The Savage", draw=["The Sailor"])
    else:  # three Suns: two rolls of 10 first
        table.turn(NO_INCOME, "sell The Journey", draw=["The Origin"])
        table.turn("roll 10 3", "sell The Savage", draw=["The Sailor"])
        table.turn("roll 10 2", "develop Ace of Suns at The Harvest paying 3 Suns", draw=["The Forest"])
        table.turn("roll 10 4", "sell The Market", draw=["The Discovery"])
    table.turn("roll 10 6", "develop The Mountain at The Harvest paying 2 Moons + 2 Suns", draw=["The Lunatic"])
    return table


def test_original_ace_costs_one_token() -> None:
    for aces, can in (("original", True), ("official", False)):
        game = load(aces=aces)
        table = Table(game, [[SUNS, MOONS, WAVES], [LEAVES, WYRMS, KNOTS]], [
            ["Ace of Suns", "The Mountain", "The Journey"],
            ["The Savage", "The Market", "The Battle"],
        ])  # fmt: skip
        table.do(NO_INCOME)
        developable = districts_named(table.legal_of_kind("develop"), "Ace of Suns", "develop")
        assert bool(developable) == can
        assert game.config.ace_develop_cost == (1 if can else 3)


@pytest.mark.parametrize(("aces", "harvest"), [("original", 1 + 4), ("official", 2 + 4)])
def test_an_ace_scores_one_or_one_per_matching_property(aces: str, harvest: int) -> None:
    table = ace_story(aces)
    harvest_index = table.district("The Harvest")
    result = finish_by_selling(table)
    assert result.details["district_values"][harvest_index][0] == harvest
    assert result.details["total_rank"][0] == 1 + 4  # the tie-breaker counts an Ace as 1 either way
    assert result.winners == [0]


# -- courts off -------------------------------------------------------------------------------------


def test_courts_off_leaves_them_out_of_the_deck() -> None:
    with_courts, without = load(courts=True), load(courts=False)
    courts = {c.label for c in with_courts.deck.cards if c.kind is Kind.COURT}
    assert courts == {"The Consul", "The Rite", "The Window", "The Island"}
    assert not any(c.kind is Kind.COURT for c in without.deck.cards)
    assert len(with_courts.deck) - len(without.deck) == 4
    with pytest.raises(IllegalAction):
        without.parse_action("draw The Consul")
    state = without.new_initial_state()
    while state.view(None)["phase"] != "roll":
        state.apply_action(state.legal_actions()[0])
    assert not courts & {c for c in state.to_json()["hidden"]["pile"]}


# -- double taxation ----------------------------------------------------------------------------------


@pytest.mark.parametrize("taxation", ["single", "double"])
def test_double_taxation_rolls_two_d6_and_taxes_both_suits(taxation: str) -> None:
    game = load(taxation=taxation)
    table = Table(game, [[MOONS, WAVES, WYRMS], [SUNS, LEAVES, KNOTS]], [
        ["The Author", "The Journey", "The Savage"],
        ["The Desert", "The Origin", "The Painter"],
    ])  # fmt: skip
    table.turn("roll 10 2", "sell The Author", draw=["The Sailor"])  # Player 1: 3 Moons, 1 Knots
    assert table.tokens(0) == {"Moons": 3, "Suns": 0, "Waves": 2, "Leaves": 0, "Wyrms": 2, "Knots": 1}
    assert table.tokens(1) == {"Moons": 0, "Suns": 2, "Waves": 0, "Leaves": 2, "Wyrms": 0, "Knots": 2}
    table.do("roll 6 1", "tax Moons")
    if taxation == "single":
        assert table.view["phase"] == "main"
        assert table.tokens(0)["Moons"] == 1 and table.tokens(1)["Knots"] == 2
        return
    assert table.view["phase"] == "tax" and table.view["tax_dice_left"] == 1
    table.do("tax Knots")
    assert table.view["phase"] == "main" and table.view["taxed"] == ["Moons", "Knots"]
    assert table.tokens(0) == {"Moons": 1, "Suns": 0, "Waves": 2, "Leaves": 0, "Wyrms": 2, "Knots": 1}
    assert table.tokens(1) == {"Moons": 0, "Suns": 2, "Waves": 0, "Leaves": 2, "Wyrms": 0, "Knots": 1}


# -- Mega Magnate -----------------------------------------------------------------------------------------


MEGA_HANDS = [
    ["The Author", "The Journey", "The Savage", "The Mill", "The Author #2", "Ace of Moons"],
    ["The Desert", "The Origin", "The Painter", "The Mill #2", "The Cave", "Ace of Suns #2"],
]


def mega_table() -> Table:
    crowns = [
        [MOONS, SUNS, WAVES, f"{MOONS} #2", f"{SUNS} #2", f"{WAVES} #2"],
        [LEAVES, WYRMS, KNOTS, f"{LEAVES} #2", f"{WYRMS} #2", f"{KNOTS} #2"],
    ]
    return Table(load(mega=True), crowns, MEGA_HANDS)


def test_mega_uses_two_decktets_without_the_second_excuse_or_pawns() -> None:
    game = load(mega=True)
    single = load()
    assert len(game.deck) == 2 * len(single.deck) == 68  # numbered cards, Aces and Courts, twice
    assert not any(c.kind in (Kind.EXCUSE, Kind.PAWN, Kind.CROWN) for c in game.deck.cards)
    assert len(game.deck.crowns) == 12
    markers = [d.marker for d in game.districts]
    assert sum(1 for m in markers if m.kind is Kind.EXCUSE) == 1  # the second Excuse is removed
    assert all(m.copy == 0 for m in markers)  # the second deck's four Pawns are set aside


def test_mega_deals_six_cards_and_six_crowns_each() -> None:
    table = mega_table()
    for side in (0, 1):
        assert table.view["sides"][side]["hand_size"] == 6
        assert len(table.view["sides"][side]["crowns"]) == 6
    assert table.tokens(0) == {"Moons": 2, "Suns": 2, "Waves": 2, "Leaves": 0, "Wyrms": 0, "Knots": 0}


def test_mega_turn_is_two_card_plays_and_two_draws() -> None:
    table = mega_table()
    table.do(NO_INCOME, "sell The Author")
    assert "end turn" not in table.legal()
    table.do("sell The Author #2")
    assert "end turn" in table.legal() and not table.legal_of_kind("sell")
    table.do("end turn")
    assert table.view["phase"] == "draw" and table.view["draws_left"] == 2
    table.do("draw The Forest", "draw The Forest #2")
    assert table.view["sides"][0]["hand_size"] == 6 and table.view["turn_player"] == 1


def test_mega_ends_with_hands_of_four() -> None:
    table = mega_table()
    finish_by_selling(table, seed=5)
    hands = [side["hand_size"] for side in table.view["sides"]]
    assert max(hands) == 4 and 4 in hands


# -- three players ------------------------------------------------------------------------------------------


def three_table(hands: list[list[str]]) -> Table:
    return Table(load(players=3), [[MOONS, KNOTS], [SUNS, WYRMS], [WAVES, LEAVES]], hands)


THREE_HANDS = [
    ["The Author", "Ace of Moons", "The Journey"],
    ["The Desert", "The Penitent", "The Mountain"],
    ["The Origin", "The Sailor", "The Mill"],
]


def test_three_players_y_layout_who_contests_which_district() -> None:
    game = load(players=3)
    contested = {d.name: set(d.contested_by) for d in game.districts}
    assert contested["The Excuse"] == {0, 1, 2}
    for seat in range(3):
        own = [name for name, seats in contested.items() if seat in seats]
        assert len(own) == 5  # four Pawns and the Excuse, as in the two-player game
        neighbours = {(seat + 1) % 3, (seat - 1) % 3}
        pawns = [n for n in own if n != "The Excuse"]
        assert {s for n in pawns for s in contested[n]} - {seat} == neighbours
        assert all(len(contested[n]) == 2 for n in pawns)
    assert sum(1 for d in game.districts if d.marker.kind is Kind.PAWN) == 6


def test_three_players_build_only_in_their_own_districts() -> None:
    table = three_table(THREE_HANDS)
    assert [sum(t.values()) for t in (table.tokens(0), table.tokens(1), table.tokens(2))] == [2, 2, 2]
    assert all(len(side["crowns"]) == 2 for side in table.view["sides"])  # Crowns: two each
    table.do(NO_INCOME)
    # The Author (Moons/Knots) fits The Harvest's Pawn, but Players 2 and 3 contest that one.
    where = districts_named(table.legal_of_kind("develop"), "The Author", "develop")
    assert where == {"The Watchman", "The Excuse", "The Harvest #2"}
    with pytest.raises(IllegalAction, match="you do not build in that district"):
        table.do("develop The Author at The Harvest paying 1 Moons + 1 Knots")


def test_three_players_a_tie_at_the_top_of_the_excuse_scores_for_nobody() -> None:
    table = three_table(THREE_HANDS)
    table.turn(NO_INCOME, "develop The Author at The Excuse paying 1 Moons + 1 Knots", draw=["The Cave"])
    table.turn(NO_INCOME, "develop The Desert at The Excuse paying 1 Suns + 1 Wyrms", draw=["The Castle"])
    table.turn(NO_INCOME, "develop The Origin at The Light Keeper paying 1 Waves + 1 Leaves", draw=["The Market"])
    result = finish_by_selling(table, seed=2)
    excuse, keeper = table.district("The Excuse"), table.district("The Light Keeper")
    assert result.details["district_values"][excuse] == [2, 2, 0]
    assert result.details["district_winners"][excuse] is None  # Players 1 and 2 tie above Player 3
    assert result.details["district_winners"][keeper] == 2
    assert result.winners == [2] and result.reason == "districts"


def test_three_players_the_first_tiebreaker_decides_between_the_leaders() -> None:
    table = three_table(THREE_HANDS)
    table.turn("roll 10 2", "develop The Author at The Watchman paying 1 Moons + 1 Knots", draw=["The Cave"])
    table.turn("roll 10 4", "develop The Penitent at The Harvest paying 3 Suns + 3 Wyrms", draw=["The Castle"])
    table.turn(NO_INCOME, "sell The Sailor", draw=["The Market"])
    result = finish_by_selling(table, seed=3)
    assert result.details["districts"] == [1, 1, 0]
    assert result.details["total_rank"] == [2, 6, 0]
    assert result.winners == [1] and result.reason == "tiebreak: total rank"
    assert result.ranking == [2, 1, 3]


def test_three_players_game_ends_on_the_third_exhaustion() -> None:
    table = three_table(THREE_HANDS)
    finish_by_selling(table, seed=4)
    assert table.view["exhaustions"] == 3 and table.game.config.ending_exhaustion == 3


# -- the solo game against the automa ---------------------------------------------------------------------


def solo_table(automa: str, districts: int, automa_crowns: list[str], hand: list[str]) -> Table:
    you = [c for c in (MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS) if c not in automa_crowns]
    return Table(load(players=1, automa=automa, districts=districts), [you, automa_crowns], [hand])


def automa_choices(table: Table) -> set[str]:
    prefix = "automa builds at "
    return {a[len(prefix) :] for a in table.legal_of_kind("automa_build")}


def test_solo_sold_card_is_built_for_the_automa_where_it_fits() -> None:
    table = solo_table("normal", 5, [SUNS, WYRMS, KNOTS], ["The Forest", "The Journey", "Ace of Suns"])
    assert table.tokens(1) == dict.fromkeys(table.tokens(1), 0)  # the automa takes no tokens
    table.do("roll 10 2")
    assert sum(table.tokens(0).values()) == 6 and sum(table.tokens(1).values()) == 0
    table.do("sell The Forest")  # Moons/Leaves: not The Light Keeper (Suns/Waves/Knots)
    assert table.tokens(0)["Moons"] == 3 and table.tokens(0)["Leaves"] == 3  # you still take the tokens
    assert table.view["phase"] == "automa"
    assert automa_choices(table) == {"The Watchman", "The Borderland", "The Excuse", "The Harvest"}
    table.do("automa builds at The Harvest", "end turn", "draw The Lunatic")
    harvest = table.view["districts"][table.district("The Harvest")]
    assert harvest["lanes"][1] == [{"card": "The Forest", "deed": False}]
    table.do("roll 5 2")  # The Forest is a 5, but the automa collects nothing
    assert sum(table.tokens(1).values()) == 0


def test_solo_a_card_that_fits_nowhere_is_discarded() -> None:
    table = solo_table("normal", 4, [SUNS, WYRMS, KNOTS], ["The Forest", "The Journey", "Ace of Suns"])
    table.turn(NO_INCOME, "sell The Forest", "automa builds at The Harvest", draw=["The Lunatic"])
    table.do(NO_INCOME, "sell The Journey")
    table.do("automa builds at The Light Keeper", "end turn", "draw The Cave")
    table.do(NO_INCOME, "sell Ace of Suns")  # only Harvest and Light Keeper show Suns, both now blocked
    assert table.view["phase"] == "main" and table.view["discard"] == ["Ace of Suns"]
    assert table.tokens(0)["Suns"] == 2 + 0  # an Ace sells for two of its suit
    assert "end turn" in table.legal()


@pytest.mark.parametrize(
    ("automa", "expected"),
    [
        ("normal", {"The Borderland", "The Harvest", "The Light Keeper"}),
        ("hard", {"The Borderland", "The Light Keeper"}),
    ],
)
def test_hard_automa_places_by_its_crown_suit(automa: str, expected: set[str]) -> None:
    # The automa holds Moons, Knots and Waves; The Origin is Waves/Leaves, so hard must match by Waves.
    table = solo_table(automa, 4, [MOONS, KNOTS, WAVES], ["The Origin", "The Savage", "The Painter"])
    table.do(NO_INCOME, "sell The Origin")
    assert automa_choices(table) == expected


def test_hard_automa_falls_back_to_the_other_suit_when_the_crown_suit_fits_nowhere() -> None:
    table = solo_table("hard", 4, [MOONS, KNOTS, WAVES], ["The Savage", "The Painter", "The Origin"])
    table.do(NO_INCOME, "sell The Savage")  # Leaves/Wyrms: no automa Crown suit, any fitting district
    assert automa_choices(table) == {"The Watchman", "The Borderland", "The Harvest"}
    table.do("automa builds at The Borderland", "end turn", "draw The Lunatic")
    table.do(NO_INCOME, "sell The Painter")  # Suns/Knots: must match by Knots
    assert automa_choices(table) == {"The Watchman", "The Light Keeper"}
    table.do("automa builds at The Light Keeper", "end turn", "draw The Cave")
    table.do(NO_INCOME, "sell The Origin")  # Waves now fits nowhere: Leaves is allowed
    assert automa_choices(table) == {"The Borderland", "The Harvest"}


def test_solo_goes_through_the_deck_once_and_is_scored_against_the_automa() -> None:
    table = solo_table("normal", 5, [SUNS, WYRMS, KNOTS], ["The Forest", "The Journey", "Ace of Suns"])
    piles = []
    rng = random.Random(8)
    state = table.state
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        piles.append(state.view(None)["draw_pile"])
    assert all(b <= a for a, b in itertools.pairwise(piles))  # the pile never grows back
    assert state.view(None)["exhaustions"] == 1
    result = state.result()
    assert result.details["outcome"] in {"win", "loss", "draw"}
    you, automa = result.details["districts"]
    assert (result.details["outcome"] == "win") == (
        (you, result.details["total_rank"][0], result.details["tokens"][0])
        > (automa, result.details["total_rank"][1], result.details["tokens"][1])
    )
    assert result.details["tokens"][1] == 0


# -- combinations that make no sense ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"players": 3, "districts": 4}, "districts=5"),
        ({"players": 2, "automa": "hard"}, "players=1"),
        ({"players": 3, "automa": "hard"}, "solo game"),
        ({"players": 4}, "must be one of 1, 2, 3"),
        ({"taxation": "triple"}, "single, double"),
        ({"aces": "new"}, "official, original"),
    ],
)
def test_invalid_combinations_say_why(options: dict[str, Any], reason: str) -> None:
    with pytest.raises(OptionError, match=reason):
        load(**options)
