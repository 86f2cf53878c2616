"""Account names: what may be one, and the key that makes two names the same.

A name is 2 to 24 letters, digits, spaces and `-_.'`, in one script (Latin, Cyrillic, Greek, ...;
digits and the marks go with any), after Unicode NFKC. Two names are the same when their keys are:
the key folds case and the characters that look alike (UTS #39's idea of a *skeleton*, on a small
table of the look-alikes that matter in names: Cyrillic and Greek letters drawn as Latin ones, `0`
and `O`, `1`, `I` and `l`, `rn` and `m`, the separators). So "Ana", "ANA", "Аna" (a Cyrillic А) and
"Ana " are one name; the first to sign up holds it, and a mixed-script name is refused outright.
"""

from __future__ import annotations

import unicodedata

from magnates.server.errors import BadInput

MIN_NAME, MAX_NAME = 2, 24
SEPARATORS = " -_.'"

# Look-alikes folded to one character (after NFKC, before case folding), from UTS #39's table.
_LOOKALIKE = str.maketrans(
    {
        # Cyrillic drawn as Latin
        "а": "a", "А": "a", "в": "b", "В": "b", "е": "e", "Е": "e", "ё": "e", "к": "k", "К": "k",
        "м": "m", "М": "m", "н": "h", "Н": "h", "о": "o", "О": "o", "р": "p", "Р": "p", "с": "c",
        "С": "c", "т": "t", "Т": "t", "у": "y", "У": "y", "х": "x", "Х": "x", "і": "l", "І": "l",
        "ї": "l", "ј": "j", "Ј": "j", "ѕ": "s", "Ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g",
        "һ": "h", "ӏ": "l", "Ӏ": "l",
        # Greek drawn as Latin
        "Α": "a", "α": "a", "Β": "b", "β": "b", "Ε": "e", "ε": "e", "Η": "h", "Ι": "l", "ι": "l",
        "Κ": "k", "κ": "k", "Μ": "m", "Ν": "n", "ν": "v", "Ο": "o", "ο": "o", "Ρ": "p", "ρ": "p",
        "Τ": "t", "τ": "t", "Υ": "y", "υ": "u", "Χ": "x", "χ": "x", "Ζ": "z",
        # Latin and digits alike
        "0": "o", "O": "o", "1": "l", "I": "l", "i": "l", "|": "l", "5": "s", "ı": "l",
        # separators: "ana_b", "ana.b" and "ana b" are one name
        "-": "_", " ": "_", ".": "_", "'": "_",
    }
)  # fmt: skip


def script(char: str) -> str | None:
    """The script of a letter (its Unicode name's first word: LATIN, CYRILLIC, ...); None for the rest."""
    if not char.isalpha():
        return None
    return unicodedata.name(char, "UNKNOWN").split(" ")[0]


def clean_account_name(value: str) -> str:
    """The name as it is kept and shown (NFKC, spaces collapsed), or BadInput saying what is wrong."""
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise BadInput(f"a name is {MIN_NAME} to {MAX_NAME} characters; this one has {len(name)}")
    odd = sorted({c for c in name if not (c.isalnum() or c in SEPARATORS)})
    if odd:
        raise BadInput(f"a name holds letters, digits, spaces and - _ . ' only; not {''.join(odd[:5])!r}")
    if not any(c.isalnum() for c in name):
        raise BadInput("a name needs at least one letter or digit")
    scripts = {s for s in map(script, name) if s is not None}
    if len(scripts) > 1:
        raise BadInput(
            f"a name is written in one script; this one mixes {', '.join(sorted(scripts)).lower()} "
            "(letters that look alike could pass for another player's name)"
        )
    return name


def name_key(name: str) -> str:
    """What makes two names the same: NFKC, look-alikes folded, case folded, accents and separators out."""
    text = unicodedata.normalize("NFKC", name).translate(_LOOKALIKE).casefold()
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = text.translate(_LOOKALIKE).replace("rn", "m").replace("vv", "w")
    return "_".join(part for part in text.split("_") if part)
