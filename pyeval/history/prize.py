"""Tournament hands in prize equity (``allin_ev(payouts=)``): each hand valued by the one ICM,
``pyeval.analysis.icm.prize_equity``, on the stacks of the hand's table.

actual = prize equity of the stacks after the hand - prize equity of the stacks before it.
EV (an all-in) = the expected prize equity over the all-in's outcomes - that of the stacks
before: every runout of the cards to come is shown down (``pyeval.sim.deal.showdown``, the
same rules as the chip EV's equities), each pot (``pyeval.core.pots.side_pots``, as the chip EV
cuts them) paid to its winners, and each distinct set of stacks it leaves weighted by how many
runouts leave it.  Exact when the runouts number at most ``PRIZE_RUNOUTS`` (a board dealt in
any order counts once), else ``PRIZE_SAMPLES`` runouts drawn from ``MONTE_CARLO_SEED`` (stud
all-ins before 6th street; the row says so).  Players not at the table are unknown: the ICM is
that of the table's players (a final table's).  With more paid places than players at the
table the places below them are taken as paid already: the table plays for places 1 to n.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from pyeval.analysis.icm import prize_equity
from pyeval.core.cards import parse_card_text
from pyeval.core.checks import is_number
from pyeval.core.games import get_game
from pyeval.core.pots import Pot
from pyeval.history.allin import MONTE_CARLO_SEED, PotRow, pot_share_kept
from pyeval.history.reader import HandRecord
from pyeval.results.tally import POT
from pyeval.sim.deal import showdown

__all__ = ["check_payouts", "payouts_of", "prize_values", "NotValued", "PRIZE_RUNOUTS", "PRIZE_SAMPLES"]

PRIZE_RUNOUTS = 2_000_000
"""The most runouts an all-in's prize EV enumerates (a preflop hold'em all-in: 1,712,304)."""
PRIZE_SAMPLES = 100_000
"""Runouts drawn when there are more (stud all-ins before 6th street)."""

Payouts = list[float] | dict[str, list[float]]


class NotValued(ValueError):
    """An all-in whose runouts this module does not deal (a game of two boards; a stud deal short
    of cards): its hand has no prize values, and its note says why."""


def check_payouts(payouts: Any) -> Payouts | None:
    """``payouts=``: the prizes of places 1, 2, ... (numbers, never increasing), or a dict of them
    by tournament id; TypeError or ValueError naming what is wrong."""
    if payouts is None:
        return None
    if isinstance(payouts, Mapping):
        if not payouts:
            raise ValueError("payouts must not be an empty dict (tournament id -> prizes of places 1, 2, ...)")
        return {str(k): _prizes(v, f"payouts[{k!r}]") for k, v in payouts.items()}
    return _prizes(payouts, "payouts")


def _prizes(values: Any, what: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise TypeError(f"{what} must be a list of prizes (1st place first), got {type(values).__name__}")
    if not values:
        raise ValueError(f"{what} must name at least one prize")
    for v in values:
        if not is_number(v):
            raise TypeError(f"{what} must be numbers, got {v!r}")
        if not math.isfinite(v) or v < 0:
            raise ValueError(f"{what} must be non-negative and finite, got {v!r}")
    if any(a < b for a, b in zip(values, values[1:])):
        raise ValueError(f"{what} must be in place order, 1st place first, and never increase: got {list(values)}")
    return list(values)


def payouts_of(record: HandRecord, payouts: Payouts) -> list[float] | None:
    """The prizes a tournament hand is played for (None: a cash hand, or a tournament the dict
    does not name): at most one place per player at the table, the places below paid already."""
    if record.tournament is None:
        return None
    prizes = payouts.get(str(record.tournament)) if isinstance(payouts, dict) else payouts
    return None if prizes is None else prizes[:len(record.players)]


def prize_values(record: HandRecord, pots: list[Pot] | None, prizes: list[float],
                 rows: list[PotRow] | None = None) -> dict[str, Any]:
    """A tournament hand's actual and EV in prize equity, per seat, and whether the EV is exact
    (``pots``: the all-in's pots, None when the hand is not an all-in: EV = actual; ``rows``: its
    pots' counted equity rows)."""
    start = [float(x) for x in record.starting]  # floats: the ICM in floats, not exact fractions (ms, not s)
    before = prize_equity(start, start, prizes)
    after = prize_equity([float(x) for x in record.finishing], start, prizes)
    actual = [a - b for a, b in zip(after, before)]
    if pots is None:
        return {"actual": actual, "ev": actual, "exact": True}
    weights, stacks, exact = stack_outcomes(record, pots, rows)
    expected = [0.0] * len(before)
    for w, final in zip(weights, stacks):
        for i, e in enumerate(prize_equity([float(x) for x in final], start, prizes)):
            expected[i] += w * e
    return {"actual": actual, "ev": [e - b for e, b in zip(expected, before)], "exact": exact}


def stack_outcomes(record: HandRecord, pots: list[Pot], rows: list[PotRow] | None = None
                   ) -> tuple[list[float], list[list[float]], bool]:
    """The distinct stacks an all-in can leave, each with its probability, and whether they
    are exact (every runout shown down) or sampled.  Two players in the one contested pot of a
    high-only game: from the pot's equity row (``heads_up_outcomes``), no runout dealt again."""
    assert record.put_in is not None and record.game is not None
    g = get_game(record.game)
    contested = [(k, pot) for k, pot in enumerate(pots) if len(pot.seats) > 1]
    kept = pot_share_kept(record, pots)
    base = [s - p for s, p in zip(record.starting, record.put_in)]
    for pot in pots:
        if len(pot.seats) == 1:  # a pot only one player reached goes back to him
            base[pot.seats[0]] += pot.amount * kept
    if not contested:
        return [1.0], [base], True
    heads_up = _heads_up(g, contested, rows or [])
    if heads_up is not None:
        pot, row = contested[0][1], heads_up
        weights, stacks = [], []
        for p, shares in heads_up_outcomes(row):
            final = list(base)
            for seat, share in zip(pot.seats, shares):
                final[seat] += pot.amount * kept * share
            weights.append(p)
            stacks.append(final)
        return weights, stacks, row.exact
    holes, board, exact = _runouts(record, g)
    units = np.concatenate([showdown(g.name, holes[:, list(pot.seats)], board).units for _, pot in contested], axis=1)
    keys, counts = _distinct_rows(units)
    weights, stacks = [], []
    for key, count in zip(keys, counts):
        final = list(base)
        at = 0
        for _, pot in contested:
            for seat in pot.seats:
                final[seat] += pot.amount * kept * int(key[at]) / POT
                at += 1
        weights.append(float(count) / float(counts.sum()))
        stacks.append(final)
    return weights, stacks, exact


def _heads_up(g: Any, contested: list[tuple[int, Pot]], rows: list[PotRow]) -> PotRow | None:
    """The equity row of a hand's one contested pot when two players share it in a game of one
    board and high hands only (each runout: one wins, or they split), else None."""
    if len(contested) != 1 or len(contested[0][1].seats) != 2 or g.low is not None or g.boards != 1:
        return None
    row = next((r for r in rows if r.pot == contested[0][0]), None)
    return row if row is not None and row.equity is not None and row.variance is not None else None


def heads_up_outcomes(row: PotRow) -> list[tuple[float, tuple[float, float]]]:
    """(probability, each player's share) of the three outcomes of a heads-up pot won whole or
    split: the row's mean share e and variance v give E[share^2] = v + e^2 = P(win) + P(split)/4
    and e = P(win) + P(split)/2, so P(split) = 4 (e - E[share^2]) (the integer tallies' units and
    sums of squares, as the chip EV reads them)."""
    assert row.equity is not None and row.variance is not None
    e = float(row.equity[0])
    second = float(row.variance[0]) + e * e
    split = min(max(4 * (e - second), 0.0), 1.0)
    win = min(max(e - split / 2, 0.0), 1.0)
    return [(win, (1.0, 0.0)), (max(1.0 - win - split, 0.0), (0.0, 1.0)), (split, (0.5, 0.5))]


def _distinct_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a 2-d array of pot units (0 to ``POT``) and how often each occurs
    (``np.unique(axis=0)`` sorts whole rows, seconds for a preflop all-in's runouts): up to four
    columns make one integer a row, base POT + 1; more are numbered column by column first."""
    base = POT + 1
    if rows.shape[1] > 4:  # four columns of units fit an int64; more: each column's few values numbered
        columns = [np.unique(c, return_inverse=True) for c in rows.T]
        sizes = [len(values) for values, _ in columns]
        code = np.zeros(len(rows), np.int64)
        for (_, inverse), size in zip(columns, sizes):
            code = code * size + inverse.reshape(-1)
        codes, counts = np.unique(code, return_counts=True)
        digits = []
        for (values, _), size in zip(reversed(columns), reversed(sizes)):
            codes, digit = np.divmod(codes, size)
            digits.append(values[digit])
        return np.stack(digits[::-1], axis=1), counts
    code = np.zeros(len(rows), np.int64)
    for column in rows.T:
        code = code * base + column
    codes, counts = np.unique(code, return_counts=True)
    digits = []
    for _ in range(rows.shape[1]):
        codes, digit = np.divmod(codes, base)
        digits.append(digit)
    return np.stack(digits[::-1], axis=1), counts


@lru_cache(maxsize=4)
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k of range(n), one a row (the last few kept: every preflop hold'em all-in draws 5 of 48)."""
    return np.array(list(itertools.combinations(range(n), k)), np.int8).reshape(math.comb(n, k), k)


def _runouts(record: HandRecord, g: Any) -> tuple[np.ndarray, np.ndarray | None, bool]:
    """Every way to deal the cards to come (or ``PRIZE_SAMPLES`` of them): each seat's hole
    cards (n, seats, hole) and the board (n, board) or None (stud)."""
    seats = len(record.players)
    if g.boards > 1:
        raise NotValued(f"{g.name} deals {g.boards} boards: its prize EV is not valued")
    holes = [list(parse_card_text(record.holes[i])) if record.contesting[i] else [] for i in range(seats)]
    board = list(parse_card_text(record.board))
    known = {c for h in holes for c in h} | set(board) | set(parse_card_text(record.dead))
    deck = np.array([c for c in range(g.lowest_card, 52) if c not in known], np.int16)
    missing = [g.hole - len(h) if record.contesting[i] else 0 for i, h in enumerate(holes)]
    board_missing = g.board - len(board) if g.board else 0
    drawn = board_missing + sum(missing)
    if drawn > len(deck):
        raise NotValued(f"the deck is short of the {drawn} cards to come (a stud deal's shared card): its prize "
                        "EV is not valued")
    if not missing or not any(missing):  # only the board to come: each set of cards once
        count = math.comb(len(deck), drawn)
        exact = count <= PRIZE_RUNOUTS
        picks = _combinations(len(deck), drawn) if exact else None
    else:  # each player's own cards to come: in order, who gets which
        count = math.perm(len(deck), drawn)
        exact = count <= PRIZE_RUNOUTS
        picks = (np.array(list(itertools.permutations(range(len(deck)), drawn)), np.int64).reshape(count, drawn)
                 if exact else None)
    if picks is None:
        rng = np.random.default_rng(MONTE_CARLO_SEED)
        picks = np.argsort(rng.random((PRIZE_SAMPLES, len(deck))), axis=1)[:, :drawn]
    dealt = deck[picks]
    n = len(dealt)
    hole_rows = np.zeros((n, seats, g.hole), np.int16)
    at = board_missing
    for i, h in enumerate(holes):
        if not record.contesting[i]:
            continue
        hole_rows[:, i, :len(h)] = h
        hole_rows[:, i, len(h):] = dealt[:, at:at + missing[i]]
        at += missing[i]
    if not g.board:
        return hole_rows, None, exact
    board_rows = np.empty((n, g.board), np.int16)
    board_rows[:, :len(board)] = board
    board_rows[:, len(board):] = dealt[:, :board_missing]
    return hole_rows, board_rows, exact
