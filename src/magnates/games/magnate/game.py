"""Magnate, the Decktet city-building game by Cristyn Magnus, with its variants."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from magnates.core.actions import Action
from magnates.core.bot import BotFactory
from magnates.core.encoding import Encoder
from magnates.core.game import Game
from magnates.games.magnate import options as opts
from magnates.games.magnate import view as views
from magnates.games.magnate.bots import GreedyBot
from magnates.games.magnate.cards import Deck, build_deck
from magnates.games.magnate.districts import District, layout
from magnates.games.magnate.income import SOURCES
from magnates.games.magnate.observation import MagnateEncoder
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
        self.first_masks: tuple[int, ...] = tuple(d.first_card_mask for d in self.districts)
        self.district_suit_names = [tuple(s.title for s in d.marker.suits) for d in self.districts]
        self.side_districts: tuple[tuple[int, ...], ...] = tuple(
            tuple(d for d, district in enumerate(self.districts) if side in district.contested_by)
            for side in range(self.config.sides)
        )
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
        return views.state_from_json(self, data)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> MagnateState:
        return views.sample_state(self, view, rng)

    def view_of(self, state: MagnateState, player: int | None) -> dict[str, Any]:
        """`state.view(player)`: written by view.py, which imports the state module (so not the reverse)."""
        return views.view(state, player)

    def json_of(self, state: MagnateState) -> dict[str, Any]:
        """`state.to_json()`: the spectator's view plus the hidden parts (view.py)."""
        return views.state_to_json(state)

    def observation_encoder(self) -> Encoder:
        """Built once per option set: the slices' lengths depend on the deck, districts and sides."""
        encoder: Encoder | None = self.__dict__.get("_encoder")
        if encoder is None:
            encoder = self.__dict__["_encoder"] = MagnateEncoder(self)
        return encoder

    def bot_factories(self) -> dict[str, BotFactory]:
        return {"greedy": lambda game: GreedyBot()}

    def static_info(self) -> dict[str, Any]:
        """The table as it comes out of the box for this option set: the districts (in table order,
        with their Pawn's suits and who builds there), every card's prices and the turn's numbers.

        `deck` is keyed by card label ("The Sea #2" for a second copy); `layout` is "line" (two
        sides) or "y" (three players: arm k of the Y lies between seat k and seat k+1).
        """
        config, deck = self.config, self.deck
        districts = [
            {
                "name": district.name,
                "suits": list(self.district_suit_names[d]),
                "contested_by": list(district.contested_by),
                "excuse": district.is_excuse,
                "arm": None if district.is_excuse or not config.three else district.contested_by[0],
            }
            for d, district in enumerate(self.districts)
        ]
        cards = {
            card.label: {
                "name": card.name,
                "kind": card.kind.value,
                "suits": [s.title for s in card.suits],
                "rank": deck.score_rank[c],
                "produces_on": deck.income_rank[c],
                "develop_cost": deck.develop_cost[c],
                "deed_cost": [s.title for s in deck.deed_cost[c]],
                "sells_for": [s.title for s in deck.sale[c]],
            }
            for c, card in enumerate(deck.cards)
        }
        return {
            "layout": "y" if config.three else "line",
            "sides": config.sides,
            "automa_side": 1 if config.solo else None,
            "plays_per_turn": config.plays_per_turn,
            "hand_size": config.cards_dealt,
            "tax_dice": config.tax_dice,
            "ending_exhaustion": config.ending_exhaustion,
            "aces": config.aces,
            "districts": districts,
            "deck": cards,
            "crowns": {crown.label: crown.suits[0].title for crown in deck.crowns},
            "income_sources": list(SOURCES),
        }
