"""The engine contract's own behaviour: options, action parsing, records."""

import pytest

import magnates
from magnates.core import IllegalAction, Option, OptionError, Record, RecordError, parse_option_pairs, validate_options


def test_options_coerce_command_line_strings_and_name_valid_values():
    declared = (Option("players", 2, (1, 2, 3)), Option("mega", False))
    assert validate_options("g", declared, {"players": "3", "mega": "yes"}) == {"players": 3, "mega": True}
    with pytest.raises(OptionError, match="true or false"):
        validate_options("g", declared, {"mega": "perhaps"})
    with pytest.raises(OptionError, match="one of 1, 2, 3"):
        validate_options("g", declared, {"players": "7"})
    with pytest.raises(OptionError, match="valid options: mega, players"):
        validate_options("g", declared, {"speed": "1"})


def test_option_pairs_must_be_name_equals_value():
    assert parse_option_pairs(["districts=4", " mega = true "]) == {"districts": "4", "mega": "true"}
    with pytest.raises(OptionError, match="NAME=VALUE"):
        parse_option_pairs(["districts"])


def test_actions_parse_from_id_text_json_and_are_refused_clearly():
    game = magnates.load("magnate")
    action_id = game.parse_action("sell The Mill")
    action = game.action(action_id)
    assert game.parse_action(action.to_json()) == action_id
    assert game.parse_action(action) == action_id
    assert game.parse_action("SELL the mill") == action_id
    assert game.parse_action(action_id) == action_id
    with pytest.raises(IllegalAction, match="outside this game's action space"):
        game.parse_action(10**6)
    with pytest.raises(IllegalAction, match="no action has the JSON form"):
        game.parse_action({"type": "sell", "card": "The Moon"})
    with pytest.raises(IllegalAction, match="is not an action"):
        game.parse_action(True)  # type: ignore[arg-type]


def test_dice_can_be_typed_in_either_order():
    game = magnates.load("magnate")
    assert game.parse_action("3 7") == game.parse_action("7 3") == game.parse_action("roll 7 3")


def test_records_from_another_rules_version_are_refused():
    record = Record("magnate", "0", {}, [])
    with pytest.raises(RecordError, match="rules version 0"):
        magnates.replay(record)


def test_records_must_hold_integer_actions():
    with pytest.raises(RecordError, match="integer action ids"):
        Record.from_json({"game": "magnate", "options": {}, "actions": ["sell"]})
