"""Decision estimates kept by (record, step), so a review asked twice, or a hint asked again during
a live game, is not searched again.

The key is the record's prefix up to the decision (game, version, options and the actions before
it) with the coach's settings: the estimate depends on nothing else. The prefix holds hidden chance
outcomes, so keys are hashed, and they are used for lookup only, never fed to the estimate.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from magnates.analysis.estimate import DecisionEstimate


def decision_key(
    game: str, version: str, options: Mapping[str, Any], actions: Sequence[int], step: int, settings: str
) -> str:
    """The cache key of the decision at `step` (the index of the action about to be chosen)."""
    text = json.dumps(
        [game, str(version), dict(options), list(actions[:step]), step, settings], sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()


class ReviewCache:
    """A bounded in-memory store of decision estimates, least recently used dropped first."""

    def __init__(self, size: int = 20000) -> None:
        if size < 1:
            raise ValueError(f"a cache holds at least one estimate, not {size}")
        self.size = size
        self._items: OrderedDict[str, DecisionEstimate] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> DecisionEstimate | None:
        found = self._items.get(key)
        if found is None:
            self.misses += 1
            return None
        self._items.move_to_end(key)
        self.hits += 1
        return found

    def put(self, key: str, estimate: DecisionEstimate) -> None:
        self._items[key] = estimate
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)
