"""Design data from files: the `design` option of Galactic Magnate and Magistrate.

A full exported design must play exactly the shipped game; one override must change what it says
and nothing else; every kind of bad file is refused with the field named; a record keeps the
design's content, so it replays after the file is gone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import magnates
from magnates.bots.registry import available, make_bot, unavailable
from magnates.core import design
from magnates.core.errors import OptionError, RecordError
from magnates.core.record import Record, load_record, replay_on, save
from magnates.games import entry
from magnates.games.galactic_magnate import monopolies
from magnates.games.galactic_magnate.board import PRISON
from magnates.sim.runner import play_game

GAMES = ("galactic-magnate", "magistrate")


def exported(game: str) -> dict[str, Any]:
    shipped = entry(game).design
    assert shipped is not None
    data: dict[str, Any] = json.loads(design.export(shipped(), game))
    return data


def write(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def actions_of(game: magnates.Game, seed: int = 5) -> list[int]:
    outcome = play_game(game, [make_bot("greedy", game) for _ in range(game.num_players)], seed, keep_actions=True)
    assert outcome.error is None
    return outcome.actions


@pytest.mark.parametrize("name", GAMES)
def test_the_exported_design_plays_exactly_the_shipped_game(name: str, tmp_path: Path) -> None:
    path = write(tmp_path / "shipped.json", exported(name))
    shipped, designed = magnates.load(name), magnates.load(name, design=path)
    assert "design" not in shipped.options  # a game without a design keeps the options it always had
    assert designed.options["design"] == {k: v for k, v in exported(name).items() if k != "game"}
    assert [str(a) for a in designed.action_space] == [str(a) for a in shipped.action_space]
    assert actions_of(designed) == actions_of(shipped)


@pytest.mark.parametrize("name", GAMES)
def test_design_shipped_is_the_game_without_a_design(name: str) -> None:
    assert magnates.load(name, design="shipped").options == magnates.load(name).options


def test_a_galactic_override_changes_its_tables_and_keeps_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path / "cheap.json", {"board": {"start_cash": {"2": 1000}, "rules": {"interest_percent": 50}}})
    game = magnates.load("galactic-magnate", players=2, design=path)
    shipped = magnates.load("galactic-magnate", players=2)
    assert game.new_initial_state().cash == [1000, 1000]
    assert game.tables.interest_percent == 50 and game.tables.start_cash[3] == shipped.tables.start_cash[3]
    assert game.tables.start_salary == shipped.tables.start_salary and game.tables.groups == shipped.tables.groups
    assert game.static_info()["tables"]["start cash"] == 1000
    assert shipped.new_initial_state().cash == [shipped.tables.start_cash[2]] * 2  # the shipped game is untouched


def test_galactic_fees_from_a_design_are_the_fees_charged(tmp_path: Path) -> None:
    groups = exported("galactic-magnate")["board"]["groups"]
    for group in groups:
        group["fees"] = [fee * 3 for fee in group["fees"]]
    game = magnates.load("galactic-magnate", design=write(tmp_path / "fees.json", {"board": {"groups": groups}}))
    state = game.new_initial_state()
    first = game.tables.groups[0].locations[0]
    state.level[0] = 1
    assert monopolies.monopoly_fee(state, first) == 3 * magnates.load("galactic-magnate").tables.groups[0].fees[0]
    assert actions_of(game) != actions_of(magnates.load("galactic-magnate"))


def test_a_magistrate_map_override_renames_and_rewires(tmp_path: Path) -> None:
    provinces = exported("magistrate")["map"]["provinces"]
    provinces[3]["name"] = "Gaul"
    provinces[3]["neighbours"].remove(10)  # Saltmere and Harbour Ward no longer touch, both ways
    provinces[10]["neighbours"].remove(3)
    game = magnates.load("magistrate", design=write(tmp_path / "gaul.json", {"map": {"provinces": provinces}}))
    texts = [str(a) for a in game.action_space]
    assert "fortify Gaul" in texts and not any("Saltmere" in t for t in texts)
    assert not any(key[:2] == (3, 10) for key in game.ids.march)
    assert game.comp.homes == magnates.load("magistrate").comp.homes  # the part not given keeps its value
    shipped_ids = magnates.load("magistrate").ids
    assert any(key[:2] == (3, 10) for key in shipped_ids.march)


def test_objects_merge_key_by_key(tmp_path: Path) -> None:
    game = magnates.load("magistrate", players=2, design=write(tmp_path / "h.json", {"map": {"homes": {"2": [1, 5]}}}))
    shipped = magnates.load("magistrate").comp
    assert game.comp.homes[2] == (1, 5) and game.comp.homes[3] == shipped.homes[3]
    assert game.new_initial_state() is not None


BAD: list[tuple[str, str, Any, str]] = [
    # (game, what is wrong, file content, what the error must say)
    ("magistrate", "not JSON", '{"map": {"provinces": [', "bad.json: not JSON: Expecting value at line 1"),
    ("magistrate", "not an object", "[1, 2]", "bad.json: a design file holds one JSON object, not a list"),
    ("magistrate", "wrong type", {"map": {"provinces": 3}}, "bad.json: map.provinces must be a list"),
    ("magistrate", "unknown key", {"map": {"provinzes": []}}, "map.provinzes: there is no field 'provinzes'"),
    ("magistrate", "bad reference", {"agent_ops": {"blocking_chips": {"2": [16]}}}, "blocking_chips.2[0]: 16 is not"),
    ("magistrate", "bad count", {"map": {"homes": {"2": [0]}}}, "map.homes.2: has 1 Homes"),
    ("magistrate", "too few cards", {"deck": {"cards": []}}, "deck.cards: has 0 cards"),
    ("magistrate", "another game's file", {"game": "galactic-magnate"}, "game: this design is for 'galactic-magnate'"),
    ("galactic-magnate", "not JSON", "{,}", "bad.json: not JSON"),
    ("galactic-magnate", "wrong type", {"board": {"start_cash": {"2": "lots"}}}, "board.start_cash.2 must be a whole"),
    ("galactic-magnate", "unknown key", {"board": {"rulez": {}}}, "board.rulez: there is no field 'rulez'"),
    ("galactic-magnate", "bad count", {"board": {"utility_fees": [1, 2]}}, "board.utility_fees must have 4 entries"),
    ("galactic-magnate", "fixed part", {"board": {"rules": {"raises": [5]}}}, "board.rules.raises: is fixed"),
    ("galactic-magnate", "event count", {"fortune": {"events": []}}, "fortune.events must have 12 entries"),
]


@pytest.mark.parametrize(("name", "what", "content", "says"), BAD, ids=[f"{b[0]}-{b[1]}" for b in BAD])
def test_a_bad_design_file_is_refused_naming_the_field(
    name: str, what: str, content: Any, says: str, tmp_path: Path
) -> None:
    path = write(tmp_path / "bad.json", content)
    with pytest.raises(OptionError) as caught:
        magnates.load(name, design=path)
    assert says in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)


def test_each_reference_and_invariant_of_the_map_is_checked(tmp_path: Path) -> None:
    def refused(edit: Any) -> str:
        provinces = exported("magistrate")["map"]["provinces"]
        edit(provinces)
        with pytest.raises(OptionError) as caught:
            magnates.load("magistrate", design=write(tmp_path / "m.json", {"map": {"provinces": provinces}}))
        return str(caught.value)

    assert "map.provinces[3].neighbours[2]: 14 is not a province (0 to 11)" in refused(
        lambda p: p[3]["neighbours"].__setitem__(2, 14)
    )
    assert "does not list Saltmere (roads go both ways)" in refused(lambda p: p[3]["neighbours"].append(8))
    assert 'map.provinces[3].neighbours[3]: "Gaul" is not a province' in refused(
        lambda p: p[3]["neighbours"].append("Gaul")
    )
    assert "(did you mean 'Harbour Ward'?)" in refused(lambda p: p[3]["neighbours"].__setitem__(2, "Harbor Ward"))
    assert "must be a whole number, not true/false" in refused(lambda p: p[3]["neighbours"].__setitem__(2, True))
    assert "map.provinces[2].id: is 7" in refused(lambda p: p[2].__setitem__("id", 7))


def test_the_galactic_layout_is_fixed(tmp_path: Path) -> None:
    locations = exported("galactic-magnate")["board"]["locations"]
    locations[5]["kind"] = "monopoly"
    with pytest.raises(OptionError, match=r"board\.locations\[5\]\.kind: .* not the layout"):
        magnates.load("galactic-magnate", design=write(tmp_path / "l.json", {"board": {"locations": locations}}))


def test_missing_and_unreadable_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="does not exist"):
        magnates.load("magistrate", design=str(tmp_path / "nope.json"))
    with pytest.raises(OptionError, match="is a folder"):
        magnates.load("magistrate", design=str(tmp_path))


@pytest.mark.parametrize("name", GAMES)
def test_a_record_replays_after_the_design_file_is_deleted(name: str, tmp_path: Path) -> None:
    data = exported(name)
    if name == "magistrate":
        data["map"]["provinces"][3]["name"] = "Gaul"
    else:
        data["board"]["start_cash"]["2"] = 2000
    path = tmp_path / "mine.json"
    game = magnates.load(name, players=2, design=write(path, data))
    actions = actions_of(game)
    saved = save(Record(game.name, game.version, dict(game.options), actions), tmp_path / "game.json")
    final = replay_on(game, actions)
    path.unlink()
    record = load_record(saved)
    again = magnates.load(record.game, **record.options)
    assert again.options == game.options
    assert replay_on(again, record.actions).to_json() == final.to_json()


def test_shown_options_name_a_design_by_its_fingerprint() -> None:
    content = {"map": {"homes": {"2": [1, 5]}}}
    shown = design.shown({"players": 2, "design": content})
    assert shown == {"players": 2, "design": f"design {design.fingerprint(content)}"}
    assert design.fingerprint(content) != design.fingerprint({"map": {"homes": {"2": [5, 1]}}})
    assert design.changes(exported("magistrate"), {"map": {"homes": {"2": [1, 5]}}}) == [
        "map.homes.2[0]",
        "map.homes.2[1]",
    ]


def test_the_learned_expert_is_not_offered_for_a_design(tmp_path: Path) -> None:
    shipped = magnates.load("galactic-magnate")
    assert "expert" in available(shipped)  # the shipped game keeps it: its options did not change
    game = magnates.load("galactic-magnate", design=write(tmp_path / "d.json", {"board": {"start_cash": {"2": 10}}}))
    assert "expert" not in available(game)
    assert "design file" in unavailable(game)["expert"] and "{" not in unavailable(game)["expert"]


def test_provinces_homes_and_cells_may_be_named(tmp_path: Path) -> None:
    data = exported("magistrate")
    names = [p["name"] for p in data["map"]["provinces"]]
    cells = [c["name"] for c in data["agent_ops"]["cells"]]
    for province in data["map"]["provinces"]:
        province["neighbours"] = [names[i] for i in province["neighbours"]]
    data["map"]["homes"]["2"] = ["Northgate", "Southreach"]
    data["agent_ops"]["blocking_chips"]["2"] = [cells[3], cells[6]]
    game = magnates.load("magistrate", players=2, design=write(tmp_path / "named.json", data))
    shipped = magnates.load("magistrate", players=2)
    assert game.comp == shipped.comp  # the same map, deck and board as the ids give
    assert game.options["design"]["map"]["homes"]["2"] == ["Northgate", "Southreach"]  # kept as written
    assert actions_of(game) == actions_of(shipped)


def test_keys_starting_with_an_underscore_are_notes(tmp_path: Path) -> None:
    data = {"_about": "why", "board": {"start_cash": {"_why": "shorter games", "2": 3000}, "rules": {"_x": 1}}}
    game = magnates.load("galactic-magnate", design=write(tmp_path / "notes.json", data))
    assert game.tables.start_cash[2] == 3000 and game.options["design"] == data  # kept in the record, never read
    assert game.design_data is not None and "_about" not in game.design_data
    assert design.changes(exported("galactic-magnate"), game.design_data) == ["board.start_cash.2"]


def test_a_saved_position_is_read_back_against_its_own_design(tmp_path: Path) -> None:
    """The strict loaders check a position by the game's tables: five turns in Prison is legal only where
    the design says so."""
    path = write(tmp_path / "long.json", {"board": {"rules": {"prison_turns": 5}}})
    game, shipped = magnates.load("galactic-magnate", design=path), magnates.load("galactic-magnate")
    data = game.new_initial_state().to_json()
    data["prison"][0] = 5
    data["pos"][0] = PRISON
    assert game.state_from_json(data).to_json() == data
    with pytest.raises(RecordError, match="prison"):
        shipped.state_from_json(data)
