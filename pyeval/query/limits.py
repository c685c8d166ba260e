"""Every limit a query meets, in one place: how much work a call may take before it is refused or
sent another way, and the bounds of what it may ask for.  No imports: every layer reads these
(tests/test_layers.py puts this module at the bottom).

The engines' work is priced in evaluation units (``pyeval.engines.strategies.exact_choice``),
about 40 ns of one core each.
"""

# -- sampling and threads ---------------------------------------------------------------------

MAX_SAMPLES = 50_000_000_000
"""Most Monte Carlo deals one query takes: the int64 sum of squared pot units (POT**2 a deal)
stays exact up to about 9e10 deals.  Larger counts are refused before anything is dealt."""

DEFAULT_SAMPLES = 1_000_000
"""Monte Carlo deals when a query names no count."""

DEALS_PER_CORE_SECOND = 6_000_000
"""About how many deals ``pyeval.simulate`` runs a second on one core (6-handed hold'em, the
starting-hand study: benchmarks/RESULTS.md); it only prices a refused count in its message."""

MAX_THREADS = 1024
"""More threads than this are refused at once: each costs a stack and a start, and no machine
this runs on has that many cores (the pools start at most one thread per job anyway)."""

# -- exact work of one query --------------------------------------------------------------------

EXACT_BUDGET = 400_000_000
"""``method="auto"`` enumerates when the cheapest exact strategy stays below this many evaluation
units (``exact_choice``: 16 core-seconds, some seconds on all cores)."""

EXACT_LIMIT = 10_000_000_000
"""``method="exact"`` refuses, before starting, queries costing more units than this (about 7
minutes of one core)."""

RANGE_EXACT_LIMIT = EXACT_BUDGET * 50
"""``method="exact"`` with ranges refuses, before starting, queries the cheapest range strategy
(pyeval.engines.range.strategies) prices above this many hand evaluations."""

RANDOM_HAND_CLASSES_MAX = 5000
"""Above this many possible hands for the unknown player the random-hand strategy is not priced
nor used: its per-class cost loses to enumeration (hold'em: 1,225 or fewer; Omaha: 100,000 and
more)."""

TWO_HAND_MAX_ENTRIES = 100_000_000
"""The two-hand count keeps each completion of the second hand once per subset of its cards, 4 bytes
each (subset_buckets): beyond this many entries (400 MB) it is not used (stud with one card each
would need 785 million)."""

# -- ranges -----------------------------------------------------------------------------------

MAX_WEIGHT = 1e50
MIN_WEIGHT = 1e-50
"""A range weight is 0 or within these bounds (relative weights, a ratio of at most 1e100 in a range:
the exact paths split them by weight class and count in integers, but the equities are floats, and
the samplers' cumulative sums overflow past about 1e308)."""

MAX_RANGE_WORK = 30_000_000
"""Most candidate hands building a range may take: a random Omaha-6 hand is 20,358,520; a pattern
is priced from its counts before it is built, and refused past this (``RONBG`` in Omaha-5 asked
for 6.8 GiB, ``RONB`` in Omaha-6 ran 91 s)."""

RANGE_KERNEL_MAX_PLAYERS = 64
"""Most players the range engine's exact kernels take (csrc/range_exact.h:
PYEVAL_RANGE_MAX_PLAYERS; the C refuses more too)."""

MAX_NESTING = 50
"""Deepest parentheses a range may nest (the parser and the evaluators recurse once a level;
chains of ``:`` and ``!`` are evaluated in a loop, so they have no such bound)."""

MAX_ASSIGNMENTS = 30_000_000
"""Exact range enumeration lists at most this many combo assignments (else Monte Carlo / an error)."""

MAX_SPLIT_QUERIES = 4096
"""Most sub-queries (one per choice of a weight class per player) a weighted range split may take."""

MAX_TRIES = 10_000_000
"""Rejected range draws in a row before a query is refused as (almost) impossible."""

# -- batches ----------------------------------------------------------------------------------

ROW_EXACT_MAX = 50_000_000
"""Rows whose exact enumeration takes more hand evaluations than this are answered by
``pyeval.equity`` one by one (its strategies for large queries pay there)."""

STUD_ROW_WORK_MAX = 1 << 31
"""Exact stud/draw rows priced above this many walked deals (``pyeval_stud_batch_work``; about 10 s
of one core) go to ``pyeval.equity``."""

# -- analysis ---------------------------------------------------------------------------------

MAX_LISTED_COMBOS = 2_000_000
"""Most combos a per-combo answer lists (``combo_equities``, ``range_breakdown``): a random hand of
Omaha-6 on a flop (13.98 million combos) ran 83-98 s at 3.5 GB and is refused at once; Omaha-5's
(1.9 million, seconds) is not."""

MAX_CHART_DEPTHS = 500
"""Most stack depths one ``pyeval.pushfold_chart`` solves (each an exact heads-up solve, about
0.1 s on one core: a minute at this limit).  More is refused before anything is solved, with
the estimate."""

CHART_SECONDS_PER_DEPTH = 0.1
"""The estimate of one chart depth's solve (measured: 191 depths in 14 s on a loaded 2-core
machine; benchmarks/RESULTS.md)."""

NEXT_CARD_LIMIT = 1_000_000_000
"""Evaluation units (40 s of one core, or 20 s on two) that next_card spends at most on a spot;
beyond, it refuses at once with its estimate (two random hands on a flop: 5 billion)."""

MAX_EXACT_PLAYERS = 10
"""Exact fractions for ICM with integer stacks up to this many players."""

ICM_EXACT_WORK_LIMIT = 2_000_000
"""Most steps of exact ICM (about a microsecond each) that ``method="auto"`` takes."""

ICM_WORK_LIMIT = 2_000_000_000
"""Monte Carlo ICM draws ``samples x players`` finishing times (about 30 ns each, a minute at this
limit); more is refused at once with the estimate.  The default sample count shrinks with the
players to stay within a tenth of it (1,000 players: 200,000 orders, a few seconds)."""


def run_time(deals: float, cores: int, per_core_second: float = DEALS_PER_CORE_SECOND) -> str:
    """About how long ``deals`` take on ``cores`` cores, in words: ``"2.3 hours"``, ``"5.3e+83 years"``."""
    seconds = float(deals) / (per_core_second * max(cores, 1))
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:,.1f} {unit}" if value < 1e6 else f"{value:.2g} {unit}"
    return f"{seconds:.1f} seconds"
