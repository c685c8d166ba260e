"""Canonical hold'em states: every (hole, board) up to suit isomorphism, numbered densely.

Two hole cards and the board so far (0, 3, 4 or 5 cards) are one state; states that differ only
by a permutation of the suits, the order of the hole cards or the order of the board cards share
one index in ``range(STATES[street])`` (Waugh 2013, rounds [hole] then [board as one set]).  The
C core (csrc/strength_index.c) numbers millions of states a call; this module checks every input
first, since the C layer trusts nothing it was not given checked.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core.cards import format_cards, parse_cards, reject_bytes
from pyeval.core.games import Game, get_game

__all__ = ["RANKED_GAMES", "SHORT_DECK_STATES", "STATES", "STREETS", "cards", "count", "deck_states", "index",
           "ranked_game", "ranking_kind", "street_of"]

STREETS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
"""Board cards per street."""

STATES = {"preflop": 169, "flop": 1_286_792, "turn": 13_960_050, "river": 123_156_254}
"""Canonical states per street, 52-card deck (tests/test_strength_states.py counts them)."""

SHORT_DECK_STATES = {"preflop": 81, "flop": 186_696, "turn": 1_340_856, "river": 7_723_728}
"""The same for the 36-card short deck (sixes to aces)."""

RANKED_GAMES = ("holdem", "shortdeck", "shortdeck-straight")
"""The games whose states have features: two hole cards, one five-card board, high hands."""


def deck_lowest_rank(game: Any) -> int:
    """The lowest rank of a two-hole-card, five-board game's deck (0 standard, 4 short deck)."""
    g = get_game(game)
    if g.hole != 2 or g.board != 5 or g.boards != 1:
        raise ValueError(f"hand strength is defined for two hole cards and one five-card board, not {g.name}")
    return g.lowest_card // 4


def ranked_game(game: Any) -> Game:
    """``game`` checked as one whose states have features: two hole cards, one five-card board and
    high hands ("holdem", or a short deck: "shortdeck", "shortdeck-straight")."""
    g = get_game(game)
    deck_lowest_rank(g)
    if g.low is not None or g.board_kinds is None:
        raise ValueError(f"hand strength: a game of high hands ({', '.join(RANKED_GAMES)}), not {g.name}")
    return g


def ranking_kind(g: Game) -> int:
    """The core's evaluator kind that ranks a ranked game's hands (csrc/pyeval.h: high, or one of
    the two short-deck rankings)."""
    if g.board_kinds is None:
        raise ValueError(f"hand strength: {g.name} has no board ranking")
    return g.board_kinds[0]


def street_of(street: str) -> int:
    """Board cards of a street name (ValueError naming the streets otherwise)."""
    if not isinstance(street, str) or street not in STREETS:
        raise ValueError(f"unknown street {street!r}: one of {', '.join(STREETS)}")
    return STREETS[street]


def count(street: str, *, game: Any = "holdem") -> int:
    """Canonical states of ``street`` in ``game``'s deck ("holdem" or "shortdeck")."""
    return int(lib.pyeval_strength_count(street_of(street), deck_lowest_rank(game)))


def deck_states(game: Any = "holdem") -> dict[str, int]:
    """Canonical states per street of ``game``'s deck: ``STATES`` for the 52 cards,
    ``SHORT_DECK_STATES`` for the 36 (tests/test_strength_states.py enumerates them).

    >>> deck_states("shortdeck")["river"]
    7723728
    """
    lowest = deck_lowest_rank(game)
    return {street: int(lib.pyeval_strength_count(b, lowest)) for street, b in STREETS.items()}


def _rows(cards_in: Any, width: int | None, what: str) -> tuple[np.ndarray, bool]:
    """Cards as a 2-D uint8 array of rows and whether one state was given (not a batch)."""
    reject_bytes(cards_in, what)
    if cards_in is None:
        cards_in = ""
    if isinstance(cards_in, str):
        return parse_cards(cards_in, allow_duplicates=True)[None, :], True
    arr = np.asarray(cards_in) if not isinstance(cards_in, np.ndarray) else cards_in
    if arr.dtype.kind in "iu":
        if arr.ndim not in (1, 2):
            raise ValueError(f"{what}: expected one state's cards or a 2-D array (states x cards), got {arr.ndim}-D")
        if arr.size and (int(arr.min()) < 0 or int(arr.max()) > 51):
            bad = arr[(arr < 0) | (arr > 51)].reshape(-1)[0]
            raise ValueError(f"{what}: bad card code {int(bad)}: codes are 0..51")
        codes = arr.astype(np.uint8)
        return (codes[None, :], True) if arr.ndim == 1 else (codes, False)
    if arr.dtype.kind in "OU" and arr.ndim == 1 and all(isinstance(x, str) for x in arr.tolist()):
        parsed = [parse_cards(x, allow_duplicates=True) for x in arr.tolist()]
        sizes = {len(p) for p in parsed}
        if len(sizes) > 1:
            raise ValueError(f"{what}: every state needs the same number of cards, got {sorted(sizes)}")
        return (np.stack(parsed) if parsed else np.zeros((0, width or 0), np.uint8)), False
    if arr.dtype.kind == "O" and arr.ndim == 1 and len(arr) == 0:
        return np.zeros((0, width or 0), np.uint8), False
    raise TypeError(f"{what}: expected card text, codes, a list of texts or a 2-D integer array, "
                    f"got {type(cards_in).__name__}")


