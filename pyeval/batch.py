"""``pyeval.equity_batch``: many independent spots of one game in one call.

Rows of a board game (hold'em, short deck, Omaha 4/5/6, Courchevel, Irish and Aviation after
the keep, hi and hi/lo, double board) are checked, laid out and counted in C
(csrc/board_batch.c) over chunks of rows, the GIL released and the chunks spread over threads:
no Python runs per row.  Each row is counted by the engines ``pyeval.equity`` uses, so

* an exact row has the integer counts of ``pyeval.equity(game, row hands, row board, row dead,
  method="exact")``;
* a Monte Carlo row ``i`` of a batch with seed ``s`` is the query
  ``pyeval.equity(..., method="monte-carlo", samples=samples, seed=row_seed(s, i))``.

Rows of the stud and draw games are checked and counted in C too (csrc/stud_batch.c, through
pyeval/engines/batch/stud.py), the shortage rule's common card included.  Rows the C batches do not
take are answered one by one by the strategy registry (``pyeval.engines.strategies.answer``, as
``pyeval.equity`` answers them), with the same per-row seed.  The registry's prices decide, once per
row shape: board rows whose row count is priced above ``ROW_EXACT_MAX`` evaluations
(``strategies.batch_row_counted``: there ``equity``'s strategies and threads pay), and exact stud
and draw rows whose C count is priced above the single query's strategy
(``strategies.stud_batch_route``: heads-up 3rd street and hi/lo before 6th street, where the
two-hand count pays) or beyond ``pyeval.query.limits.STUD_ROW_WORK_MAX`` (exact multiway early
streets).

>>> r = equity_batch("holdem", [["AhAs", "KdKc"], ["AhKh", "QsQd"]], board=["2c7d9h", "2h7h9c"])
>>> r.equity.round(4).tolist()
[[0.9162, 0.0838], [0.5414, 0.4586]]
>>> r.outcomes.tolist(), r.exact.tolist()
([990, 990], [True, True])
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

from pyeval.core import _progress
from pyeval.core._native import ffi, lib
from pyeval.core._results import Result, require, same
from pyeval.core._threads import default_threads
from pyeval.core.cards import check_not_blank, format_cards, format_codes, is_unknown_hand, parse_card_text, parse_cards
from pyeval.core.checks import is_integer
from pyeval.core.games import Game, get_game
from pyeval.engines import engine, strategies
from pyeval.engines.batch import rows as batch_rows
from pyeval.engines.batch import stud as stud_batch
from pyeval.engines.batch.board import UNKNOWN
from pyeval.engines.batch.rows import RowRefused as _RowRefused
from pyeval.engines.batch.rows import jobs as _jobs
from pyeval.query.limits import DEFAULT_SAMPLES, ROW_EXACT_MAX
from pyeval.query.parse import check_query, resolve_method
from pyeval.query.spot import Spot
from pyeval.results.equity_result import part_shares
from pyeval.results.tally import POT, standard_errors_rows

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pandas as pd

    from pyeval.core._types import GameName

HandRows: TypeAlias = "np.ndarray | Sequence[Sequence[str | None]]"
"""n spots' hands: codes (n, players, hole), -1 for an unknown card, or n lists of hand texts."""
BoardRows: TypeAlias = "np.ndarray | Sequence[str | Sequence[str]] | None"
"""n spots' boards: codes (n, k) or (n, boards, k), or n board texts (a pair of texts for two boards)."""
DeadRows: TypeAlias = "np.ndarray | Sequence[str | None] | None"
"""n spots' dead cards: codes (n, d), -1 padding, or n card texts."""

__all__ = ["equity_batch", "BatchEquityResult", "row_seed", "row_seeds", "ROW_EXACT_MAX"]

_REASONS = {1: "a card code out of range 0..51", 2: "a card twice", 3: "a hand with some cards unknown (a hand is "
            "all known cards or all -1 / 'random' in a batch)", 4: "a card not in the game's deck",
            5: "more cards to deal than the deck holds", 6: "the deck runs short (the last card would be one "
            "common card) but a player already holds his last card"}


def row_seed(seed: int, i: int) -> int:
    """The seed of Monte Carlo row ``i`` of a batch run with ``seed``: that row alone is
    ``pyeval.equity(..., method="monte-carlo", samples=samples, seed=row_seed(seed, i))``."""
    return int(row_seeds(seed, 1, first=i)[0])


