"""benchmarks/hand_oracle.py shows one bot the other hands and nobody else; hand_evidence.py reads what a turn shows."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

from benchmark_scripts import load_script

import magnates
from magnates.core.chance import sample
from magnates.core.game import Game
from magnates.games.magnate import view as views
from magnates.sim.strength import study

hand_oracle = load_script("hand_oracle")
hand_evidence = load_script("hand_evidence")


def midgame(seed: int, decisions: int = 30) -> Any:
    game = magnates.load("magnate")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while (decisions or state.is_chance_node()) and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    return game, state


def test_the_oracle_guess_holds_the_true_hands_and_the_rest_of_the_unseen_cards_in_the_pile() -> None:
    for seed in range(5):
        game, truth = midgame(seed)
        seat = truth.current_player()
        other = 1 - seat
        hand_oracle._truth.append(truth)
        try:
            guess = hand_oracle.sample_with_true_hands(game, truth.view(seat), random.Random(seed))
        finally:
            hand_oracle._truth.clear()
        assert guess.hands[other] == truth.hands[other]
        assert guess.hands[seat] == truth.hands[seat]
        assert sorted(guess.pile) == sorted(truth.pile)
        assert guess.view(seat) == truth.view(seat)


def test_without_a_truth_the_guess_is_the_honest_one() -> None:
    game, truth = midgame(7)
    seat = truth.current_player()
    view = truth.view(seat)
    oracle = hand_oracle.sample_with_true_hands(game, view, random.Random(1))
    honest = views.sample_state(game, view, random.Random(1))
    assert oracle.hands == honest.hands and oracle.pile == honest.pile


class Probe:
    """Records, at each of its decisions, whether a guess at the hidden cards held the true other hand."""

    name = "probe"

    def __init__(self, states: list[Any]) -> None:
        self.states = states
        self.told: list[bool] = []

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        seat, truth = view["seat"], self.states[-1]  # the live state, just asked for this view
        guesses = [game.sample_state(view, random.Random(k)) for k in range(4)]
        self.told.append(all(g.hands[1 - seat] == truth.hands[1 - seat] for g in guesses))
        return rng.choice(legal)


def test_only_the_studied_seat_is_shown_the_other_hand(monkeypatch: Any) -> None:
    game = magnates.load("magnate")
    seen: list[Any] = []
    real_view = type(game.new_initial_state()).view

    def view(state: Any, player: int | None) -> Any:
        seen.append(state)
        return real_view(state, player)

    monkeypatch.setattr(type(game.new_initial_state()), "view", view)
    monkeypatch.setattr(views, "sample_state", hand_oracle.sample_with_true_hands)
    studied, other = Probe(seen), Probe(seen)
    done = study(game, hand_oracle.ShownHands(studied, hand_oracle.watch(game)), other, range(2))
    assert [line.seat for line in done.games] == [0, 1]
    assert studied.told and all(studied.told)
    assert other.told and not all(other.told)


def test_a_turn_holds_its_card_play_and_the_model_of_the_player_itself_agrees_with_the_true_hand() -> None:
    game = magnates.load("magnate")
    turns = list(hand_evidence.turns(game, "sharp", range(2)))
    assert len(turns) > 40
    for turn in turns:
        start = turn.moves[0][0] if turn.moves else None
        assert turn.card not in turn.kept and set(turn.kept) <= set(turn.unseen)
        assert turn.card not in turn.unseen
        if start is not None and turn.card in start.hands[turn.seat]:
            assert sorted([turn.card, *turn.kept]) == sorted(start.hands[turn.seat])
        assert hand_evidence.disagreements(hand_evidence.check_action, turn, turn.kept) == 0
        assert hand_evidence.ends_alike(hand_evidence.check_action, turn) == (True, True)
    # Another player's model (greedy's weights) ends some of these turns elsewhere.
    assert not all(hand_evidence.ends_alike(hand_evidence.rollout_action, turn)[0] for turn in turns)
    # Some guesses at the kept cards make the player's own model play otherwise: the evidence exists.
    assert any(
        hand_evidence.disagreements(hand_evidence.check_action, turn, kept) > 0
        for turn in turns[:20]
        for kept in itertools.combinations(turn.unseen, len(turn.kept))
    )