def states_array(hole: Any, board: Any, *, lowest_rank: int) -> tuple[np.ndarray, bool]:
    """Hole and board as one checked (n, 2 + board cards) uint8 array, and whether one state was given.

    Raises ValueError for a wrong card count or a card outside the deck; a card twice in a state is
    found by the core's own check (``run_core`` words it)."""
    h, one_h = _rows(hole, 2, "hole")
    b, one_b = _rows(board, None, "board")
    if h.shape[1] != 2:
        raise ValueError(f"hole: two cards per state, got {h.shape[1]}")
    if b.shape[1] not in (0, 3, 4, 5):
        raise ValueError(f"board: 0, 3, 4 or 5 cards per state, got {b.shape[1]}")
    if one_h and not one_b:
        h = np.repeat(h, len(b), axis=0)
    elif one_b and not one_h:
        b = np.repeat(b, len(h), axis=0)
    if len(h) != len(b):
        raise ValueError(f"{len(h)} hole rows but {len(b)} board rows")
    rows = np.ascontiguousarray(np.concatenate([h, b], axis=1), dtype=np.uint8)
    low = rows < 4 * lowest_rank
    if low.any():
        r = int(np.argmax(low.any(axis=1)))
        raise ValueError(f"state {r}: card code {int(rows[r][low[r]][0])} is not in the deck (lowest code "
                         f"{4 * lowest_rank})")
    return rows, one_h and one_b


def refused(status: int, rows: np.ndarray) -> None:
    """A core call's status as a ValueError naming the state: the core checks every row's cards
    (the duplicates are found there, in one pass, rather than by a sort here)."""
    if status == -1:
        return
    if status < 0:
        raise ValueError("bad street or deck for the core")
    raise ValueError(f"state {status}: a card twice or outside the deck ({format_cards(rows[status])})")


def index(hole: Any, board: Any = None, *, game: Any = "holdem") -> Any:
    """The canonical index of each state (an int for one state, an int64 array for many).

    ``hole``: text ("As Kd"), two codes, a list of texts or an (n, 2) code array; ``board``
    likewise (None or "" preflop); one side may be a single state shared by every row.

    >>> index("As Ah") == index("Ad Ac"), index("As Kd", "2c 7h 9h") == index("Kc Ah", "9s 2d 7s")
    (True, True)
    """
    lowest = deck_lowest_rank(game)
    rows, one = states_array(hole, board, lowest_rank=lowest)
    out = np.empty(len(rows), dtype=np.int64)
    status = lib.pyeval_strength_index(ffi.from_buffer("uint8_t[]", rows), len(rows), rows.shape[1] - 2, lowest,
                                       ffi.from_buffer("int64_t[]", out))
    refused(status, rows)
    return int(out[0]) if one else out


def cards(street: str, i: Any, *, game: Any = "holdem") -> tuple[np.ndarray, np.ndarray]:
    """A representative (hole, board) of canonical index ``i`` (or of each index of an array):
    uint8 code arrays, (2,) and (b,) for one index, (n, 2) and (n, b) for many; the board in
    increasing code order.  ``index(*cards(street, i)) == i``."""
    b = street_of(street)
    lowest = deck_lowest_rank(game)
    total = int(lib.pyeval_strength_count(b, lowest))
    if isinstance(i, (bool, np.bool_)):
        raise TypeError("index: an integer or an integer array, not a boolean")
    arr = np.asarray(i)
    if arr.dtype.kind not in "iu" or arr.ndim > 1:
        raise TypeError(f"index: an integer or a 1-D integer array, got {arr.dtype} of {arr.ndim} dimensions")
    flat = np.ascontiguousarray(arr.reshape(-1), dtype=np.int64)
    if len(flat) and (int(flat.min()) < 0 or (arr.dtype.kind == "u" and int(arr.max()) >= total)
                      or int(flat.max()) >= total):
        raise ValueError(f"index out of range for the {street}: 0 <= i < {total:,}")
    out = np.empty((len(flat), 2 + b), dtype=np.uint8)
    status = lib.pyeval_strength_cards(ffi.from_buffer("int64_t[]", flat), len(flat), b, lowest,
                                       ffi.from_buffer("uint8_t[]", out))
    if status != -1:
        raise ValueError(f"index {int(flat[status])} refused by the core")
    if arr.ndim == 0:
        return out[0, :2], out[0, 2:]
    return out[:, :2], out[:, 2:]
