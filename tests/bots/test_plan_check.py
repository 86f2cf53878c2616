"""Checking a search's best plans by playing them to the end (`magnates.bots.plan_check`)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from sealed_bids import BID, SealedBidsGame, SealedBidsState
from test_search_bots import last_bid_position

from magnates.bots import Budget, ISMCTSBot, make_bot, search_bot
from magnates.bots.plan_check import PlanCheckBot, view_key
from magnates.bots.playout import Playout, bot_policy, game_hooks
from magnates.bots.presets import Preset, preset
from magnates.core.chance import sample
from magnates.games import load
from magnates.games.magnate.bots import GREEDY, SHARP, GreedyBot
from magnates.games.magnate.heuristic import MARGIN_RANK, check_action, final_margins, rollout_action
from magnates.games.magnate.state import MAIN
from magnates.sim.strength import study


def own_moves_search(simulations: int = 60) -> ISMCTSBot:
    return ISMCTSBot(Budget(simulations), horizon="own-moves", rollout_depth=0, exploration=0.2, prior_visits=0)


class HoardingSealedBids(SealedBidsGame):
    """Sealed Bids with a heuristic that wrongly loves keeping high cards, even in the last round."""

    def heuristic(self, state: SealedBidsState, seat: int) -> float:  # type: ignore[override]
        return max(-1.0, min(1.0, (sum(state.hands[seat]) - 6) / 10))


def test_playing_plans_out_overrules_a_misleading_heuristic() -> None:
    game = HoardingSealedBids(rounds=5)
    state = last_bid_position(game)  # the last bid: only the 6 takes the pot and wins the game
    view, legal = state.view(1), state.legal_actions()
    search = own_moves_search()
    assert search.choose(game, view, legal, random.Random(0)) != BID[6]  # the heuristic alone keeps the 6
    checked = PlanCheckBot(own_moves_search(), plans=3, rollouts=4, min_share=0.0)
    assert checked.choose(game, view, legal, random.Random(0)) == BID[6]
    assert checked.last_checked == 4


def test_a_search_beyond_ones_own_moves_cannot_be_checked_this_way() -> None:
    with pytest.raises(ValueError, match="own-moves"):
        PlanCheckBot(ISMCTSBot(Budget(10)))
    with pytest.raises(ValueError, match="at least one"):
        PlanCheckBot(own_moves_search(), rollouts=0)


def magnate_turns(seed: int) -> Any:
    """Copies of the positions of a random Magnate game where the seat to move has a choice."""
    game = load("magnate")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            yield game, state.clone()
        state.apply_action(legal[rng.randrange(len(legal))])


def test_the_rest_of_a_checked_plan_is_played_from_memory_without_searching_again() -> None:
    bot = PlanCheckBot(own_moves_search(30), plans=2, rollouts=2)
    followed = 0
    for game, state in magnate_turns(seed=3):
        seat = state.current_player()
        move = bot.choose(game, state.view(seat), state.legal_actions(), random.Random(1))
        state.apply_action(move)
        planned = dict(bot._memory)
        legal = state.legal_actions()
        if state.current_player() != seat or len(legal) < 2 or not planned:
            continue
        original, bot.search.search = bot.search.search, None  # type: ignore[assignment,method-assign]
        try:
            answer = bot.choose(game, state.view(seat), legal, random.Random(2))  # would fail if it searched
        finally:
            bot.search.search = original  # type: ignore[method-assign]
        assert answer in legal and answer in planned.values()
        followed += 1
        if followed == 3:
            break
    assert followed == 3


def test_the_same_stream_gives_the_same_checked_move() -> None:
    state = next(s for _, s in magnate_turns(seed=8) if s.turn_number >= 6)
    game = state.game
    view, legal = state.view(state.current_player()), state.legal_actions()
    moves = {PlanCheckBot(own_moves_search(40), plans=3, rollouts=3).choose(game, view, legal, random.Random(4))}
    moves.add(PlanCheckBot(own_moves_search(40), plans=3, rollouts=3).choose(game, view, legal, random.Random(4)))
    assert len(moves) == 1


def test_a_preset_with_checked_plans_builds_a_plan_checker() -> None:
    game = load("magnate")
    shipped = make_bot("hard", game)
    assert isinstance(shipped, PlanCheckBot) and shipped.search.horizon == "own-moves"
    for other in ("galactic-magnate", "magistrate", "magistratvm"):  # only Magnate's hard checks plans
        assert not isinstance(make_bot("hard", load(other)), PlanCheckBot)
    bot = search_bot("hard", game, check_plans=3, check_rollouts=5)
    assert isinstance(bot, PlanCheckBot) and bot.plans == 3 and bot.rollouts == 5
    assert preset(game, "hard").horizon == "own-moves"
    with pytest.raises(ValueError, match="ISMCTS"):
        search_bot("hard", game, check_plans=2, algorithm="mcts")


def test_a_view_the_plan_did_not_foresee_is_searched_afresh() -> None:
    bot = PlanCheckBot(own_moves_search(30), plans=2, rollouts=2)
    searches = []
    original = bot.search.search

    def counting(*args: Any) -> Any:
        searches.append(1)
        return original(*args)

    bot.search.search = counting  # type: ignore[method-assign]
    positions = [(game, state) for game, state in magnate_turns(seed=5) if state.phase == MAIN][:40:10]
    for game, state in positions:  # positions turns apart: no plan foresaw the next one
        bot.choose(game, state.view(state.current_player()), state.legal_actions(), random.Random(1))
    assert len(searches) == len(positions) == 4


@pytest.mark.slow
def test_magnates_hard_preset_beats_greedy() -> None:
    # Seeds apart from the reported measurement (games 0-399) and the tuning games (10000-10099).
    game = load("magnate")
    done = study(game, search_bot("hard", game), make_bot("greedy", game), range(20_000, 20_030))
    assert done.wins / done.played > 0.6


def test_a_judged_check_values_each_plan_where_the_searcher_decides_again() -> None:
    judged: list[tuple[int, int]] = []

    def judge(state: Any, viewer: int) -> list[float]:
        judged.append((state.current_player(), viewer))
        return [0.0, 0.0]

    game, state = next((g, s) for g, s in magnate_turns(seed=8) if s.turn_number >= 6 and s.phase == MAIN)
    seat = state.current_player()
    bot = PlanCheckBot(own_moves_search(40), plans=3, rollouts=3, min_share=0.0, judge=judge, judge_weight=1.0)
    move = bot.choose(game, state.view(seat), state.legal_actions(), random.Random(4))
    assert move in state.legal_actions() and bot.last_checked == 3
    assert judged and all(where == viewer == seat for where, viewer in judged)  # the searcher's next decision
    assert len(judged) % 3 == 0  # every checked plan in each of the 3 worlds
    with pytest.raises(ValueError, match="judge"):
        PlanCheckBot(own_moves_search(), judge_weight=0.5)  # a weight without a judge
    with pytest.raises(ValueError, match="judge"):
        PlanCheckBot(own_moves_search(), judge=judge, judge_weight=1.5)


def test_a_plans_checked_result_mixes_the_judgement_and_the_end_of_the_game_by_the_weight() -> None:
    def judge(state: Any, viewer: int) -> list[float]:
        return [0.3, -0.3] if viewer == 0 else [-0.3, 0.3]

    game, state = next((g, s) for g, s in magnate_turns(seed=8) if s.turn_number >= 6 and s.phase == MAIN)
    seat = state.current_player()
    view, legal = state.view(seat), state.legal_actions()
    plans = [[a] for a in legal[:3]]
    plans = [plan + _rest_of_turn(game, state, plan) for plan in plans]

    def scores(weight: float) -> list[float]:
        bot = PlanCheckBot(own_moves_search(), rollouts=4, judge=judge, judge_weight=weight)
        return bot.score_plans(game, view, plans, random.Random(6))

    ended, judged, half = scores(0.0), scores(1.0), scores(0.5)
    assert judged == pytest.approx([0.3] * len(plans))  # no plan ends the game before the searcher decides again
    assert ended != judged  # the games played to the end came out otherwise
    # the same worlds and dice: half of the judgement plus half of how those very playouts ended
    assert half == pytest.approx([0.5 * j + 0.5 * e for j, e in zip(judged, ended, strict=True)])


def _rest_of_turn(game: Any, state: Any, plan: list[int]) -> list[int]:
    """The seat's first legal moves until its turn ends, after `plan`: any complete plan will do."""
    state = state.clone()
    seat = state.current_player()
    for action in plan:
        state.apply_action(action)
    rest = []
    while state.current_player() == seat:
        rest.append(state.legal_actions()[0])
        state.apply_action(rest[-1])
    return rest


