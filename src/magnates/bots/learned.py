"""Learned bots: a search guided by a trained policy-value network, run in numpy alone.

Playing needs no training stack. A network trained by `magnates train` (`magnates.learn`) is
exported as a small `.npz`: the layers' weights plus a JSON record of what made them (command, seed,
code version, training time, game and options, encoder length). This module loads that file and
runs the forward pass with numpy, so the web server and `magnates play` gain learned bots with
nothing more than numpy (which matplotlib, a base dependency, already brings).

The network reads one seat's observation vector (`game.observation_encoder()`, built from that
seat's view only) and answers:

- a value per side, seen from that seat's chair (index 0 the seat itself, 1 the next seat round the
  table, ...), in [-1, 1] like `State.returns()`;
- a logit per action of the game's fixed action space; only the legal ones are ever computed.

`LearnedSearchBot` searches like `hard` (an information-set tree over the searcher's guesses at the
hidden cards, `magnates.bots.ismcts`): every simulation starts from a new determinization drawn from
the bot's view with its own random stream, so the bot cannot see what its seat may not. The
network's policy is the prior of a PUCT selection (AlphaZero's rule) and its value judges the
leaves. Chance nodes are sampled with exactly the probabilities the rules list; public outcomes
(dice) split the tree, secret draws do not (they would tell the tree which world it is in).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from magnates.bots.budget import Budget
from magnates.bots.observation import Observer
from magnates.bots.playout import Playout
from magnates.bots.presets import Preset, preset
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.design import DESIGN
from magnates.core.encoding import Encoder
from magnates.core.errors import InvariantError, OptionError
from magnates.core.game import CHANCE, TERMINAL, Game, State

FloatArray = npt.NDArray[np.float32]

FORMAT = "magnates-policy-value/1"
"""The `.npz` layout below; a file of another format is refused with a clear error."""

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "learn" / "weights"
"""Shipped weights (package data of `magnates.learn`, found by path so this layer imports nothing above it)."""

SHIPPED: dict[str, tuple[str, ...]] = {
    "expert": (
        "magnate-2p-official.npz",
        "magnate-2p-no-courts.npz",
        "magnate-2p-4-districts.npz",
        "galactic-magnate-2p.npz",
    ),
}
"""Preset name -> its shipped weights files, one per game and option set they were trained for; a
preset is offered for a game only where one of its files matches."""


@dataclass(frozen=True)
class Served:
    """A shipped network as a match measured it otherwise than at its preset's own limits on its own
    option set: the weights file, the option changes under which it was measured (changes that keep
    the observation and action shapes; none: the set it was trained for), and the seconds of each
    whole decision (`Preset.timed`) with which that match played it."""

    file: str
    seconds: float
    changes: tuple[tuple[str, Any], ...] = ()


SERVED: tuple[Served, ...] = (
    # Magnate without the Courts (the original deck): the shipped recipe's network, trained for
    # courts=false, won 215 of 400 games against `hard` at the official expert's 0.18 s a decision
    # (53.75%, 95% CI 48.9-58.6%), and 272.5 of 400 fresh games given a second a decision (68.1%,
    # 63.4-72.5%; mean 0.324 s, slowest 1.040 s; docs/studies/magnate-expert.md).
    Served("magnate-2p-no-courts.npz", seconds=1.0),
    # Magnate with 4 districts (the Pawns only): the shipped recipe's network, trained for
    # districts=4, won 274 of 400 games against `hard` given a second a decision (68.5%, 95% CI
    # 63.8-72.9%; mean 0.309 s, slowest 1.027 s; docs/studies/magnate-expert.md).
    Served("magnate-2p-4-districts.npz", seconds=1.0),
    # Magnate with the original Aces: the official network (the same observations and moves) won
    # 225 of 400 games against `hard` at its own 0.18 s a decision (56.25%, 95% CI 51.4-61.0%), and
    # 266 of 400 given a second a decision (66.5%, 61.7-70.9%; mean 0.312 s, slowest 1.021 s).
    Served("magnate-2p-official.npz", seconds=1.0, changes=(("aces", "original"),)),
    # Magnate with double taxation: the official network won 215 of 400 games against `hard` at its
    # own 0.18 s a decision (53.75%, 95% CI 48.9-58.6%), and 271.5 of 400 given a second a decision
    # (67.9%, 63.1-72.3%; mean 0.314 s, slowest 1.022 s).
    Served("magnate-2p-official.npz", seconds=1.0, changes=(("taxation", "double"),)),
)
"""Shipped weights whose preset plays longer than its own limits, or under a variant they were not
trained for, because a match measured them so (docs/studies/magnate-expert.md)."""


class WeightsError(OptionError):
    """Weights that cannot serve this game: another game or option set, another encoder, a broken file."""


def canonical_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as JSON would give them back (a tuple becomes a list), for comparing saved and live."""
    loaded: dict[str, Any] = json.loads(json.dumps(dict(options), sort_keys=True, default=str))
    return loaded


