"""Make the figures of docs/strength.md: python docs/img/make_strength_images.py (matplotlib needed;
about a minute: the preflop table looks up every runout in the whole river table, built first).

strength_preflop.png: EHS against EHS² of the 169 preflop classes (pyeval.strength.table).
strength_flop.png: the river-EHS histograms (50 bins) of a draw and a made hand on one flop
(pyeval.strength.features: every opponent hand and runout counted).
"""

from pathlib import Path

import numpy as np
from matplotlib.figure import Figure

from pyeval.ranges import class_of
from pyeval.strength import cards, features, table

HERE = Path(__file__).resolve().parent
FLOP = "Jh Th 2c"
HANDS = {"9h 8h: straight and flush draws": "9h 8h", "Ad Jd: top pair, top kicker": "Ad Jd"}
LABELLED = ["AA", "KK", "AKs", "AKo", "T9s", "76s", "22", "A2o", "J4o", "72o", "32o"]


def preflop_figure(path: Path) -> None:
    t = table("preflop", features=("ehs", "ehs2"), progress=False)
    hole, _ = cards("preflop", t.columns["index"])
    names = [class_of(h) for h in hole]
    ehs, ehs2 = t.columns["ehs"], t.columns["ehs2"]
    fig = Figure(figsize=(6.4, 5), layout="constrained")
    ax = fig.add_subplot()
    pair, suited = [n[0] == n[1] for n in names], [n.endswith("s") for n in names]
    for label, keep, marker in (("pairs", pair, "o"), ("suited", suited, "^"),
                                ("offsuit", [not (p or s) for p, s in zip(pair, suited)], "s")):
        ax.scatter(ehs[keep], ehs2[keep], s=14, marker=marker, label=label, alpha=0.8)
    lo, hi = float(ehs.min()), float(ehs.max())
    ax.plot([lo, hi], [lo * lo, hi * hi], color="grey", lw=0.8, ls="--", label="EHS² = (EHS)²: no spread over runouts")
    for name in LABELLED:
        k = names.index(name)
        ax.annotate(name, (ehs[k], ehs2[k]), textcoords="offset points", xytext=(4, -9), fontsize=8)
    ax.set_xlabel("EHS (equity against one random hand)")
    ax.set_ylabel("EHS² (mean river EHS squared)")
    ax.set_title("The 169 preflop classes")
    ax.legend(loc="upper left", fontsize=8)
    fig.savefig(path, dpi=100)


def flop_figure(path: Path) -> None:
    f = features(list(HANDS.values()), FLOP, bins=50)
    fig = Figure(figsize=(9, 3.6), layout="constrained")
    axes = fig.subplots(1, 2, sharey=True)
    centres = (0.5 + np.arange(50)) / 50
    for k, (ax, label) in enumerate(zip(axes, HANDS)):
        ax.bar(centres, f.hist[k], width=1 / 50, edgecolor="white", linewidth=0.3)
        ax.set_title(f"{label}\nEHS {f.ehs[k]:.3f}, EHS² {f.ehs2[k]:.3f}", fontsize=10)
        ax.set_xlabel("river EHS")
        ax.set_xlim(0, 1)
    axes[0].set_ylabel("share of the 1,081 runouts")
    fig.suptitle(f"River-EHS histograms on the flop {FLOP} (50 bins)")
    fig.savefig(path, dpi=100)


def main() -> None:
    flop_figure(HERE / "strength_flop.png")
    preflop_figure(HERE / "strength_preflop.png")


if __name__ == "__main__":
    main()
