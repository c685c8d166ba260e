"""``pyeval.icm``: tournament equity of chip stacks (the Malmuth-Harville independent chip model).

Harville's model: the player who finishes first is drawn with probability proportional to his
stack; the next from the players left, again in proportion to their stacks; and so on.  A
player's prize equity is the sum over places of P(he finishes there) x that place's payout.

Exact for up to ``MAX_EXACT_PLAYERS`` (10) players: one pass over the subsets of players still
without a place (memoised: each subset's probability is the sum over the ways to reach it), in
exact fractions when every stack is an integer, else in floats.  Beyond that, Monte Carlo over
finishing orders (an order with Harville's probabilities is the players sorted by independent
exponential times of rate = stack), seeded, with a standard error per player.

>>> r = icm([50, 30, 20], [70, 30])
>>> [round(float(x), 4) for x in r.equity]
[45.1786, 32.25, 22.5714]
>>> sum(r.fractions) == 100
True
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pyeval.core import _progress
from pyeval.core._results import ResultEquality
from pyeval.core.checks import is_integer, is_number, positive_int
from pyeval.query.limits import ICM_WORK_LIMIT, MAX_EXACT_PLAYERS, MAX_SAMPLES
from pyeval.results.protocol import Table

__all__ = ["icm", "prize_equity", "ICMResult", "MAX_EXACT_PLAYERS"]

DEFAULT_ICM_SAMPLES = 1_000_000


@dataclass(eq=False)
class ICMResult(Table, ResultEquality):
    """Prize equity of each stack (``icm``).

    equity      each player's expected prize (float)
    place_prob  (players, paid places) P(player finishes in each paid place)
    stderr      Monte Carlo: the standard error of each equity; None when exact
    fractions   exact equities (exact method with integer stacks and payouts), else None
    outcomes    Monte Carlo: the finishing orders sampled; None when exact
    seed        Monte Carlo: the seed; None when exact
    """

    stacks: list[float]
    payouts: list[float]
    method: str
    equity: np.ndarray
    place_prob: np.ndarray
    stderr: np.ndarray | None
    fractions: list[Fraction] | None = None
    outcomes: int | None = None
    seed: int | None = None

    def rows(self) -> list[dict[str, Any]]:
        ratios = _normalised(self.stacks)  # 1e308-chip stacks would overflow their sum
        total = sum(ratios)
        out = []
        for p, s in enumerate(self.stacks):
            row: dict[str, Any] = {"player": p + 1, "stack": s, "chip_share": ratios[p] / total,
                                   "equity": float(self.equity[p]),
                                   "stderr": None if self.stderr is None else float(self.stderr[p])}
            for k in range(self.place_prob.shape[1]):
                row[f"place_{k + 1}"] = float(self.place_prob[p, k])
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"stacks": self.stacks, "payouts": self.payouts, "method": self.method, "outcomes": self.outcomes,
                "seed": self.seed, "rows": self.rows()}

    def __repr__(self) -> str:
        how = "exact" if self.method == "exact" else f"Monte Carlo, {self.outcomes:,} orders, seed {self.seed}"
        lines = [f"ICMResult({len(self.stacks)} players, payouts {self.payouts}; {how})"]
        for p, s in enumerate(self.stacks):
            se = f" ± {self.stderr[p]:.4f}" if self.stderr is not None else ""
            lines.append(f"  player {p + 1}: stack {s:g}  equity {self.equity[p]:.4f}{se}")
        return "\n".join(lines)


def _numbers(values: Any, what: str, positive: bool) -> list:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} must be a list of numbers")
    out = []
    for v in values:
        if not is_number(v):
            raise TypeError(f"{what} must be numbers, got {v!r}")
        if not math.isfinite(v) or (v <= 0 if positive else v < 0):
            raise ValueError(f"{what} must be {'positive' if positive else 'non-negative'} and finite, got {v!r}")
        out.append(int(v) if isinstance(v, (int, np.integer)) else v)
    if not out:
        raise ValueError(f"{what} must not be empty")
    return out


def _normalised(stacks: list) -> list:
    """Float stacks divided by the largest: ICM depends on their ratios only, and 1e308-chip stacks
    overflow a sum (every share NaN) while 5e-324 ones underflow (a share of zero over zero).
    Integer and Fraction stacks stay as they are (exact arithmetic)."""
    if all(isinstance(x, (int, Fraction)) for x in stacks):
        return stacks
    top = max(float(x) for x in stacks)
    return [float(x) / top if top > 0 else 1.0 for x in stacks]


def _exact(stacks: list, places: int, one: Any) -> np.ndarray:
    """P(player p finishes in place k), (players, places), by dynamic programming over the set of
    players not yet placed (a bit mask): ``reach[mask]`` is the probability that exactly the
    players outside ``mask`` took the first places."""
    n = len(stacks)
    full = (1 << n) - 1
    reach = {full: one}
    out = [[one * 0 for _ in range(places)] for _ in range(n)]
    by_size = sorted(range(1 << n), key=lambda m: -bin(m).count("1"))
    for mask in by_size:
        q = reach.get(mask)
        if q is None:
            continue
        left = [p for p in range(n) if mask >> p & 1]
        place = n - len(left)
        if place >= places:
            continue
        total = sum(stacks[p] for p in left)
        for p in left:
            step = q * stacks[p] / total
            out[p][place] += step
            nxt = mask & ~(1 << p)
            reach[nxt] = reach.get(nxt, one * 0) + step
    return np.array(out, dtype=object)


@_progress.reports_progress("icm")
def icm(stacks: list, payouts: list, method: str = "auto", samples: int | None = None,
        seed: int | None = None, *, progress: Any = None) -> ICMResult:
    """Each player's prize equity from his chips: ``stacks`` (positive chips, one per player)
    and ``payouts`` (prize of 1st, 2nd, ... place; fewer places than players is usual).
    ``method="auto"``: exact up to ``MAX_EXACT_PLAYERS`` players, else Monte Carlo with
    ``samples`` finishing orders (default 1,000,000) from ``seed``."""
    st = _numbers(stacks, "stacks", True)
    pay = _numbers(payouts, "payouts", False)
    n = len(st)
    if n < 2:
        raise ValueError(f"ICM needs at least 2 players, got {n} (a lone player takes the first prize)")
    if len(pay) > n:
        raise ValueError(f"{len(pay)} payouts for {n} players: the places below the players left are paid already; "
                         f"give the prizes of places 1 to {n} at most")
    if any(a < b for a, b in zip(pay, pay[1:])):
        raise ValueError(f"payouts must be in place order, 1st place first, and never increase: got "
                         f"{[float(x) for x in pay]}")
    places = len(pay)
    pay_used = pay
    if method == "mc":
        method = "monte-carlo"  # as pyeval.equity takes it
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    if samples is not None:
        samples = positive_int(samples, "samples", MAX_SAMPLES, " (pyeval.query.limits.MAX_SAMPLES)")
        if samples < 2:
            raise ValueError(f"samples must be at least 2, got {samples!r}")
    if seed is not None and (isinstance(seed, bool) or not is_integer(seed) or seed < 0):
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    if method == "exact" and samples is not None:
        raise ValueError("samples= sets a Monte Carlo run; method='exact' takes none")
    shown, st = [float(x) for x in st], _normalised(st)  # the result shows the stacks as given
    if method == "exact" and n > MAX_EXACT_PLAYERS:
        raise ValueError(f"exact ICM is for up to {MAX_EXACT_PLAYERS} players (got {n}); use method='monte-carlo'")
    if method == "auto":
        method = "exact" if n <= MAX_EXACT_PLAYERS and samples is None else "monte-carlo"
    if method == "exact":
        exact = all(isinstance(x, (int, Fraction)) for x in st + pay_used)
        probs = _exact(st if exact else [float(x) for x in st], places, Fraction(1) if exact else 1.0)
        eq = [sum((probs[p][k] * pay_used[k] for k in range(places)), probs[p][0] * 0) for p in range(n)]
        return ICMResult(shown, [float(x) for x in pay], "exact", np.array(eq, np.float64),
                         probs.astype(np.float64), None, [Fraction(x) for x in eq] if exact else None)
    count = max(2, min(DEFAULT_ICM_SAMPLES, ICM_WORK_LIMIT // 10 // n)) if samples is None else samples
    if count * n > ICM_WORK_LIMIT:
        raise ValueError(f"Monte Carlo ICM of {n:,} players with {count:,} samples draws {count * n:,} finishing "
                         f"times (about {count * n * 30e-9:,.0f} s), beyond the limit of {ICM_WORK_LIMIT:,}; give "
                         f"samples={ICM_WORK_LIMIT // n:,} or fewer")
    used_seed = int(seed) if seed is not None else secrets.randbits(63)
    rng = np.random.default_rng(used_seed)
    s = np.array([float(x) for x in st])
    prize = np.array([float(x) for x in pay_used])
    place_count = np.zeros((n, places), np.int64)
    total = np.zeros(n)
    total_sq = np.zeros(n)
    chunk = max(1, min(count, 1 << 20) // max(1, n // 8 + 1))
    done = 0
    watch = _progress.current()
    if watch is not None:
        watch.add_total(count)
    try:
        while done < count:
            m = min(chunk, count - done)
            order = np.argsort(rng.exponential(size=(m, n)) / s, axis=1)[:, :places]  # first place first
            won = np.zeros((m, n))
            np.put_along_axis(won, order, np.broadcast_to(prize, (m, places)), axis=1)
            chunk_places = np.stack([np.bincount(order[:, k], minlength=n) for k in range(places)], axis=1)
            sums = total + won.sum(axis=0), total_sq + (won * won).sum(axis=0), place_count + chunk_places
            # one assignment without a call in it (Python checks for Ctrl-C at calls and loops): an
            # interrupted run's sums hold whole chunks only
            total, total_sq, place_count, done = *sums, done + m
            if watch is not None:
                watch.advance(m)
    except KeyboardInterrupt:  # a watcher that keeps partial results (the command line) gets the orders so far
        if watch is None or not watch.keep_partial or done < 2:
            raise
        watch.interrupted = True
        count = done
    mean = total / count
    var = np.maximum(total_sq / count - mean * mean, 0.0) * count / (count - 1)
    return ICMResult(shown, [float(x) for x in pay], "monte-carlo", mean, place_count / count,
                     np.sqrt(var / count), None, count, used_seed)


def prize_equity(chips: list[float], start: list[float], payouts: list[float]) -> list[float]:
    """ICM equity of each player after a hand (the one tie rule of the push/fold models): the
    players left with chips by ``icm``, those with none left the last places, in the order of
    their chips before the hand (``start``: more chips, the better place; equal ones share their
    places' prizes)."""
    n = len(chips)
    prizes = list(payouts) + [0.0] * (n - len(payouts))
    alive = [k for k, c in enumerate(chips) if c > 0]
    out = [0.0] * n
    if len(alive) == 1:
        out[alive[0]] = prizes[0]
    else:
        for k, e in zip(alive, icm([chips[k] for k in alive], prizes[:len(alive)]).equity):
            out[k] = float(e)
    busted = sorted((k for k in range(n) if chips[k] <= 0), key=lambda k: -start[k])
    place = len(alive)
    while busted:
        same = [k for k in busted if start[k] == start[busted[0]]]
        share = sum(prizes[place:place + len(same)]) / len(same)
        for k in same:
            out[k] = share
        place += len(same)
        busted = busted[len(same):]
    return out
