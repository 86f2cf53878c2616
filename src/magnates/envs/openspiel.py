"""The four games as OpenSpiel Python games: `pyspiel.load_game("python_magnate", {"players": 2})`.

Importing this module registers `python_magnate`, `python_galactic_magnate`, `python_magistrate`
and `python_magistratvm`. Each game's options are OpenSpiel parameters (plus `concessions`,
False by default: resigning is left out unless forced, as in the other environments). Chance
nodes map one to one: OpenSpiel's chance outcomes are the engine's, ids and probabilities alike.
The observation tensor is the game's encoder applied to the player's view, and the observation
string is that view as JSON. With the parameter `perfect_recall=True` the game also offers an
information-state string with perfect recall (for CFR-family algorithms such as outcome-sampling
MCCFR). Magnate's is the history as the player saw it (the other seats' draws blanked), and it
comes with an information-state tensor for NFSP and deep CFR: the observation plus one fixed-size
slot per step, up to `max_game_length` steps (a cap the wrapper enforces, 800 by default with
`perfect_recall=True`; see `step_recall`). The other games' string is a digest of every view the
player has had, in order (see `RecallChain`), and they offer no information-state tensor: no
bounded step encoding has been written for them (`game_type` says so). `game_type` tells the truth
about chance (explicit) and information (imperfect where cards are hidden: Magnate and Magistrate).

OpenSpiel's own algorithms work on these states directly: its MCTS bot, for instance, searches the
true state (hidden cards included), as it would in any OpenSpiel game; the platform's own bots see
views only.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from magnates.core.errors import IllegalAction
from magnates.core.game import CHANCE, TERMINAL, Game, State
from magnates.envs.concessions import concession_ids, without_concessions
from magnates.envs.step_recall import STEP_GAMES, StepEncoder, StepLog, default_steps
from magnates.games import REGISTRY, game_class

PERFECT_INFORMATION = frozenset({"galactic-magnate", "magistratvm"})
"""Games whose views hide nothing (their `sample_state` rebuilds the state from a view)."""

MAX_GAME_LENGTH = 100_000
"""The most actions (chance included) a game may take through OpenSpiel: `max_game_length`.

It is a cap the wrapper enforces, not a bound read off the rules: a state whose history holds this
many actions is terminal, a draw (every return 0), whatever the engine would have played next. The
rules themselves end every game (a deck runs out, a round or turn limit, a last player standing),
but how many actions a turn may hold is not bounded tightly enough by them to state one figure for
every option set; random play ends far below the cap (at most a few thousand actions, Galactic
Magnate with 5 players the longest: docs/envs.md), so a game that reaches it is one no player plays.
The parameter `max_game_length` sets another cap (at least 1); its default, -1 (`AUTO_LENGTH`),
means this one, or with `perfect_recall=True` in a game with a step information-state tensor the
number of step slots (`step_recall.default_steps`)."""

AUTO_LENGTH = -1
"""`max_game_length`'s default: the game's own cap (see `MAX_GAME_LENGTH`)."""


def short_name(game: str) -> str:
    return "python_" + game.replace("-", "_")


def _parameters(game: str) -> dict[str, Any]:
    cls = game_class(game)
    params: dict[str, Any] = {option.name: option.default for option in cls.options_declared}
    params["concessions"] = False
    params["perfect_recall"] = False
    params["max_game_length"] = AUTO_LENGTH
    return params


def _players_range(game: str) -> tuple[int, int]:
    for option in game_class(game).options_declared:
        if option.name == "players" and option.choices:
            values = [int(v) for v in option.choices]
            return min(values), max(values)
    return 1, 1


def game_type(game: str, perfect_recall: bool = False) -> pyspiel.GameType:
    """The game's type; with `perfect_recall` it offers the information-state string, and the
    tensor where a bounded step encoding exists (`STEP_GAMES`)."""
    low, high = _players_range(game)
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if game in PERFECT_INFORMATION
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"magnates {game_class(game).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM if low == 1 else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=perfect_recall,
        provides_information_state_tensor=perfect_recall and game in STEP_GAMES,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class Engine:
    """What every state of one OpenSpiel game shares: the engine's game, its encoder and the masked
    concessions. OpenSpiel clones a Python state by deep-copying its attributes; this one is shared,
    not copied. It pickles as its name and options (OpenSpiel's `serialize()` pickles a Python
    state's attributes): the game is found again, not written out."""

    def __init__(self, game: Game, concessions: bool, key: tuple[str, dict[str, Any], bool]) -> None:
        self.game = game
        self.encoder = game.observation_encoder()
        self.masked = frozenset() if concessions else concession_ids(game)
        self.key = key

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_engine, self.key)


