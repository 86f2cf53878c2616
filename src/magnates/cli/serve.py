"""`magnates serve`: the web platform on this machine (SQLite by default, PostgreSQL by URL)."""

from __future__ import annotations

import gc

import typer


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 to let other machines in)"),
    port: int = typer.Option(8000, "--port", help="TCP port"),
    db: str = typer.Option(
        "", "--db", help="database URL: sqlite:///path/to/file.db or postgresql://user@host/dbname (default: a file)"
    ),
) -> None:
    """Start the web server: lobby, tables, Magnate Roller and the HTTP/WebSocket API."""
    try:
        import uvicorn

        from magnates.server.app import create_app
        from magnates.server.storage import default_url
    except ImportError as err:
        typer.echo(f"the web platform needs its extra: pip install 'magnates[web]' ({err})", err=True)
        raise typer.Exit(2) from None
    url = db or default_url()
    shown = "localhost" if host in {"127.0.0.1", "0.0.0.0"} else host
    typer.echo(f"magnates web platform on http://{shown}:{port}/  (database: {url.split('@')[-1]}; API: /docs)")
    # The garbage collector's full passes over every live game were the longest pauses (up to a quarter
    # of a second with 200 games): objects from start-up are frozen out of them, and they run rarely.
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 1000)
    # No per-message compression: it cost a quarter of the server's CPU per move for ~6 KB messages.
    uvicorn.run(create_app(url), host=host, port=port, log_level="warning", ws_per_message_deflate=False)
