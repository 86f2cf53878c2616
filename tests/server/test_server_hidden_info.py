"""No message to a seat ever holds another seat's hidden cards: first messages, live updates,
reconnections, HTTP snapshots and replays, over a whole game of Magnate between two people."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_server_api import auth

from magnates.core.record import replay_on
from magnates.server.app import create_app
from magnates.server.service import GameService


class Witness:
    """What one seat has legitimately seen: every card label that was ever in one of its views.

    A card sold or developed in public may later be reshuffled into the pile and
    drawn again; the log may still name its earlier sale. That is history the seat
    saw, not a leak, so only cards never shown to the seat count as hidden.
    """

    def __init__(self, service: GameService, game_id: str, seat: int | None) -> None:
        self.table = service.get(game_id)
        self.seat = seat
        self.state = self.table.game.new_initial_state()
        self.labels = set(self.table.game.card_labels) | set(self.table.game.crown_labels)
        self.seen: set[str] = set()
        self._look(self.state)

    def _look(self, state: Any) -> None:
        text = json.dumps(state.view(self.seat))
        self.seen |= {label for label in self.labels if label in text}

    def catch_up(self, history: list[int]) -> Any:
        for action in history[len(self.state.history) :]:
            self.state.apply_action(action)
            self._look(self.state)
        return self.state

    def hidden_now(self) -> set[str]:
        """Cards in other hands, the pile and undealt Crowns that the seat has never been shown."""
        state = self.catch_up(self.table.state.history)
        return hidden_in(self.table.game, state, self.seat) - self.seen


def hidden_in(game: Any, state: Any, seat: int | None) -> set[str]:
    secret = {game.card_labels[c] for side, hand in enumerate(state.hands) if side != seat for c in hand}
    secret |= {game.card_labels[c] for c in state.pile}
    secret |= {game.crown_labels[c] for c in state.crowns_to_deal}
    return secret


def seen_by_step(game: Any, states: list[Any], seat: int | None) -> list[set[str]]:
    """For each step, every card label the seat's views showed up to that step."""
    labels = set(game.card_labels) | set(game.crown_labels)
    seen: set[str] = set()
    out = []
    for state in states:
        text = json.dumps(state.view(seat))
        seen = seen | {label for label in labels if label in text}
        out.append(seen)
    return out


def assert_no_leak(message: dict[str, Any], secret: set[str], where: str) -> None:
    text = json.dumps(message)
    leaked = sorted(label for label in secret if label in text)
    assert not leaked, f"{where}: the message names hidden cards {leaked}"


def without_final_reveal(message: dict[str, Any], game: Any, hands: list[list[int]], where: str) -> dict[str, Any]:
    """The message less its `reveal`, after checking that the reveal shows exactly the final `hands`
    (the end of a game shows every hand, on purpose, and nothing else)."""
    shown = [side["hidden"][0]["value"] for side in message["reveal"]]
    assert shown == [[game.card_labels[c] for c in hand] for hand in hands], (
        f"{where}: the reveal shows something other than the hands at the end"
    )
    return {key: value for key, value in message.items() if key != "reveal"}


@pytest.mark.parametrize("seed", [3])
def test_no_message_to_a_seat_names_a_card_it_may_not_see(db_url: str, seed: int) -> None:
    rng = random.Random(seed)
    with TestClient(create_app(db_url)) as client:
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        created = client.post("/api/games", json={"game": "magnate", "options": {"players": 2}}).json()
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        checked = 0
        witnesses = [Witness(service, gid, seat) for seat in (0, 1)]

        def check(seat: int, message: dict[str, Any], where: str) -> None:
            nonlocal checked
            assert message["seat"] == seat
            if message.get("reveal") is not None:  # the end of the game shows every hand, on purpose
                assert message["status"] == "finished", f"{where}: hands revealed before the end"
                table = service.get(gid)
                message = without_final_reveal(message, table.game, table.state.hands, where)
            assert_no_leak(message, witnesses[seat].hidden_now(), where)
            checked += 1

        sockets = [client.websocket_connect(f"/ws/games/{gid}", headers=auth(t)) for t in tokens]
        with sockets[0] as ws0, sockets[1] as ws1:
            live = [ws0, ws1]
            latest = [ws.receive_json() for ws in live]
            for seat in (0, 1):
                check(seat, latest[seat], "first message")
            moves = 0
            while latest[0]["status"] != "finished":
                mover = latest[0]["decider"]
                legal = latest[mover]["legal"]
                live[mover].send_json(
                    {"type": "action", "action": rng.choice(legal)["id"], "step": latest[mover]["step"]}
                )
                for seat in (0, 1):
                    latest[seat] = live[seat].receive_json()
                    check(seat, latest[seat], f"update {moves}")
                moves += 1
                if moves % 40 == 0:  # reconnect and compare: the first message again, mid-game
                    for seat in (0, 1):
                        with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tokens[seat])) as again:
                            check(seat, again.receive_json(), f"reconnection at move {moves}")
                        snapshot = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
                        check(seat, snapshot, f"HTTP snapshot at move {moves}")
                        half = latest[0]["step"] // 2
                        replay = client.get(f"/api/games/{gid}/replay/{half}", headers=auth(tokens[seat])).json()
                        past = service.get(gid)
                        states = replay_on(past.game, past.state.history[:half], all_states=True)
                        secret = hidden_in(past.game, states[half], seat) - seen_by_step(past.game, states, seat)[half]
                        assert_no_leak(replay, secret, f"mid-game replay at {moves}")
                assert moves < 2000
        # After the end every hand may be shown, but replays of the game in progress still hide them.
        table = service.get(gid)
        states = replay_on(table.game, table.state.history, all_states=True)
        game = table.game
        seen = {seat: seen_by_step(game, states, seat) for seat in (0, 1, None)}
        final = len(states) - 1
        for step in sorted({*range(0, final, 7), final}):  # the last step too: its replay shows the hands
            for seat in (0, 1, None):
                params = {"token": tokens[seat]} if seat is not None else {}
                replay = client.get(f"/api/games/{gid}/replay/{step}", params=params).json()
                if step == final:
                    replay = without_final_reveal(replay, game, states[final].hands, f"replay of step {step}")
                else:
                    assert replay["reveal"] is None, f"replay of step {step}: hands revealed before the end"
                secret = hidden_in(game, states[step], seat) - seen[seat][step]
                assert_no_leak(replay, secret, f"replay of step {step} for seat {seat}")
            spectator = client.get(f"/api/games/{gid}/replay/{step}").json()
            assert all(side["hand"] is None for side in spectator["view"]["sides"])
        assert checked > 200 and moves > 50
