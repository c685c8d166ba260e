"""The equity engine's dealing, tallying and two-hand counting kernels, in C (csrc/deal_kernels.c).

The same arguments and results as the numba kernels they replaced (kept outside the package, in
tests/numba_kernels.py, as the reference: tests/test_cold_kernels.py checks both agree exactly), without numba: a
stud or draw query's first call in a process no longer pays numba's import and first cache load
(most of a second, issue 16 item 4).  The C calls release the GIL, as the numba kernels did
(``nogil``), so the engine's chunks still run on every core.

Every array is checked here (dtype, layout, size) and the C code checks every index it is given.
"""

from __future__ import annotations

import numpy as np

from pyeval.core._native import ffi, lib

__all__ = ["all_combinations", "count_hilo_buckets", "count_two_hands", "enumerate_rows", "sample_rows",
           "sort_buckets", "subset_fill", "subset_sizes", "tally", "tally_patterns"]

# numpy scalar type -> (its dtype, the cffi type of a buffer of it)
_CTYPES = {t: (np.dtype(t), f"{c}[]") for t, c in ((np.uint8, "uint8_t"), (np.int32, "int32_t"),
                                                   (np.int64, "int64_t"), (np.uint64, "uint64_t"))}


def pointer(a: np.ndarray, dtype, name: str, writable: bool = False):
    """A C pointer to ``a`` itself: a C-contiguous array of ``dtype`` (an output is written in place).
    Cheap (a few hundred nanoseconds): simulate calls its kernels once per sub-batch."""
    want, ctype = _CTYPES[dtype]
    if not isinstance(a, np.ndarray) or (a.dtype is not want and a.dtype != want):
        raise TypeError(f"{name}: expected a numpy array of {want}, got {getattr(a, 'dtype', type(a))}")
    flags = a.flags
    if not flags.c_contiguous or (writable and not flags.writeable):
        raise ValueError(f"{name}: expected a C-contiguous{' writable' if writable else ''} array")
    return ffi.from_buffer(ctype, a, require_writable=writable)


def check_status(status: int, what: str) -> None:
    if status != 0:
        raise ValueError(f"internal error: {what} refused its arguments (status {status})")


def _cells(cells: np.ndarray, out: np.ndarray):
    if cells.ndim != 2 or cells.shape[1] != 3 or out.ndim != 3:
        raise ValueError("cells must be (n, 3) and out (rows, n, k)")
    return pointer(cells, np.int64, "cells")


def sample_rows(deck: np.ndarray, n_unknown: int, state: np.ndarray, cells: np.ndarray, out: np.ndarray) -> None:
    """``out[:, :n]`` filled with n = out.shape[1] random completions; deck and state advanced in place."""
    if state.shape != (4,):
        raise ValueError("state must hold 4 words")
    c = _cells(cells, out)
    rows, n, k = out.shape
    check_status(lib.pyeval_sample_rows(pointer(deck, np.uint8, "deck", True), deck.size, n_unknown,
                                  pointer(state, np.uint64, "state", True), c, len(cells),
                                  pointer(out, np.uint8, "out", True), rows, n, k), "sample_rows")


def enumerate_rows(deck: np.ndarray, sizes: np.ndarray, start: int, cells: np.ndarray, out: np.ndarray) -> None:
    """``out[:, :n]`` filled with completions start .. start + n - 1 in mixed-radix order."""
    c = _cells(cells, out)
    rows, n, k = out.shape
    check_status(lib.pyeval_enumerate_rows(pointer(deck, np.uint8, "deck"), deck.size, pointer(sizes, np.int64,
                                                                                               "sizes"),
                                     sizes.size, start, c, len(cells), pointer(out, np.uint8, "out", True), rows, n, k),
           "enumerate_rows")


def _strengths(strengths: np.ndarray, n: int, fallback: np.ndarray):
    if strengths.ndim != 3 or fallback.shape != (strengths.shape[0],) or not 0 <= n <= strengths.shape[2]:
        raise ValueError("strengths must be (parts, players, >= n) with one fallback per part")
    return pointer(strengths, np.int32, "strengths"), pointer(fallback, np.int64, "fallback")


def tally_patterns(strengths: np.ndarray, n: int, fallback: np.ndarray, counts: np.ndarray) -> None:
    """``counts[pattern] += 1`` for each of the first n deals' outcome patterns."""
    s, f = _strengths(strengths, n, fallback)
    parts, players, stride = strengths.shape
    check_status(lib.pyeval_tally_patterns(s, parts, players, stride, n, f, pointer(counts, np.int64, "counts", True),
                                     counts.size), "tally_patterns")


