"""Register the test-only dice race game for every test of this folder."""

from __future__ import annotations

import pytest

from magnates.games import REGISTRY


@pytest.fixture(autouse=True)
def race_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "race", "toy_race:RaceGame")