class NumpyNet:
    """A policy-value MLP: ReLU trunk, tanh value head (one per side), linear policy head."""

    def __init__(self, arrays: Mapping[str, FloatArray], meta: Mapping[str, Any]) -> None:
        self.meta = dict(meta)
        layers = int(self.meta["layers"])
        self.trunk = [
            (np.ascontiguousarray(arrays[f"t{i}_w"], np.float32), np.asarray(arrays[f"t{i}_b"], np.float32))
            for i in range(layers)
        ]
        self.value_w = np.ascontiguousarray(arrays["v_w"], np.float32)
        self.value_b = np.asarray(arrays["v_b"], np.float32)
        self.policy_w = np.ascontiguousarray(arrays["p_w"], np.float32)
        self.policy_b = np.asarray(arrays["p_b"], np.float32)
        self.inputs = int(self.meta["inputs"])
        self.sides = int(self.meta["sides"])
        self.actions = int(self.meta["actions"])
        if self.trunk[0][0].shape[1] != self.inputs or self.value_w.shape[0] != self.sides:
            raise WeightsError("the weights do not have the shapes their metadata states")
        if self.policy_w.shape[0] != self.actions:
            raise WeightsError("the policy head does not have one row per action")

    # -- files -------------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path) -> NumpyNet:
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                arrays = {key: data[key] for key in data.files if key != "meta"}
        except (OSError, KeyError, ValueError) as err:
            raise WeightsError(f"cannot read weights from {path}: {err}") from None
        if meta.get("format") != FORMAT:
            raise WeightsError(f"{path} is not a {FORMAT} weights file (format {meta.get('format')!r})")
        return cls(arrays, meta)

    def arrays(self) -> dict[str, FloatArray]:
        """The weights by the names the file keeps them under (what `NumpyNet(arrays, meta)` reads)."""
        arrays: dict[str, FloatArray] = {}
        for i, (w, b) in enumerate(self.trunk):
            arrays[f"t{i}_w"], arrays[f"t{i}_b"] = w, b
        arrays.update(v_w=self.value_w, v_b=self.value_b, p_w=self.policy_w, p_b=self.policy_b)
        return arrays

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = self.arrays()
        meta = {**self.meta, "format": FORMAT, "layers": len(self.trunk)}
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        with open(partial, "wb") as out:
            np.savez_compressed(out, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)
        partial.replace(target)  # whole weights or the previous ones, even if Ctrl-C lands mid-write

    def check(self, game: Game, encoder: Encoder | None = None) -> None:
        """Raise WeightsError unless these weights were trained for this game and option set."""
        meta = self.meta
        if meta.get("game") != game.name:
            raise WeightsError(f"these weights were trained for {meta.get('game')!r}, not {game.name!r}")
        if canonical_options(meta.get("options", {})) != canonical_options(game.options):
            raise WeightsError(
                f"these weights were trained for {game.name} with options {meta.get('options')}, "
                f"not {dict(game.options)}"
            )
        size = (encoder or game.observation_encoder()).size
        if size != self.inputs or game.num_players != self.sides or game.num_distinct_actions != self.actions:
            raise WeightsError(
                f"these weights expect {self.inputs} observation floats, {self.sides} seats and {self.actions} "
                f"actions; this {game.name} has {size}, {game.num_players} and {game.num_distinct_actions} "
                "(the encoder or the action space changed since they were trained: train again)"
            )

    # -- the forward pass ----------------------------------------------------------------
    def hidden(self, x: FloatArray) -> FloatArray:
        h = x
        for w, b in self.trunk:
            h = np.maximum(w @ h + b, 0.0)
        return h

    def evaluate(self, x: FloatArray, legal: list[int] | None = None) -> tuple[FloatArray, FloatArray | None]:
        """Values per side (relative to the observing seat) and, given `legal`, the prior over it."""
        h = self.hidden(x)
        values = np.tanh(self.value_w @ h + self.value_b)
        if legal is None:
            return values, None
        logits = self.policy_w[legal] @ h + self.policy_b[legal]
        logits -= logits.max()
        prior = np.exp(logits)
        prior /= prior.sum()
        return values, prior


