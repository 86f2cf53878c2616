"""Magnate's options (variants) and the numbers each combination implies.

`Config` is the single source of truth for every count that depends on the
variant: the engine, the rules cheatsheet and the Roller all read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from magnates.core.errors import OptionError
from magnates.core.native import frozen_reduce
from magnates.core.options import Option

OPTIONS: tuple[Option, ...] = (
    Option("players", 2, (1, 2, 3), "1 is the solo game against the automa; 3 uses the Y layout"),
    Option("districts", 5, (5, 4), "5: the four Pawns and the Excuse (official); 4: the original game, Pawns only"),
    Option("courts", True, (True, False), "shuffle the four Courts into the deck as properties"),
    Option(
        "aces",
        "official",
        ("official", "original"),
        "official: develop for 3, score one per matching property; original: 1 and 1",
    ),
    Option("taxation", "single", ("single", "double"), "double: a 1 on either d10 rolls 2d6 and taxes both suits"),
    Option("mega", False, (True, False), "Mega Magnate: two Decktets, 6-card hands, two card plays a turn, two d6"),
    Option(
        "automa",
        "normal",
        ("normal", "hard"),
        "the solo automa (players=1 only); hard: sold cards must go by the automa's Crown suits",
    ),
)


def check_options(options: dict[str, Any]) -> None:
    """Combinations that make no sense, with the reason."""
    players = options["players"]
    if options["automa"] != "normal" and players != 1:
        raise OptionError(f"automa={options['automa']} is for the solo game: use it with players=1")
    if players == 3 and options["districts"] == 4:
        raise OptionError(
            "three-player Magnate sets six Pawns in a Y around the Excuse, "
            "so it needs districts=5 (the Excuse is the hub)"
        )


@dataclass(frozen=True)
class Config:
    """Every number the chosen variant implies (read by the rules and the cheatsheet)."""

    players: int  # seats with decisions (the automa is not a seat)
    sides: int  # sides of the district line: players, or 2 in the solo game (you and the automa)
    districts: int  # 4 or 5: whether the Excuse is a district (three players: always with the Excuse)
    courts: bool
    aces: str
    taxation: str
    mega: bool
    automa: str | None
    decks: int  # Decktets used for the cards in play
    pawns: int  # Pawns set out as districts
    tokens_per_suit: int  # the cheatsheet's recommended supply (the engine's supply is unlimited)
    cards_dealt: int
    plays_per_turn: int
    final_hand_size: int
    tax_dice: int  # d6 rolled on a taxation
    reshuffles: int  # times the discard pile becomes the draw pile
    crowns_each: int

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)

    @property
    def ending_exhaustion(self) -> int:
        """Which exhaustion of the draw pile starts the final turns (2nd in the official game)."""
        return self.reshuffles + 1

    @property
    def ace_develop_cost(self) -> int:
        return 3 if self.aces == "official" else 1

    @property
    def solo(self) -> bool:
        return self.automa is not None

    @property
    def three(self) -> bool:
        return self.players == 3


def config_from_options(options: dict[str, Any]) -> Config:
    players = options["players"]
    mega = options["mega"]
    solo = players == 1
    three = players == 3
    decks = 2 if mega else 1
    sides = 2 if solo else players
    crowns = 6 * decks
    plays = 2 if mega else 1
    dealt = 6 if mega else 3
    return Config(
        players=players,
        sides=sides,
        districts=options["districts"],
        courts=options["courts"],
        aces=options["aces"],
        taxation=options["taxation"],
        mega=mega,
        automa=options["automa"] if solo else None,
        decks=decks,
        pawns=6 if three else 4,
        tokens_per_suit=20 if (mega or three) else 12,
        cards_dealt=dealt,
        plays_per_turn=plays,
        final_hand_size=dealt - plays,
        tax_dice=2 if (mega or options["taxation"] == "double") else 1,
        reshuffles=0 if solo else (2 if three else 1),
        crowns_each=crowns // sides,
    )
