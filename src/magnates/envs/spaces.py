"""The observation space of every environment: a Box whose bounds are the encoder's declared ranges.

Each encoder declares the range of every number it writes (`magnates.core.encoding.Layout.add`):
0..1 for one-hots, flags and shares of fixed totals, the largest count the rules allow over its
scale, and an infinite bound only where the rules set no cap (money, points, the turn count).
tests/envs/test_bounds.py plays games against them.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from magnates.core.encoding import Encoder


def observation_box(encoder: Encoder) -> spaces.Box:
    """A float32 Box of the encoder's size, bounded number by number as the encoder declares."""
    low, high = encoder.bounds()
    return spaces.Box(np.array(low, dtype=np.float32), np.array(high, dtype=np.float32), dtype=np.float32)
