"""The Decktet data against the facts of the deck (shared/reference/decktet.md)."""

from collections import Counter

from magnates.decktet import (
    ACES,
    COURTS,
    CROWNS,
    EXTENDED_DECK,
    NUMBERED,
    PAWNS,
    SUITS,
    Kind,
    card_by_name,
    double_deck,
)


def test_the_extended_deck_has_45_cards_in_its_parts():
    assert len(EXTENDED_DECK) == 45
    assert (len(ACES), len(NUMBERED), len(CROWNS), len(PAWNS), len(COURTS)) == (6, 24, 6, 4, 4)
    assert len({c.name for c in EXTENDED_DECK}) == 45


def test_each_suit_is_on_eight_numbered_cards_one_ace_and_one_crown():
    for suit in SUITS:
        assert sum(suit in c.suits for c in NUMBERED) == 8
        assert sum(suit in c.suits for c in ACES) == 1
        assert sum(suit in c.suits for c in CROWNS) == 1


def test_numbered_cards_are_three_of_each_rank_with_two_suits():
    assert Counter(c.rank for c in NUMBERED) == {r: 3 for r in range(2, 10)}
    assert all(len(c.suits) == 2 for c in NUMBERED)
    assert all(len(c.suits) == 3 for c in PAWNS + COURTS)


def test_worked_example_cards():
    mill = card_by_name("The Mill")
    assert mill.rank == 8 and [s.title for s in mill.suits] == ["Waves", "Leaves"]
    assert card_by_name("the excuse").kind is Kind.EXCUSE


def test_a_double_deck_is_two_copies_told_apart_by_copy():
    deck = double_deck()
    assert len(deck) == 90
    assert len({c.label for c in deck}) == 90
    assert card_by_name("The Mill", copy=1).label == "The Mill #2"
