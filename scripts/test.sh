#!/usr/bin/env bash
# The README's test command (and CI's, through .ci/run): the default test suite in an environment
# of its own, .venv-test, so that the quick start's .venv keeps only what `magnates serve` needs and
# is never reinstalled under a running server. Made once, then reused. It says what it installs:
#   - magnates, editable, with its test tools: pytest, hypothesis, ruff, mypy, import-linter,
#     playwright and the web and rl extras (FastAPI, SQLAlchemy, PettingZoo, Gymnasium, OpenSpiel);
#   - PyTorch's CPU build, for the training tests (scripts/setup_train_test_deps.sh);
#   - Debian's postgresql, chromium and gcc (system packages, only as root; scripts/setup_web_test_deps.sh).
# Extra arguments go to pytest (e.g. `scripts/test.sh tests/cli`). MAGNATES_TEST_VENV names
# another folder for the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${MAGNATES_TEST_VENV:-.venv-test}"
say() { echo "test.sh: $*"; }
if [ ! -x "$venv/bin/python" ]; then
    say "creating the test environment $venv (once; the quick start's .venv is left alone)"
    python3 -m venv "$venv"
fi
say "installing into $venv: magnates (editable) with its test tools, the web and rl extras"
say "  (pytest, hypothesis, ruff, mypy, import-linter, playwright, FastAPI, SQLAlchemy, PettingZoo, OpenSpiel)"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[test]"
say "system packages for the tests (PostgreSQL, Chromium, a C compiler), if missing and if root"
bash scripts/setup_web_test_deps.sh
say "PyTorch's CPU build for the training tests, if not there yet"
bash scripts/setup_train_test_deps.sh "$venv/bin/python"
say "$venv now takes $(du -sh "$venv" 2>/dev/null | cut -f1) on disk (delete the folder to reclaim it)"
exec "$venv/bin/python" -m pytest -n 2 -m "not slow" "$@"
