"""A batch changed by another thread during a C call (issue 17, item 1) must not crash the core.

uint8 C-contiguous batches reach the C core without a copy, and the GIL is released during
the call, so another thread can rewrite the cards while they are evaluated.  Garbage
strengths or a ValueError are acceptable answers then; reading outside a lookup table is
not.  Each target below runs in a child process (a crash there fails the test instead of
killing pytest) for ``PYEVAL_RACE_SECONDS`` seconds (default 1.5; set tens of seconds for a
soak), while a writer thread flips the batch's codes between their valid values and bad
codes (192..243) or a neighbouring suit (duplicates, other flushes).  Under ``.ci/sanitize``
the child inherits the ASan runtime, which reports any out-of-bounds read.

Run one target by hand: ``python tests/test_race.py evaluate_omaha 30``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from functools import partial
from math import comb

import numpy as np
import pytest

SECONDS = float(os.environ.get("PYEVAL_RACE_SECONDS", "1.5"))
N_HANDS = 20_000


def _hands(rng, n, k, low=0):
    return (np.argsort(rng.random((n, 52 - low)), axis=1)[:, :k] + low).astype(np.uint8)


def _evaluator(name, ks, low=0):
    """Batches of each k in ``ks`` for ``pyeval.<name>``, called in turn."""

    def build(rng):
        import pyeval

        fn = getattr(pyeval, name)
        batches = [_hands(rng, N_HANDS, k, low) for k in ks]
        calls = [lambda b=b: fn(b) for b in batches]
        return batches, calls

    return build


def _omaha(name):
    def build(rng):
        import pyeval

        fn = getattr(pyeval, name)
        arrays, calls = [], []
        for h, b in [(4, 5), (5, 4), (6, 3), (6, 5)]:
            cards = _hands(rng, N_HANDS // 4, h + b)
            hole, board = np.ascontiguousarray(cards[:, :h]), np.ascontiguousarray(cards[:, h:])
            arrays += [hole, board]
            calls.append(lambda hole=hole, board=board: fn(hole, board))
        return arrays, calls

    return build


def _board_call(entry, lib, query, boards, n_boards, state, counts):
    """One call of the board engine's ``entry`` on ``query`` (its arguments up to lo_kind)."""
    deck_n, missing, players, n_counts = query[6], query[7], query[1], len(counts)
    if entry == "board_patterns":
        return lib.pyeval_board_patterns(*query, 0, min(2_000, comb(deck_n, missing)), counts, n_counts)
    if entry == "board_patterns_all":
        return lib.pyeval_board_patterns_all(*query, counts, n_counts)
    if entry == "board_ranks_cost":
        return lib.pyeval_board_ranks_cost(*query)
    if entry == "board_patterns_sample":  # the last player's hole cards drawn too
        return lib.pyeval_board_patterns_sample(*query, 1 << (players - 1), state, 2_000, counts, n_counts)
    return lib.pyeval_board_patterns_list(*query, boards, n_boards, counts, n_counts)


def _board_engine(entry):
    """The C board engine's entry points called directly, on arrays the writer rewrites."""

    def build(rng):
        from pyeval.core._native import ffi, lib

        arrays, calls = [], []
        # (hi kind, lo kind, players, hole cards, known board cards)
        for hi, lo, players, h, known_n in [(lib.PYEVAL_KIND_OMAHA_HIGH, lib.PYEVAL_KIND_OMAHA_LOW8, 2, 4, 3),
                                            (lib.PYEVAL_KIND_OMAHA_HIGH, -1, 3, 6, 4),
                                            (lib.PYEVAL_KIND_HIGH, lib.PYEVAL_KIND_LOW8, 3, 2, 3),
                                            (lib.PYEVAL_KIND_HIGH, -1, 2, 2, 0),
                                            (lib.PYEVAL_KIND_SHORTDECK, -1, 2, 2, 3)]:
            low = 16 if hi == lib.PYEVAL_KIND_SHORTDECK else 0
            cards = np.argsort(rng.random(52 - low))[: players * h + known_n].astype(np.uint8) + low
            holes, known = cards[: players * h].copy(), cards[players * h:].copy()
            deck = np.setdiff1d(np.arange(low, 52, dtype=np.uint8), cards).astype(np.uint8)
            missing = 5 - known_n
            boards = np.stack([rng.permutation(deck)[:missing] for _ in range(500)]).astype(np.uint8)
            arrays += [holes, known, deck, boards]
            u8 = [ffi.from_buffer("uint8_t[]", a) for a in (holes, known, deck, boards)]
            query = (u8[0], players, h, u8[1], known_n, u8[2], len(deck), missing, hi, lo)
            state = ffi.from_buffer("uint64_t[]", np.array([1, 2, 3, 4], np.uint64))
            counts = ffi.from_buffer("int64_t[]", np.zeros(1 << (2 * players), np.int64))
            calls.append(partial(_board_call, entry, lib, query, u8[3], len(boards), state, counts))
        return arrays, calls

    return build


