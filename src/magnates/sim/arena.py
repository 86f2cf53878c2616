"""The arena: a round robin between bots, with every seat order, win rates and ratings.

Schedule. A *matchup* is a set of bots that fill the game's seats: every
combination of distinct bots when there are at least as many bots as seats,
otherwise every multiset of the bots that contains at least two different ones
(so two bots in a three-seat game meet as a-a-b and a-b-b). Each matchup plays
`games` games, cycling through all its distinct seat orders, so seat advantage
cancels out when `games` is a multiple of the number of orders (2 for two seats).

Game `i` of the whole schedule is played from `game_seed(seed, i)`, the same
seed derivation as `magnates simulate`, so results do not depend on the number
of workers or on the backend.

Head to head. For each ordered pair of bots that met, a game counts once: a
*win* when the bot finished strictly better than the opponent, a *loss* when
worse, a *draw* when they shared a place (a bot filling several seats counts
with its best-placed seat). `win_rate` is wins / games (a draw is not a win)
with a 95% Wilson score interval.

Ratings. Openskill's Plackett-Luce model, updated game by game in schedule
order (so the same seed gives the same ratings); it handles any number of
seats. The rating reported is openskill's conservative `ordinal` (mu - 3 sigma).
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from magnates.bots.policy import normalized
from magnates.core.design import shown
from magnates.core.errors import InvariantError, OptionError, RecordError
from magnates.core.game import Game
from magnates.core.record import Record, replay_on
from magnates.games.registry import load
from magnates.sim.batch import BatchInterrupted, BatchSpec, chunked, default_workers, play_assignments, run_tasks
from magnates.sim.report import read_lines
from magnates.sim.runner import GameOutcome
from magnates.sim.stats import wilson_interval

RECORDS_FILE = "games.jsonl"
"""The one name of the game-records file every command's `--out` writes (simulate, arena, compare)."""

# -- the schedule ----------------------------------------------------------------------------------


def matchups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The sets of bots that meet (see the module docstring), in a fixed order."""
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    return [m for m in itertools.combinations_with_replacement(bots, players) if len(set(m)) > 1]


def seat_orders(matchup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct way to seat a matchup, in a fixed order."""
    return sorted(set(itertools.permutations(matchup)), key=lambda order: [matchup.index(b) for b in order])


def schedule(bots: Sequence[str], players: int, games: int) -> list[tuple[str, ...]]:
    """The bot at each seat for every game of the arena, in index order."""
    plan: list[tuple[str, ...]] = []
    for matchup in matchups(bots, players):
        orders = seat_orders(matchup)
        plan.extend(orders[g % len(orders)] for g in range(games))
    return plan


# -- playing ---------------------------------------------------------------------------------------

Task = tuple[BatchSpec, list[tuple[int, tuple[str, ...]]]]


def run_local(tasks: Sequence[Task], workers: int, progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Run arena tasks here (one worker) or on a process pool; outcomes come back in index order."""
    return run_tasks(play_assignments, tasks, workers, progress)


# -- the results -----------------------------------------------------------------------------------


@dataclass
class PairStats:
    bot: str
    opponent: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        return {
            "bot": self.bot,
            "opponent": self.opponent,
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_rate": self.win_rate,
            "ci95": [low, high],
        }


@dataclass
class ArenaResult:
    game: str
    options: dict[str, Any]
    players: int
    bots: list[str]
    games_per_matchup: int
    seed: int
    outcomes: list[GameOutcome]
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"
    records: str | None = None
    pairs: list[PairStats] = field(default_factory=list)
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)
    seeds: list[int] = field(default_factory=list)
    """Every run's seed when this result combines runs (`combine_arenas`); empty for one run."""
    settings: dict[str, dict[str, str]] = field(default_factory=dict)
    """The bots' settings (`--set`, e.g. `{"expert": {"seconds": "0.5"}}`); empty: every bot's defaults."""

    @property
    def seed_text(self) -> str:
        if len(self.seeds) > 1:
            return f"seeds {', '.join(map(str, self.seeds))} ({len(self.seeds)} runs combined)"
        return f"seed {self.seed}"

    @property
    def errors(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.result is None)

    def pair(self, bot: str, opponent: str) -> PairStats:
        for stats in self.pairs:
            if stats.bot == bot and stats.opponent == opponent:
                return stats
        raise KeyError(f"{bot} never met {opponent}")

    def rating(self, bot: str) -> float:
        mu, sigma = self.ratings[bot]
        return mu - 3 * sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "bots": self.bots,
            "games_per_matchup": self.games_per_matchup,
            "games": len(self.outcomes),
            "errors": self.errors,
            "seed": self.seed,
            **({"seeds": self.seeds} if self.seeds else {}),
            **({"settings": self.settings} if self.settings else {}),
            "pairs": [stats.to_json() for stats in self.pairs],
            "ratings": {bot: self.rating(bot) for bot in self.bots},
            "rating_details": {
                bot: {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma} for bot, (mu, sigma) in self.ratings.items()
            },
            "seconds": self.seconds,
            "workers": self.workers,
            "backend": self.backend,
            "records": self.records,
        }


