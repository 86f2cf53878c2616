"""Every choice of Magistratvm as a small frozen action, and the fixed action space.

Provinces in the circuit are named by their place 1..6 (clockwise, see
components.py); decided Provinces by their tile. Amounts are bounded integers:
bids 0..MAX_BID and gifts 1..MAX_GIFT gold, placements 1..20 tokens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from magnates.core.actions import Action
from magnates.games.magistratvm.components import NUM_SLOTS, NUM_TILES, TOKENS_PER_PLAYER, tile_name
from magnates.games.magistratvm.offices import ENTRY_OFFICES, NUM_OFFICES, OFFICES, PROMOTIONS

MAX_BID = 99
"""The highest bid offered for Prefect (far above any income a player can gather in a turn)."""
MAX_GIFT = 30
"""The largest single gift of gold (bribery); a player may give once per action phase."""


def _office(o: int) -> str:
    return OFFICES[o].name


def _an(o: int) -> str:
    """The office with its article, as people say it: "an Aedile", "a Praetor"."""
    name = OFFICES[o].name
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _place(slot: int) -> str:
    return f"province {slot + 1}"


# -- chance ---------------------------------------------------------------------
@dataclass(frozen=True)
class DrawTile(Action):
    kind: ClassVar[str] = "draw_tile"
    tile: int

    def __str__(self) -> str:
        return f"draw the {tile_name(self.tile)} tile"


@dataclass(frozen=True)
class RollDie(Action):
    kind: ClassVar[str] = "roll_die"
    is_dice: ClassVar[bool] = True
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class RollOffWinner(Action):
    """The outcome of the re-roll among the players tied for the highest first roll: who wins it.

    The rules re-roll until one tied player is highest, which gives each of them the same chance;
    one chance node over that outcome keeps the game's length bounded (decision D24). At a real
    table people re-roll as the rules say and type in who won."""

    kind: ClassVar[str] = "roll_off"
    is_dice: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"Player {self.seat + 1} wins the re-roll for Prefect"


# -- income and bidding -----------------------------------------------------------
@dataclass(frozen=True)
class TakeIncome(Action):
    kind: ClassVar[str] = "income"
    quaestors: int
    die: bool

    def __str__(self) -> str:
        die = "use the income die" if self.die else "keep the income die"
        return f"income: use {self.quaestors} quaestor(s), {die}"


@dataclass(frozen=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class PassBid(Action):
    kind: ClassVar[str] = "pass_bid"

    def __str__(self) -> str:
        return "pass the bidding"


# -- action phase ---------------------------------------------------------------
@dataclass(frozen=True)
class PlaceTokens(Action):
    kind: ClassVar[str] = "place_tokens"
    province: int
    count: int

    def __str__(self) -> str:
        return f"place {self.count} token(s) at {_place(self.province)}"


@dataclass(frozen=True)
class PromotePatrician(Action):
    kind: ClassVar[str] = "promote_patrician"
    office: int

    def __str__(self) -> str:
        return f"promote a patrician to {_office(self.office)}"


@dataclass(frozen=True)
class Promote(Action):
    kind: ClassVar[str] = "promote"
    start: int
    target: int

    def __str__(self) -> str:
        return f"promote {_an(self.start)} to {_office(self.target)}"


@dataclass(frozen=True)
class TribunePlace(Action):
    kind: ClassVar[str] = "tribune"
    province: int

    def __str__(self) -> str:
        return f"tribune: free token at {_place(self.province)}"


@dataclass(frozen=True)
class AedileMove(Action):
    kind: ClassVar[str] = "aedile"
    owner: int
    source: int
    target: int

    def __str__(self) -> str:
        return f"aedile: move a Player {self.owner + 1} token from {_place(self.source)} to {_place(self.target)}"


@dataclass(frozen=True)
class PraetorReturn(Action):
    kind: ClassVar[str] = "praetor"
    province: int
    owners: tuple[int, ...]

    def __str__(self) -> str:
        who = " and ".join(f"Player {o + 1}" for o in self.owners)
        return f"praetor: return tokens of {who} from {_place(self.province)}"


@dataclass(frozen=True)
class ConsulRecall(Action):
    kind: ClassVar[str] = "consul_recall"
    office: int
    owner: int
    active: bool

    def __str__(self) -> str:
        status = "active" if self.active else "inactive"
        return f"consul: recall Player {self.owner + 1}'s {status} {_office(self.office)}"


@dataclass(frozen=True)
class ConsulRecallGovernor(Action):
    kind: ClassVar[str] = "consul_recall_governor"
    tile: int

    def __str__(self) -> str:
        return f"consul: recall the governor of {tile_name(self.tile)}"


@dataclass(frozen=True)
class AppointGovernor(Action):
    kind: ClassVar[str] = "appoint_governor"
    office: int
    tile: int

    def __str__(self) -> str:
        return f"appoint {_an(self.office)} governor of {tile_name(self.tile)}"


@dataclass(frozen=True)
class GovernorHome(Action):
    kind: ClassVar[str] = "governor_home"
    tile: int

    def __str__(self) -> str:
        return f"bring the governor of {tile_name(self.tile)} home"


@dataclass(frozen=True)
class GiveGold(Action):
    kind: ClassVar[str] = "give_gold"
    to: int
    amount: int

    def __str__(self) -> str:
        return f"give {self.amount} gold to Player {self.to + 1}"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Displace(Action):
    kind: ClassVar[str] = "displace"
    owner: int
    active: bool

    def __str__(self) -> str:
        status = "active" if self.active else "inactive"
        return f"displace Player {self.owner + 1}'s {status} magistrate"


@dataclass(frozen=True)
class DisplaceInto(Action):
    kind: ClassVar[str] = "displace_into"
    office: int

    def __str__(self) -> str:
        return f"move the displaced aedile down to {_office(self.office)}"


# -- elections ------------------------------------------------------------------
@dataclass(frozen=True)
class DictatorChoose(Action):
    kind: ClassVar[str] = "dictator_province"
    province: int

    def __str__(self) -> str:
        return f"dictator: take {_place(self.province)}"


@dataclass(frozen=True)
class DictatorGovern(Action):
    kind: ClassVar[str] = "dictator_governor"
    govern: bool

    def __str__(self) -> str:
        return "dictator becomes its governor" if self.govern else "dictator goes home"


@dataclass(frozen=True)
class StartCircuit(Action):
    kind: ClassVar[str] = "start_circuit"
    province: int

    def __str__(self) -> str:
        return f"start the electoral circuit at {_place(self.province)}"


@dataclass(frozen=True)
class Support(Action):
    kind: ClassVar[str] = "support"
    office: int
    beneficiary: int

    def __str__(self) -> str:
        return f"add {_an(self.office)}'s influence for Player {self.beneficiary + 1}"


@dataclass(frozen=True)
class SupportDone(Action):
    kind: ClassVar[str] = "support_done"

    def __str__(self) -> str:
        return "add no more influence"


@dataclass(frozen=True)
class Redistribute(Action):
    kind: ClassVar[str] = "redistribute"
    province: int
    count: int

    def __str__(self) -> str:
        return f"move {self.count} token(s) to {_place(self.province)}"


@dataclass(frozen=True)
class ReturnHome(Action):
    kind: ClassVar[str] = "return_home"

    def __str__(self) -> str:
        return "return the remaining tokens to the estate"


INFLUENTIAL_OFFICES: tuple[int, ...] = tuple(o for o in range(NUM_OFFICES) if OFFICES[o].influence > 0)
RECALLABLE: tuple[int, ...] = tuple(o for o in range(NUM_OFFICES) if OFFICES[o].recallable)


def owner_groups(players: int) -> list[tuple[int, ...]]:
    """The Praetor's choices of up to two tokens: one owner, or a pair (possibly the same owner twice)."""
    singles: list[tuple[int, ...]] = [(a,) for a in range(players)]
    pairs: list[tuple[int, ...]] = [(a, b) for a in range(players) for b in range(a, players)]
    return singles + pairs


