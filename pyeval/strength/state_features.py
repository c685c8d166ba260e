"""Exact hand-strength features of hold'em states (docs/strength.md has the definitions).

The core (csrc/strength_features.c) counts, per state, every opponent hand against every runout
with the project's 7-card evaluator; the floats here are ratios of those integer counts.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core._progress import reporting
from pyeval.core._threads import default_threads
from pyeval.core.cards import format_cards
from pyeval.core.checks import positive_int
from pyeval.results.protocol import Result, plain
from pyeval.strength.states import deck_lowest_rank, ranked_game, ranking_kind, refused, states_array

__all__ = ["COUNT_COLUMNS", "Features", "features", "state_counts"]

NCOUNTS = int(lib.PYEVAL_STRENGTH_COUNTS)
COUNT_COLUMNS = ("runouts", "opponents", "e_sum", "e2_sum")
"""The first columns of the core's counts (csrc/strength.h); then hp1[3][3], hp2[3][3], hist."""
MAX_BINS = 100_000
_CHUNK = 64  # states per core call: a flop state takes about a millisecond


def state_counts(rows: np.ndarray, bins: int, *, kind: int = lib.PYEVAL_KIND_HIGH,
                 threads: int | None = None) -> np.ndarray:
    """The core's integer counts of checked state rows (n, 2 + board cards): (n, 22 + bins) int64;
    ``kind``: the core's evaluator kind (``Game.board_kinds[0]``: high, or a short-deck ranking)."""
    n, k = rows.shape
    out = np.zeros((n, NCOUNTS + bins), dtype=np.int64)
    chunks = [(lo, min(lo + _CHUNK, n)) for lo in range(0, n, _CHUNK)]

    def run(lo: int, hi: int) -> int:
        status = int(lib.pyeval_strength_features(ffi.from_buffer("uint8_t[]", rows[lo:hi]), hi - lo, k - 2, bins,
                                                  kind, ffi.from_buffer("int64_t[]", out[lo:hi])))
        return status if status < 0 else lo + status

    with reporting(None, "strength features") as watch, ThreadPoolExecutor(default_threads(threads)) as pool:
        if watch is not None:
            watch.add_total(n)
        for (lo, hi), status in zip(chunks, pool.map(lambda c: run(*c), chunks)):
            refused(status, rows)
            if watch is not None:
                watch.advance(hi - lo)
    return out


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """num / den, NaN where den is 0 (a potential with no hand behind or tied: undefined)."""
    num, den = np.asarray(num, dtype=np.float64), np.asarray(den, dtype=np.float64)
    out = np.full(np.broadcast(num, den).shape, np.nan)
    np.divide(num, den, out=out, where=den != 0)
    return out


