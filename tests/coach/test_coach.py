"""The coach: it reads views only, its chances add up, it is reproducible, and it calls a known
blunder a blunder in every game."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from known_blunders import Blunder, lost_at_once, lost_at_the_end, resigned_when_winning

import magnates
from magnates.analysis import LABELS, Coach, CoachSettings, ReviewCache, label_for, review_record
from magnates.analysis.review import Choice, DecisionReview, judge_decision, practice_verdict
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.core.game import Game, State
from magnates.core.record import Record

GAMES = [
    ("magnate", {"players": 2}),
    ("magnate", {"players": 1}),
    ("magnate", {"players": 3}),
    ("magnate", {"players": 2, "mega": True}),
    ("galactic-magnate", {"players": 2}),
    ("galactic-magnate", {"players": 4}),
    ("magistrate", {"players": 2}),
    ("magistrate", {"players": 3}),
    ("magistratvm", {"players": 3}),
    ("magistratvm", {"players": 4}),
]
FAST = CoachSettings(samples=2, candidates=4, screen=1, depth=12)


def played(game: Game, seed: int, actions: int) -> State:
    """A seeded game by the rollout policy, stopped after `actions` actions (or at its end)."""
    rng = random.Random(seed)
    policy = game_hooks(game)["rollout_action"]
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history) < actions:
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return state


def decision_of(game: Game, seed: int, actions: int) -> State:
    """The first decision with a choice at or after `actions` actions."""
    state = played(game, seed, actions)
    rng = random.Random(seed)
    policy = game_hooks(game)["rollout_action"]
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return state


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: str(v))
def test_two_states_with_the_same_view_get_the_same_analysis(name: str, options: dict[str, object]) -> None:
    game = magnates.load(name, **options)
    coach = Coach(game, FAST)
    for seed in (1, 2):
        real = decision_of(game, seed, 40 * seed)
        seat = real.current_player()
        view = real.view(seat)
        other = None
        for tries in range(20):  # another world the seat cannot tell from the real one
            guess = game.sample_state(view, random.Random(tries))
            if guess.to_json() != real.to_json():
                other = guess
                break
        assert other is not None, "no other world with this view: the test would prove nothing"
        assert other.view(seat) == view
        step = len(real.history)
        played_move = real.legal_actions()[-1]
        assert judge_decision(coach, real, step, played_move) == judge_decision(coach, other, step, played_move)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: str(v))
def test_every_decision_has_chances_that_sum_to_one(name: str, options: dict[str, object]) -> None:
    game = magnates.load(name, **options)
    state = played(game, 3, 60)
    review = review_record(state.record(), FAST)
    data = json.loads(json.dumps(review.to_json()))
    decisions = [
        step
        for step, s in enumerate(magnates.replay(state.record(), all_states=True)[:-1])
        if s.current_player() >= 0 and len(s.legal_actions()) > 1
    ]
    assert [d["step"] for d in data["decisions"]] == decisions
    sides = max(2, game.num_players)
    for entry in data["decisions"]:
        assert len(entry["before"]) == len(entry["after"]) == sides
        assert sum(entry["before"]) == pytest.approx(1.0, abs=1e-3)
        assert sum(entry["after"]) == pytest.approx(1.0, abs=1e-3)
        assert entry["label"] in LABELS
        assert entry["loss"] >= 0
        assert entry["action_text"] and entry["best_text"]
        assert entry["before"][entry["seat"]] >= entry["after"][entry["seat"]] - 1e-9
    assert sum(s["decisions"] for s in data["seats"]) == len(data["decisions"])
    for entry in data["decisions"]:
        check_choices(entry)


WEAKER = ("inaccuracy", "mistake", "blunder")


def check_choices(entry: dict[str, Any]) -> None:
    """A weaker move keeps the moves to practise it again: the best and the played among them,
    listed by action id, each with the mover's chance as the review gives it; other moves none."""
    if entry["label"] not in WEAKER:
        assert "choices" not in entry
        return
    choices = {c["action"]: c for c in entry["choices"]}
    assert 2 <= len(choices) == len(entry["choices"]) <= 6
    assert [c["action"] for c in entry["choices"]] == sorted(choices)
    assert choices[entry["best"]]["chance"] == entry["before"][entry["seat"]]
    assert choices[entry["action"]]["chance"] == entry["after"][entry["seat"]]
    assert max(c["chance"] for c in entry["choices"]) == choices[entry["best"]]["chance"]
    assert choices[entry["best"]]["text"] == entry["best_text"]


@pytest.mark.parametrize(("name", "options"), [GAMES[0], GAMES[4], GAMES[8]], ids=lambda v: str(v))
def test_a_weaker_move_keeps_the_moves_to_practise_it_again(name: str, options: dict[str, object]) -> None:
    """`check_choices` needs weaker moves to check: these games have some in 200 actions."""
    review = review_record(played(magnates.load(name, **options), 3, 200).record(), FAST).to_json()
    weaker = [d for d in review["decisions"] if d["label"] in WEAKER]
    assert weaker, "no weaker move in 200 actions: pick another game"
    for entry in review["decisions"]:
        check_choices(entry)