class ViewCache(dict[int | None, dict[str, Any]]):
    """The views of one position, by player; a clone starts without them (no deep copy of JSON)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ViewCache:
        return ViewCache()

    def __reduce__(self) -> tuple[Any, ...]:
        return (ViewCache, ())


class Position:
    """The engine state inside an OpenSpiel state, deep-copied with the engine's own `clone()`, and
    pickled as its history (the action ids, chance outcomes included): `serialize()` writes the
    moves, and reading it back replays them, as a game record does."""

    __slots__ = ("engine", "state")

    def __init__(self, engine: Engine, state: State) -> None:
        self.engine = engine
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return Position(self.engine, self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replayed, (self.engine, bytes(_pack(self.state.history))))


def _pack(history: list[int]) -> bytearray:
    """Action ids as unsigned LEB128 varints (one byte for ids below 128, two below 16,384)."""
    out = bytearray()
    for value in history:
        while value >= 0x80:
            out.append((value & 0x7F) | 0x80)
            value >>= 7
        out.append(value)
    return out


def _unpack(data: bytes) -> list[int]:
    values, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
        else:
            values.append(value)
            value, shift = 0, 0
    return values


def _replayed(engine: Engine, packed: bytes) -> Position:
    """The position reached by replaying `packed` (see `_pack`) from the start of the engine's game."""
    state = engine.game.new_initial_state()
    for action in _unpack(packed):
        state.apply_action(action)
    return Position(engine, state)


_ENGINES: dict[str, Engine] = {}


def _engine(name: str, options: dict[str, Any], concessions: bool) -> Engine:
    """One engine per option set: OpenSpiel loads a game again from its string (serialization,
    tests), and building an action space takes a moment."""
    key = json.dumps([name, options, concessions], sort_keys=True)
    found = _ENGINES.get(key)
    if found is None:
        found = _ENGINES[key] = Engine(game_class(name)(**options), concessions, (name, dict(options), concessions))
    return found


class MagnatesSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games with one option set, as OpenSpiel sees it."""

    registry_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.registry_name
        merged = {**_parameters(name), **(params or {})}
        concessions = bool(merged.pop("concessions"))
        self.perfect_recall = bool(merged.pop("perfect_recall"))
        with_steps = self.perfect_recall and name in STEP_GAMES
        self.max_length = int(merged.pop("max_game_length"))
        if self.max_length == AUTO_LENGTH:  # the step tensor holds a slot per action: a smaller cap
            self.max_length = default_steps(merged) if with_steps else MAX_GAME_LENGTH
        if self.max_length < 1:
            raise ValueError(f"max_game_length is at least 1 action, not {self.max_length}")
        self.engine = _engine(name, merged, concessions)
        self.steps = StepEncoder(self.engine.game, self.max_length) if with_steps else None
        engine = self.engine.game
        n = engine.num_distinct_actions
        players = engine.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=n,
            max_chance_outcomes=n,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if _players_range(name)[0] > 1 else None,  # as game_type says
            max_game_length=self.max_length,
        )
        parameters = {
            **merged,
            "concessions": concessions,
            "perfect_recall": self.perfect_recall,
            "max_game_length": self.max_length,
        }
        super().__init__(game_type(name, self.perfect_recall), info, parameters)

    def new_initial_state(self) -> MagnatesSpielState:
        return MagnatesSpielState(self, self.engine, self.perfect_recall, self.steps is not None)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ViewObserver | RecallObserver | StepObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            if not self.perfect_recall:
                raise ValueError("load the game with perfect_recall=True for an information-state observer")
            if self.steps is not None:
                return StepObserver(self.steps)
            return RecallObserver()
        return ViewObserver(self.engine)


class MagnatesSpielState(pyspiel.State):  # type: ignore[misc]
    """An engine state inside an OpenSpiel state; every rule stays the engine's."""

    def __init__(
        self, game: MagnatesSpielGame, engine: Engine, perfect_recall: bool = False, steps: bool = False
    ) -> None:
        super().__init__(game)
        self.engine = engine
        self.max_length = game.max_length
        self.position = Position(engine, engine.game.new_initial_state())
        self._views = ViewCache()
        self.steps: StepLog | None = StepLog() if steps else None
        self.recall: RecallChain | None = RecallChain(self) if perfect_recall and not steps else None

    def view(self, player: int | None) -> dict[str, Any]:
        """The engine's view for `player`, kept until the next action (OpenSpiel asks for the
        observation tensor and string of every player at every state)."""
        found = self._views.get(player)
        if found is None:
            found = self._views[player] = self.position.state.view(player)
        return found

    @property
    def inner(self) -> State:
        """The engine's state."""
        return self.position.state

    @property
    def truncated(self) -> bool:
        """Whether the game was stopped by `max_game_length` (a draw) before its rules ended it."""
        inner = self.position.state
        return len(inner.history) >= self.max_length and not inner.is_terminal()

    def current_player(self) -> int:
        if self.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.position.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        inner = self.position.state
        if player != inner.current_player() or self.truncated:
            return []
        return sorted(without_concessions(inner.legal_actions(), self.engine.masked))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [] if self.truncated else sorted(self.position.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        inner = self.position.state
        if self.truncated:
            raise IllegalAction(f"the game is over: it reached max_game_length ({self.max_length} actions)")
        seat = inner.current_player()
        if seat >= 0 and action in self.engine.masked and action not in self._legal_actions(seat):
            raise IllegalAction(f"{self.engine.game.action_to_string(action)!r} concedes, and concessions are masked")
        seen = StepLog.observe(inner, int(action)) if self.steps is not None else None
        inner.apply_action(int(action))
        self._views = ViewCache()
        if self.steps is not None and seen is not None:
            self.steps.append(int(action), *seen)
        if self.recall is not None:
            self.recall.extend(self)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.engine.game.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.position.state.is_terminal() or self.truncated

    def returns(self) -> list[float]:
        if self.truncated:
            return [0.0] * self.engine.game.num_players
        return [float(r) for r in self.position.state.returns()]

    def __str__(self) -> str:
        return json.dumps(self.view(None))


class RecallChain:
    """Each player's information state with perfect recall: a digest of the views they have had.

    After every action each player's view is read; when it differs from that player's last view,
    the player's chain becomes sha256(chain + view as JSON). Two histories get the same chain for a
    player exactly when the player saw the same sequence of different views (up to a hash
    collision), so the player never forgets what it saw or did (its own moves show in its views),
    and what its view never showed (another hand, a card drawn in secret) cannot split its
    information sets. It costs one view per player per action, so it is built only for games loaded
    with `perfect_recall=True`."""

    def __init__(self, state: MagnatesSpielState) -> None:
        players = state.engine.game.num_players
        self.last: list[str] = [""] * players
        self.chain: list[str] = [""] * players
        self.extend(state)

    def extend(self, state: MagnatesSpielState) -> None:
        for player in range(len(self.chain)):
            seen = json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))
            if seen != self.last[player]:
                self.last[player] = seen
                self.chain[player] = hashlib.sha256((self.chain[player] + seen).encode()).hexdigest()


