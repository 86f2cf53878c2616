"""MCTS and ISMCTS on the Sealed Bids test game: legal, deterministic, budgeted, and not blind."""

from __future__ import annotations

import json
import random

import pytest
from matches import play, score_against
from sealed_bids import BID, DRAW, ROLL, SealedBidsGame, SealedBidsState

from magnates.bots import LEVELS, Budget, ISMCTSBot, MCTSBot, RandomBot, make_bot, search_bot
from magnates.bots.mcts import Widening, uct_search
from magnates.bots.playout import Playout
from magnates.bots.presets import BY_GAME, Preset, preset
from magnates.core.errors import OptionError
from magnates.games import REGISTRY


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sealed Bids is a test game: it is in the registry only while these tests run."""
    monkeypatch.setitem(REGISTRY, "sealed-bids", "sealed_bids:SealedBidsGame")


def last_bid_position(game: SealedBidsGame, pot: int = 3) -> SealedBidsState:
    """Final round; Player 1 bid 5 and Player 2, holding 1, 2 and 6, decides. Only 6 wins."""
    hands, bids = [[3, 4], [1, 2, 6]], {0: 5}
    deck = {v: 3 for v in range(1, 9)}
    for card in [*hands[0], *hands[1], *bids.values()]:
        deck[card] -= 1
    return game.state_from_json(
        {
            "deck": {str(v): n for v, n in deck.items()},
            "hands": hands,
            "scores": [10, 8],
            "bids": {"0": 5},
            "discards": [],
            "round": 4,
            "pot": pot,
            "phase": "bid",
            "actor": 1,
        }
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3])
def test_every_level_plays_whole_games(level: str, players: int) -> None:
    game = SealedBidsGame(players=players, rounds=3)
    bots = [search_bot(level, game, simulations=25)] + [RandomBot()] * (players - 1)
    state = play(game, bots, seed=players)
    assert state.is_terminal()


@pytest.mark.parametrize(
    "bot", [MCTSBot(Budget(300), determinizations=3), ISMCTSBot(Budget(300))], ids=["mcts", "ismcts"]
)
def test_a_search_finds_the_only_winning_bid(bot: MCTSBot | ISMCTSBot) -> None:
    game = SealedBidsGame(rounds=5)
    state = last_bid_position(game)
    choice = bot.choose(game, state.view(1), state.legal_actions(), random.Random(0))
    assert choice == BID[6]


@pytest.mark.parametrize("make", [lambda: MCTSBot(Budget(60), determinizations=2), lambda: ISMCTSBot(Budget(60))])
def test_the_same_stream_gives_the_same_move_whatever_the_global_random_state(make: object) -> None:
    game = SealedBidsGame()
    state = play_until_decision(game, seed=11)
    view, legal = state.view(state.current_player()), state.legal_actions()
    random.seed(1)
    first = [make().choose(game, view, legal, random.Random(seed)) for seed in range(8)]  # type: ignore[operator]
    random.seed(2)
    random.random()
    again = [make().choose(game, view, legal, random.Random(seed)) for seed in range(8)]  # type: ignore[operator]
    assert first == again
    assert all(a in legal for a in first)


def play_until_decision(game: SealedBidsGame, seed: int, decisions: int = 3) -> SealedBidsState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = 0
    while True:
        if not state.is_chance_node():
            seen += 1
            if seen > decisions and len(state.legal_actions()) > 1:
                return state
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def test_a_simulation_budget_is_spent_exactly() -> None:
    game = SealedBidsGame()
    state = play_until_decision(game, seed=4)
    view, legal = state.view(state.current_player()), state.legal_actions()
    ismcts = ISMCTSBot(Budget(simulations=77))
    ismcts.choose(game, view, legal, random.Random(0))
    assert ismcts.last_simulations == 77
    mcts = MCTSBot(Budget(simulations=77), determinizations=4)
    mcts.choose(game, view, legal, random.Random(0))
    assert mcts.last_simulations == 4 * 20  # each determinization gets ceil(77 / 4)


@pytest.mark.parametrize(
    "bot", [MCTSBot(Budget(seconds=0.02)), ISMCTSBot(Budget(seconds=0.02))], ids=["mcts", "ismcts"]
)
def test_a_time_budget_searches_and_answers(bot: MCTSBot | ISMCTSBot) -> None:
    game = SealedBidsGame()
    state = play_until_decision(game, seed=5)
    legal = state.legal_actions()
    assert bot.choose(game, state.view(state.current_player()), legal, random.Random(0)) in legal
    assert bot.last_simulations >= 1


def test_a_forced_move_needs_no_search() -> None:
    game = SealedBidsGame()
    state = play_until_decision(game, seed=6)
    bot = ISMCTSBot(Budget(simulations=50))
    only = state.legal_actions()[:1]
    assert bot.choose(game, state.view(state.current_player()), only, random.Random(0)) == only[0]
    assert bot.last_simulations == 0


def test_chance_nodes_are_drawn_with_the_listed_probabilities() -> None:
    """Below the root's only move lie the card draws; their visits follow the deck's counts."""
    game = SealedBidsGame(rounds=6)
    state = last_bid_position(game)
    state.round = 0
    move = BID[2]
    children = uct_search(state, [move], Playout(game, depth=0), Budget(3000).start(), random.Random(1), 1.4)
    draws = children[move].children
    total = sum(child.visits for child in draws.values())
    probabilities = dict(state.child(move).chance_outcomes())
    assert set(draws) <= set(probabilities)
    for action, p in probabilities.items():
        seen = draws[action].visits / total if action in draws else 0.0
        assert abs(seen - p) < 0.04, (game.action_to_string(action), seen, p)


def tree_keys(node: object) -> set[int]:
    keys: set[int] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        for action, child in current.children.items():  # type: ignore[attr-defined]
            keys.add(action)
            stack.append(child)
    return keys


def test_ismcts_splits_on_dice_but_never_on_secret_draws() -> None:
    game = SealedBidsGame()
    state = play_until_decision(game, seed=8)
    view, legal = state.view(state.current_player()), state.legal_actions()
    keys = tree_keys(ISMCTSBot(Budget(400)).search(game, view, legal, random.Random(0)))
    assert keys & set(ROLL.values())
    assert not keys & set(DRAW.values())
    open_loop_bot = ISMCTSBot(Budget(400), branch_public_chance=False)
    open_loop = tree_keys(open_loop_bot.search(game, view, legal, random.Random(0)))
    assert not open_loop & (set(ROLL.values()) | set(DRAW.values()))


def test_the_view_is_left_as_it_was() -> None:
    game = SealedBidsGame(players=3)
    state = play_until_decision(game, seed=9)
    view = state.view(state.current_player())
    before = json.dumps(view, sort_keys=True)
    for level in ("mcts", "ismcts"):
        search_bot(level, game, simulations=50).choose(game, view, state.legal_actions(), random.Random(0))
    assert json.dumps(view, sort_keys=True) == before


def test_search_bots_are_named_in_the_registry() -> None:
    game = SealedBidsGame()
    for level in LEVELS:
        bot = make_bot(level, game)
        assert bot.name == level
    assert make_bot("greedy", game).name == "greedy"
    with pytest.raises(OptionError, match="hard"):
        make_bot("grandmaster", game)


def test_a_game_may_have_its_own_presets(monkeypatch: pytest.MonkeyPatch) -> None:
    game = SealedBidsGame()
    own = Preset("mcts", simulations=7, determinizations=7)
    monkeypatch.setitem(BY_GAME, game.name, {"hard": own})
    assert preset(game, "hard") == own
    assert preset(game, "easy").algorithm == "ismcts"
    with pytest.raises(KeyError, match="levels are"):
        preset(game, "expert")


def test_search_beats_random() -> None:
    game = SealedBidsGame(rounds=4)
    assert score_against(game, search_bot("medium", game, simulations=150), RandomBot(), games=30) > 0.2


@pytest.mark.slow
@pytest.mark.parametrize("level", ["medium", "hard", "mcts"])
def test_search_beats_the_greedy_bidder(level: str) -> None:
    game = SealedBidsGame()
    assert score_against(game, search_bot(level, game), make_bot("greedy", game), games=200) > 0.0


def test_with_a_heuristic_the_first_move_tried_is_the_heuristics_favourite() -> None:
    game = SealedBidsGame(rounds=5)
    state = last_bid_position(game)
    view, legal = state.view(1), state.legal_actions()
    root = ISMCTSBot(Budget(1), prior_visits=3).search(game, view, legal, random.Random(0))
    assert list(root.children) == [BID[6]]
    assert root.children[BID[6]].visits == 3 + 1  # the heuristic's opinion counts as three visits
    children = uct_search(state, legal, Playout(game, depth=0), Budget(1).start(), random.Random(0), 1.4, Widening())
    assert list(children) == [BID[6]]


def test_without_widening_every_move_is_tried_before_any_is_repeated() -> None:
    game = SealedBidsGame(rounds=5)
    state = last_bid_position(game)
    view, legal = state.view(1), state.legal_actions()
    root = ISMCTSBot(Budget(len(legal)), widening=None).search(game, view, legal, random.Random(0))
    assert sorted(root.children) == sorted(legal)
    assert all(child.visits == 1 for child in root.children.values())


def test_widening_opens_moves_only_as_visits_grow() -> None:
    game = SealedBidsGame(players=3, hand=4)
    state = play_until_decision(game, seed=12)
    view, legal = state.view(state.current_player()), state.legal_actions()
    assert len(legal) >= 3
    root = ISMCTSBot(Budget(2), widening=0.5).search(game, view, legal, random.Random(0))
    assert len(root.children) == 1  # 0.5 x sqrt(2) allows one move after two simulations
    root = ISMCTSBot(Budget(400), widening=0.5).search(game, view, legal, random.Random(0))
    assert len(root.children) == len(legal)


def test_a_depth_zero_playout_judges_a_chance_node_without_rolling() -> None:
    game = SealedBidsGame()
    state = play_until_decision(game, seed=13)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = len(state.history)
    assert Playout(game, depth=0).values(state, random.Random(0)) == Playout(game, depth=0).estimate(state)
    assert len(state.history) == before


def movers(node: object) -> set[int]:
    found: set[int] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        for child in current.children.values():  # type: ignore[attr-defined]
            found.add(child.mover)
            stack.append(child)
    return found


def test_an_own_moves_horizon_keeps_the_tree_to_the_searchers_decisions() -> None:
    game = SealedBidsGame(players=3)
    state = play_until_decision(game, seed=14)
    seat = state.current_player()
    view, legal = state.view(seat), state.legal_actions()
    assert movers(ISMCTSBot(Budget(300)).search(game, view, legal, random.Random(0))) - {-1, seat}
    assert movers(ISMCTSBot(Budget(300), horizon="own-moves").search(game, view, legal, random.Random(0))) == {seat}
    with pytest.raises(ValueError, match="own-moves"):
        ISMCTSBot(Budget(1), horizon="forever")
    playout, clock = Playout(game, depth=0), Budget(300).start()
    children = uct_search(state, legal, playout, clock, random.Random(0), 1.4, own_moves_only=True)
    assert movers(Root(children)) == {seat}
    with pytest.raises(ValueError, match="own-moves"):
        MCTSBot(Budget(1), horizon="forever")


class Root:
    def __init__(self, children: dict[int, object]) -> None:
        self.children = children