class ActionIndex:
    """The action list of one player count, with direct id tables for the rules' hot paths."""

    def __init__(self, players: int) -> None:
        self.actions: list[Action] = []
        add = self._add
        self.draw = [add(DrawTile(t)) for t in range(NUM_TILES)]
        self.roll = {v: add(RollDie(v)) for v in range(1, 7)}
        self.income = {(q, d): add(TakeIncome(q, d)) for q in range(4) for d in (False, True)}
        self.bid = [add(Bid(a)) for a in range(MAX_BID + 1)]
        self.pass_bid = add(PassBid())
        self.place = [
            [-1] + [add(PlaceTokens(s, k)) for k in range(1, TOKENS_PER_PLAYER + 1)] for s in range(NUM_SLOTS)
        ]
        self.promote_patrician = {o: add(PromotePatrician(o)) for o in ENTRY_OFFICES}
        self.promote = {(a, b): add(Promote(a, b)) for a, b, _ in PROMOTIONS}
        self.tribune = [add(TribunePlace(s)) for s in range(NUM_SLOTS)]
        self.aedile = {
            (o, a, b): add(AedileMove(o, a, b))
            for o in range(players)
            for a in range(NUM_SLOTS)
            for b in range(NUM_SLOTS)
            if a != b
        }
        self.aedile_from = [
            [[self.aedile[(o, a, b)] for b in range(NUM_SLOTS) if b != a] for a in range(NUM_SLOTS)]
            for o in range(players)
        ]
        self.praetor_groups = owner_groups(players)
        self.praetor = {(s, g): add(PraetorReturn(s, g)) for s in range(NUM_SLOTS) for g in self.praetor_groups}
        self.recall = {
            (o, p, act): add(ConsulRecall(o, p, act))
            for o in RECALLABLE
            for p in range(players)
            for act in (True, False)
        }
        self.recall_governor = [add(ConsulRecallGovernor(t)) for t in range(NUM_TILES)]
        self.appoint = {(o, t): add(AppointGovernor(o, t)) for o in range(NUM_OFFICES) for t in range(NUM_TILES)}
        self.governor_home = [add(GovernorHome(t)) for t in range(NUM_TILES)]
        self.give = {(p, a): add(GiveGold(p, a)) for p in range(players) for a in range(1, MAX_GIFT + 1)}
        self.give_by_seat = [[self.give[(p, a)] for a in range(1, MAX_GIFT + 1)] for p in range(players)]
        self.pass_ = add(Pass())
        self.displace = {(p, act): add(Displace(p, act)) for p in range(players) for act in (True, False)}
        self.displace_into = {o: add(DisplaceInto(o)) for o in OFFICES[2].below}
        self.dictator = [add(DictatorChoose(s)) for s in range(NUM_SLOTS)]
        self.dictator_govern = {g: add(DictatorGovern(g)) for g in (True, False)}
        self.start = [add(StartCircuit(s)) for s in range(NUM_SLOTS)]
        self.support = {(o, p): add(Support(o, p)) for o in INFLUENTIAL_OFFICES for p in range(players)}
        self.support_done = add(SupportDone())
        self.redistribute = [
            [-1] + [add(Redistribute(s, k)) for k in range(1, TOKENS_PER_PLAYER + 1)] for s in range(NUM_SLOTS)
        ]
        self.return_home = add(ReturnHome())
        self.roll_off = [add(RollOffWinner(p)) for p in range(players)]  # last: the older ids stay as they were

    def _add(self, action: Action) -> int:
        self.actions.append(action)
        return len(self.actions) - 1
