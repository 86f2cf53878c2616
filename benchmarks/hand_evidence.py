"""What a Magnate player's turn tells about the cards it keeps: the evidence a belief model would use.

    python benchmarks/hand_evidence.py --player sharp --model sharp --games 30
    python benchmarks/hand_evidence.py --player hard --model sharp --games 4

Every turn a Magnate player plays exactly one card of its hand (develops it, buys its deed or sells
it) and keeps the others; before and after, it may trade and develop its deeds. Its opponent sees
every move and which card was played, and knew everything public at each moment; what it does not
know is the kept cards. A belief model asks, for each guess at them: would a model of the player (a
rollout policy) have made every move of this turn holding the played card and these kept cards?
This study plays games with `--player` in both seats (`sharp`, `greedy`, or a search level) and, for
every turn, tries every guess the opponent could make at the kept cards (every set of the right
size from the cards it had not seen) with the `--model` policy, move by move, in the true positions
of the turn with the guessed hand.

Printed, over all turns with a card play:
- how often the model makes each move, and every move of a turn, with the true hand; how often it
  plays the same card the same way (develops, buys the deed of or sells it, in the same district),
  and how often it ends the turn exactly alike, in any order (its accuracy on this player: for
  `--player hard` and `--model sharp`, how well the plan check's model of later play foresees `hard`);
- how many of the guesses the model agrees with on the whole turn, on average;
- the information gained about the kept cards, in bits: log2 of the true guess's posterior over its
  prior, where each move the model would not have made with a guess multiplies its likelihood by
  `--floor` (so a wrong model costs bits instead of ruling out the truth).

What knowing the whole hand is worth in play is bounded by `benchmarks/hand_oracle.py`.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.bots.playout import bot_policy
from magnates.core.chance import sample
from magnates.games.magnate.game import MagnateGame
from magnates.games.magnate.heuristic import check_action, rollout_action
from magnates.games.magnate.state import MagnateState

Policy = Callable[[MagnateState, random.Random], int]
POLICIES: dict[str, Policy] = {"sharp": check_action, "greedy": rollout_action}


@dataclass
class Turn:
    """One seat's moves of a turn in their true positions, the card it played, the kept cards, and
    the cards the other seat had not seen at the turn's start (this hand and the draw pile) less the
    played card."""

    seat: int
    moves: list[tuple[MagnateState, int]] = field(default_factory=list)
    card: int = -1
    kept: tuple[int, ...] = ()
    unseen: list[int] = field(default_factory=list)
    end: MagnateState | None = None
    """The position after the turn's last move (the draw that ends it is next)."""


def turns(game: MagnateGame, player: str, games: range) -> Iterator[Turn]:
    """Every turn with one card play, of games between two `player`s (game i: the strength studies'
    chance stream). A turn in which the other seat decides too (its choice of income from a deed)
    counts from the turn player's moves after it."""
    policy = POLICIES.get(player)
    bot = None if policy is not None else make_bot(player, game)
    for index in games:
        chance = random.Random(f"chance-{index}")
        rngs = [random.Random(f"bot-{index}-{seat}") for seat in range(2)]
        state = game.new_initial_state()
        turn: Turn | None = None
        key = None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), chance))
                continue
            seat = state.current_player()
            if (state.turn_number, seat) != key:
                if turn is not None and turn.card >= 0:
                    yield turn
                key, turn = (state.turn_number, seat), Turn(seat)
                turn.unseen = sorted(set(state.hands[seat]) | set(state.pile))
            assert turn is not None
            legal = state.legal_actions()
            if policy is not None:
                action = policy(state, rngs[seat])
            else:
                assert bot is not None
                action = bot.choose(game, state.view(seat), list(legal), rngs[seat])
            before = list(state.hands[seat])
            if len(legal) > 1:
                turn.moves.append((state.clone(), action))
            state.apply_action(action)
            turn.end = state.clone()
            gone = [c for c in before if c not in state.hands[seat]]
            if len(gone) == 1 and turn.card < 0:
                turn.card = gone[0]
                turn.kept = tuple(sorted(c for c in before if c != turn.card))
                turn.unseen.remove(turn.card)
        if turn is not None and turn.card >= 0:
            yield turn


