"""The Ray backend against a local Ray instance: the same outcomes as the process pool for the same seed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from magnates.sim.arena import run_arena
from magnates.sim.batch import BatchSpec, run_batch

ray = pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'magnates[ray]'")

pytestmark = pytest.mark.slow  # starting a local Ray takes about 20 s


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    from magnates.sim import ray_backend

    started = ray_backend.ensure_started(2)
    yield started
    ray.shutdown()


def test_ray_batch_equals_local_batch(local_ray: object) -> None:
    from magnates.sim import ray_backend

    spec = BatchSpec.make("race", {}, ["greedy", "random"], 24, 5)
    local = run_batch(spec, 1)
    remote = ray_backend.run_batch(spec, 2)
    assert [o.to_json() for o in remote.outcomes] == [o.to_json() for o in local.outcomes]
    assert remote.extra["backend"] == "ray"


def test_ray_arena_equals_local_arena(local_ray: object) -> None:
    local = run_arena("race", ["greedy", "timid"], 10, seed=4, workers=1).to_json()
    remote = run_arena("race", ["greedy", "timid"], 10, seed=4, workers=2, backend="ray").to_json()
    assert remote["backend"] == "ray"
    assert remote["pairs"] == local["pairs"] and remote["ratings"] == local["ratings"]
