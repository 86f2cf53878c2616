"""The Game/State contract every game implements (OpenSpiel's vocabulary).

States are mutable with a hand-written `clone()`; `child(action)` is
`clone()` + `apply_action()`. Rules validate before they mutate, so an illegal
action raises `IllegalAction` and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from magnates.core.actions import Action, ActionSpace
from magnates.core.encoding import Encoder
from magnates.core.errors import IllegalAction, RecordError
from magnates.core.native import frozen_reduce, mypyc_attr
from magnates.core.options import Option, validate_options
from magnates.core.record import Record

CHANCE = -1
"""`current_player()` at a chance node."""
TERMINAL = -2
"""`current_player()` once the game is over."""


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    `ranking[seat]` is the seat's place (1 is best; tied seats share a place),
    `scores[seat]` the game's own score (districts, VP, money...), `reason` how
    the winner was decided (e.g. "districts", "tiebreak: total rank", "draw").
    A one-seat game against the game itself (Magnate's automa) ranks the seat 1
    for a win or a draw (reason "draw") and 2 for a loss.
    """

    ranking: list[int]
    scores: list[float]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, place in enumerate(self.ranking) if place == 1]

    @property
    def is_draw(self) -> bool:
        """Shared first place, or a game that says it ended in a draw."""
        return self.reason == "draw" or len(self.winners) > 1

    @property
    def winner(self) -> int | None:
        """The one winning seat, or None (a draw, or a solo game lost to the game itself)."""
        return self.winners[0] if len(self.winners) == 1 and not self.is_draw else None

    def to_json(self) -> dict[str, Any]:
        return {
            "ranking": list(self.ranking),
            "scores": list(self.scores),
            "reason": self.reason,
            "winners": self.winners,
            "details": self.details,
        }


def ranking_from_keys(keys: Sequence[Any]) -> list[int]:
    """Places from comparable sort keys (higher key is better; equal keys share a place)."""
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


