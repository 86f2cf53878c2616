"""Positions where one move loses at once, found in seeded games and checked by playing them out.

A known blunder is a decision where one move ends the game there and then with the mover lost,
while another move lets the mover win outright within its next two decisions (so the loss is not
a guess: the better line is played to the end here). Galactic Magnate's has a plainer one: resigning
(`Action.concedes`) in a game the mover went on to win. Magistrate's is at a game's last decision
whose end is certain whatever cards are flipped (`lost_at_the_end`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from magnates.analysis.chances import from_finished
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.core.game import Game, State


@dataclass
class Blunder:
    state: State
    step: int
    seat: int
    losing: int
    winning: int | None


def _wins_within(state: State, seat: int, decisions: int) -> bool:
    """Whether `seat` can end the game won by its own next `decisions` moves."""
    if state.is_terminal():
        return from_finished(state)[seat] == 1.0
    if decisions == 0 or state.current_player() != seat:
        return False
    return any(_wins_within(state.child(a), seat, decisions - 1) for a in state.legal_actions())


def _played(game: Game, seed: int) -> tuple[list[State], State]:
    """Every state of one seeded game played by the game's rollout policy, and its end."""
    rng = random.Random(seed)
    policy = game_hooks(game)["rollout_action"]
    state = game.new_initial_state()
    states = []
    while not state.is_terminal():
        states.append(state.clone())
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return states, state


def lost_at_once(game: Game, seeds: range) -> Blunder:
    """The first decision of the seeded games with a move that loses at once and one that wins."""
    for seed in seeds:
        for state in _played(game, seed)[0]:
            if state.is_chance_node() or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            losing = [a for a in legal if (c := state.child(a)).is_terminal() and from_finished(c)[seat] == 0.0]
            if not losing:
                continue
            winning = [a for a in legal if a not in losing and _wins_within(state.child(a), seat, 2)]
            if winning:
                return Blunder(state, len(state.history), seat, losing[0], winning[0])
    raise LookupError(f"no known blunder in {game.name} games {seeds}")


def resigned_when_winning(game: Game, seeds: range, after: int = 20) -> Blunder:
    """A decision (past action `after`) where resigning is legal, in a game its mover then won."""
    space = game.action_space
    for seed in seeds:
        states, final = _played(game, seed)
        winner = final.result().winner
        for state in states[after:]:
            if state.current_player() != winner or len(state.legal_actions()) < 2:
                continue
            concede = [a for a in state.legal_actions() if getattr(space[a], "concedes", False)]
            if concede:
                return Blunder(state, len(state.history), state.current_player(), concede[0], None)
    raise LookupError(f"no decision with a resignation in {game.name} games {seeds}")


# -- Magistrate: no move ends the game there and then (the round's Influence flips come first), so its
# known blunder is at the last decision of a game whose end is certain: after it, whatever cards are
# flipped, a Judge reaches Home with the last scoring round due.


def _magistrate_ends_for_sure(state: State, seat: int) -> bool:
    """Whether the game ends after this round's flips whatever they are: the last scoring round is
    due, and every sequence of flips (any card `seat` does not hold, or the flip of an empty deck)
    sends a Judge past Home. The Judges and the scoring rounds are public; the cards' influence is
    printed on them."""
    s: Any = state
    if not s.is_chance_node() or s.scoring_rounds + 1 < s.comp.scoring_rounds_to_end:
        return False
    own = set(s.hands[seat]) | set(s.secret[seat])
    flips = {card.influence for index, card in enumerate(s.comp.cards) if index not in own}
    flips.add(((0, 1), (1, 1), (2, 1)))  # the flip of an empty deck moves every Judge one space
    spaces = s.comp.path_spaces

    @cache
    def reaches_home(judges: tuple[int, ...], left: int) -> bool:
        if left == 0:
            return False
        for flip in flips:
            moved = list(judges)
            home = False
            for judge, steps in flip:
                home = home or moved[judge] + steps >= spaces
                moved[judge] = (moved[judge] + steps) % spaces
            if not home and not reaches_home(tuple(moved), left - 1):
                return False
        return True

    return reaches_home(tuple(s.judges), s.comp.flips_per_round)


def _ends_by_chance(state: State, rng: random.Random) -> State | None:
    """The game played to its end by chance alone (None if someone decides again)."""
    while not state.is_terminal():
        if not state.is_chance_node():
            return None
        state.apply_action(sample(state.chance_outcomes(), rng))
    return state


def _outcomes(game: Game, state: State, seat: int, action: int, worlds: int) -> list[float] | None:
    """`seat`'s share of the win after `action` in `worlds` worlds consistent with its view, each
    played to the end by chance (None if the game may go on to another decision)."""
    view = state.view(seat)
    shares = []
    for index in range(worlds):
        world = game.sample_state(view, random.Random(f"world:{index}"))
        world.apply_action(action)
        end = _ends_by_chance(world, random.Random(f"flips:{index}"))
        if end is None:
            return None
        shares.append(from_finished(end)[seat])
    return shares


def lost_at_the_end(game: Game, seed: int, back: int, trials: range, worlds: int = 24) -> Blunder:
    """A Magistrate position where one move loses outright: the seeded game is played by the rollout
    policy up to its `back`-th last decision, then on by random legal moves (a trial's own stream)
    to the game's last decision; the first trial whose last decision has a certain end, a move
    after which the mover loses in every one of `worlds` worlds consistent with its view, and a
    move after which it wins in at least three in four (the cards it cannot see decide the rest)."""
    states, _ = _played(game, seed)
    decisions = [s for s in states if not s.is_chance_node() and len(s.legal_actions()) > 1]
    start = decisions[-back]
    for trial in trials:
        rng = random.Random(f"{seed}:{back}:{trial}")
        state, last = start.clone(), None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                last = state.clone()
            state.apply_action(legal[int(rng.random() * len(legal))])
        if last is None:
            continue
        seat = last.current_player()
        legal = last.legal_actions()
        if not all(_magistrate_ends_for_sure(last.child(a), seat) for a in legal):
            continue
        shares = {a: _outcomes(game, last, seat, a, worlds) for a in legal}
        losing = [a for a, s in shares.items() if s is not None and max(s) == 0.0]
        winning = [a for a, s in shares.items() if s is not None and sum(s) >= 0.75 * worlds]
        if losing and winning:
            return Blunder(last, len(last.history), seat, losing[0], winning[0])
    raise LookupError(f"no known blunder in {game.name} game {seed} trials {trials}")
