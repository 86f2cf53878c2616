"""A game stored under an older rules version still loads, replays and goes on (Magistratvm's
version 1 re-rolled a tie for Prefect die by die; version 2 draws the winner at once: D24). The
stored events are never rewritten: the game's upgrade is applied each time it is rebuilt."""

from __future__ import annotations

from pathlib import Path

import magnates
from magnates.games.magistratvm import actions as A
from magnates.server.service import GameService
from magnates.server.storage import ACTION, Store, StoredEvent, StoredGame


def test_a_version_1_game_with_a_tied_first_roll_loads_and_plays_on(tmp_path: Path) -> None:
    game = magnates.load("magistratvm", players=3)
    steps = [A.DrawTile(t) for t in range(6)]
    steps += [A.RollDie(5), A.RollDie(5), A.RollDie(2)]  # players 1 and 2 tie...
    steps += [A.RollDie(4), A.RollDie(4), A.RollDie(1), A.RollDie(6)]  # ...and again; then 2 wins
    actions = [game.action_space.id_of(a) for a in steps]
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    seats = [{"kind": "person", "name": name} for name in ("Ana", "Bea", "Cai")]
    stored = StoredGame("oldgame", "magistratvm", "1", {"players": 3}, seats, 7, "playing")
    store.create_game(stored, [StoredEvent(seq, ACTION, action, -1) for seq, action in enumerate(actions)])
    service = GameService(store)
    table = service.get("oldgame")  # loads, and plays the chance that was pending, storing it
    upgraded = game.upgrade_actions("1", actions)
    assert len(upgraded) < len(actions) and table.state.history[: len(upgraded)] == upgraded
    assert table.state.prefect == 1 and len(table.actors) == table.step
    seat = table.state.current_player()
    assert 0 <= seat < 3
    service.act(table, seat, table.state.legal_actions()[0], table.step)
    played = list(table.state.history)
    again = GameService(Store(f"sqlite:///{tmp_path / 'old.db'}")).get("oldgame")  # a restart
    assert list(again.state.history) == played  # the old prefix upgraded, the new moves as stored
