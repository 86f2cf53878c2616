"""`magnates roll`: the Magnate Roller, for people playing with real cards.

It rolls 2d10 (and, on a 1, the variant's taxation d6) and says what the roll
does: which suits are taxed and what produces. Dice rolled at the table can be
typed in instead (`--dice "7 1" --tax 3`); whatever is not given is rolled.
The meaning comes from `magnates.games.magnate.roller`, the count of d6 from
the same `Config` the engine plays by.
"""

from __future__ import annotations

import json
import random
import re
from typing import Annotated

import typer

from magnates.core.errors import OptionError
from magnates.games.magnate.cheatsheet import config_for
from magnates.games.magnate.roller import RollError, describe, producers, read_roll, roll

from .common import fail, user_errors


def parse_faces(text: str, what: str, zero_is_ten: bool = False) -> list[int]:
    """'7 1', '7,1' or '7-1' to numbers; a d10's 0 face reads as 10."""
    parts = [p for p in re.split(r"[\s,;/-]+", text.strip()) if p]
    try:
        faces = [int(p) for p in parts]
    except ValueError:
        fail(f'{what} are whole numbers, like "7 1"; got {text!r}')
    return [10 if zero_is_ten and f == 0 else f for f in faces]


def roll_command(
    mega: Annotated[bool, typer.Option("--mega", help="Mega Magnate: two d6 on a taxation.")] = False,
    three: Annotated[bool, typer.Option("--three", help="The three-player game.")] = False,
    double_taxation: Annotated[
        bool, typer.Option("--double-taxation", help="Double taxation: two d6 on a taxation.")
    ] = False,
    dice: Annotated[str | None, typer.Option(help='Your two d10, e.g. "7 1" (0 reads as 10).')] = None,
    tax: Annotated[str | None, typer.Option(help='Your taxation d6 after a 1, e.g. "3" or "3 5".')] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the dice the Roller rolls (default: unseeded).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Roll for resources (2d10, then the taxation d6 on a 1) and say who is taxed and what produces."""
    options: dict[str, object] = {"mega": mega, "players": 3 if three else 2}
    if double_taxation:
        options["taxation"] = "double"
    with user_errors():
        config = config_for(options)
    rng = random.Random(seed)
    given = parse_faces(dice, "--dice", zero_is_ten=True) if dice is not None else None
    faces = parse_faces(tax, "--tax") if tax is not None else None
    try:
        if faces is not None:
            if given is None:
                raise RollError("--tax needs the d10 it follows: give --dice too")
            reading = read_roll(config, given, faces)
        else:
            reading = roll(config, rng, given)
    except (RollError, OptionError) as err:
        fail(str(err))
    lines = describe(config, reading)
    if as_json:
        data = reading.to_json(producers(config, reading))
        data["rolled"] = {"d10": given is None, "d6": bool(reading.tax_dice) and faces is None}
        data["text"] = lines
        typer.echo(json.dumps(data))
        return
    for line in lines:
        typer.echo(line)
    if given is not None and reading.tax_dice and faces is None:
        typer.echo("(The Roller rolled the d6 for you; give --tax to use your own.)")