def _range_sampler(rng):
    """csrc/range_sample.c on combos, a board, a deck and share levels that the writer rewrites."""
    from pyeval.core._native import ffi, lib

    arrays, calls = [], []
    for hi, lo, h, known_n in [(lib.PYEVAL_KIND_HIGH, -1, 2, 0), (lib.PYEVAL_KIND_HIGH, lib.PYEVAL_KIND_LOW8, 2, 3),
                               (lib.PYEVAL_KIND_OMAHA_HIGH, lib.PYEVAL_KIND_OMAHA_LOW8, 4, 3)]:
        cards = np.argsort(rng.random(52))[:max(known_n, 1)].astype(np.uint8)
        deck = np.setdiff1d(np.arange(52, dtype=np.uint8), cards[:known_n]).astype(np.uint8)
        combos = np.stack([rng.permutation(deck)[:h] for _ in range(60)]).astype(np.uint8)  # 2 players x 30
        size = 1 << (2 * (1 if lo == -1 else 2))
        level = rng.integers(0, 3, size * 2).astype(np.uint8)
        arrays += [combos, cards, deck, level]
        u8 = [ffi.from_buffer("uint8_t[]", a) for a in (combos, cards, deck, level, np.array([1, 0], np.uint8))]
        query = (u8[0], 60, ffi.from_buffer("int64_t[]", np.array([0, 30, 60], np.int64)),
                 ffi.from_buffer("double[]", np.tile(np.arange(1, 31) / 30, 2)), u8[4], 2, h, u8[1], known_n, u8[2],
                 len(deck), 5 - known_n, hi, lo, u8[3], 3)
        state = ffi.from_buffer("uint64_t[]", np.array([1, 2, 3, 4], np.uint64))
        out = (ffi.from_buffer("int64_t[]", np.zeros(size, np.int64)), size,
               ffi.from_buffer("int64_t[]", np.zeros((60, 3), np.int64)),
               ffi.from_buffer("int64_t[]", np.zeros(1, np.int64)))
        calls.append(partial(lib.pyeval_range_sample, *query, state, 2_000, 1_000, *out))
    # two boards (pyeval_range_sample_boards), the second board's cards rewritten too
    cards = np.argsort(rng.random(52))[:6].astype(np.uint8)
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), cards).astype(np.uint8)
    combos = np.stack([rng.permutation(deck)[:2] for _ in range(60)]).astype(np.uint8)
    level = rng.integers(0, 3, 16 * 2).astype(np.uint8)
    arrays += [combos, cards, deck, level]
    known_n, missing = np.array([3, 3], np.int32), np.array([2, 2], np.int32)
    query = (ffi.from_buffer("uint8_t[]", combos), 60, ffi.from_buffer("int64_t[]", np.array([0, 30, 60], np.int64)),
             ffi.from_buffer("double[]", np.tile(np.arange(1, 31) / 30, 2)),
             ffi.from_buffer("uint8_t[]", np.array([1, 0], np.uint8)), 2, 2, 2, ffi.from_buffer("uint8_t[]", cards),
             ffi.from_buffer("int32_t[]", known_n), ffi.from_buffer("uint8_t[]", deck), len(deck),
             ffi.from_buffer("int32_t[]", missing), lib.PYEVAL_KIND_HIGH, -1, ffi.from_buffer("uint8_t[]", level), 3)
    state = ffi.from_buffer("uint64_t[]", np.array([1, 2, 3, 4], np.uint64))
    out = (ffi.from_buffer("int64_t[]", np.zeros(16, np.int64)), 16,
           ffi.from_buffer("int64_t[]", np.zeros((60, 3), np.int64)),
           ffi.from_buffer("int64_t[]", np.zeros(1, np.int64)))
    calls.append(partial(lib.pyeval_range_sample_boards, *query, state, 2_000, 1_000, *out))  # from_buffer keeps
    return arrays, calls  # the int arrays alive; the writer rewrites the byte arrays only


TARGETS = {
    "evaluate_high": _evaluator("evaluate_high", (5, 6, 7)),
    "evaluate_deuce7": _evaluator("evaluate_deuce7", (5, 6, 7)),
    "evaluate_razz": _evaluator("evaluate_razz", (5, 7)),
    "evaluate_low8": _evaluator("evaluate_low8", (5, 7)),
    "evaluate_shortdeck": _evaluator("evaluate_shortdeck", (5, 7), low=16),
    "evaluate_badugi": _evaluator("evaluate_badugi", (4,)),
    "evaluate_showing": _evaluator("evaluate_showing", (1, 3, 4)),
    "evaluate_omaha": _omaha("evaluate_omaha"),
    "evaluate_omaha_low8": _omaha("evaluate_omaha_low8"),
    **{entry: _board_engine(entry) for entry in ("board_patterns", "board_patterns_all", "board_ranks_cost",
                                                  "board_patterns_sample", "board_patterns_list")},
    "range_sample": _range_sampler,
}


def race(target: str, seconds: float) -> str:
    """Call the target's functions in a loop for ``seconds`` while a thread rewrites their arrays."""
    rng = np.random.default_rng(17)
    arrays, calls = TARGETS[target](rng)
    # Per position: flip to a bad code (c ^ 0xC0 is 192..243) or to the neighbouring suit.
    masks = [np.where(rng.random(a.shape) < 0.5, 0xC0, 0x01).astype(np.uint8) for a in arrays]
    stop = threading.Event()

    def writer():
        while not stop.is_set():
            for a, m in zip(arrays, masks):
                np.bitwise_xor(a, m, out=a)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    done = refused = 0
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            for call in calls:
                try:
                    status = call()
                except ValueError:
                    status = None
                refused += status is None or (isinstance(status, int) and status < -1)
                done += 1
    finally:
        stop.set()
        thread.join()
    return f"{target}: {done} calls, {refused} refused"


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_batch_rewritten_during_the_call_does_not_crash(target):
    proc = subprocess.run([sys.executable, __file__, target, str(SECONDS)], capture_output=True, text=True,
                          timeout=SECONDS * 4 + 120)
    assert proc.returncode == 0, (f"{target}: child exited with {proc.returncode} "
                                  f"(negative: killed by that signal)\n{proc.stdout[-2000:]}{proc.stderr[-6000:]}")
    assert f"{target}: " in proc.stdout, proc.stdout + proc.stderr


if __name__ == "__main__":
    print(race(sys.argv[1], float(sys.argv[2])), flush=True)
