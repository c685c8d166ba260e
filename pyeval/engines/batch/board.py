"""The C board batch's constants (csrc/board_batch.c), and ``pyeval.equity``'s small queries:
a batch of one row, without layout or thread pool (pyeval.batch runs the batch of many rows)."""

from __future__ import annotations

import functools
import math

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core.cards import format_codes, is_unknown_hand, parse_card_text
from pyeval.core.games import Game, get_game
from pyeval.engines import engine
from pyeval.results.equity_result import make_result

UNKNOWN = 255  # csrc/board_batch.c's UNKNOWN_CARD




C_TALLY_PATTERNS = 1024
"""Batches of at most this many outcome patterns per row are tallied in C (a small matrix
product per row); larger ones return histograms, tallied by numpy."""


SMALL_QUERY_EVALUATIONS = 1 << 20
"""``pyeval.equity`` answers exact board-game queries up to this many hand evaluations (a flop
spot, or a turn or river spot against a random hand) as one C call on one thread."""


@functools.lru_cache(maxsize=256)
def _small_plan(name: str, players: int, known_board: int, dead_n: int, drawn: int):
    """What a small query of this shape needs (cached: scripts repeat the same shapes), or None."""
    g = get_game(name)
    kinds = g.board_kinds
    parts = engine.parts_of(g, 1)
    if kinds is None or g.boards != 1 or 1 << (players * len(parts)) > C_TALLY_PATTERNS or players > g.max_players:
        return None
    outcomes, left = 1, g.deck_size - (players - drawn) * g.hole - known_board - dead_n
    for k in [g.board - known_board] + [g.hole] * drawn:
        outcomes *= math.comb(left, k) if left >= k else 0
        left -= k
    if outcomes == 0 or outcomes * players * len(parts) > SMALL_QUERY_EVALUATIONS:
        return None
    table = engine.new_pattern_table(players, tuple((p[2], p[3]) for p in parts))
    return kinds, parts, table


def small_query(g: Game, hands, board, dead):
    """The exact answer of a small board-game query with text cards, or None when the query is
    not small or not plain (then ``pyeval.equity``'s general path answers it, and words any error)."""
    board, dead = "" if board is None else board, "" if dead is None else dead  # None: no cards, as ""
    if not isinstance(hands, (list, tuple)) or not isinstance(board, str) or not isinstance(dead, str):
        return None
    if not all(isinstance(h, str) for h in hands) or len(board) > 64 or len(dead) > 64:
        return None
    parsed = [_small_hand(h) for h in hands]
    known, dead_codes = _small_cards(board), _small_cards(dead)
    if None in parsed or known is None or dead_codes is None or len(known) > g.board or len(hands) < 2:
        return None  # bad or partial cards: the general path words the error or deals the rest
    codes = [c for c, _ in parsed]
    if any(c is not None and len(c) != g.hole for c in codes):
        return None
    drawn = codes.count(None)
    plan = _small_plan(g.name, len(hands), len(known), len(dead_codes), drawn)
    if plan is None:
        return None
    kinds, parts, table = plan
    unknown = (UNKNOWN,) * g.hole
    holes = bytes(sum((c if c is not None else unknown for c in codes), ()))
    matrix = table.tally_matrix
    scratch, row_tally = np.empty(table.size, np.int64), np.empty(matrix.shape[1], np.int64)  # per call: threads
    status = lib.pyeval_board_batch_exact(holes, len(hands), g.hole, bytes(known), 1, len(known), bytes(dead_codes),
                                          len(dead_codes), g.board, g.lowest_card, kinds[0], kinds[1], 1,
                                          ffi.from_buffer("int64_t[]", scratch), table.size,
                                          ffi.from_buffer("int64_t[]", matrix), matrix.shape[1],
                                          ffi.from_buffer("int64_t[]", row_tally))
    if status != -1:
        return None  # a repeated card, a card not in the deck, ...: the general path says which
    return make_result(g, parts, 1, [c if c is not None else () for c in codes], table.tally_of(row_tally), hands,
                       [known], dead_codes, "exact", None, texts=[t for _, t in parsed])


@functools.lru_cache(maxsize=4096)
def _small_hand(text: str):
    """(codes or None for an unknown hand, the result's text) of a hand text, or None if it is not
    plain cards; cached, as scripts repeat their hands."""
    if len(text) > 64:
        return None
    if is_unknown_hand(text):
        return None, "random"
    codes = _small_cards(text)
    return None if codes is None else (codes, format_codes(codes))


def _small_cards(text: str):
    """The codes of plain card text (cards.parse_card_text caches them), or None."""
    try:
        return parse_card_text(text)
    except ValueError:
        return None
