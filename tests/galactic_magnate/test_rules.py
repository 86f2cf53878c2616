"""Scenario tests: one or more per rule of seed 002 and per decision of docs/rules/galactic-magnate.md."""

from __future__ import annotations

import pytest

from magnates import IllegalAction
from magnates.games.galactic_magnate.actions import FortuneDraw
from magnates.games.galactic_magnate.board import GROUPS, PRICE, PRISON, TABLES
from position_cases import check_clone_copies_every_field

from .helpers import build_offer, give, legal_texts, loc, own, roll, set_cash, started

CERES = ("Ceres Outpost", "Ceres Harbor")
SIRIUS = ("Sirius Palace", "Sirius Exchange", "Sirius Crown")


def group(name: str) -> int:
    return next(g.index for g in GROUPS if g.name == name)


# -- rolls and movement -------------------------------------------------------------------
def test_doubles_roll_again_and_a_plain_roll_ends_the_turn():
    s = started(2)
    roll(s, 5, 5)  # Start -> Dormitory
    assert s.pos[0] == 10 and s.phase_name == "roll" and s.current_player() == 0
    roll(s, 1, 2)  # Dormitory -> 13, a free property; do nothing
    s.apply_action("Do nothing")
    assert s.current_player() == 1


def test_third_double_goes_to_prison_without_passing_start():
    s = started(2)
    roll(s, 5, 5)
    roll(s, 5, 5)  # Meteor Shower
    s.pos[0] = 36
    cash = s.cash[0]
    roll(s, 1, 1)
    assert s.pos[0] == PRISON and s.prison[0] == TABLES.prison_turns
    assert s.cash[0] == cash  # no salary although 36 -> 30 would cross Start
    assert s.current_player() == 1


def test_passing_start_pays_interest_on_debt_before_the_salary():
    s = started(2)
    own(s, 0, *SIRIUS)  # credit 580
    set_cash(s, 0, -100)
    s.pos[0] = 38
    own(s, 0, "Ceres Outpost")
    roll(s, 1, 2)  # 38 -> 1 over Start
    assert s.cash[0] == -100 - 20 + 280
    assert s.bank + sum(s.cash) == 0


def test_landing_on_start_counts_as_passing_it():
    s = started(2)
    s.pos[0] = 33
    roll(s, 3, 4)
    assert s.pos[0] == 0 and s.cash[0] == 3900 + 280


# -- salary, bonus, collapse --------------------------------------------------------------------
def test_meteor_shower_lowers_the_salary_for_all():
    s = started(3)
    s.pos[0] = 17
    roll(s, 1, 2)
    assert s.salary == 290


def test_bonus_lowers_the_salary_and_pays_everyone_by_the_number_alive():
    s = started(3)
    roll(s, 3, 4)
    assert s.pos[0] == 7
    assert s.salary == 290
    assert s.cash == [3400 + 370] * 3


def test_the_economy_collapses_at_zero_and_expenses_then_move_like_the_salary():
    s = started(2)
    s.salary = 10
    s.pos[0] = 17
    roll(s, 1, 2)  # Meteor Shower: salary 0
    assert s.collapsed and s.salary == 0 and s.expenses == 300
    s.pos[1] = 17
    roll(s, 1, 2)  # the other player hits it again: expenses rise by 10
    assert s.expenses == 310
    s.pos[0] = 37
    own(s, 0, "Ceres Outpost")
    cash = s.cash[0]
    roll(s, 1, 3)  # 37 -> 1 over Start: pays the expenses instead of a salary
    assert s.cash[0] == cash - 310


# -- prison ----------------------------------------------------------------------------------
def test_prison_ends_the_turn_and_skips_three_turns():
    s = started(2)
    s.pos[0] = 26
    roll(s, 2, 2)  # doubles, but landing in Prison ends the turn
    assert s.pos[0] == PRISON and s.prison[0] == 3 and s.current_player() == 1
    for skipped in range(3):
        s.pos[1] = 10
        roll(s, 2, 3)  # Dormitory -> 15 free extractor: do nothing
        s.apply_action("Do nothing")
        assert s.current_player() == 1, f"skip {skipped + 1}"
    s.pos[1] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    assert s.current_player() == 0 and s.prison[0] == 0


