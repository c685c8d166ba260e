"""The graph players expect: cumulative actual winnings against all-in adjusted winnings
(matplotlib: the ``plot`` extra; a Figure, no pyplot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyeval.core.files import replacing
from pyeval.results.protocol import require

if TYPE_CHECKING:
    from pyeval.history.result import AllinEVResult

__all__ = ["winnings_plot"]


TOP_PLAYERS = 8
"""Players drawn when none is named: those with the most hands (two lines each, a legend that
fits)."""


def winnings_plot(result: AllinEVResult, path: str | None = None, player: str | None = None,
                  top: int = TOP_PLAYERS, unit: str = "auto") -> Any:
    """Solid: actual winnings; dashed: all-in adjusted; one colour per player: ``player``, or
    the ``top`` players with the most hands (the title says so); in big blinds or chips
    (``unit``: "bb", "chips", "auto")."""
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    if unit not in ("auto", "bb", "chips"):
        raise ValueError(f"unit must be 'auto', 'bb' or 'chips', got {unit!r}")
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ValueError(f"top must be a whole number >= 1, got {top!r}")
    rows = result.players.rows()
    known = {r["player"] for r in rows}
    if player is not None:
        if player not in known:
            raise ValueError(f"no player {player!r} in these hands (players: {', '.join(sorted(known))})")
        names, title = [player], f"{player}: actual vs all-in adjusted winnings"
    else:
        ranked = sorted(rows, key=lambda r: (-r["hands"], r["player"]))
        names = [r["player"] for r in ranked[:top]]
        title = "Actual vs all-in adjusted winnings"
        if len(rows) > top:
            title += f": the {top} players with the most hands (of {len(rows):,})"
    big_blinds = unit == "bb" or unit == "auto" and all(result.in_big_blinds(n) for n in names)
    fig = Figure(figsize=(9, 5), layout="constrained")
    ax = fig.add_subplot()
    for k, name in enumerate(names):
        actual, adjusted = result.curves(name, big_blinds)
        colour = f"C{k % 10}"
        ax.plot(actual, color=colour, label=f"{name}: actual")
        ax.plot(adjusted, color=colour, linestyle="--", label=f"{name}: all-in adjusted")
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("winnings (big blinds)" if big_blinds else "winnings (chips)")
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=2 if len(names) > 3 else 1)
    if path is not None:
        with replacing(path) as temp:
            fig.savefig(temp, dpi=100)
    return fig
