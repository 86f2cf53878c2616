"""The Magnate Roller's answers: the variant's numbers and cheatsheet, and what a roll means.

Both come from Magnate's own modules (`cheatsheet`, `roller`), the same values the engine plays by.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import magnates
from magnates.core.errors import OptionError
from magnates.games.magnate import cheatsheet as magnate_cheatsheet
from magnates.games.magnate import roller as magnate_roller


def roller_sheet(options: dict[str, Any]) -> dict[str, Any]:
    """What the Roller page shows beside the dice: the variant's numbers and its cheatsheet (Markdown).

    Both come from Magnate's own modules (`Config`, `cheatsheet.render`), the
    same values the engine plays by; nothing about the rules is repeated here.
    """
    game = magnates.load("magnate", **options)
    config = magnate_cheatsheet.config_for(dict(options))
    return {
        "options": game.options,
        "config": dataclasses.asdict(config),
        "tax_dice": config.tax_dice,
        "markdown": magnate_cheatsheet.render(config),
    }


def roller_roll(
    options: dict[str, Any], dice: list[int] | None, tax_dice: list[int] | None, checked: bool = False
) -> dict[str, Any]:
    """Roll (or read dice rolled at a real table) and say what the roll means under this variant.

    `checked`: the options were already checked by loading the game (the server keeps its games per
    option set); otherwise they are checked here, an OptionError for bad ones like everywhere else.
    """
    if not checked:
        magnates.load("magnate", **options)
    config = magnate_cheatsheet.config_for(dict(options))
    if dice is not None:
        dice = [10 if face == 0 else face for face in dice]  # a d10's 0 face reads as 10
    try:
        if dice is None:
            reading = magnate_roller.roll(config, random.SystemRandom())
        elif tax_dice:
            reading = magnate_roller.read_roll(config, dice, tax_dice)
        else:
            reading = magnate_roller.read_roll(config, dice)
    except magnate_roller.RollError as err:
        raise OptionError(str(err)) from None
    data = reading.to_json(magnate_roller.producers(config, reading))
    data["lines"] = magnate_roller.describe(config, reading)
    return data