def test_a_prisoner_collects_no_fees_and_no_extractor_profit():
    s = started(2)
    own(s, 0, *SIRIUS, "Luna Mine")
    s.level[group("Sirius")] = 2
    s.prison[0] = 2
    s.turn = 1
    s.pos[1] = 35
    cash = list(s.cash)
    roll(s, 1, 2)  # Sirius Exchange
    assert s.cash == cash
    s.turn = 1
    s.pos[1] = 2
    s.phase = 2
    s._legal = None
    roll(s, 1, 2)  # Luna Mine (extractor of the prisoner)
    assert s.cash == cash


# -- auctions --------------------------------------------------------------------------------
def test_only_a_player_who_can_pay_the_minimum_price_may_start_an_auction():
    s = started(2)
    set_cash(s, 0, 100)
    roll(s, 1, 2)  # Ceres Harbor, minimum 120
    assert s.current_player() == 1


def test_nobody_outbids_the_middleman_he_buys_at_the_minimum_and_keeps_20_percent():
    s = started(2)
    s.pos[0] = 1
    roll(s, 1, 1)  # doubles onto Ceres Harbor
    assert legal_texts(s)[:2] == ["Start an auction", "Do nothing"]
    s.apply_action("Start an auction")
    assert s.current_player() == 1 and s.a_bid == 120 and s.a_high == 0
    s.apply_action("Pass")
    assert s.owner[loc("Ceres Harbor")] == 0
    assert s.cash[0] == 3900 - 120 + 24
    assert s.pos[0] == 0  # back to Start without passing it: no salary
    assert s.current_player() == 1  # the auction ends his turn despite the doubles


def test_bidding_goes_round_in_playing_order_until_all_but_the_high_bidder_pass():
    s = started(3)
    roll(s, 1, 2)
    s.apply_action("Start an auction")
    assert s.current_player() == 1
    s.apply_action("Raise by 50")  # 170
    assert s.current_player() == 2
    s.apply_action("Raise by 10")  # 180
    assert s.current_player() == 0  # the middleman may raise again when outbid
    s.apply_action("Pass")
    assert s.current_player() == 1
    s.apply_action("Pass")
    assert s.owner[loc("Ceres Harbor")] == 2
    assert s.cash == [3400 + 36, 3400, 3400 - 180]
    with pytest.raises(IllegalAction):
        s.apply_action("Pass")


def test_nobody_may_bid_more_than_cash_plus_credit():
    s = started(2)
    set_cash(s, 1, 165)
    roll(s, 1, 2)
    s.apply_action("Start an auction")
    assert legal_texts(s) == ["Raise by 10", "Pass"]


def test_player_auction_sells_upgrades_first_and_pays_80_percent():
    s = started(2)
    own(s, 0, *CERES)
    g = group("Ceres")
    s.level[g] = 2
    s.apply_action("Put Ceres Outpost up for auction")
    assert s.level[g] == 0 and s.cash[0] == 3900 + 2 * 50
    assert s.current_player() == 1 and legal_texts(s)[:2] == ["Bid the opening price", "Pass"]
    s.apply_action("Bid the opening price")
    assert s.current_player() == 0  # the initiator bids too; he lets it go
    s.apply_action("Pass")
    assert s.owner[loc("Ceres Outpost")] == 1
    assert s.cash == [3900 + 100 + 240, 3900 - 300]
    assert s.current_player() == 0 and s.phase_name == "roll"
    assert "Put Ceres Harbor up for auction" not in legal_texts(s)  # one per turn


