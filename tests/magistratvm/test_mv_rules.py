"""Scenario tests for the rules beyond the worked examples, and for each recorded decision."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates import IllegalAction, OptionError, RecordError
from magnates.core.chance import sample
from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import NUM_SLOTS
from magnates.games.magistratvm.offices import (
    AEDILE,
    CENSOR,
    CONSUL,
    DICTATOR,
    PRAETOR,
    QUAESTOR,
    TRIBUNE,
    seats,
)
from magnates.games.magistratvm.scoring import scores

from .scenario import (
    EXAMPLE_CIRCUIT,
    PAUL,
    QUENTIN,
    REBECCA,
    SUSAN,
    act,
    all_pass,
    new_game,
    put_tokens,
    seat_magistrate,
    texts,
    tile,
    to_actions,
    win_tile,
)

FOUR, FIVE, SIX, THREE, TWO, ACE = range(6)


# -- setup ------------------------------------------------------------------------------
def test_setup_draws_six_provinces_then_rolls_and_ties_reroll():
    game = magnates.load("magistratvm", players=3)
    state = game.new_initial_state()
    for t in range(6):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 24 - t
        state.apply_action(A.DrawTile(t))
    for value in (5, 5, 2):  # players 1 and 2 tie for highest: only they roll again
        state.apply_action(A.RollDie(value))
    assert state.phase == phases.SETUP_TIE and state.rollers == [0, 1]
    state.apply_action(A.RollOffWinner(1))
    assert state.prefect == 1 and state.dice == [6, 6, 6] and state.phase == phases.INCOME


def test_the_tied_reroll_is_one_chance_node_over_its_winner():
    """D24: the rules re-roll among the tied until one is highest, which gives each of them the same
    chance; one chance node over that outcome keeps setup bounded (players + 7 chance nodes at most)."""
    game = magnates.load("magistratvm", players=4)
    state = game.new_initial_state()
    for t in range(6):
        state.apply_action(A.DrawTile(t))
    for value in (4, 6, 6, 6):
        state.apply_action(A.RollDie(value))
    assert state.is_chance_node() and state.phase == phases.SETUP_TIE
    outcomes = state.chance_outcomes()
    assert [game.action(a) for a, _ in outcomes] == [A.RollOffWinner(q) for q in (1, 2, 3)]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
    with pytest.raises(IllegalAction, match="tied for the highest roll re-roll: Player 2, Player 3, Player 4"):
        state.apply_action(A.RollOffWinner(0))
    with pytest.raises(IllegalAction, match="say who won it"):
        state.apply_action(A.RollDie(6))
    state.apply_action(A.RollOffWinner(3))
    assert state.prefect == 3 and state.phase == phases.INCOME


def test_setup_always_ends_within_players_plus_seven_chance_nodes():
    for players in (3, 4):
        game = magnates.load("magistratvm", players=players)
        for seed in range(300):
            rng, state = random.Random(seed), game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
            assert len(state.history) <= players + 7 and state.phase == phases.INCOME


def test_options_are_validated():
    with pytest.raises(OptionError, match="players"):
        magnates.load("magistratvm", players=5)
    with pytest.raises(OptionError, match="turn_limit"):
        magnates.load("magistratvm", turn_limit=-1)


def test_three_players_leave_the_gray_seats_out():
    assert [seats(o, 3) for o in range(7)] == [2, 2, 3, 3, 2, 1, 1]
    assert [seats(o, 4) for o in range(7)] == [3, 3, 4, 4, 2, 1, 1]
    state = to_actions(new_game(players=3), gold=[5, 0, 0])
    seat_magistrate(state, 1, QUAESTOR)
    seat_magistrate(state, 2, QUAESTOR)
    assert "promote a patrician to Quaestor" not in texts(state)
    assert "promote a patrician to Tribune" in texts(state)


# -- income ------------------------------------------------------------------------------
def test_income_tokens_quaestors_and_the_die():
    state = to_actions(new_game())
    put_tokens(state, SIX, PAUL, 5)  # alone, but 5 < 6: the tokens stay
    seat_magistrate(state, PAUL, QUAESTOR)
    seat_magistrate(state, PAUL, QUAESTOR)
    state.dice[PAUL] = 1
    all_pass(state)
    state.apply_action(A.StartCircuit(FOUR))
    while state.phase != phases.INCOME:  # finish the elections with the simplest choices
        state.apply_action(state.legal_actions()[0])
    assert state.phase == phases.INCOME and state.tokens[SIX][PAUL] == 5
    assert state.gold == [0, 5, 0, 0]  # 1 gold per token in the Provinces, paid as the phase begins
    act(state, A.TakeIncome(0, False))  # Susan (Prefect) first
    assert state.decider == PAUL
    assert "income: use 3 quaestor(s), use the income die" not in texts(state)
    act(state, A.TakeIncome(2, True))
    assert state.gold[PAUL] == 5 + 6 + 1
    assert state.dice[PAUL] == 1  # an ace stays an ace
    assert state.active[QUAESTOR][PAUL] == 0 and state.inactive[QUAESTOR][PAUL] == 2


def test_first_income_is_the_die_only_and_it_turns_down():
    state = new_game()
    act(state, A.TakeIncome(0, True))
    assert state.gold[SUSAN] == 6 and state.dice[SUSAN] == 5
    act(state, A.TakeIncome(0, False))
    assert state.gold[PAUL] == 0 and state.dice[PAUL] == 6


# -- bidding ------------------------------------------------------------------------------
def test_bidding_rules_and_the_gold_on_the_prefect_space():
    state = new_game(prefect=PAUL)
    for _ in range(4):
        act(state, A.TakeIncome(0, True))  # 6 gold each
    assert state.decider == PAUL and "pass the bidding" not in texts(state)  # the Prefect must bid
    act(state, A.Bid(0))
    assert "bid 0" not in texts(state) and "bid 1" in texts(state) and "bid 7" not in texts(state)
    act(state, A.Bid(2))  # Quentin
    act(state, A.PassBid())  # Rebecca passes: final
    act(state, A.Bid(3))  # Susan
    act(state, A.Bid(4))  # Paul
    act(state, A.PassBid())  # Quentin
    assert state.decider == SUSAN  # Rebecca is skipped
    act(state, A.PassBid())
    assert state.prefect == PAUL and state.prefect_gold == 4 and state.gold[PAUL] == 2
    assert state.gold[QUENTIN] == 6  # losers keep what they bid
    assert state.phase == phases.ACTIONS and state.decider == PAUL


def test_the_prefect_keeps_the_office_for_nothing_when_all_pass():
    state = to_actions(new_game(prefect=REBECCA))
    assert state.prefect == REBECCA and state.prefect_gold == 0


# -- action phase -------------------------------------------------------------------------------
def test_patricians_need_a_vacant_seat_and_go_in_inactive():
    state = to_actions(new_game(), gold=[9, 0, 0, 0])
    for seat in (PAUL, QUENTIN, REBECCA):
        seat_magistrate(state, seat, TRIBUNE)
    assert "promote a patrician to Tribune" not in texts(state)
    act(state, A.PromotePatrician(QUAESTOR))
    assert state.inactive[QUAESTOR][SUSAN] == 1 and state.gold[SUSAN] == 8


def test_promotion_needs_a_vacancy_or_a_rival_and_only_active_magistrates_rise():
    state = to_actions(new_game(), gold=[50, 0, 0, 0])
    seat_magistrate(state, SUSAN, PRAETOR)
    seat_magistrate(state, SUSAN, CONSUL, active=False)
    seat_magistrate(state, SUSAN, CONSUL, active=False)
    assert "promote a Praetor to Consul" not in texts(state)  # both Consuls are her own
    assert "promote a Consul to Censor" not in texts(state)  # inactive Magistrates cannot act
    assert "promote a Praetor to Censor" in texts(state)


def test_a_displaced_aedile_owner_chooses_the_row_and_quaestors_go_home():
    state = to_actions(new_game(), gold=[20, 0, 0, 0])
    seat_magistrate(state, SUSAN, QUAESTOR)
    for seat in (PAUL, PAUL, QUENTIN, REBECCA):
        seat_magistrate(state, seat, AEDILE)
    for seat in (PAUL, QUENTIN, REBECCA):
        seat_magistrate(state, seat, QUAESTOR, active=False)
    act(state, A.Promote(QUAESTOR, AEDILE))
    act(state, A.Displace(QUENTIN, True))
    assert state.phase == phases.DISPLACE_INTO and state.decider == QUENTIN
    act(state, A.DisplaceInto(QUAESTOR))  # the Quaestor row is full (Susan's seat was freed: 3 of 3)
    assert state.phase == phases.DISPLACE and state.decider == QUENTIN
    assert texts(state) == {"displace Player 2's inactive magistrate", "displace Player 4's inactive magistrate"}
    act(state, A.Displace(PAUL, False))
    assert state.patricians[PAUL] == 6 - 3 + 1 and state.phase == phases.ACTIONS
    assert state.active[QUAESTOR][QUENTIN] == 1  # it kept its active status


def test_tribune_places_free_and_ignores_equal_or_exceed():
    state = to_actions(new_game(), gold=[0, 0, 0, 0])
    put_tokens(state, SIX, PAUL, 5)
    seat_magistrate(state, SUSAN, TRIBUNE)
    act(state, A.TribunePlace(SIX))
    assert state.tokens[SIX][SUSAN] == 1 and state.inactive[TRIBUNE][SUSAN] == 1


def test_aedile_moves_any_token_and_praetor_returns_up_to_two():
    state = to_actions(new_game(), gold=[0, 0, 0, 0])
    put_tokens(state, SIX, PAUL, 5)
    seat_magistrate(state, SUSAN, AEDILE)
    seat_magistrate(state, PAUL, PRAETOR)
    act(state, A.AedileMove(PAUL, SIX, TWO))
    assert state.tokens[SIX][PAUL] == 4 and state.tokens[TWO][PAUL] == 1
    act(state, A.PraetorReturn(SIX, (PAUL, PAUL)))
    assert state.tokens[SIX][PAUL] == 2 and state.estate_tokens[PAUL] == 17


def test_consul_recalls_magistrates_and_governors_but_never_censor_or_dictator():
    state = to_actions(new_game(), gold=[0, 0, 0, 0])
    seat_magistrate(state, SUSAN, CONSUL)
    seat_magistrate(state, PAUL, CENSOR)
    seat_magistrate(state, PAUL, DICTATOR)
    seat_magistrate(state, PAUL, PRAETOR, active=False)
    win_tile(state, QUENTIN, tile(5, "suns"), governor=True)
    legal = texts(state)
    assert not any("Censor" in t or "Dictator" in t for t in legal if t.startswith("consul"))
    assert "consul: recall the governor of 5-Suns" in legal
    assert "consul: recall Player 1's active Consul" not in legal  # the acting Consul itself
    act(state, A.ConsulRecall(PRAETOR, PAUL, False))
    assert state.patricians[PAUL] == 6 - 2 and state.inactive[CONSUL][SUSAN] == 1


def test_governors_spend_province_gold_and_keep_it_past_the_turn():
    state = to_actions(new_game(), gold=[1, 0, 0, 0])
    win_tile(state, SUSAN, tile(6, "arms"), gold=10)
    seat_magistrate(state, SUSAN, QUAESTOR)
    assert state.available_gold(SUSAN) == 1
    act(state, A.AppointGovernor(QUAESTOR, tile(6, "arms")))
    assert state.available_gold(SUSAN) == 11 and state.governed[tile(6, "arms")]
    act(state, A.Pass())
    act(state, A.Pass())
    act(state, A.Pass())
    act(state, A.PlaceTokens(SIX, 3))  # 6 gold: 1 from the turn's gold, 5 from the Province
    assert state.gold[SUSAN] == 0 and state.tile_gold[tile(6, "arms")] == 5
    for _ in range(3):
        act(state, A.Pass())
    act(state, A.GovernorHome(tile(6, "arms")))
    assert state.available_gold(SUSAN) == 0 and state.patricians[SUSAN] == 6


def test_bribery_gives_gold_once_per_action_phase():
    state = to_actions(new_game(), gold=[10, 0, 0, 0])
    act(state, A.GiveGold(PAUL, 4))
    assert state.gold == [6, 4, 0, 0]
    for _ in range(3):
        act(state, A.Pass())
    assert state.decider == SUSAN
    with pytest.raises(IllegalAction, match="once per action phase"):
        act(state, A.GiveGold(PAUL, 1))


# -- elections ---------------------------------------------------------------------------------
def test_dictator_takes_a_province_outright_then_governs_it():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    seat_magistrate(state, QUENTIN, DICTATOR, active=False)
    put_tokens(state, SIX, QUENTIN, 1)
    put_tokens(state, SIX, PAUL, 9)
    all_pass(state)
    assert state.phase == phases.DICTATOR and state.decider == QUENTIN
    assert texts(state) == {"dictator: take province 3"}
    act(state, A.DictatorChoose(SIX))
    assert state.estate_tokens[PAUL] == 20 and state.tile_owner[EXAMPLE_CIRCUIT[SIX]] == QUENTIN
    act(state, A.DictatorGovern(True))
    assert state.governed[EXAMPLE_CIRCUIT[SIX]] and state.office_count(DICTATOR) == 0
    assert state.phase == phases.START and state.decider == SUSAN
    assert "start the electoral circuit at province 3" not in texts(state)


def test_a_dictator_without_tokens_goes_home_and_nothing_is_decided():
    state = to_actions(new_game())
    seat_magistrate(state, QUENTIN, DICTATOR)
    all_pass(state)
    assert state.phase == phases.START and state.patricians[QUENTIN] == 6


def _vote(state, slot, supports=()):
    """Start the circuit at `slot`; players add the listed supports, then everyone is done."""
    act(state, A.StartCircuit(slot))
    for office, supporter, beneficiary in supports:
        while state.decider != supporter:
            act(state, A.SupportDone())
        act(state, A.Support(office, beneficiary))
    while state.phase == phases.SUPPORT:
        act(state, A.SupportDone())


def test_a_majority_also_needs_the_provinces_value_in_tokens():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    put_tokens(state, SIX, PAUL, 5)  # alone but 5 < 6
    all_pass(state)
    _vote(state, SIX)
    assert state.slots[SIX] >= 0 and state.tokens[SIX][PAUL] == 5  # a lone participant is "all tied"


def test_magistrate_influence_can_decide_an_election():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    put_tokens(state, FOUR, PAUL, 4)
    put_tokens(state, FOUR, QUENTIN, 4)
    seat_magistrate(state, PAUL, AEDILE)
    all_pass(state)
    _vote(state, FOUR, supports=[(AEDILE, PAUL, PAUL)])
    assert state.tile_owner[EXAMPLE_CIRCUIT[FOUR]] == PAUL
    assert state.inactive[AEDILE][PAUL] == 1


def test_a_magistrate_may_support_a_rival():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    put_tokens(state, FOUR, PAUL, 4)
    put_tokens(state, FOUR, QUENTIN, 4)
    seat_magistrate(state, REBECCA, TRIBUNE)
    all_pass(state)
    _vote(state, FOUR, supports=[(TRIBUNE, REBECCA, QUENTIN)])
    assert state.tile_owner[EXAMPLE_CIRCUIT[FOUR]] == QUENTIN


def test_everyone_tied_removes_nothing_and_ties_for_least_remove_all_tied():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    put_tokens(state, FOUR, PAUL, 2)
    put_tokens(state, FOUR, QUENTIN, 2)
    put_tokens(state, FIVE, SUSAN, 3)
    put_tokens(state, FIVE, PAUL, 1)
    put_tokens(state, FIVE, QUENTIN, 1)
    all_pass(state)
    _vote(state, FOUR)
    assert state.tokens[FOUR] == [0, 2, 2, 0] and state.circuit_pos == 1
    assert state.phase == phases.REDISTRIBUTE and state.decider == PAUL
    act(state, A.ReturnHome())
    act(state, A.ReturnHome())
    assert state.tokens[FIVE] == [3, 0, 0, 0] and state.estate_tokens[PAUL] == 18


def test_the_last_provinces_losers_go_home_without_asking():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    put_tokens(state, ACE, PAUL, 1)
    put_tokens(state, ACE, QUENTIN, 3)
    all_pass(state)
    _vote(state, FOUR)  # the circuit runs 4, 5, 6, 3, 2, ace: the ace-Moons votes last
    while state.phase not in (phases.REFILL, phases.INCOME):
        act(state, state.legal_actions()[0])
    assert state.tile_owner[EXAMPLE_CIRCUIT[ACE]] == QUENTIN and state.estate_tokens[PAUL] == 20


def test_redistribution_never_goes_to_a_province_that_has_voted():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    put_tokens(state, FIVE, PAUL, 1)
    put_tokens(state, FIVE, QUENTIN, 3)
    all_pass(state)
    _vote(state, THREE)  # circuit: 3, 2, ace, 4, 5, 6
    while state.circuit[state.circuit_pos] != FIVE or state.phase == phases.SUPPORT:
        act(state, A.SupportDone()) if state.phase == phases.SUPPORT else act(state, state.legal_actions()[0])
    assert state.phase == phases.REDISTRIBUTE and state.decider == PAUL
    assert texts(state) == {"return the remaining tokens to the estate", "move 1 token(s) to province 3"}


# -- end of turn, final circuit, scoring ---------------------------------------------------------
def _finish_turn(state):
    while state.phase not in (phases.REFILL, phases.INCOME, phases.GAME_OVER, phases.START):
        act(state, state.legal_actions()[0])


def test_end_of_turn_refills_reactivates_and_surrenders_gold():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT), gold=[5, 5, 5, 5])
    put_tokens(state, FOUR, PAUL, 4)
    seat_magistrate(state, QUENTIN, AEDILE, active=False)
    all_pass(state)
    _vote(state, FOUR)
    _finish_turn(state)
    assert state.phase == phases.REFILL and state.refill_slots == [FOUR]
    state.apply_action(state.legal_actions()[0])
    assert state.phase == phases.INCOME and state.turn == 2
    assert state.active[AEDILE][QUENTIN] == 1 and state.inactive[AEDILE][QUENTIN] == 0
    assert state.gold == [0, 0, 0, 0]  # unused gold went back; nobody has tokens out for income


def test_final_circuit_when_tiles_run_out_plurality_wins_and_ties_discard():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    for t in list(state.pile):  # every other tile is already decided
        state.pile.remove(t)
        state.tile_owner[t] = REBECCA
    put_tokens(state, FOUR, PAUL, 4)
    put_tokens(state, FIVE, QUENTIN, 2)
    put_tokens(state, FIVE, SUSAN, 1)
    put_tokens(state, SIX, SUSAN, 2)
    put_tokens(state, SIX, PAUL, 2)
    all_pass(state)
    _vote(state, FOUR)  # Paul wins the 4-Arms: no tile can replace it
    _finish_turn(state)
    assert state.final == 1 and state.phase == phases.START
    _vote(state, FIVE)
    assert state.tile_owner[EXAMPLE_CIRCUIT[FIVE]] == QUENTIN  # 2 of 3, below the value: plurality suffices
    while state.phase == phases.REDISTRIBUTE:
        act(state, A.ReturnHome())
    while state.phase == phases.SUPPORT:
        act(state, A.SupportDone())
    assert state.discarded[EXAMPLE_CIRCUIT[SIX]]  # Susan and Paul tied at 2
    _finish_turn(state)
    assert state.is_terminal()
    result = state.result()
    assert result.scores[REBECCA] == sum(v for v in range(1, 7) for _ in range(4)) - (4 + 5 + 6 + 3 + 2 + 1)


def test_scores_add_provinces_governors_and_offices_and_break_ties():
    state = to_actions(new_game())
    win_tile(state, SUSAN, tile(5, "suns"), governor=True)  # 5 + 5 for its Governor
    seat_magistrate(state, PAUL, CENSOR)  # 6
    seat_magistrate(state, PAUL, QUAESTOR, active=False)  # 1
    seat_magistrate(state, QUENTIN, CONSUL)  # 4
    seat_magistrate(state, QUENTIN, TRIBUNE)  # 1
    win_tile(state, QUENTIN, tile(2, "moons"))  # 2
    seat_magistrate(state, REBECCA, PRAETOR)
    seat_magistrate(state, REBECCA, PRAETOR)  # 6 from offices
    win_tile(state, REBECCA, tile(1, "suns"))
    assert scores(state) == [10, 7, 7, 7]
    state.phase = phases.GAME_OVER
    result = state.result()
    # Paul, Quentin and Rebecca tie on 7; offices 7, 5, 6; Paul wins the tie-break for second place.
    assert result.ranking == [1, 2, 4, 3]
    assert result.reason == "influence"


def test_tie_on_influence_broken_by_offices_then_by_highest_magistrate():
    state = to_actions(new_game(players=3))
    seat_magistrate(state, 0, CONSUL)  # 4 in offices
    win_tile(state, 1, tile(4, "moons"))  # 4 from a Province
    state.phase = phases.GAME_OVER
    assert state.result().reason == "tiebreak: influence in the offices" and state.result().winners == [0]
    seat_magistrate(state, 1, AEDILE)
    seat_magistrate(state, 1, AEDILE)
    win_tile(state, 0, tile(4, "suns"))
    seat_magistrate(state, 2, PRAETOR)
    # Player 1: 4 + 4 = 8 (offices 4, Consul); player 2: 4 + 4 = 8 (offices 4, Aedile).
    assert state.result().reason == "tiebreak: highest magistrate" and state.result().winners == [0]


# -- bad input ----------------------------------------------------------------------------------
def test_illegal_actions_change_nothing_and_say_why():
    state = to_actions(new_game(), gold=[2, 0, 0, 0])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="costs 3 gold"):
        act(state, A.PlaceTokens(FOUR, 2))
    with pytest.raises(IllegalAction, match="not the bidding phase"):
        act(state, A.Bid(1))
    with pytest.raises(IllegalAction):
        act(state, "no such action")
    assert state.to_json() == before


def test_broken_state_json_is_refused_clearly():
    state = to_actions(new_game())
    data = state.to_json()
    game = state.game
    assert game.state_from_json(data).to_json() == data
    with pytest.raises(RecordError, match="tokens"):
        game.state_from_json({**data, "estate_tokens": [19, 20, 20, 20]})
    with pytest.raises(RecordError, match="gold"):
        game.state_from_json({**data, "bank": 5})
    with pytest.raises(RecordError, match="'slots'"):
        game.state_from_json({**data, "slots": [0] * (NUM_SLOTS + 1)})
    with pytest.raises(RecordError, match="players"):
        game.state_from_json({**data, "players": 3})


def test_a_chain_with_no_rival_left_pushes_down_the_choosers_own():
    state = to_actions(new_game(), gold=[12, 0, 0, 0])
    seat_magistrate(state, SUSAN, TRIBUNE)
    seat_magistrate(state, PAUL, CONSUL)
    seat_magistrate(state, REBECCA, CONSUL)
    for _ in range(4):
        seat_magistrate(state, PAUL, PRAETOR, active=False)
    act(state, A.Promote(TRIBUNE, CONSUL))
    act(state, A.Displace(PAUL, True))
    assert state.decider == PAUL and texts(state) == {
        "displace Player 2's active magistrate",
        "displace Player 2's inactive magistrate",
    }
    act(state, A.Displace(PAUL, False))
    assert state.inactive[AEDILE][PAUL] == 1 and state.active[PRAETOR][PAUL] == 1
    assert state.phase == phases.ACTIONS


def test_turn_limit_forces_the_final_circuit():
    game = magnates.load("magistratvm", players=3, turn_limit=1)
    state = game.new_initial_state()
    for t in EXAMPLE_CIRCUIT:
        state.apply_action(A.DrawTile(t))
    for value in (6, 1, 1):
        state.apply_action(A.RollDie(value))
    to_actions(state)
    put_tokens(state, FOUR, 1, 1)  # alone but 1 < 4: not won in the normal circuit
    all_pass(state)
    _vote(state, FOUR)
    _finish_turn(state)
    assert state.final == 1 and state.phase == phases.START and len(state.pile) == 18
    _vote(state, FOUR)
    assert state.tile_owner[EXAMPLE_CIRCUIT[FOUR]] == 1  # plurality, no value requirement
    _finish_turn(state)
    assert state.is_terminal() and state.result().winners == [1]


def test_a_discarded_provinces_gold_returns_to_the_bank():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT))
    for t in list(state.pile):
        state.pile.remove(t)
        state.tile_owner[t] = REBECCA
    state.prefect_gold += 4
    state.bank -= 4
    put_tokens(state, FOUR, PAUL, 4)
    put_tokens(state, FIVE, PAUL, 1)
    put_tokens(state, FIVE, QUENTIN, 1)
    all_pass(state)
    _vote(state, FOUR)  # Paul wins: no tile replaces it, so the final circuit follows at once
    _finish_turn(state)
    state.tile_gold[EXAMPLE_CIRCUIT[FIVE]] += 5  # gold left there by an earlier Prefect
    state.bank -= 5
    bank = state.bank
    _vote(state, FIVE)
    while state.phase == phases.REDISTRIBUTE:
        act(state, A.ReturnHome())
    assert state.discarded[EXAMPLE_CIRCUIT[FIVE]] and state.tile_gold[EXAMPLE_CIRCUIT[FIVE]] == 0
    assert state.tile_gold[EXAMPLE_CIRCUIT[FOUR]] == 4  # the Prefect's gold went with the 4-Arms to Paul
    assert state.bank == bank + 5


def test_wrong_chance_outcomes_are_refused_with_a_reason():
    state = magnates.load("magistratvm").new_initial_state()
    with pytest.raises(IllegalAction, match="a tile is drawn now"):
        state.apply_action(A.RollDie(3))
    with pytest.raises(IllegalAction, match="nobody is re-rolling"):
        state.apply_action(A.RollOffWinner(0))
    state.apply_action(A.DrawTile(0))
    with pytest.raises(IllegalAction, match="not among the face-down tiles"):
        state.apply_action(A.DrawTile(0))
    game_state = to_actions(new_game())
    with pytest.raises(IllegalAction, match="chance outcome, not a player's choice"):
        game_state.apply_action(A.DrawTile(1))
