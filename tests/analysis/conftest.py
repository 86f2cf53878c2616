"""Register the test-only dice race game for the tests of this folder (module fixtures need it too)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from magnates.games import REGISTRY


@pytest.fixture(autouse=True, scope="module")
def race_registered() -> Iterator[None]:
    REGISTRY["race"] = "toy_race:RaceGame"
    yield
    REGISTRY.pop("race", None)
