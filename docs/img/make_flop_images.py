"""Make the figures of docs/flops.md: python docs/img/make_flop_images.py (matplotlib needed).

A cutoff open against a big-blind defence (the ranges of benchmarks/flop_report.py), every flop,
exact; prints the report and its aggregates, which the page shows."""

from pathlib import Path

import pyeval
from pyeval.analysis.flops import plots

HERE = Path(__file__).resolve().parent
CUTOFF = "22+,A2s+,K9s+,Q9s+,J9s+,T8s+,98s,ATo+,KJo+"
BIG_BLIND = "22-JJ,A2s-AQs,K9s+,Q9s+,J9s+,T8s+,97s+,87s,76s,65s,ATo-AQo,KTo+,QTo+"


def main() -> None:
    r = pyeval.flop_report(CUTOFF, BIG_BLIND)
    plots.flops_by_equity(r, str(HERE / "flops_by_equity.png"))
    plots.equity_heatmap(r, str(HERE / "flops_heatmap.png"))
    plots.class_shares(r, str(HERE / "flops_classes.png"))
    print(r)
    print(r.by("pairing"))
    print(r.by("connectedness"))
    print(r.by("high"))


if __name__ == "__main__":
    main()
