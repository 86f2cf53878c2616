"""One decision judged from the deciding seat's view: every candidate move's win chances.

The coach samples worlds consistent with the seat's view (`Game.sample_state`, the same guess at the
hidden cards the search bots make), plays each candidate move in each world, and judges the result:
a short playout by the game's rollout policy until the seat decides again after the others have
moved, then the learned value where a network ships for the game and option set (mixed with the
heuristic as `expert` judges), else the game's heuristic; a playout that finishes the game counts
exactly. Every candidate is judged in the same worlds with the same random stream (common random
numbers), so the differences between moves are not drowned by the luck of the draw.

Nothing here receives the real state: `estimate(view, ...)` takes the view, so two states a seat
cannot tell apart get the same answer (tests/analysis/test_coach.py checks it). The random streams
are seeded by the coach's seed and the decision's step, never by the record, which holds hidden
outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from magnates.analysis.chances import from_finished, from_values, sides_of
from magnates.bots.budget import Budget
from magnates.bots.learned import EXPERT_HEURISTIC_WEIGHT, ValueJudge, shipped_net
from magnates.bots.playout import Playout
from magnates.bots.registry import make_bot
from magnates.core.bot import Bot
from magnates.core.errors import IllegalAction
from magnates.core.game import Game


@dataclass(frozen=True)
class CoachSettings:
    """How hard the coach looks at each decision.

    `samples` worlds are judged per decision (the budget that makes a review reproducible);
    `seconds`, when set, also stops a decision's search when that much time has passed (whichever
    comes first; a review cut by time may differ from run to run). With more than `candidates`
    legal moves, every move is first judged in `screen` worlds and the best `candidates` (and the
    move played) go on. `depth` caps a playout's decisions before the judge is asked. `bot` names a
    bot whose choice from the same view is always among the candidates (its move is reported too).
    """

    samples: int = 8
    seconds: float | None = None
    candidates: int = 12
    screen: int = 2
    depth: int = 60
    seed: int = 0
    bot: str | None = None

    def __post_init__(self) -> None:
        for name in ("samples", "candidates", "screen"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.depth < 0:
            raise ValueError(f"depth cannot be negative, not {self.depth}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")

    def key(self) -> str:
        """These settings as text, for cache keys."""
        return ",".join(f"{k}={v}" for k, v in sorted(asdict(self).items()))


@dataclass(frozen=True)
class MoveEstimate:
    """One candidate move: every side's mean chance to win after it, over `samples` worlds."""

    action: int
    chances: tuple[float, ...]
    samples: int


@dataclass(frozen=True)
class DecisionEstimate:
    """The candidates of one decision, best first for the deciding seat."""

    seat: int
    legal: int
    moves: tuple[MoveEstimate, ...]
    source: str
    bot_move: int | None = None
    worlds: int = 0

    @property
    def best(self) -> MoveEstimate:
        return self.moves[0]

    def of_or_none(self, action: int) -> MoveEstimate | None:
        return next((move for move in self.moves if move.action == action), None)

    def of(self, action: int) -> MoveEstimate:
        found = self.of_or_none(action)
        if found is None:
            raise KeyError(f"action {action} was not judged at this decision")
        return found

    def loss(self, action: int) -> float:
        """How much of the seat's chance `action` gave up against the best move found (never negative)."""
        return max(0.0, self.best.chances[self.seat] - self.of(action).chances[self.seat])


class Coach:
    """Judges decisions of one game and option set (`estimate`), with its judge built once."""

    def __init__(self, game: Game, settings: CoachSettings | None = None) -> None:
        self.game = game
        self.settings = settings or CoachSettings()
        net = shipped_net("expert", game)
        judge = ValueJudge(net, game, EXPERT_HEURISTIC_WEIGHT) if net is not None else None
        self.source = "learned value and heuristic" if judge is not None else "playouts and heuristic"
        self.playout = Playout(game, self.settings.depth, judge=judge)
        self.sides = sides_of(game.num_players)
        self.bot: Bot | None = make_bot(self.settings.bot, game) if self.settings.bot else None

    def estimate(self, view: Mapping[str, Any], seat: int, step: int, played: int | None = None) -> DecisionEstimate:
        """Every candidate's chances at the decision `seat` faces in `view` (the record's `step`).

        `played`, the move actually chosen, is always judged."""
        tag = f"{self.settings.seed}:{step}"
        first = self.game.sample_state(view, random.Random(f"{tag}:world:0"))
        if first.current_player() != seat:
            raise ValueError(f"the view is not of a decision of seat {seat + 1}")
        legal = list(first.legal_actions())
        if played is not None and played not in legal:
            raise IllegalAction(f"{self.game.action_to_string(played)!r} is not legal at step {step}")
        bot_move = None
        if self.bot is not None:
            bot_move = (
                legal[0] if len(legal) == 1 else self.bot.choose(self.game, view, legal, random.Random(f"{tag}:bot"))
            )
        must = [a for a in (played, bot_move) if a is not None]
        totals: dict[int, list[float]] = {a: [0.0] * self.sides for a in legal}
        counts: dict[int, int] = dict.fromkeys(legal, 0)
        candidates = legal
        clock = Budget(self.settings.samples, self.settings.seconds).start()
        world_index = 0
        screening = len(legal) > self.settings.candidates
        while clock.running():
            if screening and world_index == self.settings.screen:
                candidates = self._shortlist(legal, totals, counts, seat, must)
                screening = False
            world = (
                first if world_index == 0 else self.game.sample_state(view, random.Random(f"{tag}:world:{world_index}"))
            )
            for action in candidates:
                chances = self._judge(world, action, seat, random.Random(f"{tag}:play:{world_index}"))
                if chances is None:
                    continue
                counts[action] += 1
                row = totals[action]
                for side, chance in enumerate(chances):
                    row[side] += chance
            world_index += 1
            clock.tick()
        moves = [
            MoveEstimate(a, tuple(t / counts[a] for t in totals[a]), counts[a]) for a in candidates if counts[a] > 0
        ]
        order = {a: i for i, a in enumerate(legal)}
        moves.sort(key=lambda m: (-m.chances[seat], 0 if m.action == played else 1, order[m.action]))
        return DecisionEstimate(seat, len(legal), tuple(moves), self.source, bot_move, world_index)

    def _judge(self, world: Any, action: int, seat: int, rng: random.Random) -> list[float] | None:
        """Chances after `action` in one world (None where this world does not allow it)."""
        state = world.clone()
        try:
            state.apply_action(action)
        except IllegalAction:
            return None
        self.playout.viewer = seat
        values = self.playout.values(state, rng, until_turn_of=seat)
        return from_finished(state) if state.is_terminal() else from_values(values)

    def _shortlist(
        self, legal: Sequence[int], totals: dict[int, list[float]], counts: dict[int, int], seat: int, must: list[int]
    ) -> list[int]:
        """The moves worth more worlds: the best `candidates` after screening, and those that must be judged."""
        order = {a: i for i, a in enumerate(legal)}
        ranked = sorted((a for a in legal if counts[a] > 0), key=lambda a: (-totals[a][seat] / counts[a], order[a]))
        kept = ranked[: self.settings.candidates]
        kept += [a for a in must if a not in kept]
        return sorted(kept, key=order.__getitem__)
