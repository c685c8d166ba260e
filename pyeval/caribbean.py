"""Casino Stud Poker (Caribbean stud): exact decisions and the exact house edge.

The game (docs ``RULES.md``, last section): the player antes 1, gets five cards and
sees one of the dealer's five cards (the up-card).  The player folds (loses the
ante) or raises two antes.  The dealer qualifies with ace-king high or better.
Dealer does not qualify: the ante wins 1:1 and the raise is returned.  Dealer
qualifies: a better player hand wins 1:1 on the ante and the pay table on the
raise, a worse one loses ante and raise (-3), equal hands push (0).  Every amount
here is in antes.

Two questions are answered exactly:

* :func:`decide` -- the expected value of raising for one player hand and dealer
  up-card, over all ``C(46, 4) = 163,185`` dealer completions, against folding (-1).
* :func:`house_edge` -- the player's expected loss per ante over every player hand,
  dealer up-card and dealer completion (19,933,230,517,200 deals), as an exact
  fraction, for a pay table and a playing strategy.

The house edge is counted, not enumerated: the player's hands are reduced to
their 134,459 classes under the 24 relabellings of the suits, every 5-card hand
is sorted by strength (one batch call of :func:`pyeval.evaluate_high`), and one
sweep from the weakest strength to the strongest keeps, for every card ``u`` and
every set ``S`` of up to four other cards, how many dealer hands seen so far
contain ``u`` and ``S``.  Inclusion-exclusion over the player's five cards then
gives, for every class and up-card at once, how many dealer completions are
below, equal to and above the player's hand (and below ace-king).  On the
project's 2-core machine the first :func:`house_edge` of a process takes about
7 s (15 s when numba compiles the kernels, cached afterwards); the counts are
then kept, and each further strategy or pay table takes under a second.

Example::

    >>> from pyeval.caribbean import decide
    >>> d = decide("AsKd7c5h2d", "7s")      # ace-king pairing the up-card: raise
    >>> d.action, d.total
    ('raise', 163185)
    >>> decide("AsKd7c5h2d", "Qs").action   # no match, nothing to back it: fold
    'fold'
"""

from __future__ import annotations

import itertools
import math
import numbers
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TypeAlias

import numpy as np

import pyeval as _pe
from pyeval._jit import njit

__all__ = [
    "CATEGORIES",
    "COMPLETIONS",
    "DEALS",
    "DEFAULT_PAYTABLE",
    "STRATEGIES",
    "Decision",
    "HouseEdge",
    "ReturnRow",
    "decide",
    "house_edge",
    "validate_paytable",
]

# ---------------------------------------------------------------------------
# constants
# ---------------------------------------------------------------------------

#: Pay-table categories, worst first.  ``high-card`` is paid only when the
#: player wins with it, which needs ace-king high (the dealer has qualified).
CATEGORIES: tuple[str, ...] = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "royal-flush",
)

_CATEGORY_TEXT = {
    "high-card": "ace-king high",
    "pair": "pair",
    "two-pair": "two pair",
    "three-of-a-kind": "three of a kind",
    "straight": "straight",
    "flush": "flush",
    "full-house": "full house",
    "four-of-a-kind": "four of a kind",
    "straight-flush": "straight flush",
    "royal-flush": "royal flush",
}

_ALIASES = {
    "high": "high-card",
    "ak": "high-card",
    "ace-king": "high-card",
    "ak-high": "high-card",
    "ace-king-high": "high-card",
    "one-pair": "pair",
    "trips": "three-of-a-kind",
    "set": "three-of-a-kind",
    "full-boat": "full-house",
    "boat": "full-house",
    "quads": "four-of-a-kind",
    "royal": "royal-flush",
}

#: The standard pay table on the raise (to 1), RULES.md.
DEFAULT_PAYTABLE: Mapping[str, int] = {
    "high-card": 1,
    "pair": 1,
    "two-pair": 2,
    "three-of-a-kind": 3,
    "straight": 4,
    "flush": 5,
    "full-house": 7,
    "four-of-a-kind": 20,
    "straight-flush": 50,
    "royal-flush": 100,
}

#: Named strategies accepted by :func:`house_edge`.
STRATEGIES: tuple[str, ...] = ("optimal", "always-raise", "pair-or-better", "ak-or-better")

#: Dealer completions of one situation: C(46, 4).
COMPLETIONS = math.comb(46, 4)
_HANDS5 = math.comb(52, 5)
_SITUATIONS = _HANDS5 * 47
#: Every deal: player hand x dealer up-card x dealer completion.
DEALS = _SITUATIONS * COMPLETIONS

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"

