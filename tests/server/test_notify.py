"""E-mail turn notices through a configured SMTP server (a local aiosmtpd the test starts): a mail when
the turn passes to a signed-in player with an address, none for a player without one, none while
the quiet time runs, and none when no server is configured."""

from __future__ import annotations

import time
from collections.abc import Iterator
from email import message_from_bytes
from typing import Any

import pytest
from accounts_helpers import sign_up
from api_helpers import create, state
from fastapi.testclient import TestClient
from server_helpers import free_port

from magnates.server.app import create_app

aiosmtpd = pytest.importorskip(
    "aiosmtpd.controller", reason="aiosmtpd is a test dependency (pip install magnates[test])"
)


class Inbox:
    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"

    def wait(self, count: int, seconds: float = 10.0) -> list[Any]:
        deadline = time.monotonic() + seconds
        while len(self.mails) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.mails


@pytest.fixture
def inbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inbox]:
    box = Inbox()
    port = free_port()
    controller = aiosmtpd.Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("MAGNATES_ARGON2_MEMORY_KIB", "1024")
    monkeypatch.setenv("MAGNATES_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("MAGNATES_SMTP_PORT", str(port))
    monkeypatch.setenv("MAGNATES_SMTP_STARTTLS", "off")
    monkeypatch.setenv("MAGNATES_SMTP_FROM", "turns@magnates.test")
    monkeypatch.setenv("MAGNATES_PUBLIC_URL", "https://play.magnates.test")
    try:
        yield box
    finally:
        controller.stop()


def move(client: TestClient, game_id: str) -> dict[str, Any]:
    mine = state(client, game_id)
    answer = client.post(
        f"/api/games/{game_id}/actions", json={"action": mine["legal"][-1]["id"], "step": mine["step"]}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_a_mail_goes_when_the_turn_passes_to_a_player_with_an_address(inbox: Inbox, db_url: str) -> None:
    app = create_app(db_url)
    with TestClient(app) as ana, TestClient(app) as bea:
        sign_up(ana, "Ana")
        sign_up(bea, "Bea")
        assert bea.patch("/api/me", json={"email": "not an address"}).status_code == 422
        assert bea.patch("/api/me", json={"email": "bea@example.org"}).json()["email"] == "bea@example.org"
        gid = create(ana, [{"kind": "person"}, {"kind": "person", "open": True}], options={"rounds": 2})["id"]
        bea.post(f"/api/games/{gid}/seats/1/take", json={})
        assert inbox.wait(1, 0.5) == []  # Ana's turn first, and Ana has no address
        now = state(ana, gid)
        while now["decider"] == 0:
            now = move(ana, gid)
        (to, mail), *_ = inbox.wait(1)
        assert to == ["bea@example.org"] and mail["Subject"] == "Your turn: Toy"
        assert mail["From"] == "turns@magnates.test"
        assert f"https://play.magnates.test/table.html?game={gid}" in mail.get_payload(decode=True).decode()
        while now["decider"] == 1:  # Bea plays her turn; back to Ana (no address): no mail
            now = move(bea, gid)
        while now["decider"] == 0:
            now = move(ana, gid)
        assert len(inbox.wait(2, 0.5)) == 1  # Bea's turn again, within the quiet time: no second mail


def test_no_server_configured_means_no_mail(monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    monkeypatch.delenv("MAGNATES_SMTP_HOST", raising=False)
    with TestClient(create_app(db_url)) as client:
        assert client.app.state.turn_mail is None  # type: ignore[attr-defined]
