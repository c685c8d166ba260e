"""The small query's path (issue 37: a heads-up turn query at most twice its row in equity_batch):
the common query read once and copied (``query/spot.read_plain_spot``), the row counter's output
row reused per thread (``strategies.RowShape.count``), the result's count arrays made when first
read.  Each shortcut must give what the long way gives, and must not let one query's cards, checks
or counts leak into another's."""

from __future__ import annotations

import numpy as np
import pytest
import reference  # tests/reference.py: plain Python, shares no code with pyeval

import pyeval
from pyeval.engines import strategies
from pyeval.query.spot import read_plain_spot, read_spot

SPOT_FIELDS = ("game", "holes", "texts", "boards", "dead", "method", "samples", "stderr_target", "seed", "threads",
               "community", "ranges")


@pytest.mark.parametrize("game, hands, board, dead, method, samples, seed, threads", [
    ("holdem", ["AhKh", "QsQd"], "Jh7d2c5s", "", "exact", None, None, 1),
    ("holdem", ("AhKh", "random"), "Qh7d2c", None, "auto", None, None, None),
    ("omaha", ["AhKhQdJd", "xx", "2c3c4d5d"], "8s7d9h", "Tc", "monte-carlo", 1000, 7, 2),
    ("shortdeck", ["AhKh", "QsQd"], "", "", "auto", None, 3, 1),
])
def test_a_plain_query_reads_as_read_spot_reads_it(game, hands, board, dead, method, samples, seed, threads):
    want = read_spot(game, hands, board, dead, method, samples, seed, threads)
    for _ in range(2):  # the first read, then the copy of the cached one
        got = read_plain_spot(game, hands, board, dead, method, samples, seed, threads)
        assert got is not None
        assert {f: getattr(got, f) for f in SPOT_FIELDS} == {f: getattr(want, f) for f in SPOT_FIELDS}


def test_each_copy_has_its_own_memo():
    a = read_plain_spot("holdem", ["AhKh", "QsQd"], "Jh7d2c5s", "", "exact", threads=1)
    b = read_plain_spot("holdem", ["AhKh", "QsQd"], "Jh7d2c5s", "", "exact", threads=1)
    assert a is not b and a.memo is not b.memo
    strategies.answer(a)
    assert a.memo and not b.memo


@pytest.mark.parametrize("hands, board, dead", [
    (["QQ+", "AhKh"], "", ""),         # a range
    (["Ah*", "KdKc"], "7c8c2d", ""),   # a partial hand
    ([[51, 50], "KdKc"], "", ""),      # codes
    (np.array(["AhKh", "KdKc"]), "", ""),
    (["AhKh", "KdKc"], ["7c8c2d"], ""),
    (["AhKh", "KdKc"], "", np.array([0], np.uint8)),
])
def test_anything_else_is_left_to_read_spot(hands, board, dead):
    assert read_plain_spot("holdem", hands, board, dead) is None


def test_a_refusal_is_not_remembered_as_an_answer():
    """The read is cached by value and argument type: threads=True (refused) is not threads=1 (read),
    and a refused query is refused again."""
    assert read_plain_spot("holdem", ["AhKh", "QsQd"], "", "", threads=1).threads == 1
    for _ in range(2):
        with pytest.raises(ValueError, match="threads must be a positive integer, got True"):
            pyeval.equity("holdem", ["AhKh", "QsQd"], threads=True)
        with pytest.raises(ValueError, match="duplicate card Ah"):
            pyeval.equity("holdem", ["AhKh", "QsQd"], board="Ah7c2d")
        with pytest.raises(TypeError, match="seed"):
            pyeval.equity("holdem", ["AhKh", "QsQd"], seed="7")


def river_shares(hands: list[str], board: str) -> tuple[list[int], int]:
    """Heads-up hold'em from the turn, by brute force: each player's pot shares in halves (a tie: one
    half each), and the rivers."""
    holes = [reference.cards(" ".join(h[i:i + 2] for i in (0, 2))) for h in hands]
    known = reference.cards(" ".join(board[i:i + 2] for i in range(0, len(board), 2)))
    halves, rivers = [0, 0], 0
    for river in set(range(52)) - set(known) - {c for h in holes for c in h}:
        a, b = (reference.high_key(h + known + [river]) for h in holes)
        halves[0] += 2 * (a > b) + (a == b)
        halves[1] += 2 * (b > a) + (a == b)
        rivers += 1
    return halves, rivers


def test_one_querys_counts_do_not_change_with_the_next():
    """The row counter writes every query into its thread's one output row: each result keeps its own counts."""
    first = pyeval.equity("holdem", ["AhKh", "QsQd"], board="Jh7d2c5s", method="exact", threads=1)
    second = pyeval.equity("holdem", ["2c3c", "QsQd"], board="Jh7d2h5s", method="exact", threads=1)
    for r, hands, board in ((first, ["AhKh", "QsQd"], "Jh7d2c5s"), (second, ["2c3c", "QsQd"], "Jh7d2h5s")):
        halves, rivers = river_shares(hands, board)
        assert r.outcomes == rivers == 44
        assert [int(u) * 2 // r.pot_units for u in r.units] == halves


def test_the_result_makes_its_count_arrays_when_first_read():
    r = pyeval.equity("holdem", ["AhKh", "QsQd"], board="Jh7d2c5s", method="exact", threads=1)
    assert "units" not in r.__dict__
    units = r.units
    assert isinstance(units, np.ndarray) and units.dtype == np.int64 and units.shape == (2,)
    assert r.units is units and r.wins.shape == r.ties.shape == (2,)
