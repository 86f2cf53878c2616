"""Galactic Magnate's turn as tables, and the one place that moves a game through them.

The game, as the rules page tells it (`PHASES` says the same as data, `TRANSITIONS` what each
answer leads to):

| phase        | who acts          | what happens                                | what may follow                     |
|--------------|-------------------|---------------------------------------------|-------------------------------------|
| characters   | each seat in turn | a character is chosen (`characters=pick`)   | the next seat; the playing order    |
| order        | chance            | the playing order is drawn                  | the first turn                      |
| roll         | the turn holder   | roll; or before it: upgrade, sell, trade,   | dice; his auction; an offer built;  |
|              |                   | auction a property of his, resign           | the roll is over (he resigned)      |
| dice         | chance            | the move: Start, fees, bonus, Prison        | buy; Fortune; the roll is over;     |
|              |                   |                                             | the turn is over (a third double)   |
| buy          | the turn holder   | the middleman's auction, or nothing         | the auction; the roll is over       |
| auction      | the next bidder   | raise or pass                               | the next bidder; back to the roll   |
|              |                   |                                             | (a player's auction); the turn is   |
|              |                   |                                             | over (the middleman's)              |
| fortune      | chance            | an event                                    | a choice; the roll is over          |
| event choice | the turn holder   | take the event or refuse it                 | the roll is over                    |
| offer        | the turn holder   | an offer built step by step, proposed or not| back to the roll                    |
| over         | nobody            | the result is scored from the state         |                                     |

When the roll is over, the turn holder rolls again after a double (unless he fell or went to
Prison); else the turn passes to the next living seat not skipping it in Prison, every few rounds
the salary falls, and at the round limit the game ends. In every phase but the offer, characters
and chance, the seat asked may also sell upgrades and recall or reject offers (`anytime`).

A phase module (setup, turns, movement, auctions, player_auctions, fortune, trading) offers a
phase's choices and carries one out, returning what happens next (`phases.Then`): STAY (the phase
goes on) or what follows; it never enters another phase, and never imports another phase module.
`apply` carries the answer out as `TRANSITIONS` says, until someone is asked or chance acts. The
game may end in the middle of anything (a bankruptcy leaves one player: `economy.finish`); then
nothing follows.

What an interruption returns to is kept in the state's own fields, so its JSON form needs nothing
more: an auction's `a_player` (a player's auction came before his roll, the middleman's ends his
turn), and an offer is only ever built before a roll.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import (
    auctions,
    debts,
    fortune,
    monopolies,
    movement,
    player_auctions,
    setup,
    trading,
    turns,
)
from magnates.games.galactic_magnate.phases import (
    AUCTION,
    BUY,
    CHARACTERS,
    DICE,
    EVENT_CHOICE,
    FIRST_TURN,
    FORTUNE,
    GAME_OVER,
    NEW_TURN,
    OFFER,
    ORDER,
    OVER,
    PHASE_NAMES,
    ROLL,
    ROLL_OVER,
    STAY,
    TO_AUCTION,
    TO_BUY,
    TO_DICE,
    TO_EVENT_CHOICE,
    TO_FORTUNE,
    TO_OFFER,
    TO_ORDER,
    TO_ROLL,
    TURN_OVER,
    Then,
)

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

Choices = Callable[["GalacticState", int], list[int]]
Outcomes = Callable[["GalacticState"], list[tuple[int, float]]]
Effect = Callable[["GalacticState", int, int], Then]


# -- a phase's choices --------------------------------------------------------------------


def anytime(s: GalacticState, seat: int) -> list[int]:
    """What a player may do whenever asked anything: sell upgrades, recall or reject offers."""
    return monopolies.legal_sales(s, seat) + trading.legal_withdrawals(s, seat)


def before_roll(s: GalacticState, seat: int) -> list[int]:
    """The turn holder before a roll: roll, upgrade, auction a property, trade, anything anytime, resign."""
    ids = s.ids
    legal = [ids.roll]
    legal += monopolies.legal_upgrades(s, seat)
    legal += player_auctions.legal_player_auctions(s, seat)
    legal += trading.legal_partners(s, seat)
    legal += trading.legal_accepts(s, seat)
    legal += anytime(s, seat)
    legal.append(ids.resign)
    return legal


def on_free_property(s: GalacticState, seat: int) -> list[int]:
    return auctions.buy_choices(s) + anytime(s, seat)


def bidding(s: GalacticState, seat: int) -> list[int]:
    return auctions.legal_bids(s, seat) + anytime(s, seat)


def event_choice(s: GalacticState, seat: int) -> list[int]:
    return fortune.event_choices(s, seat) + anytime(s, seat)


# -- the phases ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One phase: who acts in it, the choices of a seat asked or chance's outcomes, and what a step may answer."""

    asks: str
    """Who acts (`GalacticState.current_player`): "chooser" (the seat choosing a character), "turn holder",
    "next bidder" (`a_next`), "chance" or "nobody" (the game is over)."""
    choices: Choices | None
    """The legal actions of the seat asked (None: nobody decides in it)."""
    outcomes: Outcomes | None
    """Chance's outcomes, cached per game (None: no chance event)."""
    leads_to: frozenset[Then]
    """What a step taken in the phase may answer (tests/galactic_magnate/test_flow.py checks it on games)."""