Number: TypeAlias = int | Fraction
#: Cards as text (``"AsKd7c5h2d"``), codes (0..51), card strings or an array.
CardsLike: TypeAlias = str | int | Sequence[int | str] | np.ndarray
StrategyFn = Callable[[np.ndarray, int], bool]


def _card_text(code: int) -> str:
    return _RANKS[code >> 2] + _SUITS[code & 3]


def _exact(x: Fraction) -> Number:
    """A Fraction with denominator 1 as an int, else unchanged."""
    return int(x) if x.denominator == 1 else x


# ---------------------------------------------------------------------------
# input validation
# ---------------------------------------------------------------------------

def _to_codes(cards, what: str) -> list[int]:
    """Cards as a list of codes; accepts text, codes, card strings or arrays."""
    if isinstance(cards, str):
        try:
            parsed = _pe.parse_cards(cards)
        except Exception as exc:
            raise ValueError(f"cannot parse {what} {cards!r}: {exc}") from None
        return [int(c) for c in np.asarray(parsed).ravel()]
    if isinstance(cards, (numbers.Integral, np.integer)):
        cards = [cards]
    out: list[int] = []
    try:
        items = list(np.asarray(cards, dtype=object).ravel())
    except Exception as exc:
        raise ValueError(f"{what} must be cards, got {cards!r}: {exc}") from None
    for c in items:
        if isinstance(c, str):
            out.extend(_to_codes(c, what))
        elif isinstance(c, (numbers.Integral, np.integer)) and not isinstance(c, bool):
            if not 0 <= int(c) <= 51:
                raise ValueError(f"{what}: card code {int(c)} out of range 0..51")
            out.append(int(c))
        else:
            raise ValueError(f"{what}: not a card: {c!r}")
    return out


def _check_situation(hand: CardsLike, dealer_up: CardsLike) -> tuple[list[int], int]:
    codes = _to_codes(hand, "hand")
    if len(codes) != 5:
        raise ValueError(f"hand must have exactly 5 cards, got {len(codes)}")
    if len(set(codes)) != 5:
        raise ValueError(f"duplicate card in hand {' '.join(map(_card_text, codes))}")
    up = _to_codes(dealer_up, "dealer up-card")
    if len(up) != 1:
        raise ValueError(f"dealer up-card must be exactly 1 card, got {len(up)}")
    if up[0] in codes:
        raise ValueError(f"dealer up-card {_card_text(up[0])} is also in the player's hand")
    return codes, up[0]