def tally(strengths: np.ndarray, n: int, split: np.ndarray, fallback: np.ndarray, pot: int, units: np.ndarray,
          sumsq: np.ndarray, wins: np.ndarray, ties: np.ndarray, part_units: np.ndarray,
          no_qualifier: np.ndarray) -> None:
    """Share each of the first n deals' pot and add to the counters (tests/numba_kernels.py: tally)."""
    s, f = _strengths(strengths, n, fallback)
    parts, players, stride = strengths.shape
    if (split.shape != (parts, players + 1) or part_units.shape != (parts, players) or no_qualifier.shape != (parts,)
            or any(a.shape != (players,) for a in (units, sumsq, wins, ties))):
        raise ValueError("tally: counters of the wrong shape")
    check_status(lib.pyeval_tally(s, parts, players, stride, n, pointer(split, np.int64, "split"), f, pot,
                            *(pointer(a, np.int64, name, True) for a, name in
                              ((units, "units"), (sumsq, "sumsq"), (wins, "wins"), (ties, "ties"),
                               (part_units, "part_units"), (no_qualifier, "no_qualifier")))), "tally")


def all_combinations(m: int, k: int) -> np.ndarray:
    """Every k-subset of range(m) in lexicographic order, shape (C(m, k), max(k, 1)) uint8."""
    if not (0 <= m <= 52 and 0 <= k <= 8):
        raise ValueError("all_combinations: m in 0..52, k in 0..8")
    import math

    out = np.zeros((math.comb(m, k), max(k, 1)), np.uint8)
    check_status(lib.pyeval_all_combinations(m, k, pointer(out, np.uint8, "out", True), out.size), "all_combinations")
    return out


def _combos(combos: np.ndarray, k: int):
    if combos.ndim != 2 or (combos.shape[0] and combos.shape[1] != k):
        raise ValueError("combos must be (n, k)")
    return pointer(combos, np.uint8, "combos")


def subset_sizes(combos: np.ndarray, k: int, base: np.ndarray, sizes: np.ndarray) -> None:
    """``sizes[bucket + 1] += 1`` for every subset of every combo (tests/numba_kernels.py: subset_sizes)."""
    check_status(lib.pyeval_subset_sizes(_combos(combos, k), combos.shape[0], k, pointer(base, np.int64, "base"),
                                         base.size,
                                   pointer(sizes, np.int64, "sizes", True), sizes.size), "subset_sizes")


def subset_fill(combos: np.ndarray, values: np.ndarray, k: int, base: np.ndarray, fill: np.ndarray,
                data: np.ndarray) -> None:
    """Each combo's value into the buckets of its subsets (``fill`` advanced in place)."""
    if values.shape != (combos.shape[0],):
        raise ValueError("one value per combo")
    check_status(lib.pyeval_subset_fill(_combos(combos, k), pointer(values, np.int32, "values"), combos.shape[0], k,
                                  pointer(base, np.int64, "base"), base.size, pointer(fill, np.int64, "fill", True),
                                  fill.size, pointer(data, np.int32, "data", True), data.size), "subset_fill")


def sort_buckets(offsets: np.ndarray, data: np.ndarray, lo: int, hi: int) -> None:
    """Sort the values of buckets lo..hi-1 in place."""
    check_status(lib.pyeval_sort_buckets(pointer(offsets, np.int64, "offsets"), offsets.size,
                                   pointer(data, np.int32, "data", True), data.size, lo, hi), "sort_buckets")


def count_two_hands(combos_a: np.ndarray, values_a: np.ndarray, k_b: int, base: np.ndarray, offsets: np.ndarray,
                    data: np.ndarray) -> tuple[int, int, int]:
    """(A wins, B wins, ties) over the combos of A (tests/numba_kernels.py: count_two_hands)."""
    k_a = combos_a.shape[1] if combos_a.shape[0] else 0
    if values_a.shape != (combos_a.shape[0],):
        raise ValueError("one value per combo")
    out = np.zeros(3, np.int64)
    check_status(lib.pyeval_count_two_hands(_combos(combos_a, k_a), pointer(values_a, np.int32, "values_a"),
                                      combos_a.shape[0], k_a, k_b, pointer(base, np.int64, "base"), base.size,
                                      pointer(offsets, np.int64, "offsets"), offsets.size, pointer(data, np.int32,
                                                                                                   "data"),
                                      data.size, pointer(out, np.int64, "out", True)), "count_two_hands")
    return int(out[0]), int(out[1]), int(out[2])


def count_hilo_buckets(off_a: np.ndarray, data_a: np.ndarray, off_b: np.ndarray, data_b: np.ndarray,
                       base: np.ndarray, n_lo: int, no_low: int, lo: int, hi: int, grid: np.ndarray) -> None:
    """The 2-D dominance counts of pyeval.engines.single.two_hand_hilo over buckets lo..hi-1, added to
    grid (2, 3, 3)."""
    if grid.shape != (2, 3, 3):
        raise ValueError("grid must be (2, 3, 3)")
    check_status(lib.pyeval_count_hilo_buckets(pointer(off_a, np.int64, "off_a"), off_a.size,
                                               pointer(data_a, np.int32, "data_a"), data_a.size,
                                               pointer(off_b, np.int64, "off_b"), off_b.size,
                                               pointer(data_b, np.int32, "data_b"), data_b.size,
                                               pointer(base, np.int64, "base"), base.size, n_lo, no_low, lo, hi,
                                               pointer(grid, np.int64, "grid", True)),
                 "count_hilo_buckets")
