"""Exact numbers for Magnate's designers, computed from the dice rather than simulated.

Every figure here is a `Fraction` obtained by enumerating the faces of the dice
(2d10 for production, one or two d6 for the taxed suit), so a designer can
check a number by hand: the higher of two d10 is k with probability
(2k - 1)/100, any 1 appears with probability 19/100, and so on.

"Turns left" counts dice rolls, i.e. turns of any player: every player collects
on every roll, whoever rolled. With that reading the designer's remark in the
seed ("lower numbers are a better buy with 25 or fewer turns left") comes out
exactly: a developed property of rank k returns 2(2k - 1)/100 tokens a roll and
costs k, so its expected profit with N rolls left, N * 2(2k - 1)/100 - k, grows
with k only when N > 25 and is the same (-1/2) for every rank at N = 25.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from magnates.games.magnate.options import config_from_options

D10 = range(1, 11)
D6_FACES = 6
SUIT_COUNT = 6
NUMBER_RANKS = range(2, 10)
"""Ranks of the numbered cards; each shows two suits and produces when the higher die equals its rank."""
CROWN_FACE = 10
ACE_FACE = 1
DEED_PRICE = 2
"""Tokens paid to the bank for a deed (one per suit of a numbered card)."""
ACE_DEED_PRICE = 1
DEFAULT_TURNS: tuple[int, ...] = (5, 10, 15, 20, 25, 30, 40, 50, 60)


@dataclass(frozen=True)
class Rules:
    """The handful of rule parameters the numbers depend on, read from the game's options."""

    players: int = 2
    taxation_dice: int = 1
    """One d6 picks the taxed suit; double taxation and Mega Magnate roll two."""
    ace_cost: int = 3
    """Tokens to develop an Ace outright (3 today; the original rule was 1)."""
    crowns_per_player: int = 3


def rules_from_options(options: Mapping[str, Any]) -> Rules:
    """Read what matters from a validated Magnate option set (through the variant's `Config`)."""
    config = config_from_options(dict(options))
    return Rules(
        players=config.players,
        taxation_dice=config.tax_dice,
        ace_cost=config.ace_develop_cost,
        crowns_per_player=config.crowns_each,
    )


# -- the dice --------------------------------------------------------------------------------------


@cache
def higher_die() -> dict[int, Fraction]:
    """P(the higher of 2d10 is k), by counting the 100 equally likely rolls."""
    counts = dict.fromkeys(D10, 0)
    for a in D10:
        for b in D10:
            counts[max(a, b)] += 1
    return {k: Fraction(n, 100) for k, n in counts.items()}


def doubles(face: int) -> Fraction:
    """P(both d10 show `face`): one roll in a hundred."""
    return Fraction(sum(1 for a in D10 for b in D10 if a == b == face), 100)


def production_chance(rank: int) -> Fraction:
    """P(a card of this rank produces on a roll): Aces on double 1, Crowns on a 10, numbers on their rank."""
    if rank == ACE_FACE:
        return doubles(ACE_FACE)
    return higher_die()[rank]


def taxation_chance() -> Fraction:
    """P(at least one d10 shows a 1), which triggers taxation before collection."""
    return Fraction(sum(1 for a in D10 for b in D10 if 1 in (a, b)), 100)


def suit_picked(dice: int) -> Fraction:
    """P(a given suit is among those the taxation d6 pick) with `dice` d6."""
    misses = sum(1 for roll in _d6_rolls(dice) if 0 not in roll)
    return 1 - Fraction(misses, D6_FACES**dice)


def expected_suits_taxed(dice: int) -> Fraction:
    """Expected number of different suits the d6 pick when taxation happens (two dice may agree)."""
    total = sum(len(set(roll)) for roll in _d6_rolls(dice))
    return Fraction(total, D6_FACES**dice)


def _d6_rolls(dice: int) -> list[tuple[int, ...]]:
    rolls: list[tuple[int, ...]] = [()]
    for _ in range(dice):
        rolls = [(*roll, face) for roll in rolls for face in range(D6_FACES)]
    return rolls


def suit_taxation_chance(rules: Rules) -> Fraction:
    """P(a given suit is taxed on one roll)."""
    return taxation_chance() * suit_picked(rules.taxation_dice)


def taxed_within(chance: Fraction, rolls: int) -> Fraction:
    """P(at least one taxation in `rolls` rolls), e.g. one round of every player's turn."""
    return 1 - (1 - chance) ** rolls