def best_places(outcome: GameOutcome) -> dict[str, int]:
    """Each bot's best place in a finished game (1 is first)."""
    if outcome.result is None:
        raise InvariantError(f"places asked of a game that has no result (bots {outcome.bots})")
    places: dict[str, int] = {}
    for seat, bot in enumerate(outcome.bots):
        place = outcome.result.ranking[seat]
        places[bot] = min(place, places.get(bot, place))
    return places


def head_to_head(bots: Sequence[str], outcomes: Iterable[GameOutcome]) -> list[PairStats]:
    """Wins, losses and draws for every ordered pair of bots that met, in the order the bots were named."""
    table = {(a, b): PairStats(a, b) for a in bots for b in bots if a != b}
    for outcome in outcomes:
        if outcome.result is None:
            continue
        places = best_places(outcome)
        for a, b in itertools.permutations(places, 2):
            stats = table[(a, b)]
            stats.games += 1
            if places[a] < places[b]:
                stats.wins += 1
            elif places[a] > places[b]:
                stats.losses += 1
            else:
                stats.draws += 1
    return [stats for stats in table.values() if stats.games]


def openskill_ratings(bots: Sequence[str], outcomes: Iterable[GameOutcome]) -> dict[str, tuple[float, float]]:
    """(mu, sigma) of each bot after rating every finished game in order (Plackett-Luce)."""
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    for outcome in outcomes:
        if outcome.result is None:
            continue
        places = best_places(outcome)
        names = list(places)
        updated = model.rate([[ratings[name]] for name in names], ranks=[places[name] for name in names])
        for name, (rating,) in zip(names, updated, strict=True):
            ratings[name] = rating
    return {bot: (float(r.mu), float(r.sigma)) for bot, r in ratings.items()}


def record_line(game: Game, outcome: GameOutcome) -> dict[str, Any]:
    """One JSON-lines record: the replayable game plus who sat where and how it ended."""
    meta = {
        "index": outcome.index,
        "seed": outcome.seed,
        "bots": list(outcome.bots),
        "result": outcome.result.to_json() if outcome.result is not None else None,
        "error": outcome.error,
        "decisions": outcome.decisions,
        "turns": outcome.turns,
    }
    return Record(game.name, game.version, dict(game.options), list(outcome.actions), meta).to_json()


