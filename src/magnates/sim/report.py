"""A report from a folder of game records: who wins from which seat, how long games run,
how they were decided, and where the income came from; as Markdown with plots.

Input. Every `*.jsonl` file in the folder (or one such file), one game per
line, in either of the forms this package writes:

- a game record (`Record.to_json()`, as `magnates arena` saves them) whose
  `meta` holds `result` (`Result.to_json()`), `bots` (the bot at each seat),
  and optionally `decisions`, `turns`, `error`;
- an outcome line (`GameOutcome.to_json()`, with `result` and `bots` at the
  top level), optionally with the game's record under `record`, as `magnates
  simulate --out` writes them in games.jsonl.

A record without a stored result is replayed to find it (slower, same answer).

Conventions a game follows so that reports can say more (all optional, in
`Result.details`):

- `details["income"] = {seat: {source: amount}}`: what each seat gained over
  the game, split by source (Magnate: crowns, properties, deeds, aces, sales).
  Seats may be ints or strings (JSON turns keys into strings).
- `details["turns"]`: the game's length in its own turns; otherwise the
  report uses the record's `turns`, or else the number of decisions.
- `details["first_player"]`: the seat that took the first turn, when chance
  chose it; otherwise seat 0 is taken to have started.

`Result.reason` says how the winner was decided; reasons starting with
"tiebreak" count as decided by a tie-breaker, "draw" (or a shared first place)
as a draw.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from magnates.core.design import shown
from magnates.core.errors import MagnatesError, RecordError
from magnates.core.game import CHANCE, TERMINAL
from magnates.core.record import Record
from magnates.games import load
from magnates.records import replay
from magnates.sim.stats import wilson_interval

TIEBREAK_PREFIX = "tiebreak"


@dataclass
class GameSummary:
    """What a report needs from one finished game."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    ranking: list[int]
    reason: str
    length: int
    length_unit: str
    income: dict[int, dict[str, float]] = field(default_factory=dict)
    first_player: int = 0

    @property
    def winners(self) -> list[int]:
        return [seat for seat, place in enumerate(self.ranking) if place == 1]

    @property
    def is_draw(self) -> bool:
        return self.reason == "draw" or len(self.winners) > 1

    @property
    def by_tiebreak(self) -> bool:
        return self.reason.startswith(TIEBREAK_PREFIX) and not self.is_draw


def record_files(source: Path) -> list[Path]:
    """The files a report reads at `source`: the file itself, or every `*.jsonl` file under the
    folder (its subfolders too, as `magnates compare --out` writes one per variant) and every
    `*.json` file that holds one game record (a game saved by `magnates play --save`, a game
    exported from the web platform). Summaries and reports (`summary.json`, `report.json`...) are
    not records and are passed over."""
    if not source.is_dir():
        return [source]
    files = sorted(source.rglob("*.jsonl"))
    for path in sorted(source.rglob("*.json")):
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and "actions" in data and "game" in data:
            files.append(path)
    if not files:
        raise RecordError(f"no *.jsonl record files (nor saved games) in {source}")
    return files


def read_lines(source: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, JSON object) for every game at `source`: each non-empty line of a JSON-lines file,
    or the one record of a `.json` file (`where` is `file:line`, or the file for a `.json`)."""
    for path in record_files(source):
        if path.suffix == ".json":
            yield str(path), _read_json_file(path)
            continue
        try:
            handle = path.open()
        except OSError as err:
            raise RecordError(f"cannot read {path}: {err.strerror}") from None
        with handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as err:
                    hint = " (a saved game is one JSON object: name a .json file)" if number == 1 else ""
                    raise RecordError(f"{path}:{number} is not valid JSON: {err}{hint}") from None
                if not isinstance(data, dict):
                    raise RecordError(f"{path}:{number} is not a JSON object")
                yield f"{path}:{number}", data


def _read_json_file(path: Path) -> dict[str, Any]:
    """One game record written as a whole JSON file."""
    try:
        data = json.loads(path.read_text())
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror}") from None
    except ValueError as err:
        raise RecordError(f"{path} is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a JSON object")
    return data


def split_line(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(record, what it came to) of a JSON line in either format: `magnates simulate --out` puts the
    record beside the outcome; the arena writes a bare record with the outcome in its meta. A line
    without a record gives an empty one."""
    if isinstance(data.get("record"), dict):
        return data["record"], data
    if "actions" in data:
        return data, data.get("meta") or {}
    return {}, data


def recorded_actions(sources: Iterable[str | Path]) -> Iterator[list[int]]:
    """The actions of every game record in these JSON-lines files (or folders of them), in order:
    what a replay script steps through. A line without a valid record is refused by `Record`."""
    for source in sources:
        for where, data in read_lines(Path(source)):
            try:
                yield Record.from_json(split_line(data)[0]).actions
            except RecordError as err:
                raise RecordError(f"{where}: {err}") from None


