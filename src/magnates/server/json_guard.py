"""JSON a client sends, looked at before anything parses it: no huge numbers, no deep nesting.

Python refuses to turn a string of more than 4,300 digits into an int (a ValueError that is not a
JSON error, so it escaped as a traceback), and the JSON decoder recurses once per `[` or `{` (a
64 KB body can nest 30,000 deep). Nothing the API takes needs either: a number here is an action
id, a step or an option, and the deepest body (an imported record) nests a handful of levels.

The check is cheap on the usual small message: two C-level scans (one regular expression for a
long run of digits, one count of brackets); only a text that trips one of them is looked at
closely, with its strings taken out (digits or brackets inside a string are only text).
"""

from __future__ import annotations

import re

MAX_DIGITS = 100  # digits in one number, integer part, fraction and exponent each
MAX_DEPTH = 32  # arrays and objects inside one another

_LONG_RUN = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


def json_problem(data: str | bytes) -> str | None:
    """What is wrong with this JSON text before it is parsed (None: it may be parsed).

    Bytes are read as Latin-1: digits, brackets, quotes and backslashes are ASCII, and no byte of a
    UTF-8 multi-byte character is, so nothing is misread and nothing can fail to decode.
    """
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    numbers_suspect = _LONG_RUN.search(text) is not None
    nesting_suspect = text.count("[") + text.count("{") > MAX_DEPTH
    if not (numbers_suspect or nesting_suspect):
        return None
    bare = _STRING.sub("", text)
    if numbers_suspect and _LONG_RUN.search(bare) is not None:
        return f"a number has more than {MAX_DIGITS} digits; no value the server takes is that long"
    if nesting_suspect:
        depth = 0
        for match in _BRACKETS.finditer(bare):
            if match.group() in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return f"arrays and objects are nested more than {MAX_DEPTH} deep"
            else:
                depth -= 1
    return None
