"""Every action of Magistrate as a small immutable value, and the id tables the rules use.

The action space is fixed per player count: every card, province, seat and
Agent Ops cell that could ever be named is enumerated once. The rules look ids
up in `ActionIds` instead of building Action objects in the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from magnates.core.actions import Action
from magnates.games.magistrate.components import JUDGES, Components, components


def card_name(card: int) -> str:
    """A card as people number it: card id 0 is "card 1" (the web page numbers them the same)."""
    return f"card {card + 1}"


def province_name(province: int) -> str:
    return components().provinces[province].name


def cell_name(cell: int) -> str:
    """An Agent Ops cell by its name ("Informants"), as on the board and the web page."""
    return components().cells[cell].name


@dataclass(frozen=True)
class Named(Action):
    """An action that names provinces or cells: their names come with it, from the game's components.

    A design may rename or add provinces and cells, so the text cannot look names up in the shipped
    map. `names` is text only: it is not compared, hashed or written to JSON, so the action's id,
    equality and record form are those of its numbers.
    """

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.pop("names", None)
        return data

    def named(self, k: int, fallback: str) -> str:
        names: tuple[str, ...] = getattr(self, "names", ())
        return names[k] if k < len(names) else fallback


def _names() -> Any:
    """The `names` field of a Named action: text only (a fresh Field for each class)."""
    return field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Draw(Action):
    """Chance: the card that comes off the draw deck (a deal, a draw, a battle or influence flip)."""

    kind: ClassVar[str] = "draw"
    card: int

    def __str__(self) -> str:
        return f"{card_name(self.card)} comes off the deck"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class DiscardForMaterial(Action):
    kind: ClassVar[str] = "material"
    card: int

    def __str__(self) -> str:
        return f"discard {card_name(self.card)} for material"


@dataclass(frozen=True)
class SecretEvidence(Action):
    kind: ClassVar[str] = "secret"
    card: int

    def __str__(self) -> str:
        return f"place {card_name(self.card)} as secret evidence"


@dataclass(frozen=True)
class Conscript(Action):
    kind: ClassVar[str] = "conscript"

    def __str__(self) -> str:
        return "conscript"


@dataclass(frozen=True)
class Produce(Action):
    kind: ClassVar[str] = "produce"

    def __str__(self) -> str:
        return "produce"


@dataclass(frozen=True)
class ProduceTrade(Action):
    kind: ClassVar[str] = "produce_trade"
    card: int

    def __str__(self) -> str:
        return f"produce by trading {card_name(self.card)}"


@dataclass(frozen=True)
class IncreasePopularity(Action):
    kind: ClassVar[str] = "popularity"

    def __str__(self) -> str:
        return "increase popularity"


@dataclass(frozen=True)
class RemoveSoldier(Named):
    kind: ClassVar[str] = "remove_soldier"
    province: int
    names: tuple[str, ...] = _names()

    def __str__(self) -> str:
        return f"remove a soldier from {self.named(0, province_name(self.province))}"


@dataclass(frozen=True)
class InfluenceJudges(Action):
    kind: ClassVar[str] = "influence"
    card: int
    forward: bool

    def __str__(self) -> str:
        return f"influence judges with {card_name(self.card)} {'forward' if self.forward else 'backward'}"


@dataclass(frozen=True)
class March(Named):
    kind: ClassVar[str] = "march"
    source: int
    target: int
    count: int
    names: tuple[str, ...] = _names()

    def __str__(self) -> str:
        source = self.named(0, province_name(self.source))
        return f"march {self.count} from {source} to {self.named(1, province_name(self.target))}"


@dataclass(frozen=True)
class Fortify(Named):
    kind: ClassVar[str] = "fortify"
    province: int
    names: tuple[str, ...] = _names()

    def __str__(self) -> str:
        return f"fortify {self.named(0, province_name(self.province))}"


@dataclass(frozen=True)
class Attack(Named):
    kind: ClassVar[str] = "attack"
    province: int
    defender: int
    names: tuple[str, ...] = _names()

    def __str__(self) -> str:
        return f"attack Player {self.defender + 1} in {self.named(0, province_name(self.province))}"


@dataclass(frozen=True)
class AddAgent(Action):
    kind: ClassVar[str] = "add_agent"

    def __str__(self) -> str:
        return "add agent"


@dataclass(frozen=True)
class AssignAgents(Action):
    kind: ClassVar[str] = "assign_agents"

    def __str__(self) -> str:
        return "assign agents"


@dataclass(frozen=True)
class PlaceAgent(Named):
    kind: ClassVar[str] = "place_agent"
    cell: int
    names: tuple[str, ...] = _names()

    def __str__(self) -> str:
        return f"place agent in {self.named(0, cell_name(self.cell))}"


@dataclass(frozen=True)
class AgentOp(Named):
    """Run the op of the cell one's agent stands in; unused parameters are -1."""

    kind: ClassVar[str] = "agent_op"
    cell: int
    card: int = -1
    judge: int = -1
    forward: bool = False
    province: int = -1
    names: tuple[str, ...] = _names()
    """The cell's name, then the province's (when there is one)."""

    def __str__(self) -> str:
        text = f"agent op {self.named(0, cell_name(self.cell))}"
        if self.card >= 0:
            text += f" discarding {card_name(self.card)}"
        if self.judge >= 0:
            text += f" moving the {JUDGES[self.judge]} judge {'forward' if self.forward else 'backward'}"
        if self.province >= 0:
            text += f" in {self.named(1, province_name(self.province))}"
        return text


