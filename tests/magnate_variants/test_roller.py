"""The Magnate Roller reads dice exactly as the engine resolves them, and its command line."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from typer.testing import CliRunner
from variant_table import load

from magnates.cli.main import app
from magnates.decktet import Kind
from magnates.games.magnate import roller
from magnates.games.magnate.roller import ACES, CROWNS, RANK, RollError, describe, producers, read_roll, roll

runner = CliRunner()
VARIANTS: tuple[dict[str, object], ...] = ({}, {"taxation": "double"}, {"mega": True}, {"players": 3}, {"players": 1})


def test_the_d6_faces_name_the_suits_as_the_engine_does() -> None:
    game = load()
    for action in game.action_space:
        if action.kind == "tax":
            assert roller.taxed_suit(action.face).title == action.suit  # type: ignore[attr-defined]


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_every_roll_means_what_the_engine_does_with_it(options: dict[str, object]) -> None:
    game = load(**options)
    deck = game.deck
    for high in range(1, 11):
        for low in range(1, high + 1):
            reading = read_roll(game.config, [low, high])
            state = game.new_initial_state()
            # Skip the deal: the first roll comes after it whatever the cards are.
            while state.view(None)["phase"] != "roll":
                state.apply_action(state.legal_actions()[0])
            state.apply_action(f"roll {high} {low}")
            taxes = 0
            while state.view(None)["phase"] == "tax":
                state.apply_action(state.legal_actions()[0])
                taxes += 1
            assert reading.taxation == (taxes > 0)
            assert (
                taxes
                == (reading.tax_dice_needed if reading.taxation else 0)
                == (game.config.tax_dice if low == 1 else 0)
            )
            named = {p.name for p in producers(game.config, reading)}
            if high == 10:
                assert reading.produces == CROWNS and named == {c.name for c in deck.crowns}
            elif high == 1:
                assert reading.produces == ACES
                assert named == {c.name for c, r in zip(deck.cards, deck.income_rank, strict=True) if r == 1}
            else:
                assert reading.produces == RANK and reading.rank == high
                engine = {c.name for c, r in zip(deck.cards, deck.income_rank, strict=True) if r == high}
                assert named == engine and all(c.kind is not Kind.COURT for c in deck.cards if c.name in named)


def test_taxation_comes_up_19_times_in_100_as_in_the_engine() -> None:
    game = load()
    readings = [read_roll(game.config, [a, b]) for a in range(1, 11) for b in range(1, 11)]
    assert sum(r.taxation for r in readings) == 19
    engine = sum(
        (Fraction(p).limit_denominator(100) for a, p in game.space.roll_outcomes if game.action(a).low == 1),  # type: ignore[attr-defined]
        Fraction(0),
    )
    assert engine == Fraction(19, 100)
    crowns = Counter(r.produces for r in readings)[CROWNS]
    assert crowns == 19  # a 10 on either die


def test_rolled_dice_are_in_range_and_seeded() -> None:
    config = load(mega=True).config
    first = [roll(config, random.Random(7)) for _ in range(3)]
    assert len({r.dice for r in first}) == 1  # the same seed gives the same roll
    rng = random.Random(1)
    for _ in range(500):
        reading = roll(config, rng)
        assert all(1 <= d <= 10 for d in reading.dice)
        assert len(reading.tax_dice) == (2 if 1 in reading.dice else 0)
        assert all(1 <= f <= 6 for f in reading.tax_dice)


def test_given_dice_are_kept_and_only_the_tax_is_rolled() -> None:
    config = load().config
    reading = roll(config, random.Random(3), [4, 1])
    assert reading.dice == (4, 1) and len(reading.tax_dice) == 1


@pytest.mark.parametrize(
    ("dice", "tax", "message"),
    [
        ([7, 11], [], "1 to 10"),
        ([7], [], "two d10"),
        ([7, 4], [3], "no taxation"),
        ([7, 1], [3, 4], "rolls 1 d6"),
        ([7, 1], [9], "1 to 6"),
    ],
)
def test_impossible_dice_are_refused_with_the_reason(dice: list[int], tax: list[int], message: str) -> None:
    with pytest.raises(RollError, match=message):
        read_roll(load().config, dice, tax)


def test_double_taxation_names_both_suits_and_a_repeated_face_once() -> None:
    config = load(taxation="double").config
    assert [s.title for s in read_roll(config, [1, 6], [2, 5]).taxed] == ["Suns", "Wyrms"]
    assert [s.title for s in read_roll(config, [1, 6], [2, 2]).taxed] == ["Suns"]
    text = " ".join(describe(config, read_roll(config, [1, 6], [2, 5])))
    assert "Suns and Wyrms" in text and "each of those suits" in text


def test_the_solo_reading_says_the_automa_collects_nothing() -> None:
    lines = describe(load(players=1).config, read_roll(load(players=1).config, [10, 3]))
    assert any("automa collects nothing" in line for line in lines)


# -- the command ------------------------------------------------------------------------------------


def test_roll_command_reads_typed_dice() -> None:
    done = runner.invoke(app, ["roll", "--dice", "7 1", "--tax", "3", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["taxed"] == ["Waves"] and data["produces"] == "rank" and data["rank"] == 7
    assert {p["name"] for p in data["producers"]} == {"The Chance Meeting", "The Castle", "The Cave"}
    assert data["rolled"] == {"d10": False, "d6": False}


def test_roll_command_reads_a_d10_zero_as_ten_and_prints_words() -> None:
    done = runner.invoke(app, ["roll", "--dice", "0 4"])
    assert done.exit_code == 0, done.output
    assert "10: the Crowns produce" in done.output


def test_roll_command_mega_rolls_two_d6_on_a_1() -> None:
    done = runner.invoke(app, ["roll", "--mega", "--dice", "1 5", "--seed", "4", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert len(data["tax_dice"]) == 2 and data["rolled"]["d6"] is True


def test_roll_command_same_seed_same_roll() -> None:
    outs = {runner.invoke(app, ["roll", "--seed", "11", "--three", "--double-taxation", "--json"]).output for _ in "ab"}
    assert len(outs) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dice", "7 4", "--tax", "3"], "no taxation"),
        (["--tax", "3"], "--dice"),
        (["--dice", "seven one"], "whole numbers"),
        (["--dice", "1 7", "--tax", "3", "--mega"], "rolls 2 d6"),
    ],
)
def test_roll_command_bad_dice_exit_2(args: list[str], message: str) -> None:
    done = runner.invoke(app, ["roll", *args])
    assert done.exit_code == 2
    assert message in done.output
