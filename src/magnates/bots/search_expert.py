"""`expert` without a network: `hard`'s own search given more of its half-second, where a match
showed that it beats `hard`.

In Magistrate and Magistratvm a value network mixed into `hard`'s leaf judge made the bot weaker
(docs/studies/expert-other-games.md), yet `hard` there uses a small share of the time a person
waits for a move: Magistrate's `hard` plans its own run of actions with 200 simulations (about
0.06 s a decision on a quiet core), Magistratvm's searches the whole table with 12 simulations,
each leaf played on for 25 greedy decisions (about 0.03 s). The `expert` here is the same search,
the same heuristic, with many more simulations and a time limit that keeps every decision under
half a second on one core. It is offered only for the game and player count where a match against
`hard` measured it stronger (docs/studies/search-expert.md); elsewhere `expert` stays as the
learned presets (`magnates.bots.learned`) have it, and the registry says why it is missing.

Like every search bot it decides from its seat's view only: each simulation searches a world
sampled from that view with the bot's own random stream (`magnates.bots.ismcts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from magnates.bots.presets import Preset, preset
from magnates.bots.thinking import has_default_options
from magnates.core.bot import Bot
from magnates.core.game import Game

NAME = "expert"

DECISION_SECONDS = 0.45
"""The limit on a search-only `expert`'s CPU time a decision (`Budget.cpu_seconds`): a simulation
started before it ends soon after, so a whole decision stays under half a second of one core. It is
CPU time, not the wall clock, so the bot searches as much on a busy machine as on a quiet core
(and a match on a shared machine measures the bot people get on one)."""


CANDIDATES: dict[str, Mapping[str, Any]] = {
    "magistrate": {"simulations": 800, "seconds": None, "cpu_seconds": DECISION_SECONDS},
    "magistratvm": {"simulations": 100, "seconds": None, "cpu_seconds": DECISION_SECONDS},
}
"""The search each game's `expert` plays: fields changed in the game's `hard` preset. Measured
against `hard` at every player count; `SEARCH_EXPERTS` lists where it won."""

SEARCH_EXPERTS: dict[tuple[str, int], str] = {
    ("magistrate", 3): "119 of 300 games against two hard (39.7%, 95% CI 34.3-45.3%, fair share 33.3%)",
}
"""(game, players) -> the match that measured `CANDIDATES[game]` stronger than `hard` there
(docs/studies/search-expert.md); only these are offered as `expert`, with the default options."""


def candidate_preset(game: Game, **changes: Any) -> Preset:
    """`hard`'s preset of `game` with the game's `CANDIDATES` changes, then `changes` (for tests and
    studies); KeyError for a game without a search-only candidate."""
    if game.name not in CANDIDATES:
        raise KeyError(f"no search-only {NAME} candidate for {game.name}; the games are {', '.join(CANDIDATES)}")
    return replace(preset(game, "hard"), **{**CANDIDATES[game.name], **changes})


def _offered(game: Game) -> bool:
    return (game.name, game.num_players) in SEARCH_EXPERTS and has_default_options(game)


def search_expert_preset(game: Game) -> Preset | None:
    """The preset `expert` plays in this game and option set, where a search-only one was measured."""
    return candidate_preset(game) if _offered(game) else None


def search_expert_bots(game: Game) -> dict[str, Callable[[Game], Bot]]:
    """`expert` where a search-only one was measured for this game and option set (for the registry)."""
    return {NAME: _build} if _offered(game) else {}


def timed_search_expert_bots(game: Game) -> dict[str, Callable[[Game, float], Bot]]:
    """The same, each made with a time for every whole decision (`magnates.bots.thinking`)."""
    return {NAME: _build_timed} if _offered(game) else {}


def missing_search_expert(game: Game) -> str | None:
    """Why `expert` is not offered here, for a game that has a search-only one at other player counts
    or options (None where it is offered, or where the game has none at all)."""
    if _offered(game):
        return None
    counts = sorted(players for name, players in SEARCH_EXPERTS if name == game.name)
    if not counts:
        return None
    title = getattr(game, "title", game.name)
    players = " and ".join(str(n) for n in counts)
    return (
        f"No {NAME} for these options: in {title} it is measured stronger than hard only for "
        f"{players} players with the default options."
    )


def _build(game: Game) -> Bot:
    chosen = search_expert_preset(game)
    if chosen is None:
        raise ValueError(f"no search-only {NAME} for {game.name} with these options")
    return chosen.build(NAME)


def _build_timed(game: Game, seconds: float) -> Bot:
    chosen = search_expert_preset(game)
    if chosen is None:
        raise ValueError(f"no search-only {NAME} for {game.name} with these options")
    return chosen.timed(seconds).build(NAME)
