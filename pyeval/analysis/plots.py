"""Plots of the analysis results (matplotlib: the ``plot`` extra).

Figures are built with ``matplotlib.figure.Figure`` (no pyplot, no global state, no display
needed: a file is written with the Agg canvas).  Each function returns the Figure and writes it
when ``path`` is given (the format from the file name: .png, .svg, .pdf).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.analysis.breakdown import RangeBreakdown
from pyeval.analysis.combos import ComboEquities
from pyeval.core.files import replacing
from pyeval.ranges import CLASS_NAMES
from pyeval.results.protocol import require

__all__ = ["grid_heatmap", "preflop_heatmap", "equity_curves", "breakdown_bars", "pushfold_grids"]


def new_figure(size: tuple[float, float]) -> Any:
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    return Figure(figsize=size, layout="constrained")


def save_figure(fig: Any, path: str | None) -> Any:
    if path is not None:
        with replacing(path) as temp:
            fig.savefig(temp, dpi=100)
    return fig


def grid_heatmap(source: ComboEquities | np.ndarray, path: str | None = None, title: str | None = None) -> Any:
    """The 13x13 grid of hand-class equities (pairs on the diagonal, suited above, offsuit
    below), from a ``ComboEquities`` (its ``grid()``) or any (13, 13) array; empty classes blank."""
    if isinstance(source, ComboEquities):
        values = source.grid()
        title = title or f"{source.range_text} vs {', '.join(source.opponents)}" + \
            (f" on {source.board}" if source.board else "")
    else:
        values = np.asarray(source, np.float64)
    if values.shape != (13, 13):
        raise ValueError(f"a grid heatmap takes 13 x 13 values, got shape {values.shape}")
    fig = new_figure((7.5, 6.5))
    ax = fig.add_subplot()
    im = ax.imshow(np.ma.masked_invalid(values), cmap="RdYlGn", vmin=0.0, vmax=1.0)
    for i in range(13):
        for j in range(13):
            name = CLASS_NAMES[13 * i + j]
            v = values[i, j]
            label = name if np.isnan(v) else f"{name}\n{100 * v:.0f}"
            ax.text(j, i, label, ha="center", va="center", fontsize=6, color="0.4" if np.isnan(v) else "black")
    ax.set_xticks([])
    ax.set_yticks([])
    fig.colorbar(im, ax=ax, label="equity")
    if title:
        ax.set_title(title)
    return save_figure(fig, path)


def preflop_heatmap(against: str | None = None, path: str | None = None) -> Any:
    """The 13x13 heatmap of the exact preflop matrix: each class's equity against one class
    (``against``, e.g. ``"AKo"``), or against a random hand."""
    from pyeval.ranges import preflop_equity, preflop_matrix

    if against is None:
        values = np.asarray(preflop_equity(), np.float64)
        title = "preflop equity against a random hand"
    else:
        if against not in CLASS_NAMES:
            raise ValueError(f"against must be a class name such as 'AKo', got {against!r}")
        values = np.asarray(preflop_matrix(), np.float64)[:, CLASS_NAMES.index(against)]
        title = f"preflop equity against {against}"
    return grid_heatmap(values.reshape(13, 13), path, title)


def equity_curves(*results: ComboEquities, path: str | None = None, title: str | None = None) -> Any:
    """The equity distribution curves of one or more ranges (e.g. each of two ranges against the
    other on a board): equity against the share of the range, combos sorted from the best down."""
    if not results:
        raise ValueError("equity_curves needs at least one ComboEquities")
    fig = new_figure((7, 4.5))
    ax = fig.add_subplot()
    for r in results:
        share, eq = r.distribution()
        x = np.concatenate([[0.0], share])
        y = np.concatenate([eq[:1], eq])
        ax.step(100 * x, 100 * y, where="post", label=f"{r.range_text} (mean {100 * r.mean:.1f}%)")
    ax.set_xlabel("share of the range (%)")
    ax.set_ylabel("equity (%)")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend()
    board = results[0].board
    ax.set_title(title or ("equity distribution" + (f" on {board}" if board else "")))
    return save_figure(fig, path)


def breakdown_bars(b: RangeBreakdown, path: str | None = None, title: str | None = None) -> Any:
    """The breakdown as horizontal bars: the share of the range in each made class and draw
    (empty classes left out)."""
    rows = [r for r in b.rows() if r["combos"] > 0]
    fig = new_figure((7, 0.3 * len(rows) + 1.5))
    ax = fig.add_subplot()
    names = [r["class"] for r in rows]
    shares = [100 * r["share"] for r in rows]
    colors = ["tab:blue" if r["kind"] == "made" else "tab:orange" for r in rows]
    ax.barh(range(len(rows)), shares, color=colors)
    ax.set_yticks(range(len(rows)), names, fontsize=8)
    ax.invert_yaxis()
    for k, r in enumerate(rows):
        eq = f"  eq {100 * r['equity']:.0f}%" if r.get("equity") is not None else ""
        ax.text(shares[k], k, f" {shares[k]:.1f}%{eq}", va="center", fontsize=7)
    ax.set_xlabel("share of the range (%): made hands blue, draws orange")
    ax.set_xlim(0, max(shares + [1]) * 1.3)
    ax.set_title(title or f"{b.range_text} on {b.board}")
    return save_figure(fig, path)


def pushfold_grids(chart: Any, path: str | None = None, title: str | None = None) -> Any:
    """A ``PushFoldChart`` as the two 13x13 charts players use: per class, the largest stack (big
    blinds) at which the small blind pushes and the big blind calls; '+' at the top of the grid,
    '*' where the class has gaps (docs/pushfold.md)."""
    fig = new_figure((13, 6.2))
    top = float(chart.depths[-1])
    for n, which in enumerate(("push", "call")):
        ax = fig.add_subplot(1, 2, n + 1)
        values = chart.grid(which)
        im = ax.imshow(np.ma.masked_invalid(values), cmap="YlGn", vmin=0.0, vmax=top)
        for i in range(13):
            for j in range(13):
                name = CLASS_NAMES[13 * i + j]
                gaps = "*" if len(chart.intervals(name, which)) > 1 else ""
                ax.text(j, i, f"{name}\n{chart.label(values[i, j])}{gaps}", ha="center", va="center", fontsize=6)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_title(("small blind pushes" if which == "push" else "big blind calls") + " up to (BB)")
        fig.colorbar(im, ax=ax, shrink=0.8)
    fig.suptitle(title or f"heads-up push/fold, chip EV, blinds {chart.sb:g}/{chart.bb:g}"
                 + (f", ante {chart.ante:g}" if chart.ante else ""))
    return save_figure(fig, path)
