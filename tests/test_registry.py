"""The game registry: one entry per game names what it provides, and every tool reads it there."""

from __future__ import annotations

import io
import subprocess
import sys
import types

import pytest
from rich.console import Console

import magnates
from magnates.bots.playout import game_hooks
from magnates.core import OptionError
from magnates.core.game import Game
from magnates.games import REGISTRY, GameEntry, entry, entry_of, game_class, games, resolve

GAMES = ["galactic-magnate", "magistrate", "magistratvm", "magnate"]


def test_the_four_games_are_registered_by_name() -> None:
    assert games() == GAMES


@pytest.mark.parametrize("name", GAMES)
def test_each_entry_names_its_game_and_what_it_provides(name: str) -> None:
    found = entry(name)
    assert found.name == name == found.game.name and found.title == found.game.title
    assert game_class(name) is found.game
    game = magnates.load(name)
    assert entry_of(game) is found
    assert found.renderer is not None and found.cheatsheet is not None and found.search is not None
    console = Console(file=io.StringIO(), width=120, record=True)
    console.print(found.renderer(game, game.new_initial_state().view(0)))
    assert console.export_text().strip()
    assert found.title.split()[0] in found.cheatsheet(dict(game.options))
    assert game_hooks(game) == found.search.as_dict()
    # only Magnate's plan check weighs margins, and plays later moves by a sharper policy
    optional = {"final_margins", "check_action"} if name == "magnate" else set()
    # Magistrate and Magistratvm value a search that plays to win (`objective="win"`)
    if name in ("magistrate", "magistratvm"):
        optional.add("first_place_values")
    assert set(found.search.as_dict()) == {"heuristic", "leaf_values", "rollout_action", *optional}


def test_only_magnate_has_a_designer_analysis() -> None:
    assert [name for name in GAMES if entry(name).analysis is not None] == ["magnate"]
    analysis = entry("magnate").analysis
    assert analysis is not None
    assert analysis.analyze(magnates.load("magnate").options, [5]).tables


def test_an_unknown_game_is_refused_with_a_suggestion() -> None:
    with pytest.raises(OptionError, match="did you mean 'magnate'"):
        entry("magnat")


def test_a_bare_game_class_stands_for_an_entry_with_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    magnate_class = game_class("magnate")
    module = types.ModuleType("registered_by_a_test")
    module.Bare = magnate_class  # type: ignore[attr-defined]
    module.Other = object()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "registered_by_a_test", module)
    assert resolve("registered_by_a_test:Bare") == GameEntry(game=magnate_class)
    with pytest.raises(TypeError, match="neither a GameEntry nor a Game class"):
        resolve("registered_by_a_test:Other")


def test_a_game_that_is_not_registered_has_no_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    game = magnates.load("magnate")
    monkeypatch.delitem(REGISTRY, "magnate")
    assert entry_of(game) is None
    assert isinstance(game, Game) and game_hooks(game) == {}


def test_a_record_replays_through_the_registry() -> None:
    state = magnates.load("magnate").new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    replayed = magnates.replay(state.record().to_json())
    assert replayed.to_json() == state.to_json()


def test_the_games_subpackage_is_reachable_from_the_top_package() -> None:
    """`magnates.games` is the subpackage (the list of names is `magnates.game_names()`), so the usual
    `import magnates.games.X as m` and `magnates.games.entry` work after `import magnates`."""
    script = (
        "import magnates\n"
        "import magnates.games.magnate.bots as bots\n"
        "print(isinstance(magnates.games, type(magnates)), magnates.games.entry('magnate').name, bots.__name__)\n"
        "print(magnates.game_names())"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    first, names = shown.splitlines()
    assert first == "True magnate magnates.games.magnate.bots"
    assert all(name in names for name in GAMES)