def row_seeds(seed: int, n: int, first: int = 0) -> np.ndarray:
    """Seeds of rows first .. first + n - 1 (uint64): the first word of
    ``engine.chunk_seed(seed, i)``, shifted right by one (a 63-bit integer)."""
    out = np.empty(n, np.uint64)
    if seed < 1 << 64 and first + n <= 1 << 62:
        lib.pyeval_row_seeds(seed, first, n, ffi.from_buffer("uint64_t[]", out))
    else:
        for i in range(n):
            out[i] = engine.chunk_seed(seed, first + i)[0] >> np.uint64(1)
    return out


@dataclass(eq=False)
class BatchEquityResult(Result):
    """Answers to n spots: per-row arrays, rows first.

    equity, win, tie           (n, players) floats, as in ``EquityResult``
    stderr                     (n, players) standard errors of the Monte Carlo rows (NaN on exact rows);
                               None when every row is exact
    units, wins, ties          (n, players) exact integer counts; equity = units / (pot_units * outcomes)
    sumsq                      (n, players) sums of squared pot units over the outcomes: the variance
                               of a player's share of the pot is sumsq / (pot_units**2 outcomes) - equity**2
    outcomes                   (n,) outcomes enumerated (exact rows) or deals sampled (Monte Carlo rows)
    exact                      (n,) True where the row was enumerated exactly
    hi, lo, scoop, no_low      hi/lo games: (n, players) half-pot shares and scoops, (n,) no-low share
    boards                     multi-board games: (n, boards, players) shares of each board's pot
    cards, board_cards         the spots: (n, players, hole) and (n, boards, k) card codes (UNKNOWN: a
                               random card); ``rows()`` and ``to_frame()`` show them as text
    seed                       the batch seed (Monte Carlo rows); row i used ``row_seed(seed, i)``
    """

    game: str
    players: int
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    stderr: np.ndarray | None
    units: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    outcomes: np.ndarray
    exact: np.ndarray
    pot_units: int = POT
    seed: int | None = None
    hi: np.ndarray | None = None
    lo: np.ndarray | None = None
    scoop: np.ndarray | None = None
    no_low: np.ndarray | None = None
    boards: np.ndarray | None = None
    sumsq: np.ndarray | None = None
    cards: np.ndarray | None = field(default=None, repr=False)
    board_cards: np.ndarray | None = field(default=None, repr=False)
    _arrays: tuple = field(default=("equity", "win", "tie", "stderr", "units", "wins", "ties", "outcomes", "exact",
                                    "hi", "lo", "scoop", "no_low", "boards", "sumsq"), repr=False)

    def __len__(self) -> int:
        return len(self.outcomes)

    @property
    def method(self) -> str:
        """"exact", "monte-carlo", or "mixed" (some rows of each)."""
        if self.exact.all():
            return "exact"
        return "monte-carlo" if not self.exact.any() else "mixed"

    def to_dict(self) -> dict:
        d = {"game": self.game, "players": self.players, "rows": len(self), "method": self.method,
             "seed": self.seed, "pot_units": self.pot_units}
        for name in self._arrays:
            v = getattr(self, name)
            if v is not None or name == "stderr":  # stderr: null when every row is exact
                d[name] = None if v is None else v.tolist()
        return d

    def _columns(self) -> dict[str, np.ndarray]:
        """One entry per spot and player, column by column."""
        n, p = self.equity.shape
        cols = {"row": np.repeat(np.arange(n), p), "player": np.tile(np.arange(p), n)}
        if self.cards is not None:
            cols["hand"] = np.array([text for row in self.cards for text in _row_text(row)], object)
        if self.board_cards is not None:
            cols["board"] = np.repeat(np.array([_board_text(b) for b in self.board_cards], object), p)
        for name in ("equity", "win", "tie", "stderr", "hi", "lo", "scoop"):
            v = getattr(self, name)
            if v is not None:
                cols[name] = v.ravel()
            elif name == "stderr":  # every row exact: no standard error (NaN, a float column)
                cols[name] = np.full(n * p, np.nan)
        cols["exact"] = np.repeat(self.exact, p)
        cols["outcomes"] = np.repeat(self.outcomes, p)
        return cols

    def rows(self) -> list[dict]:
        """One row per spot and player (row, player, equity, win, tie, stderr, ..., exact, outcomes)."""
        cols = self._columns()
        names = list(cols)
        out = [dict(zip(names, values)) for values in zip(*(c.tolist() for c in cols.values()))]
        for row in out:  # an exact row has no standard error: null, as in to_dict
            if row["stderr"] != row["stderr"]:
                row["stderr"] = None
        return out

    def to_frame(self) -> pd.DataFrame:
        """One row per spot and player (pandas, optional), built column by column."""
        pd = require("pandas", "frame")
        return pd.DataFrame(self._columns())

    def __eq__(self, other) -> bool:
        if not isinstance(other, BatchEquityResult):
            return NotImplemented
        if (self.game, self.players, self.seed) != (other.game, other.players, other.seed):
            return False
        return all(same(getattr(self, name), getattr(other, name))  # NaN == NaN
                   for name in (*self._arrays, "cards", "board_cards"))

    def __repr__(self) -> str:
        n = len(self)
        exact = int(self.exact.sum())
        how = f"{exact:,} exact" + (f", {n - exact:,} Monte Carlo (seed {self.seed})" if exact < n else "")
        lines = [f"BatchEquityResult({self.game}, {n:,} rows x {self.players} players: {how})"]
        if n:
            mean = self.equity.mean(axis=0)
            lines.append("mean equity per seat: " + "  ".join(f"{100 * m:.3f}%" for m in mean))
            show = list(range(min(n, 3))) + ([n - 1] if n > 3 else [])
            for i in show:
                if i == n - 1 and n > 4:
                    lines.append("  ...")
                cells = "  ".join(f"{100 * e:8.3f}%" for e in self.equity[i])
                lines.append(f"  row {i:>{len(str(n - 1))}}: {cells}   ({int(self.outcomes[i]):,} "
                             f"{'outcomes' if self.exact[i] else 'samples'})")
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# input rows
# ---------------------------------------------------------------------------

