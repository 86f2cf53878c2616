"""The Wilson score interval: the set of proportions p for which the observed rate is within z standard errors."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magnates.sim.stats import Z95, wilson_interval


def score_gap(p: float, successes: int, trials: int) -> float:
    """|observed - p| minus z standard errors at p: zero exactly at the Wilson bounds."""
    return abs(successes / trials - p) - Z95 * math.sqrt(p * (1 - p) / trials)


@given(st.integers(min_value=1, max_value=5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_bounds_solve_the_score_equation(case: tuple[int, int]) -> None:
    successes, trials = case
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
    for bound in (low, high):
        if 0.0 < bound < 1.0:
            assert score_gap(bound, successes, trials) == pytest.approx(0.0, abs=1e-9)


@given(st.integers(min_value=1, max_value=2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_mirror_symmetry(case: tuple[int, int]) -> None:
    successes, trials = case
    low, high = wilson_interval(successes, trials)
    other_low, other_high = wilson_interval(trials - successes, trials)
    assert low == pytest.approx(1 - other_high)
    assert high == pytest.approx(1 - other_low)


def test_no_successes_has_the_closed_form_upper_bound() -> None:
    # With 0 successes the upper bound is z^2 / (n + z^2).
    for trials in (1, 10, 400):
        low, high = wilson_interval(0, trials)
        assert low == 0.0
        assert high == pytest.approx(Z95**2 / (trials + Z95**2))


def test_more_games_narrow_the_interval() -> None:
    widths = [wilson_interval(3 * n // 4, n)[1] - wilson_interval(3 * n // 4, n)[0] for n in (40, 400, 4000)]
    assert widths[0] > widths[1] > widths[2]


def test_no_games_say_nothing_and_impossible_counts_are_refused() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="impossible"):
        wilson_interval(5, 4)