def then(*answers: Then) -> frozenset[Then]:
    return frozenset(answers)


def _orders(s: GalacticState) -> list[tuple[int, float]]:
    return s.galactic.order_outcomes


def _dice(s: GalacticState) -> list[tuple[int, float]]:
    return s.galactic.dice_outcomes


def _events(s: GalacticState) -> list[tuple[int, float]]:
    return s.galactic.fortune_outcomes


# fmt: off
PHASES: dict[int, Row] = {
    #                  who acts       choices                 chance   what may follow
    CHARACTERS:   Row("chooser",     setup.legal_characters, None,    then(STAY, TO_ORDER)),
    ORDER:        Row("chance",      None,                   _orders, then(FIRST_TURN)),
    ROLL:         Row("turn holder", before_roll,            None,    then(STAY, TO_DICE, TO_AUCTION, TO_OFFER,
                                                                           ROLL_OVER)),
    DICE:         Row("chance",      None,                   _dice,   then(TO_BUY, TO_FORTUNE, ROLL_OVER, TURN_OVER)),
    BUY:          Row("turn holder", on_free_property,       None,    then(STAY, TO_AUCTION, ROLL_OVER)),
    AUCTION:      Row("next bidder", bidding,                None,    then(STAY, TO_ROLL, TURN_OVER)),
    FORTUNE:      Row("chance",      None,                   _events, then(TO_EVENT_CHOICE, ROLL_OVER)),
    EVENT_CHOICE: Row("turn holder", event_choice,           None,    then(STAY, ROLL_OVER)),
    OVER:         Row("nobody",      None,                   None,    then()),
    OFFER:        Row("turn holder", trading.legal_building, None,    then(STAY, TO_ROLL)),
}
# fmt: on
"""Every phase a state can be in, keyed by the number it records (`phases.py`)."""


# -- what each answer leads to ------------------------------------------------------------------


def _withdraw_stale_offers(s: GalacticState) -> Then:
    trading.drop_stale_offers(s)
    return STAY


