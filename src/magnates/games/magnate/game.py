"""Magnate, the Decktet city-building game by Cristyn Magnus, with its variants."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from magnates.core.actions import Action
from magnates.core.bot import BotFactory
from magnates.core.game import Game
from magnates.games.magnate import options as opts
from magnates.games.magnate.cards import Deck, build_deck
from magnates.games.magnate.districts import District, layout
from magnates.games.magnate.space import Space, build_space
from magnates.games.magnate.state import MagnateState


class MagnateGame(Game):
    name = "magnate"
    title = "Magnate"
    version = "1"
    options_declared = opts.OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.config = opts.config_from_options(self.options)
        self.deck: Deck = build_deck(self.config)
        self.districts: tuple[District, ...] = layout(self.config)
        self.first_masks = [d.first_card_mask for d in self.districts]
        self.district_suit_names = [tuple(s.title for s in d.marker.suits) for d in self.districts]
        self.side_districts = [
            [d for d, district in enumerate(self.districts) if side in district.contested_by]
            for side in range(self.config.sides)
        ]
        self.card_labels = [c.label for c in self.deck.cards]
        self.card_index = {label: i for i, label in enumerate(self.card_labels)}
        self.crown_labels = [c.label for c in self.deck.crowns]
        self.crown_index = {label: i for i, label in enumerate(self.crown_labels)}

    def check_options(self, options: dict[str, Any]) -> None:
        opts.check_options(options)

    @property
    def num_players(self) -> int:
        return int(self.config.players)

    @cached_property
    def space(self) -> Space:
        return build_space(self.config, self.deck, self.districts)

    def build_action_space(self) -> list[Action]:
        return self.space.actions

    def new_initial_state(self) -> MagnateState:
        return MagnateState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> MagnateState:
        from magnates.games.magnate.view import state_from_json

        return state_from_json(self, data)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> MagnateState:
        from magnates.games.magnate.view import sample_state

        return sample_state(self, view, rng)

    def bot_factories(self) -> dict[str, BotFactory]:
        from magnates.games.magnate.bots import GreedyBot

        return {"greedy": lambda game: GreedyBot()}
