"""Game-agnostic engine: the Game/State contract, actions, chance, errors, records.

The ground floor: it imports no other magnates package. Replaying a record by its game's name
needs the registry, so `replay` and `load_game` live in `magnates.records`.
"""

from magnates.core.actions import Action, ActionSpace
from magnates.core.chance import counted, sample, uniform
from magnates.core.errors import IllegalAction, MagnatesError, OptionError, RecordError
from magnates.core.game import CHANCE, TERMINAL, Game, Result, State, ranking_from_keys, require
from magnates.core.options import Option, parse_option_pairs, validate_options
from magnates.core.record import Record, load_record, replay_on, save

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionSpace",
    "Game",
    "IllegalAction",
    "MagnatesError",
    "Option",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "State",
    "counted",
    "load_record",
    "parse_option_pairs",
    "ranking_from_keys",
    "replay_on",
    "require",
    "sample",
    "save",
    "uniform",
    "validate_options",
]
