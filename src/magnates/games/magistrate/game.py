"""Magistrate (Matt Worden's prototype): the Game object, options, records and hidden-state sampling."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from magnates.core import design as core_design
from magnates.core.actions import Action
from magnates.core.bot import Bot
from magnates.core.encoding import Encoder
from magnates.core.errors import RecordError
from magnates.core.game import Game, require
from magnates.core.options import Option
from magnates.games.magistrate.actions import ActionIds
from magnates.games.magistrate.bots import FACTORIES
from magnates.games.magistrate.components import Components, components
from magnates.games.magistrate.consistency import check as check_consistency
from magnates.games.magistrate.design import load as load_design
from magnates.games.magistrate.income import SOURCES as INCOME_SOURCES
from magnates.games.magistrate.income import empty as no_income
from magnates.games.magistrate.info import static_info
from magnates.games.magistrate.layout import Layout
from magnates.games.magistrate.observation import MagistrateEncoder
from magnates.games.magistrate.phases import ACTIONS, INFLUENCE, MATERIAL, OVER, PHASES
from magnates.games.magistrate.position import FIELDS
from magnates.games.magistrate.setup import new_game
from magnates.games.magistrate.state import MagistrateState
from magnates.games.magistrate.views import HIDDEN


class MagistrateGame(Game):
    name = "magistrate"
    title = "Magistrate"
    version = "3"
    options_declared = (Option("players", 3, (2, 3, 4), "number of players"),)

    def __init__(self, **options: Any) -> None:
        """`design=` (a path, or the object a record keeps) replaces the shipped components; see design.py."""
        given, rest = core_design.split(options)
        super().__init__(**rest)
        self._design: Components | None = None
        self.design_data: dict[str, Any] | None = None
        """The whole design played (shipped data and file merged), when a design file is given."""
        if given is not None:
            loaded = load_design(given)
            self.options[core_design.DESIGN] = loaded.override
            self.design_data = loaded.merged
            self._design = loaded.built

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @cached_property
    def comp(self) -> Components:
        return self._design or components()

    @cached_property
    def ids(self) -> ActionIds:
        return ActionIds(self.comp, self.num_players)

    @cached_property
    def layout(self) -> Layout:
        """What every state of this game shares: components, action ids, Homes, blocking chips."""
        return Layout(self.comp, self.ids, self.num_players)

    @property
    def homes(self) -> tuple[int, ...]:
        return self.layout.homes

    @property
    def blocked(self) -> tuple[int, ...]:
        return self.layout.blocked

    def build_action_space(self) -> list[Action]:
        return list(self.ids.actions)

    def static_info(self) -> dict[str, Any]:
        """The map, Judges' path, Agent Ops board, deck and readable action labels for the web table."""
        return static_info(self.layout)

    def observation_encoder(self) -> Encoder:
        """Built once per option set (and kept): the slices' lengths depend on the player count."""
        encoder: Encoder | None = self.__dict__.get("_encoder")
        if encoder is None:
            encoder = self.__dict__["_encoder"] = MagistrateEncoder(self.comp, self.num_players)
        return encoder

    def new_initial_state(self) -> MagistrateState:
        return new_game(self, self.layout)

    def bot_factories(self) -> dict[str, Callable[[Game], Bot]]:
        return dict(FACTORIES)

    # -- saving and loading -----------------------------------------------------------
    def state_from_json(self, data: Mapping[str, Any]) -> MagistrateState:
        if not isinstance(data, Mapping):
            raise RecordError("a Magistrate state is a JSON object")
        players = data.get("players")
        require(
            players == self.num_players,
            f"the state is for {players!r} players; this game has {self.num_players} players",
        )
        if "income" not in data:  # saved before income was tracked: it starts from nothing
            data = {**data, "income": no_income(self.num_players)}
        missing = [name for name, _ in FIELDS if name not in data] + (["history"] if "history" not in data else [])
        require(not missing, f"the state lacks {', '.join(missing)}")
        s = MagistrateState(self, self.layout)
        try:
            for name, depth in FIELDS:
                value = _copy(data[name], depth, name)
                try:
                    setattr(s, name, value)
                except TypeError as err:  # a compiled state (scripts/build_compiled.sh) checks types itself
                    raise ValueError(f"{name} has the wrong type ({err})") from None
            s.history = _copy(data["history"], 1, "history")
        except (TypeError, ValueError) as err:
            raise RecordError(f"broken Magistrate state: {err}") from None
        try:
            _check_state(s)
        except (IndexError, TypeError, ValueError) as err:
            if isinstance(err, RecordError):
                raise
            raise RecordError(f"broken Magistrate state: {err}") from None
        check_consistency(s, data)
        return s

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> MagistrateState:
        """Deal the cards this seat cannot see (other hands, other secret evidence, the deck) at random.

        A search samples the same view hundreds of times, so the view is read and checked once
        (`_sampling_base`) and each sample is a copy of that state with the unseen cards dealt anew.
        """
        base, unseen = self._sampling_base(view)
        unseen = unseen[:]
        rng.shuffle(unseen)
        s = base.clone()
        me = view.get("you")
        for player in range(self.num_players):
            if player == me:
                continue
            size = view["hand_sizes"][player]
            s.hands[player] = sorted(unseen[:size])
            del unseen[:size]
            size = view["secret_sizes"][player]
            s.secret[player] = sorted(unseen[:size])
            del unseen[:size]
        s.deck = sorted(unseen)
        s._legal = None
        return s

    def _sampling_base(self, view: Mapping[str, Any]) -> tuple[MagistrateState, list[int]]:
        """The view as a checked state (unseen cards dealt in order) and the unseen cards, cached per view."""
        cached = self.__dict__.get("_sampled")
        if cached is not None and cached[0] == view:
            return cached[1], cached[2]
        me = view.get("you")
        seen = list(view["discard"])
        hands: list[list[int]] = [[] for _ in range(self.num_players)]
        secret: list[list[int]] = [[] for _ in range(self.num_players)]
        if me is not None:
            hands[me] = list(view["hand"])
            secret[me] = list(view["my_secret"])
            seen += hands[me] + secret[me]
        unseen = sorted(set(range(len(self.comp.cards))) - set(seen))
        rest = unseen[:]
        for player in range(self.num_players):
            if player == me:
                continue
            for pile, size in ((hands, view["hand_sizes"][player]), (secret, view["secret_sizes"][player])):
                pile[player] = rest[:size]
                del rest[:size]
        require(len(rest) == view["deck_size"], "the view's card counts do not add up to the deck")
        data = {name: view[name] for name, _ in FIELDS if name not in HIDDEN and name in view}
        data.update(players=self.num_players, hands=hands, secret=secret, deck=rest, history=[])
        base = self.state_from_json(data)
        copy = json.loads(json.dumps(view))  # the caller may change its view later
        self.__dict__["_sampled"] = (copy, base, unseen)
        return base, unseen


