"""The kernels of exact range equity, in C (csrc/range_exact.c): combo assignments, their canonical
keys, evaluation rows, the heads-up sweep and the board-major tally.

The same arguments and results as the numba kernels they replaced (kept outside the package, in
tests/numba_range_kernels.py, as the reference: tests/test_range_exact_kernels.py checks both agree
exactly), without numba: an exact range query's first call in a process no longer pays numba's
import and first cache load (most of a second, issue 16 item 4).  The C calls release the GIL, as
the numba kernels did (``nogil``), so pyeval/engines/range/equity.py's chunks still run on every core.

Every array is checked here (dtype, layout, shape) and the C code checks every index it is given.
"""

from __future__ import annotations

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.engines.native.deal_kernels import check_status, pointer
from pyeval.query.limits import RANGE_KERNEL_MAX_PLAYERS

__all__ = ["assignments", "board_major_tally", "canonical_keys", "check_heads_up", "rows", "sweep_heads_up",
           "MAX_PLAYERS"]

MAX_PLAYERS = RANGE_KERNEL_MAX_PLAYERS  # csrc/range_exact.h: PYEVAL_RANGE_MAX_PLAYERS


def check_kernel(status: int, what: str) -> None:
    if status == -5:
        raise MemoryError(f"{what}: out of memory")
    check_status(status, what)


def _flags(a: np.ndarray, name: str, writable: bool = False):
    """A bool array as the C's bytes (0/1), in place."""
    if not isinstance(a, np.ndarray) or a.dtype != np.bool_:
        raise TypeError(f"{name}: expected a numpy array of bool, got {getattr(a, 'dtype', type(a))}")
    if not a.flags.c_contiguous or (writable and not a.flags.writeable):
        raise ValueError(f"{name}: expected a C-contiguous{' writable' if writable else ''} array")
    return ffi.cast("uint8_t *", ffi.from_buffer(a, require_writable=writable))


def check_shape(a: np.ndarray, shape: tuple, name: str) -> None:
    if not isinstance(a, np.ndarray) or a.shape != shape:
        raise ValueError(f"{name}: expected shape {shape}, got {getattr(a, 'shape', type(a))}")


def _offsets(offsets: np.ndarray, limit: int) -> int:
    """The players of a block table offsets (P + 1,): non-decreasing from >= 0 to <= limit."""
    if not isinstance(offsets, np.ndarray) or offsets.ndim != 1 or not 2 <= offsets.size <= MAX_PLAYERS + 1:
        raise ValueError(f"offsets: expected 2..{MAX_PLAYERS + 1} block bounds")
    if offsets.dtype == np.int64 and (offsets[0] < 0 or offsets[-1] > limit or (np.diff(offsets) < 0).any()):
        raise ValueError(f"offsets: expected non-decreasing bounds in 0..{limit}")
    return offsets.size - 1


def _assign(assign: np.ndarray, players: int) -> None:
    if not isinstance(assign, np.ndarray) or assign.ndim != 2 or assign.shape[1] != players:
        raise ValueError(f"assign: expected (n, {players}) local indices")


def assignments(masks: np.ndarray, offsets: np.ndarray, out: np.ndarray, cap: int) -> int:
    """Every disjoint choice of one combo per player (player p's combos: masks[offsets[p]:offsets[p + 1]]),
    the first ``len(out)`` written to ``out`` (n, P) int32 as local indices; returns how many there are
    (counting stops at ``cap`` >= 1)."""
    if not isinstance(masks, np.ndarray) or masks.ndim != 1:
        raise ValueError("masks: expected one card mask per combo")
    players = _offsets(offsets, masks.size)
    if not isinstance(out, np.ndarray) or out.ndim != 2 or out.shape[1] != players:
        raise ValueError(f"out: expected (n, {players})")
    cap = int(cap)
    if cap < 1:
        raise ValueError("cap must be at least 1")
    count = lib.pyeval_range_assignments(pointer(masks, np.uint64, "masks"), masks.size,
                                         pointer(offsets, np.int64, "offsets"), players,
                                         pointer(out, np.int32, "out", True), out.shape[0], cap)
    if count < 0:
        check_kernel(int(count), "range assignments")
    return int(count)


def canonical_keys(assign: np.ndarray, perm: np.ndarray, offsets: np.ndarray, radix: np.ndarray,
                   keys: np.ndarray) -> None:
    """keys[i]: the smallest mixed-radix key of assignment i over the suit permutations (perm rows)."""
    if not isinstance(perm, np.ndarray) or perm.ndim != 2:
        raise ValueError("perm: expected (permutations, combos)")
    players = _offsets(offsets, perm.shape[1])
    _assign(assign, players)
    check_shape(radix, (players,), "radix")
    check_shape(keys, (assign.shape[0],), "keys")
    check_kernel(lib.pyeval_range_canonical_keys(pointer(assign, np.int32, "assign"), assign.shape[0], players,
                                           pointer(perm, np.int64, "perm"), perm.shape[0], perm.shape[1],
                                           pointer(offsets, np.int64, "offsets"), pointer(radix, np.int64, "radix"),
                                           pointer(keys, np.int64, "keys", True)), "canonical_keys")


