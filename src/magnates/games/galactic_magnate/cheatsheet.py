"""The Galactic Magnate rules cheatsheet (Markdown), every number read from the engine's tables."""

from __future__ import annotations

from typing import Any

from magnates.games.galactic_magnate import design
from magnates.games.galactic_magnate.board import TABLES, UTILITY


def _money(n: int) -> str:
    return f"{n:,}"


def render_options(options: dict[str, Any]) -> str:
    players = int(options.get("players", 2))
    max_rounds = int(options.get("max_rounds", 300))
    t = design.load(options["design"]).built if options.get("design") is not None else TABLES
    utility_price = next(loc.price for loc in t.locations if loc.kind == UTILITY)
    lines = [
        "# Galactic Magnate: rules cheatsheet",
        "",
        f"*{players} players*",
        "",
        f"**Start**: {_money(t.start_cash[players])} each, salary {t.start_salary[players]}, everybody on Start; "
        "characters are names only; the playing order is drawn at random.",
        "",
        "## Your turn",
        "- Before each roll: upgrade a complete monopoly, sell upgrades, put one property up for auction "
        "(once a turn), make one offer (properties and cash on each side, built step by step), accept or "
        "reject offers to you, recall yours, or resign.",
        "- Roll 2d6 and move clockwise. Doubles: roll again; the third double in a row: straight to Prison.",
        f"- Passing or landing on Start: pay {t.interest_percent}% interest on debt, then collect the salary "
        "(after the collapse: pay the expenses).",
        "",
        "## Where you land",
        "- **Free property**: if cash + credit covers its price, start an auction or do nothing.",
        "- **Owned monopoly**: its fee by level (nothing at level 0). **Utility**: "
        + " / ".join(f"{n} owned {fee}" for n, fee in enumerate(t.utility_fees, 1))
        + ". **Extractor**: the bank pays its owner "
        + " / ".join(f"{n} owned {p}" for n, p in enumerate(t.extractor_profits, 1))
        + ". Owners in Prison collect nothing.",
        f"- **Bonus**: salary {t.bonus_salary_change}, then everybody gets the bonus money for the number alive ("
        + ", ".join(f"{n}: {m}" for n, m in sorted(t.bonus_money.items()))
        + ").",
        f"- **Meteor Shower**: salary {t.meteor_salary_change}. **Dormitory**: nothing. "
        f"**Prison**: turn over, skip {t.prison_turns} turns. **Fortune**: draw an event.",
        "",
        "## Auctions",
        f"- The middleman holds the opening bid (the price); others, then he, raise by "
        f"{', '.join(map(str, t.raises))} or pass for good. He gets {t.middleman_percent}% of the final bid, "
        "returns to Start (no salary) and his turn ends.",
        f"- Player auction: opening bid {t.player_auction_opening}, upgrades sold first; everybody bids, the "
        f"seller too; the seller gets {t.player_auction_seller_percent}%.",
        "",
        "## Money",
        "- Credit = the mortgage values you own; your debt may never exceed it. A bill that would: upgrades "
        "are sold (half price), then bankruptcy.",
        f"- Every {t.recession_every_rounds} rounds the salary falls by {-t.recession_salary_change}. At 0 the "
        f"economy collapses: passing Start costs {t.collapse_expenses}, and what would lower the salary raises "
        "the expenses.",
        f"- A resignation: the others get {t.resign_gift} each, salary {t.resign_salary_change}. "
        f"Last player left wins (after {max_rounds} rounds: the richest).",
        "",
        "## Monopolies",
        "",
        "| Monopoly | Prices | Upgrade | Fee at level 1-5 |",
        "|---|---|---|---|",
    ]
    for group in t.groups:
        prices = "/".join(str(t.locations[i].price) for i in group.locations)
        lines.append(f"| {group.name} | {prices} | {group.upgrade_price} | {' / '.join(map(str, group.fees))} |")
    lines += [
        "",
        f"Utilities cost {utility_price}; extractors "
        f"{next(loc.price for loc in t.locations if loc.kind == 'extractor')}. Mortgage values (your credit): "
        + "; ".join(f"{loc.name} {loc.mortgage}" for loc in t.locations if loc.price and loc.mortgage * 2 != loc.price)
        + "; every other property half its price.",
        "",
        "## Fortune",
        "",
    ]
    for event in t.events:
        choice = " *(you may refuse)*" if event.choice else ""
        lines.append(f"- **{event.title}**: {event.text}{choice}")
    return "\n".join(lines) + "\n"
