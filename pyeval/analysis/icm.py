"""``pyeval.icm``: tournament equity of chip stacks (the Malmuth-Harville independent chip model).

Harville's model: the player who finishes first is drawn with probability proportional to his
stack; the next from the players left, again in proportion to their stacks; and so on.  A
player's prize equity is the sum over places of P(he finishes there) x that place's payout.

Exact whenever affordable: one pass over the sets of players already placed, place by place
down to the last paid place (memoised: each set's probability is the sum over the ways to reach
it), ``sum over k < places of C(n, k) (n - k)`` steps, at most ``ICM_EXACT_WORK_LIMIT`` (so 11 or 1,000
players with three paid places are exact).  In exact fractions when every stack and payout is an
integer (up to ``MAX_EXACT_PLAYERS`` players), or when float stacks differ so much that their ratios
underflow (``[1e300, 1e-300, 1]``: ICM depends on ratios only); else in floats of the stacks
divided by the largest.  Beyond the limit, Monte Carlo over finishing orders (an order with
Harville's probabilities is the players sorted by independent exponential times of rate = stack)
with a standard error per player, from ``seed`` or, without one, ``DEFAULT_SEED``: the same call
gives the same answer.

>>> r = icm([50, 30, 20], [70, 30])
>>> [round(float(x), 4) for x in r.equity]
[45.1786, 32.25, 22.5714]
>>> sum(r.fractions) == 100
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pyeval.core import _progress
from pyeval.core._results import ResultEquality
from pyeval.core.checks import is_integer, number_list, positive_int
from pyeval.query.limits import ICM_EXACT_WORK_LIMIT, ICM_WORK_LIMIT, MAX_EXACT_PLAYERS, MAX_SAMPLES
from pyeval.results.protocol import Table

__all__ = ["icm", "prize_equity", "ICMResult"]

DEFAULT_SEED = 0
"""The Monte Carlo seed when none is given: a call without a seed is reproducible."""
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
        ratios = _float_ratios(self.stacks)  # 1e308-chip stacks would overflow their sum
        total = float(ratios.sum())
        out = []
        for p, s in enumerate(self.stacks):
            row: dict[str, Any] = {"player": p + 1, "stack": s, "chip_share": float(ratios[p] / total),
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
            lines.append(f"  player {p + 1}: stack {_stack_text(s)}  equity {self.equity[p]:.4f}{se}")
        return "\n".join(lines)


def _normalised(stacks: list) -> list:
    """Float stacks divided by the largest: ICM depends on their ratios only, and 1e308-chip stacks
    overflow a sum (every share NaN) while 5e-324 ones underflow (a share of zero over zero).
    Integer and Fraction stacks stay as they are (exact arithmetic); float stacks whose ratios
    underflow become exact fractions of the stacks given."""
    if all(isinstance(x, (int, Fraction)) for x in stacks):
        return stacks
    top = max(float(x) for x in stacks)
    ratios = [float(x) / top for x in stacks]
    if min(ratios) < 1e-290:  # near or past float underflow: exact ratios
        return [Fraction(x) for x in stacks]
    return ratios


def _float_ratios(stacks: list) -> np.ndarray:
    """The stacks divided by the largest, as floats (a ratio below float range becomes 0)."""
    top = max(Fraction(x) for x in stacks)
    return np.array([float(Fraction(x) / top) for x in stacks])


def exact_work(players: int, places: int) -> int:
    """Steps of the exact method: each set of fewer than ``places`` placed players, times the
    players it can place next."""
    return sum(math.comb(players, k) * (players - k) for k in range(min(places, players)))


def _shown(x: Any) -> Any:
    """A stack as the result shows it: a float, or the integer itself past float range."""
    return x if isinstance(x, int) and abs(x) >= 2 ** 1023 else float(x)


def _stack_text(x: Any) -> str:
    if isinstance(x, int):
        digits = str(x)
        return digits if len(digits) <= 15 else f"{digits[0]}.{digits[1:6]}e+{len(digits) - 1}"
    return f"{x:g}"


def _exact(stacks: list, places: int, one: Any) -> np.ndarray:
    """P(player p finishes in place k), (players, places), by dynamic programming over the set of
    players already placed (a bit mask), place by place: ``reach[mask]`` is the probability that
    exactly the players in ``mask`` took the first places."""
    n = len(stacks)
    total = sum(stacks)
    out = [[one * 0 for _ in range(places)] for _ in range(n)]
    reach: dict[int, Any] = {0: one}
    for place in range(min(places, n)):
        nxt: dict[int, Any] = {}
        for mask, q in reach.items():
            left = total - sum(stacks[p] for p in range(n) if mask >> p & 1)
            for p in range(n):
                if mask >> p & 1:
                    continue
                step = q * stacks[p] / left
                out[p][place] += step
                key = mask | 1 << p
                nxt[key] = nxt.get(key, one * 0) + step
        reach = nxt
    return np.array(out, dtype=object)


@_progress.reports_progress("icm")
def icm(stacks: list, payouts: list, method: str = "auto", samples: int | None = None,
        seed: int | None = None, *, progress: Any = None) -> ICMResult:
    """Each player's prize equity from his chips: ``stacks`` (positive chips, one per player)
    and ``payouts`` (prize of 1st, 2nd, ... place; fewer places than players is usual).
    ``method="auto"``: exact when it takes at most ``ICM_EXACT_WORK_LIMIT`` steps (module docstring),
    else Monte Carlo with ``samples`` finishing orders (default 1,000,000) from ``seed``
    (default ``DEFAULT_SEED``: a call without a seed always gives the same answer)."""
    st = number_list(stacks, "stacks", True)
    pay = number_list(payouts, "payouts", False)
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
    shown, st = [_shown(x) for x in st], _normalised(st)  # the result shows the stacks as given
    work = exact_work(n, places)
    if method == "exact" and work > ICM_EXACT_WORK_LIMIT:
        raise ValueError(f"exact ICM of {n:,} players and {places} paid places takes {work:,} steps, beyond the "
                         f"limit of {ICM_EXACT_WORK_LIMIT:,}; use method='monte-carlo'")
    if method == "auto":
        method = "exact" if work <= ICM_EXACT_WORK_LIMIT and samples is None else "monte-carlo"
    if method == "exact":
        # fractions: integer stacks up to MAX_EXACT_PLAYERS, or float stacks whose ratios underflow
        use_fractions = all(isinstance(x, (int, Fraction)) for x in st) and (
            n <= MAX_EXACT_PLAYERS or not all(isinstance(x, int) for x in st))
        if not use_fractions:  # floats of the ratios (integers can pass float range)
            st = list(_float_ratios(st))
        exact = use_fractions and all(isinstance(x, (int, Fraction)) for x in pay_used)
        probs = _exact(st, places, Fraction(1) if use_fractions else 1.0)
        eq = [sum((probs[p][k] * pay_used[k] for k in range(places)), probs[p][0] * 0) for p in range(n)]
        return ICMResult(shown, [float(x) for x in pay], "exact", np.array(eq, np.float64),
                         probs.astype(np.float64), None, [Fraction(x) for x in eq] if exact else None)
    count = max(2, min(DEFAULT_ICM_SAMPLES, ICM_WORK_LIMIT // 10 // n)) if samples is None else samples
    if count * n > ICM_WORK_LIMIT:
        raise ValueError(f"Monte Carlo ICM of {n:,} players with {count:,} samples draws {count * n:,} finishing "
                         f"times (about {count * n * 30e-9:,.0f} s), beyond the limit of {ICM_WORK_LIMIT:,}; give "
                         f"samples={ICM_WORK_LIMIT // n:,} or fewer")
    used_seed = int(seed) if seed is not None else DEFAULT_SEED
    rng = np.random.default_rng(used_seed)
    s = _float_ratios(st)
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
            with np.errstate(divide="ignore"):  # a ratio below float range: an infinite time, last place
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
