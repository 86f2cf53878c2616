#!/usr/bin/env bash
# PyTorch's CPU build for the learned bots' training tests (tests/learn: a tiny training run that
# checkpoints, resumes and exports weights). Never PyPI's default torch wheel: on x86_64 Linux it
# brings gigabytes of CUDA libraries this project has no use for. Idempotent and quiet. In order:
#   1. torch already importable in the venv: nothing to do;
#   2. a CPU wheel for this Python on disk (MAGNATES_TORCH_WHEELS, default /opt/wheels): install it;
#   3. PyTorch's own CPU index (download.pytorch.org/whl/cpu), where the machine reaches it.
# When none works the training tests skip with their reason; nothing else depends on torch.
set -euo pipefail
python="${1:?usage: setup_train_test_deps.sh VENV_PYTHON}"
"$python" -c "import torch" >/dev/null 2>&1 && exit 0
tag="$("$python" -c 'import sys; print(f"cp{sys.version_info.major}{sys.version_info.minor}")')"
arch="$(uname -m)"
wheel="$(ls "${MAGNATES_TORCH_WHEELS:-/opt/wheels}"/torch-*+cpu-"$tag"-"$tag"-*"$arch".whl 2>/dev/null | sort -V | tail -1 || true)"
if [ -n "$wheel" ]; then
    echo "train tests: installing PyTorch's CPU build from $wheel" >&2
    "$python" -m pip install --quiet --disable-pip-version-check "$wheel" && exit 0
fi
if "$python" -m pip install --quiet --disable-pip-version-check --retries 1 --timeout 30 torch \
    --index-url https://download.pytorch.org/whl/cpu >/dev/null 2>&1; then
    echo "train tests: installed PyTorch's CPU build from download.pytorch.org" >&2
    exit 0
fi
echo "train tests: no CPU build of PyTorch found; tests/learn's training tests will skip" >&2
exit 0