@dataclass(frozen=True)
class Step:
    """How the flow carries out an answer: the phase it enters, then what runs (which may answer again)."""

    enters: int | None
    """The phase entered (None: `run` decides what follows)."""
    run: Callable[[GalacticState], Then] | None
    """What happens then (None: nothing; someone is asked, or chance acts)."""
    leads_to: frozenset[Then]
    """What `run` may answer (STAY: the phase entered waits for its seat or for chance)."""
    go: Callable[[GalacticState], Then] = field(init=False, repr=False, compare=False)
    """Both in one call (the flow runs a step or two per action: one call is measurably faster)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "go", _go(self.enters, self.run))


def _go(enters: int | None, run: Callable[[GalacticState], Then] | None) -> Callable[[GalacticState], Then]:
    if enters is None:
        if run is None:
            raise ValueError("a step enters a phase, runs something, or both")
        return run
    phase = enters
    if run is None:

        def enter(s: GalacticState) -> Then:
            s.phase = phase
            return STAY

        return enter
    then_run = run

    def enter_and_run(s: GalacticState) -> Then:
        s.phase = phase
        return then_run(s)

    return enter_and_run


# fmt: off
TRANSITIONS: dict[Then, Step] = {
    #                     enters          then runs                    which may answer
    TO_ORDER:        Step(ORDER,          None,                        then(STAY)),
    FIRST_TURN:      Step(None,           turns.start_game,            then(TO_ROLL)),
    TO_ROLL:         Step(ROLL,           None,                        then(STAY)),
    TO_DICE:         Step(DICE,           None,                        then(STAY)),
    TO_BUY:          Step(BUY,            None,                        then(STAY)),
    TO_AUCTION:      Step(AUCTION,        auctions.open_bidding,       then(STAY)),
    TO_FORTUNE:      Step(FORTUNE,        None,                        then(STAY)),
    TO_EVENT_CHOICE: Step(EVENT_CHOICE,   None,                        then(STAY)),
    TO_OFFER:        Step(OFFER,          None,                        then(STAY)),
    ROLL_OVER:       Step(None,           turns.end_roll,              then(TO_ROLL, TURN_OVER)),
    TURN_OVER:       Step(None,           turns.pass_turn,             then(NEW_TURN, GAME_OVER)),
    NEW_TURN:        Step(ROLL,           _withdraw_stale_offers,      then(STAY)),
}
# fmt: on
"""Every answer but STAY and GAME_OVER (after which nothing follows). An auction always has a bidder
when it opens (with one player left the game is over), so opening it always waits for him."""


# -- what each action does ------------------------------------------------------------------------


# The effects that leave the phase as it is (a sale, a trade, a step of an offer being built).


def _upgrade(s: GalacticState, seat: int, action: int) -> Then:
    monopolies.upgrade(s, seat, s.ids.upgrade.index(action))
    return STAY


def _sell_upgrade(s: GalacticState, seat: int, action: int) -> Then:
    monopolies.sell_upgrade(s, s.ids.sell_upgrade.index(action))
    return STAY


def _build(s: GalacticState, seat: int, action: int) -> Then:
    trading.build_step(s, action)
    return STAY


def _recall(s: GalacticState, seat: int, action: int) -> Then:
    trading.withdraw(s, seat)
    return STAY


def _reject(s: GalacticState, seat: int, action: int) -> Then:
    trading.withdraw(s, s.ids.reject.index(action))
    return STAY


def _accept(s: GalacticState, seat: int, action: int) -> Then:
    trading.accept(s, seat, s.ids.accept.index(action))
    return STAY


def _move(s: GalacticState, seat: int, action: int) -> Then:
    first, second = s.ids.dice[action]
    return movement.roll(s, first, second)


def _resign(s: GalacticState, seat: int, action: int) -> Then:
    debts.resign(s, seat)
    return ROLL_OVER


APPLY: dict[str, Effect] = {
    "character": setup.choose_character,
    "playing-order": lambda s, seat, a: setup.draw_order(s, a),
    "roll": lambda s, seat, a: TO_DICE,
    "dice": _move,
    "start-auction": lambda s, seat, a: auctions.start_bank_auction(s),
    "do-nothing": lambda s, seat, a: ROLL_OVER,
    "bid": auctions.bid,
    "raise": auctions.bid,
    "pass": auctions.bid,
    "fortune": lambda s, seat, a: fortune.draw(s, s.ids.fortune.index(a)),
    "take-event": lambda s, seat, a: fortune.take(s),
    "refuse-event": lambda s, seat, a: fortune.refuse(s),
    "upgrade": _upgrade,
    "sell-upgrade": _sell_upgrade,
    "auction-property": lambda s, seat, a: player_auctions.start_player_auction(s, seat, s.ids.location_of[a]),
    "trade-with": lambda s, seat, a: trading.choose_partner(s, seat, s.ids.trade_with.index(a)),
    **dict.fromkeys(trading.BUILD_KINDS, _build),
    "propose": lambda s, seat, a: trading.propose(s, seat),
    "no-offer": lambda s, seat, a: trading.make_no_offer(s),
    "recall": _recall,
    "reject": _reject,
    "accept": _accept,
    "resign": _resign,
}
"""What each kind of action does, in the module of the phase it belongs to, and what it answers."""


# -- the engine contract ----------------------------------------------------------------------------


def _no_choices(s: GalacticState, seat: int) -> list[int]:
    return []


def _no_outcomes(s: GalacticState) -> list[tuple[int, float]]:
    return []


# By the number a state records, for one lookup per call (a phase without any: an empty list).
_CHOICES: tuple[Choices, ...] = tuple(PHASES[phase].choices or _no_choices for phase in range(len(PHASE_NAMES)))
_OUTCOMES: tuple[Outcomes, ...] = tuple(PHASES[phase].outcomes or _no_outcomes for phase in range(len(PHASE_NAMES)))


def chance_outcomes(s: GalacticState) -> list[tuple[int, float]]:
    return _OUTCOMES[s.phase](s)


def legal_actions(s: GalacticState) -> list[int]:
    return _CHOICES[s.phase](s, s.current_player())


def apply(s: GalacticState, action: int) -> None:
    """Carry out the action, then what it leads to, until someone is asked, chance acts or the game is over."""
    then = APPLY[s.ids.kind_of[action]](s, s.current_player(), action)
    while then is not STAY and s.phase != OVER:  # `follow`, inlined: it runs on every action
        then = TRANSITIONS[then].go(s)


def follow(s: GalacticState, then: Then) -> None:
    """Carry out what a step answered, as `TRANSITIONS` says, and what that answers in turn."""
    while then is not STAY and s.phase != OVER:
        then = TRANSITIONS[then].go(s)
