"""Keep the benchmarks out of ordinary test runs.

The benchmarks only run with ``pytest benchmarks --benchmark-only`` (or with
PYEVAL_BENCH=1 in the environment); a plain ``pytest`` that happens to collect
this folder skips them instead of spending minutes on 1M-hand batches.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    try:
        benchmark_only = config.getoption("benchmark_only")
    except ValueError:  # pytest-benchmark not installed
        benchmark_only = False
    if benchmark_only or os.environ.get("PYEVAL_BENCH") == "1":
        return
    skip = pytest.mark.skip(reason="benchmark: run with `pytest benchmarks --benchmark-only`")
    for item in items:
        if HERE in Path(item.fspath).resolve().parents:
            item.add_marker(skip)
