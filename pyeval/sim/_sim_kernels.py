"""The simulation engine's kernels (pyeval.deal, pyeval.showdown, pyeval.simulate), in C
(csrc/sim_kernels.c).

The same arguments and results as the numba kernels they replaced (kept outside the package, in
tests/numba_sim_kernels.py, as the reference: tests/test_sim_kernels.py checks both agree exactly),
except that ``hand_class_ids`` computes its binomials itself.  Without numba, the first deal,
showdown or simulation of a process no longer pays numba's import and first cache load (most of a
second, issue 16 item 4).  The C calls release the GIL, as the numba kernels did (``nogil``), so
simulate's chunks still run on every core.

Dealing.  One deal is a vector of ``V`` cards: every board's cards (board 0 first), then every
player's hole cards.  ``template`` holds the known cards and ``pick_pos[u]`` is the vector
position of the u-th card drawn.  Cards are drawn by a partial Fisher-Yates shuffle of the live
``deck`` (permuted in place, so a stream of deals depends only on the starting deck and the RNG
state), two steps per xoshiro256** output (csrc/rng.h's ``draw_cards``).  The 4-word state
(``engine.chunk_seed``) is updated in place, so consecutive calls continue one stream: dealing a
chunk in sub-batches gives the same cards as dealing it in one call.

Every array is checked here (dtype, layout, shape) and the C code checks every size, index and
card code it is given.
"""

from __future__ import annotations

import numpy as np

from pyeval.core._native import lib
from pyeval.engines.native.deal_kernels import check_status, pointer

__all__ = ["check_deals", "deal_cards", "deal_rows", "hand_class_ids", "hole_class_keys", "showdown_shares",
           "tally_categories", "tally_hands", "tally_hands_hilo", "tally_hands_split", "tally_hilo"]

# Columns of the starting-hand tally (one row per hand class).
H_DEALT, H_UNITS, H_SUMSQ, H_WINS, H_TIES, H_HI = range(6)
H_COLUMNS = 6

# Counters of the hi/lo study.
(L_DEALS, L_BOARDS, L_POSSIBLE, L_MADE, L_LOW_SPLIT, L_HIGH_SPLIT, L_SCOOPS, L_SCOOPS_LOW, L_HANDS,
 L_HAND_LOWS) = range(10)
L_COLUMNS = 10


def _shape(a: np.ndarray, ndim: int, name: str) -> tuple[int, ...]:
    if not isinstance(a, np.ndarray) or a.ndim != ndim:
        raise ValueError(f"{name}: expected a {ndim}-D numpy array, got {getattr(a, 'shape', type(a))}")
    return a.shape


def _dealer(deck: np.ndarray, state: np.ndarray, template: np.ndarray, pick_pos: np.ndarray):
    """The pointers and sizes both dealers take (deck and state advanced in place)."""
    _shape(deck, 1, "deck"), _shape(template, 1, "template"), _shape(pick_pos, 1, "pick_pos")
    if _shape(state, 1, "state") != (4,):
        raise ValueError("state must hold 4 words")
    return (pointer(deck, np.uint8, "deck", True), deck.size, pointer(state, np.uint64, "state", True),
            pointer(template, np.uint8, "template"), template.size, pointer(pick_pos, np.int64, "pick_pos"),
            pick_pos.size)


def deal_cards(deck: np.ndarray, state: np.ndarray, template: np.ndarray, pick_pos: np.ndarray,
               out: np.ndarray) -> None:
    """Fill ``out`` (n, V) with n deals: ``template`` with the drawn cards at ``pick_pos``."""
    n, v = _shape(out, 2, "out")
    if v != template.size:
        raise ValueError(f"out must be (n, {template.size}): one row per deal")
    check_status(lib.pyeval_sim_deal_cards(*_dealer(deck, state, template, pick_pos),
                                           pointer(out, np.uint8, "out", True), n),
                 "deal_cards")


