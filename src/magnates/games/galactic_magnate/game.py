"""Galactic Magnate: the Game object (options, action space, bots, JSON loading)."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from magnates.core import design as core_design
from magnates.core.actions import Action
from magnates.core.bot import Bot
from magnates.core.encoding import Encoder
from magnates.core.errors import OptionError
from magnates.core.game import Game, State
from magnates.core.options import Option
from magnates.games.galactic_magnate import actions, bots, consistency, fortune, info, serial, trading
from magnates.games.galactic_magnate import design as galactic_design
from magnates.games.galactic_magnate.board import TABLES, Tables
from magnates.games.galactic_magnate.observation import GalacticMagnateEncoder
from magnates.games.galactic_magnate.state import GalacticState

CASH_FORM = re.compile(r"^\s*(?:(offer|give|ask)\s+(\d+)(?:\s+in\s+cash)?|(no)\s+cash)\s*$", re.IGNORECASE)
"""The typed cash of a trade offer: "offer 230" (I pay), "ask 120" (my partner pays), "no cash"."""


class GalacticMagnateGame(Game):
    name = "galactic-magnate"
    title = "Galactic Magnate"
    version = "2"
    options_declared = (
        Option("players", 2, (2, 3, 4, 5), "number of players (2 to 5)"),
        Option(
            "characters",
            "dealt",
            ("dealt", "pick"),
            "dealt: each seat is given a character in seat order; pick: each seat chooses one (names only)",
        ),
        Option(
            "max_rounds",
            300,
            None,
            "rounds after which the game stops and the richest survivor wins (a safety net; see the rules page)",
        ),
    )

    def __init__(self, **options: Any) -> None:
        """`design=` (a path, or the object a record keeps) replaces the shipped tables; see design.py."""
        given, rest = core_design.split(options)
        super().__init__(**rest)
        self.tables: Tables = TABLES
        """The board's numbers and names every state of this game plays by."""
        self.design_data: dict[str, Any] | None = None
        """The whole design played (shipped data and file merged), when a design file is given."""
        if given is not None:
            loaded = galactic_design.load(given)
            self.options[core_design.DESIGN] = loaded.override
            self.design_data = loaded.merged
            self.tables = loaded.built

    def typed_plan(self, state: State, player: int, line: str) -> list[int] | None:
        """ "offer 230", "ask 120" or "no cash": the cash of the offer being built, set in one go."""
        match = CASH_FORM.match(line)
        if match is None or not isinstance(state, GalacticState) or state.trade_with < 0:
            return None
        word, amount = (match.group(1) or match.group(3)).lower(), int(match.group(2) or 0)
        target = 0 if word == "no" else -amount if word in ("offer", "give") else amount
        return trading.cash_plan(state, player, target)

    def check_options(self, options: dict[str, Any]) -> None:
        if not 1 <= options["max_rounds"] <= 100_000:
            raise OptionError(f"option 'max_rounds' must be between 1 and 100000; got {options['max_rounds']}")

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @cached_property
    def _built(self) -> tuple[list[Action], actions.ActionIds]:
        return actions.build(self.num_players, self.tables)

    @property
    def ids(self) -> actions.ActionIds:
        return self._built[1]

    def build_action_space(self) -> list[Action]:
        return self._built[0]

    @cached_property
    def dice_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1 / 36) for a in self.ids.dice]

    @cached_property
    def fortune_outcomes(self) -> list[tuple[int, float]]:
        return fortune.draw_outcomes(self.ids, self.tables)

    @cached_property
    def order_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1 / len(self.ids.orders)) for a in self.ids.orders]

    def static_info(self) -> dict[str, Any]:
        """The board, the monopolies and the tables, for drawn tables (`GET /api/games/{id}/info`)."""
        return info.static_info(self.num_players, self.tables)

    def observation_encoder(self) -> Encoder:
        """Built once per option set (and kept): the slices' lengths depend on the player count."""
        encoder: Encoder | None = self.__dict__.get("_encoder")
        if encoder is None:
            encoder = self.__dict__["_encoder"] = GalacticMagnateEncoder(
                self.num_players, int(self.options["max_rounds"]), self.tables
            )
        return encoder

    def new_initial_state(self) -> GalacticState:
        return GalacticState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> GalacticState:
        state = serial.state_from_json(self, data)
        consistency.check(state, data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """Nothing is hidden: the view rebuilds the state exactly (the history aside)."""
        return serial.state_from_json(self, view)

    def bot_factories(self) -> dict[str, Any]:
        def greedy(game: Game) -> Bot:
            return bots.GreedyBot()

        def patient_random(game: Game) -> Bot:
            return bots.PatientRandomBot()

        return {"greedy": greedy, "patient-random": patient_random}
