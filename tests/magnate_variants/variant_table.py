"""Shared helpers of the Magnate variant tests: every option combination, seeded random
playouts that watch the game as it goes, and a small driver that sets up a table and
plays named turns by applying real actions (chance outcomes picked by name)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import magnates
from magnates.core.chance import sample
from magnates.core.game import State
from magnates.games.magnate import MagnateGame, MagnateState

PLAY_KINDS = {"develop", "deed", "sell"}
MAX_ACTIONS = 20_000  # far above any real game (a few hundred to a thousand actions)


def all_option_sets() -> Iterator[dict[str, Any]]:
    """Every valid combination of Magnate's options (invalid ones are skipped here, tested elsewhere)."""
    for players, districts, courts, aces, taxation, mega, automa in itertools.product(
        (1, 2, 3),
        (5, 4),
        (True, False),
        ("official", "original"),
        ("single", "double"),
        (False, True),
        ("normal", "hard"),
    ):
        if automa == "hard" and players != 1:
            continue
        if players == 3 and districts == 4:
            continue
        yield {
            "players": players,
            "districts": districts,
            "courts": courts,
            "aces": aces,
            "taxation": taxation,
            "mega": mega,
            "automa": automa,
        }


def option_id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items())


def load(**options: Any) -> MagnateGame:
    game = magnates.load("magnate", **options)
    assert isinstance(game, MagnateGame)
    return game


# -- random playouts that watch the game -------------------------------------------------------


@dataclass
class Observed:
    """What a playout saw, in the terms of the cheatsheet's numbers."""

    dealt_hands: list[int] = field(default_factory=list)  # hand sizes when the first turn starts
    crowns_each: list[int] = field(default_factory=list)
    plays_before_end: set[int] = field(default_factory=set)  # cards played when "end turn" first became legal
    tax_dice_per_taxation: set[int] = field(default_factory=set)
    refills: int = 0  # times the draw pile grew during play (reshuffles)
    final_hands: list[int] = field(default_factory=list)
    exhaustions: int = 0
    actions: int = 0


def random_choice(state: State, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def playout(
    game: MagnateGame,
    seed: int,
    choose: Callable[[State, random.Random], int] = random_choice,
    each_step: Callable[[MagnateState, int, MagnateState], None] | None = None,
) -> tuple[MagnateState, Observed]:
    """A seeded game to the end; `each_step(before, action, after)` may check anything on the way."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = Observed()
    plays_this_turn = 0
    taxes: int | None = None
    pile = -1
    while not state.is_terminal():
        assert seen.actions < MAX_ACTIONS, "the game did not end"
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = sample(outcomes, rng)
        else:
            legal = state.legal_actions()
            assert legal, "a player must act but has no legal action"
            if state.view(None)["phase"] == "main":
                end_legal = any(game.action(a).kind == "end_turn" for a in legal)
                if end_legal and plays_this_turn >= 0:
                    seen.plays_before_end.add(plays_this_turn)
                    plays_this_turn = -1  # counted once per turn
            action = choose(state, rng)
        kind = game.action(action).kind
        before = state.clone() if each_step else state
        if kind == "roll":
            if taxes is not None:
                seen.tax_dice_per_taxation.add(taxes)
            taxes = 0 if game.action(action).low == 1 else None  # type: ignore[attr-defined]
            plays_this_turn = 0
        elif kind == "tax":
            assert taxes is not None
            taxes += 1
        elif kind in PLAY_KINDS and plays_this_turn >= 0:
            plays_this_turn += 1
        state.apply_action(action)
        seen.actions += 1
        if kind == "draw" and not seen.dealt_hands and state.view(None)["phase"] == "roll":
            seen.dealt_hands = [len(h) for h in state.hands[: game.config.players]]
            seen.crowns_each = [len(c) for c in state.crowns]
            pile = len(state.pile)
        elif pile >= 0:
            if len(state.pile) > pile:
                seen.refills += 1
            pile = len(state.pile)
        if each_step is not None:
            each_step(before, action, state)
    if taxes is not None:
        seen.tax_dice_per_taxation.add(taxes)
    seen.final_hands = [len(h) for h in state.hands[: game.config.players]]
    seen.exhaustions = state.exhaustions
    return state, seen


# -- a table where the test names every card and die ----------------------------------------------


def interleave(per_side: Sequence[Sequence[str]]) -> list[str]:
    """Round-robin order: the engine deals Crowns and cards one at a time round the table."""
    return [row[k] for k in range(max(len(r) for r in per_side)) for row in per_side if k < len(row)]


class Table:
    """A real game driven by named actions, for scenario tests."""

    def __init__(self, game: MagnateGame, crowns: Sequence[Sequence[str]], hands: Sequence[Sequence[str]]) -> None:
        self.game = game
        self.state = game.new_initial_state()
        for crown in interleave(crowns):
            self.do(f"deal crown {crown}")
        for card in interleave(hands):
            self.do(f"draw {card}")

    def do(self, *actions: str) -> Table:
        for action in actions:
            self.state.apply_action(self.game.parse_action(action))
        return self

    def legal(self) -> set[str]:
        return {self.game.action_to_string(a) for a in self.state.legal_actions()}

    def legal_of_kind(self, kind: str) -> set[str]:
        return {self.game.action_to_string(a) for a in self.state.legal_actions() if self.game.action(a).kind == kind}

    def turn(self, roll: str, *plays: str, draw: Sequence[str] = ()) -> Table:
        """Roll, then the given actions (taxation dice and income choices go among them), end the turn, draw."""
        self.do(roll, *plays, "end turn")
        for card in draw:
            self.do(f"draw {card}")
        return self

    @property
    def view(self) -> dict[str, Any]:
        return self.state.view(None)

    def tokens(self, side: int) -> dict[str, int]:
        return dict(self.view["sides"][side]["tokens"])

    def district(self, name: str) -> int:
        return [d.name for d in self.game.districts].index(name)
