"""How long a search may think: a number of simulations, a number of seconds, or both.

A budget in simulations makes a bot deterministic given its random stream (the arena and the tests
rely on that); a budget in seconds adapts to the machine. With both, whichever runs out first ends
the search. `cpu_seconds` bounds the CPU time of the searching thread instead of the wall clock: a
search then does the same work on a busy machine as on a quiet core (only slower), which is what
"half a second a decision on one core" means, and what a match on a shared machine should measure.
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    simulations: int | None = None
    seconds: float | None = None
    cpu_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.simulations is None and self.seconds is None and self.cpu_seconds is None:
            raise ValueError("a search budget needs simulations, seconds or CPU seconds (or several)")
        if self.simulations is not None and self.simulations < 1:
            raise ValueError(f"a search needs at least one simulation, not {self.simulations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a search needs a positive number of seconds, not {self.seconds}")
        if self.cpu_seconds is not None and self.cpu_seconds <= 0:
            raise ValueError(f"a search needs a positive number of CPU seconds, not {self.cpu_seconds}")

    def start(self) -> Clock:
        return Clock(self)

    def __str__(self) -> str:
        parts = []
        if self.simulations is not None:
            parts.append(f"{self.simulations} simulations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        if self.cpu_seconds is not None:
            parts.append(f"{self.cpu_seconds:g} s of CPU")
        return " or ".join(parts)


class Clock:
    """Counts simulations and watches the time of one search."""

    __slots__ = ("cpu_deadline", "deadline", "done", "limit")

    def __init__(self, budget: Budget) -> None:
        self.done = 0
        self.limit = budget.simulations
        self.deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        # the searching thread's own CPU time: other threads (a server's other games) do not count
        self.cpu_deadline = None if budget.cpu_seconds is None else time.thread_time() + budget.cpu_seconds

    def running(self) -> bool:
        """True while another simulation may start (at least one always runs)."""
        if self.done == 0:
            return True
        if self.limit is not None and self.done >= self.limit:
            return False
        if self.cpu_deadline is not None and time.thread_time() >= self.cpu_deadline:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline

    def tick(self) -> None:
        self.done += 1
