"""Balance with strong bots: seat advantage, game length, runaway leaders and key lines, per game.

Each game's greedy-bot study checks its designed data; this study asks the same questions of
`hard` (search) bots, which find what greedy ones miss. It plays a batch
with `magnates.sim` (or reads the `games.jsonl` files that `magnates simulate --out` wrote), replays
every record once and prints Markdown tables, every rate with its Wilson 95% interval:

- win rate by seat against the fair share 1/N (a seat whose interval lies wholly above 1.3/N is
  flagged), draws and errors;
- game length in the game's own clock (turns or rounds) and how often a limit ended the game;
- how games were decided (`Result.reason`);
- runaway leaders: how often the sole leader at half the game's length (by the game's own score:
  influence, districts, net worth, victory points) goes on to win;
- the game's key lines: per trait (took a Province as Dictator, completed a given monopoly, used an
  action kind, ...) the win rate of the seats that had it, and of the seat that had the most.

    python -m magnates.studies.strong_balance magistratvm --players 3 --games 60 --bots hard --seed 1
    python -m magnates.studies.strong_balance magistratvm --records DIR/games.jsonl ...

Results: docs/studies/strong-bots-balance.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from magnates.core.errors import MagnatesError
from magnates.core.game import CHANCE, Game, State
from magnates.games import load
from magnates.games.galactic_magnate.board import GROUPS
from magnates.games.galactic_magnate.monopolies import owner_of_set
from magnates.games.magistrate.actions import ACTION_KINDS
from magnates.games.magistrate.heuristic import forecasts as magistrate_forecasts
from magnates.games.magistratvm import phases as mv_phases
from magnates.games.magistratvm.offices import CENSOR, CONSUL, DICTATOR, OFFICES, PRAETOR
from magnates.games.magistratvm.scoring import scores as magistratvm_scores
from magnates.games.magnate.scoring import district_winners
from magnates.sim.batch import BatchSpec, run_batch
from magnates.sim.stats import wilson_interval

RUNAWAY_POINT = 0.5
"""Where the leader is read: this fraction of the game's final clock (turns or rounds)."""

OVER_FAIR = 1.3
"""A seat is flagged when its whole interval lies above this multiple of the fair share."""

Traits = dict[str, int]

HIGH_OFFICES = (PRAETOR, CONSUL, CENSOR, DICTATOR)
"""Magistratvm's offices whose reach is counted (every seat holds the lower ones)."""


@dataclass
class GameFacts:
    """What one game says about balance, read off its replay."""

    index: int
    bots: list[str]
    ranking: list[int]
    reason: str
    clock: int
    actions: int
    hit_limit: bool
    mid_leader: int | None
    traits: list[Traits] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        """The sole first place, or None for a shared one."""
        firsts = [seat for seat, place in enumerate(self.ranking) if place == 1]
        return firsts[0] if len(firsts) == 1 else None


class Probe:
    """How to read one game: its clock, its running score, and the traits worth counting."""

    clock_name = "turns"
    score_name = "score"

    def clock(self, state: Any) -> int:
        raise NotImplementedError

    def score(self, state: Any) -> list[float]:
        raise NotImplementedError

    def step(self, state: Any, seat: int, action: int, traits: list[Traits]) -> None:
        """Called before each decision is applied (chance outcomes are not shown)."""

    def finish(self, state: Any, traits: list[Traits]) -> None:
        """Called once on the final state."""

    def hit_limit(self, state: Any) -> bool:
        return False


