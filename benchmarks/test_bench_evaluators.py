"""pytest-benchmark suites for pyeval's batch evaluators.

Each benchmark times ONE call of an evaluator on 1,000,000 pre-generated
random hands (seeded, distinct cards per hand); the hands are drawn once per
session, outside the timing.  ``extra_info`` carries the hand count and the
median rate in hands per second.

Run (never part of the normal test suite, see conftest.py)::

    pytest benchmarks --benchmark-only
    pytest benchmarks --benchmark-only -k high7 --benchmark-columns=median,ops
    PYEVAL_BENCH_N=100000 pytest benchmarks --benchmark-only   # smaller batches

Evaluators that pyeval does not have (yet) are skipped.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from peers import deal, make_inputs  # benchmarks/ is on sys.path under pytest

pytest.importorskip("pytest_benchmark")
pyeval = pytest.importorskip("pyeval")

N = int(os.environ.get("PYEVAL_BENCH_N", "1000000"))
SEED = 2024
SHORTDECK_LOWEST = 16  # 6c: the short deck is codes 16..51

# (benchmark id, pyeval function, how to make its inputs)
CASES = [
    ("high7", "evaluate_high", lambda: make_inputs("high7", N, SEED)),
    ("high6", "evaluate_high", lambda: make_inputs("high6", N, SEED)),
    ("high5", "evaluate_high", lambda: make_inputs("high5", N, SEED)),
    ("omaha", "evaluate_omaha", lambda: make_inputs("omaha", N, SEED)),
    ("omaha_low8", "evaluate_omaha_low8", lambda: make_inputs("omaha_low8", N, SEED)),
    ("low8_7", "evaluate_low8", lambda: make_inputs("low8", N, SEED)),
    ("razz_7", "evaluate_razz", lambda: make_inputs("razz", N, SEED)),
    ("deuce7_5", "evaluate_deuce7", lambda: make_inputs("deuce7", N, SEED)),
    ("deuce7_7", "evaluate_deuce7", lambda: make_inputs("deuce7", N, SEED, cards=7)),
    ("badugi", "evaluate_badugi", lambda: make_inputs("badugi", N, SEED)),
    (
        "shortdeck7",
        "evaluate_shortdeck",
        lambda: (deal(N, 7, SEED, lowest=SHORTDECK_LOWEST),),
    ),
]

_inputs: dict[str, tuple[np.ndarray, ...]] = {}


def _arrays(case_id, make):
    if case_id not in _inputs:  # drawn once per session, outside any timing
        _inputs[case_id] = make()
    return _inputs[case_id]


@pytest.mark.parametrize(("case_id", "fname", "make"), CASES, ids=[c[0] for c in CASES])
def test_evaluator(benchmark, case_id, fname, make):
    fn = getattr(pyeval, fname, None)
    if fn is None:
        pytest.skip(f"pyeval.{fname} does not exist yet")
    arrays = _arrays(case_id, make)
    benchmark.group = "pyeval evaluators, one call on 1M hands" if N == 1_000_000 else f"{N:,} hands"
    benchmark.extra_info["hands"] = N
    out = benchmark(fn, *arrays)
    assert len(out) == N
    median = benchmark.stats.stats.median
    benchmark.extra_info["hands_per_s_median"] = round(N / median)