def deal_rows(deck: np.ndarray, state: np.ndarray, template: np.ndarray, pick_pos: np.ndarray, boards: int,
              board_n: int, players: int, hole: int, out: np.ndarray) -> None:
    """Deal ``out.shape[0]`` deals straight into evaluation rows: out (n, boards * players, hole +
    board_n), row ``b * players + p`` player p's hole cards, then board b (the stream of ``deal_cards``)."""
    n, rows, k = _shape(out, 3, "out")
    if (rows, k) != (boards * players, hole + board_n):
        raise ValueError(f"out must be (n, {boards * players}, {hole + board_n})")
    check_status(lib.pyeval_sim_deal_rows(*_dealer(deck, state, template, pick_pos), boards, board_n, players, hole,
                                    pointer(out, np.uint8, "out", True), n, rows, k), "deal_rows")


def check_deals(cards: np.ndarray, lowest: int, seen_out: np.ndarray) -> int:
    """First deal (row of ``cards`` (n, V)) with a code out of [lowest, 52) or a repeated card, else -1;
    ``seen_out`` (2,) receives the offending position and card code."""
    n, v = _shape(cards, 2, "cards")
    if _shape(seen_out, 1, "seen_out") != (2,):
        raise ValueError("seen_out must hold 2 values")
    found = np.zeros(3, np.int64)
    check_status(lib.pyeval_sim_check_deals(pointer(cards, np.uint8, "cards"), n, v, lowest,
                                      pointer(found, np.int64, "found", True)), "check_deals")
    if found[0] >= 0:
        seen_out[:] = found[1:]
    return int(found[0])


def _strengths(hi: np.ndarray, lo: np.ndarray | None = None):
    """hi (and lo, of its shape) (n, boards, players) int32: their pointers and the three sizes."""
    n, boards, players = _shape(hi, 3, "hi")
    pointers = [pointer(hi, np.int32, "hi")]
    if lo is not None:
        if lo.shape != hi.shape:
            raise ValueError(f"lo must have hi's shape {hi.shape}, got {lo.shape}")
        pointers.append(pointer(lo, np.int32, "lo"))
    return (*pointers, n, boards, players)


def _pot(pot: int) -> int:
    if not 0 <= pot <= 1 << 31:
        raise ValueError(f"pot must be 0 .. 2**31 units, got {pot}")
    return pot


def showdown_shares(hi: np.ndarray, lo: np.ndarray, has_low: bool, pot: int, units: np.ndarray) -> None:
    """units (n, players) int64: pot units each player wins in each deal."""
    *strengths, n, boards, players = _strengths(hi, lo)
    if units.shape != (n, players):
        raise ValueError(f"units must be ({n}, {players})")
    check_status(lib.pyeval_sim_showdown_shares(*strengths, bool(has_low), n, boards, players, _pot(pot),
                                          pointer(units, np.int64, "units", True)), "showdown_shares")


def hand_class_ids(rows: np.ndarray, hole: int, classes: np.ndarray, out: np.ndarray) -> None:
    """out (n, players) int32: class of each player's hole cards (the first ``hole`` cards of
    rows[:, p]), ``classes[colex rank of the sorted cards]``; hole is 1 to 5."""
    n, n_rows, k = _shape(rows, 3, "rows")
    players = _shape(out, 2, "out")[1]
    if out.shape[0] != n or players > n_rows or not 1 <= hole <= min(5, k):
        raise ValueError(f"out must be ({n}, <= {n_rows}) and hole 1 .. {min(5, k)}")
    check_status(lib.pyeval_sim_hand_class_ids(pointer(rows, np.uint8, "rows"), n, n_rows, k, hole, players,
                                         pointer(classes, np.int32, "classes"), classes.size,
                                         pointer(out, np.int32, "out", True)), "hand_class_ids")


def _tally(ids: np.ndarray, out: np.ndarray, n: int, players: int, width: int):
    """The class ids (n, players) and the tally (classes, >= width): pointers and sizes."""
    if ids.shape != (n, players) or _shape(out, 2, "out")[1] < width:
        raise ValueError(f"ids must be ({n}, {players}) and out (classes, >= {width})")
    return pointer(ids, np.int32, "ids"), pointer(out, np.int64, "out", True), out.shape[0], out.shape[1]


def tally_hands_split(hi: np.ndarray, ids: np.ndarray, out: np.ndarray) -> None:
    """Starting-hand tally of one-board high-only games: out[class, k] counts the hands of the
    class that split the pot k ways (k = 0: lost)."""
    *strengths, n, boards, players = _strengths(hi)
    check_status(lib.pyeval_sim_tally_hands_split(*strengths, n, boards, players,
                                                  *_tally(ids, out, n, players, players + 1)),
                 "tally_hands_split")


