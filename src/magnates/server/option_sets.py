"""The answers of `GET /api/games/{name}/info`, `POST /api/describe`, the rules cheatsheet and the
Magnate Roller's sheet, per game and option set.

Building a game for an option set not seen before takes tens of milliseconds (Magnate's action
space: about 60 ms), and on the event loop that stalls every game's WebSockets meanwhile: one
client cycling option sets pushed another game's p99 from under a millisecond to 384 ms. So the
answers are kept (a bounded cache, by game and options, the options as asked and as the game
normalized them), a set not seen before is built in a worker thread, one build at a time, and
each address may ask for only `build_rate` new sets a second (`build_burst` at once); answers
already kept cost nothing and are not limited.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from magnates.server.info import game_info
from magnates.server.limits import RateLimiter, TooMany
from magnates.server.service import GameService

KEPT = 512  # answers kept (each a few hundred KB at most for /info; the least recently used goes first)

Key = tuple[str, str, str]


def options_key(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), sort_keys=True, default=str)


class OptionSets:
    """Kept answers per (what, game, options); new ones built off the event loop, rate limited."""

    def __init__(self, service: GameService, builds: RateLimiter, limited: bool = True) -> None:
        self.service = service
        self.builds = builds
        self.limited = limited
        self.answers: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self.lock = asyncio.Lock()  # one build at a time: many at once would share the GIL with the loop

    async def info(self, name: str, options: Mapping[str, Any], address: str) -> dict[str, Any]:
        """`game_info` of the game `name` with these options (text values, as a query string gives them)."""

        def build() -> tuple[dict[str, Any], Mapping[str, Any]]:
            game = self.service.load(name, options)
            return game_info(game), game.options

        return await self.answer("info", name, options, address, build)

    async def describe(self, name: str, options: Mapping[str, Any], address: str) -> dict[str, Any]:
        """Seats and bots of the game `name` with these options (JSON-typed, already checked)."""

        def build() -> tuple[dict[str, Any], Mapping[str, Any]]:
            described = self.service.describe(name, options)
            return described, described["options"]

        return await self.answer("describe", name, options, address, build)

    async def answer(
        self,
        what: str,
        name: str,
        options: Mapping[str, Any],
        address: str,
        build: Callable[[], tuple[dict[str, Any], Mapping[str, Any]]],
    ) -> dict[str, Any]:
        """The kept answer for (what, name, options), else `build()`'s (the answer and the options as
        the game normalized them), made in a worker thread once the address's rate allows."""
        key = (what, name, options_key(options))
        kept = self._kept(key)
        if kept is not None:
            return kept
        if self.limited:
            wait = self.builds.take(address)
            if wait:
                raise TooMany("too many new option sets from your address; try again in a moment", wait)
        async with self.lock:
            kept = self._kept(key)  # built while this request waited its turn
            if kept is not None:
                return kept
            answer, normalized = await asyncio.to_thread(build)
        self._keep(key, answer)
        self._keep((what, name, options_key(normalized)), answer)
        return answer

    def _kept(self, key: Key) -> dict[str, Any] | None:
        answer = self.answers.get(key)
        if answer is not None:
            self.answers.move_to_end(key)
        return answer

    def _keep(self, key: Key, answer: dict[str, Any]) -> None:
        self.answers[key] = answer
        self.answers.move_to_end(key)
        while len(self.answers) > KEPT:
            self.answers.popitem(last=False)
