"""The round: Update Resources, the six phases in the sheet's order, the First Player token."""

from __future__ import annotations

import itertools
import random

from magnates.games.magistrate.components import components
from magnates.games.magistrate.phases import ACTIONS, MATERIAL
from position_cases import check_clone_copies_every_field

from .helpers import card_with, dealt, give, random_playout


def test_material_discards_are_limited_to_one_per_ring_and_give_the_corner_cubes():
    state = dealt(3)
    cubes = card_with(state, lambda c: c.cubes == (2, 1, 0))
    give(state, 0, [cubes])
    assert state.stage == MATERIAL and state.current_player() == 0
    supply = list(state.supply[0])
    state.apply_action(state.ids.material[cubes])
    assert state.supply[0] == [supply[0] + 2, supply[1] + 1, supply[2]]
    assert not any(state.ids.kind_of[a] == "material" for a in state.legal_actions())  # 1 Ring: 1 discard


def test_secret_evidence_is_one_face_down_card_and_ends_the_step():
    state = dealt(3)
    card = state.hands[0][0]
    state.apply_action(state.ids.secret[card])
    assert state.secret[0] == [card] and card not in state.hands[0]
    assert state.current_player() == 1


def test_phases_run_in_the_sheets_order_and_the_first_player_token_passes_left():
    state = dealt(4, seed=3)
    rng = random.Random(3)
    seen: list[tuple[int, int, int]] = []

    def note(s):
        if s.stage == ACTIONS and not s.is_chance_node():
            seen.append((s.round, s.phase, s.first))

    random_playout(state, rng, note)
    for (r1, p1, f1), (r2, p2, f2) in itertools.pairwise(seen):
        if r1 == r2:
            assert p2 >= p1 and f1 == f2
        else:
            assert r2 == r1 + 1 and f2 == (f1 + 1) % 4
    assert seen[0][2] == 0


def test_the_game_ends_with_seven_or_more_scoring_rounds():
    for seed in range(5):
        state = random_playout(dealt(2, seed), random.Random(seed))
        assert state.scoring_rounds >= components().scoring_rounds_to_end
        assert len(state.scored) == state.scoring_rounds


def test_clone_copies_every_field_of_the_position():
    from magnates.games.magistrate.position import FIELDS

    state = dealt(3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    engine = {"game", "layout", "comp", "ids", "n", "home", "blocked", "history"}
    check_clone_copies_every_field(state, engine | {name for name, _ in FIELDS})