def test_player_auction_without_bids_leaves_the_property_with_its_owner():
    s = started(2)
    own(s, 0, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    s.apply_action("Pass")
    s.apply_action("Pass")  # the initiator, asked last, does not buy it back either
    assert s.owner[loc("Titan Port")] == 0 and s.cash == [3900, 3900]


# -- monopolies, utilities, extractors ------------------------------------------------------------
def test_upgrades_need_the_whole_set_and_stop_at_level_five():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    assert "Upgrade Ceres" not in legal_texts(s)
    own(s, 0, "Ceres Harbor")
    for level in range(1, 6):
        s.apply_action("Upgrade Ceres")
        assert s.level[group("Ceres")] == level
    assert "Upgrade Ceres" not in legal_texts(s)
    assert s.cash[0] == 3900 - 5 * 100


def test_upgrades_only_on_the_owners_turn_but_sold_at_half_price_any_time():
    s = started(2)
    own(s, 1, *CERES)
    s.level[group("Ceres")] = 1
    roll(s, 1, 2)  # player 1 on Ceres Harbor, owned by player 2: pays the fee
    assert s.current_player() == 1
    s.pos[1] = 24
    roll(s, 1, 2)  # Triton Bazaar, a free property
    assert s.phase_name == "buy" and s.current_player() == 1
    s.apply_action("Start an auction")
    s.apply_action("Raise by 10")  # player 1 outbids the middleman
    assert s.current_player() == 1
    texts = legal_texts(s)
    assert "Sell an upgrade of Ceres" in texts and "Upgrade Ceres" not in texts
    cash = s.cash[1]
    s.apply_action("Sell an upgrade of Ceres")
    assert s.cash[1] == cash + 50 and s.level[group("Ceres")] == 0


@pytest.mark.parametrize("level", [0, 1, 3, 5])
def test_monopoly_fee_by_level_and_none_before_the_first_upgrade(level):
    s = started(2)
    own(s, 1, *SIRIUS)
    s.level[group("Sirius")] = level
    s.pos[0] = 35
    roll(s, 1, 3)  # Sirius Exchange
    fee = GROUPS[group("Sirius")].fees[level - 1] if level else 0
    assert s.cash == [3900 - fee, 3900 + fee]


@pytest.mark.parametrize("count,fee", [(1, 50), (2, 70), (3, 100), (4, 150)])
def test_utility_fee_by_number_owned(count, fee):
    s = started(2)
    own(s, 1, *["Solar Grid", "Ion Relay", "Warp Gate", "Hyperlink Network"][:count])
    roll(s, 1, 1)  # Solar Grid
    assert s.cash == [3900 - fee, 3900 + fee]


@pytest.mark.parametrize("count,profit", [(1, 90), (2, 70), (3, 130), (4, 150)])
def test_extractor_profit_is_paid_by_the_bank_to_the_owner(count, profit):
    s = started(2)
    own(s, 1, *["Luna Mine", "Europa Ice Mine", "Saturn Ring Mine", "Nebula Gas Mine"][:count])
    roll(s, 2, 3)  # player 1 lands on Luna Mine
    assert s.cash == [3900, 3900 + profit]


# -- debt, bankruptcy, resigning -----------------------------------------------------------------
def test_a_bill_beyond_credit_forces_upgrade_sales_then_bankruptcy():
    s = started(3)
    own(s, 1, *SIRIUS)
    s.level[group("Sirius")] = 5
    own(s, 0, *CERES)
    s.level[group("Ceres")] = 2
    set_cash(s, 0, 10)
    s.pos[0] = 35
    roll(s, 1, 3)  # fee 1700; player 1 can raise 110 credit + 100 from upgrades
    assert not s.alive[0]
    assert s.owner[loc("Ceres Outpost")] == -1 and s.level[group("Ceres")] == 0
    # Player 2 received what player 1 could afford (cash after sales 110 + credit 110), then the 500 gift.
    assert s.cash[1] == 3400 + 220 + 500
    assert s.cash[2] == 3400 + 500
    assert s.salary == 300 - 20
    assert s.current_player() == 1
    assert s.bank + sum(s.cash) == 0


def test_a_bill_within_credit_puts_the_payer_in_debt():
    s = started(2)
    own(s, 1, *SIRIUS)
    s.level[group("Sirius")] = 1
    own(s, 0, *CERES, "Titan Port")  # credit 110 + 130
    set_cash(s, 0, 0)
    s.pos[0] = 35
    roll(s, 1, 3)
    assert s.alive[0] and s.cash[0] == -170


def test_resigning_frees_properties_pays_the_others_and_the_last_player_wins():
    s = started(3)
    own(s, 0, *CERES)
    s.apply_action("Resign")
    assert s.owner[loc("Ceres Outpost")] == -1 and s.cash[1:] == [3900, 3900]
    assert s.salary == 280 and s.current_player() == 1
    s.apply_action("Resign")
    assert s.is_terminal()
    result = s.result()
    assert result.winners == [2] and result.ranking == [3, 2, 1]
    assert result.reason == "last player standing"


def test_round_limit_ends_the_game_and_ranks_survivors_by_net_worth():
    s = started(2, max_rounds=1)
    give(s, 1, 1000)
    s.pos[0] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    s.pos[1] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    assert s.is_terminal()
    result = s.result()
    assert result.reason == "round limit: net worth" and result.winners == [1]


# -- trading -----------------------------------------------------------------------------------
def test_trade_offer_is_accepted_on_the_receivers_turn():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    s.apply_action("Make an offer to Player 2")
    assert "Make no offer after all" in legal_texts(s)
    build_offer(s, 1, give=("Ceres Outpost",), ask=150, propose=False)
    assert s.phase_name == "offer" and s.current_player() == 0
    s.apply_action("Propose the offer")
    assert "Make an offer to Player 2" not in legal_texts(s)  # one offer at a time
    assert "Accept the offer of Player 1" not in legal_texts(s)
    s.pos[0] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    assert s.current_player() == 1
    assert "Accept the offer of Player 1" in legal_texts(s)
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Ceres Outpost")] == 1 and s.cash == [3900 + 150, 3900 - 150]


def test_offers_can_be_recalled_and_rejected():
    s = started(2)
    own(s, 1, "Ceres Outpost")
    own(s, 0, "Titan Port")
    build_offer(s, 1, take=("Ceres Outpost",), pay=200)
    assert s.offer_to[0] == 1
    s.apply_action("Recall my offer")
    assert s.offer_to[0] == -1 and s.offer_take[0] == [] and s.offer_money[0] == 0
    assert "Make an offer to Player 2" not in legal_texts(s)  # one new offer per turn
    s.pos[0] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    build_offer(s, 0, give=("Ceres Outpost",), take=("Titan Port",))
    assert s.offer_to[1] == 0
    s.pos[1] = 10
    roll(s, 2, 3)
    s.apply_action("Start an auction")  # player 1 is now asked to bid, and may reject meanwhile
    assert "Reject the offer of Player 2" in legal_texts(s)
    s.apply_action("Reject the offer of Player 2")
    assert s.offer_to[1] == -1


def test_trade_sells_the_upgrades_of_the_monopolies_involved_to_their_owner():
    s = started(2)
    own(s, 1, *CERES)
    s.level[group("Ceres")] = 3
    s.turn = 1
    s._legal = None
    build_offer(s, 0, give=("Ceres Outpost",), ask=100)
    s.pos[1] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    s.apply_action("Accept the offer of Player 2")
    assert s.level[group("Ceres")] == 0
    assert s.cash == [3900 - 100, 3900 + 100 + 3 * 50]


def test_no_trade_after_the_collapse_while_either_side_is_in_debt():
    s = started(2)
    own(s, 0, "Ceres Outpost", *SIRIUS)
    own(s, 1, "Titan Port")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Titan Port",))
    s.collapsed, s.salary, s.expenses = True, 0, 300
    set_cash(s, 0, -50)
    s.pos[0] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    assert "Accept the offer of Player 1" not in legal_texts(s)
    assert not any(t.startswith("Make an offer") for t in legal_texts(s))


# -- Fortune -------------------------------------------------------------------------------------
def test_fortune_is_a_chance_node_and_an_event_without_choice_just_happens():
    s = started(2)
    roll(s, 1, 3)
    assert s.is_chance_node() and len(s.chance_outcomes()) == len(s.game.ids.fortune)
    s.apply_action(FortuneDraw("windfall"))
    assert s.cash[0] == 3900 + 200 and s.current_player() == 1


def test_an_event_with_a_choice_may_be_refused_or_taken():
    s = started(2)
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("smuggler"))
    assert legal_texts(s)[:2] == ["Take the event", "Refuse the event"]
    s.apply_action("Refuse the event")
    assert s.cash[0] == 3900 and s.current_player() == 1
    s.pos[1] = 0
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("smuggler"))
    s.apply_action("Take the event")
    assert s.cash[1] == 3900 + 400 and s.pos[1] == PRISON and s.prison[1] == 3


