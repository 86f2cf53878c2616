"""The rules cheatsheet of the Magnate Roller page, rendered for one set of options.

Every count in the text (decks, tokens per suit, d6, cards dealt, card plays a
turn, hand size at the end, Pawns, Crowns each, reshuffles and which exhaustion
ends the game) is read from the variant's `Config`, and the district layout
from `districts.layout`, the very values the engine plays by. That way the
sheet a table reads and the game the computer runs cannot drift apart (a test
parses the numbers back out and checks them against real games).
"""

from __future__ import annotations

from typing import Any

from magnates.core.options import validate_options
from magnates.decktet import PAWNS
from magnates.games.magnate.cards import COURT_DEVELOP_COST, COURT_RANK, build_deck
from magnates.games.magnate.districts import layout
from magnates.games.magnate.options import OPTIONS as MAGNATE_OPTIONS
from magnates.games.magnate.options import Config, check_options, config_from_options

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth")
TIMES = ("never", "once", "twice")
TAX_FACES = "1 Moons, 2 Suns, 3 Waves, 4 Leaves, 5 Wyrms, 6 Knots"


def words(n: int) -> str:
    """Small counts as words, as the rules print them ("two d6"); larger ones as digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def plural(n: int, noun: str) -> str:
    return f"{words(n)} {noun}{'' if n == 1 else 's'}"


def player_name(side: int, config: Config) -> str:
    if config.solo:
        return "you" if side == 0 else "the automa"
    return f"Player {side + 1}"


def config_for(options: dict[str, Any]) -> Config:
    """Validated options (OptionError with the reason if not) to the variant's numbers."""
    return config_from_options(validate_options("magnate", MAGNATE_OPTIONS, options, check_options))


# -- sections ------------------------------------------------------------------------------


def _title(c: Config) -> list[str]:
    name = "Mega Magnate" if c.mega else "Magnate"
    kind = f"solo game against the automa ({c.automa})" if c.solo else f"{words(c.players)} players"
    return [f"# {name}: rules cheatsheet", "", f"*{kind}, {words(c.districts)} districts*"]


def _components(c: Config) -> list[str]:
    deck = build_deck(c)
    decks = "two Decktets" if c.decks == 2 else "one Decktet"
    return [
        "## What you need",
        "",
        f"This game takes {decks}, about {c.tokens_per_suit} tokens of each suit, "
        f"and this Roller or two d10 and {words(c.tax_dice)} d6. "
        f"{len(deck)} property cards go into the draw pile.",
    ]


def _districts(c: Config) -> list[str]:
    districts = layout(c)
    pawns = [d for d in districts if not d.is_excuse]
    has_excuse = any(d.is_excuse for d in districts)
    lines = ["## Districts", ""]
    if c.three:
        lines.append(
            f"Set out the Excuse and {plural(len(pawns), 'Pawn')} in a Y shape, the Excuse at the centre, "
            "one arm of two Pawns pointing between each pair of neighbours. "
            "The two players beside an arm contest its Pawns; all three contest the Excuse:"
        )
        lines.append("")
        for d in districts:
            names = [player_name(s, c) for s in d.contested_by]
            who = " and ".join([", ".join(names[:-1]), names[-1]])
            lines.append(f"- {d.name}: {who}")
    else:
        order = ", ".join(d.name for d in districts)
        if has_excuse:
            lines.append(
                f"Set out the Excuse and {plural(len(pawns), 'Pawn')} in a line between "
                f"{'you and the automa' if c.solo else 'the players'}, the Excuse in the middle: {order}."
            )
        else:
            lines.append(
                f"Set out the {plural(len(pawns), 'Pawn')} in a line between "
                f"{'you and the automa' if c.solo else 'the players'}: {order}. "
                "This is the original four-district game: the Excuse is not a district and stays in the box."
            )
    borrowed = sum(1 for d in pawns if d.marker.copy > 0)
    owned = len(PAWNS) * c.decks
    unused = owned - len(pawns)
    if c.mega and borrowed:
        lines += ["", f"Set aside the second Excuse and {words(unused)} of the second Decktet's Pawns."]
    elif c.mega:
        lines += ["", f"Set aside the second Excuse and the second Decktet's {plural(unused, 'Pawn')}."]
    elif borrowed:
        lines += [
            "",
            f"The {plural(borrowed, 'extra Pawn')} come from a second Decktet. Without one, two Crowns may stand "
            "in as Pawns: then deal the other four Crowns one to each player and set the last aside "
            "(this program plays the second-Decktet form).",
        ]
    lines.append("")
    lines.append(
        f"These {plural(len(districts), 'district')} are what you play for"
        + (f" (each player builds in {words(sum(1 for d in districts if 0 in d.contested_by))})" if c.three else "")
        + ". Each side builds on its own side of a district, and whoever has the higher total rank there "
        "controls it (as in Battle Line)."
    )
    return lines


def _crowns(c: Config) -> list[str]:
    total = len(build_deck(c).crowns)
    if c.solo:
        deal = (
            f"Deal the {total} Crowns evenly: {words(c.crowns_each)} to you and {words(c.crowns_each)} "
            "to the automa. You take one token of each of your Crowns' suits; the automa takes none."
        )
    else:
        deal = (
            f"Deal the {total} Crowns evenly: {words(c.crowns_each)} to each player, kept on their own side. "
            "Each player takes one token of each of their Crowns' suits."
        )
    return ["## Crowns", "", deal]


