"""No one client can starve the others (issue 45): WebSockets per address, slow headers and bodies,
connections per address, option sets built off the event loop and rate limited, huge numbers and
deep nesting refused before parsing, allowed hosts, digit strings as actions."""

from __future__ import annotations

import contextlib
import logging
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from api_helpers import create, play_to_the_end, state
from fastapi.testclient import TestClient
from server_helpers import free_port
from starlette.testclient import WebSocketDenialResponse
from test_server_api import auth, new_game, token

from magnates.server.app import create_app
from magnates.server.connections import uvicorn_settings
from magnates.server.hosts import default_allowed, host_refusal, parse_allowed
from magnates.server.json_guard import MAX_DEPTH, MAX_DIGITS, json_problem
from magnates.server.limits import Limits, address_group


def limited(db_url: str, **settings: object) -> TestClient:
    return TestClient(create_app(db_url, limits=Limits(**settings)))  # type: ignore[arg-type]


def came_from(address: str, **headers: str) -> dict[str, str]:
    """Headers of a request forwarded by the trusted proxy for the client at `address`."""
    return {"X-Forwarded-For": address, **headers}


# -- WebSockets per address ------------------------------------------------------------------


def test_a_flood_of_spectator_sockets_cannot_lock_a_seated_player_out(db_url: str) -> None:
    settings = dict(rate_limits=False, trusted_proxies="testclient", ws_per_address=3, ws_total=8, ws_spectators=64)
    with limited(db_url, **settings) as client, contextlib.ExitStack() as stack:
        created = new_game(client)
        gid = created["id"]

        def watch(address: str) -> Any:
            ws = stack.enter_context(client.websocket_connect(f"/ws/games/{gid}", headers=came_from(address)))
            assert ws.receive_json()["seat"] is None
            return ws

        for _ in range(3):
            watch("203.0.113.7")
        with pytest.raises(WebSocketDenialResponse) as denied:  # the flooding address is capped...
            client.websocket_connect(f"/ws/games/{gid}", headers=came_from("203.0.113.7")).__enter__()
        assert denied.value.status_code == 429 and "your address already has 3" in denied.value.json()["detail"]
        for address in ("198.51.100.1", "198.51.100.2", "198.51.100.3"):  # ...and spectators in all
            watch(address)
        with pytest.raises(WebSocketDenialResponse) as denied:
            client.websocket_connect(f"/ws/games/{gid}", headers=came_from("198.51.100.9")).__enter__()
        assert "most spectators" in denied.value.json()["detail"]
        assert client.get("/healthz").json()["websockets"] == 6
        # The seated players still get in: from the flooding address itself, and from another.
        for seat, address in ((0, "203.0.113.7"), (1, "192.0.2.55")):
            headers = {**auth(token(created, seat)), **came_from(address)}
            with client.websocket_connect(f"/ws/games/{gid}", headers=headers) as mine:
                assert mine.receive_json()["seat"] == seat


def test_ipv6_clients_are_counted_per_slash_64() -> None:
    assert address_group("2001:db8:1:2:aaaa::1") == address_group("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::1") != address_group("2001:db8:1:2::1")
    assert address_group("::ffff:192.0.2.1") == "192.0.2.1" and address_group("192.0.2.1") == "192.0.2.1"


# -- slow clients and connections per address (a real uvicorn with `magnates serve`'s settings) ----


