"""A whole game reviewed: each seat's decisions judged from its own view, labelled, summarised, and
the turning points where the eventual winner became the favourite.

"Before" a move is every side's chance with the best move found, "after" is with the move played
(both from the mover's view), so a move's loss is the mover's chance before less after. A forced
move (one legal action) is no decision and is not reviewed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from magnates.analysis.cache import ReviewCache, decision_key
from magnates.analysis.chances import from_finished, sides_of
from magnates.analysis.estimate import Coach, CoachSettings, DecisionEstimate
from magnates.analysis.labels import LABELS, WEAKER, accuracy, label_for
from magnates.core.errors import OptionError, RecordError
from magnates.core.game import Game, State
from magnates.core.record import Record, replay_on
from magnates.games import load

FORMAT = "magnates-review/2"
"""The review JSON's layout: /2 added `choices` to the weaker decisions."""

Progress = Callable[[int, int], None]
"""`progress(done, total)`: called after each decision (a progress bar, a server job's counter)."""

CHOICES = 6
"""Moves a weaker decision keeps for practice (`DecisionReview.choices`): the best found, the one
played, and the next best of those judged."""


@dataclass(frozen=True)
class Choice:
    """A move the coach judged at a decision, for practising it again: the mover's chance after it."""

    action: int
    text: str
    chance: float

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text, "chance": round(self.chance, 4)}


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision; `step` is the index in the record's actions of the move chosen."""

    step: int
    seat: int
    action: int
    action_text: str
    before: list[float]
    after: list[float]
    best: int
    best_text: str
    loss: float
    label: str
    legal: int
    samples: int
    bot_move: int | None = None
    bot_text: str | None = None
    choices: tuple[Choice, ...] = ()
    """For a weaker move (`labels.WEAKER`): up to `CHOICES` of the moves judged, the best and the
    played among them, in the order of their action ids (which says nothing of their worth), so a
    player can try the decision again; empty for the others."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["before"] = [round(p, 4) for p in self.before]
        data["after"] = [round(p, 4) for p in self.after]
        data["loss"] = round(self.loss, 4)
        if self.bot_move is None:
            del data["bot_move"], data["bot_text"]
        if self.choices:
            data["choices"] = [choice.to_json() for choice in self.choices]
        else:
            del data["choices"]
        return data


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    decisions: int
    accuracy: float | None
    labels: dict[str, int]
    worst: list[DecisionReview]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "labels": self.labels,
            "worst": [d.step for d in self.worst],
        }


@dataclass
class Review:
    game: str
    options: dict[str, Any]
    players: int
    sides: int
    source: str
    settings: CoachSettings
    decisions: list[DecisionReview]
    winner: int | None
    finished: bool
    turning_points: list[int] = field(default_factory=list)
    decided_at: int | None = None
    actions: int = 0

    def summaries(self) -> list[SeatSummary]:
        found = []
        for seat in range(self.players):
            mine = [d for d in self.decisions if d.seat == seat]
            counts = dict.fromkeys(LABELS, 0)
            for d in mine:
                counts[d.label] += 1
            worst = sorted((d for d in mine if d.loss > 0), key=lambda d: (-d.loss, d.step))[:3]
            found.append(SeatSummary(seat, len(mine), accuracy(d.loss for d in mine), counts, worst))
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "sides": self.sides,
            "source": self.source,
            "settings": asdict(self.settings),
            "actions": self.actions,
            "finished": self.finished,
            "winner": self.winner,
            "turning_points": self.turning_points,
            "decided_at": self.decided_at,
            "seats": [s.to_json() for s in self.summaries()],
            "decisions": [d.to_json() for d in self.decisions],
        }


def game_of(record: Record) -> Game:
    """The record's game, refused with a clear error when this installation cannot replay it."""
    try:
        game = load(record.game, **record.options)
    except OptionError as err:
        raise RecordError(f"the record's game cannot be loaded: {err}") from None
    if str(record.version) != str(game.version):
        raise RecordError(
            f"this record was made by {record.game} rules version {record.version}; "
            f"this installation has version {game.version}"
        )
    return game


def review_record(
    record: Record,
    settings: CoachSettings | None = None,
    *,
    seats: Iterable[int] | None = None,
    cache: ReviewCache | None = None,
    progress: Progress | None = None,
    coach: Coach | None = None,
    limit: int | None = None,
) -> Review:
    """Review every decision of `record` (of the `seats` given, else all; before step `limit`, if
    given), each from its seat's view."""
    game = game_of(record)
    settings = settings or (coach.settings if coach is not None else CoachSettings())
    coach = coach or Coach(game, settings)
    chosen = None if seats is None else set(seats)
    if chosen is not None:
        bad = sorted(s for s in chosen if not 0 <= s < game.num_players)
        if bad:
            raise OptionError(f"seat {bad[0] + 1} is not in this {game.num_players}-player game")
    states: list[State] = replay_on(game, record.actions, all_states=True)
    todo = [
        step
        for step, state in enumerate(states[:-1])
        if state.current_player() >= 0
        and len(state.legal_actions()) > 1
        and (chosen is None or state.current_player() in chosen)
    ]
    if limit is not None:
        todo = [step for step in todo if step < limit]
    decisions = []
    settings_key = settings.key()
    for done, step in enumerate(todo, 1):
        state = states[step]
        seat = state.current_player()
        action = record.actions[step]
        key = decision_key(game.name, game.version, game.options, record.actions, step, settings_key)
        found = cache.get(key) if cache is not None else None
        if found is None or found.of_or_none(action) is None:
            found = judge_decision(coach, state, step, action)
            if cache is not None:
                cache.put(key, found)
        played, best = found.of(action), found.best
        loss = found.loss(action)
        label = label_for(loss, played_best=best.action == action)
        decisions.append(
            DecisionReview(
                step=step,
                seat=seat,
                action=action,
                action_text=state.describe(action, seat),
                before=list(best.chances),
                after=list(played.chances),
                best=best.action,
                best_text=state.describe(best.action, seat),
                loss=loss,
                label=label,
                legal=found.legal,
                samples=played.samples,
                bot_move=found.bot_move,
                bot_text=None if found.bot_move is None else state.describe(found.bot_move, seat),
                choices=practice_choices(state, found, action) if label in WEAKER else (),
            )
        )
        if progress is not None:
            progress(done, len(todo))
    final = states[-1]
    winner = winning_side(final)
    review = Review(
        game=game.name,
        options=dict(game.options),
        players=game.num_players,
        sides=sides_of(game.num_players),
        source=coach.source,
        settings=settings,
        decisions=decisions,
        winner=winner,
        finished=final.is_terminal(),
        actions=len(record.actions),
    )
    review.turning_points, review.decided_at = turning_points(decisions, winner)
    return review


