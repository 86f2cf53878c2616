"""Accounts and their sessions, as stored: names, argon2 password hashes, session secrets' hashes.

An account is optional: guests play with seat links as before. A password is kept only as an
argon2id hash (argon2-cffi, RFC 9106's low-memory profile: 64 MiB, 3 passes), so a stolen database
does not give the passwords away cheaply. A session is a random secret in an HttpOnly cookie; the
database keeps its SHA-256, its CSRF token and when it lapses, and signing out deletes it, so a copy
of the cookie taken before stops working at once (`sessions.py` has the HTTP side).
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import DateTime, ForeignKey, Integer, String, delete, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from magnates.server.errors import BadInput, Conflict, ServiceError
from magnates.server.names import clean_account_name, name_key
from magnates.server.seats import hash_token
from magnates.server.storage import Base, utc

MIN_PASSWORD, MAX_PASSWORD = 8, 200
SESSION_DAYS = 30


class Unauthorized(ServiceError):
    """Not signed in, or a wrong name or password (the answer never says which of the two)."""

    status = 401


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SessionRow(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    email: str | None = None
    created: dt.datetime | None = None

    def public(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True)
class SignedIn:
    """A live session: whose it is and the CSRF token its unsafe requests must carry."""

    account: Account
    csrf: str
    token_hash: str


def password_hasher() -> PasswordHasher:
    """argon2id, RFC 9106's low-memory profile; MAGNATES_ARGON2_MEMORY_KIB lowers the memory for tests."""
    memory = os.environ.get("MAGNATES_ARGON2_MEMORY_KIB")
    if memory:
        params = profiles.RFC_9106_LOW_MEMORY
        return PasswordHasher(time_cost=params.time_cost, memory_cost=int(memory), parallelism=params.parallelism)
    return PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadInput(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters; this one has {len(password)}")
    return password


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.email, row.created_at)


class AccountStore:
    """Accounts and sessions in the server's database (tables made by migration 0005)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self.hasher = password_hasher()
        self._dummy = self.hasher.hash("not a password of anyone")  # a wrong name costs what a wrong password does

    # -- accounts ----------------------------------------------------------------------
    def create(self, name: str, password: str, email: str | None = None) -> Account:
        """A new account, or 409 when the name (or one that looks the same) is taken."""
        shown = clean_account_name(name)
        digest = self.hasher.hash(check_password(password))
        try:
            with self._sessions() as session, session.begin():
                row = AccountRow(name=shown, name_key=name_key(shown), password_hash=digest, email=email)
                session.add(row)
                session.flush()
                return _account(row)
        except IntegrityError:
            raise Conflict(f"the name {shown!r} is taken (or one that looks the same); choose another") from None

    def get(self, account_id: int) -> Account | None:
        with self._sessions() as session:
            row = session.get(AccountRow, account_id)
            return None if row is None else _account(row)

    def by_name(self, name: str) -> Account | None:
        with self._sessions() as session:
            row = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
            return None if row is None else _account(row)

    def names(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        with self._sessions() as session:
            return dict(session.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids))).all())

    def verify(self, name: str, password: str) -> Account:
        """The account whose name and password these are, or 401 (the same answer for either wrong)."""
        with self._sessions() as session:
            row = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
            digest = row.password_hash if row is not None else self._dummy
            try:
                self.hasher.verify(digest, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                row = None
            if row is None:
                raise Unauthorized("wrong name or password")
            if self.hasher.check_needs_rehash(row.password_hash):  # the profile was raised since: hash again
                with session.begin():
                    row.password_hash = self.hasher.hash(password)
            return _account(row)

    def set_email(self, account_id: int, email: str | None) -> None:
        with self._sessions() as session, session.begin():
            row = session.get(AccountRow, account_id)
            if row is not None:
                row.email = email

    # -- sessions ----------------------------------------------------------------------
    def open_session(self, account: Account) -> tuple[str, SignedIn]:
        """A new session's secret (for the cookie; only its hash is kept) and what it opens."""
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(days=SESSION_DAYS)
        digest = hash_token(token)
        with self._sessions() as session, session.begin():
            session.add(SessionRow(token_hash=digest, account_id=account.id, csrf=csrf, expires_at=expires))
        return token, SignedIn(account, csrf, digest)

    def session(self, token: str) -> SignedIn | None:
        """The live session this cookie's secret opens (None: unknown, signed out or lapsed)."""
        digest = hash_token(token)
        with self._sessions() as session:
            row = session.get(SessionRow, digest)
            if row is None or utc(row.expires_at) <= dt.datetime.now(dt.UTC):
                return None
            account = session.get(AccountRow, row.account_id)
            return None if account is None else SignedIn(_account(account), row.csrf, digest)

    def close_session(self, token_hash: str) -> None:
        with self._sessions() as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))