ACTION_KINDS: tuple[str, ...] = (
    "material",
    "secret",
    "conscript",
    "produce",
    "produce_trade",
    "popularity",
    "influence",
    "march",
    "fortify",
    "attack",
    "add_agent",
    "assign_agents",
    "agent_op",
)
"""The decision kinds reported by the balance statistics (pass and follow-ups left out)."""


class ActionIds:
    """The action list and, per kind, the id of each parameter combination."""

    def __init__(self, comp: Components, players: int) -> None:
        cards = range(len(comp.cards))
        provinces = range(len(comp.provinces))
        actions: list[Action] = []

        def add(action: Action) -> int:
            actions.append(action)
            return len(actions) - 1

        self.draw = [add(Draw(c)) for c in cards]
        self.pass_ = add(Pass())
        self.material = [add(DiscardForMaterial(c)) for c in cards]
        self.secret = [add(SecretEvidence(c)) for c in cards]
        self.conscript = add(Conscript())
        self.produce = add(Produce())
        self.produce_trade = {c.id: add(ProduceTrade(c.id)) for c in comp.cards if c.cards}
        self.popularity = add(IncreasePopularity())
        where = [p.name for p in comp.provinces]
        self.remove_soldier = [add(RemoveSoldier(p, (where[p],))) for p in provinces]
        self.influence = [[add(InfluenceJudges(c, False)), add(InfluenceJudges(c, True))] for c in cards]
        self.march: dict[tuple[int, int, int], int] = {}
        for p in comp.provinces:
            for q in p.neighbours:
                for n in range(1, comp.soldiers + 1):
                    self.march[(p.id, q, n)] = add(March(p.id, q, n, (where[p.id], where[q])))
        self.fortify = [add(Fortify(p, (where[p],))) for p in provinces]
        self.attack = [[add(Attack(p, d, (where[p],))) for d in range(players)] for p in provinces]
        self.add_agent = add(AddAgent())
        self.assign_agents = add(AssignAgents())
        self.place_agent = [add(PlaceAgent(c.id, (c.name,))) for c in comp.cells]
        self.agent_op: dict[tuple[int, int, int, bool, int], int] = {}
        for cell in comp.cells:
            for params in _op_parameters(cell.discard, cell.effect, len(comp.cards), len(comp.provinces)):
                named = (cell.name, where[params[3]]) if params[3] >= 0 else (cell.name,)
                self.agent_op[(cell.id, *params)] = add(AgentOp(cell.id, *params, names=named))
        self.actions = actions
        self.kind_of = [a.kind for a in actions]


def _op_parameters(discard: bool, effect: str, cards: int, provinces: int) -> list[tuple[int, int, bool, int]]:
    """(card, judge, forward, province) for each way an op cell may be run."""
    card_choices = list(range(cards)) if discard else [-1]
    out: list[tuple[int, int, bool, int]] = []
    for card in card_choices:
        if effect == "move_judge":
            out += [(card, j, fw, -1) for j in range(len(JUDGES)) for fw in (False, True)]
        elif effect in ("build_fort", "sabotage"):
            out += [(card, -1, False, p) for p in range(provinces)]
        else:
            out.append((card, -1, False, -1))
    return out
