"""Plots of a flop report (matplotlib: the ``plot`` extra), built as ``pyeval.analysis.plots``
builds its figures (no pyplot; written when ``path`` is given, the format from its extension).

flops_by_equity   a bar per flop, sorted by hero's equity, coloured by suit texture (bar width:
                  the flop's probability)
equity_heatmap    hero's equity by high card and suit texture
class_shares      both ranges' hand-class shares by texture group
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.analysis.flops.result import FlopReport
from pyeval.analysis.flops.texture import SUITS
from pyeval.analysis.plots import new_figure, save_figure
from pyeval.core.cards import RANK_CHARS

__all__ = ["flops_by_equity", "equity_heatmap", "class_shares"]

SUIT_COLOURS = {"rainbow": "tab:green", "two-tone": "tab:blue", "monotone": "tab:red"}


def _title(r: FlopReport) -> str:
    return f"{r.game}: {r.hero}\nvs {r.villain}"


def flops_by_equity(r: FlopReport, path: str | None = None) -> Any:
    """Every flop as a bar of hero's equity, from the best for hero down; each bar as wide as
    the flop's probability, coloured by its suits; the dashed line is the mean (the preflop
    equity when the report covers every flop)."""
    eq, prob = r.equity[:, 0], r.probability
    order = np.argsort(-eq, kind="stable")
    left = np.concatenate([[0.0], np.cumsum(prob[order])[:-1]])
    colours = [SUIT_COLOURS[r.textures[i]["suits"]] for i in order]
    fig = new_figure((10, 4.5))
    ax = fig.add_subplot()
    ax.bar(left, eq[order], width=prob[order], align="edge", color=colours, linewidth=0)
    ax.axhline(r.mean[0], color="black", linestyle="--", linewidth=1, label=f"mean {r.mean[0]:.3f}")
    for name, colour in SUIT_COLOURS.items():
        ax.bar([0], [0], color=colour, label=name)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("flops by probability, best for hero first")
    ax.set_ylabel("hero's equity")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(_title(r), fontsize=9)
    return save_figure(fig, path)


def equity_heatmap(r: FlopReport, path: str | None = None) -> Any:
    """Hero's equity by the flop's high card (columns) and suits (rows), each cell the
    probability-weighted mean of its flops (blank where there is none)."""
    highs = [c for c in RANK_CHARS if any(t["high"] == c for t in r.textures)]
    values = np.full((len(SUITS), len(highs)), np.nan)
    eq, prob = r.equity[:, 0], r.probability
    for i, s in enumerate(SUITS):
        for j, h in enumerate(highs):
            inside = np.array([t["suits"] == s and t["high"] == h for t in r.textures])
            if inside.any():
                values[i, j] = prob[inside] @ eq[inside] / prob[inside].sum()
    fig = new_figure((max(5.0, 0.6 * len(highs) + 2), 3.2))
    ax = fig.add_subplot()
    im = ax.imshow(np.ma.masked_invalid(values), cmap="RdYlGn", vmin=0.0, vmax=1.0, aspect="auto")
    for i in range(len(SUITS)):
        for j in range(len(highs)):
            if not np.isnan(values[i, j]):
                ax.text(j, i, f"{100 * values[i, j]:.0f}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(highs)), [f"{h}-high" for h in highs], fontsize=7)
    ax.set_yticks(range(len(SUITS)), SUITS)
    fig.colorbar(im, ax=ax, label="hero's equity")
    ax.set_title(_title(r), fontsize=9)
    return save_figure(fig, path)


def class_shares(r: FlopReport, path: str | None = None, top: int = 8) -> Any:
    """The made-hand classes' shares of both ranges by texture group (the ``top`` classes by their
    largest share; the rest together as "other")."""
    groups = r.by("group").nested_rows()
    names = list(r.made_classes)
    shares = {side: np.array([[g["classes"][side][n] for n in names] for g in groups]) for side in ("hero", "villain")}
    biggest = np.max(np.concatenate([shares["hero"], shares["villain"]]), axis=0)
    keep = [names[k] for k in np.argsort(-biggest, kind="stable")[:top]]
    fig = new_figure((11, 0.35 * len(groups) + 2.5))
    axes = fig.subplots(1, 2, sharey=True)
    colours = [f"C{k}" for k in range(len(keep))] + ["0.8"]
    labels = [g["group"] for g in groups]
    y = np.arange(len(groups))
    for ax, side in zip(axes, ("hero", "villain")):
        s = shares[side]
        cols = [s[:, names.index(n)] for n in keep]
        cols.append(np.clip(1 - np.sum(cols, axis=0), 0, None))
        left = np.zeros(len(groups))
        for col, colour, name in zip(cols, colours, keep + ["other"]):
            ax.barh(y, col, left=left, color=colour, label=name)
            left += col
        ax.set_xlim(0, 1)
        ax.set_title(f"{side}: {r.hero if side == 'hero' else r.villain}", fontsize=7)
        ax.set_yticks(y, labels, fontsize=7)
    axes[0].invert_yaxis()  # the most likely group on top (the axes share y: once)
    handles, names_shown = axes[0].get_legend_handles_labels()
    fig.legend(handles, names_shown, loc="outside lower center", ncols=5, fontsize=7)
    fig.suptitle(f"{r.game}: made hands by texture group (share of each range)", fontsize=10)
    return save_figure(fig, path)