class MarginedSealedBids(HoardingSealedBids):
    """The hoarding game, whose finished games also say by how much (the score difference / 10)."""

    def final_margins(self, state: SealedBidsState) -> list[float]:
        a, b = state.scores
        return [max(-1.0, min(1.0, (a - b) / 10)), max(-1.0, min(1.0, (b - a) / 10))]


def test_halving_drops_the_worse_half_and_compares_the_rest_on_more_worlds() -> None:
    game = HoardingSealedBids(rounds=5)
    state = last_bid_position(game)  # only the 6 wins; the 1 and the 2 both lose
    view = state.view(1)
    plans = [[BID[1]], [BID[6]], [BID[2]]]
    even = PlanCheckBot(own_moves_search(), rollouts=4)
    assert even.score_plans(game, view, plans, random.Random(0)) == [-1.0, 1.0, -1.0] and even.last_checked == 4
    halving = PlanCheckBot(own_moves_search(), rollouts=4, halving=True)
    scores = halving.score_plans(game, view, plans, random.Random(0))
    # 12 playouts in two rounds: 2 worlds for each of the 3 plans, then 3 more for the better 2
    assert halving.last_checked == 5
    assert scores == [-1.0, 1.0, -math.inf]  # the 2 dropped; of the two losers the tie kept the earlier plan
    checked = PlanCheckBot(own_moves_search(), plans=3, rollouts=4, min_share=0.0, halving=True)
    assert checked.choose(game, view, state.legal_actions(), random.Random(0)) == BID[6]


