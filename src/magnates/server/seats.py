"""Who sits where: people (with a hashed secret each), bots, open seats; names as people typed them.

A seat's secret is 144 random bits, shown once and stored only as its SHA-256. A person's seat
may be created *open* (no secret yet: anyone may take it from the lobby) or, in a rematch,
*reserved* (no secret until the old seat's holder asks for one). Names are plain text, stored as
given apart from control characters and length; the browser escapes them.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from magnates.server.errors import BadInput, Forbidden

MAX_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def hash_token(token: str) -> str:
    """What is stored of a seat's secret: tokens are 144 random bits, so one SHA-256 is enough."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def clean_name(value: str | None) -> str | None:
    """A person's name on one line, trimmed; None when nothing is left (the seat is then "Player N")."""
    if value is None:
        return None
    name = " ".join(_CONTROL.sub(" ", value).split())
    if len(name) > MAX_NAME:
        raise BadInput(f"a name is at most {MAX_NAME} characters; got {len(name)}")
    return name or None


@dataclass
class Seat:
    kind: str  # "person" or "bot"
    bot: str | None = None
    token_hash: str | None = None  # SHA-256 of the seat's secret; the secret itself is never stored
    name: str | None = None
    open: bool = False  # a person's seat anyone may take (from the lobby's list of open tables)
    account: int | None = None  # the account the seat belongs to (players.py), when taken while signed in
    thinking: str | None = None  # a search bot's thinking time by name (None: its default)

    @property
    def held(self) -> bool:
        """Somebody plays this seat now (a bot, a person who has its secret, or an account's)."""
        return self.kind == "bot" or self.token_hash is not None or self.account is not None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "bot": self.bot,
            "token_hash": self.token_hash,
            "name": self.name,
            "open": self.open,
        }
        if self.account is not None:
            data["account"] = self.account
        if self.thinking is not None:
            data["thinking"] = self.thinking
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        digest = data.get("token_hash")
        if digest is None and data.get("token"):  # a row written before tokens were hashed
            digest = hash_token(str(data["token"]))
        name = data.get("name")
        return cls(
            str(data.get("kind", "person")),
            data.get("bot"),
            digest,
            str(name) if name else None,
            bool(data.get("open", False)),
            int(data["account"]) if data.get("account") is not None else None,
            str(data["thinking"]) if data.get("thinking") else None,
        )

    def display_name(self, seat: int) -> str:
        if self.name:
            return self.name
        return f"Open seat {seat + 1}" if self.open else f"Player {seat + 1}"

    def label(self) -> str:
        if self.kind == "bot":
            return f"{self.bot} bot" if self.thinking is None else f"{self.bot} bot, {self.thinking} thinking"
        if self.open:
            return "open seat"
        return "person" if self.held is not None else "waiting for its player"

    def public(self, seat: int) -> dict[str, Any]:
        data = {
            "seat": seat,
            "name": self.display_name(seat),
            "kind": self.kind,
            "bot": self.bot,
            "label": self.label(),
            "open": self.open,
        }
        if self.thinking is not None:  # a search bot given a thinking time other than its default
            data["thinking"] = self.thinking
        return data


def seat_for(seats: Sequence[Seat], token: str | None) -> int | None:
    """The seat a secret token opens; no token is a spectator (None); a wrong token is refused."""
    if not token:
        return None
    digest = hash_token(token)
    found = None
    for index, seat in enumerate(seats):  # every seat compared, in constant time each
        if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
            found = index
    if found is None:
        raise Forbidden("this seat link is not valid for this game (check the link you were given)")
    return found


def matches(digest: str | None, token: str | None) -> bool:
    """Whether `token` is the secret whose hash is `digest` (constant time)."""
    if not token or digest is None:
        return False
    return secrets.compare_digest(digest, hash_token(token))
