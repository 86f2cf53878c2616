"""What the service refuses, and with which HTTP status (the app maps each to its answer)."""

from __future__ import annotations

from typing import Any

from magnates.core.errors import MagnatesError


def excerpt(value: Any, limit: int = 40) -> str:
    """A short, quoted piece of what a client sent, for an error message (never the whole input)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ServiceError(MagnatesError):
    """A request the service refuses; `status` is the HTTP status that fits it."""

    status = 400


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    """The request is well-formed but does not fit the game now (illegal, stale, not your turn)."""

    status = 409


class BadInput(ServiceError):
    """A request whose values have the wrong type or size (a negative action id, a string for a number)."""

    status = 422


class Stale(Conflict):
    """A move decided at another step than the game's: refused, with the current step to look again."""

    def __init__(self, message: str, step: int) -> None:
        super().__init__(message)
        self.step = step


class Repeated(Exception):
    """The same seat sent the same move for the same step again: it was applied once; answer as before."""

    def __init__(self, step: int) -> None:
        super().__init__(step)
        self.step = step
