"""allin_ev's counting (issue 37): each row read once and routed once by the registry's price, an
error an error (never a signal to send a chunk back row by row)."""

from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.engines import strategies
from pyeval.history import allin
from pyeval.history.allin import MONTE_CARLO_SEED, PotRow, count_rows
from pyeval.query.limits import DEFAULT_SAMPLES


@pytest.fixture
def batch_calls(monkeypatch):
    """Every equity_batch call of allin's counting: its rows' hands, and whether it raised."""
    calls: list[dict] = []
    real = allin.equity_batch

    def spy(game, holes, *args, **kwargs):
        call = {"game": game, "holes": np.asarray(holes).tolist(), "raised": False}
        calls.append(call)
        try:
            return real(game, holes, *args, **kwargs)
        except Exception:
            call["raised"] = True
            raise

    monkeypatch.setattr(allin, "equity_batch", spy)
    return calls


def test_a_row_beyond_the_exact_limit_is_priced_up_front_and_sampled_alone(monkeypatch, batch_calls):
    # three-way Omaha preflop is priced at about 455,000 units: with the limit below it, refused
    monkeypatch.setattr(strategies, "EXACT_LIMIT", 100_000)
    heavy = PotRow(0, 0, "omaha", ["AhAsKdKc", "QsJsTs9s", "2c3c4c5c"], "", "")
    light = PotRow(1, 0, "omaha", ["AhAsKdKc", "QsJsTs9s"], "2d7h8h", "")
    light2 = PotRow(2, 0, "omaha", ["AhAsKdQc", "QsJsTs9s"], "2d7h8h", "")
    count_rows([light, heavy, light2], "exact")
    assert not any(c["raised"] for c in batch_calls)  # no chunk is sent back on an error
    assert len(batch_calls) == 1 and len(batch_calls[0]["holes"]) == 2  # the two flop rows, once
    assert heavy.exact is False and light.exact is True and light2.exact is True
    want = pyeval.equity("omaha", heavy.hands, method="monte-carlo", samples=DEFAULT_SAMPLES, seed=MONTE_CARLO_SEED)
    assert heavy.equity is not None and np.array_equal(heavy.equity, want.equity)
    exact = pyeval.equity("omaha", light.hands, board=light.board, method="exact")
    assert light.equity is not None and np.array_equal(light.equity, exact.equity)


def test_a_bad_row_is_an_error_naming_its_card_and_nothing_is_counted(batch_calls):
    good = PotRow(0, 0, "holdem", ["AhAs", "KdKc"], "2d7h8h", "")
    bad = PotRow(1, 0, "holdem", ["AhAs", "QdQc"], "Ah7h8h", "")
    with pytest.raises(ValueError, match="duplicate card Ah"):
        count_rows([good, bad], "exact")
    assert batch_calls == []


def test_preflop_and_stud_rows_are_answered_by_the_registry_exactly(batch_calls):
    pre = PotRow(0, 0, "holdem", ["AhAs", "KdKc"], "", "2c")
    stud = PotRow(1, 0, "stud", ["AhAsKd2c3c", "QsJsTs9s8d"], "", "")
    count_rows([pre, stud], "exact")
    assert batch_calls == []
    for row in (pre, stud):
        want = pyeval.equity(row.game, row.hands, board=row.board, dead=row.dead, method="exact")
        assert row.exact and row.equity is not None and np.array_equal(row.equity, want.equity)


def test_sampled_stud_rows_are_repeatable():
    rows = [PotRow(0, 0, "razz", ["As2s3s", "4d5d6d"], "", "") for _ in range(2)]
    count_rows(rows[:1], "monte-carlo")
    count_rows(rows[1:], "monte-carlo")
    assert rows[0].exact is False and np.array_equal(rows[0].equity, rows[1].equity)
