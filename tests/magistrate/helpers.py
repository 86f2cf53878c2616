"""Build Magistrate positions for scenario tests without playing up to them."""

from __future__ import annotations

import random

from magnates.core.chance import sample
from magnates.games.magistrate import MagistrateGame
from magnates.games.magistrate.flow import settle, start_turn
from magnates.games.magistrate.phases import ACTIONS
from magnates.games.magistrate.state import MagistrateState


def dealt(players: int = 3, seed: int = 0) -> MagistrateState:
    """A new game with the opening deals resolved, at the first decision of round 1."""
    state = MagistrateGame(players=players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(sample(state.chance_outcomes(), rng))
    return state


def at_phase(state: MagistrateState, phase: int, player: int, *, first: int | None = None) -> MagistrateState:
    """Jump to `player`'s turn in an action phase (other fields as they are)."""
    state.stage = ACTIONS
    state.phase = phase
    state.first = player if first is None else first
    state.turn = (player - state.first) % state.n
    state.draws = []
    state.battle = []
    start_turn(state)
    state._legal = None
    settle(state)
    return state


def give(state: MagistrateState, player: int, cards: list[int]) -> None:
    """Move these cards (from wherever they are) into the player's hand."""
    for pile in [*state.hands, *state.secret, state.deck, state.discard]:
        for card in cards:
            if card in pile:
                pile.remove(card)
    state.hands[player] += cards
    state._legal = None


def random_playout(state: MagistrateState, rng: random.Random, check=None) -> MagistrateState:
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            assert legal, "a player must act but has no legal action"
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        if check is not None:
            check(state)
    return state


def act(state: MagistrateState, action_id: int) -> None:
    state.apply_action(action_id)


def card_with(state: MagistrateState, predicate) -> int:
    """A card still in the draw deck that fits (so it can come off the deck or be given)."""
    for card in state.comp.cards:
        if card.id in state.deck and predicate(card):
            return card.id
    raise AssertionError("no card in the deck fits")