class MagistratvmProbe(Probe):
    """Turns; influence as scored at the end; the Dictator, the Censor and the Prefect."""

    score_name = "influence (the final score, read early)"

    def clock(self, state: Any) -> int:
        return int(state.turn)

    def score(self, state: Any) -> list[float]:
        return [float(x) for x in magistratvm_scores(state)]

    def __init__(self) -> None:
        self._turn = -1
        self._dictator = -1
        self._ordered = False

    def step(self, state: Any, seat: int, action: int, traits: list[Traits]) -> None:
        for office in HIGH_OFFICES:
            for q in range(state.n):
                if state.active[office][q] + state.inactive[office][q]:
                    traits[q][f"held a {OFFICES[office].name}"] = 1
        holder = next((q for q in range(state.n) if state.active[DICTATOR][q] + state.inactive[DICTATOR][q]), -1)
        if holder >= 0 and holder != self._dictator:
            traits[holder]["rose to Dictator"] += 1
        self._dictator = holder
        if self._turn == -1 and state.phase == mv_phases.INCOME and not self._ordered:
            self._ordered = True  # the die roll's Prefect decides first: seat order counts from it
            for q in range(state.n):
                traits[q][f"order {(q - state.prefect) % state.n + 1} from the first Prefect"] = 1
        if state.phase == mv_phases.DICTATOR:
            traits[seat]["took a Province as Dictator"] += 1
        if state.phase == mv_phases.ACTIONS and state.turn != self._turn:
            self._turn = state.turn
            traits[state.prefect]["turns as Prefect"] += 1

    def finish(self, state: Any, traits: list[Traits]) -> None:
        for q in range(state.n):
            if state.active[CENSOR][q] + state.inactive[CENSOR][q]:
                traits[q]["held the Censor at the end"] += 1

    def hit_limit(self, state: Any) -> bool:
        return bool(state.turn_limit) and state.turn >= state.turn_limit


class MagnateProbe(Probe):
    """Turns; districts currently won (the final score, read early)."""

    score_name = "districts held"

    def clock(self, state: Any) -> int:
        return int(state.turn_number)

    def score(self, state: Any) -> list[float]:
        _, winners = district_winners(state)
        return [float(sum(1 for w in winners if w == side)) for side in range(state.config.sides)]

    def finish(self, state: Any, traits: list[Traits]) -> None:
        _, winners = district_winners(state)
        for district, side in zip(state.districts, winners, strict=True):
            if side is not None:
                between = "-".join(f"P{s + 1}" for s in district.contested_by)
                traits[side][f"won {district.name} ({between})"] += 1


class GalacticProbe(Probe):
    """Rounds; net worth; which monopolies each seat completed while every seat was still in the
    game, and who completed one first; the position of each seat in the drawn playing order."""

    clock_name = "rounds"
    score_name = "net worth"

    def __init__(self) -> None:
        self._first_done = False
        self._completed: set[tuple[int, int]] = set()

    def clock(self, state: Any) -> int:
        return int(state.rounds)

    def score(self, state: Any) -> list[float]:
        return [float(state.net_worth(seat)) for seat in range(state.n)]

    def step(self, state: Any, seat: int, action: int, traits: list[Traits]) -> None:
        if not all(state.alive):
            return  # a bankrupt seat's properties go back to the bank: later sets say who survived, not a line
        for group in range(len(GROUPS)):
            owner = owner_of_set(state, group)
            if owner >= 0 and (group, owner) not in self._completed:
                self._completed.add((group, owner))
                traits[owner][f"completed {GROUPS[group].name}"] = 1
                if not self._first_done:
                    self._first_done = True
                    traits[owner]["completed the first monopoly"] = 1

    def finish(self, state: Any, traits: list[Traits]) -> None:
        for position, seat in enumerate(state.order):  # seats play in a drawn order: this is the seat effect
            traits[seat][f"position {position + 1} in the playing order"] = 1

    def hit_limit(self, state: Any) -> bool:
        return str(state.end_reason).startswith("round limit")


