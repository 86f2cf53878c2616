"""Trading in bundles and the initiator's bid in his own player auction (seed 002, rules version 2)."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates import IllegalAction
from magnates.games.galactic_magnate import trading
from magnates.games.galactic_magnate.actions import MONEY_STEPS
from magnates.games.galactic_magnate.board import PROPERTIES
from magnates.games.galactic_magnate.bots import GreedyBot

from .helpers import build_offer, legal_texts, loc, own, roll, set_cash, started

CERES = ("Ceres Outpost", "Ceres Harbor")


def pass_turn(s, seat: int) -> None:
    """The turn holder rolls from Dormitory onto a free property and does nothing."""
    s.pos[seat] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")


# -- "All players participate in player auctions" -------------------------------------------------
def test_the_initiator_of_a_player_auction_may_buy_his_property_back_at_his_price():
    """ "All players participate in player auctions. ... When auction ends, the initiator receives
    80% of the final bid. The remaining 20% is lost": the initiator bids too; winning his own lot
    costs him the auction house's 20%."""
    s = started(3)
    own(s, 0, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    assert s.a_ring == [1, 2, 0]  # the initiator is asked last in each round
    s.apply_action("Bid the opening price")  # Player 2: 300
    s.apply_action("Pass")  # Player 3
    assert s.current_player() == 0 and "Raise by 10" in legal_texts(s)
    s.apply_action("Raise by 10")  # the initiator: 310
    s.apply_action("Pass")  # Player 2 gives up
    assert s.owner[loc("Titan Port")] == 0
    assert s.cash == [3400 - 310 + 248, 3400, 3400]
    assert s.bank + sum(s.cash) == 0
    assert s.phase_name == "roll" and s.current_player() == 0  # his turn goes on


def test_the_initiator_may_open_the_bidding_on_his_own_lot():
    s = started(2)
    own(s, 0, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    s.apply_action("Pass")  # Player 2
    assert legal_texts(s)[:2] == ["Bid the opening price", "Pass"]
    s.apply_action("Bid the opening price")
    assert s.owner[loc("Titan Port")] == 0 and s.cash == [3900 - 300 + 240, 3900]


# -- "The players can trade properties for properties, or money, or both" -------------------------
def test_an_offer_is_a_bundle_of_properties_and_money_on_each_side():
    """ "The players can trade properties for properties, or money, or both": two properties and
    cash for one property, built step by step and accepted on the receiver's turn."""
    s = started(2)
    own(s, 0, *CERES)
    own(s, 1, "Titan Port", "Luna Mine")
    build_offer(s, 1, give=CERES, take=("Titan Port", "Luna Mine"), pay=150)
    assert s.offer_to[0] == 1
    assert s.offer_give[0] == sorted(loc(n) for n in CERES)
    assert s.offer_take[0] == sorted([loc("Titan Port"), loc("Luna Mine")])
    assert s.offer_money[0] == -150  # the offerer pays
    pass_turn(s, 0)
    s.apply_action("Accept the offer of Player 1")
    assert all(s.owner[loc(n)] == 1 for n in CERES)
    assert s.owner[loc("Titan Port")] == 0 and s.owner[loc("Luna Mine")] == 0
    assert s.cash == [3900 - 150, 3900 + 150]


def test_property_for_property_and_money_only_one_way():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Sirius Crown")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Sirius Crown",), pay=300)
    pass_turn(s, 0)
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Sirius Crown")] == 0 and s.cash == [3600, 4200]


def test_money_offered_and_asked_nets_out_and_properties_can_be_left_out_again():
    s = started(2)
    own(s, 0, *CERES)
    own(s, 1, "Titan Port")
    s.apply_action("Make an offer to Player 2")
    s.apply_action("Put my Ceres Outpost in the offer")
    s.apply_action("Put my Ceres Harbor in the offer")
    s.apply_action("Leave Ceres Outpost out of the offer")
    s.apply_action("Ask for Titan Port")
    s.apply_action("Offer 100 more in cash")
    s.apply_action("Ask 50 more in cash")
    assert trading.draft(s) == trading.Offer(1, (loc("Ceres Harbor"),), (loc("Titan Port"),), -50)
    assert "Put my Ceres Outpost in the offer" in legal_texts(s)
    assert "Put my Ceres Harbor in the offer" not in legal_texts(s)  # already in
    assert "Leave Ceres Harbor out of the offer" in legal_texts(s)


