#!/usr/bin/env bash
# The long suites behind the `slow` marker: every Magnate variant, the Ray backend against a local
# Ray instance, the search bots' strength checks. Uses the test environment of scripts/test.sh
# (.venv-test, never the quick start's .venv) and adds the Ray extra to it so that the Ray tests
# run instead of skipping. Extra arguments go to pytest (e.g. `-k ray`).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${MAGNATES_TEST_VENV:-.venv-test}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
echo "test_slow.sh: installing magnates with its test tools and the ray extra into $venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[test,ray]"
bash scripts/setup_web_test_deps.sh
echo "test_slow.sh: $venv takes $(du -sh "$venv" 2>/dev/null | cut -f1) on disk"
exec "$venv/bin/python" -m pytest -n 2 -m slow "$@"
