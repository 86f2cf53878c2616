"""`magnates play`: play a game in the terminal against bots, other people, or real dice.

Bots and chance are driven exactly as the simulator drives them (one seeded
stream for chance, one per seat), so a game between bots played here is the
same game `magnates.sim.play_game` plays with that seed. Input is read line by
line from stdin, which also works when it is piped: a test can play a whole game.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from magnates.bots.code_bots import is_code_bot
from magnates.bots.policy import LEARNED_PREFIXES
from magnates.bots.registry import available, make_bot
from magnates.bots.thinking import THINKING, decision_seconds, parse_settings
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.errors import IllegalAction, MagnatesError, OptionError, did_you_mean
from magnates.core.game import CHANCE, Game, State
from magnates.core.record import load_record, replay_on, save
from magnates.games import load
from magnates.sim.runner import chance_rng, derive_seed, seat_rng

from .common import (
    DEFAULT_BOT,
    DEFAULT_BOT_HELP,
    INTERRUPTED,
    OPTION_HELP,
    PLAYERS_HELP,
    SEED_HELP,
    fail,
    load_game,
    mark_interruption_said,
    pick_seed,
    typed_bot,
    user_errors,
)
from .hot_seat import HotSeat
from .outputs import check_save_file
from .view import MenuEntry, Renderer, action_menu, find_renderer, log_lines, render_menu, seat_name, show_view

HUMAN = "human"
SAVE_FAILED = 2
"""Exit status when the game could not be saved to --save (a path that cannot be written)."""

HELP_TEXT = """\
Type the number of an action, or its text (or the start of its text, if only
one action begins that way). In a Galactic Magnate trade offer, "offer 230",
"ask 120" or "no cash" sets the offer's cash in one go. Other commands:
  show        show the game and the actions again
  save FILE   save the game to FILE (load it later with --load FILE)
  help        this text
  quit        leave the game (saved first if --save was given)"""

DICE_HELP = """\
Roll the real dice and type what they show, e.g. "{example}" (the numbers in
the order the outcome is written, or the outcome's whole text). "#N" picks the
Nth outcome of the list; a number alone is never read as a place in the list.
Other commands: list, save FILE, help, quit."""

DICE_FORMS = "type the dice as they show (e.g. {example!r}), the outcome's text, or #N for the Nth of 'list'"


class EndOfInput(Exception):
    """stdin closed before the game ended."""


class Quit(Exception):
    """The player typed quit."""


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


class PlaySession:
    """One game at the terminal: whose seat is whose, the streams, the log, the prompts."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: Sequence[str],
        seed: int,
        console: Console,
        read_line: Callable[[], str | None],
        *,
        dice_manual: bool = False,
        save_path: Path | None = None,
        echo_input: bool = False,
        bot_settings: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.seed = seed
        self.console = console
        self.read_line = read_line
        self.dice_manual = dice_manual
        self.save_path = save_path
        self.echo_input = echo_input
        self.saved = False
        self.renderer: Renderer | None = find_renderer(game.name)
        self.bots: dict[int, Bot] = {
            s: make_bot(name, game, bot_settings) for s, name in enumerate(seats) if name != HUMAN
        }
        resumed = len(state.history)
        if resumed == 0:
            self.dice = chance_rng(seed)
            self.rngs = [seat_rng(seed, s) for s in range(game.num_players)]
        else:  # a loaded game continues with fresh streams of its own
            self.dice = random.Random(derive_seed(seed, "chance", "resume", resumed))
            self.rngs = [random.Random(derive_seed(seed, "seat", s, "resume", resumed)) for s in range(len(seats))]
        self.seen = {s: resumed for s, name in enumerate(seats) if name == HUMAN}
        self.viewers: list[int | None] = [*self.seen, None]
        self.actors, self.texts = actors_of(game, state.history, self.viewers)
        self.hot_seat = HotSeat(list(self.seen))  # people sharing the terminal hand it over between turns
        self.planned: list[int] = []  # the actions still to play of a typed shorthand (Game.typed_plan)

    def warn(self, message: str) -> None:
        self.console.print(f"[yellow]warning:[/] {escape(message)}", soft_wrap=True)

    # -- the game loop -----------------------------------------------------------
    def run(self) -> int:
        """Play to the end; the exit status (0 also when the player quits or input ends, 130 on Ctrl-C)."""
        try:
            while not self.state.is_terminal():
                self.step()
        except Quit:
            self.autosave()
            self.console.print("You left the game." + self.saved_note(), soft_wrap=True, markup=False)
            return self.status(0)
        except KeyboardInterrupt:
            self.autosave()
            self.console.print("\nInterrupted." + self.saved_note(), soft_wrap=True, markup=False)
            return INTERRUPTED
        except EndOfInput:
            self.autosave()
            self.console.print(
                "\nEnd of input: the game was left unfinished." + self.saved_note(), soft_wrap=True, markup=False
            )
            return self.status(0)
        self.autosave()
        self.show_end()
        return self.status(0)

    def step(self) -> None:
        player = self.state.current_player()
        if player == CHANCE:
            outcomes = self.state.chance_outcomes()
            if self.dice_manual and all(self.game.action(a).is_dice for a, _ in outcomes):
                action = self.ask_dice([a for a, p in outcomes if p > 0])
            else:
                action = sample(outcomes, self.dice)
        elif player in self.bots:
            bot = self.bots[player]
            action = bot.choose(self.game, self.state.view(player), list(self.state.legal_actions()), self.rngs[player])
            if action not in self.state.legal_actions():
                fail(f"the {self.seats[player]} bot at {seat_name(player)} chose an illegal action ({action})", 1)
        else:
            action = self.ask_human(player)
        self.texts.append({v: self.state.describe(action, v) for v in self.viewers})  # worded before it happens
        self.state.apply_action(action)
        self.actors.append(player)

    # -- what a person sees ---------------------------------------------------------
    def show_log(self, since: int, viewer: int | None) -> None:
        """The actions since `since`, worded as `viewer` may read them (others' draws are not named)."""
        lines = log_lines([t[viewer] for t in self.texts[since:]], self.actors[since:])
        if lines:
            self.console.print("[bold]What happened:[/]")
            for line in lines:
                self.console.print(f"  {line}", markup=False)

    def show_decision(self, player: int, menu: Sequence[MenuEntry]) -> None:
        self.console.print(Rule(f"{seat_name(player)} to decide", style="dim"))
        self.show_log(self.seen.get(player, len(self.state.history)), player)
        self.console.print(
            show_view(self.game, self.state.view(player), self.renderer, f"You are {seat_name(player)}", self.warn)
        )
        self.console.print(render_menu(menu))

    def show_end(self) -> None:
        humans = [s for s, name in enumerate(self.seats) if name == HUMAN]
        self.console.print(Rule("Game over", style="dim"))
        viewer = humans[0] if len(humans) == 1 else None
        self.show_log(min((self.seen[s] for s in humans), default=len(self.state.history)), viewer)
        self.console.print(show_view(self.game, self.state.view(viewer), self.renderer, "Final position", self.warn))
        result = self.state.result()
        table = Table(title="Result", title_justify="left")
        table.add_column("Seat")
        table.add_column("Played by")
        table.add_column("Place", justify="right")
        table.add_column("Score", justify="right")
        for seat in sorted(range(len(result.ranking)), key=lambda s: result.ranking[s]):
            score = result.scores[seat]
            shown = str(int(score)) if float(score).is_integer() else f"{score:.2f}"
            table.add_row(seat_name(seat), self.seats[seat], str(result.ranking[seat]), shown)
        self.console.print(table)
        if result.is_draw:
            verdict = "A draw"
        elif result.winner is not None:
            verdict = f"{seat_name(result.winner)} wins"
        else:
            verdict = f"{seat_name(0)} loses"  # a solo game lost to the game itself
        self.console.print(f"[bold]{escape(verdict)}[/] (decided by: {escape(result.reason)})")
        if len(humans) == 1 and self.save_path is not None and self.saved:
            self.console.print(
                f"See how you played: magnates review {self.save_path} --seat {humans[0] + 1} "
                "(add --practice to try your mistakes again).",
                markup=False,
                soft_wrap=True,
            )

    # -- input ---------------------------------------------------------------------
    def prompt(self, text: str) -> str:
        self.console.print(f"[bold]{text}[/]> ", end="")
        self.console.file.flush()
        line = self.read_line()
        if line is None:
            raise EndOfInput
        line = line.strip()
        if self.echo_input:
            self.console.print(line, markup=False, highlight=False)
        return line

    def command(self, line: str) -> bool:
        """Handle help/save/quit; True if `line` was one of them."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word == "quit" and not rest:
            raise Quit
        if word == "save":
            if not rest.strip():
                self.console.print("Say where: save FILE")
            else:
                self.save_to(Path(rest.strip()))
            return True
        return False

    def ask_human(self, player: int) -> int:
        legal = self.state.legal_actions()
        if self.planned and self.planned[0] in legal:  # the rest of a typed shorthand ("offer 230")
            self.seen[player] = len(self.state.history) + 1
            return self.planned.pop(0)
        self.planned = []
        menu = action_menu(self.game, legal)
        if not self.hot_seat.hand_over(player, self.console, self.read_line):
            raise EndOfInput
        self.show_decision(player, menu)
        while True:
            line = self.prompt(f"{seat_name(player)}, your choice")
            if not line:
                continue
            if self.command(line):
                continue
            if line.lower() == "help":
                self.console.print(HELP_TEXT, markup=False)
                continue
            if line.lower() == "show":
                self.show_decision(player, menu)
                continue
            try:
                plan = self.game.typed_plan(self.state, player, line)
            except ValueError as err:
                self.console.print(f"{line!r}: {err}.", markup=False)
                continue
            if plan is not None and not plan:
                self.console.print("The offer already holds that much cash.", markup=False)
                continue
            if plan:
                self.planned = plan[1:]
                self.seen[player] = len(self.state.history) + 1
                return plan[0]
            choice = self.match_action(line, menu)
            if isinstance(choice, str):
                self.console.print(choice, markup=False)
                continue
            self.seen[player] = len(self.state.history) + 1
            return choice

    def match_action(self, line: str, menu: Sequence[MenuEntry]) -> int | str:
        """The action id a person meant, or the message explaining why nothing matched."""
        if line.isdigit():
            number = int(line)
            if 1 <= number <= len(menu):
                return menu[number - 1].action
            return f"There is no action {number}: choose 1 to {len(menu)} (or type help)."
        legal = {entry.action for entry in menu}
        try:
            action = self.game.parse_action(line)
        except IllegalAction:
            action = None
        if action is not None:
            if action in legal:
                return action
            return f"{line!r} is not allowed now. Choose one of the listed actions (or type help)."
        starts = [entry for entry in menu if entry.text.lower().startswith(line.lower())]
        if len(starts) == 1:
            return starts[0].action
        if len(starts) > 1:
            return f"{line!r} could be {len(starts)} actions: " + "; ".join(e.text for e in starts[:5])
        return f"No action is written {line!r}. Type a number from 1 to {len(menu)}, an action's text, or help."

    def ask_dice(self, outcomes: Sequence[int]) -> int:
        texts = [self.game.action_to_string(a) for a in outcomes]
        example = " ".join(map(str, _numbers(texts[-1]))) or texts[-1]
        kind = self.game.action(outcomes[0]).kind.replace("_", " ")
        self.console.print(f"[bold]Dice ({escape(kind)}):[/] roll and type the result, e.g. {escape(repr(example))}.")
        if len(texts) <= 12:
            self.console.print(", ".join(f"#{i + 1} {t}" for i, t in enumerate(texts)), markup=False)
        while True:
            line = self.prompt("Dice")
            if not line or self.command(line):
                continue
            if line.lower() == "help":
                self.console.print(DICE_HELP.format(example=example), markup=False)
                continue
            if line.lower() == "list":
                self.console.print(", ".join(f"#{i + 1} {t}" for i, t in enumerate(texts)), markup=False)
                continue
            choice = self.named_outcome(line, outcomes)
            if choice is None:
                choice = match_dice(line, outcomes, texts)
            if choice is None:
                forms = DICE_FORMS.format(example=example)
                self.console.print(f"{line!r} is not a possible roll here: {forms}.", markup=False, soft_wrap=True)
                continue
            return choice

    def named_outcome(self, line: str, outcomes: Sequence[int]) -> int | None:
        """The outcome the game itself reads `line` as (its text or an alias such as a tax die's
        face, "4"), if that is one of the possible outcomes."""
        try:
            action = self.game.parse_action(line)
        except (IllegalAction, ValueError, KeyError):
            return None
        return action if action in outcomes else None

    # -- saving ---------------------------------------------------------------------
    def save_to(self, path: Path) -> bool:
        """Save the game at `path`; False (said on the console) when it could not be written."""
        try:
            save(self.state, path, seats=self.seats, seed=self.seed)
        except OSError as err:
            self.console.print(f"Could not save to {path}: {err.strerror}", markup=False, soft_wrap=True)
            return False
        self.console.print(f"Saved to {path}.", markup=False, soft_wrap=True)
        return True

    def autosave(self) -> None:
        """Save to --save as the game ends or is left; a failure is remembered for the exit status."""
        if self.save_path is not None:
            self.saved = self.save_to(self.save_path)

    def saved_note(self) -> str:
        """How to continue, said only when the game was really saved."""
        return f" Continue it with --load {self.save_path}." if self.save_path is not None and self.saved else ""

    def status(self, code: int) -> int:
        """The exit status: `code`, or 2 (a path that cannot be written) when --save failed."""
        return SAVE_FAILED if code == 0 and self.save_path is not None and not self.saved else code


def match_dice(line: str, outcomes: Sequence[int], texts: Sequence[str]) -> int | None:
    """The dice outcome a person typed, or None if it names no single possible outcome.

    Tried in turn: the outcome's whole text; "#N" (the Nth outcome listed); the
    numbers the dice show, compared with the last numbers of each outcome's
    text in order, then in any order ("3 7" finds "roll 7 3"); words that occur
    in exactly one outcome's text ("moons" finds "tax Moons"). A lone number that
    matches no roll is refused rather than read as the Nth outcome: at a dice prompt
    "5" means a die showing 5, and taking it as a place in the list would record
    another roll without a word.
    """
    lowered = line.lower().strip()
    for action, text in zip(outcomes, texts, strict=True):
        if text.lower() == lowered:
            return action
    if lowered.startswith("#"):
        number = lowered[1:].strip()
        if number.isdigit() and 1 <= int(number) <= len(outcomes):
            return outcomes[int(number) - 1]
        return None
    typed = _numbers(line)
    if typed:
        for same in (lambda a, b: a == b, lambda a, b: sorted(a) == sorted(b)):
            found = [
                action
                for action, text in zip(outcomes, texts, strict=True)
                if len(_numbers(text)) >= len(typed) and same(_numbers(text)[-len(typed) :], typed)
            ]
            if len(found) == 1:
                return found[0]
        return None
    words = lowered.split()
    found = [
        action for action, text in zip(outcomes, texts, strict=True) if all(w in text.lower().split() for w in words)
    ]
    return found[0] if len(found) == 1 else None


def actors_of(
    game: Game, history: Sequence[int], viewers: Sequence[int | None]
) -> tuple[list[int], list[dict[int | None, str]]]:
    """Who took each action of a history (a seat, or CHANCE) and its log text per viewer, by replaying it."""
    state = game.new_initial_state()
    actors: list[int] = []
    texts: list[dict[int | None, str]] = []
    for action in history:
        actors.append(state.current_player())
        texts.append({v: state.describe(action, v) for v in viewers})
        state.apply_action(action)
    return actors, texts


def parse_seats(game: Game, seats: str | None, vs: str | None) -> list[str]:
    """The seat list: `--seats a,b,...` as given, or a person at seat 1 and `--vs` elsewhere."""
    names = available(game)
    if seats is not None and vs is not None:
        raise OptionError("give --seats or --vs, not both")
    if seats is not None:
        chosen = [typed_bot(s) for s in seats.split(",")]
        if len(chosen) != game.num_players:
            raise OptionError(f"--seats names {len(chosen)} seats but {game.name} has {game.num_players} here")
    else:
        opponent = typed_bot(vs or (DEFAULT_BOT if DEFAULT_BOT in names else "random"))
        chosen = [HUMAN] + [opponent] * (game.num_players - 1)
    for name in chosen:
        if name.startswith(LEARNED_PREFIXES) or is_code_bot(name):
            make_bot(name, game)  # a missing weights file or bot file, or a mismatched one, fails here, saying why
        elif name != HUMAN and name not in names:
            hint = did_you_mean(name, [HUMAN, *names])
            raise OptionError(f"no bot {name!r} for {game.name}{hint}; choose human or: {', '.join(sorted(names))}")
    return chosen


def _stdin_line() -> str | None:
    line = sys.stdin.readline()
    return line if line else None


def play_command(
    game_name: Annotated[str | None, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")] = None,
    vs: Annotated[str | None, typer.Option("--vs", help=f"The bot at every other seat ({DEFAULT_BOT_HELP}).")] = None,
    seats: Annotated[str | None, typer.Option(help="Who plays each seat, e.g. human,greedy or human,human.")] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help=SEED_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    dice: Annotated[
        str, typer.Option(help="auto: roll the dice; manual: type in the dice rolled at a real table.")
    ] = "auto",
    save_path: Annotated[
        Path | None, typer.Option("--save", help="Save the game here when it ends or you leave.")
    ] = None,
    load_path: Annotated[
        Path | None, typer.Option("--load", help="Continue a game saved with --save or 'save FILE'.")
    ] = None,
    bot_set: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="A setting of every bot seat (repeatable): seconds=S, the time for each whole decision "
            f"of a search bot, or thinking=NAME ({', '.join(THINKING)}); default: the bot's own.",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots (or people at the same keyboard)."""
    if dice not in ("auto", "manual"):
        fail(f"--dice takes auto or manual, not {dice!r}")
    if save_path is not None:
        check_save_file(save_path)  # before the game: a game played to the end must not be lost
    with user_errors():
        if load_path is not None:
            if option or players is not None:
                raise OptionError("a loaded game keeps its own options; drop --option and --players")
            record = load_record(load_path)
            if game_name is not None and game_name != record.game:
                raise OptionError(f"{load_path} is a game of {record.game}, not {game_name}")
            game = load(record.game, **record.options)
            state = replay_on(game, record.actions)
            if seats is None and vs is None and isinstance(record.meta.get("seats"), list):
                seats = ",".join(map(str, record.meta["seats"]))
            if seed is None and isinstance(record.meta.get("seed"), int):
                seed = record.meta["seed"]
        elif game_name is None:
            raise OptionError("name a game (see `magnates games`) or give --load FILE")
        else:
            game = load_game(game_name, option or [], players)
            state = game.new_initial_state()
        seat_list = parse_seats(game, seats, vs)
        settings = parse_settings(bot_set or [])
        decision_seconds(settings)  # a bad value fails here, before the game starts
        if settings and all(name == HUMAN for name in seat_list):
            raise OptionError("--set sets the bots' thinking time, but every seat here is a person")
    seed = pick_seed(seed)
    console = Console(highlight=False)
    console.print(
        f"[bold]{game.title}[/] - seats: "
        + ", ".join(f"{seat_name(s)} {name}" for s, name in enumerate(seat_list))
        + f" - seed {seed}"
    )
    try:
        session = PlaySession(
            game,
            state,
            seat_list,
            seed,
            console,
            _stdin_line,
            dice_manual=dice == "manual",
            save_path=save_path,
            echo_input=not sys.stdin.isatty(),
            bot_settings=settings,
        )
        code = session.run()
    except MagnatesError as err:
        fail(str(err), 1)
    if code == INTERRUPTED:
        mark_interruption_said()  # the game said so itself, and where it was saved
    raise typer.Exit(code)
