"""progress= on the calls that can run for seconds: one meaning everywhere (pyeval.core._progress.reporting)."""

from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.core import _progress

CALLS = {
    "equity": lambda p: pyeval.equity("holdem", ["AhKh", "QsQd"], samples=300_000, seed=1, progress=p),
    "equity_batch": lambda p: pyeval.equity_batch("holdem", [["AhKh", "random"]] * 3, board=["2c7d9h"] * 3,
                                                  progress=p),
    "combo_equities": lambda p: pyeval.combo_equities("holdem", "QQ+", "AK", board="2c7d9h", progress=p),
    "range_breakdown": lambda p: pyeval.range_breakdown("holdem", "QQ+", "2c7d9h", opponents="AK", progress=p),
    "next_card": lambda p: pyeval.next_card("holdem", ["AhKh", "random"], "2c7d9h", progress=p),
    "pushfold": lambda p: pyeval.pushfold(10, progress=p),
    "pushfold_chart": lambda p: pyeval.pushfold_chart([4, 8], progress=p),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_progress_callback_hears_the_work_and_the_answer_is_unchanged(name):
    seen: list[tuple[int, int]] = []
    plain = CALLS[name](None)
    reported = CALLS[name](lambda done, total: seen.append((done, total)))
    assert plain == reported
    assert seen and seen[-1][0] == seen[-1][1] > 0  # the last report: all of it done
    assert all(b[0] >= a[0] for a, b in zip(seen, seen[1:]))


def test_progress_true_draws_a_bar_on_stderr(capsys):
    watch = _progress.Watch(bar=True, delay=0, desc="holdem equity")
    pyeval.equity("holdem", ["AhKh", "QsQd"], samples=300_000, seed=1, progress=watch)
    assert "holdem equity" in capsys.readouterr().err
    assert watch.done == watch.total > 0


def test_icm_reports_monte_carlo_rounds():
    seen: list[tuple[int, int]] = []
    r = pyeval.icm(list(range(1, 31)), [50, 30, 20], samples=50_000, seed=1,
                   progress=lambda done, total: seen.append((done, total)))
    assert r.method == "monte-carlo"
    assert seen and seen[-1] == (50_000, 50_000)


def test_progress_of_the_wrong_kind_is_refused():
    with pytest.raises(TypeError, match="progress must be"):
        pyeval.equity("holdem", ["AhKh", "QsQd"], progress="yes")
    assert np.isfinite(pyeval.equity("holdem", ["AhKh", "QsQd"], progress=False).equity).all()