def records_at(source: Path) -> Iterator[tuple[str, Record]]:
    """(where, checked record) of every game at `source` that holds a record, in every format
    `read_lines` reads (the coach reviews them: `magnates.analysis.sources`)."""
    for where, data in read_lines(source):
        record = _checked_record(split_line(data)[0], where)
        if record is not None:
            yield where, record


def _income(details: Mapping[str, Any]) -> dict[int, dict[str, float]]:
    raw = details.get("income")
    if not isinstance(raw, Mapping):
        return {}
    return {int(seat): {str(k): float(v) for k, v in sources.items()} for seat, sources in raw.items()}


def _replayed(data: dict[str, Any], where: str) -> tuple[dict[str, Any], int]:
    """The result and the number of decisions of a record that did not store them."""
    record = Record.from_json(data)
    try:
        states = replay(record, all_states=True)
    except RecordError as err:
        raise RecordError(f"{where}: {err}") from None
    final = states[-1]
    if final.current_player() != TERMINAL:
        raise RecordError(f"{where}: the recorded game did not finish (a report counts finished games only)")
    decisions = sum(1 for state in states[:-1] if state.current_player() not in (CHANCE, TERMINAL))
    return final.result().to_json(), decisions


def _field_error(where: str, field_name: str, problem: str) -> RecordError:
    return RecordError(f"{where}: field {field_name}: {problem}")


def _checked_record(record: dict[str, Any], where: str) -> Record | None:
    """The record part of a line, checked: its actions a list of action ids, its options those of
    its game (an unknown game, option or value is refused, naming it). None for a line without one."""
    if not record:
        return None
    for name, kind, text in (("actions", list, "a list of action ids"), ("options", dict, "an object")):
        if name in record and not isinstance(record[name], kind):
            raise _field_error(where, name, f"must be {text}, not {json.dumps(record[name])[:40]}")
    try:
        checked = Record.from_json(record)
    except RecordError as err:
        raise RecordError(f"{where}: {err}") from None
    try:
        _game_of(checked.game, checked.options)
    except MagnatesError as err:
        raise _field_error(where, "options" if "option" in str(err) else "game", str(err)) from None
    return checked


_LOADED: dict[str, Any] = {}


def _game_of(name: str, options: Mapping[str, Any]) -> Any:
    """The game of a record (loaded once per game and options: a report may read thousands)."""
    key = json.dumps([name, options], sort_keys=True, default=str)
    if key not in _LOADED:
        _LOADED[key] = load(name, **options)
    return _LOADED[key]


def _checked_result(result: Any, where: str) -> dict[str, Any]:
    """A stored result, checked field by field: a ranking of places (1 = first), a reason, details."""
    if not isinstance(result, dict):
        raise _field_error(where, "result", "must be an object with ranking, scores and reason")
    ranking = result.get("ranking")
    if not isinstance(ranking, list) or not ranking or not all(type(p) is int and p >= 1 for p in ranking):
        raise _field_error(where, "result.ranking", f"must be a list of places (1 = first), not {json.dumps(ranking)}")
    if not isinstance(result.get("reason", ""), str):
        raise _field_error(where, "result.reason", "must be text")
    if not isinstance(result.get("details") or {}, dict):
        raise _field_error(where, "result.details", "must be an object")
    return result


def _seat_names(record: dict[str, Any]) -> list[str]:
    """Who sat where in a game saved by `magnates play` (`human`, a bot name), when it says so."""
    seats = (record.get("meta") or {}).get("seats")
    return list(seats) if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else []


def summarize_line(data: dict[str, Any], where: str = "record") -> GameSummary | None:
    """A finished game's summary, or None for a game that ended in an error; a line that is not
    what this package writes is refused with a RecordError naming where it is and the field."""
    record, meta = split_line(data)
    checked = _checked_record(record, where)
    result = meta.get("result")
    decisions = meta.get("decisions")
    if result is None and meta.get("error"):
        return None
    if result is None:
        if checked is None:
            raise RecordError(f"{where}: neither a result nor actions to replay")
        result, decisions = _replayed(record, where)
    result = _checked_result(result, where)
    for name in ("turns", "decisions"):
        if meta.get(name) is not None and type(meta[name]) is not int:
            raise _field_error(where, name, f"must be a whole number, not {json.dumps(meta[name])}")
    bots = meta.get("bots") or (record.get("meta") or {}).get("bots") or _seat_names(record) or []
    if not isinstance(bots, list):
        raise _field_error(where, "bots", "must be a list of bot names")
    if bots and len(bots) != len(result["ranking"]):
        raise _field_error(where, "bots", f"names {len(bots)} seats but the ranking has {len(result['ranking'])}")
    details = result.get("details") or {}
    if isinstance(details.get("turns"), int):
        length, unit = details["turns"], "turns"
    elif isinstance(meta.get("turns"), int):
        length, unit = meta["turns"], "turns"
    else:
        length, unit = int(decisions or len(record.get("actions", []))), "decisions"
    try:
        income = _income(details)
        first_player = int(details.get("first_player", 0))
    except (TypeError, ValueError, AttributeError) as err:
        raise _field_error(where, "result.details", f"income or first_player is malformed ({err})") from None
    return GameSummary(
        game=str(record.get("game", meta.get("game", "?"))),
        options=dict(record.get("options") or meta.get("options") or {}),
        bots=[str(b) for b in bots],
        ranking=list(result["ranking"]),
        reason=str(result.get("reason", "")),
        length=length,
        length_unit=unit,
        income=income,
        first_player=first_player,
    )


