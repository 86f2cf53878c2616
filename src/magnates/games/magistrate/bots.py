"""Heuristic bots for Magistrate: value every legal action from the view, take the best.

A value is a rough count of victory points: a Ring, Fort or Agent is worth
the scoring rounds of its Judge still to come plus the end-game comparison; an
evidence cube a quarter of a point; an action cube a bit less than what it buys.
The bot repeats actions while one is worth more than passing. Styles weigh one
Judge's pieces more (`people`, `military`, `agent`), so the simulation can ask
whether any one way to play dominates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from magnates.core.bot import Bot
from magnates.core.game import Game
from magnates.games.magistrate.actions import ActionIds
from magnates.games.magistrate.components import Components
from magnates.games.magistrate.scoring import CUBES_PER_VP

CUBE = 0.3
"""What an unspent action cube is worth (it buys about a third of a point)."""
EVIDENCE = 1.0 / CUBES_PER_VP
CARD = 0.35
"""A card in hand: resources, an influence, or an op discard to come."""


@dataclass
class HeuristicBot:
    """Greedy over hand-written action values; `focus` multiplies one Judge's piece values."""

    name: str = "greedy"
    focus: tuple[float, float, float] = (1.0, 1.0, 1.0)
    _cache: dict[int, tuple[Components, ActionIds]] = field(default_factory=dict, repr=False)

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        comp: Components = game.comp  # type: ignore[attr-defined]
        ids: ActionIds = game.ids  # type: ignore[attr-defined]
        me = view["you"]
        ctx = _Context(comp, ids, view, me, self.focus)
        best, best_value = legal[0], float("-inf")
        for action_id in legal:
            value = ctx.value(action_id) + rng.random() * 1e-3
            if value > best_value:
                best, best_value = action_id, value
        return best


