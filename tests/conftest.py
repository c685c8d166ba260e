"""Shared test helpers: sample sizes, random hands, the order-isomorphism check.

Two sets (CONTRIBUTING.md):
  quick (default)  what a contributor runs often: ``python -m pytest``; tests marked ``slow``
                   are skipped.
  slow             long and exhaustive tests (the preflop matrix regenerated, the read-only install) and the
                   acceptance-size runs of the random-hand tests (200,000 hands per case; the
                   quick set runs the first 20,000 of the same hands): ``PYEVAL_FULL=1 python -m
                   pytest -m slow`` (CI runs both sets, .ci/run).
Environment:
  PYEVAL_FULL=1   run the tests marked ``slow`` too; without it they are skipped.
"""

import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:  # `import reference` under any --import-mode
    sys.path.insert(0, HERE)

# A site reader compiled with mypyc is imported from its library (pyeval/history/sites/compiled.py),
# which pytest's doctest collection of its .py would take for another module of the same name: its
# doctests are run on the compiled module, the one users import.
os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")

FULL = os.environ.get("PYEVAL_FULL", "") not in ("", "0")
N_RANDOM = 200_000  # the acceptance size (slow set; CI runs it)
N_QUICK = 20_000  # the quick set's size: the first hands of the same draw


@pytest.fixture(params=[pytest.param(N_QUICK, id="20k"), pytest.param(N_RANDOM, id="200k", marks=pytest.mark.slow)])
def n_random(request) -> int:
    """Random hands per case: 20,000 in the quick set, 200,000 (the acceptance size) in the slow set."""
    return request.param


def pytest_configure(config):
    _refuse_stale_compiled_readers()
    config.addinivalue_line(
        "markers", "slow: long exhaustive/full-size test; runs only with PYEVAL_FULL=1")


SLOW_SKIP = "the slow set (marked slow): PYEVAL_FULL=1 runs it"


def pytest_report_header(config):
    return "the slow set: run (PYEVAL_FULL=1)" if FULL else \
        "the quick set: tests marked slow (the slow set) are skipped; PYEVAL_FULL=1 runs them"


def pytest_collection_modifyitems(config, items):
    if FULL:
        return
    skip = pytest.mark.skip(reason=SLOW_SKIP)
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    """Say what the skipped tests are: the summary's count alone reads like something missing."""
    slow = sum(SLOW_SKIP in str(r.longrepr) for r in terminalreporter.stats.get("skipped", []))
    if slow:
        terminalreporter.write_line(f"{slow:,} skipped tests are the slow set (marked slow), skipped by design in the "
                                    "quick set: PYEVAL_FULL=1 python -m pytest -m slow runs them")


def random_hands(n, k, seed, low=0, high=52):
    """(n, k) int array of hands of k distinct cards drawn from codes low..high-1."""
    rng = np.random.default_rng(seed)
    deck = high - low
    return (np.argsort(rng.random((n, deck)), axis=1)[:, :k] + low).astype(np.int32)


def dense_ranks(keys):
    """Map reference keys to dense integer ranks (None = no hand, below all)."""
    distinct = sorted({k for k in keys if k is not None})
    index = {k: i + 1 for i, k in enumerate(distinct)}
    index[None] = 0
    return np.fromiter((index[k] for k in keys), dtype=np.int64, count=len(keys))


