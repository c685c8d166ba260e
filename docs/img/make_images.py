"""Make the figures of docs/analysis.md: python docs/img/make_images.py (matplotlib needed)."""

from pathlib import Path

import pyeval
from pyeval.analysis import plots

HERE = Path(__file__).resolve().parent
BOARD = "Kd8c2s"


def main() -> None:
    hero = pyeval.combo_equities("holdem", "15%", "30%", board=BOARD)
    villain = pyeval.combo_equities("holdem", "30%", "15%", board=BOARD)
    plots.grid_heatmap(hero, str(HERE / "grid.png"))
    plots.equity_curves(hero, villain, path=str(HERE / "curves.png"))
    plots.breakdown_bars(pyeval.range_breakdown("holdem", "30%", BOARD, against="15%"), str(HERE / "breakdown.png"))
    plots.preflop_heatmap(None, str(HERE / "preflop.png"))


if __name__ == "__main__":
    main()