def _text_row(row, what: str, i: int) -> list[int]:
    if row is None:
        return []
    if isinstance(row, (list, tuple, np.ndarray)) and all(is_integer(c) for c in row):  # codes, as hands take
        if any(not 0 <= int(c) <= 51 for c in row):
            raise ValueError(f"row {i}: {what} holds a code outside 0..51: {list(map(int, row))}")
        return [int(c) for c in row]
    if not isinstance(row, str):
        raise TypeError(f"row {i}: {what} must be card text such as 'AhKd2c', got {type(row).__name__}")
    try:
        return list(parse_card_text(row)) if len(row) <= 64 else parse_cards(row).tolist()
    except ValueError as e:
        raise ValueError(f"row {i}: {e}") from None


def _int_array(x, what: str, ndim: int, allow_unknown: bool) -> np.ndarray:
    arr = np.asarray(x)
    if arr.dtype.kind == "b" or arr.dtype.kind not in "iu":
        raise TypeError(f"{what} must be integer card codes (0..51{', -1 = unknown' if allow_unknown else ''}), "
                        f"got dtype {arr.dtype}")
    if arr.ndim != ndim:
        raise ValueError(f"{what} must have {ndim} dimensions, got shape {arr.shape}")
    low = -1 if allow_unknown else 0
    # Our own contiguous copy, checked after it is made: the caller's array may change while we run
    # (a code checked as 52 then rewritten to 256 + k would wrap to card k in the uint8 copy).
    arr = np.array(arr, order="C", copy=True)
    if arr.size and (arr.min() < low or arr.max() > 51):
        bad = (arr < low) | (arr > 51)
        i = int(np.argwhere(bad)[0][0])
        raise ValueError(f"row {i}: {what} holds code {int(arr[bad][0])}, outside 0..51"
                         + (" (-1 = unknown)" if allow_unknown else "") + f": {arr[i].tolist()}")
    return arr.astype(np.uint8)  # a copy (the caller cannot change it during the call); -1 becomes UNKNOWN


def _check_row_type(row, i: int) -> None:
    """TypeError for a row that is no list of hands in seat order (a set or dict has no order)."""
    if not isinstance(row, (list, tuple, np.ndarray)):
        raise TypeError(f"row {i}: a row is a list of hands in seat order, got {type(row).__name__}")


