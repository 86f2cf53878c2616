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
    shapes = {name: array.shape for name, array in nets[0].arrays().items()}
    for path, net in zip(args.snapshots, nets, strict=True):
        same_shapes = {name: array.shape for name, array in net.arrays().items()} == shapes
        if not same_shapes or net.meta.get("game") != nets[0].meta.get("game"):
            raise WeightsError(f"{path} is not the same network as {args.snapshots[0]}")
    arrays = {name: np.mean([net.arrays()[name] for net in nets], axis=0).astype(np.float32) for name in shapes}
    meta = {**nets[-1].meta, "averaged_from": [Path(path).name for path in args.snapshots]}
    NumpyNet(arrays, meta).save(args.out)
    print(f"{args.out}: the mean of {len(nets)} snapshots")


if __name__ == "__main__":
    main()
