"""What the optional compiled build (scripts/build_compiled.sh) needs of the engine's classes.

`mypyc_attr` marks how a class behaves once compiled: `allow_interpreted_subclasses=True` on a class
that Python code subclasses or constructs, `serializable=True` on one that pickles field by field,
`native_class=False` on a class that needs a `__dict__`; in the pure-Python package (no
mypy_extensions installed) it changes nothing. `frozen_reduce` pickles a frozen dataclass through its
constructor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the engine needs only the standard library

    def mypyc_attr(*_flags: str, **_options: Any) -> Callable[[T], T]:  # type: ignore[misc]
        def unchanged(cls: T) -> T:
            return cls

        return unchanged


def frozen_reduce(obj: Any) -> tuple[Any, ...]:
    """`__reduce__` for a frozen dataclass: rebuilt by its constructor from its fields. Compiled, a
    frozen class refuses pickle's attribute-by-attribute restore; in pure Python the unpickled copy
    is equal either way."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj)))


__all__ = ["frozen_reduce", "mypyc_attr"]
