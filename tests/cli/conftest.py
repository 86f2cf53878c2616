"""CLI tests use the simulator's toy game (tests/sim/dice_cards_toy.py), registered as "toy".

The folder is put on sys.path here so that worker processes started with
"spawn" (which inherit sys.path) can import the toy too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from magnates.games import REGISTRY

TOY_DIR = Path(__file__).resolve().parent.parent / "sim"
if str(TOY_DIR) not in sys.path:
    sys.path.insert(0, str(TOY_DIR))

TOY_TARGET = "dice_cards_toy:ToyGame"


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", TOY_TARGET)
