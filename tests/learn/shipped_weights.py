"""The shipped weights files as the tests read them: each with the game and option set it was trained for."""

from __future__ import annotations

import magnates
from magnates.bots.learned import WEIGHTS_DIR, NumpyNet
from magnates.core.game import Game


def shipped_game(file: str) -> tuple[NumpyNet, Game]:
    """A shipped weights file and the game and option set it was trained for."""
    path = WEIGHTS_DIR / file
    assert path.exists(), f"{file} is listed in SHIPPED but is not package data"
    net = NumpyNet.load(path)
    return net, magnates.load(net.meta["game"], **net.meta["options"])