def write_records(path: Path, game: Game, outcomes: Iterable[GameOutcome]) -> Path:
    """The games as JSON lines (replayable records, with who sat where and the result in `meta`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as handle:
        for outcome in outcomes:
            handle.write(json.dumps(record_line(game, outcome), separators=(",", ":")) + "\n")
    return path


def run_arena(
    game: str,
    bots: Sequence[str],
    games: int,
    *,
    options: dict[str, Any] | None = None,
    players: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "local",
    out: Path | None = None,
    progress: Callable[[int], None] | None = None,
    settings: Mapping[str, Mapping[str, str]] | None = None,
) -> ArenaResult:
    """Play the round robin and compute head-to-head rates and ratings; write records under `out`.

    `settings` gives bots by name their settings (`magnates.bots.thinking`: seconds or thinking)."""
    options = dict(options or {})
    if players is not None:
        options.setdefault("players", players)
    bots = [normalized(name) for name in bots]
    if len(bots) < 2:
        raise OptionError("an arena needs at least two different bots")
    if len(set(bots)) != len(bots):
        raise OptionError(f"name each bot once (got {', '.join(bots)})")
    if games < 1:
        raise OptionError("--games must be at least 1")
    spec = BatchSpec.make(
        game, options, bots, games, seed, keep_records=out is not None, settings=BatchSpec.freeze_settings(settings)
    )
    loaded = spec.load()  # bad options fail here, before any worker starts
    if players is not None and loaded.num_players != players:
        raise OptionError(f"{game} with these options has {loaded.num_players} seats, not {players}")
    if loaded.num_players < 2:
        raise OptionError(
            f"{game} with these options has one seat, so its bots never meet; compare them with magnates simulate"
        )
    for name in bots:
        spec.make_bot(name, loaded)  # an unknown bot name or a refused setting fails here, naming the valid ones
    plan = schedule(bots, loaded.num_players, games)
    workers = default_workers() if workers is None else max(1, workers)
    workers = min(workers, max(1, len(plan)))
    tasks: list[Task] = [(spec, chunk) for chunk in chunked(list(enumerate(plan)), workers)]
    started = time.perf_counter()
    try:
        if backend == "local":
            outcomes = run_local(tasks, workers, progress)
        elif backend == "ray":
            from magnates.sim.ray_backend import map_tasks

            outcomes = [o for done in map_tasks(play_assignments, tasks, workers, progress) for o in done]
        else:
            raise OptionError(f"unknown backend {backend!r}; choose local or ray")
    except BatchInterrupted as stopped:  # Ctrl-C: the games that finished, counted and saved like a whole arena
        stopped.partial = _arena_result(
            loaded, bots, games, seed, stopped.outcomes, time.perf_counter() - started, workers, backend, out
        )
        stopped.partial.settings = spec.settings_json()
        raise
    result = _arena_result(loaded, bots, games, seed, outcomes, time.perf_counter() - started, workers, backend, out)
    result.settings = spec.settings_json()
    return result


def _arena_result(
    loaded: Game,
    bots: list[str],
    games: int,
    seed: int,
    outcomes: list[GameOutcome],
    seconds: float,
    workers: int,
    backend: str,
    out: Path | None,
) -> ArenaResult:
    """The counts and ratings of these games, their records written to `out/games.jsonl` if asked."""
    result = ArenaResult(
        game=loaded.name,
        options=dict(loaded.options),
        players=loaded.num_players,
        bots=bots,
        games_per_matchup=games,
        seed=seed,
        outcomes=outcomes,
        seconds=seconds,
        workers=workers,
        backend=backend,
    )
    result.pairs = head_to_head(bots, outcomes)
    result.ratings = openskill_ratings(bots, outcomes)
    if out is not None:
        result.records = str(write_records(out / RECORDS_FILE, loaded, outcomes))
    return result


def record_of(game: Game, data: dict[str, Any], where: str) -> Record:
    """The record in `data`, refused (naming `where`) unless it is a game of `game` with its options."""
    try:
        record = Record.from_json(data)
    except RecordError as err:
        raise RecordError(f"{where}: {err}") from None
    if record.game != game.name or record.options != dict(game.options):
        raise RecordError(
            f"{where}: a {record.game} game with {record.options}, not {game.name} with {dict(game.options)}"
        )
    return record


def outcome_from_record(game: Game, data: dict[str, Any], where: str) -> GameOutcome:
    """A record written by `write_records` back as an outcome; its result replayed from its actions
    (never read from its meta), so a record edited by hand cannot change a count."""
    record = record_of(game, data, where)
    meta = record.meta
    try:
        error, index, seed, bots = meta["error"], int(meta["index"]), int(meta["seed"]), list(meta["bots"])
        decisions, turns = int(meta["decisions"]), int(meta["turns"])
    except (KeyError, TypeError, ValueError) as err:
        raise RecordError(f"{where}: not a record written by --out (its meta lacks {err})") from None
    result = None if error is not None else replay_on(game, record.actions).result()
    return GameOutcome(index, seed, bots, result, len(record.actions), decisions, turns, error, list(record.actions))


def read_arena(folder: Path) -> ArenaResult:
    """An arena written with `--out`: its arena.json and the games of its games.jsonl (records.jsonl
    in folders written before the record files had one name)."""
    try:
        data = json.loads((folder / "arena.json").read_text())
    except (OSError, ValueError) as err:
        raise OptionError(f"{folder} holds no arena written with --out (arena.json and {RECORDS_FILE}): {err}") from err
    try:
        game = load(data["game"], **data["options"])
        result = ArenaResult(
            game=data["game"],
            options=dict(data["options"]),
            players=data["players"],
            bots=list(data["bots"]),
            games_per_matchup=data["games_per_matchup"],
            seed=data["seed"],
            outcomes=[],
            seconds=data.get("seconds", 0.0),
            workers=data.get("workers", 1),
            backend=data.get("backend", "local"),
            seeds=list(data.get("seeds", [])),
            settings={
                str(bot): {str(k): str(v) for k, v in pairs.items()} for bot, pairs in data.get("settings", {}).items()
            },
        )
    except (AttributeError, KeyError, TypeError, ValueError) as err:
        raise OptionError(f"{folder / 'arena.json'} is not an arena's summary ({err!r})") from err
    records = next((folder / name for name in (RECORDS_FILE, "records.jsonl") if (folder / name).is_file()), None)
    if records is None:
        raise OptionError(f"{folder} holds no arena written with --out (arena.json and {RECORDS_FILE})")
    result.outcomes = [outcome_from_record(game, line, where) for where, line in read_lines(records)]
    return result


def combine_arenas(runs: Sequence[ArenaResult]) -> ArenaResult:
    """Arenas of the same game, options and bots (other seeds) as one: their games in order, and
    the head-to-head rates and ratings of them all."""
    if not runs:
        raise OptionError("name at least one arena to combine")
    first = runs[0]
    for run in runs[1:]:
        if (run.game, run.options, run.bots) != (first.game, first.options, first.bots):
            raise OptionError(
                f"arenas of different games, options or bots cannot be combined: {first.game} {first.bots} "
                f"{first.options} and {run.game} {run.bots} {run.options}"
            )
        if run.settings != first.settings:
            raise OptionError(
                f"arenas whose bots had different settings cannot be combined: {first.settings or 'defaults'}"
                f" and {run.settings or 'defaults'}"
            )
    seeds = [seed for run in runs for seed in (run.seeds or [run.seed])]
    if len(set(seeds)) != len(seeds):
        raise OptionError(f"these arenas share a seed, so they played the same games: seeds {seeds}")
    outcomes = [outcome for run in runs for outcome in run.outcomes]
    combined = replace(
        first,
        games_per_matchup=sum(run.games_per_matchup for run in runs),
        outcomes=outcomes,
        seconds=sum(run.seconds for run in runs),
        records=None,
        seeds=seeds,
    )
    combined.pairs = head_to_head(combined.bots, outcomes)
    combined.ratings = openskill_ratings(combined.bots, outcomes)
    return combined


def write_arena_report(result: ArenaResult, out: Path) -> list[Path]:
    """arena.json, a win-rate heat map (PNG, SVG) and arena.md embedding it."""
    from magnates.sim import plots

    out.mkdir(parents=True, exist_ok=True)
    data = result.to_json()
    (out / "arena.json").write_text(json.dumps(data, indent=1))
    grid: list[list[float | None]] = []
    for bot in result.bots:
        row: list[float | None] = []
        for opponent in result.bots:
            try:
                row.append(result.pair(bot, opponent).win_rate if bot != opponent else None)
            except KeyError:
                row.append(None)
        grid.append(row)
    figures = plots.win_matrix(result.bots, grid, out)
    lines = [
        f"# Arena: {result.game}",
        "",
        f"Options: `{json.dumps(shown(result.options), sort_keys=True)}`; {len(result.outcomes)} games "
        f"({result.games_per_matchup} per matchup, every seat order), {result.seed_text}, {result.errors} errors.",
        "",
        "| bot | opponent | games | wins | losses | draws | win rate | 95% CI |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for stats in result.pairs:
        low, high = wilson_interval(stats.wins, stats.games)
        lines.append(
            f"| {stats.bot} | {stats.opponent} | {stats.games} | {stats.wins} | {stats.losses} | {stats.draws} "
            f"| {stats.win_rate:.1%} | {low:.1%} to {high:.1%} |"
        )
    lines += ["", "| bot | rating (mu - 3 sigma) | mu | sigma |", "|---|---:|---:|---:|"]
    for bot in sorted(result.bots, key=result.rating, reverse=True):
        mu, sigma = result.ratings[bot]
        lines.append(f"| {bot} | {result.rating(bot):.2f} | {mu:.2f} | {sigma:.2f} |")
    lines += ["", f"![win rates]({figures[0].name}) ([SVG]({figures[1].name}))", ""]
    summary = out / "arena.md"
    summary.write_text("\n".join(lines))
    return [out / "arena.json", summary, *figures]