def potentials(hp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Billings et al.'s PPot and NPot from hp[..., now, then] (0 ahead, 1 tied, 2 behind):
    PPot = (HP[b][a] + HP[b][t]/2 + HP[t][a]/2) / (HP[b][.] + HP[t][.]/2), NPot the mirror."""
    a, t, b = 0, 1, 2
    total = hp.sum(axis=-1)
    ppot = _ratio(2 * hp[..., b, a] + hp[..., b, t] + hp[..., t, a], 2 * total[..., b] + total[..., t])
    npot = _ratio(2 * hp[..., a, b] + hp[..., t, b] + hp[..., a, t], 2 * total[..., a] + total[..., t])
    return ppot, npot


@dataclass(eq=False)
class Features(Result):
    """Hand-strength features of states: one row per state (``rows()``), numpy arrays by name.

    ``counts`` holds the exact integers every float comes from (csrc/strength.h's layout)."""

    hole: np.ndarray
    board: np.ndarray
    counts: np.ndarray = field(repr=False)
    bins: int = 50
    game: str = "holdem"
    """The game whose deck and ranking count: "holdem", or a short deck ("shortdeck", "shortdeck-straight")."""

    @property
    def street(self) -> str:
        return {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[self.board.shape[1]]

    @property
    def ehs(self) -> np.ndarray:
        """Equity against one random hand, ties half (over every runout and opponent hand)."""
        c = self.counts
        return c[:, 2] / (2.0 * c[:, 1] * c[:, 0])

    @property
    def ehs2(self) -> np.ndarray:
        """The mean over the runouts of the river EHS squared."""
        c = self.counts
        return c[:, 3] / ((2.0 * c[:, 1]) ** 2 * c[:, 0])

    @property
    def runouts(self) -> np.ndarray:
        """The boards completing each state (1 on the river)."""
        return self.counts[:, 0]

    @property
    def hist(self) -> np.ndarray:
        """Share of the runouts whose river EHS falls in each bin, (states, bins).  The rows
        (``rows()``, ``to_frame()``) carry the counts instead, ``hist_j`` beside ``runouts``, as
        the tables do: exact integers, the share being ``hist_j / runouts``."""
        return self.counts[:, NCOUNTS:] / self.counts[:, :1].astype(np.float64)

    def _hp(self, which: int) -> np.ndarray:
        start = 4 + 9 * which
        return self.counts[:, start:start + 9].reshape(-1, 3, 3)

    @property
    def ppot(self) -> np.ndarray:
        """Positive potential to the river (NaN where undefined: preflop, or nothing behind or tied)."""
        return potentials(self._hp(1))[0]

    @property
    def npot(self) -> np.ndarray:
        """Negative potential to the river (NaN where undefined)."""
        return potentials(self._hp(1))[1]

    @property
    def ppot_next(self) -> np.ndarray:
        """Positive potential on the next card only (the river's own on the turn)."""
        return potentials(self._hp(0))[0]

    @property
    def npot_next(self) -> np.ndarray:
        return potentials(self._hp(0))[1]

    def __len__(self) -> int:
        return len(self.counts)

    def rows(self) -> list[dict[str, Any]]:
        holes, boards = format_cards(self.hole), format_cards(self.board) if self.board.shape[1] else [""] * len(self)
        cols = {"runouts": self.runouts, "ehs": self.ehs, "ehs2": self.ehs2, "ppot": self.ppot, "npot": self.npot,
                "ppot_next": self.ppot_next, "npot_next": self.npot_next}
        hist = self.counts[:, NCOUNTS:]  # counts, as in a table's rows: hist_j / runouts is the share
        out = []
        for i in range(len(self)):
            row: dict[str, Any] = {"hole": holes[i], "board": boards[i]}
            row.update({k: plain(v[i]) for k, v in cols.items()})
            row.update({f"hist_{j}": int(hist[i, j]) for j in range(self.bins)})
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        return plain({"game": self.game, "street": self.street, "bins": self.bins, "rows": self.rows()})

    def __repr__(self) -> str:
        n = len(self)
        deck = "" if self.game == "holdem" else f"{self.game} "
        if n == 1:
            return (f"Features({deck}{format_cards(self.hole[0])} | {format_cards(self.board[0]) or '-'}: "
                    f"ehs={self.ehs[0]:.4f} ehs2={self.ehs2[0]:.4f} ppot={self.ppot[0]:.4f} "
                    f"npot={self.npot[0]:.4f}, {self.bins} bins)")
        return f"Features({n:,} {deck}{self.street} states, {self.bins} bins, mean ehs {float(np.mean(self.ehs)):.4f})"


def features(hole: Any, board: Any = None, *, bins: int = 50, game: Any = "holdem", threads: int | None = None,
             progress: Any = None) -> Features:
    """Exact EHS, EHS², potentials and river-EHS histograms of hold'em states.

    ``game``: "holdem" (52 cards), or a short deck (36 cards, sixes up) with its ranking:
    "shortdeck" (trips beat a straight) or "shortdeck-straight" (a straight beats trips).

    ``hole``/``board`` as for ``pyeval.strength.index`` (one state, or arrays of many).  A river
    state costs ~1,000 evaluations, a turn state ~44,000, a flop state ~1.1 million; preflop is
    refused (2.1 million runouts a state: build it with ``table("preflop")``).

    >>> f = features("As Ah", "Kd 8c 2s 7h 7d")
    >>> round(float(f.ehs[0]), 4), f.hist[0].argmax()
    (0.9025, np.int64(45))
    """
    bins = positive_int(bins, "bins", MAX_BINS)
    g = ranked_game(game)
    rows, _ = states_array(hole, board, lowest_rank=deck_lowest_rank(g))
    if rows.shape[1] == 2:
        raise ValueError("features: a board of 3, 4 or 5 cards (preflop costs 2.1 million runouts a state: "
                         "use table('preflop'))")
    with reporting(progress, "strength features"):
        counts = state_counts(rows, bins, kind=ranking_kind(g), threads=threads)
    return Features(hole=rows[:, :2].copy(), board=rows[:, 2:].copy(), counts=counts, bins=bins, game=g.name)