def test_an_offer_stays_within_both_sides_means():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Titan Port")
    set_cash(s, 1, 60)  # Player 2 can spend 60 + 130 (Titan Port's mortgage value)
    s.apply_action("Make an offer to Player 2")
    s.apply_action("Put my Ceres Outpost in the offer")
    s.apply_action("Ask 100 more in cash")
    assert "Ask 100 more in cash" not in legal_texts(s)  # 200 > 190
    assert "Ask 50 more in cash" in legal_texts(s)
    s.apply_action("Ask 50 more in cash")
    s.apply_action("Ask 10 more in cash")
    s.apply_action("Ask 10 more in cash")
    s.apply_action("Ask 10 more in cash")  # 180 asked: he has 190, plus Ceres Outpost's 50 after the trade
    assert "Propose the offer" in legal_texts(s)
    s.apply_action("Ask for Titan Port")  # then he would lose 130 of credit: 180 no longer fits
    assert "Propose the offer" not in legal_texts(s)
    with pytest.raises(IllegalAction, match="credit"):
        s.apply_action("Propose the offer")


def test_an_offer_must_move_a_property():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    s.apply_action("Make an offer to Player 2")
    assert "Propose the offer" not in legal_texts(s)
    s.apply_action("Offer 100 more in cash")
    assert "Propose the offer" not in legal_texts(s)  # money alone is a gift, not a trade
    s.apply_action("Put my Ceres Outpost in the offer")
    assert "Propose the offer" in legal_texts(s)


def test_building_an_offer_has_a_step_cap_then_only_propose_or_give_up():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    s.apply_action("Make an offer to Player 2")
    s.apply_action("Put my Ceres Outpost in the offer")
    for k in range(trading.MAX_BUILD_STEPS - 1):
        s.apply_action("Ask 10 more in cash" if k % 2 else "Offer 10 more in cash")
    assert legal_texts(s) == ["Propose the offer", "Make no offer after all"]
    with pytest.raises(IllegalAction, match="at most"):
        s.apply_action("Ask 10 more in cash")
    s.apply_action("Make no offer after all")
    assert s.phase_name == "roll" and s.offer_to[0] == -1
    assert "Make an offer to Player 2" not in legal_texts(s)  # one offer per turn


def test_build_steps_outside_an_offer_are_refused_with_a_reason():
    s = started(2)
    with pytest.raises(IllegalAction, match="no trade offer is being built"):
        s.apply_action("Propose the offer")


def test_views_show_the_offer_being_built_and_both_bundles_of_an_open_offer():
    s = started(3)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Titan Port")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Titan Port",), pay=50, propose=False)
    draft = s.view(0)["draft"]
    assert draft["from"] == 0 and draft["to"] == 1
    assert draft["give"] == [loc("Ceres Outpost")] and draft["take"] == [loc("Titan Port")]
    assert draft["give_money"] == 50 and draft["take_money"] == 0
    assert draft["steps_left"] == trading.MAX_BUILD_STEPS - 3
    assert draft["text"] == "Player 1 offers Ceres Outpost and 50 to Player 2 for Titan Port"
    s.apply_action("Propose the offer")
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        assert view["draft"] is None
        (offer,) = view["offers"]
        assert offer["from"] == 0 and offer["to"] == 1 and offer["money"] == -50
        assert offer["give"] == [loc("Ceres Outpost")] and offer["take"] == [loc("Titan Port")]
        assert offer["text"] == "Player 1 offers Ceres Outpost and 50 to Player 2 for Titan Port"


def test_the_log_names_both_bundles_of_a_proposal_and_an_acceptance():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Titan Port")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Titan Port",), ask=100, propose=False)
    line = s.describe(s.ids.propose, None)
    assert line == "Propose the offer: Player 1 offers Ceres Outpost to Player 2 for Titan Port and 100"
    s.apply_action("Propose the offer")
    pass_turn(s, 0)
    accept = s.ids.accept[0]
    assert s.describe(accept, 1).endswith("Player 1 offers Ceres Outpost to Player 2 for Titan Port and 100")