def test_a_close_call_gets_more_worlds_and_a_clear_one_does_not() -> None:
    game = HoardingSealedBids(rounds=5)
    state = last_bid_position(game)  # only the 6 wins; the 1 and the 2 both lose
    view = state.view(1)
    extended = PlanCheckBot(own_moves_search(), rollouts=4, more_rollouts=3, close_margin=0.1)
    assert extended.score_plans(game, view, [[BID[1]], [BID[6]]], random.Random(0)) == [-1.0, 1.0]
    assert extended.last_checked == 4  # 1.0 against -1.0: clear after the first worlds
    assert extended.score_plans(game, view, [[BID[1]], [BID[2]]], random.Random(0)) == [-1.0, -1.0]
    assert extended.last_checked == 7  # a tie: three more worlds for both plans
    plain = PlanCheckBot(own_moves_search(), rollouts=4)
    plain.score_plans(game, view, [[BID[1]], [BID[2]]], random.Random(0))
    assert plain.last_checked == 4
    built = Preset("ismcts", simulations=10, horizon="own-moves", check_plans=2, check_more_rollouts=5).build("more")
    assert isinstance(built, PlanCheckBot) and built.more_rollouts == 5 and built.close_margin == 0.1
    with pytest.raises(ValueError, match="close margin"):
        PlanCheckBot(own_moves_search(), more_rollouts=-1)


def test_a_margin_weight_adds_how_clearly_each_checked_game_ended() -> None:
    game = MarginedSealedBids(rounds=5)
    state = last_bid_position(game)
    view = state.view(1)
    plans = [[BID[1]], [BID[6]], [BID[2]]]
    plain = PlanCheckBot(own_moves_search(), rollouts=3).score_plans(game, view, plans, random.Random(2))
    weighted = PlanCheckBot(own_moves_search(), rollouts=3, margin_weight=0.5).score_plans(
        game, view, plans, random.Random(2)
    )
    ended = []
    for plan in plans:  # the last bid ends the game: the margin is known without dice
        after = state.clone()
        after.apply_action(plan[0])
        while not after.is_terminal():
            after.apply_action(after.chance_outcomes()[0][0] if after.is_chance_node() else after.legal_actions()[0])
        ended.append(game.final_margins(after)[1])
    assert weighted == pytest.approx([p + 0.5 * m for p, m in zip(plain, ended, strict=True)])
    assert weighted != plain
    with pytest.raises(ValueError, match="margin"):
        PlanCheckBot(own_moves_search(), margin_weight=1.5)


