"""The cheatsheet's numbers are the engine's own, for every option combination.

Each number is parsed back out of the rendered text and compared twice: with the
variant's `Config`, and with what a real seeded game of those options does
(cards in hand after the deal, cards played before "end turn" is legal, d6 per
taxation, hand size at the end, reshuffles of the draw pile, ...).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from variant_table import all_option_sets, load, option_id, playout

from magnates.games.magnate.cheatsheet import NUMBER_WORDS, ORDINALS, render

OPTION_SETS = list(all_option_sets())


def number(word: str) -> int:
    return NUMBER_WORDS.index(word) if word in NUMBER_WORDS else int(word)


def find(pattern: str, text: str) -> re.Match[str]:
    found = re.search(pattern, text)
    assert found, f"the cheatsheet has no {pattern!r}"
    return found


def parse(text: str) -> dict[str, Any]:
    """The numbers a person at the table would read off the sheet."""
    reshuffle = find(r"(Never) reshuffle|Reshuffle the discards (once|twice)", text)
    return {
        "decks": number(find(r"This game takes (\w+) Decktets?", text).group(1)),
        "tokens_per_suit": int(find(r"about (\d+) tokens of each suit", text).group(1)),
        "deck_size": int(find(r"(\d+) property cards go into the draw pile", text).group(1)),
        "tax_dice": number(find(r"two d10 and (\w+) d6", text).group(1)),
        "tax_dice_on_a_1": number(find(r"if either shows a 1, roll (\w+) d6", text).group(1)),
        "pawns": number(find(r"Set out the (?:Excuse and )?(\w+) Pawns", text).group(1)),
        "excuse_is_district": "Set out the Excuse" in text,
        "districts": number(find(r"These (\w+) districts are what you play for", text).group(1)),
        "crowns_total": int(find(r"Deal the (\d+) Crowns evenly", text).group(1)),
        "crowns_each": number(find(r"Deal the \d+ Crowns evenly: (\w+) to", text).group(1)),
        "cards_dealt": number(find(r"deal (\w+) cards? to (?:each player|you)", text).group(1)),
        "plays_per_turn": number(find(r"\*\*Play (\w+) cards?\*\* \(exactly (\w+) this turn\)", text).group(1)),
        "draw_up_to": number(find(r"\*\*Draw\*\* back up to (\w+) cards?", text).group(1)),
        "final_hand_size": number(find(r"discards the hand of (\w+) cards?", text).group(1)),
        "reshuffles": 0 if reshuffle.group(1) else {"once": 1, "twice": 2}[reshuffle.group(2)],
        "ending_exhaustion": ORDINALS.index(find(r"the (\w+) time the draw pile runs out", text).group(1)),
        "ace_cost": number(find(r"an Ace costs (\w+) of its suit", text).group(1)),
    }


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_the_sheet_says_what_config_says(options: dict[str, Any]) -> None:
    game = load(**options)
    c = game.config
    sheet = parse(render(c))
    assert sheet["decks"] == c.decks
    assert sheet["tokens_per_suit"] == c.tokens_per_suit
    assert sheet["tax_dice"] == sheet["tax_dice_on_a_1"] == c.tax_dice
    assert sheet["pawns"] == c.pawns
    assert sheet["cards_dealt"] == sheet["draw_up_to"] == c.cards_dealt
    assert sheet["plays_per_turn"] == c.plays_per_turn
    assert sheet["final_hand_size"] == c.final_hand_size
    assert sheet["reshuffles"] == c.reshuffles
    assert sheet["ending_exhaustion"] == c.ending_exhaustion
    assert sheet["crowns_each"] == c.crowns_each
    assert sheet["ace_cost"] == c.ace_develop_cost


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_the_sheet_says_what_the_engine_does(options: dict[str, Any]) -> None:
    game = load(**options)
    text = render(game.config)
    sheet = parse(text)
    end, seen = playout(game, seed=sum(map(ord, option_id(options))))
    # Components and layout: the engine's deck and districts.
    assert sheet["deck_size"] == len(game.deck)
    assert sheet["crowns_total"] == len(game.deck.crowns) == 6 * sheet["decks"]
    assert sheet["districts"] == len(game.districts)
    assert sheet["pawns"] == sum(1 for d in game.districts if not d.is_excuse)
    assert sheet["excuse_is_district"] == any(d.is_excuse for d in game.districts)
    assert ("Courts are off" in text) == (not any(c.kind == "court" for c in game.deck.cards))
    # What happened in a real game.
    assert seen.dealt_hands == [sheet["cards_dealt"]] * game.config.players
    assert seen.crowns_each == [sheet["crowns_each"]] * game.config.sides
    assert seen.plays_before_end == {sheet["plays_per_turn"]}
    assert seen.tax_dice_per_taxation <= {sheet["tax_dice"]}
    assert seen.refills == sheet["reshuffles"]
    assert seen.exhaustions == sheet["ending_exhaustion"]
    # Everyone ends with the sheet's hand size; only a player whose last draw came up short
    # (two cards owed, one left: Mega) holds fewer.
    assert max(seen.final_hands) == sheet["final_hand_size"]
    assert sum(1 for h in seen.final_hands if h == sheet["final_hand_size"]) >= game.config.players - 1
    assert end.is_terminal()


def test_every_taxation_rolls_the_sheets_d6_in_a_long_run() -> None:
    """Taxation is common enough (19 rolls in 100) that a few games see it; check both counts."""
    for options, dice in (({}, 1), ({"taxation": "double"}, 2), ({"mega": True}, 2)):
        game = load(**options)
        counts: set[int] = set()
        for seed in range(3):
            counts |= playout(game, seed)[1].tax_dice_per_taxation
        assert counts == {dice} == {parse(render(game.config))["tax_dice"]}
