"""A bounded information state with perfect recall: what a seat saw of every step, in order.

OpenSpiel's NFSP and deep CFR need an information-state tensor: equal for two histories exactly
when the player cannot tell them apart from everything it has observed so far, in order. The
observation encoders forget (past dice, the order of moves), so this module records each step of
a game as the player saw it and lays the steps out in fixed-size slots after the observation.

Only Magnate has one (see `STEP_GAMES`). In Magnate every step is public except one: a card drawn
into a hand is seen by that hand's owner alone (`MagnateState.seen_only_by`); the others see that a
card was drawn, not which. So a seat's information state is the history with the other seats'
draws blanked, and the tensor encodes exactly that:

    [ observation: the game's observation encoder on the seat's view (encoder.size floats) ]
    [ step 0 ] [ step 1 ] ... [ step max_steps - 1 ]     (SLOT floats each, zeros once unused)

    a step's slot:  0       1 if this seat took the step (0 for chance and for the other seats)
                    1..12   the step's kind, one-hot (decode op: Crown dealt, draw, roll, tax,
                            income, trade, improve, develop, deed, sell, end turn, automa build)
                    13..15  its three arguments (card or suit or district, ...), each as
                            (value + 1) / (largest value + 1); all three 0 for a draw the seat
                            did not see

Each action id has its own (kind, arguments) in the engine's decode table, an unseen draw has
the draw kind with no arguments, and an unused slot is all zeros, so the slots name the seen
history exactly; the observation part is a function of that history (what the view shows follows
from the public steps and the seat's own draws), there for learners, not for identity. The
information-state string is the same history as text (`StepLog.string`), so string and tensor
agree on which histories are one information state.

The slots bound the game: the OpenSpiel wrapper makes `max_game_length` (a cap it enforces, a draw
when reached) the number of slots, with a default per option set (`default_steps`) well above the
longest random game.
"""

from __future__ import annotations

from typing import Any

import numpy as np

STEP_GAMES = frozenset({"magnate"})
"""Games whose OpenSpiel wrapper offers the step information-state tensor (see the module doc)."""

KINDS = 12
"""Magnate's decode ops (space.OP_DEAL_CROWN .. OP_AUTOMA_BUILD)."""

SLOT = 1 + KINDS + 3
"""Floats a step takes: the own-step flag, the kind one-hot, three arguments."""

STEPS = 800
"""Slots (and the `max_game_length` cap) by default: about 2.3 times the longest random game of
two- or three-player Magnate (350 and 406 actions, chance included, in 60-200 seeded games)."""

MEGA_STEPS = 1600
"""The same for Mega Magnate (two Decktets): its longest random 2-player game took 596 actions."""


def default_steps(options: dict[str, Any]) -> int:
    """The default slot count (and game-length cap) of a Magnate option set."""
    return MEGA_STEPS if options.get("mega") else STEPS


class StepEncoder:
    """The fixed part of the encoding for one option set: each action id's slot, and the view
    encoder. `engine` is the engine's game (Magnate: it has `space.decode`)."""

    def __init__(self, engine: Any, max_steps: int) -> None:
        if max_steps < 1:
            raise ValueError(f"the information state holds at least 1 step, not {max_steps}")
        self.observation = engine.observation_encoder()
        self.max_steps = max_steps
        self.actions = engine.num_distinct_actions
        decode = np.asarray(engine.space.decode, dtype=np.int64)  # (actions, 4): op, a, b, c
        if decode.shape != (self.actions, 4) or decode[:, 0].max() >= KINDS:
            raise ValueError("the engine's decode table is not Magnate's (op, a, b, c) rows")
        table = np.zeros((self.actions + 1, SLOT), np.float32)
        table[np.arange(self.actions), 1 + decode[:, 0]] = 1.0
        scale = decode[:, 1:].max(axis=0) + 1
        table[: self.actions, 1 + KINDS :] = (decode[:, 1:] + 1) / scale
        draw_kind = int(decode[engine.space.draw[0], 0])
        table[self.actions, 1 + draw_kind] = 1.0  # a draw this seat did not see: kind only
        self.table = table
        self.size = self.observation.size + max_steps * SLOT

    def write(self, out: np.ndarray, view: dict[str, Any], log: StepLog, player: int) -> None:
        """Fill `out` (`size` floats) with `player`'s information state."""
        obs = self.observation.size
        out[:obs] = self.observation.encode(view)
        n = len(log.actions)
        if n > self.max_steps:
            raise ValueError(f"the history holds {n} steps, more than the tensor's {self.max_steps}")
        steps = out[obs:].reshape(self.max_steps, SLOT)
        steps[n:] = 0.0
        if n:
            codes = np.asarray(log.actions, np.int64)
            seen = np.asarray(log.seen_by, np.int64)
            codes[(seen >= 0) & (seen != player)] = self.actions
            steps[:n] = self.table[codes]
            steps[:n, 0] = np.asarray(log.actors, np.int64) == player


class StepLog:
    """Every step of one game with who took it and who alone saw it: appended as the game goes,
    copied with the state (three lists of small ints)."""

    __slots__ = ("actions", "actors", "seen_by")

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.actors: list[int] = []  # the seat that chose it, -1 for chance
        self.seen_by: list[int] = []  # the one seat that saw it, -1 when every seat did

    @staticmethod
    def observe(inner: Any, action: int) -> tuple[int, int]:
        """Who takes `action`, about to be applied to the engine state `inner` (-1: chance), and
        the one seat that will see it (-1: every seat)."""
        actor = inner.current_player()
        only = inner.seen_only_by(action)
        return (actor if actor >= 0 else -1), (-1 if only is None else int(only))

    def append(self, action: int, actor: int, seen_by: int) -> None:
        """Note a step once the engine has applied it (`observe` read it just before)."""
        self.actions.append(int(action))
        self.actors.append(actor)
        self.seen_by.append(seen_by)

    def string(self, player: int) -> str:
        """The seat's information state as text: the action ids it saw, `?` for a hidden draw."""
        seen = (str(a) if s < 0 or s == player else "?" for a, s in zip(self.actions, self.seen_by, strict=True))
        return f"seat {player}: " + " ".join(seen)

    def __getstate__(self) -> tuple[list[int], list[int], list[int]]:
        return self.actions, self.actors, self.seen_by

    def __setstate__(self, data: tuple[list[int], list[int], list[int]]) -> None:
        self.actions, self.actors, self.seen_by = (list(x) for x in data)