def test_magnates_final_margins_read_the_districts_and_total_rank_of_the_result() -> None:
    game = load("magnate")
    rng = random.Random(11)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(
                sample(state.chance_outcomes(), rng) if state.is_chance_node() else state.legal_actions()[0]
            )
        details = state.result().details
        lead = [d + r / MARGIN_RANK for d, r in zip(details["districts"], details["total_rank"], strict=True)]
        margins = final_margins(state)
        assert margins == pytest.approx([math.tanh((lead[0] - lead[1]) / 2), math.tanh((lead[1] - lead[0]) / 2)])
        assert all(-1.0 < m < 1.0 for m in margins)


def test_deviations_check_the_closest_calls_anywhere_along_the_favourite_plan() -> None:
    positions = [state for _, state in magnate_turns(seed=8) if state.phase == MAIN][5:60:6]
    game = load("magnate")
    deeper = 0
    for state in positions:
        me = state.current_player()
        view, legal = state.view(me), state.legal_actions()
        search = own_moves_search(120)
        root = search.search(game, view, legal, random.Random(2))
        ranked = sorted(root.children, key=lambda a: root.children[a].visits, reverse=True)
        bot = PlanCheckBot(search, plans=4, rollouts=2, deviations=True)
        candidates = list(bot._candidates(state.clone(), root, ranked))
        favourite = candidates[0]
        assert favourite.actions == bot._plan(state.clone(), root, [ranked[0]]).actions  # the favourite first
        shares = []
        for plan in candidates[1:]:
            # where it leaves the favourite (it does: one of the favourite's own decisions, not after it)
            pairs = zip(plan.actions, favourite.actions, strict=False)
            depth = next((i for i, (a, b) in enumerate(pairs) if a != b), len(plan.actions))
            assert depth < min(len(plan.actions), len(favourite.actions))
            prefix, alternative = plan.actions[:depth], plan.actions[depth]
            node = root
            for action in prefix:
                node = node.children[action]
            chosen = favourite.actions[depth]
            assert alternative != chosen and alternative in node.children
            shares.append(node.children[alternative].visits / node.children[chosen].visits)
            deeper += depth > 0
        assert shares == sorted(shares, reverse=True)  # the closest calls first
        # Without deviations the candidates are the first moves, as before, most visited first.
        plain = PlanCheckBot(search, plans=4, rollouts=2)
        firsts = [plan.actions[0] for plan in plain._candidates(state.clone(), root, ranked)]
        assert firsts == [a for a in ranked if root.children[a].visits >= 0.05 * root.children[ranked[0]].visits]
        # Every plan checked is a whole legal run of the searcher's moves.
        bot.choose(game, view, legal, random.Random(3))
        for plan in bot.last_plans:
            world = state.clone()
            for action in plan.actions:
                assert world.current_player() == me and action in world.legal_actions()
                world.apply_action(action)
            assert world.current_player() != me or world.is_terminal()
    assert deeper, "no close call below the first move in these positions"


def test_a_preset_passes_deviations_to_the_plan_checker() -> None:
    bot = search_bot("hard", load("magnate"), check_deviations=True)
    assert isinstance(bot, PlanCheckBot) and bot.deviations
    assert not make_bot("hard", load("magnate")).deviations  # type: ignore[attr-defined]


def test_a_check_plays_later_moves_by_the_policy_it_names() -> None:
    game = load("magnate")
    state = next(s for _, s in magnate_turns(seed=8) if s.turn_number >= 6)
    view = state.view(state.current_player())
    plans = [[a] for a in state.legal_actions()[:2]]
    played: list[str] = []
    hooks = {
        name: (lambda s, r, name=name, hook=hook: played.append(name) or hook(s, r))
        for name, hook in game_hooks(game).items()
        if name in ("rollout_action", "check_action")
    }
    sharp = PlanCheckBot(own_moves_search(), rollouts=1, policy="check_action")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "check_action", hooks["check_action"], raising=False)
        patch.setattr(game, "rollout_action", hooks["rollout_action"], raising=False)
        sharp.score_plans(game, view, plans, random.Random(0))
        assert played and set(played) == {"check_action"}
        played.clear()
        PlanCheckBot(own_moves_search(), rollouts=1).score_plans(game, view, plans, random.Random(0))
        assert played and set(played) == {"rollout_action"}
    built = Preset("ismcts", simulations=10, horizon="own-moves", check_plans=2, check_policy="check_action").build("x")
    assert isinstance(built, PlanCheckBot) and built.policy == "check_action"


