"""Random board draws in C (csrc/sample.c), for Monte Carlo chunks that need no numba.

The generator and the draw are those of the numba kernels (``pyeval._kernels``: xoshiro256**,
Lemire's unbiased bounded integer, a partial Fisher-Yates shuffle per row), so a chunk's seed
state means the same cards in both; tests/test_engine_strategies.py checks they agree.
"""

from __future__ import annotations

import numpy as np

from pyeval._native import ffi, lib


def sample_cards(deck: np.ndarray, seed_state: np.ndarray, n: int, k: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct cards drawn from ``deck`` with the 4-word xoshiro256** state
    ``seed_state`` (neither argument is modified)."""
    deck = np.array(deck, dtype=np.uint8)  # copies: the draw shuffles it in place
    state = np.array(seed_state, dtype=np.uint64)
    if state.shape != (4,):
        raise ValueError("seed_state must hold 4 words")
    out = np.empty((n, k), np.uint8)
    if n == 0 or k == 0:
        return out
    status = lib.pyeval_sample_cards(ffi.from_buffer("uint8_t[]", deck), len(deck),
                                     ffi.from_buffer("uint64_t[]", state), ffi.from_buffer("uint8_t[]", out), n, k)
    if status != 0:
        raise ValueError(f"cannot draw {k} of {len(deck)} cards with this state (status {status})")
    return out
