"""Errors raised by the engine. Both are ValueErrors so callers that only know
the standard library can still catch them."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class MagnatesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(MagnatesError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state is left exactly as it was: rules never mutate before validating.
    """


class OptionError(MagnatesError, ValueError):
    """Game options that are unknown, out of range, or do not make sense together."""


class RecordError(MagnatesError, ValueError):
    """A saved game or record that cannot be read or replayed."""


class InvariantError(MagnatesError, RuntimeError):
    """Something the code relies on and believed impossible has happened (a bug, not bad input).

    Raised instead of `assert`, which `python -O` removes, so the check holds in every run.
    """


def did_you_mean(word: object, choices: Iterable[object]) -> str:
    """` (did you mean 'x'?)` when `word` is a likely typo of one of `choices`, else ``."""
    names = [str(c) for c in choices]
    close = difflib.get_close_matches(str(word).strip().lower(), [n.lower() for n in names], n=1, cutoff=0.6)
    if not close:
        return ""
    match = next(n for n in names if n.lower() == close[0])
    return f" (did you mean {match!r}?)"
