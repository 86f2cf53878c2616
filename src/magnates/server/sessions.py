"""Signing up, in and out over HTTP: the session cookie, CSRF, and the sign-in rate limit.

The session's secret rides in the cookie `magnates_session`: HttpOnly (a page's script cannot read
it), SameSite=Lax (other sites' forms and scripts do not send it), Secure when the request came over
TLS (or `MAGNATES_SECURE_COOKIES=on`, behind a proxy that ends TLS). A cookie is sent by the browser
on its own, so every request it authorises that changes something (any method but GET/HEAD/OPTIONS)
must also carry the session's CSRF token in the `X-CSRF-Token` header, which only the site's own
pages can read (from `GET /api/me` or the sign-in answer); without it the answer is 403.
Requests with a seat's secret (`Authorization: Bearer`) are not cookie-authorised and need none.

Sign-in attempts are rate limited per name and per address (token buckets, `MAGNATES_SIGNIN_RATE`
per second with `MAGNATES_SIGNIN_BURST` at once per name, four times that per address), so guessing
a password costs days, not seconds.
"""

from __future__ import annotations

import os
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, Field
from starlette.requests import HTTPConnection

from magnates.server.accounts import MAX_PASSWORD, AccountStore, SignedIn, Unauthorized
from magnates.server.errors import BadInput, Forbidden, NotFound
from magnates.server.limits import RateLimiter, TooMany, client_address
from magnates.server.names import name_key

COOKIE = "magnates_session"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_EMAIL = 254


def plain_text(value: str) -> str:
    """Text that UTF-8 can carry (JSON may hold lone surrogates, which no database or hash takes)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("holds a character that is not text (a lone surrogate)") from None
    return value


Text = Annotated[str, AfterValidator(plain_text)]


class Credentials(BaseModel):
    name: Annotated[Text, Field(max_length=100, description="your name (2 to 24 characters)")]
    password: Annotated[Text, Field(max_length=MAX_PASSWORD, description="8 to 200 characters")]


class NewAccount(Credentials):
    email: Annotated[Text, Field(max_length=MAX_EMAIL)] | None = Field(
        None, description="where to tell you it is your turn (optional; only if the server sends e-mail)"
    )


class Settings(BaseModel):
    email: Annotated[Text, Field(max_length=MAX_EMAIL)] | None = Field(
        None, description="an address for turn notices; empty or null: none"
    )


def check_email(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    email = value.strip()
    local, at, domain = email.rpartition("@")
    if not at or not local or "." not in domain or any(c.isspace() or c in '<>,;"' for c in email):
        raise BadInput("an e-mail address looks like name@example.org")
    return email


def accounts(request: HTTPConnection) -> AccountStore:
    return request.app.state.accounts  # type: ignore[no-any-return]


def secure_cookies(request: Request) -> bool:
    forced = os.environ.get("MAGNATES_SECURE_COOKIES", "").strip().lower()
    if forced in {"1", "on", "true", "yes"}:
        return True
    return request.url.scheme == "https"


def session_of(request: HTTPConnection) -> SignedIn | None:
    """The signed-in session this request's cookie opens, or None; a cookie-authorised request that
    changes something without the session's CSRF token is refused (403)."""
    if "signed_in" in request.scope.get("state", {}):
        return request.state.signed_in  # type: ignore[no-any-return]
    token = request.cookies.get(COOKIE)
    found = accounts(request).session(token) if token and len(token) <= 100 else None
    if found is not None and request.scope.get("method", "GET") not in SAFE_METHODS:
        sent = request.headers.get(CSRF_HEADER, "")
        if not sent:
            raise Forbidden("this request needs the X-CSRF-Token header of your session (reload the page)")
        if not secrets.compare_digest(sent.encode(), found.csrf.encode()):
            raise Forbidden("the X-CSRF-Token header does not match your session (reload the page)")
    request.state.signed_in = found
    return found


def signed_in(request: Request) -> SignedIn:
    """The session, or 401."""
    found = session_of(request)
    if found is None:
        raise Unauthorized("you are not signed in")
    return found


Session = Annotated[SignedIn | None, Depends(session_of)]
SignedInSession = Annotated[SignedIn, Depends(signed_in)]


def _answer(found: SignedIn, status: int = 200) -> dict[str, Any]:
    return {**found.account.public(), "email": found.account.email, "csrf": found.csrf}


def _set_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=30 * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure_cookies(request),
    )


def sessions_router() -> APIRouter:
    """POST /api/accounts, POST and DELETE /api/session, GET and PATCH /api/me."""
    router = APIRouter(tags=["accounts"])
    rate = float(os.environ.get("MAGNATES_SIGNIN_RATE", str(1 / 60)))
    burst = int(os.environ.get("MAGNATES_SIGNIN_BURST", "5"))
    by_name = RateLimiter(rate, burst)
    by_address = RateLimiter(rate * 4, burst * 4)

    def throttle(request: Request, name: str) -> None:
        proxies = request.app.state.limits.proxies
        wait = max(by_name.take(name_key(name)[:160]), by_address.take(client_address(request.scope, proxies)))
        if wait:
            raise TooMany("too many sign-in attempts; try again later", wait)

    @router.post("/api/accounts", status_code=201, responses={409: {"description": "the name is taken"}})
    async def sign_up(body: NewAccount, request: Request) -> JSONResponse:
        """Make an account and sign in: the answer sets the session cookie and gives its CSRF token."""
        store = accounts(request)
        account = store.create(body.name, body.password, check_email(body.email))
        token, found = store.open_session(account)
        response = JSONResponse(_answer(found), status_code=201)
        _set_cookie(response, request, token)
        return response

    @router.post("/api/session", responses={401: {"description": "wrong name or password"}})
    async def sign_in(body: Credentials, request: Request) -> JSONResponse:
        """Sign in: sets the session cookie; 401 for a wrong name or password; 429 when asked too often."""
        throttle(request, body.name)
        store = accounts(request)
        account = store.verify(body.name, body.password)
        token, found = store.open_session(account)
        response = JSONResponse(_answer(found))
        _set_cookie(response, request, token)
        return response

    @router.delete("/api/session", status_code=204)
    async def sign_out(request: Request, found: SignedInSession) -> Response:
        """Sign out: the session ends on the server too (a copy of the cookie no longer works)."""
        accounts(request).close_session(found.token_hash)
        response = Response(status_code=204)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure_cookies(request))
        return response

    @router.get("/api/me", responses={401: {"description": "not signed in"}})
    async def me(found: SignedInSession) -> dict[str, Any]:
        """Who you are signed in as, and the CSRF token your page sends with every change."""
        return _answer(found)

    @router.patch("/api/me")
    async def settings(body: Settings, request: Request, found: SignedInSession) -> dict[str, Any]:
        """Set (or clear) the e-mail address for turn notices."""
        store = accounts(request)
        store.set_email(found.account.id, check_email(body.email))
        account = store.get(found.account.id)
        if account is None:
            raise NotFound("this account no longer exists; sign in again")
        return _answer(SignedIn(account, found.csrf, found.token_hash))

    return router
