"""What a game provides, in one record per game, and the table that names where each record lives.

Every game package defines one `GameEntry` named `ENTRY` in its `__init__.py`: the game class and
what the tools around the engine use (the terminal's renderer, the rules cheatsheet, the search
knowledge, the designer analysis). A reader sees in that one file what a game offers, and a type
checker follows every field. Nothing is found by a naming convention: the CLI, the bots and the
environments read these fields.

`REGISTRY` maps a game's name to `"module:attribute"`, so that a game's package is imported only
when the game is first used. The attribute is an entry, or a bare `Game` subclass (tests register
toy games that way), which stands for an entry with nothing but the class.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from magnates.core.errors import OptionError, did_you_mean
from magnates.core.game import Game

if TYPE_CHECKING:
    from rich.console import RenderableType

Renderer: TypeAlias = "Callable[[Game, Mapping[str, Any]], RenderableType]"
"""`render(game, view)`: the table as a Rich renderable, drawn from one seat's view."""
Cheatsheet: TypeAlias = Callable[[dict[str, Any]], str]
"""`render_options(options)`: the rules cheatsheet for these options, as Markdown."""
Potential: TypeAlias = Callable[[Game, Mapping[str, Any], int], float]
"""`potential(game, view, seat)`: how good a seat's own view looks to it, in [-1, 1], for the RL
environments' reward shaping (`reward="shaped"`); it reads the view only, never hidden state."""


def heuristic_potential(heuristic: Callable[[Any, int], float]) -> Potential:
    """A potential for reward shaping made from a game's search heuristic.

    The view is made into a state by the game's `sample_state` with a generator of fixed seed, so
    whatever the view hides is dealt the same way for the same view: Phi is a function of the
    seat's view alone (in games whose views hide nothing it is the heuristic of the state itself).
    """

    def potential(game: Game, view: Mapping[str, Any], seat: int) -> float:
        return float(heuristic(game.sample_state(view, random.Random(POTENTIAL_DEAL_SEED)), seat))

    return potential


POTENTIAL_DEAL_SEED = 0
"""The seed that deals what a view hides when `heuristic_potential` makes it a state."""


@dataclass(frozen=True)
class SearchHooks:
    """A game's knowledge for search bots; each function reads a full state (a bot's determinization).

    `heuristic(state, seat)` is how good the state looks for the seat, in [-1, 1] (the scale of
    `State.returns()`); `leaf_values(state)` gives every seat's value at once where that is cheaper;
    `rollout_action(state, rng)` is a legal action, cheaper than thinking and better than chance.
    `final_margins(state)` says, for a finished game, how clearly each seat won or lost, in [-1, 1]
    (a finer outcome than the returns, for comparing plans over a few playouts). `check_action(state,
    rng)` is a sharper rollout policy for checking plans to the end (`magnates.bots.plan_check`'s
    `policy`), where a game has one besides the policy its search levels use.
    `first_place_values(state)` is every seat's value for a searcher that plays to win rather than to
    rank well, on the scale of `magnates.core.first_place.win_returns`. The state
    parameter is typed `Any` because each game's functions take its own state class.
    """

    heuristic: Callable[[Any, int], float] | None = None
    leaf_values: Callable[[Any], list[float]] | None = None
    rollout_action: Callable[[Any, random.Random], int] | None = None
    final_margins: Callable[[Any], list[float]] | None = None
    check_action: Callable[[Any, random.Random], int] | None = None
    first_place_values: Callable[[Any], list[float]] | None = None

    def as_dict(self) -> dict[str, Callable[..., Any]]:
        """The hooks that are set, by name (what `magnates.bots.playout` reads)."""
        hooks = {
            "heuristic": self.heuristic,
            "leaf_values": self.leaf_values,
            "rollout_action": self.rollout_action,
            "final_margins": self.final_margins,
            "check_action": self.check_action,
            "first_place_values": self.first_place_values,
        }
        return {name: hook for name, hook in hooks.items() if hook is not None}


@dataclass(frozen=True)
class Analyzer:
    """Exact numbers for designers (`magnates analyze`): tables from the dice, and their plots.

    `analyze(options, turns)` returns an object with `tables` (each with `title`, `columns`, `rows`
    and `note`) and `to_json()`; `plot(analysis, out_dir)` writes figures and returns their paths.
    """

    analyze: Callable[[Mapping[str, Any], Sequence[int]], Any]
    plot: Callable[[Any, Path], list[Path]]


@dataclass(frozen=True)
class GameEntry:
    """Everything a game provides beyond its rules engine; only the game class is required."""

    game: type[Game]
    renderer: Renderer | None = None
    cheatsheet: Cheatsheet | None = None
    search: SearchHooks | None = None
    analysis: Analyzer | None = None
    potential: Potential | None = None
    design: Callable[[], dict[str, Any]] | None = None
    """`shipped_data()`: the game's designed data as one object, for games whose `design` option
    takes a design file of that shape (`magnates design GAME` exports it; see `magnates.core.design`)."""

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title


REGISTRY: dict[str, str] = {
    "magnate": "magnates.games.magnate:ENTRY",
    "galactic-magnate": "magnates.games.galactic_magnate:ENTRY",
    "magistrate": "magnates.games.magistrate:ENTRY",
    "magistratvm": "magnates.games.magistratvm:ENTRY",
}


def games() -> list[str]:
    """The names of the registered games."""
    return sorted(REGISTRY)


def resolve(target: str) -> GameEntry:
    """The entry a `"module:attribute"` target names (a bare Game class becomes a bare entry)."""
    module, _, attr = target.partition(":")
    found = getattr(importlib.import_module(module), attr)
    if isinstance(found, GameEntry):
        return found
    if isinstance(found, type) and issubclass(found, Game):
        return GameEntry(game=found)
    raise TypeError(f"{target} is neither a GameEntry nor a Game class")


def entry(name: str) -> GameEntry:
    """The registry entry of the game called `name`; an unknown name raises OptionError."""
    try:
        target = REGISTRY[name]
    except KeyError:
        hint = did_you_mean(name, games())
        raise OptionError(f"there is no game {name!r}{hint}; the games are: {', '.join(games())}") from None
    return resolve(target)


def entry_of(game: Game) -> GameEntry | None:
    """The registry entry of this game's class, or None for a game that is not registered."""
    target = REGISTRY.get(game.name)
    if target is None:
        return None
    found = resolve(target)
    return found if found.game is type(game) else None


def game_class(name: str) -> type[Game]:
    return entry(name).game


def load(name: str, **options: Any) -> Game:
    """A game with validated options, e.g. `load("magnate", players=2)`."""
    return game_class(name)(**options)
