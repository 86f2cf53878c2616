#!/usr/bin/env bash
# The README's test command: install magnates with its test tools, then run the default test suite.
# Extra arguments go to pytest (e.g. `scripts/test.sh -m slow` for the long suites).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e ".[test]"
bash scripts/setup_web_test_deps.sh  # PostgreSQL and Chromium for the web platform's tests
python3 -m pytest -n 2 -m "not slow" "$@"
