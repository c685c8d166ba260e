"""pytest-benchmark suites for equity queries and simulations (one thread unless named).

Each benchmark times one whole query, warm (numba's cache loaded and the first call made
outside the timing); ``extra_info`` carries the outcomes or samples and the rate.  Peers and
their ratios are in compare_equity.py, compare_monte_carlo.py and compare_simulate.py.

Run (never part of the normal test suite, see conftest.py)::

    pytest benchmarks/test_bench_equity.py --benchmark-only --benchmark-columns=median,ops
"""

from __future__ import annotations

import pytest

pytest.importorskip("pytest_benchmark")
pyeval = pytest.importorskip("pyeval")

def _turn_spots(n: int = 10_000):
    """n random heads-up hold'em turn spots (codes), from a fixed seed."""
    import numpy as np

    picks = np.argsort(np.random.default_rng(1).random((n, 52)), axis=1)[:, :8]
    return picks[:, :4].reshape(n, 2, 2), picks[:, 4:]


_TURNS = _turn_spots()

# (benchmark id, call)
CASES = [
    ("batch_holdem_headsup_turn_10k", lambda: pyeval.equity_batch("holdem", *_TURNS, threads=1)),
    ("small_query_holdem_turn", lambda: pyeval.equity("holdem", ["AhKh", "QsQd"], board="2h7h9cTd", threads=1)),
    ("exact_holdem_AAvKK_preflop", lambda: pyeval.equity("holdem", ["AhAs", "KdKc"], threads=1)),
    ("exact_holdem_3way_preflop", lambda: pyeval.equity("holdem", ["AsKs", "QhQd", "7c6c"], threads=1)),
    ("exact_holdem_flop", lambda: pyeval.equity("holdem", ["AhKh", "QsQd"], board="2h7h9c", threads=1)),
    ("exact_holdem_As6s_v_random", lambda: pyeval.equity("holdem", ["As6s", "random"], method="exact",
                                                         threads=1)),
    ("exact_omaha_hilo_preflop", lambda: pyeval.equity("omaha-hilo", ["AsKsQd2d", "AhKc3h4c"], threads=1)),
    ("exact_stud_third_street", lambda: pyeval.equity("stud", ["AsAd7c", "KhKd2s"], method="exact", threads=1)),
    ("exact_range_v_range", lambda: pyeval.equity("holdem", ["AsKs", "QQ+,AK", "22-99"], method="exact",
                                                  threads=1)),
    ("mc_holdem_headsup_1M", lambda: pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo",
                                                   samples=1_000_000, seed=1, threads=1)),
    ("mc_holdem_headsup_1M_2threads", lambda: pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo",
                                                            samples=1_000_000, seed=1, threads=2)),
    ("mc_holdem_v_5_random_1M", lambda: pyeval.equity("holdem", ["AhKs"] + ["random"] * 5, method="monte-carlo",
                                                      samples=1_000_000, seed=1, threads=1)),
    ("mc_stud_3way_1M", lambda: pyeval.equity("stud", ["AhAs7d", "KcKd2c", "QcJc9s"], method="monte-carlo",
                                              samples=1_000_000, seed=1, threads=1)),
    ("simulate_holdem_6max_2M", lambda: pyeval.simulate("holdem", 6, 2_000_000, seed=1, progress=False)),
]


@pytest.mark.parametrize(("case_id", "call"), CASES, ids=[c[0] for c in CASES])
def test_equity_query(benchmark, case_id, call):
    result = call()  # warm: numba cache, preflop table, first-call costs outside the timing
    size = getattr(result, "outcomes", None)
    size = int(size.sum()) if hasattr(size, "sum") else size or getattr(result, "deals", None)
    benchmark.pedantic(call, rounds=5, iterations=1, warmup_rounds=0)
    median = benchmark.stats.stats.median
    benchmark.extra_info["outcomes_or_samples"] = size
    if size:
        benchmark.extra_info["per_second"] = size / median
