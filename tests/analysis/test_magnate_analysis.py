"""Magnate's exact dice numbers against hand-computed probabilities."""

from __future__ import annotations

from fractions import Fraction

import pytest

import magnates
from magnates.games.magnate import analysis as a

STANDARD = a.rules_from_options(magnates.load("magnate").options)


@pytest.mark.parametrize("k", range(1, 11))
def test_higher_of_two_d10(k: int) -> None:
    # k is the higher die when both are <= k but not both < k: (k^2 - (k-1)^2) / 100.
    assert a.higher_die()[k] == Fraction(2 * k - 1, 100)


def test_the_distribution_is_complete() -> None:
    assert sum(a.higher_die().values()) == 1


def test_what_produces() -> None:
    assert a.production_chance(1) == Fraction(1, 100)  # Aces: double 1 only
    assert a.production_chance(10) == Fraction(19, 100)  # Crowns on any 10
    assert a.production_chance(9) == Fraction(17, 100)
    assert all(a.doubles(face) == Fraction(1, 100) for face in range(1, 11))


def test_taxation() -> None:
    assert a.taxation_chance() == 1 - Fraction(9, 10) ** 2 == Fraction(19, 100)
    assert a.suit_taxation_chance(STANDARD) == Fraction(19, 100) * Fraction(1, 6) == Fraction(19, 600)
    double = a.rules_from_options(magnates.load("magnate", taxation="double").options)
    assert double.taxation_dice == 2
    assert a.suit_taxation_chance(double) == Fraction(19, 100) * (1 - Fraction(25, 36))
    assert a.expected_suits_taxed(2) == 6 * (1 - Fraction(5, 6) ** 2) == Fraction(11, 6)
    assert a.rules_from_options(magnates.load("magnate", mega=True).options).taxation_dice == 2
    assert a.taxed_within(Fraction(19, 100), 2) == 1 - Fraction(81, 100) ** 2


def test_income_per_roll() -> None:
    assert a.developed_income(7) == 2 * Fraction(13, 100)  # one token per suit
    assert a.deed_income(7) == Fraction(13, 100)  # one token of the owner's choice
    assert a.developed_income(1) == Fraction(1, 100)  # an Ace has one suit
    assert a.crown_income() == Fraction(19, 100)


def test_the_designers_25_turns() -> None:
    # "lower numbers are a better buy with 25 or fewer turns left": profit(k, N) = N*2(2k-1)/100 - k.
    assert a.profit_ranking_flips(STANDARD) == 25
    assert {a.profit_developed(k, 25, STANDARD) for k in range(2, 10)} == {Fraction(-1, 2)}
    for n in (10, 24):
        profits = [a.profit_developed(k, n, STANDARD) for k in range(2, 10)]
        assert profits == sorted(profits, reverse=True)
    profits = [a.profit_developed(k, 26, STANDARD) for k in range(2, 10)]
    assert profits == sorted(profits)
    assert a.break_even_developed(9, STANDARD) == Fraction(9) / Fraction(34, 100)


def test_deed_and_ace_costs() -> None:
    assert a.profit_deed_only(9, 100) == 17 - 2
    assert a.profit_deed_only(1, 100) == 1 - 1
    original = a.rules_from_options(magnates.load("magnate", aces="original").options)
    assert a.profit_developed(1, 100, original) == 0 and a.profit_developed(1, 100, STANDARD) == -2


def test_tables_and_plot(tmp_path: object) -> None:
    from pathlib import Path

    result = a.analyze(magnates.load("magnate").options, turns=(10, 25, 40))
    titles = [t.title for t in result.tables]
    assert len(titles) == 5
    data = result.to_json()
    dice = data["tables"][0]
    assert dice["rows"][4][1] == {"exact": "9/100", "value": 0.09}
    paths = a.plot(result, Path(str(tmp_path)))
    assert [p.suffix for p in paths] == [".png", ".svg"] and all(p.stat().st_size > 0 for p in paths)


def test_simulated_crown_income_agrees_with_the_exact_rate() -> None:
    """Cross-check engine and analysis: every roll pays each player 3 x 19/100 Crown tokens on average."""
    from magnates.sim.batch import BatchSpec, run_batch

    batch = run_batch(BatchSpec.make("magnate", {}, ["greedy"], 60, 123), workers=1)
    rolls = crowns = 0
    for outcome in batch.outcomes:
        assert outcome.result is not None
        rolls += outcome.result.details["turns"]
        crowns += sum(seat["crowns"] for seat in outcome.result.details["income"].values())
    per_player_per_roll = crowns / (2 * rolls)
    expected = float(STANDARD.crowns_per_player * a.crown_income())
    # ~2,600 rolls: one standard error of the rate is 3 x 0.39 / sqrt(2600) ~ 0.023; allow four.
    assert abs(per_player_per_roll - expected) < 0.1
