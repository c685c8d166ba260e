"""All-in EV: the pots of each all-in hand, their equities through the batch engine, EV and luck.

Each pot with two or more players eligible is one row (those players' hands; the other contesting
hands dead), read once into a ``Spot`` (pyeval.query.spot) and priced once by the strategy
registry (pyeval.engines.strategies): rows the batch's row counter takes are grouped by (game,
players, board cards) and counted by ``pyeval.equity_batch`` in chunks, the rest (preflop spots,
stud and draw games) answered by the registry one by one.  A row too large to enumerate (beyond
``EXACT_LIMIT``) is sampled instead, and marked so.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyeval.batch import equity_batch
from pyeval.core.games import get_game
from pyeval.core.pots import Pot, side_pots
from pyeval.engines import strategies
from pyeval.history.reader import HandRecord, whole_hand
from pyeval.query.limits import DEFAULT_SAMPLES
from pyeval.query.spot import Spot, read_spot
from pyeval.results.equity_result import EquityResult
from pyeval.results.tally import POT

__all__ = ["PotRow", "pot_rows", "showdown_rows", "contradicted", "count_rows", "hand_values", "pot_share_kept",
           "ROWS_PER_CALL"]

ROWS_PER_CALL = 20_000
"""Rows per ``equity_batch`` call: the arrays of a chunk stay small, the C batch spreads them over
threads."""
MONTE_CARLO_SEED = 20240630
"""The seed of rows sampled because their exact count is refused: results are repeatable."""


@dataclass
class PotRow:
    """One equity query: a pot's eligible hands on the board at the all-in, the rest dead."""

    hand: int  # index of the hand in the run
    pot: int  # index of the pot in the hand
    game: str
    hands: list[str]
    board: str
    dead: str
    equity: np.ndarray | None = None
    variance: np.ndarray | None = None  # of each player's share of the pot over the runouts
    exact: bool = True


def pot_rows(records: list[HandRecord]) -> tuple[dict[int, list[Pot]], list[PotRow]]:
    """The pots of every all-in hand (by index in ``records``) and the rows to count."""
    pots: dict[int, list[Pot]] = {}
    rows: list[PotRow] = []
    for h, r in enumerate(records):
        if r.allin_street is None or r.put_in is None or r.game is None or r.skipped is not None:
            continue
        # antes are dead money: the main pot's (issue 36)
        pots[h] = side_pots(r.put_in, r.contesting, r.antes or None)
        rows.extend(_rows_of(h, r, pots[h], r.holes, r.board))
    return pots, rows


def showdown_rows(records: list[HandRecord], pots: dict[int, list[Pot]]) -> tuple[set[int], list[PotRow]]:
    """The all-ins whose cards are all known at the end (the whole board, every contesting hand
    whole), and their pots' rows on those cards: each share is 1, 0 or a split."""
    complete: set[int] = set()
    rows: list[PotRow] = []
    for h, hand_pots in pots.items():
        r = records[h]
        assert r.game is not None  # an all-in: a game pyeval plays
        g = get_game(r.game)
        hands = [r.final_holes[i] for i, c in enumerate(r.contesting) if c] if r.final_holes else [""]
        if len(r.final_board) != 2 * g.board or not all(whole_hand(x, g.hole) for x in hands):
            continue
        complete.add(h)
        rows.extend(_rows_of(h, r, hand_pots, r.final_holes, r.final_board))
    return complete, rows


def _rows_of(h: int, r: HandRecord, hand_pots: list[Pot], holes: list[str], board: str) -> list[PotRow]:
    """A hand's rows: each pot two or more players share, their hands, the other contesting
    hands dead."""
    assert r.game is not None
    contesting = [i for i, c in enumerate(r.contesting) if c]
    rows = []
    for k, pot in enumerate(hand_pots):
        if len(pot.seats) < 2:
            continue
        others = "".join(holes[i] for i in contesting if i not in pot.seats)
        rows.append(PotRow(h, k, r.game, [holes[i] for i in pot.seats], board, others + r.dead))
    return rows


def contradicted(record: HandRecord, pots: list[Pot], rows: list[PotRow]) -> str | None:
    """Why the finishing stacks of an all-in contradict its showdown (each pot paid out on the
    cards at the end; an odd chip a pot allowed), else None."""
    paid = hand_values(record, pots, rows)["ev"]
    actual = [f - s for f, s in zip(record.finishing, record.starting)]
    if all(abs(p - a) < len(pots) for p, a in zip(paid, actual)):
        return None
    expected = [round(s + p, 2) for s, p in zip(record.starting, paid)]
    return f"finishing stacks {record.finishing} contradict the showdown (its pots pay {expected})"


def count_rows(rows: list[PotRow], method: str = "exact", advance: Any = None) -> None:
    """Fills each row's equities and share variances; a spot met again is counted once."""
    first: dict[tuple, PotRow] = {}
    again: list[tuple[PotRow, PotRow]] = []
    for row in rows:
        key = (row.game, tuple(row.hands), row.board, row.dead)
        if key in first:
            again.append((row, first[key]))
        else:
            first[key] = row
    _count_distinct(list(first.values()), method, advance)
    for row, same in again:
        row.equity, row.variance, row.exact = same.equity, same.variance, same.exact
    if advance is not None and again:
        advance(len(again))


