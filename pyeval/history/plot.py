"""The graph players expect: cumulative actual winnings against all-in adjusted winnings
(matplotlib: the ``plot`` extra; a Figure, no pyplot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyeval.core.files import replacing
from pyeval.results.protocol import require

if TYPE_CHECKING:
    from pyeval.history.result import AllinEVResult

__all__ = ["winnings_plot"]


def winnings_plot(result: AllinEVResult, path: str | None = None, player: str | None = None) -> Any:
    """Solid: actual winnings; dashed: all-in adjusted; one colour per player."""
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    names = [player] if player is not None else [r["player"] for r in result.players.rows()]
    known = {r["player"] for r in result.players.rows()}
    for name in names:
        if name not in known:
            raise ValueError(f"no player {name!r} in these hands (players: {', '.join(sorted(known))})")
    fig = Figure(figsize=(9, 5), layout="constrained")
    ax = fig.add_subplot()
    for k, name in enumerate(names):
        actual, adjusted = result.curves(name)
        colour = f"C{k % 10}"
        ax.plot(actual, color=colour, label=f"{name}: actual")
        ax.plot(adjusted, color=colour, linestyle="--", label=f"{name}: all-in adjusted")
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("winnings (chips)")
    ax.set_title("Actual vs all-in adjusted winnings")
    ax.legend(fontsize=8, ncol=2 if len(names) > 3 else 1)
    if path is not None:
        with replacing(path) as temp:
            fig.savefig(temp, dpi=100)
    return fig
