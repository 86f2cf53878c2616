"""People Actions: Conscript, Production, Increase Popularity, Influence Judges (all paid in purple)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.core.actions import Action
from magnates.games.magistrate.actions import (
    Conscript,
    IncreasePopularity,
    InfluenceJudges,
    Pass,
    Produce,
    ProduceTrade,
    RemoveSoldier,
)
from magnates.games.magistrate.components import PURPLE
from magnates.games.magistrate.judges import apply_player_influence
from magnates.games.magistrate.phases import NEXT_PLAYER, SAME_PLAYER, Then
from magnates.games.magistrate.supply import cards_left, discard_from_hand, owe_draws, pay_home, pay_stockpile

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

CONSCRIPTS_PER_CUBE = 3
POPULARITY_COST = 2
INFLUENCE_COST = 2


def legal(s: Position, player: int) -> list[int]:
    """A player who has just raised his Popularity first takes his soldiers off the map."""
    if s.removals:
        return removal_choices(s, player)
    ids = s.ids
    purple = s.supply[player][PURPLE]
    out = [ids.pass_]
    if purple < 1:
        return out
    if s.stock_soldiers[player] > 0:
        out.append(ids.conscript)
    hand = s.hands[player]
    if cards_left(s):
        out.append(ids.produce)
        out += [ids.produce_trade[c] for c in hand if c in ids.produce_trade]
    if purple >= POPULARITY_COST and can_increase_popularity(s, player):
        out.append(ids.popularity)
    if purple >= INFLUENCE_COST:
        # "Influence that would violate the previous 3 movement rules is simply ignored": the
        # action stays legal in both directions even when every move of the card is ignored
        # (the evidence is still paid and the card discarded; docs/rules/magistrate.md, M-influence).
        for c in hand:
            out += ids.influence[c]
    return out


def apply(s: Position, player: int, action: Action) -> Then:
    """A player takes People actions (paying purple for each) until he passes."""
    match action:
        case Pass():
            return NEXT_PLAYER
        case Conscript():
            conscript(s, player)
        case Produce():
            produce(s, player)
        case ProduceTrade(card):
            produce_by_trade(s, player, card)
        case IncreasePopularity():
            increase_popularity(s, player)
        case RemoveSoldier(province):
            remove_soldier(s, player, province)
        case InfluenceJudges(card, forward):
            influence_judges(s, player, card, forward)
        case _:
            raise ValueError(f"{action} is not a People action")
    return SAME_PLAYER


def can_increase_popularity(s: Position, player: int) -> bool:
    """A Ring must be left in stock, and one soldier per existing Ring must stand on the map outside Home."""
    return s.rings[player] < s.comp.rings and s.soldiers_off_home(player) >= s.rings[player]


def conscript(s: Position, player: int) -> None:
    pay_stockpile(s, player, PURPLE, 1)
    added = min(CONSCRIPTS_PER_CUBE, s.stock_soldiers[player])
    s.stock_soldiers[player] -= added
    s.soldiers[player][s.home[player]] += added


def produce(s: Position, player: int) -> None:
    pay_home(s, player, PURPLE, 1)
    owe_draws(s, player, 1)


def produce_by_trade(s: Position, player: int, card: int) -> None:
    """Trade a "2"/"3" card: discard it and draw that many."""
    pay_home(s, player, PURPLE, 1)
    discard_from_hand(s, player, card)
    owe_draws(s, player, s.comp.cards[card].cards)


def increase_popularity(s: Position, player: int) -> None:
    """The player then chooses which soldiers leave the map (one RemoveSoldier per existing Ring)."""
    pay_stockpile(s, player, PURPLE, POPULARITY_COST)
    s.removals = s.rings[player]
    s.rings[player] += 1


def removal_choices(s: Position, player: int) -> list[int]:
    row = s.soldiers[player]
    home = s.home[player]
    return [s.ids.remove_soldier[p] for p, count in enumerate(row) if count and p != home]


def remove_soldier(s: Position, player: int, province: int) -> None:
    s.soldiers[player][province] -= 1
    s.stock_soldiers[player] += 1
    s.removals -= 1


def influence_judges(s: Position, player: int, card: int, forward: bool) -> None:
    pay_home(s, player, PURPLE, INFLUENCE_COST)
    discard_from_hand(s, player, card)
    apply_player_influence(s, s.comp.cards[card].influence, forward)
