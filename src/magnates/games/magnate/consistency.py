"""What a hand-edited Magnate position may not get wrong (the strict loader, docs/positions.md).

`check_json` runs before the state is built: every field there, of the right type, nothing
unknown. `check` runs on the rebuilt state: what the JSON says twice must agree (`to_act`,
`draw_pile`, `hand_size` and the like are compared with the state's own JSON), every card and
Crown is in exactly one place, numbers are in range, and what the phase relies on is there.
Each refusal is a `RecordError` naming the field by its path (`sides[1].tokens.Knots`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.core.json_check import Bool, Int, ListOf, Maybe, Name, Record, Shape, Str, check_round_trip, refuse
from magnates.decktet import SUITS
from magnates.games.magnate.flow import (
    AUTOMA,
    DRAW,
    INCOME,
    OVER,
    PHASE_NAMES,
    ROLL,
    SETUP_CROWNS,
    SETUP_HANDS,
    TAX,
)
from magnates.games.magnate.income import SOURCES

if TYPE_CHECKING:
    from collections.abc import Mapping

    from magnates.games.magnate.game import MagnateGame
    from magnates.games.magnate.state import MagnateState

SUIT_NAMES = tuple(s.title for s in SUITS)


def shape(game: MagnateGame) -> Shape:
    """The JSON shape of a saved Magnate state for this option set (`state.to_json()`)."""
    config = game.config
    cards = Name(tuple(game.card_labels), "card of this game's deck")
    crowns = Name(tuple(game.crown_labels), "Crown of this game's deck")
    tokens = Record({suit: Int(0) for suit in SUIT_NAMES})
    lane_entry = Record({"card": cards, "deed": Bool(), "paid": tokens}, optional=frozenset({"paid"}))
    district = Record(
        {
            "name": Str(),
            "suits": ListOf(Str()),
            "contested_by": ListOf(Int(0)),
            "lanes": ListOf(ListOf(lane_entry), config.sides),
        }
    )
    side = Record(
        {
            "tokens": tokens,
            "crowns": ListOf(crowns),
            "hand_size": Int(0),
            "hand": Maybe(ListOf(cards)),
            "automa": Bool(),
        }
    )
    return Record(
        {
            "game": Name(("magnate",), "game name"),
            "seat": Maybe(Int()),
            "players": Int(1),
            "phase": Name(PHASE_NAMES, "phase"),
            "turn": Int(0),
            "turn_player": Int(0, config.players - 1),
            "to_act": Maybe(Int()),
            "dice": Maybe(ListOf(Int(1, 10), 2)),
            "taxed": ListOf(Name(SUIT_NAMES, "suit")),
            "tax_dice_left": Int(0, config.tax_dice),
            "plays_left": Int(0, config.plays_per_turn),
            "draws_left": Int(0, config.cards_dealt),
            "pending_income": ListOf(Record({"player": Int(0, config.players - 1), "card": cards})),
            "sold_card": Maybe(cards),
            "draw_pile": Int(0),
            "discard": ListOf(cards),
            "crowns_to_deal": Int(0),
            "exhaustions": Int(0, config.ending_exhaustion),
            "final_turns_left": Maybe(Int(0, config.players)),
            "districts": ListOf(district, len(game.districts)),
            "sides": ListOf(side, config.sides),
            "income": ListOf(ListOf(Int(0), len(SOURCES)), config.sides),
            "taxed_away": ListOf(ListOf(Int(0), len(SUITS)), config.sides),
            "deck_size": Int(0),
            "hidden": Record(
                {
                    "hands": ListOf(ListOf(cards), config.sides),
                    "pile": ListOf(cards),
                    "crowns_to_deal": ListOf(crowns),
                }
            ),
            "history": ListOf(Int(0, game.num_distinct_actions - 1)),
        },
        optional=frozenset({"history"}),
    )


def check_json(game: MagnateGame, data: Mapping[str, Any]) -> None:
    """Every field present, of its type and range, and no other (before the state is built)."""
    shape(game).check(data, "")


def check(state: MagnateState, data: Mapping[str, Any]) -> None:
    """The rebuilt `state` agrees with `data` and with the rules (after the state is built)."""
    _cards_once(state)
    _crowns_once(state)
    check_round_trip(data, state.to_json(), optional=("history",))
    _sides(state)
    _deeds(state)
    _turn(state)
    _setup(state)


def _cards_once(state: MagnateState) -> None:
    """Every card of the deck in exactly one place: a hand, the pile, the discard, a lane, or sold."""
    labels = state.magnate.card_labels
    where: dict[int, str] = {}
    places: list[tuple[str, list[int]]] = [(f"hidden.hands[{s}]", h) for s, h in enumerate(state.hands)]
    places += [("hidden.pile", state.pile), ("discard", state.discard)]
    places += [
        (f"districts[{d}].lanes[{side}]", lane) for d, row in enumerate(state.lanes) for side, lane in enumerate(row)
    ]
    if state.sold_card >= 0:
        places.append(("sold_card", [state.sold_card]))
    for field, cards in places:
        for card in cards:
            if card in where:
                refuse(field, f"the cards do not add up: {labels[card]!r} is also in {where[card]}")
            where[card] = field
    missing = [labels[c] for c in range(len(state.deck)) if c not in where]
    if missing:
        refuse(
            "hidden.pile", f"the cards do not add up: {', '.join(map(repr, missing))} in no hand, pile, lane or discard"
        )


def _crowns_once(state: MagnateState) -> None:
    labels = state.magnate.crown_labels
    seen: dict[int, str] = {}
    places = [(f"sides[{s}].crowns", c) for s, c in enumerate(state.crowns)]
    places.append(("hidden.crowns_to_deal", state.crowns_to_deal))
    for field, crowns in places:
        for crown in crowns:
            if crown in seen:
                refuse(field, f"the Crowns do not add up: {labels[crown]!r} is also in {seen[crown]}")
            seen[crown] = field
    missing = [labels[c] for c in range(len(state.deck.crowns)) if c not in seen]
    if missing:
        refuse(
            "hidden.crowns_to_deal",
            f"the Crowns do not add up: {', '.join(map(repr, missing))} neither dealt nor to deal",
        )
    dealt = len(state.deck.crowns) - len(state.crowns_to_deal)
    sides = state.config.sides
    for side, crowns in enumerate(state.crowns):
        due = len(range(side, dealt, sides))
        if len(crowns) != due:
            refuse(f"sides[{side}].crowns", f"holds {len(crowns)} Crowns; dealt round the table it gets {due}")


def _sides(state: MagnateState) -> None:
    config = state.config
    for side in range(config.sides):
        if side >= config.players:  # the automa: no tokens, no hand, no income
            if any(state.tokens[side]):
                refuse(f"sides[{side}].tokens", "the automa holds no tokens")
            if state.hands[side]:
                refuse(f"hidden.hands[{side}]", "the automa holds no cards")
        if len(state.hands[side]) > config.cards_dealt:
            refuse(
                f"hidden.hands[{side}]", f"holds {len(state.hands[side])} cards; a hand is at most {config.cards_dealt}"
            )
        for d, district in enumerate(state.districts):
            if state.lanes[d][side] and side not in district.contested_by:
                who = "the automa" if side >= state.config.players else f"Player {side + 1}"
                refuse(f"districts[{d}].lanes[{side}]", f"{who} does not build at {district.name}")


def _deeds(state: MagnateState) -> None:
    """A deed's tokens are of its card's suits and fall short of its cost (a paid-up deed is a property)."""
    deck = state.deck
    for d, row in enumerate(state.deed_card):
        for side, card in enumerate(row):
            if card < 0:
                continue
            field = f"districts[{d}].lanes[{side}][{state.lanes[d][side].index(card)}].paid"
            paid = state.deed_paid[d][side]
            if any(n for suit, n in enumerate(paid) if not (deck.mask[card] >> suit) & 1):
                refuse(field, f"tokens on a deed are of its card's suits only ({state.magnate.card_labels[card]})")
            if sum(paid) >= deck.develop_cost[card]:
                refuse(
                    field, f"{sum(paid)} tokens pay the deed off ({deck.develop_cost[card]}): it would be a property"
                )
            if side >= state.config.players:
                refuse(field, "the automa buys no deeds")


def _turn(state: MagnateState) -> None:
    """What the phase relies on: dice after the roll, taxes only on a 1, the income still owed."""
    config, phase = state.config, state.phase
    if state.dice is not None and tuple(state.dice) not in state.space.roll:
        refuse("dice", f"{list(state.dice)} is not a roll (two d10, the higher first)")
    if phase == ROLL and state.dice is not None:
        refuse("dice", "the dice are not rolled yet in the roll phase")
    if phase in (TAX, INCOME) and state.dice is None:
        refuse("dice", f"the {PHASE_NAMES[phase]} phase comes after the roll")
    if (phase == TAX) != (state.tax_dice_left > 0):
        refuse("tax_dice_left", "tax dice are left exactly in the tax phase")
    if state.taxed and (state.dice is None or state.dice[1] != 1 or len(state.taxed) > config.tax_dice):
        refuse("taxed", f"suits are taxed only after a 1 on the lower die, at most {config.tax_dice}")
    if (phase == INCOME) != bool(state.pending_income):
        refuse("pending_income", "income choices are owed exactly in the income phase")
    for i, (side, card) in enumerate(state.pending_income):
        if not _deed_of(state, side, card) or len(state.deck.cards[card].suits) < 2:
            refuse(
                f"pending_income[{i}].card",
                f"{state.magnate.card_labels[card]} is not a two-suit deed of Player {side + 1}",
            )
        if state.dice is None or state.deck.income_rank[card] != state.dice[0]:
            refuse(f"pending_income[{i}].card", "a deed produces only on its rank")
    if (phase == AUTOMA) != (state.sold_card >= 0):
        refuse("sold_card", "a sold card waits for the automa exactly in the automa phase")
    if phase == DRAW and (state.draws_left <= 0 or not state.pile):
        refuse("draws_left", "the draw phase needs cards to draw and a pile to draw them from")
    ending = config.ending_exhaustion
    if (state.final_turns_left >= 0) != (state.exhaustions == ending):
        refuse("final_turns_left", f"the final turns start when the pile is exhausted the {ending}. time")
    if (phase == OVER) != (state.final_turns_left == 0):
        refuse("final_turns_left", "the game is over exactly when no final turn is left")


def _deed_of(state: MagnateState, side: int, card: int) -> bool:
    return any(row[side] == card for row in state.deed_card)


def _setup(state: MagnateState) -> None:
    """Crowns are dealt first, then hands round the table; the first turn is turn 1."""
    phase = state.phase
    if phase == SETUP_CROWNS:
        if any(state.hands) or not state.crowns_to_deal:
            refuse("hidden.crowns_to_deal", "Crowns are dealt before any card, and some are left to deal")
    elif state.crowns_to_deal:
        refuse("hidden.crowns_to_deal", "every Crown is dealt before the hands")
    if phase in (SETUP_CROWNS, SETUP_HANDS):
        if state.turn_number != 0:
            refuse("turn", "turns are counted from the first roll")
        if state.discard or any(lane for row in state.lanes for lane in row):
            refuse("discard", "nothing is played or discarded while dealing")
        dealt = sum(len(h) for h in state.hands)
        for side in range(state.config.players):
            due = len(range(side, dealt, state.config.players))
            if len(state.hands[side]) != due:
                refuse(f"hidden.hands[{side}]", f"holds {len(state.hands[side])} cards; dealt round the table: {due}")
    elif state.turn_number < 1:
        refuse("turn", "the first turn is turn 1")