def _category_name(name) -> str:
    if not isinstance(name, str):
        raise ValueError(f"pay-table category must be a string, got {name!r}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    if key not in CATEGORIES:
        raise ValueError(
            f"unknown pay-table category {name!r}; known: {', '.join(CATEGORIES)}"
        )
    return key


def validate_paytable(paytable: Mapping[str, float | Fraction] | None = None) -> dict[str, Number]:
    """Check a pay table and complete it with the standard payouts.

    ``paytable`` maps a category (see :data:`CATEGORIES`; spaces, underscores
    and aliases such as ``trips``, ``quads``, ``royal`` or ``ak`` are accepted)
    to its payout on the raise, to 1.  Categories it does not name keep the
    standard payout of :data:`DEFAULT_PAYTABLE`.  Payouts are kept exact
    (ints, Fractions, or the exact binary value of a float).

    >>> validate_paytable({"royal flush": 250})["royal-flush"]
    250
    >>> validate_paytable({"jokers": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown pay-table category 'jokers'; known: high-card, pair, ..., royal-flush
    """
    table: dict[str, Number] = dict(DEFAULT_PAYTABLE)
    if paytable is None:
        return table
    if not isinstance(paytable, Mapping):
        raise ValueError(
            f"pay table must be a mapping category -> payout, got {type(paytable).__name__}"
        )
    seen: dict[str, str] = {}
    for name, value in paytable.items():
        key = _category_name(name)
        if key in seen:
            raise ValueError(f"pay-table category {key!r} given twice ({seen[key]!r} and {name!r})")
        seen[key] = name
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValueError(f"payout for {key!r} must be a number, got {value!r}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"payout for {key!r} must be finite, got {value!r}")
        exact = Fraction(value)
        if exact < 0:
            raise ValueError(f"payout for {key!r} must not be negative, got {value!r}")
        table[key] = _exact(exact)
    return table


# ---------------------------------------------------------------------------
# evaluator-derived tables (pyeval.evaluate_high is the one source of truth)
# ---------------------------------------------------------------------------

def _evaluate(cards: np.ndarray) -> np.ndarray:
    return np.asarray(_pe.evaluate_high(np.ascontiguousarray(cards, dtype=np.uint8)), dtype=np.int32)


@lru_cache(maxsize=1)
def _landmarks() -> tuple[int, int]:
    """(qualifier, royal): the strength of A-K-4-3-2 offsuit, the weakest hand
    with which the dealer qualifies, and of a royal flush."""
    hands = np.array([[48, 45, 10, 7, 0], [48, 44, 40, 36, 32]], dtype=np.uint8)  # AcKd4h3s2c, AcKcQcJcTc
    q, royal = (int(x) for x in _evaluate(hands))
    return q, royal


def _qualifier() -> int:
    return _landmarks()[0]


def _category_of(strengths: np.ndarray) -> np.ndarray:
    """Pay-table category index (into CATEGORIES) of each strength, from
    :func:`pyeval.hand_category` (a royal flush is split from the straight flushes)."""
    s = np.asarray(strengths, dtype=np.int64)
    names, inverse = np.unique(np.asarray(_pe.hand_category(s)).ravel(), return_inverse=True)
    index = np.array([list(_pe.HIGH_CATEGORIES).index(str(n)) for n in names], dtype=np.int8)
    out = index[inverse.ravel()].reshape(s.shape)
    out[s == _landmarks()[1]] = CATEGORIES.index("royal-flush")
    return out


@lru_cache(maxsize=1)
def _completion_index() -> np.ndarray:
    """All 4-subsets of range(46), shape (163185, 4)."""
    return np.array(list(itertools.combinations(range(46), 4)), dtype=np.uint8)


# ---------------------------------------------------------------------------
# the decision
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """The exact value of raising one situation, from :func:`decide`.

    Counts are over the ``total`` = 163,185 dealer completions; EVs are in antes.
    """

    hand: tuple[int, ...]
    dealer_up: int
    category: str
    not_qualified: int
    player_wins: int
    ties: int
    dealer_wins: int
    win_payout: Number
    ev_raise: Fraction
    ev_fold: Fraction = Fraction(-1)
    total: int = COMPLETIONS

    @property
    def action(self) -> str:
        """``'raise'`` when raising has the strictly higher EV, else ``'fold'``."""
        return "raise" if self.ev_raise > self.ev_fold else "fold"

    @property
    def raise_gain(self) -> Fraction:
        """EV of raising minus EV of folding."""
        return self.ev_raise - self.ev_fold

    @property
    def probabilities(self) -> dict[str, Fraction]:
        """Exact probabilities of the four outcomes of a raise."""
        t = self.total
        return {
            "dealer does not qualify": Fraction(self.not_qualified, t),
            "player wins": Fraction(self.player_wins, t),
            "push": Fraction(self.ties, t),
            "dealer wins": Fraction(self.dealer_wins, t),
        }

    def to_dict(self) -> dict:
        """JSON-ready: exact values as fraction text beside their floats."""
        return {"hand": " ".join(_card_text(c) for c in self.hand), "dealer_up": _card_text(self.dealer_up),
                "category": self.category, "action": self.action, "ev_raise": float(self.ev_raise),
                "ev_raise_exact": str(self.ev_raise), "ev_fold": float(self.ev_fold),
                "not_qualified": self.not_qualified, "player_wins": self.player_wins, "ties": self.ties,
                "dealer_wins": self.dealer_wins, "total": self.total, "win_payout": str(self.win_payout)}

    def __repr__(self) -> str:
        cards = " ".join(_card_text(c) for c in self.hand)
        return (f"Decision({cards} against {_card_text(self.dealer_up)}: {self.action}, EV raise "
                f"{float(self.ev_raise):+.6f}, fold {float(self.ev_fold):+.6f} antes)")

    def __str__(self) -> str:
        cards = " ".join(_card_text(c) for c in self.hand)
        kind = "high card" if self.category == "high-card" else _CATEGORY_TEXT[self.category]
        lines = [
            f"hand {cards} ({kind}), dealer shows {_card_text(self.dealer_up)}",
            f"  EV raise {float(self.ev_raise):+.6f} antes (exact {self.ev_raise})",
            f"  EV fold  {float(self.ev_fold):+.6f} antes",
            f"  decision: {self.action.upper()} (by {float(abs(self.raise_gain)):.6f} antes)",
        ]
        for name, p in self.probabilities.items():
            n = {"dealer does not qualify": self.not_qualified, "player wins": self.player_wins,
                 "push": self.ties, "dealer wins": self.dealer_wins}[name]
            lines.append(f"  {name:<24} {float(p):9.6f}  ({n:,} of {self.total:,})")
        return "\n".join(lines)


def decide(
    hand: CardsLike, dealer_up: CardsLike, paytable: Mapping[str, float | Fraction] | None = None
) -> Decision:
    """Exact EV of raising versus folding for one hand and dealer up-card.

    ``hand`` is five cards (text such as ``"AsKd7c5h2d"``, codes, or card
    strings), ``dealer_up`` one card not in the hand.  Every one of the
    ``C(46, 4) = 163,185`` ways to complete the dealer's hand is evaluated
    with :func:`pyeval.evaluate_high`.  Raising returns +1 when the dealer
    does not qualify, ``1 + 2 * payout`` when the player wins, 0 on a tie and
    -3 when the dealer wins; folding returns -1.

    >>> d = decide("AsKd7c5h2d", "7s")
    >>> d.action, d.not_qualified + d.player_wins + d.ties + d.dealer_wins
    ('raise', 163185)
    >>> round(float(d.ev_raise), 6), d.ev_fold
    (-0.989919, Fraction(-1, 1))
    >>> decide("QsJd7c5h2d", "Kc").action   # below ace-king: never raise
    'fold'
    >>> decide("2c2d5h7s9c", "Ac").action
    'raise'

    Raises ValueError on a hand that is not 5 distinct cards, an up-card in the
    hand, or a malformed pay table.
    """
    codes, up = _check_situation(hand, dealer_up)
    table = validate_paytable(paytable)
    q = _qualifier()
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.array(codes + [up], dtype=np.uint8))
    dealer = np.empty((COMPLETIONS, 5), dtype=np.uint8)
    dealer[:, 0] = up
    dealer[:, 1:] = deck[_completion_index()]
    ds = _evaluate(dealer)
    ps = int(_evaluate(np.array([codes], dtype=np.uint8))[0])
    cat = CATEGORIES[int(_category_of(np.array([ps]))[0])]
    nq = int(np.count_nonzero(ds < q))
    if ps >= q:
        win = int(np.count_nonzero((ds >= q) & (ds < ps)))
        tie = int(np.count_nonzero(ds == ps))
    else:
        win = tie = 0
    lose = COMPLETIONS - nq - win - tie
    payout = 1 + 2 * Fraction(table[cat])
    ev = (nq + win * payout - 3 * lose) / Fraction(COMPLETIONS)
    return Decision(
        hand=tuple(codes), dealer_up=up, category=cat, not_qualified=nq, player_wins=win,
        ties=tie, dealer_wins=lose, win_payout=_exact(payout), ev_raise=ev,
    )


# ---------------------------------------------------------------------------
# counting kernels (numba)
# ---------------------------------------------------------------------------

def _binomials() -> np.ndarray:
    b = np.zeros((53, 6), dtype=np.int64)
    for n in range(53):
        for k in range(6):
            b[n, k] = math.comb(n, k)
    return b


_BINOM = _binomials()
# first counter row of each subset size 0..4; rows are (size, colex index of the subset)
_ROW_OFFSET = np.cumsum([0] + [math.comb(52, k) for k in range(5)]).astype(np.int64)
_SUIT_PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


@njit(cache=True)
def _all_hands() -> np.ndarray:  # pragma: no cover - compiled
    """Every 5-card hand, ascending cards, in colex order (row = colex index)."""
    out = np.empty((2598960, 5), dtype=np.uint8)
    i = 0
    for e in range(4, 52):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1
    return out


@njit(cache=True)
def _canonical(hands, perms, binom) -> np.ndarray:  # pragma: no cover - compiled
    """Colex index of the smallest suit relabelling of each hand."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.int64)
    m = np.empty(5, dtype=np.int64)
    for i in range(n):
        best = 1 << 62
        for p in range(perms.shape[0]):
            for j in range(5):
                c = hands[i, j]
                m[j] = (c & ~3) | perms[p, c & 3]
            # insertion sort of 5
            for j in range(1, 5):
                x = m[j]
                k = j - 1
                while k >= 0 and m[k] > x:
                    m[k + 1] = m[k]
                    k -= 1
                m[k + 1] = x
            idx = binom[m[0], 1] + binom[m[1], 2] + binom[m[2], 3] + binom[m[3], 4] + binom[m[4], 5]
            best = min(best, idx)
        out[i] = best
    return out


@njit(cache=True)
def _subset_rows(hands, binom, offset) -> np.ndarray:  # pragma: no cover - compiled
    """Counter row of each of the 31 subsets (masks 0..30, size <= 4) of each hand."""
    n = hands.shape[0]
    out = np.empty((n, 31), dtype=np.int64)
    for i in range(n):
        for mask in range(31):
            k = 0
            idx = 0
            for j in range(5):
                if mask & (1 << j):
                    k += 1
                    idx += binom[hands[i, j], k]
            out[i, mask] = offset[k] + idx
    return out


@njit(cache=True)
def _query(cnt, rows, signs, out):  # pragma: no cover - compiled
    """out[u] = sum over subsets S of the hand of sign(S) * cnt[{u} + S]."""
    for u in range(52):
        out[u] = 0
    for s in range(31):
        r = rows[s]
        g = signs[s]
        for u in range(52):
            out[u] += g * cnt[r, u]


@njit(cache=True)
def _add_hand(cnt, h, binom, offset):  # pragma: no cover - compiled
    """Count dealer hand h (5 ascending cards) for every (u, S subset of h - u)."""
    rest = np.empty(4, dtype=np.int64)
    for j in range(5):
        u = h[j]
        t = 0
        for i in range(5):
            if i != j:
                rest[t] = h[i]
                t += 1
        for mask in range(16):
            k = 0
            idx = 0
            for i in range(4):
                if mask & (1 << i):
                    k += 1
                    idx += binom[rest[i], k]
            cnt[offset[k] + idx, u] += 1


@njit(cache=True)
def _sweep(level_lo, level_hi, q_level, cnt, dealer, dealer_start, cls_order, cls_start,
           rows, signs, binom, offset, lt, le, nq):  # pragma: no cover - compiled
    """Process strength levels [level_lo, level_hi) of the sweep.

    Before a level's dealer hands are counted, ``lt`` gets each class's count
    of dealer hands strictly weaker; after, ``le`` the count weaker or equal.
    At the qualifying level every class gets ``nq`` (dealer hands below
    ace-king).  Rows of ``lt``/``le``/``nq`` are indexed by class, columns by
    up-card (meaningless where the up-card is in the class's hand).
    """
    for lev in range(level_lo, level_hi):
        if lev == q_level:
            for c in range(rows.shape[0]):
                _query(cnt, rows[c], signs, nq[c])
        for i in range(cls_start[lev], cls_start[lev + 1]):
            c = cls_order[i]
            _query(cnt, rows[c], signs, lt[c])
        for i in range(dealer_start[lev], dealer_start[lev + 1]):
            _add_hand(cnt, dealer[i], binom, offset)
        for i in range(cls_start[lev], cls_start[lev + 1]):
            c = cls_order[i]
            _query(cnt, rows[c], signs, le[c])


@dataclass(frozen=True)
class _Tables:
    """Paytable- and strategy-free counts for every (class, up-card)."""

    reps: np.ndarray        # (n, 5) uint8, the class representatives
    weight: np.ndarray      # (n,) int64, hands in each class
    strength: np.ndarray    # (n,) int32
    category: np.ndarray    # (n,) int8 into CATEGORIES
    valid: np.ndarray       # (n, 52) bool, up-card not in the hand
    nq: np.ndarray          # (n, 52) int32, dealer does not qualify
    win: np.ndarray         # (n, 52) int32, dealer qualifies, player better
    tie: np.ndarray         # (n, 52) int32
    lose: np.ndarray        # (n, 52) int32
    canon: np.ndarray       # (C(52,5),) int64, colex index -> class number
    seconds: float = field(default=0.0)


_TABLES: list[_Tables] = []  # filled once; the tables are immutable afterwards
_TABLES_LOCK = threading.Lock()


def _build_tables(progress: bool = False) -> _Tables:
    with _TABLES_LOCK:
        if not _TABLES:
            _TABLES.append(_count_situations(progress))
        return _TABLES[0]


def _count_situations(progress: bool) -> _Tables:
    t0 = time.perf_counter()
    bar = None
    if progress:
        try:
            from tqdm import tqdm
        except ImportError:  # tqdm is optional (pyeval[progress])
            tqdm = None
    if progress and tqdm is not None:
        bar = tqdm(total=_HANDS5 + 400_000, desc="caribbean", unit="hand", unit_scale=True,
                   smoothing=0.05)
    hands = _all_hands()
    strength = _evaluate(hands)
    canon_idx = _canonical(hands, _SUIT_PERMS, _BINOM)
    rep_idx, cls_of_hand, weight = np.unique(canon_idx, return_inverse=True, return_counts=True)
    if bar is not None:
        bar.update(200_000)
    reps = hands[rep_idx]
    cls_strength = strength[rep_idx]
    q = _qualifier()

    levels = np.unique(strength)
    order = np.argsort(strength, kind="stable")
    dealer = hands[order]
    dealer_start = np.searchsorted(strength[order], levels, side="left")
    dealer_start = np.append(dealer_start, _HANDS5).astype(np.int64)
    cls_level = np.searchsorted(levels, cls_strength)
    cls_order = np.argsort(cls_level, kind="stable").astype(np.int64)
    cls_start = np.searchsorted(cls_level[cls_order], np.arange(len(levels) + 1)).astype(np.int64)
    q_level = int(np.searchsorted(levels, q))

    rows = _subset_rows(reps, _BINOM, _ROW_OFFSET)
    signs = np.array([-1 if m.bit_count() % 2 else 1 for m in range(31)], dtype=np.int32)
    cnt = np.zeros((int(_ROW_OFFSET[-1]), 52), dtype=np.int32)
    n = len(reps)
    lt = np.zeros((n, 52), dtype=np.int32)
    le = np.zeros((n, 52), dtype=np.int32)
    nq = np.zeros((n, 52), dtype=np.int32)

    # chunks of levels holding about equal numbers of dealer hands
    nlev = len(levels)
    cuts = np.unique(np.searchsorted(dealer_start, np.linspace(0, _HANDS5, 101)).clip(0, nlev))
    cuts = np.unique(np.concatenate([[0], cuts, [nlev]]))
    for lo, hi in itertools.pairwise(cuts):
        _sweep(int(lo), int(hi), q_level, cnt, dealer, dealer_start, cls_order, cls_start,
               rows, signs, _BINOM, _ROW_OFFSET, lt, le, nq)
        if bar is not None:
            bar.update(int(dealer_start[hi] - dealer_start[lo]))
    del cnt

    valid = np.ones((n, 52), dtype=bool)
    np.put_along_axis(valid, reps.astype(np.int64), False, axis=1)
    can_win = (cls_strength >= q)[:, None]
    win = np.where(can_win, lt - nq, 0).astype(np.int32)
    tie = np.where(can_win, le - lt, 0).astype(np.int32)
    lose = (COMPLETIONS - nq - win - tie).astype(np.int32)
    for a in (nq, win, tie, lose):
        a[~valid] = 0
    tables = _Tables(
        reps=reps, weight=weight.astype(np.int64), strength=cls_strength,
        category=_category_of(cls_strength), valid=valid, nq=nq, win=win, tie=tie,
        lose=lose, canon=cls_of_hand.astype(np.int32), seconds=time.perf_counter() - t0,
    )
    for a in (tables.reps, tables.weight, tables.strength, tables.category, tables.valid,
              tables.nq, tables.win, tables.tie, tables.lose, tables.canon):
        a.setflags(write=False)
    if bar is not None:
        bar.update(bar.total - bar.n)
        bar.close()
    return tables


def _colex(cards: Iterable[int]) -> int:
    return sum(math.comb(c, i + 1) for i, c in enumerate(sorted(cards)))


def _counted(hand, dealer_up) -> tuple[int, int, int, int]:
    """(not qualified, player wins, ties, dealer wins) of one situation, read
    from the house-edge counting tables (builds them on first use).  For tests."""
    codes, up = _check_situation(hand, dealer_up)
    t = _build_tables()
    c = int(t.canon[_colex(codes)])
    rep = [int(x) for x in t.reps[c]]
    # find a suit relabelling taking the hand to the representative
    for perm in _SUIT_PERMS:
        mapped = sorted((x & ~3) | int(perm[x & 3]) for x in codes)
        if mapped == rep:
            u = (up & ~3) | int(perm[up & 3])
            return int(t.nq[c, u]), int(t.win[c, u]), int(t.tie[c, u]), int(t.lose[c, u])
    raise AssertionError("no suit relabelling maps the hand to its class")  # pragma: no cover


# ---------------------------------------------------------------------------
# the house edge
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ReturnRow:
    """One event of the return table: ``count`` deals of 19,933,230,517,200
    with net result ``payout`` antes."""

    event: str
    payout: Number
    count: int
    probability: Fraction
    contribution: Fraction


@dataclass(frozen=True)
class HouseEdge:
    """The exact return of a strategy and pay table, from :func:`house_edge`.

    ``total_return`` is the player's net result summed over all ``deals``
    (every player hand, up-card and dealer completion), in antes: an int for
    an integer pay table.  ``house_edge = -total_return / deals`` per ante;
    ``element_of_risk`` is the loss per unit wagered (ante plus raise);
    ``raise_frequency`` is the share of (hand, up-card) situations raised.
    """

    strategy: str
    paytable: dict[str, Number]
    deals: int
    total_return: Number
    total_wagered: int
    raised_situations: int
    events: tuple[ReturnRow, ...]
    seconds: float = field(compare=False)  # == compares the answer, not how long it took

    @property
    def expected_return(self) -> Fraction:
        """Player's expected net result per ante (negative: the house wins)."""
        return Fraction(self.total_return) / self.deals

    @property
    def house_edge(self) -> Fraction:
        """Player's expected loss per ante."""
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        """Player's expected loss per unit wagered (ante + raise)."""
        return -Fraction(self.total_return) / self.total_wagered

    @property
    def raise_frequency(self) -> Fraction:
        """Share of (player hand, up-card) situations in which the player raises."""
        return Fraction(self.raised_situations, _SITUATIONS)

    @property
    def average_wager(self) -> Fraction:
        """Expected ante + raise per hand, in antes."""
        return Fraction(self.total_wagered, self.deals)

    def format_table(self) -> str:
        """The return table as text."""
        width = max(len(r.event) for r in self.events)
        lines = [f"Caribbean stud, strategy {self.strategy}", "",
                 f"{'event':<{width}}  {'net':>5}  {'combinations':>20}  {'probability':>11}  {'return':>10}"]
        for r in self.events:
            pays = f"{float(r.payout):+g}"
            lines.append(f"{r.event:<{width}}  {pays:>5}  {r.count:>20,}  "
                         f"{float(r.probability):11.8f}  {float(r.contribution):+10.6f}")
        lines.append(f"{'total':<{width}}  {'':>5}  {self.deals:>20,}  {1:11.8f}  "
                     f"{float(self.expected_return):+10.6f}")
        lines += [
            "",
            f"house edge       {float(self.house_edge) * 100:.4f}% of the ante (exact {self.house_edge})",
            f"element of risk  {float(self.element_of_risk) * 100:.4f}% of the total bet",
            f"raise frequency  {float(self.raise_frequency) * 100:.4f}%",
            f"average wager    {float(self.average_wager):.6f} antes",
            f"computed in {self.seconds:.1f} s",
        ]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """JSON-ready: exact values as fraction text beside their floats."""
        exact = {"house_edge": self.house_edge, "element_of_risk": self.element_of_risk,
                 "raise_frequency": self.raise_frequency, "average_wager": self.average_wager}
        d = {"strategy": self.strategy, "paytable": {k: str(v) for k, v in self.paytable.items()}, "deals": self.deals,
             "total_return": str(self.total_return), "total_wagered": self.total_wagered}
        for name, value in exact.items():
            d[name], d[name + "_exact"] = float(value), str(value)
        d["events"] = [{"event": r.event, "payout": str(r.payout), "count": r.count,
                        "probability": float(r.probability), "contribution": float(r.contribution)}
                       for r in self.events]
        return d

    def __repr__(self) -> str:
        return (f"HouseEdge({self.strategy}: house edge {float(self.house_edge) * 100:.4f}% of the ante, "
                f"element of risk {float(self.element_of_risk) * 100:.4f}%, raise frequency "
                f"{float(self.raise_frequency) * 100:.2f}%, over {self.deals:,} deals)")

    def __str__(self) -> str:
        return self.format_table()


def _strategy_name(strategy) -> str:
    if callable(strategy):
        return getattr(strategy, "__name__", "custom")
    if not isinstance(strategy, str):
        raise ValueError(f"strategy must be a name or a callable, got {strategy!r}")
    key = strategy.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)} or a callable")
    return key


