"""The warm-up at install: one small query of every kind, run once so that numba compiles (or
loads) every kernel into its cache (setup.py runs ``warm`` while it builds the wheel; see
pyeval/core/_jit.py for where the cache lives).  It drives every front door, so it sits at the
top of the package, beside ``pyeval/__init__.py``."""

from __future__ import annotations

__all__ = ["warm", "WARM_QUERIES"]

WARM_QUERIES = {
    "holdem exact": 'pyeval.equity("holdem", ["AhAs", "KdKc"])',
    "holdem monte carlo": 'pyeval.equity("holdem", ["AhAs", "KdKc", "random"], samples=200_000, seed=1)',
    "omaha monte carlo": 'pyeval.equity("omaha", ["AsKsQd2c", "random"], samples=100_000, seed=1)',
    "holdem-hilo exact (flop)": 'pyeval.equity("holdem-hilo", ["AhAs", "KdKc"], board="2s7d8h")',
    "stud monte carlo": 'pyeval.equity("stud", ["AsAd7c", "KhKd2s"], samples=100_000, seed=7)',
    "stud exact": 'pyeval.equity("stud", ["AsAd7c", "KhKd2s"], dead="2c3c4c5c6c7d8d9dTdJd", method="exact")',
    "stud-hilo exact": ('pyeval.equity("stud-hilo", ["AsAd7cKs2h", "3h4h5dKd9c"], dead="2c3c4c5c6c7d8d9dTdJd", '
                        'method="exact")'),
    "stud-hilo monte carlo": 'pyeval.equity("stud-hilo", ["AsAd7c", "3h4h5d"], samples=100_000, seed=7)',
    "razz monte carlo": 'pyeval.equity("razz", ["As2d3c", "KhKd2s"], samples=100_000, seed=7)',
    "draw exact": 'pyeval.equity("draw5", ["AhAsKd", "QcQdJh7s"], method="exact")',
    "draw monte carlo": 'pyeval.equity("badugi", ["As2d", "Kh3c", "random"], samples=100_000, seed=1)',
    "multiway stud exact": 'pyeval.equity("stud", ["AsAdKcKs2h7h", "3h4h5d6d9c8s", "QcQdJcJdTh9h"], method="exact")',
    "stud-hilo 8-way monte carlo": 'pyeval.equity("stud-hilo", ["AsAd7c"] + ["random"] * 7, samples=50_000, seed=1)',
    "range exact": 'pyeval.equity("holdem", ["AKs,QQ+", "15%"], board="Kd8c2s")',
    "range monte carlo": 'pyeval.equity("omaha", ["AA**ds", "random"], samples=100_000, seed=1)',
    "range monte carlo, double board": ('pyeval.equity("holdem-double-board", ["AKs,QQ+", "random"], samples=20_000, '
                                        'seed=1)'),
    # nine-handed hi/lo: more outcome patterns than a histogram holds, the numba range sampler
    "range monte carlo, 9-way hi/lo": ('pyeval.equity("holdem-hilo", ["AKs,QQ+"] + ["random"] * 8, samples=20_000, '
                                       'seed=1)'),
    "keep": 'pyeval.best_keep("irish", ["AhAsKdQc", "random"], board="Ad7c2s", samples=20_000, seed=1)',
    "deal + showdown": 'pyeval.showdown("holdem", *pyeval.deal("holdem", players=6, deals=10_000, seed=1))',
    "simulate": 'pyeval.simulate("holdem", players=6, deals=100_000, seed=1, progress=False)',
    "simulate hilo": 'pyeval.simulate("omaha-hilo", players=4, deals=50_000, seed=1, study="hilo", progress=False)',
    "caribbean": 'pyeval.caribbean.decide("AsKd7c5h2d", "Qs")',
}
"""One small query of every kind, as text for ``eval`` with ``pyeval`` in scope: what ``warm``
runs, and what benchmarks/cold_start.py times as the first query of a new process."""


def warm() -> None:
    """Compile (or load) every kernel the ``WARM_QUERIES`` need, once, into numba's cache."""
    import pyeval
    import pyeval.caribbean  # noqa: F401  (a submodule the queries use)

    for query in WARM_QUERIES.values():
        eval(query, {"pyeval": pyeval})
