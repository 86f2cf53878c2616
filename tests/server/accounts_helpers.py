"""Helpers of the accounts tests: a signed-in test client with its CSRF token."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    """Make an account on this client (its cookie jar keeps the session); send the CSRF token from now on."""
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    me = response.json()
    client.headers["X-CSRF-Token"] = me["csrf"]
    return me  # type: ignore[no-any-return]


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/session", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    me = response.json()
    client.headers["X-CSRF-Token"] = me["csrf"]
    return me  # type: ignore[no-any-return]
