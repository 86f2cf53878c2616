"""Errors raised by the engine. Both are ValueErrors so callers that only know
the standard library can still catch them."""


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