def test_a_policy_the_game_does_not_offer_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="offers no rollout policy 'check_action'"):
        Playout(load("magistrate"), 10, policy="check_action")
    with pytest.raises(ValueError, match="not 'sharpest'"):
        Playout(load("magnate"), 10, policy="sharpest")


def test_magnates_sharp_thumbs_keep_greedys_rules_with_other_weights() -> None:
    assert SHARP != GREEDY and GreedyBot().thumbs is GREEDY
    differ = 0
    for _, state in magnate_turns(seed=2):
        legal = state.legal_actions()
        sharp = check_action(state, random.Random(0))
        assert sharp in legal
        differ += sharp != rollout_action(state, random.Random(0))
    assert differ > 0  # the weights change some choices (and each is still a legal move)


class Recorder:
    """A bot that plays the first legal move and remembers whose view it was shown."""

    name = "recorder"

    def __init__(self) -> None:
        self.seats: list[int] = []
        self.turns: set[int] = set()

    def choose(self, game: Any, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        self.seats.append(view["seat"])
        self.turns.add(view["turn"])
        return legal[0]


def test_an_opponent_model_plays_the_others_next_turn_from_their_own_view() -> None:
    game = load("magnate")
    state = next(s for _, s in magnate_turns(seed=8) if s.turn_number >= 6 and s.phase == MAIN)
    me = state.current_player()
    view = state.view(me)
    plans = []
    for first in state.legal_actions()[:2]:  # two whole turns, played on by the sharp rules of thumb
        turn, plan = state.clone(), [first]
        turn.apply_action(first)
        while turn.current_player() == me:
            plan.append(check_action(turn, random.Random(0)))
            turn.apply_action(plan[-1])
        plans.append(plan)
    models: list[Recorder] = []

    def model(for_game: Any) -> Recorder:
        assert for_game is game
        models.append(Recorder())
        return models[-1]

    checker = PlanCheckBot(own_moves_search(), rollouts=3, policy="check_action", opponent=model)
    checker.score_plans(game, view, plans, random.Random(0))
    assert len(models) == 1  # made once, kept for the game
    recorded = models[0]
    assert recorded.seats and set(recorded.seats) == {1 - me}  # never the checker's own seat
    assert len(recorded.turns) == 1  # the next turn only: the policy plays every later one
    assert checker.last_checked == 3
    same = PlanCheckBot(own_moves_search(), rollouts=3, policy="check_action", opponent=lambda g: Recorder())
    scores = same.score_plans(game, view, plans, random.Random(0))
    assert scores == checker.score_plans(game, view, plans, random.Random(0))  # the same worlds, the same replies


def test_a_preset_names_a_search_level_as_the_checks_opponent() -> None:
    game = load("magnate")
    bot = search_bot("hard", game, check_opponent="easy")
    assert isinstance(bot, PlanCheckBot) and bot.opponent is not None
    modelled = bot.opponent(game)
    assert isinstance(modelled, ISMCTSBot) and modelled.name == "easy"
    assert make_bot("hard", game).opponent is None  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="not 'expert'"):
        search_bot("hard", game, check_opponent="expert")


def test_a_bot_played_as_a_policy_sees_the_deciders_view_and_is_not_asked_a_forced_move() -> None:
    game = load("magnate")
    recorder = Recorder()
    policy = bot_policy(recorder, game)
    rng, state = random.Random(6), game.new_initial_state()
    asked: list[int] = []
    while not state.is_terminal() and len(asked) < 60:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            asked.append(state.current_player())
        action = policy(state, rng)
        assert action in legal
        state.apply_action(action)
    assert recorder.seats == asked and set(asked) == {0, 1}


class TickingSealedBids(HoardingSealedBids):
    """A clock that moves one tick (1/64 s) each time a world is sampled, and stands still otherwise."""

    tick = 1 / 64

    def __init__(self) -> None:
        super().__init__(rounds=5)
        self.now = 0.0

    def sample_state(self, view: Any, rng: random.Random) -> SealedBidsState:
        self.now += self.tick
        return super().sample_state(view, rng)


