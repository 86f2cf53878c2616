"""The Magnate Roller: what a roll of the dice means, for people playing with real cards.

Pure functions over numbers, so a person can type in the dice they rolled at
the table (`read_roll`) or let the command line roll them (`roll`, with a
`random.Random` the caller seeds). The meaning follows the rules' order:
taxation first (a 1 on either d10: the variant's d6 pick the taxed suits),
then production on the higher d10: 10 is the Crowns, a pair of 1s the Aces,
anything else the properties of that rank. The number of d6 comes from the
variant's `Config`, the same value the engine uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from magnates.decktet import SUITS, Kind, Suit
from magnates.games.magnate.cards import build_deck
from magnates.games.magnate.options import Config

D10_FACES = range(1, 11)
D6_FACES = range(1, 7)
TAX_FACE = 1  # a 1 on either d10 calls for taxation
CROWN_FACE = 10  # a higher die of 10: every Crown produces
ACE_FACE = 1  # a higher die of 1 (a pair of 1s): every Ace produces

CROWNS, ACES, RANK = "crowns", "aces", "rank"


class RollError(ValueError):
    """Dice that cannot have been rolled, or the wrong number of taxation dice."""


def taxed_suit(face: int) -> Suit:
    """The d6 face names a suit in the usual order of priority: 1 Moons ... 6 Knots."""
    if face not in D6_FACES:
        raise RollError(f"a d6 shows 1 to 6, not {face}")
    return SUITS[face - 1]


def taxation_due(dice: tuple[int, int]) -> bool:
    return TAX_FACE in dice


def production(high: int) -> str:
    """What produces on the higher die: the Crowns, the Aces, or the properties of that rank."""
    if high == CROWN_FACE:
        return CROWNS
    if high == ACE_FACE:
        return ACES
    return RANK


@dataclass(frozen=True)
class Producer:
    name: str
    suits: tuple[str, ...]


@dataclass(frozen=True)
class Reading:
    """One roll and what it means under one variant."""

    dice: tuple[int, int]
    tax_dice: tuple[int, ...]  # the d6 faces, empty when no 1 was rolled
    tax_dice_needed: int  # how many d6 this variant rolls on a taxation
    solo: bool

    @property
    def high(self) -> int:
        return max(self.dice)

    @property
    def taxation(self) -> bool:
        return taxation_due(self.dice)

    @property
    def taxed(self) -> tuple[Suit, ...]:
        """The taxed suits, each once (two d6 showing the same face tax one suit)."""
        return tuple(dict.fromkeys(taxed_suit(face) for face in self.tax_dice))

    @property
    def produces(self) -> str:
        return production(self.high)

    @property
    def rank(self) -> int | None:
        return self.high if self.produces == RANK else None

    def to_json(self, producers: Sequence[Producer] = ()) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "high": self.high,
            "taxation": self.taxation,
            "tax_dice": list(self.tax_dice),
            "taxed": [s.title for s in self.taxed],
            "produces": self.produces,
            "rank": self.rank,
            "producers": [{"name": p.name, "suits": list(p.suits)} for p in producers],
        }


def _check_d10(dice: Sequence[int]) -> tuple[int, int]:
    if len(dice) != 2:
        raise RollError(f"Magnate rolls two d10; got {len(dice)} value(s)")
    for face in dice:
        if face not in D10_FACES:
            raise RollError(f"a d10 shows 1 to 10 (read a 0 as 10), not {face}")
    return dice[0], dice[1]


def read_roll(config: Config, dice: Sequence[int], tax_dice: Sequence[int] = ()) -> Reading:
    """The meaning of dice rolled at a real table. Taxation dice are given only after a 1."""
    d10 = _check_d10(dice)
    faces = tuple(tax_dice)
    for face in faces:
        taxed_suit(face)
    if faces and not taxation_due(d10):
        raise RollError(f"no taxation: neither d10 shows a 1 ({d10[0]} and {d10[1]}), so no d6 is rolled")
    if faces and len(faces) != config.tax_dice:
        raise RollError(f"this variant rolls {config.tax_dice} d6 for taxation; got {len(faces)}")
    return Reading(d10, faces, config.tax_dice, config.solo)


def roll(config: Config, rng: random.Random, dice: Sequence[int] | None = None) -> Reading:
    """Roll 2d10 (unless `dice` are given) and, on a 1, the variant's taxation d6."""
    d10 = _check_d10(dice) if dice is not None else (rng.randint(1, 10), rng.randint(1, 10))
    faces = tuple(rng.randint(1, 6) for _ in range(config.tax_dice)) if taxation_due(d10) else ()
    return Reading(d10, faces, config.tax_dice, config.solo)


def producers(config: Config, reading: Reading) -> list[Producer]:
    """The cards of this variant that produce on the roll (each name once; Courts never do)."""
    deck = build_deck(config)
    if reading.produces == CROWNS:
        cards = [c for c in deck.crowns if c.copy == 0]
    elif reading.produces == ACES:
        cards = [c for c in deck.cards if c.kind is Kind.ACE and c.copy == 0]
    else:
        cards = [c for c in deck.cards if c.kind is Kind.NUMBER and c.rank == reading.high and c.copy == 0]
    return [Producer(c.name, tuple(s.title for s in c.suits)) for c in cards]


def describe(config: Config, reading: Reading) -> list[str]:
    """The roll in plain words, one line per step, in the order the rules resolve it."""
    lines = [f"Dice: {reading.dice[0]} and {reading.dice[1]}; the higher die is {reading.high}."]
    everyone = "You collect" if config.solo else "Every player collects"
    if reading.taxation:
        if reading.tax_dice:
            faces = ", ".join(str(f) for f in reading.tax_dice)
            suits = " and ".join(s.title for s in reading.taxed)
            who = "You keep" if config.solo else "Every player keeps"
            lines.append(
                f"Taxation first (a 1 was rolled): d6 {faces} -> {suits}. "
                f"{who} at most one token of {'that suit' if len(reading.taxed) == 1 else 'each of those suits'}; "
                "tokens on deeds are safe."
            )
        else:
            lines.append(
                f"Taxation first (a 1 was rolled): roll {reading.tax_dice_needed} d6 to pick the taxed suit(s)."
            )
    if reading.produces == CROWNS:
        lines.append(f"10: the Crowns produce. {everyone} one token of each of their Crowns' suits.")
    elif reading.produces == ACES:
        lines.append(f"A pair of 1s: the Aces produce. {everyone} one token of its suit per Ace property.")
    else:
        names = ", ".join(f"{p.name} ({'/'.join(p.suits)})" for p in producers(config, reading))
        lines.append(
            f"Rank {reading.high} produces: {names}. A developed property pays one token of each of its suits; "
            "a deed pays one token of one of its suits, its owner's choice."
        )
    if config.solo:
        lines.append("The automa collects nothing.")
    return lines