def _raise_mask(t: _Tables, name: str, strategy, pay: list[Fraction]) -> np.ndarray:
    """(n, 52) bool: raise in this (class, up-card)?  False where not valid."""
    q = _qualifier()
    n = len(t.reps)
    if callable(strategy):
        out = np.zeros((n, 52), dtype=bool)
        for c in range(n):
            hand = t.reps[c].copy()
            hand.setflags(write=False)
            for u in np.flatnonzero(t.valid[c]):
                out[c, u] = bool(strategy(hand, int(u)))
        return out
    if name == "always-raise":
        return t.valid.copy()
    if name == "pair-or-better":
        return t.valid & (t.category >= CATEGORIES.index("pair"))[:, None]
    if name == "ak-or-better":
        return t.valid & (t.strength >= q)[:, None]
    # optimal: nq + win * (1 + 2 pay) - 3 lose > -COMPLETIONS, in exact integers
    denom = math.lcm(*(p.denominator for p in pay))
    a = [int((1 + 2 * p) * denom) for p in pay]
    bound = COMPLETIONS * (max(a) + 4 * denom) * 4
    dtype = np.int64 if bound < 2**62 else object
    a_cls = np.array(a, dtype=dtype)[t.category.astype(np.int64)][:, None]
    lhs = (t.nq.astype(dtype) * denom + t.win.astype(dtype) * a_cls
           - 3 * denom * t.lose.astype(dtype))
    return t.valid & (lhs > -COMPLETIONS * denom)