class RecallObserver:
    """OpenSpiel's information-state observer for the games without a step encoding: the player's
    `RecallChain` digest as the string, and no tensor (see the module's docstring)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: MagnatesSpielState, player: int) -> None:
        """No tensor to write: say so rather than hand back an empty one."""
        raise ValueError(
            f"{state.engine.key[0]} has no information-state tensor (only Magnate's steps are encoded);"
            " use information_state_string"
        )

    def string_from(self, state: MagnatesSpielState, player: int) -> str:
        if state.recall is None:
            raise ValueError("load the game with perfect_recall=True for information-state strings")
        return state.recall.chain[player]


class StepObserver:
    """OpenSpiel's information-state observer for a game with a step encoding (`step_recall`):
    the observation and the seen steps as the tensor, the seen history as the string."""

    def __init__(self, encoder: StepEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        obs = encoder.observation.size
        self.dict = {
            "observation": self.tensor[:obs],
            "steps": self.tensor[obs:].reshape(encoder.max_steps, -1),
        }

    def set_from(self, state: MagnatesSpielState, player: int) -> None:
        if state.steps is None:
            raise ValueError("this state keeps no step log: load the game with perfect_recall=True")
        self.encoder.write(self.tensor, state.view(player), state.steps, player)

    def string_from(self, state: MagnatesSpielState, player: int) -> str:
        if state.steps is None:
            raise ValueError("this state keeps no step log: load the game with perfect_recall=True")
        return state.steps.string(player)


class ViewObserver:
    """OpenSpiel's observer protocol over a player's view: the encoder's tensor, the view's JSON."""

    def __init__(self, engine: Engine) -> None:
        self.encoder = engine.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {name: self.tensor[start:stop] for name, (start, stop) in self.encoder.slices.items()}

    def set_from(self, state: MagnatesSpielState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.view(player))

    def string_from(self, state: MagnatesSpielState, player: int) -> str:
        return json.dumps(state.view(player))


def register() -> None:
    """Register every game of the registry with pyspiel (once)."""
    registered = set(pyspiel.registered_names())
    for name in REGISTRY:
        if short_name(name) in registered:
            continue
        cls_name = "SpielGame_" + name.replace("-", "_")
        cls = type(cls_name, (MagnatesSpielGame,), {"registry_name": name, "__module__": __name__})
        globals()[cls_name] = cls  # found by name when OpenSpiel pickles a game
        pyspiel.register_game(game_type(name), cls)


register()