def test_a_review_is_the_same_for_the_same_seed_and_cached_by_step() -> None:
    game = magnates.load("magnate", players=2)
    record = played(game, 5, 50).record()
    first = review_record(record, CoachSettings(samples=3, seed=7)).to_json()
    assert review_record(record, CoachSettings(samples=3, seed=7)).to_json() == first
    cache = ReviewCache()
    cached = review_record(record, CoachSettings(samples=3, seed=7), cache=cache).to_json()
    assert cached == first and cache.misses == len(first["decisions"]) and cache.hits == 0
    again = review_record(record, CoachSettings(samples=3, seed=7), cache=cache).to_json()
    assert again == first and cache.hits == len(first["decisions"])
    other = review_record(record, CoachSettings(samples=3, seed=8)).to_json()
    assert [d["after"] for d in other["decisions"]] != [d["after"] for d in first["decisions"]]


def test_a_longer_record_reuses_the_cached_decisions_of_its_prefix() -> None:
    game = magnates.load("galactic-magnate", players=2)
    full = played(game, 4, 60).record()
    short = Record(full.game, full.version, full.options, full.actions[:30])
    cache = ReviewCache()
    review_record(short, FAST, cache=cache)
    stored = len(cache)
    review_record(full, FAST, cache=cache)
    assert cache.hits == stored > 0


def blunders() -> list[tuple[str, dict[str, object], Blunder]]:
    found = []
    cases: list[tuple[str, dict[str, object], Callable[[Game], Blunder]]] = [
        ("magnate", {"players": 2}, lambda game: lost_at_once(game, range(60))),
        ("magistratvm", {"players": 3}, lambda game: lost_at_once(game, range(60))),
        ("galactic-magnate", {"players": 2}, lambda game: resigned_when_winning(game, range(60))),
        # Game 32 ended 1 VP apart; played on at random from its sixth-last decision, an early trial
        # reaches a last decision with a certain end where passing loses (found by scanning close games).
        ("magistrate", {"players": 2}, lambda game: lost_at_the_end(game, seed=32, back=6, trials=range(40))),
    ]
    for name, options, finder in cases:
        found.append((name, options, finder(magnates.load(name, **options))))
    return found


@pytest.mark.parametrize(("name", "options", "blunder"), blunders(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_move_that_loses_at_once_is_a_blunder(name: str, options: dict[str, object], blunder: Blunder) -> None:
    game = magnates.load(name, **options)
    coach = Coach(game, CoachSettings(samples=6))
    estimate = judge_decision(coach, blunder.state, blunder.step, blunder.losing)
    assert estimate.of(blunder.losing).chances[blunder.seat] == 0.0  # the game is lost there and then
    assert estimate.best.action != blunder.losing
    assert label_for(estimate.loss(blunder.losing)) == "blunder"
    if blunder.winning is not None:
        assert label_for(estimate.loss(blunder.winning), played_best=estimate.best.action == blunder.winning) in (
            "best",
            "good",
        )


def test_labels_follow_the_thresholds() -> None:
    assert [label_for(x) for x in (0.0, 0.009, 0.01, 0.049, 0.05, 0.1, 0.199, 0.2, 1.0)] == [
        "best",
        "best",
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert label_for(0.5, played_best=True) == "best"


def test_bad_settings_and_seats_are_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="samples must be at least 1"):
        CoachSettings(samples=0)
    game = magnates.load("magnate", players=2)
    with pytest.raises(magnates.OptionError, match="seat 3 is not in this 2-player game"):
        review_record(played(game, 1, 10).record(), FAST, seats=[2])


def test_a_time_budget_bounds_each_decision() -> None:
    game = magnates.load("galactic-magnate", players=2)
    state = decision_of(game, 1, 30)
    seat = state.current_player()
    timed = Coach(game, CoachSettings(samples=100_000, seconds=0.05))
    estimate = judge_decision(timed, state, len(state.history))
    assert 1 <= estimate.worlds < 100_000  # stopped by the clock, after at least one world
    assert abs(sum(estimate.best.chances) - 1) < 1e-9 and estimate.best.chances[seat] >= 0


def test_a_move_tried_again_is_judged_against_the_best_and_the_played() -> None:
    choices = (Choice(3, "best", 0.60), Choice(5, "nearly", 0.595), Choice(7, "better", 0.45), Choice(9, "worse", 0.30))
    played = Choice(11, "played", 0.35)
    decision = DecisionReview(
        step=4, seat=0, action=11, action_text="played", before=[0.6, 0.4], after=[0.35, 0.65], best=3,
        best_text="best", loss=0.25, label="blunder", legal=9, samples=2, choices=(*choices, played),
    )  # fmt: skip
    assert practice_verdict(decision, 3) == (
        True,
        "Best move! The coach gives it 60% to win, against 35% for the move you played.",
    )
    assert practice_verdict(decision, 5)[0] is True  # within a point of the best
    assert practice_verdict(decision, 7)[1].startswith("Better than your move (45% to win against 35%)")
    assert practice_verdict(decision, 9)[1].startswith("No better than your move: the coach gives it 30%")
    assert practice_verdict(decision, 11) == (
        False,
        "That is the move you played: it gave up 25 points of your chance to win. Try another.",
    )
