"""Learned bots in the lobby: the checkpoints of the operator's folder (`learned_dir`) are offered
for the game and options they were trained for, a bad file is skipped with a warning, a seat given
one plays its moves, and a client can never make the server open a path."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from api_helpers import auth, state
from fastapi.testclient import TestClient

import magnates
from magnates.bots.learned import FORMAT, NumpyNet
from magnates.bots.policy import PolicyBot
from magnates.server import learned_menu
from magnates.server.app import create_app
from magnates.server.limits import Limits


def weights(game_name: str, path: Path, inputs: int | None = None, **options: Any) -> None:
    """A small random policy-value network for the game, saved as a checkpoint is."""
    game = magnates.load(game_name, **options)
    rng = np.random.default_rng(0)
    size = game.observation_encoder().size if inputs is None else inputs
    hidden = 8
    arrays = {
        "t0_w": rng.standard_normal((hidden, size)).astype(np.float32) * 0.1,
        "t0_b": np.zeros(hidden, np.float32),
        "v_w": rng.standard_normal((game.num_players, hidden)).astype(np.float32) * 0.1,
        "v_b": np.zeros(game.num_players, np.float32),
        "p_w": rng.standard_normal((game.num_distinct_actions, hidden)).astype(np.float32),
        "p_b": np.array(  # a network that has learned not to resign, as a trained one would have
            [-50.0 if getattr(action, "concedes", False) else 0.0 for action in game.action_space], np.float32
        ),
    }
    meta = {
        "format": FORMAT,
        "layers": 1,
        "game": game.name,
        "options": dict(game.options),
        "inputs": size,
        "sides": game.num_players,
        "actions": game.num_distinct_actions,
        "games": 1200,
    }
    NumpyNet(arrays, meta).save(path)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("learned")
    weights("galactic-magnate", root / "gm" / "weights.npz")
    weights("galactic-magnate", root / "gm" / "checkpoints" / "update-3.npz", players=3)
    weights("galactic-magnate", root / "stale.npz", inputs=7)  # the encoder changed since: cannot serve
    (root / "broken.npz").write_bytes(b"not a weights file")
    weights("galactic-magnate", root / "bad name.npz")  # a name the menu does not show
    return root


@pytest.fixture
def learned_client(db_url: str, folder: Path, caplog: pytest.LogCaptureFixture) -> Iterator[TestClient]:
    caplog.set_level(logging.WARNING, logger="magnates.server.learned")
    with TestClient(create_app(db_url, limits=Limits.from_env(learned_dir=str(folder)))) as client:
        yield client


def bots_of(client: TestClient, game: str, **options: Any) -> dict[str, dict[str, Any]]:
    answer = client.post("/api/describe", json={"game": game, "options": options})
    assert answer.status_code == 200, answer.text
    return {b["name"]: b for b in answer.json()["bot_levels"]}


def test_the_lobby_offers_each_checkpoint_for_its_game_and_options_only(
    learned_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    two = bots_of(learned_client, "galactic-magnate")
    assert [n for n in two if n.startswith("learned:")] == ["learned:gm/weights"]
    assert not two["learned:gm/weights"]["thinks"]
    assert "1,200 games" in two["learned:gm/weights"]["description"]
    three = bots_of(learned_client, "galactic-magnate", players=3)
    assert [n for n in three if n.startswith("learned:")] == ["learned:gm/checkpoints/update-3"]
    assert not [n for n in bots_of(learned_client, "magnate") if n.startswith("learned:")]
    skipped = " ".join(r.getMessage() for r in caplog.get_records("setup") if r.name == "magnates.server.learned")
    for name in ("stale.npz", "broken.npz", "bad name.npz"):
        assert name in skipped  # each bad file said in the log, and the server runs


def test_a_seat_given_a_learned_bot_plays_its_moves(learned_client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "learned:gm/weights"}, {"kind": "person", "name": "Ana"}]
    created = learned_client.post("/api/games", json={"game": "galactic-magnate", "seats": seats})
    assert created.status_code == 201, created.text
    gid, token = created.json()["id"], created.json()["seats"][1]["token"]
    table = learned_client.app.state.service.tables[gid]  # type: ignore[attr-defined]
    assert isinstance(table.bots[0], PolicyBot)
    for _ in range(40):  # the person moves until the bot has had a turn (it may move first)
        if 0 in table.actors:
            break
        mine = state(learned_client, gid, token)
        assert mine["legal"], {k: mine[k] for k in ("status", "decider", "step")}
        space = table.game.action_space
        kept = [m["id"] for m in mine["legal"] if not getattr(space[m["id"]], "concedes", False)]  # Ana plays on
        move = {"action": kept[0], "step": mine["step"]}
        answer = learned_client.post(f"/api/games/{gid}/actions", headers=auth(token), json=move)
        assert answer.status_code == 200, answer.text
    assert 0 in table.actors  # the learned bot's seat made a move
    player = state(learned_client, gid)["players"][0]
    assert "learned:gm/weights" in player["label"]


REFUSED = [
    # a path, even to a good file (a long temporary path is refused for its length before any lookup)
    ("learned:{folder}/gm/weights.npz", None, "no learned bot|at most 64 characters"),
    ("learned:../learned/gm/weights", None, "no learned bot"),
    ("learned-sampled:gm/weights", None, "no learned bot"),
    ("learned:gm/checkpoints/update-3", None, "no learned bot"),  # a 3-player checkpoint in a 2-player game
    ("learned:gm/weights", "long", "takes no thinking time"),
]


def test_a_client_names_only_the_menu_never_a_path(learned_client: TestClient, folder: Path) -> None:
    for bot, thinking, message in REFUSED:
        seat: dict[str, Any] = {"kind": "bot", "bot": bot.format(folder=folder)}
        if thinking:
            seat["thinking"] = thinking
        answer = learned_client.post(
            "/api/games", json={"game": "galactic-magnate", "seats": [seat, {"kind": "person"}]}
        )
        assert answer.status_code in (400, 422), (bot, answer.text)
        assert any(part in answer.text for part in message.split("|")), (bot, answer.text)


def test_without_a_folder_no_learned_bot_is_offered(client: TestClient) -> None:
    assert not [n for n in bots_of(client, "galactic-magnate") if n.startswith("learned:")]
    assert learned_menu.MENU.entries == {}


def test_serve_refuses_a_learned_folder_that_is_not_there(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from magnates.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--learned-dir", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "no such folder" in result.output and "Traceback" not in result.output