def disagreements(model: Policy, turn: Turn, kept: tuple[int, ...]) -> int:
    """How many moves of the turn the model would not have made holding the played card and `kept`."""
    missed = 0
    for position, action in turn.moves:
        guess = position.clone()
        hand = set(position.hands[turn.seat])
        guess.hands[turn.seat] = sorted(({turn.card} & hand) | set(kept))
        missed += action not in guess.legal_actions() or model(guess, random.Random(0)) != action
    return missed


def ends_alike(model: Policy, turn: Turn) -> tuple[bool, bool]:
    """Does the model, holding the true hand, end the turn where the player did, whatever the order
    of its moves: with the same card played the same way (the same cards and deeds in every district
    and the same discard pile), and with everything alike (tokens and payments on deeds too)?"""
    if not turn.moves or turn.end is None:
        return True, True
    state = turn.moves[0][0].clone()
    while not state.is_chance_node() and not state.is_terminal() and state.current_player() == turn.seat:
        state.apply_action(model(state, random.Random(0)))
    mine, theirs = state.view(turn.seat), turn.end.view(turn.seat)
    return board(mine) == board(theirs), mine == theirs


def board(view: dict[str, Any]) -> tuple[Any, ...]:
    """Where every card lies in a view (which districts, as deed or property, or discarded), not the tokens."""
    lanes = [[[(entry["card"], entry["deed"]) for entry in lane] for lane in d["lanes"]] for d in view["districts"]]
    return repr(lanes), tuple(view["discard"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="sharp", help="who plays both seats: sharp, greedy or a search level")
    parser.add_argument(
        "--model", default="sharp", help="sharp, greedy or a search level (a search: its accuracy only)"
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--floor", type=float, default=0.1, help="likelihood of a guess the model disagrees with")
    args = parser.parse_args()
    game = magnates.load("magnate")
    assert isinstance(game, MagnateGame)
    guessing = args.model in POLICIES
    model = POLICIES[args.model] if guessing else bot_policy(make_bot(args.model, game), game)
    plays = right = moves = foreseen = alike = same_play = 0
    shares: list[float] = []
    bits: list[float] = []
    for turn in turns(game, args.player, range(args.start, args.start + args.games)):
        missed = disagreements(model, turn, turn.kept)
        plays += 1
        right += missed == 0
        moves += len(turn.moves)
        foreseen += len(turn.moves) - missed
        played, everything = ends_alike(model, turn)
        same_play += played
        alike += everything
        if guessing:
            guesses = list(itertools.combinations(turn.unseen, len(turn.kept)))
            likelihood = {kept: args.floor ** disagreements(model, turn, kept) for kept in guesses}
            shares.append(sum(value == 1.0 for value in likelihood.values()) / len(guesses))
            bits.append(math.log2(likelihood[turn.kept] / sum(likelihood.values()) * len(guesses)))
    if not plays:
        parser.error("no card plays in these games")
    print(
        f"{plays} turns of {args.games} games by {args.player}, model {args.model}: "
        f"with the true hand the model makes {foreseen / max(1, moves):.1%} of {moves} moves "
        f"and every move of the turn {right / plays:.1%} of the time; it plays the same card the same way "
        f"{same_play / plays:.1%} of the time and ends the turn exactly alike {alike / plays:.1%}"
        + (f"; {evidence(shares, bits)} at floor {args.floor:g}" if guessing else "")
    )


def evidence(shares: list[float], bits: list[float]) -> str:
    """The guesses the model agrees with, and the bits it gains about the kept cards (95% interval)."""
    mean = sum(bits) / len(bits)
    spread = math.sqrt(sum((b - mean) ** 2 for b in bits) / max(1, len(bits) - 1) / len(bits))
    return (
        f"it agrees with {sum(shares) / len(shares):.1%} of the guesses on a whole turn on average; "
        f"information about the kept cards {mean:.2f} bits (± {1.96 * spread:.2f}, 95%)"
    )


if __name__ == "__main__":
    main()
