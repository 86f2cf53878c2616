#!/usr/bin/env bash
# System packages the tests need: a PostgreSQL server (the web platform's storage tests), Chromium
# (end-to-end browser tests, driven by Playwright without any browser download) and a C compiler
# (the compiled build's test, tests/test_compiled_build.py). Idempotent and quiet: it installs only
# what is missing, and only when it can (root, or passwordless sudo).
set -euo pipefail
missing=()
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || missing+=(gcc)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    run=(sudo -n)
else
    echo "tests: cannot install ${missing[*]} (not root); those tests will skip" >&2
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "tests: no apt-get to install ${missing[*]}; those tests will skip" >&2
    exit 0
fi
echo "tests: installing Debian's ${missing[*]} with apt-get (system packages the tests need)" >&2
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq >/dev/null
"${run[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
