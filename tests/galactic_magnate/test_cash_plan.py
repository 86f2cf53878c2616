"""The cash of a trade offer set as one amount ("offer 230"): the fewest legal money steps to it."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates.games.galactic_magnate import trading

from .helpers import legal_texts, own, set_cash, started


def drafting(cash_of_partner: int | None = None):
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Titan Port")
    if cash_of_partner is not None:
        set_cash(s, 1, cash_of_partner)
    s.apply_action("Make an offer to Player 2")
    s.apply_action("Put my Ceres Outpost in the offer")
    return s


@pytest.mark.parametrize("target", [-230, -490, 0, 10, 120, 990, -1200])
def test_the_plan_reaches_the_amount_with_legal_steps_and_no_shorter_plan_exists(target: int) -> None:
    s = drafting()
    s.apply_action("Offer 50 more in cash")  # a start that is not zero
    plan = trading.cash_plan(s, 0, target)
    for action in plan:
        assert action in s.legal_actions()
        s.apply_action(action)
    assert s.draft_money == target
    # No shorter plan: every run of fewer steps (signed steps of 10/50/100/500) misses the amount.
    sizes = {10, 50, 100, 500}
    reach = {-50}
    for _ in range(len(plan) - 1):
        reach |= {r + sign * step for r in reach for step in sizes for sign in (1, -1)}
    assert target not in reach or not plan


def test_a_plan_uses_steps_on_both_sides_when_that_is_shorter() -> None:
    s = drafting()
    plan = trading.cash_plan(s, 0, -490)  # offer 500, ask 10 back: two steps, not nine
    assert [s.game.action_to_string(a) for a in plan] == ["Offer 500 more in cash", "Ask 10 more in cash"]


def test_amounts_beyond_either_sides_means_or_off_the_steps_are_refused_with_a_reason() -> None:
    s = drafting(cash_of_partner=60)  # Player 2 can spend 60 + Titan Port's mortgage value 130
    with pytest.raises(ValueError, match="Player 2 can pay at most 190"):
        trading.cash_plan(s, 0, 200)
    with pytest.raises(ValueError, match="steps of 10"):
        trading.cash_plan(s, 0, 125)
    with pytest.raises(ValueError, match="at most"):
        trading.cash_plan(s, 0, -(10**6))


def test_a_plan_longer_than_the_changes_left_is_refused() -> None:
    s = drafting()
    s.draft_steps = trading.MAX_BUILD_STEPS - 2
    with pytest.raises(ValueError, match="changes to the offer and 2 are left"):
        trading.cash_plan(s, 0, -3840)  # 500 x 8 - 100 - 50 - 10: far more than two steps
    assert sorted(trading.cash_plan(s, 0, -600)) == sorted([s.ids.offer_money_id[500], s.ids.offer_money_id[100]])


def test_no_plan_outside_an_offer_being_built() -> None:
    s = started(2)
    with pytest.raises(ValueError, match="no offer is being built"):
        trading.cash_plan(s, 0, 100)


@pytest.mark.parametrize(
    ("line", "target"), [("offer 230", -230), ("Give 40 in cash", -40), ("ask 120", 120), ("no cash", 0)]
)
def test_the_typed_forms(line: str, target: int) -> None:
    s = drafting()
    s.apply_action("Ask 10 more in cash")
    plan = s.game.typed_plan(s, 0, line)
    assert plan is not None
    for action in plan:
        s.apply_action(action)
    assert s.draft_money == target


def test_other_lines_are_no_shorthand() -> None:
    s = drafting()
    for line in ("Offer 10 more in cash", "offer", "no 30", "Propose the offer", "3"):
        assert s.game.typed_plan(s, 0, line) is None
    assert magnates.load("magnate").typed_plan(s, 0, "offer 230") is None  # other games have none
    assert "Offer 10 more in cash" in legal_texts(s)


def test_random_targets_in_random_drafts_are_reached_or_refused_cleanly() -> None:
    rng = random.Random(5)
    for _ in range(40):
        s = drafting(cash_of_partner=rng.choice([0, 90, 400, 2000]))
        for _ in range(rng.randrange(4)):
            s.apply_action(
                rng.choice([a for a in s.legal_actions() if s.ids.kind_of[a] in ("offer-money", "ask-money")])
            )
        target = rng.randrange(-400, 400) * 10
        try:
            plan = trading.cash_plan(s, 0, target)
        except ValueError:
            continue
        for action in plan:
            s.apply_action(action)
        assert s.draft_money == target