class MagistrateProbe(Probe):
    """Rounds; forecast final points (victory points alone are mostly tied at mid-game, before the
    scoring rounds); how often each seat chose each action kind."""

    clock_name = "rounds"
    score_name = "forecast final victory points (the search bots' `heuristic.forecasts`)"

    def __init__(self, game: Game) -> None:
        self.kind_of: list[str] = game.ids.kind_of  # type: ignore[attr-defined]

    def clock(self, state: Any) -> int:
        return int(state.round)

    def score(self, state: Any) -> list[float]:
        return [float(v) for v in magistrate_forecasts(state)]

    def step(self, state: Any, seat: int, action: int, traits: list[Traits]) -> None:
        kind = self.kind_of[action]
        if kind in ACTION_KINDS:
            traits[seat][kind] += 1

    def hit_limit(self, state: Any) -> bool:
        return str(state.end_reason).startswith("round limit")


PROBES: dict[str, Callable[[Game], Probe]] = {
    "magistratvm": lambda game: MagistratvmProbe(),
    "magnate": lambda game: MagnateProbe(),
    "galactic-magnate": lambda game: GalacticProbe(),
    "magistrate": MagistrateProbe,
}


def sole_leader(values: Sequence[float]) -> int | None:
    top = max(values)
    leaders = [seat for seat, v in enumerate(values) if v == top]
    return leaders[0] if len(leaders) == 1 else None


def read_game(
    game: Game, actions: Sequence[int], index: int, bots: Sequence[str], probe: Probe, final_clock: int | None = None
) -> GameFacts:
    """Replay one record; the leader is read when the clock first reaches RUNAWAY_POINT of its end."""
    if final_clock is None:
        final_clock = probe.clock(_replay(game, actions))
    mid = max(1, round(RUNAWAY_POINT * final_clock))
    traits: list[Traits] = [Counter() for _ in range(game.num_players)]
    state: State = game.new_initial_state()
    mid_leader: int | None = None
    read = False
    for action in actions:
        if not read and probe.clock(state) >= mid:
            mid_leader, read = sole_leader(probe.score(state)), True
        player = state.current_player()
        if player != CHANCE:
            probe.step(state, player, action, traits)
        state.apply_action(action)
    probe.finish(state, traits)
    result = state.result()
    return GameFacts(
        index=index,
        bots=list(bots),
        ranking=list(result.ranking),
        reason=result.reason,
        clock=probe.clock(state),
        actions=len(actions),
        hit_limit=probe.hit_limit(state),
        mid_leader=mid_leader,
        traits=[dict(t) for t in traits],
    )


def _replay(game: Game, actions: Iterable[int]) -> State:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


@dataclass
class Study:
    game: str
    players: int
    options: dict[str, Any]
    facts: list[GameFacts]
    errors: int
    clock_name: str
    score_name: str
    source: str


def play(
    name: str, players: int, games: int, bots: Sequence[str], seed: int, workers: int, options: dict[str, Any]
) -> Study:
    """Play the batch with `magnates.sim` (records kept), then read every game."""
    game = load(name, players=players, **options)
    spec = BatchSpec.make(name, dict(game.options), bots, games, seed, keep_records=True)
    batch = run_batch(spec, workers)
    facts = []
    errors = 0
    for outcome in batch.outcomes:
        if outcome.error is not None or outcome.result is None:
            errors += 1
            continue
        probe = PROBES[name](game)
        facts.append(read_game(game, outcome.actions, outcome.index, outcome.bots, probe))
    probe = PROBES[name](game)
    source = f"--bots {','.join(bots)} --games {games} --seed {seed}"
    return Study(name, players, dict(game.options), facts, errors, probe.clock_name, probe.score_name, source)