def _hands_rows(g: Game, hands) -> np.ndarray:
    """(n, players, hole) uint8 codes, UNKNOWN for unknown cards."""
    if isinstance(hands, (str, bytes, set, frozenset, dict)) or not hasattr(hands, "__len__") \
            or not hasattr(hands, "__getitem__"):
        raise TypeError("hands must be an (n, players, hole) array of card codes or a sequence of n lists of hands "
                        f"(rows in order), got {type(hands).__name__}")
    if len(hands) and not isinstance(hands, np.ndarray):
        _check_row_type(hands[0], 0)
    is_text = not isinstance(hands, np.ndarray) and len(hands) > 0 and not isinstance(hands[0], np.ndarray) \
        and any(isinstance(h, str) or h is None for h in hands[0])
    if not is_text:
        shape = np.shape(hands)
        if len(hands):
            arr = _int_array(hands, "hands", 3, True)
        else:  # an empty batch: its shape is still checked (a hold'em batch of 7-card hands is a mistake)
            arr = np.zeros((0, shape[1], shape[2]) if len(shape) == 3 else (0, 2, g.hole), np.uint8)
        if arr.shape[2] != g.hole:
            raise ValueError(f"{g.name} hands have {g.hole} cards in a batch, got {arr.shape[2]} per hand")
        return arr
    players = len(hands[0])
    out = np.full((len(hands), players, g.hole), UNKNOWN, np.uint8)
    for i, row in enumerate(hands):
        _check_row_type(row, i)
        row = list(row)  # a snapshot: the caller's list may change while we read it
        if len(row) != players:
            raise ValueError(f"row {i}: every row needs {players} hands (one list per row), got {row!r}")
        for p, h in enumerate(row):
            check_not_blank(h, f"row {i}: player {p + 1}'s hand")
            if is_unknown_hand(h):
                continue
            codes = _text_row(h, "a hand", i)
            if not g.board and len(codes) < g.hole:  # stud: the cards so far; draw: the cards kept
                codes = codes + [UNKNOWN] * (g.hole - len(codes))
            if len(codes) != g.hole:
                raise ValueError(f"row {i}: player {p + 1}'s hand {h!r} has {len(codes)} cards; {g.name} hands have "
                                 f"{g.hole} in a batch (or 'random')")
            out[i, p] = codes
    return out


def _board_rows(g: Game, board, n: int) -> np.ndarray:
    """(n, boards, k) uint8 codes, one k for the whole batch."""
    if board is None:
        return np.zeros((n, g.boards, 0), np.uint8)
    if isinstance(board, (str, bytes)) or not hasattr(board, "__len__"):
        raise TypeError("board must be an (n, k) array of codes, (n, boards, k) for multi-board games, or a "
                        "sequence of n board texts")
    if len(board) != n:
        raise ValueError(f"board has {len(board)} rows for {n} rows of hands")
    if n and (isinstance(board, np.ndarray) and board.dtype.kind in "iub" or not isinstance(board[0], (str, list,
                                                                                                        tuple))):
        arr = _int_array(board, "board", 3 if g.boards > 1 else 2, False)
        arr = arr.reshape(n, g.boards, -1)
    else:
        rows = []
        for i, b in enumerate(board):
            parts = b.replace("|", "/").split("/") if isinstance(b, str) and g.boards > 1 else \
                ([b] if g.boards == 1 else list(b))
            if len(parts) != g.boards:
                raise ValueError(f"row {i}: {g.name} takes {g.boards} boards per row, got {b!r}")
            rows.append([_text_row(x, "the board", i) for x in parts])
        sizes = {len(x) for r in rows for x in r}
        if len(sizes) > 1:
            raise ValueError(f"every board of a batch has the same number of cards, got {sorted(sizes)}")
        arr = np.array(rows, np.uint8).reshape(n, g.boards, sizes.pop() if sizes else 0)
    if arr.shape[2] > g.board:
        raise ValueError(f"{g.name} boards have at most {g.board} cards, got {arr.shape[2]}")
    return np.ascontiguousarray(arr)


def _dead_rows(dead, n: int) -> np.ndarray:
    """(n, d) uint8 codes, UNKNOWN padding rows with fewer dead cards."""
    if dead is None:
        return np.zeros((n, 0), np.uint8)
    if isinstance(dead, (str, bytes)) or not hasattr(dead, "__len__"):
        raise TypeError("dead must be an (n, d) array of codes (-1 pads) or a sequence of n card texts")
    if len(dead) != n:
        raise ValueError(f"dead has {len(dead)} rows for {n} rows of hands")
    if n and (isinstance(dead, np.ndarray) or not isinstance(dead[0], str) and dead[0] is not None):
        out = np.ascontiguousarray(_int_array(dead, "dead", 2, True))
    else:
        rows = [_text_row(d, "dead", i) for i, d in enumerate(dead)]
        out = np.full((n, max((len(r) for r in rows), default=0)), UNKNOWN, np.uint8)
        for i, r in enumerate(rows):
            out[i, :len(r)] = r
    if out.shape[1] > 52:  # the C check takes at most a deck (it would blame the shape of the batch)
        raise ValueError(f"dead rows hold at most 52 cards (the deck), got {out.shape[1]} columns")
    return out