def house_edge(
    paytable: Mapping[str, float | Fraction] | None = None,
    strategy: str | StrategyFn = "optimal",
    *,
    progress: bool = False,
) -> HouseEdge:
    """The exact house edge of Caribbean stud for a pay table and strategy.

    Every deal is counted: 2,598,960 player hands x 47 dealer up-cards x
    163,185 dealer completions = 19,933,230,517,200.  ``strategy`` is one of
    ``"optimal"`` (raise exactly when raising has the higher EV, as
    :func:`decide`), ``"always-raise"``, ``"pair-or-better"``, ``"ak-or-better"``
    (raise with ace-king high or better), or a callable ``(hand, up_card) ->
    bool`` called with a read-only uint8 array of five card codes and the
    up-card code; a callable is asked once per suit class of the hand and
    up-card, so it must not depend on how the suits are named.  ``progress``
    shows a tqdm bar (if tqdm is installed) while the counting tables are built (the first call of
    a process; later calls reuse them and take about a second).

    >>> r = house_edge()                                        # doctest: +SKIP
    >>> round(float(r.house_edge) * 100, 3), round(float(r.element_of_risk) * 100, 3)  # doctest: +SKIP
    (5.224, 2.555)
    """
    name = _strategy_name(strategy)
    table = validate_paytable(paytable)
    t0 = time.perf_counter()
    t = _build_tables(progress=progress)
    pay = [Fraction(table[c]) for c in CATEGORIES]
    raised = _raise_mask(t, name, strategy, pay)
    raised &= t.valid
    w = t.weight[:, None]
    folded = t.valid & ~raised

    def total(a: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Weighted per-class sums (int64) of a (n, 52) count array where mask."""
        return (np.where(mask, a, 0).astype(np.int64) * w).sum(axis=1)

    nq = int(total(t.nq, raised).sum())
    tie = int(total(t.tie, raised).sum())
    lose = int(total(t.lose, raised).sum())
    win_cls = total(t.win, raised)
    wins = [int(win_cls[t.category == k].sum()) for k in range(len(CATEGORIES))]
    fold = int((folded.sum(axis=1).astype(np.int64) * t.weight).sum()) * COMPLETIONS
    raised_sit = int((raised.sum(axis=1).astype(np.int64) * t.weight).sum())

    rows: list[tuple[str, Fraction, int]] = []
    for k in reversed(range(len(CATEGORIES))):
        rows.append((f"player wins with {_CATEGORY_TEXT[CATEGORIES[k]]}", 1 + 2 * pay[k], wins[k]))
    rows += [
        ("dealer does not qualify", Fraction(1), nq),
        ("push", Fraction(0), tie),
        ("dealer wins", Fraction(-3), lose),
        ("fold", Fraction(-1), fold),
    ]
    events = tuple(
        ReturnRow(event=e, payout=_exact(p), count=n, probability=Fraction(n, DEALS),
                  contribution=p * n / DEALS)
        for e, p, n in rows
    )
    counted = sum(r.count for r in events)
    if counted != DEALS:  # pragma: no cover - an internal invariant
        raise AssertionError(f"return table counts {counted} deals, expected {DEALS}")
    total_return = sum((p * n for _, p, n in rows), Fraction(0))
    return HouseEdge(
        strategy=name, paytable=table, deals=DEALS, total_return=_exact(total_return),
        total_wagered=DEALS + 2 * raised_sit * COMPLETIONS, raised_situations=raised_sit,
        events=events, seconds=time.perf_counter() - t0,
    )