def rows(boards: np.ndarray, combos: np.ndarray, out: np.ndarray, valid: np.ndarray, dummy: np.ndarray) -> None:
    """out (nb * n, hole + board): each combo with each board, the ``dummy`` hand where they collide
    (valid (nb, n) False).  numba's _sweep_rows and _board_major_rows."""
    if not isinstance(boards, np.ndarray) or boards.ndim != 2 or not isinstance(combos, np.ndarray) \
            or combos.ndim != 2:
        raise ValueError("boards and combos: expected (boards, cards) and (combos, hole)")
    (nb, bl), (n, h) = boards.shape, combos.shape
    check_shape(out, (nb * n, h + bl), "out")
    check_shape(valid, (nb, n), "valid")
    check_shape(dummy, (h + bl,), "dummy")
    check_kernel(lib.pyeval_range_rows(pointer(boards, np.uint8, "boards"), nb, bl, pointer(combos, np.uint8, "combos"),
                                       n, h, pointer(dummy, np.uint8, "dummy"), dummy.size,
                                       pointer(out, np.uint8, "out", True), out.size, _flags(valid, "valid", True),
                                       valid.size), "range rows")


def check_heads_up(combos: np.ndarray, n0: int, num0: np.ndarray, num1: np.ndarray, self0: np.ndarray,
                   self1: np.ndarray) -> tuple[int, int]:
    """The two ranges of a heads-up sweep checked: combos (n0 + n1, 2), range 0's first, their
    weights and twins of the right sizes; returns (n0, n1)."""
    if not isinstance(combos, np.ndarray) or combos.ndim != 2 or combos.shape[1] != 2:
        raise ValueError("combos: expected (n, 2)")
    n = combos.shape[0]
    n0 = int(n0)
    if not 0 <= n0 <= n:
        raise ValueError(f"n0 must be in 0..{n}")
    n1 = n - n0
    for a, size, name in ((num0, n0, "num0"), (num1, n1, "num1"), (self0, n0, "self0"), (self1, n1, "self1")):
        check_shape(a, (size,), name)
    return n0, n1


def sweep_heads_up(strengths: np.ndarray, valid: np.ndarray, combos: np.ndarray, n0: int, num0: np.ndarray,
                   num1: np.ndarray, self0: np.ndarray, self1: np.ndarray, acc: np.ndarray) -> None:
    """acc rows: wins, ties, outcomes of range 0's combos (0-2) and of range 1's (3-5), added to."""
    n0, n1 = check_heads_up(combos, n0, num0, num1, self0, self1)
    n = n0 + n1
    if not isinstance(strengths, np.ndarray) or strengths.ndim != 2 or strengths.shape[1] != n:
        raise ValueError(f"strengths: expected (boards, {n})")
    nb = strengths.shape[0]
    check_shape(valid, (nb, n), "valid")
    if not isinstance(acc, np.ndarray) or acc.ndim != 2 or acc.shape[0] != 6 or acc.shape[1] < max(n0, n1):
        raise ValueError(f"acc: expected (6, >= {max(n0, n1)})")
    check_kernel(lib.pyeval_range_sweep_heads_up(pointer(strengths, np.int32, "strengths"), _flags(valid, "valid"), nb,
                                           pointer(combos, np.uint8, "combos"), n0, n1, pointer(num0, np.int64, "num0"),
                                           pointer(num1, np.int64, "num1"), pointer(self0, np.int64, "self0"),
                                           pointer(self1, np.int64, "self1"), pointer(acc, np.int64, "acc", True),
                                           acc.shape[1]), "sweep_heads_up")


def board_major_tally(strengths: np.ndarray, valid: np.ndarray, assign: np.ndarray, offsets: np.ndarray,
                      wfull: np.ndarray, split: np.ndarray, fallback: np.ndarray, pot: int, units_a: np.ndarray,
                      wins_a: np.ndarray, ties_a: np.ndarray, units: np.ndarray, wins: np.ndarray, ties: np.ndarray,
                      part_units: np.ndarray, no_qualifier: np.ndarray, outcomes: np.ndarray) -> None:
    """Every (board, valid assignment) showdown of strengths (parts, boards, combos), added to the
    per-assignment counters (units_a, wins_a, ties_a: (n, P)) and the totals weighted by ``wfull``."""
    if not isinstance(strengths, np.ndarray) or strengths.ndim != 3 or strengths.shape[0] < 1:
        raise ValueError("strengths: expected (parts, boards, combos)")
    parts, nb, n = strengths.shape
    players = _offsets(offsets, n)
    _assign(assign, players)
    n_assign = assign.shape[0]
    check_shape(valid, (nb, n), "valid")
    check_shape(wfull, (n_assign,), "wfull")
    check_shape(split, (parts, players + 1), "split")
    check_shape(fallback, (parts,), "fallback")
    for a, name in ((units_a, "units_a"), (wins_a, "wins_a"), (ties_a, "ties_a")):
        check_shape(a, (n_assign, players), name)
    for a, name in ((units, "units"), (wins, "wins"), (ties, "ties")):
        check_shape(a, (players,), name)
    check_shape(part_units, (parts, players), "part_units")
    check_shape(no_qualifier, (parts,), "no_qualifier")
    check_shape(outcomes, (1,), "outcomes")
    counters = [pointer(a, np.int64, name, True) for a, name in
                ((units_a, "units_a"), (wins_a, "wins_a"), (ties_a, "ties_a"), (units, "units"), (wins, "wins"),
                 (ties, "ties"), (part_units, "part_units"), (no_qualifier, "no_qualifier"),
                 (outcomes, "outcomes"))]
    check_kernel(lib.pyeval_range_board_major_tally(pointer(strengths, np.int32, "strengths"), parts, nb, n,
                                              _flags(valid, "valid"), pointer(assign, np.int32, "assign"), n_assign,
                                              players, pointer(offsets, np.int64, "offsets"),
                                              pointer(wfull, np.int64, "wfull"), pointer(split, np.int64, "split"),
                                              pointer(fallback, np.int64, "fallback"), int(pot), *counters),
           "board_major_tally")
