"""Declared game options and their validation.

Each game lists its options as data (`Option`), so the CLI, the web lobby and
the error messages all come from one table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from magnates.core.errors import OptionError, did_you_mean

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One game option: its name, the values it takes and its default."""

    name: str
    default: Any
    choices: Sequence[Any] | None = None
    doc: str = ""

    def coerce(self, value: Any) -> Any:
        """Turn a value (possibly a string from the command line) into the option's type."""
        kind = type(self.default)
        if isinstance(value, str):
            text = value.strip().lower()
            if kind is bool:
                if text in _TRUE:
                    value = True
                elif text in _FALSE:
                    value = False
            elif kind is int:
                try:
                    value = int(text)
                except ValueError:
                    pass
        if kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name!r} takes true or false, not {value!r}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            hint = did_you_mean(value, self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}; got {value!r}{hint}")
        return value


def validate_options(
    game: str,
    declared: Sequence[Option],
    given: Mapping[str, Any],
    check: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Return the complete option dict, defaults filled in, or raise OptionError.

    `check` is the game's own test of combinations that make no sense together.
    """
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(sorted(by_name)) or "none"
        hint = did_you_mean(unknown[0], by_name) if len(unknown) == 1 else ""
        raise OptionError(f"{game} has no option {', '.join(map(repr, unknown))}{hint}; valid options: {valid}")
    result = {o.name: o.default for o in declared}
    for name, value in given.items():
        result[name] = by_name[name].coerce(value)
    if check is not None:
        check(result)
    return result


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """Parse command-line `NAME=VALUE` strings (values stay strings; games coerce them)."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"an option is written NAME=VALUE, not {pair!r}")
        result[name.strip()] = value.strip()
    return result
