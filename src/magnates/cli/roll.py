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
from magnates.core.options import parse_option_pairs
from magnates.games.magnate.cheatsheet import config_for
from magnates.games.magnate.roller import RollError, describe, producers, read_roll, roll

from .common import OPTION_HELP, PLAYERS_HELP, SEED_HELP, fail, pick_seed, user_errors


def parse_faces(text: str, what: str, zero_is_ten: bool = False) -> list[int]:
    """'7 1', '7,1' or '7-1' to numbers; a d10's 0 face reads as 10."""
    parts = [p for p in re.split(r"[\s,;/-]+", text.strip()) if p]
    try:
        faces = [int(p) for p in parts]
    except ValueError:
        fail(f'{what} are whole numbers, like "7 1"; got {text!r}')
    return [10 if zero_is_ten and f == 0 else f for f in faces]


def roll_command(
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=OPTION_HELP + " The Roller reads mega, players and taxation."),
    ] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    dice: Annotated[str | None, typer.Option(help='Your two d10, e.g. "7 1" (0 reads as 10).')] = None,
    tax: Annotated[str | None, typer.Option(help='Your taxation d6 after a 1, e.g. "3" or "3 5".')] = None,
    seed: Annotated[int | None, typer.Option(help=SEED_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    mega: Annotated[bool, typer.Option("--mega", hidden=True, help="Old spelling of --option mega=true.")] = False,
    three: Annotated[bool, typer.Option("--three", hidden=True, help="Old spelling of --players 3.")] = False,
    double_taxation: Annotated[
        bool, typer.Option("--double-taxation", hidden=True, help="Old spelling of --option taxation=double.")
    ] = False,
) -> None:
    """Roll for resources (2d10, then the taxation d6 on a 1) and say who is taxed and what produces.

    The variant is given as for every other command: `--option mega=true`, `--players 3`,
    `--option taxation=double`.
    """
    # --mega, --three and --double-taxation, this command's flags in earlier releases, still work
    # for this release as hidden aliases of those options.
    with user_errors():
        options: dict[str, object] = dict(parse_option_pairs(option or []))
        for flag, name, value in (
            (mega, "mega", True),
            (three, "players", 3),
            (double_taxation, "taxation", "double"),
        ):
            if flag:
                options[name] = value
        if players is not None:
            if "players" in options and str(options["players"]) != str(players):
                raise OptionError("--players and --option players=... disagree; give one of them")
            options["players"] = players
        config = config_for(options)
    seed = pick_seed(seed)
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
    rolled_d6 = bool(reading.tax_dice) and faces is None
    rolled_any = given is None or rolled_d6
    if as_json:
        data = reading.to_json(producers(config, reading))
        data["rolled"] = {"d10": given is None, "d6": rolled_d6}
        data["seed"] = seed if rolled_any else None
        data["text"] = lines
        typer.echo(json.dumps(data))
        return
    for line in lines:
        typer.echo(line)
    if given is not None and rolled_d6:
        typer.echo("(The Roller rolled the d6 for you; give --tax to use your own.)")
    if rolled_any:
        typer.echo(f"(seed {seed}: --seed {seed} rolls the same again)")