def _copy(value: Any, depth: int, name: str) -> Any:
    if depth == 0:
        if isinstance(value, list | dict):
            raise ValueError(f"{name} must be a single value")
        return value
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list")
    if depth == 1:
        for item in value:
            if type(item) is not int:
                raise ValueError(f"{name} must hold whole numbers")
        return list(value)
    return [_copy(row, 1, name) for row in value]


def _check_state(s: MagistrateState) -> None:
    """Conservation checks: a state that breaks them was not made by these rules."""
    comp = s.comp
    n = s.n
    require(type(s.round) is int and s.round >= 1, "round must be a positive whole number")
    require(s.stage in (MATERIAL, ACTIONS, INFLUENCE, OVER), f"unknown stage {s.stage!r}")
    require(type(s.phase) is int and 0 <= s.phase < len(PHASES), f"phase must be 0..{len(PHASES) - 1}")
    require(
        type(s.first) is int and 0 <= s.first < n and type(s.turn) is int and 0 <= s.turn < n,
        "first player and turn must be seats",
    )
    provinces = len(comp.provinces)
    require(
        len(s.soldiers) == n and all(len(r) == provinces for r in s.soldiers),
        "soldiers must be one row of provinces per player",
    )
    for name in ("stock_soldiers", "stock_forts", "rings", "header", "stock_agents", "vp"):
        require(len(getattr(s, name)) == n, f"{name} must hold one number per player")
    for name in ("supply", "evidence"):
        rows = getattr(s, name)
        require(len(rows) == n and all(len(r) == 3 and min(r) >= 0 for r in rows), f"{name}: 3 counts per player")
    require(len(s.stockpile) == 3 and min(s.stockpile) >= 0, "the stockpile must be 3 counts")
    require(len(s.forts) == provinces and all(-1 <= f < n for f in s.forts), "forts: a seat or -1 per province")
    require(
        len(s.placed) == n and all(len(r) == len(comp.cells) and set(r) <= {0, 1} for r in s.placed),
        "placed must be 0/1 per cell per player",
    )
    require(len(s.hands) == n and len(s.secret) == n, "hands and secret evidence must be one list per player")
    require(len(s.battle) in (0, 4), "a battle is [attacker, defender, province, cubes] or empty")
    require(all(len(d) == 2 and 0 <= d[0] < n and d[1] > 0 for d in s.draws), "draws must be [seat, count] pairs")
    require(all(min(r) >= 0 for r in s.soldiers) and min(s.stock_soldiers) >= 0, "soldier counts cannot be negative")
    for player in range(n):
        require(
            sum(s.soldiers[player]) + s.stock_soldiers[player] == comp.soldiers,
            f"player {player + 1}'s soldiers do not add up to {comp.soldiers}",
        )
        require(
            s.forts_on_map(player) + s.stock_forts[player] == comp.forts,
            f"player {player + 1}'s forts do not add up to {comp.forts}",
        )
        require(
            s.agents_on_board(player) + s.stock_agents[player] == comp.agents,
            f"player {player + 1}'s agents do not add up to {comp.agents}",
        )
        require(0 <= s.rings[player] <= comp.rings, f"player {player + 1} has an impossible number of rings")
    pot = s.battle[3] if s.battle else 0
    for colour in range(3):
        total = s.stockpile[colour] + sum(r[colour] for r in s.supply) + sum(r[colour] for r in s.evidence)
        total += pot if colour == 1 else 0
        require(total == comp.central_cubes, f"cubes of colour {colour} do not add up to {comp.central_cubes}")
    cards = [c for h in s.hands for c in h] + [c for e in s.secret for c in e] + s.deck + s.discard
    require(sorted(cards) == list(range(len(comp.cards))), "every card must be in exactly one place")
    require(
        len(s.income) == n and all(len(r) == len(INCOME_SOURCES) and min(r) >= 0 for r in s.income),
        f"income must be {len(INCOME_SOURCES)} non-negative counts per player",
    )
    require(len(s.judges) == 3 and all(0 <= j < comp.path_spaces for j in s.judges), "judges must be on the path")