def tally_hands_hilo(hi: np.ndarray, lo: np.ndarray, pot: int, ids: np.ndarray, out: np.ndarray) -> None:
    """``tally_hands`` for one-board hi/lo games."""
    *strengths, n, boards, players = _strengths(hi, lo)
    check_status(lib.pyeval_sim_tally_hands_hilo(*strengths, n, boards, players, _pot(pot),
                                           *_tally(ids, out, n, players, H_COLUMNS)), "tally_hands_hilo")


def tally_hands(hi: np.ndarray, lo: np.ndarray, has_low: bool, pot: int, ids: np.ndarray, out: np.ndarray) -> None:
    """Starting-hand tally: out[class, column] for each player's hole cards (the H_* columns: times
    dealt, pot units won, their squares, scoops, partial pots, units won in high halves)."""
    *strengths, n, boards, players = _strengths(hi, lo)
    check_status(lib.pyeval_sim_tally_hands(*strengths, bool(has_low), n, boards, players, _pot(pot),
                                      *_tally(ids, out, n, players, H_COLUMNS)), "tally_hands")


def _counts(a: np.ndarray, b: np.ndarray, name: str):
    if _shape(a, 1, name) != _shape(b, 1, name):
        raise ValueError(f"{name}: both counters must have one size")
    return pointer(a, np.int64, name, True), pointer(b, np.int64, name, True), a.size


def tally_categories(hi: np.ndarray, lo: np.ndarray, has_low: bool, hi_cat: np.ndarray, lo_cat: np.ndarray,
                     hi_all: np.ndarray, hi_win: np.ndarray, lo_all: np.ndarray, lo_win: np.ndarray) -> None:
    """Made-hand categories of every player's hand (``*_all``) and of the winning hand (``*_win``),
    per board; ``hi_cat``/``lo_cat`` map a strength to its category."""
    *strengths, n, boards, players = _strengths(hi, lo)
    _shape(hi_cat, 1, "hi_cat"), _shape(lo_cat, 1, "lo_cat")
    check_status(lib.pyeval_sim_tally_categories(*strengths, bool(has_low), n, boards, players,
                                           pointer(hi_cat, np.int64, "hi_cat"), hi_cat.size,
                                           pointer(lo_cat, np.int64, "lo_cat"), lo_cat.size,
                                           *_counts(hi_all, hi_win, "hi counts"),
                                           *_counts(lo_all, lo_win, "lo counts")),
           "tally_categories")


def tally_hilo(rows: np.ndarray, hi: np.ndarray, lo: np.ndarray, pot: int, hole: int, board_n: int,
               out: np.ndarray) -> None:
    """The hi/lo counters (the L_* names) of the deals of rows (n, boards * players, k)."""
    *strengths, n, boards, players = _strengths(hi, lo)
    m, n_rows, k = _shape(rows, 3, "rows")
    if m != n or n_rows < boards * players or not (0 <= hole and 0 <= board_n and hole + board_n <= k):
        raise ValueError(f"rows must be ({n}, >= {boards * players}, >= hole + board_n)")
    if _shape(out, 1, "out")[0] < L_COLUMNS:
        raise ValueError(f"out must hold {L_COLUMNS} counters")
    check_status(lib.pyeval_sim_tally_hilo(pointer(rows, np.uint8, "rows"), n_rows, k, *strengths, n, boards, players,
                                     _pot(pot), hole, board_n, pointer(out, np.int64, "out", True), out.size),
           "tally_hilo")


def hole_class_keys(combos: np.ndarray, hole: int, keys: np.ndarray) -> None:
    """Canonical key of each hole-card combination (the first ``hole`` cards of the rows of
    ``combos``): the four per-suit rank masks sorted in decreasing order, packed 13 bits each."""
    n, width = _shape(combos, 2, "combos")
    if keys.shape != (n,) or not 0 <= hole <= width:
        raise ValueError(f"keys must be ({n},) and hole 0 .. {width}")
    check_status(lib.pyeval_sim_hole_class_keys(pointer(combos, np.uint8, "combos"), n, width, hole,
                                          pointer(keys, np.int64, "keys", True)), "hole_class_keys")
