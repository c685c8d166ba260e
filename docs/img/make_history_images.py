"""Make the figure of docs/site-histories.md: python docs/img/make_history_images.py [SITE_HH]
(matplotlib needed; a few seconds).

history_graph.png: the tracker graph of a real sit-and-go, a PokerStars Omaha hi/lo knockout
(``pokerstars/omaha-hilo/NLO8-USD-STT-201109.Knockout.sample.txt`` of the shared site files,
``../shared/data/site-hh`` next to the checkout, or the folder given): the cumulative actual and
all-in adjusted winnings of its two players with the most hands, in big blinds of each hand's
level, drawn by ``AllinEVResult.plot``.  The file stays where it is (it is not the repository's
to copy); only the picture is kept.
"""

import sys
from pathlib import Path

import pyeval

HERE = Path(__file__).resolve().parent
SHARED = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared" / "data" / "site-hh"
SESSION = "pokerstars/omaha-hilo/NLO8-USD-STT-201109.Knockout.sample.txt"


def main() -> None:
    result = pyeval.allin_ev(str(SHARED / SESSION))
    fig = result.plot(top=2, unit="bb")
    fig.axes[0].set_title("A PokerStars Omaha hi/lo sit-and-go: actual (solid) vs all-in adjusted (dashed)")
    fig.savefig(HERE / "history_graph.png", dpi=100)
    print(result)


if __name__ == "__main__":
    main()