def _check_rows(g: Game, kinds, holes, boards, dead, stud=None) -> None:
    """ValueError naming the first bad row and its cards; nothing is computed for a bad batch.
    ``stud``: the C evaluators of a stud or draw game's rows (pyeval/engines/batch/stud.py)."""
    n, players, h = holes.shape
    reason = ffi.new("int32_t *")
    if stud is not None:
        bad, reason[0] = stud_batch.check(g, stud, holes, dead)
    else:
        bad = lib.pyeval_board_batch_check(ffi.from_buffer("uint8_t[]", holes), players, h,
                                           ffi.from_buffer("uint8_t[]", boards), g.boards, boards.shape[2],
                                           ffi.from_buffer("uint8_t[]", dead), dead.shape[1], g.board,
                                           g.lowest_card, kinds[0], kinds[1], n, reason)
    if bad == -2:
        most = min(g.max_players, engine.PATTERN_BITS // _parts(g))
        raise ValueError(f"{g.name}: a batch takes 2 to {most} players, got {players}"
                         + (f"; pyeval.equity answers {players} players one spot at a time" if players <= g.max_players
                            else f" (the game seats at most {g.max_players})"))
    if bad >= 0:
        raise ValueError(f"row {bad}: {_REASONS.get(reason[0], 'bad cards')} in hands {_row_text(holes[bad])}, "
                         f"board {_board_text(boards[bad])!r}, dead {_cards_text(dead[bad])!r}")


def _cards_text(row) -> str:
    return " ".join(format_cards([c]) if c < 52 else ("??" if c == UNKNOWN else f"<{c}>") for c in row.tolist())


def _row_text(hands) -> list[str]:
    """Hand texts of a row: the known cards (a stud hand's cards so far), or "random"."""
    return [_cards_text(h[h != UNKNOWN]) if (h != UNKNOWN).any() else "random" for h in hands]


def _board_text(boards) -> str:
    return " / ".join(_cards_text(b) for b in boards)


def _parts(g: Game) -> int:
    return g.boards * (2 if g.low else 1)


# ---------------------------------------------------------------------------
# the work
# ---------------------------------------------------------------------------

CHECKED_WHILE_COUNTED = 2048
"""Exact batches whose rows all take at most this many evaluations (turn and river spots) are
checked as they are counted, not in a pass before: a bad row then costs at most about as much
wasted work as the checking pass would have cost."""


def _light_rows(g: Game, holes, boards, dead) -> tuple[np.ndarray, bool]:
    """(n,) whether the C batch counts each row exactly (``strategies.batch_row_counted``: the row
    counter's price, once per row shape), and whether every row takes at most CHECKED_WHILE_COUNTED
    evaluations."""
    n, players, h = holes.shape
    missing = g.board - boards.shape[2]
    known_board = boards.shape[1] * boards.shape[2]
    if not (holes == UNKNOWN).any():  # no row can be heavier than one without dead cards
        left = g.deck_size - players * h - known_board
        if strategies.batch_row_counted(g, players, left, 0, missing):
            most = strategies.row_evaluations(g, players, left, 0, missing)
            return np.ones(n, bool), most <= CHECKED_WHILE_COUNTED
    drawn = (holes == UNKNOWN).all(axis=2).sum(axis=1)
    left = g.deck_size - (players - drawn) * h - known_board - (dead != UNKNOWN).sum(axis=1)
    keys, inverse = np.unique(left * 16 + drawn, return_inverse=True)
    light = [strategies.batch_row_counted(g, players, d, r, missing)
             for d, r in zip((keys // 16).tolist(), (keys % 16).tolist())]
    return np.array(light, bool)[inverse.ravel()], False


def _count_rows(g: Game, kinds, table: engine.PatternTable, holes, boards, dead, rows: np.ndarray, sampled: bool,
                seeds, samples: int, threads: int) -> dict:
    """The tallies (PatternTable.split_tallies) of the given board-game rows, in jobs of rows (or of
    one row's chunks) on threads (pyeval/engines/batch/rows.py)."""
    players, h = holes.shape[1:]

    def call(arrays, row_seeds, first_chunk, chunks, n, tail):
        hs, bs, ds = arrays
        args = (ffi.from_buffer("uint8_t[]", hs), players, h, ffi.from_buffer("uint8_t[]", bs), g.boards,
                boards.shape[2], ffi.from_buffer("uint8_t[]", ds), dead.shape[1], g.board, g.lowest_card, kinds[0],
                kinds[1])
        if sampled:
            return lib.pyeval_board_batch_sample(*args, ffi.from_buffer("uint64_t[]", row_seeds), samples,
                                                 engine.CHUNK, first_chunk, chunks, n, *tail)
        return lib.pyeval_board_batch_exact(*args, n, *tail)

    return batch_rows.count_rows(table, [holes, boards, dead], rows, seeds if sampled else None,
                                 _jobs(len(rows), table.size, sampled, samples), threads, call)


@_progress.reports_progress("{game} batch")
def equity_batch(game: GameName, hands: HandRows, board: BoardRows = None, dead: DeadRows = None, *,
                 method: str = "auto", samples: int | None = None, seed: int | None = None,
                 threads: int | None = None, folded: object = None, progress: Any = None) -> BatchEquityResult:
    """Equity of n independent spots of one game.

    hands    an integer array (n, players, hole) of card codes, -1 for an unknown card (a hand is
             all known or all -1: a random hand), or a sequence of n lists of hand texts
             (``"random"`` for an unknown hand)
    board    None, an array (n, k) of codes (multi-board games: (n, boards, k)), or n board
             texts (multi-board: ``"AhKd2c/7s7d9h"`` or a pair of texts); one k per batch
    dead     None, an array (n, d) (-1 pads rows with fewer dead cards), or n card texts
    method   "auto" (each row as ``pyeval.equity`` would pick), "exact" or "monte-carlo"
    samples  Monte Carlo deals per row (default ``pyeval.query.limits.DEFAULT_SAMPLES``); as in
             ``pyeval.equity``, ``samples`` without ``method`` means Monte Carlo
    seed     Monte Carlo seed: row i draws from ``row_seed(seed, i)``, whatever the thread count
    threads  worker threads (default: all cores)
    folded   not taken here (ValueError): folded players' ranges go through the range engine, one
             spot a query: ``pyeval.equity(..., folded=...)`` or ``pyeval.combo_equities``

    A bad row (a card out of range or twice, too few cards in the deck, a partly known hand)
    raises ValueError naming the first such row and its cards, and no result.  Rows are checked
    before any work, except in exact batches of turn and river spots (CHECKED_WHILE_COUNTED),
    where each row is checked as it is counted (a check pass would cost as much as the count).
    """
    if folded is not None:
        raise ValueError("equity_batch does not take folded= (its rows are known or random hands, counted in C); "
                         "use pyeval.equity(game, hands, board, folded=...) for each spot, or "
                         "pyeval.combo_equities(..., folded=...)")
    g = get_game(game)
    method = resolve_method(method, samples, None)  # samples= alone means Monte Carlo, as in pyeval.equity
    holes = _hands_rows(g, hands)
    n, players = holes.shape[:2]
    check_query(g, [None] * max(players, 2), method, samples, None, seed)  # an empty batch too
    threads = default_threads(threads)
    boards = _board_rows(g, board, n)
    dead_rows = _dead_rows(dead, n)
    kinds = g.board_kinds
    stud = g.stud_kinds if kinds is None else None
    n_samples = int(samples) if samples is not None else DEFAULT_SAMPLES
    mc = method in ("monte-carlo", "mc")
    used_seed = None if seed is None and not mc and method == "exact" else (
        int(seed) if seed is not None else secrets.randbits(63))
    parts = engine.parts_of(g, g.boards)
    table = engine.new_pattern_table(players, tuple((p[2], p[3]) for p in parts))
    none = np.zeros(0, np.int64)
    cheap = False
    if kinds is not None and mc:
        in_c, c_sampled, single = none, np.arange(n), none
    elif kinds is not None:
        light, cheap = _light_rows(g, holes, boards, dead_rows)
        in_c, c_sampled, single = np.flatnonzero(light), none, np.flatnonzero(~light)
    else:
        in_c, c_sampled, single = none, none, np.arange(n)
    if (kinds is not None or stud is not None) and not cheap:
        _check_rows(g, kinds, holes, boards, dead_rows, stud)  # before any work
    if stud is not None:  # stud and draw rows: pyeval/engines/batch/stud.py
        in_c, deals, c_sampled, single = stud_batch.plan(
            holes, dead_rows, method, lambda i: strategies.stud_batch_route(_row_spot(g, holes, boards, dead_rows, i,
                                                                                      method, samples, None, threads)))
    seeds = row_seeds(used_seed, n) if used_seed is not None and len(c_sampled) else None
    counted: list[tuple[np.ndarray, dict]] = []  # (rows, their tallies)
    if stud is not None:
        for rows, sampled in ((in_c, False), (c_sampled, True)):
            if len(rows):
                jobs = _jobs(len(rows), table.size, True, n_samples) if sampled else stud_batch.exact_jobs(deals)
                counted.append((rows, stud_batch.count(g, stud, table, holes, dead_rows, rows,
                                                       seeds if sampled else None, n_samples, jobs, threads)))
    else:
        for rows, sampled in ((in_c, False), (c_sampled, True)):
            if not len(rows):
                continue
            try:
                counted.append((rows, _count_rows(g, kinds, table, holes, boards, dead_rows, rows, sampled, seeds,
                                                  n_samples, threads)))
            except _RowRefused:  # cheap rows are checked as they are counted: name the first bad row
                _check_rows(g, kinds, holes, boards, dead_rows)
                raise RuntimeError("internal error: the batch engine refused a row the check accepts") from None
    single_sampled: list[int] = []
    if len(counted) == 1 and len(counted[0][0]) == n:
        tallies = counted[0][1]
    else:  # every row's tallies
        tallies = table.zero_tallies(n)
        for rows, part in counted:
            for k, v in part.items():
                tallies[k][rows] = v
    for i in single.tolist():  # heavy rows: each a spot of the strategy registry, as the single query, same seed
        r = strategies.answer(_row_spot(g, holes, boards, dead_rows, i, method, samples,
                                        None if used_seed is None else row_seed(used_seed, i), threads))
        tallies["outcomes"][i] = r.outcomes
        tallies["units"][i], tallies["wins"][i], tallies["ties"][i] = r.units, r.wins, r.ties
        for name, counts in r.extra["sample_counts"].items():
            tallies[name][i] = counts
        if r.method != "exact":
            single_sampled.append(i)
    outcomes = tallies["outcomes"]
    exact = np.ones(n, bool)
    exact[c_sampled] = False
    exact[single_sampled] = False
    denominator = np.maximum(outcomes, 1)[:, None]
    units = tallies["units"]
    stderr = None
    if not exact.all():
        stderr = np.full(units.shape, np.nan)
        stderr[~exact] = standard_errors_rows(outcomes[~exact], units[~exact], tallies["sumsq"][~exact])
    result = BatchEquityResult(
        game=g.name, players=players, equity=units / (POT * denominator), win=tallies["wins"] / denominator,
        tie=tallies["ties"] / denominator, stderr=stderr, units=units, wins=tallies["wins"], ties=tallies["ties"],
        outcomes=outcomes, exact=exact, seed=used_seed if not exact.all() else None, sumsq=tallies["sumsq"],
        cards=holes, board_cards=boards)
    shares = part_shares(parts, g.boards, bool(g.low), tallies["part_units"], tallies["no_qualifier"],
                         denominator[:, 0])
    if g.low:
        result.hi, result.lo, result.scoop, result.no_low = shares["hi"], shares["lo"], result.win, shares["no_low"]
    result.boards = shares.get("boards")
    return result


def _row_spot(g: Game, holes, boards, dead_rows, i: int, method: str, samples, seed, threads: int) -> Spot:
    """Row i as the single query's Spot (what ``read_spot`` reads from the row's text), made from its
    codes, which the batch's check has checked: the strategy registry prices and answers it."""
    hands = tuple(tuple(h[h != UNKNOWN].tolist()) for h in holes[i])
    return Spot(g, hands, tuple(format_codes(h) if h else "random" for h in hands),
                tuple(tuple(b) for b in boards[i].tolist()) if g.board else (),
                tuple(c for c in dead_rows[i].tolist() if c != UNKNOWN), method, samples, None, seed, threads)
