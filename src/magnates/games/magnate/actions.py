"""Magnate's actions as people read and write them.

Fields hold names (card labels, district names, suit names) so that the JSON
form is readable and stable; the engine works on integer ids and a decode
table built beside the action space (see `space.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from magnates.core.actions import Action


@dataclass(frozen=True)
class DealCrown(Action):
    kind: ClassVar[str] = "deal_crown"
    crown: str

    def __str__(self) -> str:
        return f"deal crown {self.crown}"


@dataclass(frozen=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class Roll(Action):
    """The two d10, higher first (the order of the dice does not matter)."""

    kind: ClassVar[str] = "roll"
    is_dice: ClassVar[bool] = True
    high: int
    low: int

    def __str__(self) -> str:
        return f"roll {self.high} {self.low}"

    def aliases(self) -> list[str]:
        h, lo = self.high, self.low
        return [f"{h} {lo}", f"{lo} {h}", f"{h}-{lo}", f"{lo}-{h}", f"{h},{lo}", f"{lo},{h}", f"roll {lo} {h}"]


@dataclass(frozen=True)
class Tax(Action):
    """A taxation d6: 1 Moons, 2 Suns, 3 Waves, 4 Leaves, 5 Wyrms, 6 Knots."""

    kind: ClassVar[str] = "tax"
    is_dice: ClassVar[bool] = True
    suit: str
    face: int

    def __str__(self) -> str:
        return f"tax {self.suit}"

    def aliases(self) -> list[str]:
        return [str(self.face), f"tax {self.face}", self.suit]


@dataclass(frozen=True)
class TakeIncome(Action):
    """The owner of a deed that produced chooses which of its suits to take."""

    kind: ClassVar[str] = "income"
    suit: str

    def __str__(self) -> str:
        return f"take {self.suit}"


@dataclass(frozen=True)
class Trade(Action):
    kind: ClassVar[str] = "trade"
    give: str
    get: str

    def __str__(self) -> str:
        return f"trade 3 {self.give} for 1 {self.get}"


@dataclass(frozen=True)
class Improve(Action):
    """Put one token on your deed in a district (develop it over time)."""

    kind: ClassVar[str] = "improve"
    district: str
    suit: str

    def __str__(self) -> str:
        return f"add {self.suit} to the deed at {self.district}"


@dataclass(frozen=True)
class Develop(Action):
    """Develop a card from your hand outright, paying its full cost now."""

    kind: ClassVar[str] = "develop"
    card: str
    district: str
    payment: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        paid = " + ".join(f"{n} {suit}" for suit, n in self.payment)
        return f"develop {self.card} at {self.district} paying {paid}"


@dataclass(frozen=True)
class BuyDeed(Action):
    kind: ClassVar[str] = "deed"
    card: str
    district: str

    def __str__(self) -> str:
        return f"buy the deed to {self.card} at {self.district}"


@dataclass(frozen=True)
class Sell(Action):
    kind: ClassVar[str] = "sell"
    card: str

    def __str__(self) -> str:
        return f"sell {self.card}"


@dataclass(frozen=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class AutomaBuild(Action):
    """Solo game: where the card you just sold goes on the automa's side."""

    kind: ClassVar[str] = "automa_build"
    district: str

    def __str__(self) -> str:
        return f"automa builds at {self.district}"
