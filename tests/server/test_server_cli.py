"""`magnates serve` prints its URL and serves the lobby and the API on that port."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
from server_helpers import free_port
from typer.testing import CliRunner

from magnates.cli.main import app


def test_serve_is_a_command_with_host_port_and_db_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--host" in result.output and "--port" in result.output and "--db" in result.output


def test_serve_prints_the_url_and_answers_there(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "magnates.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{tmp_path}/s.db",
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert f"http://localhost:{port}/" in line
        deadline = time.monotonic() + 30
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/index.html", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and process.poll() is None, "the server did not answer"
                time.sleep(0.1)
        assert response.status_code == 200 and "New game" in response.text
        assert httpx.get(f"http://127.0.0.1:{port}/openapi.json").json()["info"]["title"] == "magnates"
    finally:
        process.terminate()
        process.wait(timeout=30)
