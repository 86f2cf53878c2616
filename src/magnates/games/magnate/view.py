"""What each seat may know, and states rebuilt from views and JSON.

A view holds everything public (districts, deeds and their tokens, every
side's tokens and Crowns, the discard pile, the dice, counts of hands and of
the draw pile) and the seat's own hand. It never holds another hand or what is
in the draw pile. `to_json` is the spectator's view plus the hidden parts, so
one reader (`_public_into`) rebuilds both saved states and sampled ones.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from magnates.core.errors import RecordError
from magnates.decktet import SUITS
from magnates.games.magnate import consistency
from magnates.games.magnate import state as st

if TYPE_CHECKING:
    from magnates.games.magnate.game import MagnateGame
    from magnates.games.magnate.state import MagnateState

SUIT_NAMES = [s.title for s in SUITS]


def _tokens(counts: list[int]) -> dict[str, int]:
    return dict(zip(SUIT_NAMES, counts, strict=True))


def view(state: MagnateState, player: int | None) -> dict[str, Any]:
    deck = state.deck
    labels = state.magnate.card_labels
    crown_labels = state.magnate.crown_labels
    config = state.config
    current = state.current_player()
    districts = []
    for d, district in enumerate(state.districts):
        lanes = []
        for side in range(config.sides):
            deed = state.deed_card[d][side]
            lanes.append(
                [
                    {"card": labels[c], "deed": True, "paid": _tokens(state.deed_paid[d][side])}
                    if c == deed
                    else {"card": labels[c], "deed": False}
                    for c in state.lanes[d][side]
                ]
            )
        districts.append(
            {
                "name": district.name,
                "suits": list(state.magnate.district_suit_names[d]),
                "contested_by": list(district.contested_by),
                "lanes": lanes,
            }
        )
    sides = []
    for side in range(config.sides):
        sides.append(
            {
                "tokens": _tokens(state.tokens[side]),
                "crowns": [crown_labels[c] for c in state.crowns[side]],
                "hand_size": len(state.hands[side]),
                "hand": [labels[c] for c in state.hands[side]] if player == side else None,
                "automa": config.solo and side == 1,
            }
        )
    return {
        "game": "magnate",
        "seat": player,
        "players": config.players,
        "phase": st.PHASE_NAMES[state.phase],
        "turn": state.turn_number,
        "turn_player": state.turn_player,
        "to_act": current if current >= 0 else None,
        "dice": list(state.dice) if state.dice else None,
        "taxed": [SUIT_NAMES[s] for s in state.taxed],
        "tax_dice_left": state.tax_dice_left,
        "plays_left": state.plays_left,
        "draws_left": state.draws_left,
        "pending_income": [{"player": s, "card": labels[c]} for s, c in state.pending_income],
        "sold_card": labels[state.sold_card] if state.sold_card >= 0 else None,
        "draw_pile": len(state.pile),
        "discard": [labels[c] for c in state.discard],
        "crowns_to_deal": len(state.crowns_to_deal),
        "exhaustions": state.exhaustions,
        "final_turns_left": state.final_turns_left if state.final_turns_left >= 0 else None,
        "districts": districts,
        "sides": sides,
        "income": [list(i) for i in state.income],
        "taxed_away": [list(t) for t in state.taxed_away],
        "deck_size": len(deck),
    }


def state_to_json(state: MagnateState) -> dict[str, Any]:
    data = view(state, None)
    labels = state.magnate.card_labels
    data["hidden"] = {
        "hands": [[labels[c] for c in hand] for hand in state.hands],
        "pile": [labels[c] for c in state.pile],
        "crowns_to_deal": [state.magnate.crown_labels[c] for c in state.crowns_to_deal],
    }
    data["history"] = list(state.history)
    return data


def _card_ids(game: MagnateGame, names: Any, what: str) -> list[int]:
    if not isinstance(names, list):
        raise RecordError(f"{what} must be a list of card names")
    try:
        return [game.card_index[n] for n in names]
    except (KeyError, TypeError):
        raise RecordError(f"{what} names a card that is not in this game's deck: {names!r}") from None


def _public_into(state: MagnateState, data: Mapping[str, Any]) -> None:
    """Fill every public field of `state` from a view-shaped dict (validated)."""
    game = state.magnate
    try:
        state.phase = st.PHASE_NAMES.index(data["phase"])
        state.turn_number = int(data["turn"])
        state.turn_player = int(data["turn_player"])
        state.dice = tuple(data["dice"]) if data["dice"] else None  # type: ignore[assignment]
        state.taxed = [SUIT_NAMES.index(s) for s in data["taxed"]]
        state.tax_dice_left = int(data["tax_dice_left"])
        state.plays_left = int(data["plays_left"])
        state.draws_left = int(data["draws_left"])
        state.pending_income = [(int(p["player"]), game.card_index[p["card"]]) for p in data["pending_income"]]
        state.sold_card = game.card_index[data["sold_card"]] if data["sold_card"] else -1
        state.discard = _card_ids(game, data["discard"], "the discard pile")
        state.exhaustions = int(data["exhaustions"])
        final = data["final_turns_left"]
        state.final_turns_left = -1 if final is None else int(final)
        state.income = [[int(x) for x in row] for row in data["income"]]
        state.taxed_away = [[int(x) for x in row] for row in data["taxed_away"]]
        if len(data["districts"]) != len(state.districts) or len(data["sides"]) != state.config.sides:
            raise RecordError("the saved districts or sides do not match this game's options")
        for side, info in enumerate(data["sides"]):
            state.tokens[side] = [int(info["tokens"][s]) for s in SUIT_NAMES]
            state.crowns[side] = [game.crown_index[c] for c in info["crowns"]]
        for d, district in enumerate(data["districts"]):
            for side, lane in enumerate(district["lanes"]):
                for entry in lane:
                    card = game.card_index[entry["card"]]
                    state._place(card, d, side)
                    if entry["deed"]:
                        state.deed_card[d][side] = card
                        state.deed_paid[d][side] = [int(entry["paid"][s]) for s in SUIT_NAMES]
                        state.deeded.add(card)
    except RecordError:
        raise
    except (KeyError, ValueError, TypeError, IndexError) as err:
        raise RecordError(f"the saved Magnate state is malformed ({type(err).__name__}: {err})") from None
    if any(t < 0 for side in state.tokens for t in side):
        raise RecordError("the saved state has a negative token count")


def state_from_json(game: MagnateGame, data: Mapping[str, Any]) -> MagnateState:
    if not isinstance(data, Mapping) or data.get("game") != "magnate" or "hidden" not in data:
        raise RecordError("this is not a saved Magnate state (to_json output)")
    consistency.check_json(game, data)
    state = st.MagnateState(game)
    _public_into(state, data)
    hidden = data["hidden"]
    state.hands = [_card_ids(game, h, "a hand") for h in hidden["hands"]]
    state.pile = _card_ids(game, hidden["pile"], "the draw pile")
    state.crowns_to_deal = [game.crown_index[c] for c in hidden["crowns_to_deal"]]
    state.history = [int(a) for a in data.get("history", [])]
    consistency.check(state, data)
    _check_cards_conserved(state)
    return state


def _check_cards_conserved(state: MagnateState) -> None:
    seen = [c for hand in state.hands for c in hand] + state.pile + state.discard
    seen += [c for row in state.lanes for lane in row for c in lane]
    if state.sold_card >= 0:
        seen.append(state.sold_card)
    if sorted(seen) != list(range(len(state.deck))):
        raise RecordError("the saved state's cards do not add up to the deck (a card is missing or twice)")


def sample_state(game: MagnateGame, data: Mapping[str, Any], rng: random.Random) -> MagnateState:
    """A full state consistent with a seat's view: unseen cards dealt at random to the
    other hands and the draw pile, undealt Crowns likewise."""
    state = st.MagnateState(game)
    _public_into(state, data)
    seat = data["seat"]
    known = set(state.discard) | {c for row in state.lanes for lane in row for c in lane}
    if state.sold_card >= 0:
        known.add(state.sold_card)
    own: list[int] = []
    if seat is not None:
        own = _card_ids(game, data["sides"][seat]["hand"] or [], "the seat's hand")
        known |= set(own)
    unseen = [c for c in range(len(game.deck)) if c not in known]
    rng.shuffle(unseen)
    for side, info in enumerate(data["sides"]):
        if side == seat:
            state.hands[side] = own
        else:
            size = int(info["hand_size"])
            state.hands[side], unseen = unseen[:size], unseen[size:]
    state.pile = sorted(unseen)
    dealt = {c for side in state.crowns for c in side}
    state.crowns_to_deal = [c for c in range(len(game.deck.crowns)) if c not in dealt]
    return state