def test_progress_and_recession_move_the_salary():
    s = started(2)
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("progress"))
    assert s.salary == 290
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("recession"))
    assert s.salary == 270


# -- bad input ------------------------------------------------------------------------------------
def test_an_illegal_action_changes_nothing_and_says_what_is_allowed():
    s = started(2)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="Roll the dice"):
        s.apply_action("Upgrade Ceres")
    with pytest.raises(IllegalAction):
        s.apply_action("Pass")
    assert s.to_json() == before


def test_property_prices_are_designed_to_rise_around_the_board():
    monopoly_prices = [PRICE[g.locations[0]] for g in GROUPS]
    assert monopoly_prices == sorted(monopoly_prices)


def test_the_slow_recession_lowers_the_salary_every_few_rounds():
    s = started(2)
    every = TABLES.recession_every_rounds
    for _ in range(2 * every):
        s.pos[s.current_player()] = 10
        roll(s, 2, 3)  # Dormitory -> a free extractor: do nothing
        s.apply_action("Do nothing")
    assert s.rounds == every and s.salary == 280 - 10


def test_illegal_actions_say_why():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    with pytest.raises(IllegalAction, match="only the owner of every location of Ceres"):
        s.apply_action("Upgrade Ceres")
    with pytest.raises(IllegalAction, match="there is no auction now"):
        s.apply_action("Raise by 10")
    roll(s, 1, 2)
    with pytest.raises(IllegalAction, match="before a roll of one's own turn"):
        s.apply_action("Roll the dice")