def _count_distinct(rows: list[PotRow], method: str, advance: Any) -> None:
    """Each row read once into a Spot (``read_spot``: every check) and routed once by the
    registry's price: with ``method="exact"``, a row the registry would refuse to enumerate
    (beyond ``EXACT_LIMIT``) is sampled, with ``MONTE_CARLO_SEED``; a row the batch's row counter
    takes (``RowCount``: flop, turn and river spots) goes to ``equity_batch`` with the rows of
    its shape; the rest (preflop spots, stud and draw games) is answered by the registry alone,
    on the layout its pricing built.  With Monte Carlo, every board-game row goes to the batch
    (row i of a chunk sampled from ``row_seed(MONTE_CARLO_SEED, i)``).  An error is an error:
    nothing is retried."""
    groups: dict[tuple, list[tuple[PotRow, Spot]]] = defaultdict(list)
    for row in rows:
        spot = _spot(row, method)
        if method == "exact":
            strategy, cost = strategies.exact_choice(spot)
            batched = isinstance(strategy, strategies.RowCount)
            if cost > strategies.EXACT_LIMIT:  # too large to enumerate: sampled, and marked so
                spot, batched = _spot(row, "monte-carlo"), False
        else:
            batched = spot.game.board_kinds is not None and spot.game.boards == 1
        if batched:
            groups[(spot.game.name, spot.players, spot.known_board)].append((row, spot))
            continue
        _fill(row, strategies.answer(spot))
        if advance is not None:
            advance(1)
    for (game, _, _), group in groups.items():
        for a in range(0, len(group), ROWS_PER_CALL):
            chunk = group[a:a + ROWS_PER_CALL]
            _count_group(game, chunk, method)
            if advance is not None:
                advance(len(chunk))


def _spot(row: PotRow, method: str) -> Spot:
    """The row as a Spot; sampled rows with ``DEFAULT_SAMPLES`` deals from ``MONTE_CARLO_SEED``."""
    if method == "exact":
        return read_spot(row.game, row.hands, row.board, row.dead, "exact")
    return read_spot(row.game, row.hands, row.board, row.dead, "monte-carlo", DEFAULT_SAMPLES, MONTE_CARLO_SEED)


def _count_group(game: str, group: list[tuple[PotRow, Spot]], method: str) -> None:
    """One ``equity_batch`` call over rows of one game, player count and board length (their
    spots' cards, read and checked once)."""
    spots = [spot for _, spot in group]
    holes = np.array([spot.holes for spot in spots], np.int16)
    board = np.array([spot.boards[0] if spot.boards else () for spot in spots], np.int16).reshape(len(spots), -1)
    dead = np.full((len(spots), max((len(spot.dead) for spot in spots), default=0)), -1, np.int16)
    for i, spot in enumerate(spots):
        dead[i, :len(spot.dead)] = spot.dead
    r = equity_batch(game, holes, board if board.shape[1] else None, dead if dead.shape[1] else None,
                     method=method, seed=MONTE_CARLO_SEED)
    shares = r.sumsq / (float(POT) ** 2 * np.maximum(r.outcomes, 1)[:, None])
    variance = np.maximum(shares - r.equity ** 2, 0.0)
    for i, (row, _) in enumerate(group):
        row.equity, row.variance, row.exact = r.equity[i], variance[i], bool(r.exact[i])


def _fill(row: PotRow, r: EquityResult) -> None:
    """A row's equities and share variances from the registry's answer."""
    sumsq = np.asarray(r.extra["sample_counts"]["sumsq"], np.float64)
    row.equity = np.asarray(r.equity, np.float64)
    row.variance = np.maximum(sumsq / (float(POT) ** 2 * r.outcomes) - row.equity ** 2, 0.0)
    row.exact = r.method == "exact"


def hand_values(record: HandRecord, pots: list[Pot], rows: list[PotRow]) -> dict[str, Any]:
    """EV, variance and the pots of one all-in hand (its rows counted): per seat, EV = sum over
    pots of equity x pot (after rake) - chips in.  The variance of a seat's payoff is exact with
    one contested pot; with several it is (sum over pots of pot x sd of the share)^2, the largest
    the covariances allow (the shares of nested pots go together: the bound is close)."""
    assert record.put_in is not None
    seats = len(record.players)
    rake = _rake(record)
    kept = pot_share_kept(record, pots)
    by_pot = {row.pot: row for row in rows}
    won = [0.0] * seats
    spread = [0.0] * seats
    squared = [0.0] * seats
    described = []
    for k, pot in enumerate(pots):
        net = pot.amount * kept
        row = by_pot.get(k)
        equities = [1.0] if row is None or row.equity is None else row.equity.tolist()
        sds = [0.0] if row is None or row.variance is None else np.sqrt(row.variance).tolist()
        for seat, e, sd in zip(pot.seats, equities, sds):
            won[seat] += e * net
            spread[seat] += sd * net
            squared[seat] += (sd * net) ** 2
        described.append({"amount": pot.amount, "players": [record.players[s] for s in pot.seats],
                          "equity": [round(e, 6) for e in equities], "exact": row is None or row.exact})
    contested = sum(1 for pot in pots if len(pot.seats) > 1)
    variance = squared if contested <= 1 else [s * s for s in spread]
    return {"ev": [won[i] - record.put_in[i] for i in range(seats)], "variance": variance, "pots": described,
            "rake": rake}


def _rake(record: HandRecord) -> Any:
    """A site states its rake (less any money it added); PHH: what the stacks lost."""
    return record.rake if record.site else max(sum(record.starting) - sum(record.finishing), 0)


def pot_share_kept(record: HandRecord, pots: list[Pot]) -> float:
    """The part of each pot its winners take: the rake comes off every pot in proportion."""
    total = sum(p.amount for p in pots)
    return (total - _rake(record)) / total if total else 1.0


def z_score(luck: float, variance: float) -> float:
    """Luck in standard deviations of the all-ins' outcomes (nan without any variance)."""
    return luck / math.sqrt(variance) if variance > 0 else math.nan