@mypyc_attr(native_class=False)  # compiled or not, a game is an ordinary class: games add attributes freely
class Game(ABC):
    """A game with one validated set of options: the factory of its states."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    options_declared: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.name, self.options_declared, options, self.check_options)

    def check_options(self, options: dict[str, Any]) -> None:
        """Raise OptionError for combinations that make no sense (games override)."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of seats."""

    @abstractmethod
    def build_action_space(self) -> list[Action]:
        """Every action (chance outcomes included) this option set can ever offer."""

    _action_space: ActionSpace | None = None

    @property
    def action_space(self) -> ActionSpace:
        """Built once, on first use (a plain attribute, not `cached_property`, which mypyc does not keep)."""
        space = self._action_space
        if space is None:
            space = self._action_space = ActionSpace(self.build_action_space())
        return space

    @property
    def num_distinct_actions(self) -> int:
        return len(self.action_space)

    def action(self, action_id: int) -> Action:
        return self.action_space[action_id]

    def action_to_string(self, action_id: int) -> str:
        return str(self.action_space[action_id])

    def parse_action(self, value: int | str | dict[str, Any] | Action) -> int:
        return self.action_space.parse(value)

    def typed_plan(self, state: State, player: int, line: str) -> list[int] | None:
        """Actions that a person's typed shorthand stands for, or None when `line` is no such shorthand.

        A few decisions read better as one typed value than as a run of fixed steps (Galactic
        Magnate's "offer 230" for the cash in a trade offer, built from steps of 10/50/100/500): the
        terminal plays the returned actions in order. Raises ValueError saying why a shorthand cannot
        be carried out now. Most games have none.
        """
        return None

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first chance event (deal, seating) of a new game."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state saved by `State.to_json()`; raise RecordError if it is broken."""

    def info(self) -> dict[str, Any]:
        """The fixed data a client or an encoder needs for this option set, the same for every seat.

        Nothing here may depend on a game in progress or on hidden cards: it is what a person knows
        from the box and the rules (the cards with their suits, the board, the map, the offices) plus
        the action space with each id's text. Games add their own part through `static_info`.
        """
        return {
            "game": self.name,
            "title": self.title,
            "options": dict(self.options),
            "players": self.num_players,
            "num_actions": self.num_distinct_actions,
            "actions": [
                {"id": i, "text": str(a), "kind": a.kind, "json": a.to_json()} for i, a in enumerate(self.action_space)
            ],
            **self.static_info(),
        }

    def static_info(self) -> dict[str, Any]:
        """The game's own fixed data for `info()` (board, map, cards, offices); games override."""
        return {}

    def observation_encoder(self) -> Encoder:
        """This option set's observation encoder (`magnates.core.encoding`); games override."""
        raise NotImplementedError(f"{self.name} has no observation encoder yet")

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with `view`, hidden parts drawn with `rng` (for ISMCTS)."""
        raise NotImplementedError(f"{self.name} does not sample hidden information yet")

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"magnates.load({self.name!r}, {opts})"


# Compiled, it is still the base of every game's state, and states copy and pickle field by field
# (without `serializable` a compiled class's __new__ would call __init__, and unpickling would fail).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State(ABC):
    """One position of a game. Mutable; copy with `clone()` or use `child()`."""

    game: Game
    history: list[int]
    _legal: list[int] | None
    _outcomes: list[tuple[int, float]] | None = None  # cached chance outcomes of this node

    # -- whose move -----------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat that decides now (any seat, not only the turn holder), CHANCE or TERMINAL."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- what may happen --------------------------------------------------------
    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of this chance node with their probabilities."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """The legal action ids of the deciding seat (computed; `legal_actions` caches it)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """`[(action, probability), ...]` at a chance node (cached until the next action), else []."""
        if self._outcomes is None:
            if not self.is_chance_node():
                return []
            self._outcomes = self._chance_outcomes()
        return self._outcomes

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal actions of the deciding seat (of `player`, if given: empty unless it decides)."""
        if self._legal is None:
            current = self.current_player()
            if current < 0:
                self._legal = [a for a, p in self.chance_outcomes() if p > 0] if current == CHANCE else []
            else:
                self._legal = self._legal_actions()
        if player is not None and player != self.current_player():
            return []
        return self._legal

    def apply_action(self, action: int | str | dict[str, Any] | Action) -> None:
        """Validate and apply; an illegal action raises IllegalAction and changes nothing."""
        action_id = action if type(action) is int else self.game.parse_action(action)  # type: ignore[arg-type]
        outcomes = self._outcomes
        if outcomes is not None:  # a chance node whose outcomes were asked for: check those
            for outcome, probability in outcomes:  # a plain loop: the hottest check of a random playout
                if outcome == action_id and probability > 0:
                    break
            else:
                raise IllegalAction(self._illegal_message(action_id, self.legal_actions()))
        elif action_id not in self.legal_actions():
            raise IllegalAction(self._illegal_message(action_id, self.legal_actions()))
        self._legal = None
        self._outcomes = None
        self.history.append(action_id)
        self._apply(action_id)

    def _illegal_message(self, action_id: int, legal: list[int]) -> str:
        if self.is_terminal():
            return "the game is over; no action is legal"
        try:
            text = self.game.action_to_string(action_id)
        except IndexError:
            text = f"action id {action_id}"
        who = "a chance outcome" if self.is_chance_node() else f"player {self.current_player() + 1}"
        shown = ", ".join(self.game.action_to_string(a) for a in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        return f"{text!r} is not legal now: {self.explain_illegal(action_id)}; {who} may choose: {shown}{more}"

    def explain_illegal(self, action_id: int) -> str:
        """Why an action is illegal here, in the rules' words (games refine this)."""
        return "it is not among the legal actions"

    def describe(self, action_id: int, viewer: int | None) -> str:
        """The log line for `action_id`, about to be applied here, as `viewer` may read it.

        Call it before applying. Games override it to hide what a seat may not
        see (a card drawn by someone else becomes "Player 2 draws a card").
        """
        return self.game.action_to_string(action_id)

    def child(self, action: int | str | dict[str, Any] | Action) -> State:
        state = self.clone()
        state.apply_action(action)
        return state

    @abstractmethod
    def clone(self) -> State:
        """A deep copy made by hand (never copy.deepcopy)."""

    # -- the end ----------------------------------------------------------------
    @abstractmethod
    def result(self) -> Result:
        """Ranking, scores and how it was decided; only at a terminal state."""

    def returns(self) -> list[float]:
        """One float per seat: +1 for a sole winner, -1 for last, a share between; 0 while playing."""
        n = self.game.num_players
        if not self.is_terminal():
            return [0.0] * n
        ranking = self.result().ranking
        if n == 1:
            return [1.0 if ranking[0] == 1 else -1.0]
        # Mean over opponents of +1 (beat them), 0 (tie), -1 (lost to them).
        out = []
        for seat in range(n):
            total = 0
            for other in range(n):
                if other != seat:
                    total += (ranking[seat] < ranking[other]) - (ranking[seat] > ranking[other])
            out.append(total / (n - 1))
        return out

    # -- information -------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may know (None: a spectator), as plain JSON-able data."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state (hidden parts too) as JSON-able data."""

    def record(self) -> Record:
        return Record(self.game.name, self.game.version, dict(self.game.options), list(self.history))

    def __str__(self) -> str:
        return json.dumps(self.view(None), indent=1)


def require(condition: bool, message: str) -> None:
    """For `state_from_json`: raise RecordError with a message when data is inconsistent."""
    if not condition:
        raise RecordError(message)
