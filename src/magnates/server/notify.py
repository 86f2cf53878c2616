"""Turn notices by e-mail: when it becomes a signed-in player's turn, a short mail with the game's link.

Optional and off unless an SMTP server is configured (`MAGNATES_SMTP_HOST`; `MAGNATES_SMTP_PORT`,
default 587; `MAGNATES_SMTP_USER` and `MAGNATES_SMTP_PASSWORD` if it wants a login;
`MAGNATES_SMTP_STARTTLS`, on by default; `MAGNATES_SMTP_FROM`; `MAGNATES_PUBLIC_URL`, the site's
address for the link). A player gets one only if their account has an e-mail address, only when the
turn passes to them (not for each decision of one turn), and at most one per game every
`MAGNATES_NOTIFY_QUIET` seconds (default 600), so a quick game does not flood a mailbox. Mails go
out from a worker thread: a slow or failing mail server never holds up a move (failures are logged).
In the browser, pages poll `GET /api/me/games` instead (account.js): the tab's title and an optional
browser notification.
"""

from __future__ import annotations

import logging
import os
import smtplib
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage

from magnates.server.accounts import AccountStore
from magnates.server.tables import Table

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int = 587
    user: str | None = None
    password: str | None = None
    starttls: bool = True
    sender: str = "magnates@localhost"
    public_url: str = "http://localhost:8000"
    quiet: float = 600.0

    @classmethod
    def from_env(cls) -> MailSettings | None:
        """The SMTP settings from MAGNATES_SMTP_*; None when no host is set (no e-mail)."""
        env = os.environ
        host = env.get("MAGNATES_SMTP_HOST", "").strip()
        if not host:
            return None
        return cls(
            host=host,
            port=int(env.get("MAGNATES_SMTP_PORT", "587")),
            user=env.get("MAGNATES_SMTP_USER") or None,
            password=env.get("MAGNATES_SMTP_PASSWORD") or None,
            starttls=env.get("MAGNATES_SMTP_STARTTLS", "on").strip().lower() in {"1", "on", "true", "yes"},
            sender=env.get("MAGNATES_SMTP_FROM", "magnates@localhost"),
            public_url=env.get("MAGNATES_PUBLIC_URL", "http://localhost:8000").rstrip("/"),
            quiet=float(env.get("MAGNATES_NOTIFY_QUIET", "600")),
        )


class TurnMail:
    """The service's change hook that mails a player whose turn it has just become."""

    def __init__(self, settings: MailSettings, accounts: AccountStore) -> None:
        self.settings = settings
        self.accounts = accounts
        self.deciders: dict[str, int] = {}  # game -> the seat whose turn was last seen
        self.sent: dict[tuple[str, int], float] = {}  # (game, account) -> when the last mail went
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="magnates-mail")

    def changed(self, table: Table) -> None:
        if table.waiting or table.over:
            self.deciders.pop(table.id, None)
            return
        seat = table.state.current_player()
        if seat < 0 or self.deciders.get(table.id) == seat:
            return
        self.deciders[table.id] = seat
        account_id = table.seats[seat].account
        if account_id is None:
            return
        now = time.monotonic()
        last = self.sent.get((table.id, account_id))
        if last is not None and now - last < self.settings.quiet:
            return
        account = self.accounts.get(account_id)
        if account is None or not account.email:
            return
        if len(self.sent) > 10_000:  # forget notices older than the quiet time
            self.sent = {key: at for key, at in self.sent.items() if now - at < self.settings.quiet}
        self.sent[(table.id, account_id)] = now
        title = getattr(table.game, "title", table.game.name)
        others = ", ".join(table.name(i) for i in range(len(table.seats)) if i != seat)
        self.pool.submit(self.send, account.email, account.name, title, others, table.id)

    def send(self, to: str, name: str, title: str, others: str, game_id: str) -> None:
        settings = self.settings
        message = EmailMessage()
        message["From"] = settings.sender
        message["To"] = to
        message["Subject"] = f"Your turn: {title}"
        link = f"{settings.public_url}/table.html?game={game_id}"
        message.set_content(
            f"Hello {name},\n\nit is your turn in {title} with {others}.\n\n{link}\n\n"
            f"Your games: {settings.public_url}/games.html\n"
            "(You get this because your magnates account has this address; change it on your My games page.)\n"
        )
        try:
            with smtplib.SMTP(settings.host, settings.port, timeout=20) as smtp:
                if settings.starttls:
                    smtp.starttls()
                if settings.user:
                    smtp.login(settings.user, settings.password or "")
                smtp.send_message(message)
        except Exception:
            logger.exception("the turn notice to account %s could not be sent", name)

    def close(self) -> None:
        self.pool.shutdown(wait=True)