def load_summaries(source: Path) -> tuple[list[GameSummary], int]:
    """Summaries of every finished game at `source`, and the number of games that ended in an error."""
    summaries: list[GameSummary] = []
    errors = 0
    for where, data in read_lines(source):
        summary = summarize_line(data, where)
        if summary is None:
            errors += 1
        else:
            summaries.append(summary)
    return summaries, errors


# -- the statistics ---------------------------------------------------------------------------------


@dataclass
class Report:
    games: int
    errors: int
    players: int
    seat_wins: list[int]
    draws: int
    first_player_wins: int
    reasons: dict[str, int]
    tiebreaks: int
    lengths: list[int]
    length_unit: str
    income: dict[int, dict[str, float]]
    game: str = "?"
    option_sets: list[dict[str, Any]] = field(default_factory=list)
    bot_wins: dict[str, int] = field(default_factory=dict)
    bot_games: dict[str, int] = field(default_factory=dict)

    def rate(self, count: int) -> float:
        return count / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        def share(count: int) -> dict[str, Any]:
            return {"count": count, "rate": self.rate(count), "ci95": list(wilson_interval(count, self.games))}

        lengths = sorted(self.lengths)
        return {
            "game": self.game,
            "option_sets": self.option_sets,
            "games": self.games,
            "errors": self.errors,
            "players": self.players,
            "win_rate_by_seat": [share(w) for w in self.seat_wins],
            "first_player_win_rate": share(self.first_player_wins),
            "draws": share(self.draws),
            "tiebreak": share(self.tiebreaks),
            "decided_by": {reason: share(n) for reason, n in self.reasons.items()},
            "length": {
                "unit": self.length_unit,
                "mean": sum(lengths) / len(lengths) if lengths else 0.0,
                "min": lengths[0] if lengths else 0,
                "median": lengths[len(lengths) // 2] if lengths else 0,
                "max": lengths[-1] if lengths else 0,
                "histogram": dict(sorted(Counter(lengths).items())),
            },
            "mean_income_by_seat": {str(seat): sources for seat, sources in self.income.items()},
            "win_rate_by_bot": {
                bot: share(self.bot_wins.get(bot, 0)) | {"games": n} for bot, n in sorted(self.bot_games.items())
            },
        }


def build_report(summaries: Iterable[GameSummary], errors: int = 0) -> Report:
    games = list(summaries)
    players = max((len(g.ranking) for g in games), default=0)
    seat_wins = [0] * players
    reasons: Counter[str] = Counter()
    income_sum: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    bot_wins: Counter[str] = Counter()
    bot_games: Counter[str] = Counter()
    draws = tiebreaks = first_wins = 0
    option_sets: list[dict[str, Any]] = []
    units = Counter(g.length_unit for g in games)
    for g in games:
        reasons["draw" if g.is_draw else g.reason] += 1
        if g.options not in option_sets:
            option_sets.append(g.options)
        for bot in set(g.bots):
            bot_games[bot] += 1
        if g.is_draw:
            draws += 1
        elif g.winners:  # a solo game lost to the game itself has no winner
            (winner,) = g.winners
            seat_wins[winner] += 1
            first_wins += winner == g.first_player
            if g.bots:
                bot_wins[g.bots[winner]] += 1
        tiebreaks += g.by_tiebreak
        for seat, sources in g.income.items():
            for source, amount in sources.items():
                income_sum[seat][source] += amount
    n = len(games) or 1
    income = {seat: {s: v / n for s, v in sorted(sources.items())} for seat, sources in sorted(income_sum.items())}
    return Report(
        games=len(games),
        errors=errors,
        players=players,
        seat_wins=seat_wins,
        draws=draws,
        first_player_wins=first_wins,
        reasons=dict(reasons.most_common()),
        tiebreaks=tiebreaks,
        lengths=[g.length for g in games],
        length_unit=units.most_common(1)[0][0] if units else "turns",
        income=income,
        game=games[0].game if games else "?",
        option_sets=option_sets,
        bot_wins=dict(bot_wins),
        bot_games=dict(bot_games),
    )


# -- writing -----------------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _figure(paths: list[Path], alt: str) -> str:
    return f"![{alt}]({paths[0].name}) ([SVG]({paths[1].name}))"


def write_report(source: Path, out: Path | None = None, report: Report | None = None) -> Path:
    """Read the records at `source` (or take their `report` if already built), write report.json,
    plots and report.md into `out`; return report.md."""
    from magnates.sim import plots

    out = out or (source if source.is_dir() else source.parent)
    if report is None:
        report = build_report(*load_summaries(source))
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report.to_json(), indent=1))
    seats = [f"Player {seat + 1}" for seat in range(report.players)]
    intervals = [wilson_interval(w, report.games) for w in report.seat_wins]
    seat_fig = plots.win_rate_by_seat(seats, [report.rate(w) for w in report.seat_wins], intervals, out)
    length_fig = plots.length_histogram(report.lengths, report.length_unit, out)
    decided_fig = plots.decided_by(report.reasons, out)
    lines = [
        f"# Simulation report: {report.game}",
        "",
        f"{report.games} finished games ({report.errors} ended in an error) read from `{source}`.",
        "Option sets: " + "; ".join(f"`{json.dumps(shown(o), sort_keys=True)}`" for o in report.option_sets),
        "",
        "## Win rate by seat",
        "",
        "| seat | wins | win rate | 95% CI |",
        "|---|---:|---:|---|",
    ]
    for seat, wins, (low, high) in zip(seats, report.seat_wins, intervals, strict=True):
        lines.append(f"| {seat} | {wins} | {_pct(report.rate(wins))} | {_pct(low)} to {_pct(high)} |")
    lines.append(f"| draw | {report.draws} | {_pct(report.rate(report.draws))} | |")
    low, high = wilson_interval(report.first_player_wins, report.games)
    lines += [
        "",
        f"The first player won {_pct(report.rate(report.first_player_wins))} (95% CI {_pct(low)} to {_pct(high)}).",
        "",
        _figure(seat_fig, "win rate by seat"),
    ]
    if len(report.bot_games) > 1:  # with one bot in every seat the table would only say it always wins
        lines += ["", "| bot | games | wins | win rate |", "|---|---:|---:|---:|"]
        for bot, n in sorted(report.bot_games.items()):
            wins = report.bot_wins.get(bot, 0)
            lines.append(f"| {bot} | {n} | {wins} | {_pct(wins / n if n else 0.0)} |")
    data = report.to_json()["length"]
    lines += [
        "",
        "## Game length",
        "",
        f"In {report.length_unit}: mean {data['mean']:.1f}, median {data['median']}, "
        f"shortest {data['min']}, longest {data['max']}.",
        "",
        _figure(length_fig, "game length"),
        "",
        "## How games were decided",
        "",
        "| decided by | games | share |",
        "|---|---:|---:|",
    ]
    lines += [f"| {reason} | {n} | {_pct(report.rate(n))} |" for reason, n in report.reasons.items()]
    lines += [
        "",
        f"A tie-breaker decided {_pct(report.rate(report.tiebreaks))} of the games; "
        f"{_pct(report.rate(report.draws))} were draws.",
        "",
        _figure(decided_fig, "how games were decided"),
    ]
    if report.income:
        income_fig = plots.income_by_source({f"Player {s + 1}": v for s, v in report.income.items()}, out)
        sources = sorted({source for by_source in report.income.values() for source in by_source})
        lines += [
            "",
            "## Income by source (mean per game)",
            "",
            "| seat | " + " | ".join(sources) + " | total |",
            "|---|" + "---:|" * (len(sources) + 1),
        ]
        for index, by_source in report.income.items():
            cells = [f"{by_source.get(s, 0.0):.1f}" for s in sources]
            lines.append(f"| Player {index + 1} | " + " | ".join(cells) + f" | {sum(by_source.values()):.1f} |")
        lines += ["", _figure(income_fig, "income by source")]
    path = out / "report.md"
    path.write_text("\n".join(lines) + "\n")
    return path


def summary_from_outcome(outcome: Any, game: str, options: Mapping[str, Any]) -> GameSummary | None:
    """A `GameOutcome` (straight from a batch, no file needed) as a report's game summary."""
    if outcome.result is None:
        return None
    data = {
        "result": outcome.result.to_json(),
        "bots": outcome.bots,
        "decisions": outcome.decisions,
        "turns": outcome.turns,
        "game": game,
        "options": dict(options),
    }
    return summarize_line(data)
