"""`magnates serve`: the web platform on this machine (SQLite by default, PostgreSQL by URL).

SQLite is served by one process. On PostgreSQL any number of processes (`--workers N` here, or
servers on other machines) share the database, each game leased to one of them at a time
(`magnates.server.ownership`).

Every limit is an option here and an environment variable (`MAGNATES_MAX_BODY`, ...): an option
given on the command line wins over the variable, which wins over the default (docs/web.md).
"""

from __future__ import annotations

import gc
import os
import socket
from pathlib import Path

import typer

from magnates.bots.code_bots import ALLOW_ENV
from magnates.cli.common import fail
from magnates.cli.serve_workers import limits_environment, run_workers

LIMITS = "Limits (0 switches one off; each also reads MAGNATES_<NAME>)"


COLLECT_AFTER = 300_000
"""Net new container objects (allocated and still alive) between two passes of the cycle collector."""


def tune_collector() -> None:
    """Start-up objects frozen out of the cycle collector, which then runs only after `COLLECT_AFTER`
    net new containers instead of every 700 (Python's default).

    Serving a move makes no reference cycle (full passes under 1,000 games at play collected
    nothing), yet every move leaves new containers alive (the game's state, its log), and each
    collection walks them again: with a pass every 10,000 net containers the collector took about a
    seventh of the server's CPU at 1,000 games, and its passes were the longest pauses (the young
    generation's up to 60 ms, full ones up to 650 ms); `benchmarks/ws_load.py` measures it.
    Cycles from elsewhere (an exception's traceback) still count towards the threshold, so garbage
    stays bounded; a pass then comes every few minutes under heavy play.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(COLLECT_AFTER, 20, 100)


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 to let other machines in)"),
    port: int = typer.Option(8000, "--port", help="TCP port (with --workers N: the first of N consecutive ports)"),
    workers: int = typer.Option(
        1, "--workers", help="server processes, on consecutive ports, sharing the database (PostgreSQL only)"
    ),
    db: str = typer.Option(
        "", "--db", help="database URL: sqlite:///path/to/file.db or postgresql://user@host/dbname (default: a file)"
    ),
    max_body: int | None = typer.Option(
        None, "--max-body", help="largest request body in bytes [64 KiB]", rich_help_panel=LIMITS
    ),
    create_rate: float | None = typer.Option(
        None, "--create-rate", help="games created per second per address [0.2]", rich_help_panel=LIMITS
    ),
    create_burst: int | None = typer.Option(
        None, "--create-burst", help="games created at once per address [20]", rich_help_panel=LIMITS
    ),
    move_rate: float | None = typer.Option(
        None, "--move-rate", help="moves per second per address [10]", rich_help_panel=LIMITS
    ),
    move_burst: int | None = typer.Option(
        None, "--move-burst", help="moves at once per address [40]", rich_help_panel=LIMITS
    ),
    chat_rate: float | None = typer.Option(
        None, "--chat-rate", help="chat messages per second per address [1]", rich_help_panel=LIMITS
    ),
    chat_burst: int | None = typer.Option(
        None, "--chat-burst", help="chat messages at once per address [10]", rich_help_panel=LIMITS
    ),
    ws_per_seat: int | None = typer.Option(
        None, "--ws-per-seat", help="open WebSockets per seat [4]", rich_help_panel=LIMITS
    ),
    ws_spectators: int | None = typer.Option(
        None, "--ws-spectators", help="open spectator WebSockets per game [64]", rich_help_panel=LIMITS
    ),
    ws_total: int | None = typer.Option(
        None, "--ws-total", help="open WebSockets in all [4000]", rich_help_panel=LIMITS
    ),
    idle_unload: float | None = typer.Option(
        None, "--idle-unload", help="seconds before an unused game leaves memory [600]", rich_help_panel=LIMITS
    ),
    trusted_proxies: str | None = typer.Option(
        None,
        "--trusted-proxies",
        help="comma-separated proxy addresses whose X-Forwarded-For is believed [none]",
        rich_help_panel=LIMITS,
    ),
    rate_limits: bool | None = typer.Option(
        None, "--rate-limits/--no-rate-limits", help="per-address rate limits [on]", rich_help_panel=LIMITS
    ),
    ws_per_address: int | None = typer.Option(
        None,
        "--ws-per-address",
        help="open WebSockets per address, spectators and seats each [256]",
        rich_help_panel=LIMITS,
    ),
    conns_per_address: int | None = typer.Option(
        None, "--conns-per-address", help="open HTTP connections per address [64]", rich_help_panel=LIMITS
    ),
    header_timeout: float | None = typer.Option(
        None, "--header-timeout", help="seconds to send a request's headers [10]", rich_help_panel=LIMITS
    ),
    body_timeout: float | None = typer.Option(
        None, "--body-timeout", help="seconds to send a request's body [30]", rich_help_panel=LIMITS
    ),
    db_timeout: float | None = typer.Option(
        None,
        "--db-timeout",
        help="seconds a database statement or lock wait may take before the request gets 503 [5]",
        rich_help_panel=LIMITS,
    ),
    build_rate: float | None = typer.Option(
        None,
        "--build-rate",
        help="new option sets (/info, /describe) per second per address [1]",
        rich_help_panel=LIMITS,
    ),
    build_burst: int | None = typer.Option(
        None, "--build-burst", help="new option sets at once per address [20]", rich_help_panel=LIMITS
    ),
    learned_dir: str | None = typer.Option(
        None,
        "--learned-dir",
        help="a folder of learned bots' weights (.npz) offered in the lobby for the games they were trained for"
        " (MAGNATES_LEARNED_DIR) [none]",
    ),
    allowed_host: list[str] | None = typer.Option(  # noqa: B008  (a list option; typer reads it as repeatable)
        None,
        "--allowed-host",
        help="a host name this server answers to besides --host and localhost (repeatable; '*': any)",
        rich_help_panel=LIMITS,
    ),
) -> None:
    """Start the web server: lobby, tables, Magnate Roller and the HTTP/WebSocket API."""
    try:
        import uvicorn

        from magnates.server.app import create_app
        from magnates.server.connections import uvicorn_settings
        from magnates.server.hosts import default_allowed
        from magnates.server.instance import DatabaseInUse, ServerLock
        from magnates.server.limits import ENV_PREFIX, Limits
        from magnates.server.storage import default_url, normalize_url
    except ImportError as err:
        fail(f"the web platform needs its extra: pip install 'magnates[web]' ({err})")
    try:
        limits = Limits.from_env(
            max_body=max_body,
            create_rate=create_rate,
            create_burst=create_burst,
            move_rate=move_rate,
            move_burst=move_burst,
            chat_rate=chat_rate,
            chat_burst=chat_burst,
            ws_per_seat=ws_per_seat,
            ws_spectators=ws_spectators,
            ws_total=ws_total,
            idle_unload=idle_unload,
            trusted_proxies=trusted_proxies,
            rate_limits=rate_limits,
            ws_per_address=ws_per_address,
            conns_per_address=conns_per_address,
            header_timeout=header_timeout,
            db_timeout=db_timeout,
            body_timeout=body_timeout,
            build_rate=build_rate,
            build_burst=build_burst,
            allowed_hosts=",".join(allowed_host) if allowed_host else None,
            learned_dir=learned_dir,
        )
        # DNS rebinding: answer only to the names this server is meant to have (its own, localhost, those given).
        limits.allowed_hosts = ",".join(n for n in (default_allowed(host), limits.allowed_hosts) if n)
    except ValueError as err:
        fail(str(err))
    if limits.learned_dir and not Path(limits.learned_dir).expanduser().is_dir():
        fail(f"--learned-dir {limits.learned_dir}: no such folder (it holds the learned bots' .npz weights)")
    url = db or default_url()
    check_database(url)
    os.environ.pop(ALLOW_ENV, None)  # a server runs no bot file, even one a shell before it allowed
    if workers < 1:
        fail(f"--workers is at least 1, not {workers}")
    if workers > 1:
        if not normalize_url(url).startswith("postgresql"):
            fail(
                "SQLite is served by one process: --workers needs a PostgreSQL database (--db postgresql://...),"
                " where the processes share the games (docs/web.md)"
            )
        ports = [port + i for i in range(workers)]
        for each in ports:
            check_port(host, each)
        typer.echo(
            f"{workers} magnates server processes on ports {ports[0]}-{ports[-1]} sharing {_shown(url)}; "
            "put a reverse proxy in front, sticky by game id (docs/web.md)"
        )
        run_workers(host, ports, url, limits_environment(limits, ENV_PREFIX))
        return
    # SQLite: one process per database (every game lives in its server's memory, so a second process
    # would fork games). PostgreSQL: shared with other servers, each game leased to one (instance.py).
    lock = ServerLock(url)
    try:
        lock.acquire()
    except DatabaseInUse as err:
        why = "SQLite is served by one process" if url.startswith("sqlite") else "stop it first"
        fail(f"{err}; {why} (each game lives in its server's memory: docs/web.md)")
    check_port(host, port)
    shown = "localhost" if host in {"127.0.0.1", "0.0.0.0"} else host
    typer.echo(f"magnates web platform on http://{shown}:{port}/  (database: {url.split('@')[-1]}; API: /docs)")
    tune_collector()
    # Slow headers and bodies time out, connections per address are bounded, no per-message
    # compression, WebSocket messages held to the body limit: connections.py.
    uvicorn.run(create_app(url, limits=limits), host=host, port=port, log_level="warning", **uvicorn_settings(limits))
    lock.release()


def _shown(url: str) -> str:
    """A database URL without its password, for messages."""
    return url.split("@")[-1] if "@" in url else url


def check_database(url: str) -> None:
    """Open the database once before announcing anything: a wrong URL is one line and exit 2."""
    from sqlalchemy import create_engine, text

    try:
        engine = create_engine(url)
    except Exception as err:  # an unknown scheme, a malformed URL, a missing driver
        fail(f"cannot use the database {_shown(url)!r}: {str(err).splitlines()[0]}")
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as err:  # refused, unknown host, wrong password, unreadable file
        fail(f"cannot open the database {_shown(url)!r}: {str(getattr(err, 'orig', err)).splitlines()[0]}")
    finally:
        engine.dispose()


def check_port(host: str, port: int) -> None:
    """Bind the address once before announcing it: a port in use is one line and exit 2."""
    if not 0 <= port <= 65535:
        fail(f"--port must be between 0 and 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as err:
        fail(f"cannot listen on {host}: {err.strerror or err}")
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            fail(f"cannot listen on {host}:{port}: {err.strerror or err} (another server there? choose another --port)")