def test_a_decisions_time_limit_starts_no_world_that_would_end_past_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game = TickingSealedBids()
    state = last_bid_position(game)
    view = state.view(1)
    plans = [[BID[1]], [BID[6]]]
    monkeypatch.setattr("magnates.bots.plan_check.time.perf_counter", lambda: game.now)
    limited = PlanCheckBot(own_moves_search(), rollouts=32, decision_seconds=0.25)
    # The decision began 8 ticks before the check: 8 ticks are left, and each world takes one.
    assert limited.score_plans(game, view, plans, random.Random(0), started=game.now - 0.125) == [-1.0, 1.0]
    assert limited.last_checked == 8
    limited.score_plans(game, view, plans, random.Random(0))  # no start given: the check's own start
    assert limited.last_checked == 16
    limited.score_plans(game, view, plans, random.Random(0), started=game.now - 1.0)  # already late
    assert limited.last_checked == 1  # one world is always played
    limited.score_plans(game, view, plans, random.Random(0), started=game.now - 1.0, timed=False)
    assert limited.last_checked == 32
    unlimited = PlanCheckBot(own_moves_search(), rollouts=32)
    unlimited.score_plans(game, view, plans, random.Random(0), started=game.now - 1.0)
    assert unlimited.last_checked == 32
    # In play the search's worlds count too: 4 simulations and the world the plans are completed in
    # take 5 of the 16 ticks, and the check gets the 11 left.
    deciding = PlanCheckBot(own_moves_search(4), plans=2, rollouts=32, min_share=0.0, decision_seconds=0.25)
    began = game.now
    deciding.choose(game, view, state.legal_actions(), random.Random(0))
    assert len(deciding.last_plans) == 2 and deciding.last_checked == 11
    assert game.now - began == 0.25
    built = Preset("ismcts", simulations=10, horizon="own-moves", check_plans=2, decision_seconds=0.19).build("timed")
    assert isinstance(built, PlanCheckBot) and built.decision_seconds == 0.19
    with pytest.raises(ValueError, match="decision's time is positive"):
        PlanCheckBot(own_moves_search(), decision_seconds=0.0)


def test_the_policys_own_turn_is_checked_beside_the_searchs_plans_and_played_whole_when_chosen() -> None:
    """With `policy_plan` the check always compares the turn its policy (`SHARP` here) would play:
    added where it ends anywhere the search's plans do not; chosen, it is played move for move."""
    bot = PlanCheckBot(own_moves_search(20), plans=2, rollouts=2, policy="check_action", policy_plan=True)
    game = load("magnate")
    rng = random.Random(11)
    state = game.new_initial_state()
    added = chosen = followed = 0
    following: int | None = None  # the seat playing the policy's turn from memory
    while not state.is_terminal() and (chosen < 2 or added < 4):
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        seat, legal = state.current_player(), state.legal_actions()
        if following is not None and following != seat:
            following = None
        bot.last_plans = []
        remembered = bot._memory.get(view_key(state.view(seat)))
        move = bot.choose(game, state.view(seat), legal, random.Random(rng.getrandbits(32)))
        assert move in legal
        if following == seat and remembered is not None and len(legal) > 1:
            assert move == remembered == check_action(state, rng)  # the rest of the chosen policy turn
            followed += 1
        if bot.last_plans and len(legal) > 1:
            sharp_turn = state.clone()  # SHARP's whole turn in the real game ends where it does in any world
            while sharp_turn.current_player() == seat:
                sharp_turn.apply_action(check_action(sharp_turn, rng))
            assert view_key(sharp_turn.view(seat)) in {p.outcome for p in bot.last_plans}  # always compared
            index = bot.last_policy_plan
            if index is not None:
                added += 1
                own = bot.last_plans[index]
                assert own.actions[0] == check_action(state, rng)  # SHARP reads the decider's view only
                assert own.outcome not in {p.outcome for i, p in enumerate(bot.last_plans) if i != index}
                if bot.last_choice == index:
                    chosen += 1
                    following = seat
            else:
                assert len(bot.last_plans) <= 2
        state.apply_action(move)
    assert added >= 4 and chosen >= 2 and followed >= 1
    plain = PlanCheckBot(own_moves_search(20), plans=2, rollouts=2)
    for game, position in list(magnate_turns(seed=8))[:10]:
        plain.choose(game, position.view(position.current_player()), position.legal_actions(), random.Random(0))
        assert plain.last_policy_plan is None and len(plain.last_plans) <= 2
    built = Preset("ismcts", simulations=10, horizon="own-moves", check_plans=2, check_policy_plan=True).build("x")
    assert isinstance(built, PlanCheckBot) and built.policy_plan