def _courts(c: Config) -> list[str]:
    if c.courts:
        text = (
            f"The Courts are shuffled in as properties. A Court costs {COURT_DEVELOP_COST} tokens of its suits "
            f"(at least one of each), never produces, and counts {COURT_RANK} in its district."
        )
    else:
        text = "Courts are off: they are removed from the deck."
    return [
        "## Courts",
        "",
        text + " (Courts as trading posts, a variant named without rules, is not supported.)",
    ]


def _deal(c: Config) -> list[str]:
    return [
        "## Deal",
        "",
        f"Shuffle the property cards and deal {plural(c.cards_dealt, 'card')} "
        + ("to you (the automa has no hand)." if c.solo else "to each player. ")
        + ("" if c.solo else "There is no official way to pick who starts; here Player 1 does."),
    ]


def _solo(c: Config) -> list[str]:
    if not c.solo:
        return []
    lines = [
        "## The automa",
        "",
        "You take every turn. The automa has no tokens and collects nothing, not even on a 10. "
        "When you sell a card you still take its tokens, but the card is built as a developed property "
        "on the automa's side, in a district of your choice where it fits by the usual suit rule. "
        "Only a card that fits nowhere there is discarded.",
    ]
    if c.automa == "hard":
        lines += [
            "",
            "Hard automa: if the sold card shares a suit with one of the automa's Crowns, it must be placed "
            "by matching that suit wherever that is possible; only otherwise may it match by its other suit.",
        ]
    return lines


def _turn(c: Config) -> list[str]:
    taxed = "those suits" if c.tax_dice > 1 else "that suit"
    double = "Double taxation" if c.taxation == "double" else "Taxation"
    ace_cost = c.ace_develop_cost
    plays = plural(c.plays_per_turn, "card")
    return [
        "## On your turn",
        "",
        f"1. **Roll** two d10. {double}: if either shows a 1, roll {words(c.tax_dice)} d6 ({TAX_FACES}); "
        f"everyone keeps at most one token of {taxed}. Tokens on deeds are safe. Then everyone "
        f"{'(not the automa) ' if c.solo else ''}collects on the higher die: a 10 pays one token per Crown; "
        "a 2 to 9 pays each property of that rank one token per suit (a deed: one token of one of its suits); "
        "a pair of 1s pays one token per Ace. Courts never produce.",
        f"2. **Play {plays}** (exactly {words(c.plays_per_turn)} this turn), and as often as you like "
        "trade three tokens of one suit for one of another, or put tokens on your deeds.",
        "   - *Buy a deed*: one token of each suit on the card (an Ace: one), paid to the bank; "
        "no other card joins that district on your side until the deed is complete.",
        f"   - *Develop outright*: tokens equal to the rank, all of the card's suits, at least one of each "
        f"(an Ace costs {words(ace_cost)} of its suit; a Court {COURT_DEVELOP_COST}).",
        "   - *Sell*: one token per suit on the card (an Ace: two of its suit).",
        "   - Placing: your first card in a district shares a suit with its Pawn (anything goes next to the "
        "Excuse); each later card shares a suit with the card before it.",
        f"3. **Draw** back up to {plural(c.cards_dealt, 'card')}.",
    ]


def _end(c: Config) -> list[str]:
    who = "you take" if c.solo else "every player takes"
    if c.reshuffles:
        pile = f"Reshuffle the discards {TIMES[c.reshuffles]}; "
    else:
        pile = "Never reshuffle the discards (one pass through the deck); "
    pile += f"the {ORDINALS[c.ending_exhaustion]} time the draw pile runs out, {who} one more turn."
    if c.aces == "official":
        aces = "An Ace counts one for each property on your side of its district that shares its suit, itself included."
    else:
        aces = "Original Ace rule: an Ace counts 1."
    tie = (
        "Most districts wins. A tie on districts goes to the higher total rank of all developed properties, "
        "then to the most tokens left; after that it is a draw."
    )
    if c.three:
        tie += (
            " With three players a district goes to the one highest total among those who contest it, "
            "and the tie-breaks are applied in order among the leaders."
        )
    if c.solo:
        tie += " The automa's side is scored the same way; beat it to win."
    return [
        "## Game end",
        "",
        pile,
        "",
        f"Then everyone discards the hand of {plural(c.final_hand_size, 'card')} and any unfinished deeds "
        "with the tokens on them.",
        "",
        f"In each district, total the ranks on each side; the strictly highest total controls it. "
        f"Courts count {COURT_RANK}. {aces} {tie}",
    ]


def render(config: Config) -> str:
    """The whole cheatsheet as Markdown."""
    sections = [
        _title(config),
        _components(config),
        _districts(config),
        _crowns(config),
        _courts(config),
        _deal(config),
        _solo(config),
        _turn(config),
        _end(config),
    ]
    return "\n\n".join("\n".join(s) for s in sections if s) + "\n"


def render_options(options: dict[str, Any]) -> str:
    """The cheatsheet for `magnates.load("magnate", **options)` (OptionError if they are bad)."""
    return render(config_for(options))