# -- income ----------------------------------------------------------------------------------------


def developed_income(rank: int) -> Fraction:
    """Expected tokens a roll from a fully developed property: one per suit when it produces."""
    suits = 1 if rank == ACE_FACE else 2
    return suits * production_chance(rank)


def deed_income(rank: int) -> Fraction:
    """Expected tokens a roll from a deed (not yet developed): one token of a suit of its card."""
    return production_chance(rank)


def crown_income() -> Fraction:
    """Expected tokens a roll from one Crown: one token on every 10."""
    return production_chance(CROWN_FACE)


def development_cost(rank: int, rules: Rules) -> int:
    return rules.ace_cost if rank == ACE_FACE else rank


def deed_cost(rank: int) -> int:
    return ACE_DEED_PRICE if rank == ACE_FACE else DEED_PRICE


def profit_developed(rank: int, rolls_left: int, rules: Rules) -> Fraction:
    """The designer's calculation: expected tokens earned over the rolls left, less the cost to develop."""
    return rolls_left * developed_income(rank) - development_cost(rank, rules)


def profit_deed_only(rank: int, rolls_left: int) -> Fraction:
    """A deed bought and never developed (the seed's "deed for a 9 early" strategy): income less its price."""
    return rolls_left * deed_income(rank) - deed_cost(rank)


def break_even_developed(rank: int, rules: Rules) -> Fraction:
    """Rolls needed for a developed property to pay back its cost."""
    return development_cost(rank, rules) / developed_income(rank)


def break_even_deed(rank: int) -> Fraction:
    return deed_cost(rank) / deed_income(rank)


def profit_ranking_flips(rules: Rules) -> Fraction:
    """Rolls left above which a higher numbered card earns more than a lower one.

    profit(k) - profit(k-1) = N * 4/100 - 1 for numbered cards, whatever k: zero at N = 25.
    """
    low, high = NUMBER_RANKS[0], NUMBER_RANKS[1]
    slope = developed_income(high) - developed_income(low)
    return Fraction(development_cost(high, rules) - development_cost(low, rules)) / slope


# -- tables ----------------------------------------------------------------------------------------


@dataclass
class Table:
    """A titled table of exact values: cells are Fractions, ints or text."""

    title: str
    columns: list[str]
    rows: list[list[Fraction | int | str]]
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": self.columns,
            "rows": [[cell_json(c) for c in row] for row in self.rows],
            "note": self.note,
        }


@dataclass
class Analysis:
    rules: Rules
    tables: list[Table] = field(default_factory=list)
    turns: tuple[int, ...] = DEFAULT_TURNS

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": {
                "players": self.rules.players,
                "taxation_dice": self.rules.taxation_dice,
                "ace_cost": self.rules.ace_cost,
                "crowns_per_player": self.rules.crowns_per_player,
            },
            "tables": [t.to_json() for t in self.tables],
        }


def cell_json(cell: Fraction | int | str) -> Any:
    """Exact values travel as {"exact": "19/100", "value": 0.19}."""
    if isinstance(cell, Fraction):
        return {"exact": str(cell), "value": float(cell)}
    return cell


def _rank_name(rank: int) -> str:
    return {ACE_FACE: "Ace", CROWN_FACE: "Crown"}.get(rank, str(rank))


def dice_table() -> Table:
    rows: list[list[Fraction | int | str]] = []
    for face in D10:
        produces = {ACE_FACE: "Aces (double 1 only)", CROWN_FACE: "Crowns"}.get(face, f"rank {face} properties")
        chance = production_chance(face)
        rows.append([face, higher_die()[face], doubles(face), produces, chance])
    return Table(
        "Production: the higher of 2d10",
        ["face", "P(higher die = face)", "P(doubles of face)", "what produces", "P(it produces)"],
        rows,
        "P(higher die = k) = (2k-1)/100; doubles collect once; a 1 as the higher die needs both dice at 1.",
    )