PRACTISED = ("mistake", "blunder")
"""The labels "learn from your mistakes" brings back (as lichess's for chess: not inaccuracies)."""


def practisable(review: Review, seat: int) -> list[DecisionReview]:
    """`seat`'s mistakes and blunders that can be tried again, in the order they were played."""
    return [
        d
        for d in review.decisions
        if d.seat == seat and d.label in PRACTISED and d.best != d.action and len(d.choices) > 1
    ]


def practice_verdict(decision: DecisionReview, action: int) -> tuple[bool, str]:
    """Whether `action`, tried again at `decision`, finds the coach's best (within a point of it),
    and what the coach says of it, from the review's own chances. The web's review.js says the same."""
    chance = {choice.action: choice.chance for choice in decision.choices}
    best = chance.get(decision.best, max(chance.values()))
    yours = chance.get(decision.action, best - decision.loss)
    tried = chance[action]

    def points(p: float) -> int:
        return math.floor(p * 100 + 0.5)  # as JavaScript's Math.round, so the web says the same figures

    if action == decision.action:
        return (
            False,
            f"That is the move you played: it gave up {points(best - yours)} points of your chance to win. "
            "Try another.",
        )
    if best - tried < 0.01:
        return (
            True,
            f"Best move! The coach gives it {points(tried)}% to win, against {points(yours)}% for the move you played.",
        )
    if tried - yours >= 0.01:
        return False, (
            f"Better than your move ({points(tried)}% to win against {points(yours)}%), "
            "but the coach found a stronger one. Try again."
        )
    return False, (
        f"No better than your move: the coach gives it {points(tried)}% to win, against {points(yours)}% for yours. "
        "Try again."
    )


def practice_choices(state: State, found: DecisionEstimate, played: int) -> tuple[Choice, ...]:
    """The moves a weaker decision offers to try again: the best found, the one played, then the
    next best, `CHOICES` in all, listed by action id."""
    seat = found.seat
    kept = [found.best.action, played]
    kept += [m.action for m in found.moves if m.action not in kept][: max(0, CHOICES - len(set(kept)))]
    moves = sorted({found.of(a).action: found.of(a) for a in kept}.values(), key=lambda m: m.action)
    return tuple(Choice(m.action, state.describe(m.action, seat), m.chances[seat]) for m in moves)


def judge_decision(coach: Coach, state: State, step: int, played: int | None = None) -> DecisionEstimate:
    """The coach's estimate of the decision in `state`, from the deciding seat's view alone: the
    state itself goes no further than its view, so the seat learns nothing it could not see."""
    seat = state.current_player()
    return coach.estimate(state.view(seat), seat, step, played=played)


def winning_side(final: State) -> int | None:
    """The side that won a finished game (in a one-seat game, 1 is the game itself); None for a
    draw or an unfinished game."""
    if not final.is_terminal():
        return None
    won = [side for side, share in enumerate(from_finished(final)) if share == 1.0]
    return won[0] if won else None


def turning_points(decisions: list[DecisionReview], winner: int | None) -> tuple[list[int], int | None]:
    """The steps where the eventual winner became, or stopped being, the favourite (the likeliest
    winner: over 50% in a two-sided game), and the step from which it stayed the favourite."""
    if winner is None or not decisions:
        return [], None

    def favourite(chances: list[float]) -> bool:
        mine = chances[winner]
        return all(mine > other for side, other in enumerate(chances) if side != winner)

    points: list[int] = []
    was = favourite(decisions[0].before)
    for decision in decisions:
        now = favourite(decision.after)
        if now != was:
            points.append(decision.step)
        was = now
    if not was:
        return points, None
    decided = next((step for step in reversed(points)), decisions[0].step)
    return points, decided


def side_names(review: Review) -> list[str]:
    """What people call each side: the players from 1, and the game itself in a one-seat game."""
    if review.players == 1:
        return ["Player 1", "the game"]
    return [f"Player {side + 1}" for side in range(review.sides)]


def chance_series(review: Review) -> Mapping[str, Any]:
    """The chart's data: after each decision, every side's chance (from the mover's view)."""
    return {
        "steps": [d.step for d in review.decisions],
        "chances": [[d.after[side] for d in review.decisions] for side in range(review.sides)],
        "labels": [d.label for d in review.decisions],
        "seats": [d.seat for d in review.decisions],
    }
