"""The server refuses the `design` option: its value is a path on the machine that reads it.

Design files are tried on the command line; a client must never make the server open a file of
its disk, whatever the route (lobby, new table, info, cheatsheet) and whatever the value's form.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

VALUES = ["/etc/passwd", "shipped.json", {"map": {"homes": {"2": [1, 5]}}}]


@pytest.mark.parametrize("value", VALUES, ids=["a system file", "a relative path", "inline content"])
def test_json_routes_refuse_a_design(client: TestClient, value: object) -> None:
    for route in ("/api/describe", "/api/games"):
        response = client.post(route, json={"game": "magistrate", "options": {"players": 2, "design": value}})
        assert response.status_code == 422, (route, response.text)
        assert "is not accepted by the server" in response.json()["detail"]
        assert "command line" in response.json()["detail"]


def test_query_routes_refuse_a_design(client: TestClient) -> None:
    for route in ("/api/games/galactic-magnate/cheatsheet", "/api/games/galactic-magnate/info"):
        response = client.get(route, params={"options": "design=/etc/passwd"})
        assert response.status_code == 422, (route, response.text)
        assert "is not accepted by the server" in response.json()["detail"]
    assert client.get("/api/games/galactic-magnate/info").status_code == 200  # the shipped game still is


def test_the_lobby_does_not_offer_a_design_option(client: TestClient) -> None:
    listed = {g["name"]: [o["name"] for o in g["options"]] for g in client.get("/api/catalog").json()}
    assert "design" not in listed["galactic-magnate"] and "design" not in listed["magistrate"]