@contextlib.contextmanager
def real_server(db_url: str, **settings: Any) -> Iterator[str]:
    import uvicorn

    limits = Limits(rate_limits=False, **settings)
    port = free_port()
    config = uvicorn.Config(
        create_app(db_url, limits=limits), host="127.0.0.1", port=port, log_level="warning", **uvicorn_settings(limits)
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def raw(url: str, data: bytes) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    sock.sendall(data)
    return sock


def read_until_closed(sock: socket.socket, within: float) -> bytes:
    """Everything the server sends before it closes the connection (fails if it stays open)."""
    sock.settimeout(within)
    chunks = []
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_half_sent_headers_and_bodies_are_dropped_and_health_still_answers(db_url: str) -> None:
    with real_server(db_url, header_timeout=1.0, body_timeout=1.0, conns_per_address=200) as url:
        slow = [raw(url, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") for _ in range(40)]
        slow.append(raw(url, b"GET /hea"))  # half a request line
        slow.append(raw(url, b""))  # nothing at all
        started = time.monotonic()
        assert httpx.get(f"{url}/healthz", timeout=5).json()["ok"] is True  # answered meanwhile
        for sock in slow:
            answer = read_until_closed(sock, within=5)
            assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive in time" in answer
            sock.close()
        assert time.monotonic() - started < 5  # dropped after about a second, not held
        # A body that stops half way: 408 once its deadline passes, and the connection closed.
        body = b'{"game": "toy"}'
        head = (
            "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        sock = raw(url, head.encode() + body[:5])
        answer = read_until_closed(sock, within=5)
        assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive within 1 s" in answer
        sock.close()
        # A kept-alive connection whose next request stalls is dropped too.
        sock = raw(url, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\nHo")
        answer = read_until_closed(sock, within=5)
        assert answer.startswith(b"HTTP/1.1 200") and b"HTTP/1.1 408" in answer
        sock.close()
        assert httpx.get(f"{url}/healthz", timeout=5).status_code == 200


def test_one_address_holds_a_bounded_number_of_connections(db_url: str) -> None:
    with real_server(db_url, header_timeout=30.0, conns_per_address=5) as url:
        idle = [raw(url, b"") for _ in range(5)]
        time.sleep(0.2)
        refused = raw(url, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = read_until_closed(refused, within=5)
        assert answer.startswith(b"HTTP/1.1 429") and b"too many open connections" in answer
        for sock in idle:
            sock.close()
        time.sleep(0.2)
        assert httpx.get(f"{url}/healthz", timeout=5).status_code == 200  # freed when they close
        # WebSockets leave this count once open (the hub counts those): five of them, then HTTP still.
        import websockets.sync.client

        with real_game(url) as gid, contextlib.ExitStack() as stack:
            for _ in range(5):
                ws = stack.enter_context(websockets.sync.client.connect(f"{url.replace('http', 'ws')}/ws/games/{gid}"))
                assert '"type":"state"' in str(ws.recv(timeout=5))
            assert httpx.get(f"{url}/healthz", timeout=5).json()["websockets"] == 5


@contextlib.contextmanager
def real_game(url: str) -> Iterator[str]:
    response = httpx.post(f"{url}/api/games", json={"game": "toy"}, timeout=10)
    assert response.status_code == 201, response.text
    yield response.json()["id"]


# -- option sets: kept, built off the event loop, rate limited -----------------------------------


def test_new_option_sets_are_rate_limited_per_address_and_kept_ones_are_free(db_url: str) -> None:
    with limited(db_url, build_rate=0.01, build_burst=2) as client:
        assert client.post("/api/describe", json={"game": "toy", "options": {"players": 2}}).status_code == 200
        assert client.get("/api/games/toy/info", params={"options": "rounds=4"}).status_code == 200
        refused = client.post("/api/describe", json={"game": "toy", "options": {"players": 3}})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "new option sets" in refused.json()["detail"]
        assert client.get("/api/games/toy/info", params={"options": "rounds=5"}).status_code == 429
        for _ in range(5):  # asked before: answered from what is kept, not counted
            assert client.post("/api/describe", json={"game": "toy", "options": {"players": 2}}).status_code == 200
            assert client.get("/api/games/toy/info", params={"options": "rounds=4"}).json()["options"]["rounds"] == 4


def test_the_cheatsheet_and_the_roller_count_as_builds_and_a_roll_reuses_a_kept_set(db_url: str) -> None:
    with limited(db_url, build_rate=0.01, build_burst=2) as client:
        assert client.get("/api/games/toy/cheatsheet").status_code in {200, 422}  # toy has none: still a build
        assert client.get("/api/roller").status_code == 200
        refused = client.get("/api/roller", params={"options": "variant=official"})
        assert refused.status_code == 429 and "new option sets" in refused.json()["detail"]
        assert client.get("/api/roller").json()["markdown"]  # kept: answered
        rolled = client.post("/api/roller/roll", json={"options": {}, "dice": [3, 4]})  # the roller's set, kept
        assert rolled.status_code == 200, rolled.text


def test_building_an_option_set_does_not_stall_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    real_load = service.offer.load

    def slow_load(name: str, options: Any) -> Any:
        if str(options.get("rounds")) == "9":
            time.sleep(1.5)  # a costly game to build, holding its thread (and, in turns, the GIL)
        return real_load(name, options)

    monkeypatch.setattr(service.offer, "load", slow_load)
    answers: list[int] = []
    builder = threading.Thread(
        target=lambda: answers.append(client.get("/api/games/toy/info", params={"options": "rounds=3"}).status_code)
    )
    builder.start()
    time.sleep(0.2)
    started = time.monotonic()
    assert client.get("/healthz").status_code == 200
    created = new_game(client)
    with client.websocket_connect(f"/ws/games/{created['id']}", headers=auth(token(created, 0))) as ws:
        ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"
    assert time.monotonic() - started < 1.0  # not queued behind the 1.5 s build
    builder.join(timeout=10)
    assert answers == [200]


# -- huge numbers and deep nesting ----------------------------------------------------------------


def test_huge_numbers_and_deep_nesting_are_refused_before_parsing(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    huge = "9" * 5000
    deep = "[" * 5000 + "]" * 5000
    for body in (
        f'{{"game": "toy", "options": {{"rounds": {huge}}}}}',
        f'{{"game": "toy", "options": {{"rounds": {deep}}}}}',
    ):
        refused = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
        assert refused.status_code == 422, refused.text
        assert "refused before parsing" in refused.json()["detail"]
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    step = client.get(f"/api/games/{gid}").json()["step"]
    refused = client.post(
        f"/api/games/{gid}/actions",
        content=f'{{"action": 1, "step": {huge}}}',
        headers={**auth(tok), "Content-Type": "application/json"},
    )
    assert refused.status_code == 422 and f"more than {MAX_DIGITS} digits" in refused.json()["detail"]
    # The same digits inside a string are only text: this body parses (and is refused for what it says).
    said = client.post(f"/api/games/{gid}/chat", json={"text": huge[:400]}, headers=auth(tok))
    assert said.status_code == 204
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        ws.receive_json()
        for text in (f'{{"type": "action", "action": {huge}, "step": {step}}}', f'{{"type": "ping", "x": {deep}}}'):
            ws.send_text(text)
            error = ws.receive_json()
            assert error["type"] == "error" and "refused" in error["message"]
        ws.send_json({"type": "ping"})  # the connection goes on
        assert ws.receive_json()["type"] == "pong"
    assert client.get(f"/api/games/{gid}").json()["step"] == step
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]  # no traceback logged


def test_the_json_guard_reads_numbers_and_brackets_outside_strings_only() -> None:
    assert json_problem('{"type": "action", "action": 12, "step": 345}') is None
    assert json_problem('{"a": ' + "1" * (MAX_DIGITS + 1) + "}") is not None
    assert json_problem('{"a": 1.' + "0" * (MAX_DIGITS + 1) + "}") is not None
    assert json_problem('{"a": "' + "1" * 10_000 + '"}') is None
    assert json_problem(b'{"a": "\\"' + b"[" * 500 + b'"}') is None
    assert json_problem("[" * MAX_DEPTH + "]" * MAX_DEPTH) is None
    assert json_problem("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)) is not None
    assert json_problem("[[]]," * 100) is None  # many brackets, none deep


# -- allowed hosts (DNS rebinding) -----------------------------------------------------------------


def test_only_allowed_host_names_are_answered_and_origins_checked_against_them(db_url: str) -> None:
    with limited(db_url, rate_limits=False, allowed_hosts="play.example") as client:
        assert client.get("/api/catalog", headers={"Host": "play.example"}).status_code == 200
        assert client.get("/api/catalog", headers={"Host": "play.example:8443"}).status_code == 200
        assert client.get("/api/catalog", headers={"Host": "127.0.0.1:8000"}).status_code == 200  # an address
        assert client.get("/api/catalog", headers={"Host": "[::1]:8000"}).status_code == 200
        rebound = client.get("/api/catalog", headers={"Host": "attacker.example"})  # a rebinding page's name
        assert rebound.status_code == 400 and "--allowed-host" in rebound.json()["detail"]
        assert client.get("/healthz", headers={"Host": "attacker.example:8000"}).status_code == 400
        body = {"game": "toy"}
        forged = client.post(
            "/api/games", json=body, headers={"Host": "play.example", "Origin": "http://attacker.example"}
        )
        assert forged.status_code == 403 and "Origin" in forged.json()["detail"]
        elsewhere = {"Host": "play.example", "Origin": "http://play.example:9999"}
        assert client.post("/api/games", json=body, headers=elsewhere).status_code == 403  # Origin is Host too
        same = client.post("/api/games", json=body, headers={"Host": "play.example", "Origin": "http://play.example"})
        assert same.status_code == 201
        gid = same.json()["id"]
        with pytest.raises(WebSocketDenialResponse) as denied:
            client.websocket_connect(f"/ws/games/{gid}", headers={"Host": "attacker.example"}).__enter__()
        assert denied.value.status_code == 400
        with client.websocket_connect(f"/ws/games/{gid}", headers={"Host": "play.example"}) as ws:
            assert ws.receive_json()["type"] == "state"


def test_the_default_allowed_hosts_are_the_served_name_and_localhost() -> None:
    local = parse_allowed(default_allowed("127.0.0.1"))
    assert "localhost" in local and host_refusal("localhost:8000", "http://localhost:8000", local) is None
    assert host_refusal("127.0.0.1:8000", None, local) is None
    assert host_refusal("rebind.attacker.example:8000", None, local) is not None
    named = parse_allowed(default_allowed("games.example"))
    assert host_refusal("games.example", None, named) is None and host_refusal("other.example", None, named)
    assert host_refusal("anything.example", None, parse_allowed("*")) is None
    assert host_refusal("anything.example", None, frozenset()) is None  # no list: create_app's own default


# -- a string of digits is not an action id -----------------------------------------------------


def test_a_digit_string_action_is_refused_with_422_as_documented(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    before = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    legal_id = before["legal"][0]["id"]
    refused = client.post(
        f"/api/games/{gid}/actions", headers=auth(tok), json={"action": str(legal_id), "step": before["step"]}
    )
    assert refused.status_code == 422 and "JSON number" in refused.json()["detail"]
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": f" {legal_id} ", "step": before["step"]})
        error = ws.receive_json()
        assert error["type"] == "error" and "JSON number" in error["message"]
    assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == before


def test_magnates_serve_answers_only_its_names_and_drops_slow_headers(tmp_path: Path) -> None:
    """The command wires it all: its default names plus --allowed-host, and uvicorn with the deadline."""
    port = free_port()
    command = [sys.executable, "-m", "magnates.cli.main", "serve", "--port", str(port), "--db"]
    command += [f"sqlite:///{tmp_path}/s.db", "--allowed-host", "play.example", "--header-timeout", "1"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert httpx.get(f"{url}/healthz", timeout=2).status_code == 200  # an address: always
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and process.poll() is None, "the server did not answer"
                time.sleep(0.1)
        for host, status in (("localhost:8000", 200), ("play.example", 200), ("rebind.attacker.example", 400)):
            assert httpx.get(f"{url}/healthz", headers={"Host": host}, timeout=5).status_code == status, host
        slow = raw(url, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert read_until_closed(slow, within=5).startswith(b"HTTP/1.1 408")
        slow.close()
    finally:
        process.terminate()
        process.wait(timeout=30)


# -- bots think off the event loop -------------------------------------------------------------


class SlowBot:
    """A bot that thinks until it is let go (or 5 s pass): a search bot given a long thinking time."""

    name = "slow"

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.let_go = threading.Event()
        self.answered_at: float | None = None

    def choose(self, game: Any, view: Any, legal: list[int], rng: Any) -> int:
        self.thinking.set()
        self.let_go.wait(5.0)
        self.answered_at = time.monotonic()
        return legal[0]


def seat_token(created: dict[str, Any], seat: int) -> str:
    return str(next(s["token"] for s in created["seats"] if s["seat"] == seat))


def first_move(client: TestClient, created: dict[str, Any]) -> Any:
    """Seat 0 of a game plays its first legal action."""
    token = seat_token(created, 0)
    mine = state(client, created["id"], token)
    move = {"action": mine["legal"][0]["id"], "step": mine["step"]}
    return client.post(f"/api/games/{created['id']}/actions", headers=auth(token), json=move)


def test_a_bot_thinking_long_holds_up_no_other_game(client: TestClient) -> None:
    """While the bot of one table thinks, another table's players read their game and move at once;
    the bot's answer then comes as usual."""
    service = client.app.state.service  # type: ignore[attr-defined]
    slow = create(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    other = create(client, [{"kind": "person"}, {"kind": "person"}])
    bot = SlowBot()
    service.tables[slow["id"]].bots[1] = bot
    answers: dict[str, Any] = {}

    def move_at_the_slow_table() -> None:
        token = seat_token(slow, 0)
        for _ in range(2):  # a mark, then the end of the turn: the bot's turn comes
            mine = state(client, slow["id"], token)
            move = {"action": mine["legal"][0]["id"], "step": mine["step"]}
            answers["before"] = mine["step"]
            answers["slow"] = client.post(f"/api/games/{slow['id']}/actions", headers=auth(token), json=move)

    mover = threading.Thread(target=move_at_the_slow_table)
    mover.start()
    try:
        assert bot.thinking.wait(10.0), "the bot was never asked"
        moved = first_move(client, other)
        assert moved.status_code == 200, moved.text
        assert bot.answered_at is None, "the other game waited for the bot"
    finally:
        bot.let_go.set()
        mover.join(10.0)
    assert answers["slow"].status_code == 200, answers["slow"].text
    assert bot.answered_at is not None
    assert answers["slow"].json()["step"] >= answers["before"] + 2  # the person's move and the bot's answer


@pytest.fixture
def slow_bots(monkeypatch: pytest.MonkeyPatch) -> list[SlowBot]:
    """From now on every bot the service makes is a `SlowBot`, kept in this list."""
    from magnates.server import service as service_module

    made: list[SlowBot] = []

    def slow_bot(*_args: Any, **_kwargs: Any) -> SlowBot:
        made.append(SlowBot())
        return made[-1]

    monkeypatch.setattr(service_module, "new_bot", slow_bot)
    return made


def holds_up_no_other_game(client: TestClient, made: list[SlowBot], request: Any) -> Any:
    """Send `request()` from another thread; while the bot it sets thinking thinks, another table's
    player moves at once. Returns the request's answer, which comes once the bot is let go."""
    other = create(client, [{"kind": "person"}, {"kind": "person"}])
    answers: list[Any] = []
    sender = threading.Thread(target=lambda: answers.append(request()))
    sender.start()
    try:
        deadline = time.monotonic() + 10.0
        while not any(bot.thinking.is_set() for bot in made) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert any(bot.thinking.is_set() for bot in made), "the bot was never asked"
        moved = first_move(client, other)
        assert moved.status_code == 200, moved.text
        assert all(bot.answered_at is None for bot in made), "the other game waited for the bot"
    finally:
        for bot in made:
            bot.let_go.set()
        sender.join(10.0)
    assert answers, "the request never answered"
    return answers[0]


def test_a_game_whose_bot_moves_first_is_made_while_other_games_go_on(
    client: TestClient, slow_bots: list[SlowBot]
) -> None:
    """A new game's first moves may be its bot's, thought out before the game is stored: meanwhile
    another table's player moves at once, and the new game then comes with the bot's move made."""
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "person"}]
    made = holds_up_no_other_game(
        client, slow_bots, lambda: client.post("/api/games", json={"game": "toy", "options": {}, "seats": seats})
    )
    assert made.status_code == 201, made.text
    assert state(client, made.json()["id"])["decider"] == 1  # the bot moved: the person decides


def test_the_last_seat_taken_starts_the_bots_while_other_games_go_on(
    client: TestClient, slow_bots: list[SlowBot]
) -> None:
    """A waiting game starts when its last open seat is taken; its bot's first move is thought out
    meanwhile another game goes on, and the seat's taker gets the game with that move made."""
    waiting = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "person", "open": True}])
    assert state(client, waiting["id"])["step"] == 0 and not any(bot.thinking.is_set() for bot in slow_bots)
    taken = holds_up_no_other_game(
        client, slow_bots, lambda: client.post(f"/api/games/{waiting['id']}/seats/1/take", json={"name": "Cy"})
    )
    assert taken.status_code == 200, taken.text
    assert state(client, waiting["id"], taken.json()["token"])["decider"] == 1  # the bot has moved


def test_a_rematch_whose_bot_moves_first_is_made_while_other_games_go_on(client: TestClient) -> None:
    created = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "person"}], options={"rounds": 1})
    gid, mine = created["id"], seat_token(created, 1)
    play_to_the_end(client, gid, {1: mine})
    made: list[SlowBot] = []
    from magnates.server import service as service_module

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(service_module, "new_bot", lambda *_a, **_k: made.append(SlowBot()) or made[-1])
        asked = holds_up_no_other_game(
            client, made, lambda: client.post(f"/api/games/{gid}/rematch", headers=auth(mine))
        )
    assert asked.status_code == 200, asked.text
    assert state(client, asked.json()["id"], asked.json()["token"])["decider"] == 1


def test_a_game_read_back_at_its_bots_turn_is_brought_up_to_date_while_other_games_go_on(
    client: TestClient, slow_bots: list[SlowBot]
) -> None:
    """A game read from the database (after a restart or an unload) whose bot is to move: the bot's
    move is thought out in a bot thread, and its first request gets the game with that move made."""
    service = client.app.state.service  # type: ignore[attr-defined]
    created = create(client, [{"kind": "person"}, {"kind": "person"}])
    gid = created["id"]
    first_move(client, created)
    mine = state(client, gid, seat_token(created, 0))
    moved = client.post(
        f"/api/games/{gid}/actions",
        headers=auth(seat_token(created, 0)),
        json={"action": mine["legal"][-1]["id"], "step": mine["step"]},
    )
    assert moved.status_code == 200 and moved.json()["decider"] == 1, moved.text
    # Seat 1 becomes a bot in the record, and the game leaves memory: read back, it is the bot's turn.
    seats = [s.to_json() for s in service.tables[gid].seats]
    seats[1] = {"kind": "bot", "bot": "random", "name": None}
    service.store.set_seats(gid, seats)
    del service.tables[gid]
    seen = holds_up_no_other_game(client, slow_bots, lambda: client.get(f"/api/games/{gid}"))
    assert seen.status_code == 200, seen.text
    assert seen.json()["decider"] == 0 and seen.json()["step"] > moved.json()["step"]