# -- more Fortune, debt and bankruptcy cases --------------------------------------------------------
def test_founders_day_collects_from_every_other_player_and_a_broke_payer_goes_bankrupt():
    s = started(3)
    set_cash(s, 2, 20)
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("founders-day"))
    assert not s.alive[2]
    # Player 1 got 50 from player 2, 20 from the broke player 3, and the 500 resignation gift.
    assert s.cash[0] == 3400 + 50 + 20 + 500
    assert s.cash[1] == 3400 - 50 + 500
    assert s.current_player() == 1  # the turn holder's turn ended normally


def test_maintenance_costs_per_upgrade_owned():
    s = started(2)
    own(s, 0, *CERES)
    s.level[group("Ceres")] = 3
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("maintenance"))
    assert s.cash[0] == 3900 - 3 * 40


def test_warp_jump_passes_start():
    s = started(2)
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("warp"))
    assert s.pos[0] == 0 and s.cash[0] == 3900 + 280


def test_a_costly_choice_cannot_be_taken_without_the_means():
    s = started(2)
    set_cash(s, 0, 100)
    roll(s, 1, 3)
    s.apply_action(FortuneDraw("sabotage"))
    assert legal_texts(s) == ["Refuse the event"]


def test_forced_sales_start_with_the_highest_level_monopoly():
    s = started(2)
    own(s, 0, *CERES, *SIRIUS)
    s.level[group("Ceres")] = 1
    s.level[group("Sirius")] = 3
    own(s, 1, "Titan Refinery", "Titan Port", "Titan Dome")
    s.level[group("Titan")] = 1
    set_cash(s, 0, -690)  # credit 110 + 580 = 690: nothing left to spend
    s.pos[0] = 17
    roll(s, 1, 3)  # Titan Refinery, fee 120: one Sirius upgrade (150) is enough
    assert s.level[group("Sirius")] == 2 and s.level[group("Ceres")] == 1
    assert s.cash[0] == -690 + 150 - 120


def test_interest_alone_can_bankrupt():
    s = started(2)
    own(s, 0, "Ceres Outpost")  # credit 50
    set_cash(s, 0, -50)
    s.pos[0] = 38
    roll(s, 1, 2)  # over Start: interest 10 does not fit
    assert s.is_terminal() and s.result().winners == [1]


def test_a_player_auction_never_pushes_the_sellers_debt_past_credit():
    from magnates.games.galactic_magnate.board import PROPERTIES
    from magnates.games.galactic_magnate.player_auctions import can_auction_own

    # Even a player with nothing left to spend may auction anything: the seller's 80% of the
    # lowest bid (240) is more than the largest mortgage value (200), which the sale removes.
    assert all(can_auction_own(0, loc) for loc in PROPERTIES)
    s = started(2)
    own(s, 0, "Sirius Crown", "Ceres Outpost")  # credit 250
    set_cash(s, 0, -250)
    s.apply_action("Put Sirius Crown up for auction")
    s.apply_action("Bid the opening price")
    assert s.legal_actions() == [s.ids.pass_]  # the initiator has nothing left to bid with
    s.apply_action("Pass")
    assert s.cash[0] == -250 + 240 and s.cash[0] >= -50


def test_clone_copies_every_field_the_state_has():
    from magnates.games.galactic_magnate.state import LISTS, NESTED, SCALARS

    s = started(3)
    own(s, 0, "Ceres Outpost")
    build_offer(s, 1, give=("Ceres Outpost",), ask=150)
    engine = {"game", "ids", "tables", "n", "max_rounds", "history", "income"}
    check_clone_copies_every_field(s, engine | {*SCALARS, *LISTS, *NESTED})