class _Context:
    """The view, decoded once per decision, and the value of each action in it."""

    def __init__(
        self, comp: Components, ids: ActionIds, view: Mapping[str, Any], me: int, focus: tuple[float, float, float]
    ) -> None:
        self.comp = comp
        self.ids = ids
        self.v = view
        self.me = me
        self.n = len(view["vp"])
        left = max(comp.scoring_rounds_to_end - view["scoring_rounds"], 0)
        # A piece placed now scores in each remaining round of its Judge, plus the end comparison.
        self.piece = [focus[j] * (left / 3.0 + 1.0) for j in range(3)]
        self.home = view["homes"][me]
        # Cards only turn into something through Rings, influence and ops: past a few, more are dead weight.
        # Green piles up once the Forts are built; spare cubes should go to marches and attacks.
        self.green = CUBE if view["supply"][me][1] < 6 else 0.1
        self.card = CARD if len(view["hand"]) <= 6 else 0.05

    # -- helpers -----------------------------------------------------------------------------
    def soldiers(self, player: int, province: int) -> int:
        return int(self.v["soldiers"][player][province])

    def has_most_after(self, province: int, mine: int) -> bool:
        return mine > 0 and all(self.soldiers(q, province) < mine for q in range(self.n) if q != self.me)

    def lead(self, judge: int) -> float:
        """How much more this Judge's scoring gives me than the average rival."""
        v = self.v

        def base(p: int) -> float:
            if judge == 0:
                pieces = v["rings"][p]
            elif judge == 1:
                pieces = v["forts"].count(p)
            else:
                pieces = v["header"][p] + sum(v["placed"][p])
            return pieces + v["evidence"][p][judge] // CUBES_PER_VP

        others = [base(p) for p in range(self.n) if p != self.me]
        return base(self.me) - sum(others) / len(others)

    def judge_shift(self, influence: tuple[tuple[int, int], ...], forward: bool) -> float:
        """Hurrying a Judge I lead on (or delaying one I trail on) is worth a share of the lead."""
        total = 0.0
        for judge, steps in influence:
            sign = 1 if forward else -1
            total += 0.15 * steps * sign * self.lead(judge)
        return total

    def corner(self, card: int) -> float:
        info = self.comp.cards[card]
        return info.cards * self.card if info.cards else sum(info.cubes) * CUBE

    # -- the values ------------------------------------------------------------------------
    def value(self, action_id: int) -> float:
        ids = self.ids
        if action_id == ids.pass_:
            return 0.0
        action = ids.actions[action_id]
        kind = action.kind
        a = action.__dict__
        v = self.v
        me = self.me
        if kind == "material":
            return self.corner(a["card"]) - self.card
        if kind == "secret":
            info = self.comp.cards[a["card"]]
            return (sum(info.cubes) + info.cards) * EVIDENCE - self.card - 0.05
        if kind == "conscript":
            need = v["rings"][me] + 3 - sum(v["soldiers"][me])
            return (0.6 if need > 0 else 0.05) - CUBE
        if kind == "produce":
            return self.card + EVIDENCE - CUBE - 0.1
        if kind == "produce_trade":
            return self.comp.cards[a["card"]].cards * self.card - self.card + EVIDENCE - CUBE
        if kind == "popularity":
            return self.piece[0] - 2 * CUBE - 0.25 * v["rings"][me]
        if kind == "remove_soldier":
            province = a["province"]
            mine = self.soldiers(me, province)
            keeps = self.has_most_after(province, mine - 1) or not self.has_most_after(province, mine)
            return 0.1 * keeps + 0.01 * mine
        if kind == "influence":
            info = self.comp.cards[a["card"]]
            return self.judge_shift(info.influence, a["forward"]) + 2 * EVIDENCE - 2 * CUBE - self.card
        if kind == "march":
            return self.march_value(a["source"], a["target"], a["count"])
        if kind == "fortify":
            return self.piece[1] - 2 * self.green - 0.3
        if kind == "attack":
            return self.attack_value(a["province"], a["defender"])
        if kind == "add_agent":
            cost = v["header"][me] + sum(v["placed"][me])
            return self.piece[2] - cost * CUBE
        if kind == "assign_agents":
            return 0.4 if v["header"][me] else 0.02
        if kind == "place_agent":
            return 0.3 + CELL_PREFERENCE[a["cell"]] * 0.1
        if kind == "agent_op":
            return self.op_value(a)
        return 0.0

    def march_value(self, source: int, target: int, count: int) -> float:
        v = self.v
        mine_before = self.soldiers(self.me, target)
        value = -self.green - 0.02 * count
        takes = self.has_most_after(target, mine_before + count) and not self.has_most_after(target, mine_before)
        if takes:
            value += EVIDENCE + 0.3
            if v["forts"][target] < 0:
                value += 0.3
        if source == self.home and v["rings"][self.me] > sum(v["soldiers"][self.me]) - self.soldiers(self.me, source):
            value += 0.25  # Popularity needs soldiers out on the map
        if self.has_most_after(source, self.soldiers(self.me, source)) and not self.has_most_after(
            source, self.soldiers(self.me, source) - count
        ):
            value -= 0.4
        return value

    def attack_value(self, province: int, defender: int) -> float:
        v = self.v
        mine = self.soldiers(self.me, province)
        fort = v["forts"][province] == defender
        theirs = self.soldiers(defender, province) + (1 if fort else 0)
        edge = mine - theirs
        if edge < 1:
            return -1.0
        return 2 * EVIDENCE + (self.piece[1] if fort else 0.2) * min(1.0, edge / 3) - 2 * self.green

    def op_value(self, a: Mapping[str, Any]) -> float:
        cell = self.comp.cells[a["cell"]]
        card = a["card"]
        cost = CUBE * (sum(cell.pay_stockpile) + sum(cell.pay_home)) - EVIDENCE * sum(cell.pay_home)
        if card >= 0:
            cost += self.card
        amount = self.comp.cards[card].agent_op if cell.amount == "card" else cell.amount
        effect = cell.effect
        if effect == "gain_cubes":
            gain = CUBE * int(amount)
        elif effect == "draw_cards":
            gain = self.card * int(amount)
        elif effect == "add_soldiers":
            gain = 0.2 * int(amount)
        elif effect == "move_judge":
            gain = self.judge_shift(((a["judge"], 1),), a["forward"])
        elif effect == "build_fort":
            gain = self.piece[1]
        else:
            gain = 0.25 * int(amount)
        return gain - cost


CELL_PREFERENCE = (3, 2, 1, 1, 2, 2, 3, 1)
"""Which Agent Ops cells the bot takes first (the Engineers' free Fort and Informants' cubes)."""

FACTORIES: dict[str, Callable[[Game], Bot]] = {
    "greedy": lambda game: HeuristicBot("greedy"),
    "people": lambda game: HeuristicBot("people", (1.6, 0.8, 0.8)),
    "military": lambda game: HeuristicBot("military", (0.8, 1.6, 0.8)),
    "agent": lambda game: HeuristicBot("agent", (0.8, 0.8, 1.6)),
}
