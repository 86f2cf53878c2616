"""Average the weights of several snapshots of one training run (a cheap ensemble, as in SWA).

    python benchmarks/average_weights.py OUT.npz RUN/snapshots/weights-g02*.npz RUN/snapshots/weights-g03*.npz

Late snapshots of a run wander around a minimum, each off by its last few updates; the mean of their
weights usually judges new positions better than any one of them (measure it with
`benchmarks/value_accuracy.py`). The snapshots must share one network shape; the output keeps the
last one's metadata and records which files were averaged.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from magnates.bots.learned import NumpyNet, WeightsError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("snapshots", nargs="+")
    args = parser.parse_args()
    nets = [NumpyNet.load(path) for path in args.snapshots]
    first = nets[0]
    for path, net in zip(args.snapshots, nets, strict=True):
        if [w.shape for w, _ in net.trunk] != [w.shape for w, _ in first.trunk] or net.meta.get(
            "game"
        ) != first.meta.get("game"):
            raise WeightsError(f"{path} is not the same network as {args.snapshots[0]}")

    def mean(pick: str) -> np.ndarray:
        return np.mean([getattr(net, pick) for net in nets], axis=0).astype(np.float32)

    arrays: dict[str, np.ndarray] = {}
    for i in range(len(first.trunk)):
        arrays[f"t{i}_w"] = np.mean([net.trunk[i][0] for net in nets], axis=0).astype(np.float32)
        arrays[f"t{i}_b"] = np.mean([net.trunk[i][1] for net in nets], axis=0).astype(np.float32)
    arrays.update(v_w=mean("value_w"), v_b=mean("value_b"), p_w=mean("policy_w"), p_b=mean("policy_b"))
    meta = {**nets[-1].meta, "averaged_from": [Path(path).name for path in args.snapshots]}
    NumpyNet(arrays, meta).save(args.out)
    print(f"{args.out}: the mean of {len(nets)} snapshots")


if __name__ == "__main__":
    main()
