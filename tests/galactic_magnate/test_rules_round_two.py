"""The two rule sentences that rules version 2 plays as written (version 1 did not), as scenarios.

Seed 002 (Galactic Magnate), "Player auctions": "All players participate in player auctions." and
"Trading": "The players can trade properties for properties, or money, or both." Each test quotes
the sentence it pins.
"""

from __future__ import annotations

import random

import pytest

import magnates
from magnates.games.galactic_magnate import income, trading
from magnates.games.galactic_magnate.bots import GreedyBot, PatientRandomBot, purchase_offer
from magnates.games.galactic_magnate.phases import OFFER

from .helpers import build_offer, legal_texts, loc, own, roll, set_cash, started

TRADING_KINDS = (
    "trade-with",
    "give-property",
    "ask-property",
    "drop-property",
    "offer-money",
    "ask-money",
    "propose",
    "no-offer",
    "recall",
    "reject",
    "accept",
)


def end_turn_on_a_free_property(s, seat: int) -> None:
    """The turn holder rolls from Dormitory (no double) onto Europa Station, free, and does nothing."""
    s.pos[seat] = 10
    roll(s, 3, 5)
    assert s.phase_name == "buy"
    s.apply_action("Do nothing")


# -- "All players participate in player auctions." -------------------------------------------------
def test_all_players_bid_in_a_player_auction_and_the_initiator_may_win_his_lot_back():
    """ "All players participate in player auctions. Initiator offers the starting bid, at 300. When
    auction ends, the initiator receives 80% of the final bid. The remaining 20% is lost; it is a
    provision for auctioning house." The initiator is a bidder like the others: when he wins, he pays
    the final bid, receives 80% of it back and keeps his property; the bank keeps the 20%."""
    s = started(4)
    own(s, 0, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    assert s.a_ring == [1, 2, 3, 0]  # everybody, the initiator last in each round
    s.apply_action("Bid the opening price")  # Player 2: 300
    s.apply_action("Pass")  # Player 3
    s.apply_action("Pass")  # Player 4
    assert s.current_player() == 0
    s.apply_action("Raise by 50")  # the initiator: 350
    s.apply_action("Raise by 100")  # Player 2: 450
    assert s.current_player() == 0  # outbid, the initiator is asked again
    s.apply_action("Raise by 10")  # 460
    s.apply_action("Pass")  # Player 2
    assert s.owner[loc("Titan Port")] == 0
    assert s.cash == [2900 - 460 + 368, 2900, 2900, 2900]
    assert s.bank == -sum(s.cash) and s.bank == -4 * 2900 + 92  # the auction house's 20%
    assert s.income[0][income.AUCTION_SALES] == 368
    assert s.phase_name == "roll" and s.current_player() == 0  # his turn goes on


def test_a_pass_by_the_initiator_is_final_like_anyone_elses():
    """ "All players participate": the initiator's pass ends his part, as for every bidder."""
    s = started(3)
    own(s, 0, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    s.apply_action("Bid the opening price")  # Player 2: 300
    s.apply_action("Raise by 10")  # Player 3: 310
    s.apply_action("Pass")  # the initiator
    s.apply_action("Raise by 10")  # Player 2: 320
    assert s.current_player() == 2  # the initiator is not asked again
    s.apply_action("Pass")
    assert s.owner[loc("Titan Port")] == 1
    assert s.cash == [3400 + 256, 3400 - 320, 3400]


def test_the_initiator_bids_no_more_than_his_cash_plus_credit():
    """ "All players participate", under the same limit as everyone: "The player's debt can never
    exceed his credit". The whole bid is paid before his 80% comes back, so the bid is capped by cash
    plus credit, not by the fifth a buy-back costs in the end (decision register)."""
    s = started(2)
    own(s, 0, "Titan Port", "Luna Mine")  # credit 130 + 100
    set_cash(s, 0, 100)  # may spend 330
    s.apply_action("Put Titan Port up for auction")
    s.apply_action("Bid the opening price")  # Player 2: 300
    assert legal_texts(s)[:2] == ["Raise by 10", "Pass"]
    assert "Raise by 50" not in legal_texts(s)  # 350 > 330
    with pytest.raises(magnates.IllegalAction, match="can spend"):
        s.apply_action("Raise by 50")
    assert s.a_bid == 300 and s.current_player() == 0  # the refused bid changed nothing
    s.apply_action("Raise by 10")
    s.apply_action("Pass")
    assert s.owner[loc("Titan Port")] == 0 and s.cash == [100 - 310 + 248, 3900]


# -- "The players can trade properties for properties, or money, or both." -------------------------
def test_properties_for_properties_without_money():
    """ "The players can trade properties for properties": two of mine for one of his, no money."""
    s = started(3)
    own(s, 0, "Ceres Outpost", "Luna Mine")
    own(s, 1, "Vesta Docks")
    build_offer(s, 1, give=("Ceres Outpost", "Luna Mine"), take=("Vesta Docks",))
    assert s.offer_money[0] == 0
    end_turn_on_a_free_property(s, 0)
    assert s.current_player() == 1
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Ceres Outpost")] == s.owner[loc("Luna Mine")] == 1
    assert s.owner[loc("Vesta Docks")] == 0
    assert s.cash == [3400, 3400, 3400]


def test_properties_and_money_on_both_sides_net_out_and_both_sides_see_the_offer_being_built():
    """ "... for properties, or money, or both": two properties each way, 500 offered and 100 asked,
    which is 400 paid by the offerer. While the offer is built, the receiver's view and every other
    seat's show it, and only the offerer is asked anything."""
    s = started(3)
    own(s, 0, "Ceres Outpost", "Solar Grid")
    own(s, 1, "Titan Port", "Titan Dome")
    s.apply_action("Make an offer to Player 2")
    steps = [
        "Put my Ceres Outpost in the offer",
        "Put my Solar Grid in the offer",
        "Ask for Titan Port",
        "Ask for Titan Dome",
        "Offer 500 more in cash",
        "Ask 100 more in cash",
    ]
    for step in steps:
        s.apply_action(step)
        assert s.current_player() == 0
    for seat in (1, 2):
        draft = s.view(seat)["draft"]
        assert draft["from"] == 0 and draft["to"] == 1
        assert draft["give"] == [loc("Ceres Outpost"), loc("Solar Grid")]
        assert draft["take"] == [loc("Titan Port"), loc("Titan Dome")]
        assert draft["give_money"] == 400 and draft["take_money"] == 0
        assert (
            draft["text"]
            == "Player 1 offers Ceres Outpost, Solar Grid and 400 to Player 2 for Titan Port and Titan Dome"
        )
    s.apply_action("Propose the offer")
    end_turn_on_a_free_property(s, 0)
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Titan Port")] == s.owner[loc("Titan Dome")] == 0
    assert s.owner[loc("Ceres Outpost")] == s.owner[loc("Solar Grid")] == 1
    assert s.cash == [3000, 3800, 3400]
    assert s.income[1][income.TRADES] == 400
    assert s.bank + sum(s.cash) == 0


def test_a_property_for_money_is_a_sale_and_money_for_a_property_is_a_purchase():
    """ "... properties for ... money": one property against cash only, each way."""
    s = started(2)
    own(s, 0, "Luna Mine", "Saturn Ring Mine")
    build_offer(s, 1, give=("Luna Mine",), ask=250)
    end_turn_on_a_free_property(s, 0)
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Luna Mine")] == 1 and s.cash == [4150, 3650]
    build_offer(s, 0, take=("Saturn Ring Mine",), pay=600)
    end_turn_on_a_free_property(s, 1)
    s.apply_action("Accept the offer of Player 2")
    assert s.owner[loc("Saturn Ring Mine")] == 1 and s.cash == [4750, 3050]


def test_the_offerer_recalls_and_the_receiver_rejects_at_any_time_but_accepts_only_before_his_roll():
    """ "The player A can recall the trade at any time. The player B can reject the trade at any time,
    or accept it when it is his turn to roll the dice." Any time is whenever the engine asks him
    anything (here: a bid in another player's auction); acceptance waits for his own roll phase."""
    s = started(3)
    own(s, 0, "Luna Mine")
    build_offer(s, 1, give=("Luna Mine",), ask=200)
    s.pos[0] = 10
    roll(s, 3, 5)
    s.apply_action("Start an auction")  # Player 1 holds Europa Station's minimum price
    assert s.current_player() == 1
    assert "Reject the offer of Player 1" in legal_texts(s)
    assert "Accept the offer of Player 1" not in legal_texts(s)
    with pytest.raises(magnates.IllegalAction, match="before a roll"):
        s.apply_action("Accept the offer of Player 1")
    s.apply_action("Raise by 10")  # Player 2
    s.apply_action("Pass")  # Player 3
    assert s.current_player() == 0 and "Recall my offer" in legal_texts(s)
    s.apply_action("Recall my offer")
    assert s.offer_to[0] == -1 and s.current_player() == 0 and s.phase_name == "auction"  # still to bid
    s.apply_action("Pass")
    assert s.owner[loc("Europa Station")] == 1

    # A new offer, and the receiver on his own turn: accepted before his roll, not after landing.
    s = started(3)
    own(s, 0, "Luna Mine")
    build_offer(s, 1, give=("Luna Mine",), ask=200)
    end_turn_on_a_free_property(s, 0)
    s.pos[1] = 10
    roll(s, 3, 5)  # Player 2 rolled: now he decides on the free property he stands on
    assert "Accept the offer of Player 1" not in legal_texts(s)
    assert "Reject the offer of Player 1" in legal_texts(s)
    s.apply_action("Do nothing")
    end_turn_on_a_free_property(s, 2)
    end_turn_on_a_free_property(s, 0)
    assert s.current_player() == 1 and "Accept the offer of Player 1" in legal_texts(s)
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Luna Mine")] == 1 and s.cash == [3600, 3200, 3400]


def test_an_open_offer_that_can_no_longer_be_carried_out_cannot_be_accepted_and_is_dropped():
    """Both sides must still own what they give when the receiver accepts: a property sold meanwhile
    in a player auction makes the offer void, and it is dropped when the turn passes."""
    s = started(3)
    own(s, 0, "Luna Mine", "Titan Port")
    build_offer(s, 1, give=("Luna Mine",), ask=100)
    s.apply_action("Put Luna Mine up for auction")
    s.apply_action("Bid the opening price")  # Player 2 would rather buy it here
    s.apply_action("Pass")  # Player 3
    s.apply_action("Pass")  # the initiator
    assert s.owner[loc("Luna Mine")] == 1
    end_turn_on_a_free_property(s, 0)
    assert s.offer_to[0] == -1  # dropped
    assert "Accept the offer of Player 1" not in legal_texts(s)


def test_every_trading_and_bidding_action_has_a_text_and_a_json_form_that_read_back():
    """The offer is built from a fixed set of integer actions, each with the text and JSON forms every
    action of the engine has, for every player count."""
    for players in (2, 3, 4, 5):
        game = magnates.load("galactic-magnate", players=players)
        ids = game.ids
        seen = set()
        for action in range(game.num_distinct_actions):
            kind = ids.kind_of[action]
            if kind not in (*TRADING_KINDS, "auction-property", "bid", "raise", "pass"):
                continue
            seen.add(kind)
            text = game.action_to_string(action)
            data = game.action(action).to_json()
            assert data["type"] == kind
            assert game.parse_action(text) == action
            assert game.parse_action(data) == action
            assert game.parse_action(action) == action
        assert seen == {*TRADING_KINDS, "auction-property", "bid", "raise", "pass"}


# -- the bots use bundles --------------------------------------------------------------------------
def test_greedy_puts_a_spare_property_into_an_offer_when_cash_alone_would_cost_too_much():
    """Greedy asks for the last piece of its Ceres set. Cash alone would take 400 (what an owner judging
    as greedy does loses: 216 for a piece that blocks a set, 180 for completing it) and it can spend
    300, so it adds its spare Luna Mine and 140; it keeps the Titan pieces it is building a set with.
    The owner, also greedy, accepts on his turn."""
    s = started(2)
    own(s, 0, "Ceres Outpost", "Luna Mine", "Titan Refinery", "Titan Port")
    own(s, 1, "Ceres Harbor")
    set_cash(s, 0, 600)
    assert purchase_offer(s.owner, 0, 1, loc("Ceres Harbor"), 300) == (140, (loc("Luna Mine"),))
    bot = GreedyBot()
    rng = random.Random(0)
    for _ in range(trading.MAX_BUILD_STEPS + 2):
        action = bot.choose(s.game, s.view(0), s.legal_actions(), rng)
        if action == s.ids.roll:
            break
        s.apply_action(action)
    assert s.phase != OFFER
    assert trading.open_offer(s, 0) == trading.Offer(1, (loc("Luna Mine"),), (loc("Ceres Harbor"),), -140)
    end_turn_on_a_free_property(s, 0)
    assert bot.choose(s.game, s.view(1), s.legal_actions(), rng) == s.ids.accept[0]
    s.apply_action(s.ids.accept[0])
    assert s.owner[loc("Ceres Harbor")] == 0 and s.owner[loc("Luna Mine")] == 1
    assert s.cash == [460, 3900 + 140]


def test_greedy_offers_cash_alone_when_it_can_afford_it():
    s = started(2)
    own(s, 0, "Ceres Outpost", "Luna Mine")
    own(s, 1, "Ceres Harbor")
    assert purchase_offer(s.owner, 0, 1, loc("Ceres Harbor"), 3600) == (400, ())


def test_random_players_trade_bundles_the_games_end_and_their_records_replay():
    """Patient random play (everything but Resign) builds, proposes and accepts bundles; every game
    ends, and its record replays to the same final position."""
    bundles = 0
    for players, seed in ((3, 5), (4, 6)):
        game = magnates.load("galactic-magnate", players=players, max_rounds=60)
        s = game.new_initial_state()
        bot = PatientRandomBot()
        rng = random.Random(seed)
        for _ in range(100_000):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(magnates.sample(s.chance_outcomes(), rng))
                continue
            action = bot.choose(game, s.view(s.current_player()), s.legal_actions(), rng)
            if s.ids.kind_of[action] == "accept":
                offer = trading.open_offer(s, s.ids.accept.index(action))
                assert offer is not None
                bundles += len(offer.give) + len(offer.take) + (offer.money != 0) > 1
            s.apply_action(action)
        assert s.is_terminal()
        assert magnates.replay(s.record().to_json()).to_json() == s.to_json()
    assert bundles > 0
