"""Register the test-only dice-and-cards toy as game "toy" for every test of this folder."""

from __future__ import annotations

import pytest

from magnates.games import REGISTRY

TOY_TARGET = "dice_cards_toy:ToyGame"


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", TOY_TARGET)