def taxation_table(rules: Rules) -> Table:
    per_roll = taxation_chance()
    per_suit = suit_taxation_chance(rules)
    dice = rules.taxation_dice
    rows: list[list[Fraction | int | str]] = [
        ["taxation happens (a 1 on either d10)", per_roll, taxed_within(per_roll, rules.players)],
        [f"a given suit is taxed ({dice}d6)", per_suit, taxed_within(per_suit, rules.players)],
        ["expected suits taxed when taxation happens", expected_suits_taxed(dice), "-"],
        ["single taxation: a given suit (1d6)", taxation_chance() * suit_picked(1), "-"],
        ["double taxation / Mega: a given suit (2d6)", taxation_chance() * suit_picked(2), "-"],
    ]
    return Table(
        "Taxation",
        ["event", "per roll", f"per round of {rules.players} turns"],
        rows,
        "Every roll may tax every player, whoever rolled.",
    )


def income_table(rules: Rules) -> Table:
    rows: list[list[Fraction | int | str]] = []
    for rank in (ACE_FACE, *NUMBER_RANKS):
        rows.append(
            [
                _rank_name(rank),
                development_cost(rank, rules),
                developed_income(rank),
                break_even_developed(rank, rules),
                deed_income(rank),
                break_even_deed(rank),
            ]
        )
    rows.append(["Crown (each)", "-", crown_income(), "-", "-", "-"])
    return Table(
        "Expected income per roll",
        [
            "card",
            "cost",
            "developed: tokens/roll",
            "developed: rolls to pay back",
            "deed: tokens/roll",
            "deed: rolls to pay back its price",
        ],
        rows,
        f"Each player holds {rules.crowns_per_player} Crowns: "
        f"{rules.crowns_per_player * crown_income()} tokens a roll.",
    )


def profit_table(rules: Rules, turns: Sequence[int]) -> Table:
    rows: list[list[Fraction | int | str]] = []
    for rank in (ACE_FACE, *NUMBER_RANKS):
        rows.append([_rank_name(rank), *(profit_developed(rank, n, rules) for n in turns)])
    return Table(
        "Expected profit of a developed property against its cost, by rolls left",
        ["card", *(f"N={n}" for n in turns)],
        rows,
        f"profit = N x tokens/roll - cost. A higher numbered card earns more only with more than "
        f"{profit_ranking_flips(rules)} rolls left. N counts every player's rolls: with {rules.players} "
        f"player(s), N rolls are N/{rules.players} of your own turns.",
    )


def deed_table(turns: Sequence[int]) -> Table:
    rows: list[list[Fraction | int | str]] = [
        [_rank_name(rank), *(profit_deed_only(rank, n) for n in turns)] for rank in (ACE_FACE, *NUMBER_RANKS)
    ]
    return Table(
        "Expected profit of a deed never developed, by rolls left",
        ["card", *(f"N={n}" for n in turns)],
        rows,
        "profit = N x P(rank produces) - deed price (2; 1 for an Ace).",
    )


def analyze(options: Mapping[str, Any], turns: Sequence[int] = DEFAULT_TURNS) -> Analysis:
    """Every table for one Magnate option set."""
    rules = rules_from_options(options)
    tables = [dice_table(), taxation_table(rules), income_table(rules), profit_table(rules, turns), deed_table(turns)]
    return Analysis(rules, tables, tuple(turns))


def plot(analysis: Analysis, out_dir: Path) -> list[Path]:
    """Profit against rolls left for each rank, developed (solid) and deed only (dashed), as PNG and SVG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rules = analysis.rules
    horizon = range(0, max(analysis.turns) + 1)
    fig, ax = plt.subplots(figsize=(8, 5))
    cmap = plt.get_cmap("viridis")
    for i, rank in enumerate(NUMBER_RANKS):
        colour = cmap(i / (len(NUMBER_RANKS) - 1))
        ax.plot(horizon, [float(profit_developed(rank, n, rules)) for n in horizon], color=colour, label=f"rank {rank}")
        ax.plot(
            horizon, [float(profit_deed_only(rank, n)) for n in horizon], color=colour, linestyle="--", linewidth=0.8
        )
    ax.axhline(0, color="black", linewidth=0.6)
    ax.axvline(float(profit_ranking_flips(rules)), color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("rolls left (turns of any player)")
    ax.set_ylabel("expected profit (tokens)")
    ax.set_title("Magnate: expected profit of a property (solid) and of an undeveloped deed (dashed)")
    ax.legend(fontsize="small", ncol=2)
    fig.tight_layout()
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / "magnate_profit.png", out_dir / "magnate_profit.svg"]
    for path in paths:
        fig.savefig(path)
    plt.close(fig)
    return paths