def assert_order_isomorphic(ref_keys, strengths, hands=None, describe=None):
    """Check that ``strengths`` orders the hands exactly like ``ref_keys``.

    Sorting by reference key, strengths must be non-decreasing, and two
    strengths are equal exactly when the two keys are equal.  On failure the
    message shows two offending hands (``describe(i)`` gives text for hand i).
    Returns the number of distinct strengths.
    """
    strengths = np.asarray(strengths).astype(np.int64).ravel()
    assert len(strengths) == len(ref_keys), (len(strengths), len(ref_keys))
    ref = ref_keys if isinstance(ref_keys, np.ndarray) else dense_ranks(ref_keys)
    ref = np.asarray(ref, dtype=np.int64)

    if describe is None:
        import reference

        def describe(i):
            text = reference.hand_text(hands[i]) if hands is not None else f"hand #{i}"
            key = ref_keys[i] if not isinstance(ref_keys, np.ndarray) else ref[i]
            return f"{text} (reference {key}, strength {strengths[i]})"

    base = int(strengths.max()) - int(strengths.min()) + 1 if len(strengths) else 1
    combined = np.unique(ref * base + (strengths - strengths.min() if len(strengths) else 0))
    pairs = np.stack([combined // base, combined % base + (strengths.min() if len(strengths) else 0)], axis=1)
    # pairs: distinct (reference rank, strength), sorted by rank, then strength
    # one strength per key
    dup_key = np.nonzero(pairs[1:, 0] == pairs[:-1, 0])[0]
    if len(dup_key):
        r = pairs[dup_key[0], 0]
        s1, s2 = pairs[dup_key[0], 1], pairs[dup_key[0] + 1, 1]
        i = int(np.nonzero((ref == r) & (strengths == s1))[0][0])
        j = int(np.nonzero((ref == r) & (strengths == s2))[0][0])
        pytest.fail(f"equal hands, different strengths:\n  {describe(i)}\n  {describe(j)}")
    # one key per strength, and increasing
    bad = np.nonzero(pairs[1:, 1] <= pairs[:-1, 1])[0]
    if len(bad):
        (r1, s1), (r2, s2) = pairs[bad[0]], pairs[bad[0] + 1]
        i = int(np.nonzero((ref == r1) & (strengths == s1))[0][0])
        j = int(np.nonzero((ref == r2) & (strengths == s2))[0][0])
        what = "different hands, equal strengths" if s1 == s2 else "wrong order"
        pytest.fail(f"{what}: the second hand is better per the reference:\n"
                    f"  {describe(i)}\n  {describe(j)}")
    return len(pairs)


def all_combinations(n, k):
    """All k-subsets of range(n), lexicographic, as an (C(n, k), k) uint8 array."""
    combos = np.arange(n, dtype=np.int64).reshape(-1, 1)
    for _ in range(k - 1):
        last = combos[:, -1]
        counts = n - 1 - last  # how many larger elements can follow
        start = np.cumsum(counts) - counts
        offsets = np.arange(counts.sum()) - np.repeat(start, counts)
        nxt = np.repeat(last + 1, counts) + offsets
        combos = np.hstack([np.repeat(combos, counts, axis=0), nxt[:, None]])
    return combos.astype(np.uint8)


def rank_class_ids(hands, flush=True):
    """Class id of each 5-card hand from its sorted ranks (and flush flag)."""
    ranks = np.sort(np.asarray(hands, dtype=np.int64) >> 2, axis=1)
    ids = np.zeros(len(ranks), dtype=np.int64)
    for j in range(ranks.shape[1]):
        ids = ids * 13 + ranks[:, j]
    if flush:
        suits = np.asarray(hands) & 3
        ids = ids * 2 + (suits == suits[:, :1]).all(axis=1)
    return ids


def class_reference_ranks(key_fn, hands_rows, flush=True, ranks=range(13)):
    """Dense reference ranks for numpy 5-card ``hands_rows`` via class representatives.

    ``key_fn`` is evaluated once per class (ranks + flush flag), not per hand.
    """
    import reference

    reps = []
    for *_, rep, _ in reference.five_card_classes(ranks):
        reps.append(rep)
    rep_ids = rank_class_ids(np.array(reps), flush)
    rep_ids, first = np.unique(rep_ids, return_index=True)  # rank-only: both flush variants are one class
    dense = dense_ranks([key_fn(reps[i]) for i in first])
    ids = rank_class_ids(hands_rows, flush)
    pos = np.searchsorted(rep_ids, ids)
    assert (rep_ids[pos] == ids).all()
    return dense[pos]


def _refuse_stale_compiled_readers():
    """In a source checkout, a site reader edited after the last build would be tested as its old
    compiled module (pyeval/history/sites/compiled.py): stop and say how to rebuild."""
    import pyeval

    root = os.path.dirname(os.path.dirname(os.path.abspath(pyeval.__file__)))
    if not os.path.isdir(os.path.join(root, ".git")) and not os.path.isfile(os.path.join(root, ".git")):
        return  # an installed package: built from what it ships
    from pyeval.history.sites.compiled import stale

    old = stale()
    if old:
        pytest.exit("compiled site readers older than their sources: " + ", ".join(old)
                    + "; rebuild with `python setup.py build_ext --inplace`", returncode=4)

