"""Steps of the table-page tests: games made over the HTTP API (not through the lobby, so
these tests do not depend on its form), a seat's page opened with its secret, and axe-core scans."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from board_helpers import new_page
from server_helpers import LiveServer

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
# What a failing element says and shows (for the failure message): its label, then its visible text.
DESCRIBE = """(selector) => { const e = document.querySelector(selector); if (!e) return "(gone)";
  const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT); let t = "";
  while (w.nextNode()) if (!w.currentNode.parentElement.closest("title, desc")) t += w.currentNode.nodeValue;
  return `label ${JSON.stringify(e.getAttribute("aria-label"))}, shows ${JSON.stringify(t.slice(0, 200))}`; }"""


class ApiError(Exception):
    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"{status}: {body[:200]}")
        self.status = status


VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "magnate": ("magnate", {"players": 2}),
    "magnate-solo": ("magnate", {"players": 1}),
    "magnate-3p": ("magnate", {"players": 3}),
    "magnate-mega": ("magnate", {"players": 2, "mega": True}),
    "magnate-4-districts": ("magnate", {"players": 2, "districts": 4}),
    "galactic-magnate": ("galactic-magnate", {"players": 2}),
    "galactic-magnate-5p": ("galactic-magnate", {"players": 5}),
    "magistrate": ("magistrate", {"players": 3}),
    "magistrate-4p": ("magistrate", {"players": 4}),
    "magistratvm": ("magistratvm", {"players": 3}),
    "magistratvm-4p": ("magistratvm", {"players": 4}),
}
"""Every game and variant a table is drawn for: the end-screen and whole-game tests run each."""
BROKEN = re.compile(r"\b(undefined|NaN|null)\b|undefinedth")
"""Text a person must never read on a table: a figure the page did not have."""


def call(server: LiveServer, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server.url}{path}", data=data, method=method)
    request.add_header("Origin", server.url)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
    except urllib.error.HTTPError as err:
        raise ApiError(err.code, err.read().decode()) from None
    return json.loads(text) if text else None


def create(
    server: LiveServer, game: str, seats: list[str], options: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """A game with these seats ("person", "bot:greedy", ...); the creation answer."""
    body = {
        "game": game,
        "options": options or {},
        "seats": [{"kind": "person"} if s == "person" else {"kind": "bot", "bot": s.split(":")[1]} for s in seats],
        **extra,
    }
    return call(server, "POST", "/api/games", body)  # type: ignore[no-any-return]


def token_of(created: dict[str, Any], seat: int) -> str:
    return str(created["seats"][seat]["token"])


def open_seat(
    browser: Any, server: LiveServer, game_id: str, token: str | None, phone: bool = False, bypass_csp: bool = False
) -> Any:
    """The table page of one seat (a spectator without a token), drawn."""
    page = new_page(browser, phone=phone, bypass_csp=bypass_csp)
    fragment = f"#token={token}" if token else ""
    page.goto(f"{server.url}/table.html?game={game_id}{fragment}")
    page.wait_for_function(
        "() => document.body !== null && document.body.dataset.step !== undefined"
        " && document.querySelector('#scoreboard li')"
    )
    return page


def seen(server: LiveServer, game_id: str, token: str | None) -> dict[str, Any]:
    return call(server, "GET", f"/api/games/{game_id}", token=token)  # type: ignore[no-any-return]


def play_seat_to_the_end(server: LiveServer, game_id: str, tokens: dict[int, str], seed: int = 3) -> dict[str, Any]:
    """Every person's seat plays random legal moves over HTTP until the game is over."""
    rng = random.Random(seed)
    now = seen(server, game_id, None)
    for _ in range(5000):
        if now["status"] == "finished":
            return now
        token = tokens[now["decider"]]
        mine = seen(server, game_id, token)
        legal = [a for a in mine["legal"] if a["kind"] not in ("resign", "concede")] or mine["legal"]
        move = {"action": rng.choice(legal)["id"], "step": mine["step"]}
        now = call(server, "POST", f"/api/games/{game_id}/actions", move, token)
    raise AssertionError("the game did not end")


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now (its context bypasses the CSP)."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [(n["target"], page.evaluate(DESCRIBE, n["target"][0])) for n in v["nodes"][:4]],
        }
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
