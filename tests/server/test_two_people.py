"""Two people meet in the lobby and play a whole game of each kind in Chromium.

Ana makes a table in the lobby with one open seat (bots in the others), Bea finds it among the open
tables, types her name and takes the seat. They chat, play to the end through their pages, see the
end-of-game table with every hand revealed, and start a rematch with the same seats. The first
moves are clicks on the listed choices; the rest are sent by each page's own code path
(`Magnates.table.send`, the WebSocket the buttons use) so that a whole game fits in the test's time.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from board_helpers import assert_no_js_errors, click_a_button, my_turn, new_page, screenshots, wait_for_seats
from server_helpers import LiveServer

# Options that keep each game short; seats: Ana, the open seat, then bots.
GAMES: dict[str, tuple[dict[str, str], int]] = {
    "magnate": ({}, 2),
    "galactic-magnate": ({"max_rounds": "1"}, 2),
    "magistrate": ({"players": "2"}, 2),
    "magistratvm": ({"players": "3", "turn_limit": "2"}, 3),
}

# Each page plays its own seat whenever it decides: a seeded random legal move that is not a resignation,
# sent through the page's own WebSocket path, once per step.
AUTOPLAY = """(seed) => {
  let x = seed;
  const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  let sentFor = -1;
  const tick = () => {
    const s = Magnates.table.snapshot();
    if (s && s.status === "finished") return;
    if (s && s.decider === s.seat && (s.legal || []).length && sentFor !== s.step) {
      const fine = s.legal.filter((a) => !["resign", "concede"].includes(a.kind));
      const pool = fine.length ? fine : s.legal;
      sentFor = s.step;
      Magnates.table.send({ type: "action", action: pool[rand(pool.length)].id, step: s.step });
    }
    setTimeout(tick, 15);
  };
  tick();
}"""


def lobby(browser: Any, server: LiveServer, name: str) -> Any:
    page = new_page(browser)
    page.goto(f"{server.url}/index.html")
    page.fill("#player-name", name)
    return page


def set_option(page: Any, name: str, value: str) -> None:
    field = page.locator(f"[data-option={name}]")
    if field.evaluate("(e) => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
        field.dispatch_event("change")


def wait_drawn(page: Any) -> None:
    page.wait_for_function(
        "() => document.body !== null && document.body.dataset.step !== undefined"
        " && document.querySelector('#scoreboard li')"
    )


def click_first_moves(page: Any, rng: random.Random, moves: int) -> int:
    """Click up to `moves` of the listed choices while it is this page's turn."""
    done = 0
    while done < moves and my_turn(page):
        click_a_button(page, rng, avoid=("resign", "concede"))
        done += 1
    return done


SLOW_GAMES = {"magnate", "magistrate"}
"""The longest two: their whole games are clicked through in test_whole_games and test_board_* too."""