def read_records(name: str, paths: Sequence[Path]) -> Study:
    """Read the `games.jsonl` files of `magnates simulate --out` (all with the same game options)."""
    game: Game | None = None
    facts = []
    errors = 0
    versions: set[str] = set()
    mismatches = 0
    for path in paths:
        with path.open() as lines:
            for line in lines:
                row = json.loads(line)
                record = row["record"]
                versions.add(str(record.get("version", "?")))
                if record["game"] != name:
                    raise ValueError(f"{path} holds {record['game']} games, not {name}")
                if game is None:
                    game = load(name, **record["options"])
                elif dict(game.options) != record["options"]:
                    raise ValueError(f"{path} was played with other options: {record['options']}")
                if row.get("error") or row.get("result") is None:
                    errors += 1
                    continue
                probe = PROBES[name](game)
                try:
                    fact = read_game(game, record["actions"], int(row["index"]), row["bots"], probe)
                except (MagnatesError, LookupError, ValueError):
                    fact = None
                if fact is None or fact.ranking != row["result"]["ranking"]:
                    mismatches += 1  # played by other rules than these: the replay is not that game
                    continue
                facts.append(fact)
    if game is None:
        raise ValueError("no games in the records given")
    probe = PROBES[name](game)
    source = "records: " + ", ".join(str(p) for p in paths)
    source += f" (rules version {', '.join(sorted(versions))}; this installation: {game.version})"
    if mismatches:
        source += f"; {mismatches} games left out: their replay here does not end as they did"
    return Study(name, game.num_players, dict(game.options), facts, errors, probe.clock_name, probe.score_name, source)


# -- tables ---------------------------------------------------------------------------------------


def rate(wins: int, trials: int) -> str:
    """`w/n = p% (low-high%)`, the interval Wilson's at 95%."""
    if trials == 0:
        return "-"
    low, high = wilson_interval(wins, trials)
    return f"{wins}/{trials} = {100 * wins / trials:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def seat_table(study: Study) -> str:
    n = study.players
    games = len(study.facts)
    fair = 1 / n
    wins = Counter(f.winner for f in study.facts if f.winner is not None)
    rows = ["| seat | wins | win rate (95% CI) | rate / fair share | flag |", "|---|---|---|---|---|"]
    for seat in range(n):
        w = wins[seat]
        low, high = wilson_interval(w, games) if games else (0.0, 1.0)
        ratio = (w / games) / fair if games else 0.0
        flag = "over 1.3x" if low > OVER_FAIR * fair else ("under" if high < fair else "")
        rows.append(f"| {seat + 1} | {w} | {rate(w, games)} | {ratio:.2f} | {flag} |")
    draws = sum(1 for f in study.facts if f.winner is None)
    rows.append(f"| shared first place | {draws} | {rate(draws, games)} | | |")
    return "\n".join(rows)


def length_table(study: Study) -> str:
    clocks = sorted(f.clock for f in study.facts)
    actions = [f.actions for f in study.facts]
    limits = sum(f.hit_limit for f in study.facts)
    if not clocks:
        return "(no finished games)"

    def pct(q: float) -> int:
        return clocks[min(len(clocks) - 1, int(q * len(clocks)))]

    header = f"| {study.clock_name}: mean | p10 | median | p90 | max | actions per game (mean) | ended by a limit |"
    return (
        header
        + "\n|---|---|---|---|---|---|---|\n"
        + f"| {statistics.mean(clocks):.1f} | {pct(0.1)} | {pct(0.5)} | {pct(0.9)} | {clocks[-1]}"
        + f" | {statistics.mean(actions):.0f} | {rate(limits, len(clocks))} |"
    )


def reason_table(study: Study) -> str:
    reasons = Counter(f.reason for f in study.facts)
    rows = ["| how the game was decided | games |", "|---|---|"]
    rows += [f"| {reason} | {rate(count, len(study.facts))} |" for reason, count in reasons.most_common()]
    return "\n".join(rows)


def runaway_table(study: Study) -> str:
    with_leader = [f for f in study.facts if f.mid_leader is not None]
    kept = sum(1 for f in with_leader if f.winner == f.mid_leader)
    share = rate(len(with_leader), len(study.facts))
    return (
        f"| games with a sole leader by {study.score_name} at {RUNAWAY_POINT:.0%} of the game | that leader won"
        f" | fair share |\n|---|---|---|\n| {share} | {rate(kept, len(with_leader))} | {100 / study.players:.1f}% |"
    )


