#!/usr/bin/env bash
# The README's test command: make (once) the project's own virtual environment in .venv, install
# magnates there with its test tools, install the system packages the web tests need, run the
# default test suite. Extra arguments go to pytest (e.g. `scripts/test.sh -m slow` for the long
# suites). Nothing is installed into the system's Python; set MAGNATES_VENV to use another folder.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${MAGNATES_VENV:-.venv}"
if [ ! -x "$venv/bin/python" ]; then
    echo "test.sh: creating the virtual environment $venv (once)"
    python3 -m venv "$venv"
fi
echo "test.sh: installing magnates and its test tools into $venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[test]"
bash scripts/setup_web_test_deps.sh  # PostgreSQL and Chromium for the web platform's tests
bash scripts/setup_train_test_deps.sh "$venv/bin/python"  # PyTorch's CPU build for the training tests
exec "$venv/bin/python" -m pytest -n 2 -m "not slow" "$@"
