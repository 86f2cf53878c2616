"""Accounts and sessions over HTTP: sign up, in and out; every refusal (taken or confusable names,
wrong passwords, missing or wrong CSRF tokens, a copied cookie after sign-out, too many attempts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from accounts_helpers import PASSWORD, sign_in, sign_up
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from magnates.server.app import create_app


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAGNATES_ARGON2_MEMORY_KIB", "1024")  # argon2id still, with less memory: tests stay quick


def test_sign_up_sets_an_httponly_samesite_cookie_and_me_answers(client: TestClient) -> None:
    response = client.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
    assert response.status_code == 201
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("magnates_session=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain HTTP here; behind TLS it is Secure (next test)
    me = client.get("/api/me").json()
    assert me["name"] == "Ana" and me["csrf"] == response.json()["csrf"]


def test_the_cookie_is_secure_over_tls(db_url: str) -> None:
    with TestClient(create_app(db_url), base_url="https://testserver") as tls:
        response = tls.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
        assert response.status_code == 201 and "Secure" in response.headers["set-cookie"]


def test_a_taken_name_is_409_whatever_its_case_or_look_alikes(client: TestClient) -> None:
    sign_up(client, "Oscar")
    for same in ("oscar", "OSCAR", "0scar", "Oscar ", "Ｏscar"):  # a fullwidth O folds under NFKC
        answer = client.post("/api/accounts", json={"name": same, "password": PASSWORD})
        assert answer.status_code == 409 and "taken" in answer.json()["detail"], same
    sign_up(client, "OCAP")
    cyrillic = client.post("/api/accounts", json={"name": "ОСАР", "password": PASSWORD})  # all Cyrillic letters
    assert cyrillic.status_code == 409


def test_a_name_mixing_scripts_or_odd_characters_is_refused(client: TestClient) -> None:
    mixed = client.post("/api/accounts", json={"name": "Оscar", "password": PASSWORD})  # Cyrillic О, Latin rest
    assert mixed.status_code == 422 and "one script" in mixed.json()["detail"]
    for bad, why in (("A", "2 to 24"), ("<b>Ana</b>", "letters, digits"), ("x" * 30, "2 to 24"), ("--", "letter")):
        answer = client.post("/api/accounts", json={"name": bad, "password": PASSWORD})
        assert answer.status_code == 422 and why in answer.json()["detail"], bad
    short = client.post("/api/accounts", json={"name": "Bea", "password": "short"})
    assert short.status_code == 422 and "8 to 200" in short.json()["detail"]


def test_wrong_password_or_unknown_name_is_401_alike(client: TestClient) -> None:
    sign_up(client, "Ana")
    client.cookies.clear()
    wrong = client.post("/api/session", json={"name": "Ana", "password": "not the password"})
    unknown = client.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"detail": "wrong name or password"}
    assert client.get("/api/me").status_code == 401
    assert sign_in(client, "ana")["name"] == "Ana"  # any case signs in


def test_passwords_are_stored_as_argon2id_hashes(client: TestClient, db_url: str) -> None:
    sign_up(client, "Ana")
    engine = create_engine(db_url)
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM accounts")).scalar_one()
        sessions = connection.execute(text("SELECT token_hash FROM sessions")).scalars().all()
    engine.dispose()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert client.cookies["magnates_session"] not in sessions  # only the session secret's hash is kept


def test_sign_out_needs_the_csrf_token(client: TestClient) -> None:
    me = sign_up(client, "Ana")
    del client.headers["X-CSRF-Token"]
    missing = client.delete("/api/session")
    assert missing.status_code == 403 and "X-CSRF-Token" in missing.json()["detail"]
    forged = ("y" if me["csrf"][0] == "x" else "x") + me["csrf"][1:]  # one character off, never the token itself
    wrong = client.delete("/api/session", headers={"X-CSRF-Token": forged})
    assert wrong.status_code == 403 and "does not match" in wrong.json()["detail"]
    assert client.get("/api/me").status_code == 200  # still signed in
    assert client.delete("/api/session", headers={"X-CSRF-Token": me["csrf"]}).status_code == 204
    assert client.get("/api/me").status_code == 401


def test_a_cookie_copied_before_sign_out_is_refused_after(client: TestClient) -> None:
    me = sign_up(client, "Ana")
    stolen = client.cookies["magnates_session"]
    assert client.delete("/api/session").status_code == 204
    client.cookies.clear()
    client.cookies.set("magnates_session", stolen)
    assert client.get("/api/me").status_code == 401
    replayed = client.patch("/api/me", json={"email": "thief@example.org"}, headers={"X-CSRF-Token": me["csrf"]})
    assert replayed.status_code == 401


def test_cookie_authorised_changes_to_games_need_the_csrf_token(client: TestClient) -> None:
    sign_up(client, "Ana")
    body = {"game": "toy", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}
    token = client.headers.pop("X-CSRF-Token")
    assert client.post("/api/games", json=body).status_code == 403  # a forged creation under Ana's name
    gid = client.post("/api/games", json=body, headers={"X-CSRF-Token": token}).json()["id"]
    mine = client.get(f"/api/games/{gid}").json()  # a GET needs none
    assert mine["seat"] == 0 and mine["legal"]
    move = {"action": mine["legal"][0]["id"], "step": mine["step"]}
    refused = client.post(f"/api/games/{gid}/actions", json=move)
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    assert client.post(f"/api/games/{gid}/actions", json=move, headers={"X-CSRF-Token": token}).status_code == 200


def test_sign_in_attempts_are_rate_limited_per_name(client: TestClient) -> None:
    sign_up(client, "Ana")
    client.cookies.clear()
    codes = [
        client.post("/api/session", json={"name": "Ana", "password": "guess number x"}).status_code for _ in range(5)
    ]
    assert codes == [401] * 5
    limited = client.post("/api/session", json={"name": "ANA", "password": PASSWORD})  # even the right one, now
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    assert client.post("/api/session", json={"name": "Bea", "password": "guess number y"}).status_code == 401


def test_accounts_work_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(postgres_url)) as pg:
        name = f"Pg{tmp_path.name[-8:].replace('_', '')}"[:24]
        sign_up(pg, name)
        assert pg.post("/api/accounts", json={"name": name.upper(), "password": PASSWORD}).status_code == 409
        assert pg.get("/api/me").json()["name"] == name
        assert pg.delete("/api/session").status_code == 204


def test_odd_input_is_a_clear_422_never_a_failure(client: TestClient) -> None:
    surrogate = '{"name": "Ana", "password": "\\ud800\\ud800\\ud800\\ud800x"}'
    for path in ("/api/accounts", "/api/session"):
        answer = client.post(path, content=surrogate, headers={"Content-Type": "application/json"})
        assert answer.status_code == 422 and "surrogate" in answer.json()["detail"], path
        assert client.post(path, json={"name": 5, "password": PASSWORD}).status_code == 422
        assert client.post(path, json={"name": "Ana"}).status_code == 422
    odd_name = '{"name": "A\\udc00na", "password": "correct horse battery"}'
    assert (
        client.post("/api/session", content=odd_name, headers={"Content-Type": "application/json"}).status_code == 422
    )
    assert client.get("/api/players/" + "x" * 300).status_code == 404
    sign_up(client, "Ana")
    assert client.patch("/api/me", json={"email": "a@" + "b" * 300 + ".org"}).status_code == 422
