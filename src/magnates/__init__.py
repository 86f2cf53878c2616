"""magnates: play, study and build AI for Magnate, Galactic Magnate, Magistrate and Magistratvm."""

from magnates.core import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    MagnatesError,
    OptionError,
    Record,
    RecordError,
    Result,
    State,
    load_record,
    sample,
    save,
)
from magnates.games import games as game_names  # not `games`: that name is the subpackage
from magnates.games import load
from magnates.records import load_game, replay

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Game",
    "IllegalAction",
    "MagnatesError",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "State",
    "game_names",
    "load",
    "load_game",
    "load_record",
    "replay",
    "sample",
    "save",
]
