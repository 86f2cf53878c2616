"""The forced-lines study: a line narrows one seat's choices and nothing else; records read back."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from magnates.bots.random_bot import RandomBot
from magnates.core.chance import sample
from magnates.core.errors import OptionError
from magnates.core.record import Record
from magnates.games import load
from magnates.games.magistratvm.actions import Promote, PromotePatrician
from magnates.games.magistratvm.offices import AEDILE, PRAETOR
from magnates.studies.forced_lines import Narrowed, Task, climb, line, main, narrowed_seat, run, without


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.offered: list[list[int]] = []

    def choose(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
        self.offered.append(list(legal))
        return rng.choice(legal)  # type: ignore[no-any-return]


def test_without_a_kind_never_offers_it_unless_nothing_else_is_legal() -> None:
    game = load("magistrate", players=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    inner = Recorder()
    bot = Narrowed(inner, without("march"), "no-march")
    seen_march = False
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        seen_march |= any(game.action(a).kind == "march" for a in legal)
        action = bot.choose(game, state.view(state.current_player()), legal, rng)
        offered = inner.offered[-1]
        kinds = {game.action(a).kind for a in offered}
        assert "march" not in kinds or kinds == {"march"}
        assert set(offered) <= set(legal) and action in legal
        state.apply_action(action)
    assert seen_march  # the test reached positions where marching was legal


def test_climb_takes_the_highest_promotion_and_first_a_way_up() -> None:
    game = load("magistratvm", players=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked_high = checked_entry = 0
    for _ in range(20_000):
        if state.is_terminal() or (checked_high and checked_entry > 5):
            break
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.view(seat)
        chosen = climb(game, view, legal)
        assert set(chosen) <= set(legal)
        targets = {}
        for a in legal:
            act = game.action(a)
            if isinstance(act, Promote):
                targets[a] = act.target
            elif isinstance(act, PromotePatrician):
                targets[a] = act.office
        high = {a: t for a, t in targets.items() if t >= PRAETOR}
        if high:
            checked_high += 1
            assert chosen and all(targets[a] == max(high.values()) for a in chosen)
        elif chosen:
            checked_entry += 1
            assert all(targets[a] == AEDILE for a in chosen)
            assert not any(o["active"][seat] + o["inactive"][seat] for o in view["offices"][AEDILE:])
        state.apply_action(rng.choice(chosen) if chosen and rng.random() < 0.9 else rng.choice(legal))
    assert checked_high and checked_entry


def test_bad_lines_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(OptionError, match="no action kind 'flying'"):
        line("magistrate", "without:flying")
    with pytest.raises(OptionError, match="Magistratvm"):
        line("magnate", "climb")
    with pytest.raises(OptionError, match="unknown line"):
        line("magnate", "sideways")


def test_the_narrowed_seat_rotates_and_records_read_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert [narrowed_seat(i, 3) for i in range(6)] == [0, 1, 2, 0, 1, 2]
    task = Task("magistratvm", 3, (), "greedy", "climb", 7)
    outcomes = run(task, range(3), 1)
    pooled = run(task, range(3), 2)  # the project's process pool (spawned workers): the same games
    assert [(o.index, o.actions) for o in pooled] == [(o.index, o.actions) for o in outcomes]
    assert [o.bots[narrowed_seat(o.index, 3)] for o in outcomes] == ["greedy+climb"] * 3
    assert all(o.bots.count("greedy") == 2 for o in outcomes)
    out = tmp_path / "climb.jsonl"
    common = ["magistratvm", "--players", "3", "--line", "climb", "--bot", "greedy"]
    main([*common, "--games", "3", "--seed", "7", "--out", str(out)])
    played = capsys.readouterr().out
    main([*common, "--records", str(out)])
    assert capsys.readouterr().out == played  # the report rebuilds exactly from the records
    assert Record.from_json(json.loads(out.read_text().splitlines()[0])).game == "magistratvm"  # the project's format
    assert "3 finished games" in played and "| held a Praetor |" in played


def test_a_random_bot_narrowed_stays_within_the_legal_actions() -> None:
    game = load("magistratvm", players=3)
    bot = Narrowed(RandomBot(), lambda g, v, legal: [], "none")  # an empty narrowing leaves every action
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():  # the Prefect's die roll (ties roll again)
        state.apply_action(sample(state.chance_outcomes(), rng))
    legal = state.legal_actions()
    assert bot.choose(game, state.view(state.current_player()), legal, random.Random(1)) in legal


def test_bad_command_lines_exit_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["magistrate", "--players", "3", "--line", "without:flying"])
    assert stop.value.code == 2
    assert "no action kind 'flying'" in capsys.readouterr().err


def test_a_non_record_is_refused_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"index": 0}\n')
    with pytest.raises(SystemExit) as stop:
        main(["magistratvm", "--players", "3", "--line", "climb", "--records", str(bad)])
    assert stop.value.code == 2
    assert f"{bad}:1: the record lacks game, options, actions" in capsys.readouterr().err
    other = tmp_path / "other.jsonl"  # a real record, but of another game
    main(
        [
            "magistrate",
            "--players",
            "3",
            "--line",
            "without:march",
            "--bot",
            "random",
            "--games",
            "1",
            "--out",
            str(other),
        ]
    )
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["magistratvm", "--players", "3", "--line", "climb", "--records", str(other)])
    assert f"{other}:1: a magistrate game with" in capsys.readouterr().err