class LearnedSearchBot:
    """PUCT information-set search with the network's prior and leaf values.

    `horizon` is "own-moves" (the tree covers the searcher's own run of decisions, as Magnate's
    `hard` plans its turn, and every leaf is judged when that run ends) or "game" (every seat's
    moves are searched, the opponents' with the network's prior from their guessed views).
    With `simulations` alone, the bot is a pure function of its view and random stream.
    """

    def __init__(
        self,
        net: NumpyNet,
        game: Game,
        budget: Budget,
        *,
        exploration: float = 1.5,
        horizon: str = "own-moves",
        name: str = "learned",
    ) -> None:
        if horizon not in ("own-moves", "game"):
            raise ValueError(f"unknown search horizon {horizon!r}; choose from own-moves, game")
        self.encoder = game.observation_encoder()
        net.check(game, self.encoder)
        self.observe = Observer(self.encoder)
        self.net = net
        self.budget = budget
        self.exploration = exploration
        self.horizon = horizon
        self.name = name
        self.sides = game.num_players
        self.public = frozenset(i for i, action in enumerate(game.action_space) if action.is_dice)
        self.last_simulations = 0
        self.last_root: _Node | None = None

    def values_for(self, state: State, seat: int) -> list[float]:
        """Every seat's value of `state`, from `seat`'s view of it (its own guess at the rest)."""
        if state.is_terminal():
            return [float(v) for v in state.returns()]
        relative, _ = self.net.evaluate(self.observe(state, seat))
        sides = self.sides
        return [float(relative[(other - seat) % sides]) for other in range(sides)]

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        root = self.search(game, view, legal, rng)
        best, best_key = legal[0], (-1, -math.inf)
        for action in legal:
            child = root.children.get(action)
            key = (child.visits, child.prior) if child is not None else (0, -math.inf)
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> _Node:
        root = _Node(CHANCE, 1.0)
        root_legal = set(legal)
        clock = self.budget.start()
        while clock.running():
            state = game.sample_state(view, rng)  # a guess at the hidden parts, from the view alone
            path = self._descend(root, root_legal, state, state.current_player(), rng)
            values = path.pop()
            if not isinstance(values, list):
                raise InvariantError(f"a simulation must end with the seats' values, not {values!r}")
            for visited in path:
                if not isinstance(visited, _Node):
                    raise InvariantError(f"a simulation's path must hold search nodes, not {visited!r}")
                visited.visits += 1
                if visited.mover >= 0:
                    visited.total += values[visited.mover]
            clock.tick()
        self.last_simulations = clock.done
        self.last_root = root
        return root

    def _descend(self, root: _Node, root_legal: set[int], state: State, searcher: int, rng: random.Random) -> list[Any]:
        """One simulation down the tree: the nodes passed, then every seat's value of the leaf."""
        own_moves = self.horizon == "own-moves"
        sides = self.sides
        node, path = root, [root]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return [*path, [float(v) for v in state.returns()]]
            if own_moves and player >= 0 and player != searcher:
                return [*path, self.values_for(state, searcher)]  # the searcher's run is over: judge it
            if player == CHANCE:  # sampled with the listed probabilities; only public outcomes split
                action = sample(state.chance_outcomes(), rng)
                state.apply_action(action)
                if action in self.public:
                    child = node.children.get(action)
                    if child is None:
                        child = node.children[action] = _Node(CHANCE, 1.0)
                    node = child
                    path.append(node)
                continue
            actions = state.legal_actions()
            if node is root:
                actions = [a for a in actions if a in root_legal]
            if node.priors is None:  # a new node: the network's prior, and its value if it is a leaf
                relative, prior = self.net.evaluate(self.observe(state, player), actions)
                if prior is None:
                    raise InvariantError("the network gave no prior although legal actions were passed")
                node.priors = dict(zip(actions, prior.tolist(), strict=True))
                if node is not root:
                    return [*path, [float(relative[(other - player) % sides]) for other in range(sides)]]
            priors = node.priors
            missing = [a for a in actions if a not in priors]
            if missing:  # moves this guess allows that earlier guesses did not: a small share each
                for action in missing:
                    priors[action] = 1.0 / (len(priors) + len(missing))
            action = self._select(node, actions, priors)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(player, priors[action])
            state.apply_action(action)
            node = child
            path.append(node)

    def _select(self, node: _Node, actions: list[int], priors: dict[int, float]) -> int:
        """PUCT: mean value plus the prior's share of sqrt(visits) / (1 + child visits)."""
        children = node.children
        seen_total, seen_visits = 0.0, 0
        for action in actions:
            child = children.get(action)
            if child is not None and child.visits:
                seen_total += child.total
                seen_visits += child.visits
        first_play = seen_total / seen_visits - FIRST_PLAY_REDUCTION if seen_visits else 0.0
        total_prior = sum(priors[a] for a in actions) or 1.0
        scale = self.exploration * math.sqrt(max(1, seen_visits)) / total_prior
        best_action, best_score = actions[0], -math.inf
        for action in actions:
            child = children.get(action)
            if child is None or child.visits == 0:
                score = first_play + scale * priors[action]
            else:
                score = child.total / child.visits + scale * priors[action] / (1 + child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def visit_shares(self, legal: list[int]) -> list[float]:
        """The last search's root visits over `legal`, as shares (the policy target of self-play)."""
        root = self.last_root
        counts = [root.children[a].visits if root is not None and a in root.children else 0 for a in legal]
        total = sum(counts)
        if total == 0:
            return [1.0 / len(legal)] * len(legal)
        return [n / total for n in counts]


class ValueJudge:
    """The network as a search's leaf judge (`magnates.bots.playout.LeafJudge`): every seat's value
    of a position, read from one seat's view of it, averaged with the game's own heuristic by
    `heuristic_weight` (0: the network alone). The view is the searcher's in its own guessed world,
    so the judge knows what the searcher knows and nothing more."""

    def __init__(self, net: NumpyNet, game: Game, heuristic_weight: float = 0.0) -> None:
        if not 0.0 <= heuristic_weight <= 1.0:
            raise ValueError(f"heuristic_weight must lie in [0, 1], not {heuristic_weight}")
        self.encoder = game.observation_encoder()
        net.check(game, self.encoder)
        self.observe = Observer(self.encoder)
        self.net = net
        self.sides = game.num_players
        self.weight = heuristic_weight
        self.heuristic = Playout(game, 0) if heuristic_weight > 0 else None

    def __call__(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return [float(v) for v in state.returns()]
        relative, _ = self.net.evaluate(self.observe(state, seat))
        values = [float(relative[(other - seat) % self.sides]) for other in range(self.sides)]
        if self.heuristic is None:
            return values
        w = self.weight
        return [(1 - w) * v + w * h for v, h in zip(values, self.heuristic.estimate(state), strict=True)]


FIRST_PLAY_REDUCTION = 0.1
"""An untried move counts as the mean of the tried ones less this (AlphaZero's "first-play urgency")."""


class _Node:
    __slots__ = ("children", "mover", "prior", "priors", "total", "visits")

    def __init__(self, mover: int, prior: float) -> None:
        self.mover = mover
        self.prior = prior
        self.visits = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}
        self.priors: dict[int, float] | None = None


# -- presets -----------------------------------------------------------------------------
EXPERT_HEURISTIC_WEIGHT = 0.5
"""`expert` judges a leaf by the mean of the network's value and the game's heuristic."""

EXPERT_CHANGES: dict[str, dict[str, Any]] = {
    # Galactic Magnate's `hard` trusts its search alone: playing plans to the end of its long games
    # would cost seconds a decision. The network makes a check cheap: each of the four best plans
    # is judged where the searcher decides again after the others' replies, in 32 sampled worlds
    # (docs/studies/expert-other-games.md: 264 of 300 games against `hard`, 88.0%; 59.1% without).
    "galactic-magnate": {"check_plans": 4, "check_rollouts": 32, "check_judge_weight": 1.0, "check_seconds": 0.5},
    # Magnate's check also compares the turn its own policy (`SHARP`) would play, which the search's
    # four plans leave out at most decisions: 253 of fresh games 1600-1999 against `hard` (63.25%,
    # 95% CI 58.4-67.8%), where the bot without it won 233.5 of the same games beside it. Held under
    # 0.2 s on every decision (a 0.03 s search, the whole decision within 0.18 s), 244 of fresh games
    # 2000-2399 (61.0%, 56.1-65.7%), slowest 0.194 s (docs/studies/magnate-expert.md).
    "magnate": {"check_policy_plan": True, "seconds": 0.03, "check_seconds": None, "decision_seconds": 0.18},
}
"""What `expert` changes in a game's `hard` preset besides judging with the network (preset fields)."""


def expert_preset(game: Game, **changes: Any) -> Preset:
    """The search `expert` plays with in this game: `hard`'s, with the game's `EXPERT_CHANGES` and
    then `changes` (preset fields, for studies). Its check's policy is `hard`'s here; `expert_bot`
    sets it from the weights it is given."""
    return replace(preset(game, "hard"), **{**EXPERT_CHANGES.get(game.name, {}), **changes})


def expert_bot(
    net: NumpyNet,
    game: Game,
    name: str = "expert",
    simulations: int | None = None,
    heuristic_weight: float = EXPERT_HEURISTIC_WEIGHT,
    seconds: float | None = None,
    **changes: Any,
) -> Bot:
    """`expert`: this game's `hard` search (for Magnate: plan the turn, check the best plans by
    playing them out) with the network judging the leaves, and the game's `EXPERT_CHANGES`.
    A check plays later moves by the policy whose games the network learnt from (its weights'
    `policy`: `rollout_action`, or Magnate's sharper `check_action`), so the judge and the check's
    model of later play agree. `simulations` replaces the time limits by a fixed budget
    (reproducible, and cheap in tests); `seconds` gives each whole decision, search and check
    together, that time instead (`Preset.timed`, the `seconds=` setting of `magnates.bots.thinking`);
    `heuristic_weight` and `changes` (preset fields, a `check_policy` among them) are for studies."""
    if simulations is not None and seconds is not None:
        raise ValueError("give expert a number of simulations or of seconds, not both")
    learnt_from = str(net.meta.get("policy", "rollout_action"))
    hard = expert_preset(game, **{"check_policy": learnt_from, **changes})
    if seconds is not None:
        hard = hard.timed(seconds)
    if simulations is not None:
        hard = replace(
            hard,
            simulations=simulations,
            seconds=None,
            check_rollouts=min(hard.check_rollouts, simulations),
            check_seconds=None,
            decision_seconds=None,
        )
    return hard.build(name, ValueJudge(net, game, heuristic_weight))


@cache
def shipped_file(file: str) -> NumpyNet | None:
    """One shipped weights file, loaded once (None when it is not in the package)."""
    path = WEIGHTS_DIR / file
    return NumpyNet.load(path) if path.exists() else None


@cache
def served_net(served: Served) -> NumpyNet | None:
    """The weights of a `Served` entry, relabelled for the option set it was measured under (the
    same arrays; its own file where it has no changes)."""
    net = shipped_file(served.file)
    if net is None or not served.changes:
        return net
    return relabelled(net, {**net.meta.get("options", {}), **dict(served.changes)})


def relabelled(net: NumpyNet, options: Mapping[str, Any]) -> NumpyNet:
    """The same weights labelled for another option set (for a variant whose observations and
    actions have the same shapes, where a match measured them; `NumpyNet.check` then accepts it)."""
    return NumpyNet(net.arrays(), {**net.meta, "options": dict(options)})


def shipped_nets(name: str) -> list[NumpyNet]:
    """A preset's shipped weights, each file for the option set it was trained for and then for the
    variants `SERVED` measured it under."""
    own = [net for file in SHIPPED[name] if (net := shipped_file(file)) is not None]
    carried = [served_net(s) for s in SERVED if s.changes and s.file in SHIPPED[name]]
    return own + [net for net in carried if net is not None]


def shipped_net(name: str, game: Game) -> NumpyNet | None:
    """The shipped weights of a preset for this game and option set (None where none fit)."""
    for net in shipped_nets(name):
        if net.meta.get("game") != game.name:
            continue
        try:
            net.check(game)
        except (WeightsError, NotImplementedError):
            continue
        return net
    return None


def learned_bots(game: Game) -> dict[str, Callable[[Game], Bot]]:
    """The learned presets whose shipped weights fit this game and option set (for the bot registry)."""
    found: dict[str, Callable[[Game], Bot]] = {}
    for name in SHIPPED:
        net = shipped_net(name, game)
        if net is not None:
            found[name] = partial(_learned_preset, net, name)
    return found


def missing_learned_bots(game: Game) -> dict[str, str]:
    """The learned presets NOT offered for this game and option set, each with a line saying why:
    no shipped weights were trained and measured for these options (a network read through
    another option set's encoder is not the bot that was measured, so it is not offered)."""
    missing: dict[str, str] = {}
    for name in SHIPPED:
        if shipped_net(name, game) is not None:
            continue
        fits = [net for net in shipped_nets(name) if net.meta.get("game") == game.name]
        if not fits:
            title = getattr(game, "title", game.name)
            missing[name] = f"No {name} for {title} yet: none has been measured stronger than hard."
            continue
        if DESIGN in game.options:  # the content of a whole design file: not worth listing as an option value
            title = getattr(game, "title", game.name)
            missing[name] = f"No {name} for a design file: it is trained and measured on the shipped {title} design."
            continue
        live = canonical_options(game.options)
        defaults = canonical_options({o.name: o.default for o in getattr(game, "options_declared", ())})
        trained_for = [canonical_options(net.meta.get("options", {})) for net in fits]
        nearest = min(trained_for, key=lambda saved: options_apart(live, saved))
        differ = ", ".join(f"{key}={shown_option(v)}" for key, v in sorted(live.items()) if v != nearest.get(key))
        wanted = _listed([_option_set(saved, defaults) for saved in trained_for])
        missing[name] = f"No {name} for these options ({differ}): it is measured only for {wanted}."
    return missing


def options_apart(live: Mapping[str, Any], saved: Mapping[str, Any]) -> int:
    """How many of the live options a trained option set has another value for."""
    return sum(live.get(key) != saved.get(key) for key in live)


def _option_set(saved: Mapping[str, Any], defaults: Mapping[str, Any]) -> str:
    """A trained option set as people read it: the player count and the options off their defaults."""
    unusual = [f"{k}={shown_option(v)}" for k, v in sorted(saved.items()) if k != "players" and v != defaults.get(k)]
    return f"the {saved.get('players', '?')}-player game with " + (", ".join(unusual) or "the default options")


def _listed(items: list[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def shown_option(value: Any) -> str:
    """An option's value as people type it (`true`, not `True`)."""
    return json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def timed_learned_bots(game: Game) -> dict[str, Callable[[Game, float], Bot]]:
    """The learned presets of `learned_bots`, each made with a time for every whole decision."""
    found: dict[str, Callable[[Game, float], Bot]] = {}
    for name in SHIPPED:
        net = shipped_net(name, game)
        if net is not None:
            found[name] = partial(_timed_learned_preset, net, name)
    return found


def default_seconds(net: NumpyNet) -> float | None:
    """The seconds a decision a shipped network's preset plays with by default (`SERVED`), None
    where it keeps the preset's own limits."""
    return next((served.seconds for served in SERVED if served_net(served) is net), None)


def shipped_seconds(name: str, game: Game) -> float | None:
    """The same for the preset `name` of this game and option set (None where it has no such time)."""
    net = shipped_net(name, game) if name in SHIPPED else None
    return None if net is None else default_seconds(net)


def _learned_preset(net: NumpyNet, name: str, game: Game) -> Bot:
    return expert_bot(net, game, name, seconds=default_seconds(net))


def _timed_learned_preset(net: NumpyNet, name: str, game: Game, seconds: float) -> Bot:
    return expert_bot(net, game, name, seconds=seconds)