@pytest.mark.parametrize("game", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW_GAMES else g for g in GAMES])
def test_two_people_meet_in_the_lobby_play_to_the_end_chat_and_rematch(
    browser: Any, live_server: LiveServer, game: str
) -> None:
    options, players = GAMES[game]
    ana = lobby(browser, live_server, "Ana")
    ana.select_option("#game", game)
    for name, value in options.items():
        set_option(ana, name, value)
    wait_for_seats(ana, players)
    ana.select_option("select[data-seat='0']", "you")
    ana.select_option("select[data-seat='1']", "open")
    for seat in range(2, players):
        ana.select_option(f"select[data-seat='{seat}']", "bot:greedy")
    ana.click("#create-button")
    ana.wait_for_selector("#created:not(.hidden)")
    ana.locator("a.seat-link").first.click()
    wait_drawn(ana)
    game_id = ana.evaluate("() => Magnates.table.snapshot().game_id")
    assert ana.evaluate("() => Magnates.table.snapshot().seat") == 0

    bea = lobby(browser, live_server, "Bea")
    card = bea.locator(f"#open-tables .table-card[data-game='{game_id}']")
    card.wait_for()
    assert "Ana" in card.inner_text()
    card.locator("button.take").click()
    wait_drawn(bea)
    assert bea.evaluate("() => Magnates.table.snapshot().seat") == 1
    ana.wait_for_function("() => Magnates.table.snapshot().players[1].name === 'Bea'")
    names = ana.evaluate("() => Magnates.table.snapshot().players.map((p) => [p.name, p.kind])")
    assert names[:2] == [["Ana", "person"], ["Bea", "person"]] and all(k == "bot" for _, k in names[2:])
    assert "Bea" in ana.locator("#scoreboard").inner_text() and "Ana" in bea.locator("#scoreboard").inner_text()

    # They say hello: each sees the other's message, with the name.
    ana.fill("#chat-text", "good luck, Bea")
    ana.click("#chat-send")
    bea.wait_for_selector(".chat-line:has-text('good luck, Bea')")
    assert bea.locator(".chat-line").last.locator(".chat-who").inner_text() == "Ana:"
    bea.fill("#chat-text", "thanks!")
    bea.click("#chat-send")
    ana.wait_for_selector(".chat-line:has-text('thanks!')")

    # A few moves by clicking the listed choices, then each page plays its own seat until the end.
    rng = random.Random(7)
    clicked = 0
    for _ in range(4):
        for page in (ana, bea):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || ['0', '1'].includes(document.body.dataset.decider)"
            )
            clicked += click_first_moves(page, rng, 1)
    assert clicked >= 1, "no move was made by clicking"
    ana.evaluate(AUTOPLAY, 11)
    bea.evaluate(AUTOPLAY, 29)
    for page in (ana, bea):
        page.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=120_000)
        page.wait_for_selector(".end-panel")
        assert page.locator(".end-panel h2").inner_text().startswith("Game over")
        assert page.locator(".end-panel table[aria-label='final scores']").is_visible()
        assert page.locator("#scoreboard .sb-place").count() == players
    # Every hand revealed: Bea's end table shows Ana's hidden cards as Ana's own view held them.
    reveal = bea.evaluate("() => Magnates.table.snapshot().reveal")
    assert [r["seat"] for r in reveal] == list(range(players))
    own = ana.evaluate("() => Magnates.table.snapshot().view")
    parts = reveal[0]["hidden"]
    for part in parts:
        value = own
        for key in part["path"]:
            value = value[key]
        assert part["value"] == value, f"{part['path']} revealed differently from Ana's own view"
    if any(r["hidden"] for r in reveal):
        assert parts, "Ana's hidden cards are not revealed"
        for r in reveal:
            shown = bea.locator(f".end-panel .reveal-seat[data-seat='{r['seat']}'] .reveal-part")
            assert shown.count() == len(r["hidden"])
            for index, part in enumerate(r["hidden"]):
                assert shown.nth(index).is_visible()
                assert json.loads(shown.nth(index).get_attribute("data-value")) == part["value"]
    else:
        assert "Nothing was hidden" in bea.locator(".end-panel .reveal").inner_text()
    screenshots(bea, f"two-people-{game}-end")
    result = ana.evaluate("() => Magnates.table.snapshot().result")
    assert bea.evaluate("() => Magnates.table.snapshot().result") == result
    # The chat said before the end is still there on both pages.
    assert "thanks!" in ana.locator("#chat").inner_text() and "good luck, Bea" in bea.locator("#chat").inner_text()

    # A rematch with the same seats: Ana asks, Bea's page offers to join it.
    ana.click("#rematch")
    ana.wait_for_url(lambda url: game_id not in url)
    wait_drawn(ana)
    new_id = ana.evaluate("() => Magnates.table.snapshot().game_id")
    assert new_id != game_id and ana.evaluate("() => Magnates.table.snapshot().seat") == 0
    join = bea.locator("#rematch", has_text="Join the rematch")
    join.wait_for()
    join.click()
    bea.wait_for_url(lambda url: game_id not in url)
    wait_drawn(bea)
    assert bea.evaluate("() => Magnates.table.snapshot().game_id") == new_id
    assert bea.evaluate("() => Magnates.table.snapshot().seat") == 1
    again = bea.evaluate("() => Magnates.table.snapshot().players.map((p) => [p.name, p.kind, p.bot])")
    assert [p[:2] for p in again[:2]] == [["Ana", "person"], ["Bea", "person"]]
    assert [p[2] for p in again[2:]] == ["greedy"] * (players - 2)
    assert bea.evaluate("() => Magnates.table.snapshot().status") == "playing"
    for page in (ana, bea):
        assert_no_js_errors(page)
        page.context.close()
