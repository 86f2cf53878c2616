"""The review's chart: every side's chance to win after each decision, with the labelled moves
marked, written as PNG and SVG (matplotlib on the Agg backend, so no display is needed)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from magnates.analysis.review import Review, chance_series, side_names

MARKS = {"inaccuracy": ("#e0b020", 30), "mistake": ("#e07020", 45), "blunder": ("#c0302c", 60)}
"""Colour and size of the dot on a labelled move (best and good moves get none)."""
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3")


def write_chart(review: Review, out_dir: Path, stem: str = "review") -> list[Path]:
    """Draw the review's chart into `out_dir` as `<stem>.png` and `<stem>.svg`; returns both paths."""
    series = chance_series(review)
    steps = [step + 1 for step in series["steps"]]  # people count actions from 1
    fig, ax = plt.subplots(figsize=(9, 3.6))
    names = side_names(review)
    for side, chances in enumerate(series["chances"]):
        ax.plot(steps, chances, color=COLOURS[side % len(COLOURS)], linewidth=1.6, label=names[side])
    for decision in review.decisions:
        mark = MARKS.get(decision.label)
        if mark is not None:
            ax.scatter(
                [decision.step + 1],
                [decision.after[decision.seat]],
                s=mark[1],
                color=mark[0],
                zorder=3,
                edgecolors="white",
            )
    for step in review.turning_points:
        ax.axvline(step + 1, color="grey", linewidth=0.8, linestyle=":")
    if review.decided_at is not None:
        ax.axvline(review.decided_at + 1, color="black", linewidth=1.0, linestyle="--", label="decided")
    ax.axhline(1 / review.sides, color="grey", linewidth=0.6)
    ax.set_ylim(0, 1)
    ax.set_xlabel("action of the record")
    ax.set_ylabel("chance to win")
    ax.set_title(f"{review.game}: chance to win after each decision (from the mover's view)")
    ax.legend(fontsize="small", loc="upper left", ncols=min(4, review.sides + 1))
    out_dir.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    paths = [out_dir / f"{stem}.{fmt}" for fmt in ("png", "svg")]
    for path in paths:
        fig.savefig(path, dpi=110)
    plt.close(fig)
    return paths
