#!/usr/bin/env bash
# The long suites behind the `slow` marker: every Magnate variant, the Ray backend against a local
# Ray instance, the search bots' strength checks. Installs the Ray extra into the project's
# virtual environment (.venv, as scripts/test.sh) so the Ray tests run instead of skipping. Extra
# arguments go to pytest (e.g. `-k ray`).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${MAGNATES_VENV:-.venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[test,ray]"
bash scripts/setup_web_test_deps.sh
exec "$venv/bin/python" -m pytest -n 2 -m slow "$@"
