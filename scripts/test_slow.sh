#!/usr/bin/env bash
# The long suites behind the `slow` marker: every Magnate variant, the Ray backend against a local
# Ray instance, the search bots' strength checks. Installs the Ray extra so the Ray tests run
# instead of skipping. Extra arguments go to pytest (e.g. `-k ray`).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e ".[test,ray]"
bash scripts/setup_web_test_deps.sh
python3 -m pytest -n 2 -m slow "$@"