def trait_table(study: Study, names: Sequence[str] | None = None, always: Sequence[str] = ()) -> str:
    """Per trait: win rate of the seats that had it; and of the seat that had the most of it, alone.

    Traits in `always` get a row even when no seat had them (a line strong players never take)."""
    seen: set[str] = set()
    for f in study.facts:
        for traits in f.traits:
            seen.update(k for k, v in traits.items() if v)
    ordered = [n for n in names if n in seen or n in always] if names is not None else sorted(seen)
    rows = [
        "| trait | seat-games with it | their win rate (95% CI) | games with one seat having the most"
        " | that seat's win rate (95% CI) | mean per seat-game: winners / others |",
        "|---|---|---|---|---|---|",
    ]
    for name in ordered:
        having = top_games = top_wins = wins = 0
        won: list[int] = []
        lost: list[int] = []
        for f in study.facts:
            counts = [t.get(name, 0) for t in f.traits]
            for seat, count in enumerate(counts):
                (won if f.winner == seat else lost).append(count)
                if count:
                    having += 1
                    wins += f.winner == seat
            top = sole_leader(counts) if max(counts) > 0 else None
            if top is not None:
                top_games += 1
                top_wins += f.winner == top
        means = f"{statistics.mean(won) if won else 0:.2f} / {statistics.mean(lost) if lost else 0:.2f}"
        rows.append(
            f"| {name} | {having} | {rate(wins, having)} | {top_games} | {rate(top_wins, top_games)} | {means} |"
        )
    return "\n".join(rows)


TRAIT_ORDER: dict[str, list[str] | None] = {
    "magistratvm": [
        "held a Praetor",
        "held a Consul",
        "held a Censor",
        "held a Dictator",
        "rose to Dictator",
        "took a Province as Dictator",
        "held the Censor at the end",
        "turns as Prefect",
    ]
    + [f"order {k} from the first Prefect" for k in range(1, 5)],
    "magistrate": list(ACTION_KINDS),
    "galactic-magnate": [f"position {k} in the playing order" for k in range(1, 6)]
    + ["completed the first monopoly"]
    + [f"completed {g.name}" for g in GROUPS],
    "magnate": None,
}


ALWAYS: dict[str, list[str]] = {
    "magistratvm": [
        "held a Praetor",
        "held a Consul",
        "held a Censor",
        "held a Dictator",
        "took a Province as Dictator",
    ],
    "magistrate": list(ACTION_KINDS),
    "galactic-magnate": [f"completed {g.name}" for g in GROUPS],
}
"""Traits reported even when no seat had them."""


def report(study: Study) -> str:
    options = ", ".join(f"{k}={v}" for k, v in sorted(study.options.items()))
    parts = [
        f"### {study.game}, {study.players} players ({options})",
        "",
        f"Source: {study.source}. Finished games: {len(study.facts)}; errors: {study.errors}.",
        f"Fair share {100 / study.players:.1f}%; flag 'over 1.3x' when the whole interval is above"
        f" {100 * OVER_FAIR / study.players:.1f}%.",
        "",
        seat_table(study),
        "",
        length_table(study),
        "",
        reason_table(study),
        "",
        runaway_table(study),
        "",
        trait_table(study, TRAIT_ORDER.get(study.game), ALWAYS.get(study.game, ())),
    ]
    return "\n".join(parts)


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(PROBES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--bots", default="hard", help="comma-separated, rotated through the seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", "-o", action="append", default=[], help="a game option NAME=VALUE")
    parser.add_argument("--records", type=Path, nargs="*", help="read these games.jsonl files instead of playing")
    args = parser.parse_args(argv)
    if args.records:
        study = read_records(args.game, args.records)
    else:
        bots = args.bots.split(",")
        study = play(args.game, args.players, args.games, bots, args.seed, args.workers, parse_options(args.option))
    print(report(study))


if __name__ == "__main__":
    main()
