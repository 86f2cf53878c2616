"""Records of rules version 1 (the re-roll for Prefect die by die) replay under version 2 (D24)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import magnates
from magnates import RecordError
from magnates.games.magistratvm import actions as A

STUDY = Path(__file__).resolve().parents[2] / "docs" / "studies" / "strong-bots-balance"


def ids(game: magnates.Game, *actions: A.Action) -> list[int]:
    return [game.action_space.id_of(action) for action in actions]


def test_a_version_1_reroll_becomes_its_winner() -> None:
    game = magnates.load("magistratvm", players=3)
    setup = ids(game, *(A.DrawTile(t) for t in range(6)))
    first = ids(game, A.RollDie(5), A.RollDie(5), A.RollDie(2))  # players 1 and 2 tie
    reroll = ids(game, A.RollDie(4), A.RollDie(4), A.RollDie(1), A.RollDie(6))  # tie again, then 2 wins
    record = {"game": "magistratvm", "version": "1", "options": {"players": 3}, "actions": setup + first + reroll}
    state = magnates.replay(record)
    assert state.prefect == 1 and state.history[:-1] == setup + first and len(state.history) == 10
    assert game.action(state.history[-1]) == A.RollOffWinner(1)
    assert game.upgrade_actions("1", setup + first) == setup + first  # stops before the re-roll: kept


def test_the_stored_studies_replay_to_their_results() -> None:
    """The strong-bots study's records (rules version 1) give the results stored beside them, the
    games whose first roll tied included."""
    upgraded = 0
    for path in (STUDY / "magistratvm-3p.jsonl", STUDY / "magistratvm-4p.jsonl"):
        for line in path.read_text().splitlines()[:25]:
            stored = json.loads(line)
            if "record" not in stored:
                continue  # a summary line
            record = stored["record"]
            assert record["version"] == "1"
            result = magnates.replay(record).result()
            assert result.winners == stored["result"]["winners"]
            assert list(result.scores) == stored["result"]["scores"]
            game = magnates.load("magistratvm", **record["options"])
            upgraded += len(game.upgrade_actions("1", record["actions"])) < len(record["actions"])
    assert upgraded > 0, "no stored game with a tied first roll among those read"


def test_an_unknown_version_is_refused() -> None:
    with pytest.raises(RecordError, match="version 9"):
        magnates.replay({"game": "magistratvm", "version": "9", "options": {}, "actions": []})
