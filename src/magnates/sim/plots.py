"""The charts of simulation, arena and comparison reports, written as PNG and SVG.

Matplotlib runs on the Agg backend (no display needed, safe in worker
processes and on servers). Every function takes plain numbers, writes
`<stem>.png` and `<stem>.svg` into a folder and returns both paths, so the
Markdown report can embed the PNG and link the SVG.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

FORMATS = ("png", "svg")
Interval = tuple[float, float]


def _save(fig: Any, out_dir: Path, stem: str) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    paths = [out_dir / f"{stem}.{fmt}" for fmt in FORMATS]
    for path in paths:
        fig.savefig(path, dpi=110)
    plt.close(fig)
    return paths


def _error_bars(rates: Sequence[float], intervals: Sequence[Interval]) -> list[list[float]]:
    return [
        [r - lo for r, (lo, _) in zip(rates, intervals, strict=True)],
        [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)],
    ]


def win_rate_by_seat(
    labels: Sequence[str],
    rates: Sequence[float],
    intervals: Sequence[Interval],
    out_dir: Path,
    *,
    title: str = "Win rate by seat",
    stem: str = "win_rate_by_seat",
) -> list[Path]:
    """Bars with 95% Wilson intervals, and the line a fair game would give."""
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.bar(labels, rates, yerr=_error_bars(rates, intervals), capsize=6, color="#4c72b0")
    if labels:
        ax.axhline(1 / len(labels), color="grey", linestyle=":", linewidth=1, label="fair share")
        ax.legend(fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games won (95% CI)")
    ax.set_title(title)
    return _save(fig, out_dir, stem)


def length_histogram(lengths: Sequence[int], unit: str, out_dir: Path, *, stem: str = "game_length") -> list[Path]:
    fig, ax = plt.subplots(figsize=(6, 4))
    if lengths:
        low, high = min(lengths), max(lengths)
        bins = range(low, high + 2) if high - low <= 60 else 40
        ax.hist(lengths, bins=bins, color="#55a868", edgecolor="white")
        mean = sum(lengths) / len(lengths)
        ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
        ax.legend(fontsize="small")
    ax.set_xlabel(unit)
    ax.set_ylabel("games")
    ax.set_title("Distribution of game length")
    return _save(fig, out_dir, stem)


def decided_by(counts: Mapping[str, int], out_dir: Path, *, stem: str = "decided_by") -> list[Path]:
    """How the winner was decided (main criterion, each tie-breaker, draw)."""
    fig, ax = plt.subplots(figsize=(6, 4))
    total = sum(counts.values()) or 1
    names = list(counts)
    ax.barh(names, [counts[n] / total for n in names], color="#c44e52")
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games")
    ax.set_title("How games were decided")
    ax.invert_yaxis()
    return _save(fig, out_dir, stem)


def income_by_source(
    income: Mapping[str, Mapping[str, float]], out_dir: Path, *, stem: str = "income_by_source"
) -> list[Path]:
    """Stacked bars: mean income per game for each seat, split by source."""
    fig, ax = plt.subplots(figsize=(7, 4))
    seats = list(income)
    sources = sorted({source for by_source in income.values() for source in by_source})
    bottoms = [0.0] * len(seats)
    for source in sources:
        values = [float(income[seat].get(source, 0.0)) for seat in seats]
        ax.bar(seats, values, bottom=bottoms, label=source)
        bottoms = [b + v for b, v in zip(bottoms, values, strict=True)]
    ax.set_ylabel("mean income per game")
    ax.set_title("Income by source")
    if sources:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _save(fig, out_dir, stem)


def comparison(
    variants: Sequence[str],
    metrics: Mapping[str, Sequence[float]],
    out_dir: Path,
    *,
    intervals: Mapping[str, Sequence[Interval]] | None = None,
    stem: str = "compare",
) -> list[Path]:
    """Grouped bars: one group per metric (a share between 0 and 1), one bar per variant."""
    fig, ax = plt.subplots(figsize=(max(6, 1.8 * len(metrics)), 4.5))
    names = list(metrics)
    width = 0.8 / max(1, len(variants))
    for v, variant in enumerate(variants):
        xs = [m + (v - (len(variants) - 1) / 2) * width for m in range(len(names))]
        values = [metrics[name][v] for name in names]
        yerr = None
        if intervals is not None:
            spans = [
                intervals[name][v] if name in intervals else (value, value)
                for name, value in zip(names, values, strict=True)
            ]
            yerr = _error_bars(values, spans)
        ax.bar(xs, values, width=width, yerr=yerr, capsize=3, label=variant)
    ax.set_xticks(range(len(names)), [textwrap.fill(name, 16) for name in names], fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title("Variants compared")
    ax.legend(fontsize="small")
    return _save(fig, out_dir, stem)


def win_matrix(
    bots: Sequence[str], rates: Sequence[Sequence[float | None]], out_dir: Path, *, stem: str = "arena"
) -> list[Path]:
    """Heat map: row bot's win rate against the column bot (blank on the diagonal)."""
    fig, ax = plt.subplots(figsize=(1.2 * len(bots) + 2.5, 1.0 * len(bots) + 2))
    grid = [[float("nan") if value is None else value for value in row] for row in rates]
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
    ax.set_yticks(range(len(bots)), bots)
    for i, row in enumerate(rates):
        for j, value in enumerate(row):
            if value is not None:
                ax.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize="small")
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title("Arena: win rate of row against column")
    fig.colorbar(image, ax=ax, fraction=0.046)
    return _save(fig, out_dir, stem)
