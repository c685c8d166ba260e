"""The sample counts a query may ask for (``pyeval.engine.MAX_SAMPLES`` and
``pyeval.equity.DEFAULT_SAMPLES`` name them too), and the other bounds on one query's work.

The range language's bounds are declared with it (pyeval/ranges sits below this layer) and named
here too: MAX_RANGE_WORK, MAX_NESTING."""

from pyeval.ranges.generic import MAX_NESTING, MAX_RANGE_WORK  # noqa: F401  (the range language's bounds)

MAX_SAMPLES = 50_000_000_000
"""Most Monte Carlo deals one query takes: the int64 sum of squared pot units (POT**2 a deal)
stays exact up to about 9e10 deals.  Larger counts are refused before anything is dealt."""


DEFAULT_SAMPLES = 1_000_000


MAX_CHART_DEPTHS = 500
"""Most stack depths one ``pyeval.pushfold_chart`` solves (each an exact heads-up solve, about
0.1 s on one core: a minute at this limit).  More is refused before anything is solved, with
the estimate."""

CHART_SECONDS_PER_DEPTH = 0.1
"""The estimate of one chart depth's solve (measured: 191 depths in 14 s on a loaded 2-core
machine; benchmarks/RESULTS.md)."""

MAX_LISTED_COMBOS = 2_000_000
"""Most combos a per-combo answer lists (``combo_equities``, ``range_breakdown``): a random hand of
Omaha-6 on a flop (13.98 million combos) ran 83-98 s at 3.5 GB and is refused at once; Omaha-5's
(1.9 million, seconds) is not."""

DEALS_PER_CORE_SECOND = 6_000_000
"""About how many deals ``pyeval.simulate`` runs a second on one core (6-handed hold'em, the
starting-hand study: benchmarks/RESULTS.md); it only prices a refused count in its message."""


def run_time(deals: float, cores: int, per_core_second: float = DEALS_PER_CORE_SECOND) -> str:
    """About how long ``deals`` take on ``cores`` cores, in words: ``"2.3 hours"``, ``"5.3e+83 years"``."""
    seconds = float(deals) / (per_core_second * max(cores, 1))
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:,.1f} {unit}" if value < 1e6 else f"{value:.2g} {unit}"
    return f"{seconds:.1f} seconds"