def test_the_action_space_is_fixed_and_holds_every_step():
    game = magnates.load("galactic-magnate", players=5)
    ids = game.ids
    assert len(ids.give_property) == len(ids.ask_property) == len(ids.drop_property) == len(PROPERTIES)
    assert sorted(ids.offer_money.values()) == sorted(ids.ask_money.values()) == sorted(MONEY_STEPS)
    assert game.num_distinct_actions < 600


# -- bots -----------------------------------------------------------------------------------------
def test_greedy_builds_an_offer_for_the_last_piece_of_a_set():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Ceres Harbor")
    bot = GreedyBot()
    rng = random.Random(0)
    for _ in range(20):
        action = bot.choose(s.game, s.view(0), s.legal_actions(), rng)
        if action == s.ids.roll:
            break
        s.apply_action(action)
    assert s.offer_to[0] == 1 and s.offer_take[0] == [loc("Ceres Harbor")] and s.offer_give[0] == []
    # Paid by the offerer: enough for an owner who judges as greedy does, who would lose 216 (the piece
    # blocks a set: 1.8 x 120) and 180 for completing Player 1's set (1.5 x 120): 396, so 400.
    assert s.offer_money[0] == -400


def test_greedy_accepts_a_bundle_worth_more_than_it_costs_and_rejects_a_bad_one():
    bot = GreedyBot()
    rng = random.Random(0)
    s = started(2)
    own(s, 0, *CERES, "Titan Port")
    own(s, 1, "Luna Mine")
    build_offer(s, 1, give=CERES, take=("Luna Mine",))  # a whole set for one extractor
    pass_turn(s, 0)
    assert bot.choose(s.game, s.view(1), s.legal_actions(), rng) == s.ids.accept[0]
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Sirius Crown", "Sirius Palace")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Sirius Crown", "Sirius Palace"))
    pass_turn(s, 0)
    assert bot.choose(s.game, s.view(1), s.legal_actions(), rng) == s.ids.reject[0]


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (5, 13)])
def test_random_players_building_offers_never_stall_a_game(players, seed):
    """Uniform random play (Resign left out) builds, proposes and answers offers, and games end."""
    game = magnates.load("galactic-magnate", players=players, max_rounds=40)
    s = game.new_initial_state()
    rng = random.Random(seed)
    proposals = 0
    longest = 0
    run = 0
    for _ in range(200_000):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(magnates.sample(s.chance_outcomes(), rng))
            continue
        legal = [a for a in s.legal_actions() if a != s.ids.resign] or s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        proposals += action == s.ids.propose
        run = run + 1 if s.phase_name == "offer" else 0
        longest = max(longest, run)
        s.apply_action(action)
    assert s.is_terminal()
    assert proposals > 0
    assert longest <= trading.MAX_BUILD_STEPS + 1
    assert s.bank + sum(s.cash) == 0


def test_a_saved_position_with_an_open_offer_and_a_draft_round_trips_and_bad_offers_are_refused():
    s = started(3)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Titan Port")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Titan Port",), pay=50)
    s.turn, s.offered, s._legal = 1, False, None  # Player 2's turn, before his roll
    build_offer(s, 2, give=("Titan Port",), propose=False)
    data = s.to_json()
    copy = s.game.state_from_json(data)
    assert copy.to_json() == data and copy.legal_actions() == s.legal_actions()
    bad = dict(data, offer_to=[-1, -1, -1])  # parts of an offer nobody has open
    with pytest.raises(magnates.RecordError, match="no open offer"):
        s.game.state_from_json(bad)
    bad = dict(data, offer_give=[[7], [], []])  # Bonus is no property
    with pytest.raises(magnates.RecordError, match="not a property"):
        s.game.state_from_json(bad)


def test_records_of_rules_version_1_are_refused_with_a_clear_message():
    """Version 1 had another trade menu, so its action ids mean other things now."""
    record = {"game": "galactic-magnate", "version": "1", "options": {"players": 2}, "actions": [0]}
    with pytest.raises(magnates.RecordError, match="rules version 1; this installation has version 2"):
        magnates.replay(record)
