"""The summary sheet for `magnates rules magistratvm`, built from the engine's own tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from magnates.games.magistratvm.actions import MAX_BID, MAX_GIFT
from magnates.games.magistratvm.components import PATRICIANS_PER_PLAYER, TOKENS_PER_PLAYER
from magnates.games.magistratvm.income import QUAESTOR_GOLD
from magnates.games.magistratvm.offices import OFFICES, promotion_cost, seats


def _offices_table(players: int) -> str:
    lines = ["| office | influence | seats | cost from the level below | from the Estate |", "|---|---|---|---|---|"]
    for index, office in reversed(list(enumerate(OFFICES))):
        entry = promotion_cost(None, index)
        below = " or ".join(OFFICES[b].name for b in office.below) or "Family Estate"
        lines.append(
            f"| {office.name} | {office.influence} | {seats(index, players)} | {office.up_cost} ({below}) |"
            f" {entry if entry is not None else '-'} |"
        )
    return "\n".join(lines)


def render_options(options: Mapping[str, Any]) -> str:
    players = int(options.get("players", 4))
    limit = int(options.get("turn_limit", 0))
    limit_text = f"; the final circuit is forced after turn {limit}" if limit else ""
    return f"""# Magistratvm: rules cheatsheet

*{players} players*

Each player: an income die (starts on 6), {PATRICIANS_PER_PLAYER} Patricians, {TOKENS_PER_PLAYER} influence
tokens. Six Provinces (tiles, value 1-6) form the circuit, places 1-6 clockwise.

## A turn
1. **Income**: 1 gold per own token in the Provinces; each active Quaestor may give {QUAESTOR_GOLD} gold
   (it turns inactive); the income die may give its face (then turns down one; an ace stays).
   Gold on Provinces you govern is always yours to spend.
2. **Bidding for Prefect**: the Prefect bids first (0 allowed, at most {MAX_BID}); then each bids
   one more or passes for good. The winner's bid goes on the Prefect space.
3. **Actions**, from the Prefect, until all pass in succession:
   - place tokens at a Province: your n-th token there costs n; you must reach the most anyone has there;
   - promote a Patrician to a vacant Quaestor/Tribune (1) or Aedile (1+2) seat;
   - promote an active Magistrate (costs add up; a full office displaces a rival one level down,
     and its owner chooses the next victim);
   - special action (the Magistrate turns inactive): **Tribune** a free token; **Aedile** move
     any token between Provinces; **Praetor** return up to 2 tokens from one Province; **Consul**
     recall a Magistrate (not Censor/Dictator) or a Governor;
   - appoint an active Magistrate Governor of your Province, or bring a Governor home;
   - give 1-{MAX_GIFT} gold to a player (once per action phase); pass.
4. **Elections**: the Dictator takes a Province where it has a token and governs it or goes home;
   the Prefect picks the first Province (its gold goes there); each Province votes once,
   clockwise. Active Magistrates may add their influence. A win needs more than all others together
   AND at least the value in tokens. No win: the least influential lose their tokens there.
   Lost tokens move to Provinces that have not voted, or home (Prefect's left first, Prefect last).
5. **End of turn**: new tiles replace decided Provinces; if too few remain, a final circuit
   (most influence wins, a tie discards) ends the game{limit_text}. Magistrates become active;
   unspent gold returns to the bank.

## The Offices
{_offices_table(players)}

## Score
Provinces won + a Governor's Province value again + Magistrates' influence. Ties: influence in
the Offices, then the highest Magistrate.
"""
