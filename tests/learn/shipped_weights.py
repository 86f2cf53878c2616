"""The shipped weights files as the tests read them: each with the game and option set it was trained for."""

from __future__ import annotations

import magnates
from magnates.bots.learned import SHIPPED_ALSO, WEIGHTS_DIR, NumpyNet, shipped_file
from magnates.core.game import Game


def shipped_game(file: str) -> tuple[NumpyNet, Game]:
    """A shipped weights file and the game and option set it was trained for."""
    path = WEIGHTS_DIR / file
    assert path.exists(), f"{file} is listed in SHIPPED but is not package data"
    net = NumpyNet.load(path)
    return net, magnates.load(net.meta["game"], **net.meta["options"])


def also_served() -> list[tuple[str, dict[str, object]]]:
    """Each shipped weights file with each option set it was measured and is offered for beside the one
    it was trained for (`SHIPPED_ALSO`), as full option sets."""
    served: list[tuple[str, dict[str, object]]] = []
    for file in SHIPPED_ALSO:
        net = shipped_file(file)
        assert net is not None, f"{file} is listed in SHIPPED_ALSO but is not package data"
        served.extend((file, options) for options in net.option_sets()[1:])
    return served
