"""Human-readable names of strengths, for every evaluator.

>>> from pyeval.core.evaluate import evaluate_high, evaluate_low8
>>> describe(7462)
'Royal flush'
>>> describe(evaluate_high("Qh Qd Qc 2s 2h"))
'Full house, queens full of twos'
>>> describe(evaluate_low8("8s 6d 4h 2c As"))  # one hand's strength knows its kind
'8-6-4-2-A low'
>>> describe(0, kind="low8")
'no low'
>>> describe(7462, kind="deuce7")
'7-5-4-3-2'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from pyeval.core._native import table
from pyeval.core.cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS
from pyeval.core.evaluate import HandStrength

if TYPE_CHECKING:
    from pyeval.core._types import Strength

__all__ = ["describe", "hand_category", "KINDS", "CATEGORIES"]

# kind -> (decode table, highest strength).  A kind is an evaluator's strength scale: the
# strengths of "razz" and "high" overlap, so naming one needs its kind.
KINDS = {
    "high": ("PYEVAL_HIGH_DECODE", 7462),
    "omaha": ("PYEVAL_HIGH_DECODE", 7462),
    "low8": ("PYEVAL_LOW8_DECODE", 56),
    "omaha-low8": ("PYEVAL_LOW8_DECODE", 56),
    "razz": ("PYEVAL_RAZZ_DECODE", 6175),
    "deuce7": ("PYEVAL_DEUCE7_DECODE", 7462),
    "shortdeck": ("PYEVAL_SHORTDECK_DECODE", 1404),
    "shortdeck-straight": ("PYEVAL_SHORTDECK_DECODE_ALT", 1404),
    "shortdeck-straight-beats-trips": ("PYEVAL_SHORTDECK_DECODE_ALT", 1404),  # the older name
    "badugi": ("PYEVAL_BADUGI_DECODE", 1092),
    "showing": (None, 2379),  # stud up-cards (evaluate_showing): decoded by _showing_ranks
    "showing-low": (None, 2379),  # razz up-cards (evaluate_showing(low=True))
}
_SIZES = {1: "one-card", 2: "two-card", 3: "three-card", 4: "four-card"}
_HIGH = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
         "four of a kind", "straight flush")
_RAZZ = ("no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind")
_LOW8 = ("no low", "8-low", "7-low", "6-low", "5-low")
_BADUGI = ("one-card", "two-card", "three-card", "four-card")
_RAZZ_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
_HIGH_KINDS = ("high", "omaha", "deuce7", "shortdeck", "shortdeck-straight", "shortdeck-straight-beats-trips")
CATEGORIES: dict[str, tuple[str, ...]] = {kind: _HIGH for kind in _HIGH_KINDS}
_SHOWING = ("high card", "one pair", "two pair", "three of a kind", "four of a kind")
CATEGORIES.update({"razz": _RAZZ, "low8": _LOW8, "omaha-low8": _LOW8, "badugi": _BADUGI, "showing": _SHOWING,
                   "showing-low": _SHOWING})
"""kind -> the names ``hand_category`` gives (the high kinds share the nine high-hand names; in
2-7 a "high card" hand is a no-pair low)."""


def _unpack(entry: int) -> tuple[int, list[int]]:
    ranks = [(entry >> (16 - 4 * i)) & 15 for i in range(5)]
    return entry >> 20, [r for r in ranks if r != 15]


def _high_text(category: int, ranks: list[int]) -> str:
    top = RANK_NAMES[ranks[0]]
    if category == 8:
        return "Royal flush" if ranks[0] == 12 and ranks[1] == 11 else f"Straight flush, {top} high"
    if category == 7:
        return f"Four of a kind, {RANK_PLURALS[ranks[0]]}"
    if category == 6:
        return f"Full house, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[3]]}"
    if category == 5:
        return f"Flush, {top} high"
    if category == 4:
        return f"Straight, {top} high"
    if category == 3:
        return f"Three of a kind, {RANK_PLURALS[ranks[0]]}"
    if category == 2:
        return f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[2]]}"
    if category == 1:
        return f"Pair of {RANK_PLURALS[ranks[0]]}"
    return f"High card, {top}"


def _cards_text(ranks: list[int]) -> str:
    return "-".join(RANK_CHARS[r] for r in ranks)


@cache
def _showing_ranks(low: bool) -> dict[int, list[int]]:
    """Up-card strength -> its ranks, pairs first (one rank multiset per strength), from
    evaluate_showing over every multiset of 1 to 4 ranks."""
    from itertools import combinations_with_replacement

    from pyeval.core.evaluate import evaluate_showing

    out = {}
    for k in range(1, 5):
        sets = [m for m in combinations_with_replacement(range(13), k) if max(m.count(r) for r in m) <= 4]
        cards = np.array([[4 * r + m[:q].count(r) for q, r in enumerate(m)] for m in sets], np.uint8)
        for m, v in zip(sets, np.asarray(evaluate_showing(cards, low=low)).tolist()):
            value = [(r + 1) % 13 if low else r for r in m]  # ace low in razz
            out[v] = [r for _, _, r in sorted(((-m.count(r), -x, r) for r, x in zip(m, value)))]
    return out


def _showing_text(ranks: list[int]) -> tuple[int, str]:
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    top, rest = RANK_PLURALS[ranks[0]], [r for r in ranks if r != ranks[0]]
    kickers = f", {_cards_text(rest)}" if rest and counts[:2] != [2, 2] else ""
    if counts[0] == 4:
        return 4, f"Four of a kind, {top}"
    if counts[0] == 3:
        return 3, f"Three of a kind, {top}{kickers}"
    if counts[:2] == [2, 2]:
        return 2, f"Two pair, {top} and {RANK_PLURALS[ranks[2]]}"
    if counts[0] == 2:
        return 1, f"Pair of {top}{kickers}"
    return 0, _cards_text(ranks)


def _describe_one(s: int, kind: str) -> str:
    name, top = KINDS[kind]
    if kind in ("low8", "omaha-low8") and s == 0:
        return "no low"
    if not 1 <= s <= top:
        raise ValueError(f"{kind} strengths are 1..{top}{' (or 0 for no low)' if 'low8' in kind else ''}, got {s}")
    if name is None:  # up-cards
        return _showing_text(_showing_ranks(kind == "showing-low")[s])[1]
    category, ranks = _unpack(int(table(name)[s]))
    if kind in ("low8", "omaha-low8"):
        return f"{_cards_text(ranks)} low"
    if kind == "razz":
        return _cards_text(ranks)
    if kind == "badugi":
        return f"{_SIZES[category]} {_cards_text(ranks)}"
    if kind == "deuce7" and category == 0:
        return _cards_text(ranks)
    return _high_text(category, ranks)


def _check_kind(kind) -> None:
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")


# Kinds that name strengths on the same scale (the same decode table and names).
_SCALE = {"omaha": "high", "omaha-low8": "low8", "shortdeck-straight-beats-trips": "shortdeck-straight"}


def _kind_for(strength, kind: str | None) -> str:
    """The kind to name ``strength`` on: ``kind`` when given, else the strength's own (a single
    hand's strength from an evaluator knows it: ``HandStrength.kind``; a list of them of one kind),
    else ``"high"`` (a plain int or an array, as before).  A ``kind`` on another scale than the
    strength's own is refused: that would name another hand."""
    values = strength if isinstance(strength, (list, tuple)) else (strength,)
    owns = {v.kind if isinstance(v, HandStrength) else None for v in values}
    if kind is None:
        if len(owns) > 1:
            raise ValueError(f"strengths of several kinds ({', '.join(sorted(map(str, owns)))}): give kind=, or "
                             f"describe each kind apart")
        return (owns.pop() if owns else None) or "high"
    _check_kind(kind)
    for own in sorted(o for o in owns if o is not None):
        if _SCALE.get(own, own) != _SCALE.get(kind, kind):
            raise ValueError(f"a {own} strength described as {kind} would name another hand: leave kind= out "
                             f"(the strength knows its kind), or pass int(strength) to read the number as {kind}")
    return kind


def _strengths(strength) -> np.ndarray:
    s = np.asarray(strength)
    if s.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, got dtype {s.dtype}")
    return s


@overload
def describe(strength: int | np.integer, kind: str | None = None) -> str: ...
@overload
def describe(strength: Sequence[int], kind: str | None = None) -> list[str]: ...
@overload
def describe(strength: np.ndarray, kind: str | None = None) -> Any: ...  # str for a 0-d array, else list[str]


def describe(strength: Strength, kind: str | None = None) -> str | list[str]:
    """Describe a strength (int, or array -> list of str) of the evaluator ``kind``.

    Kinds: ``high`` (also ``omaha``), ``low8`` (also ``omaha-low8``), ``razz``, ``deuce7``,
    ``shortdeck`` (trips beat a straight), ``shortdeck-straight`` (a straight beats trips),
    ``badugi``, ``showing`` and ``showing-low`` (stud and razz up-cards, ``evaluate_showing``).
    Strengths of different kinds overlap: a razz wheel, 6175, is a queen-high flush as a high
    strength.  One hand's strength from an evaluator knows its kind (``HandStrength.kind``) and
    is named on it; a ``kind`` on another scale is refused.  A plain int or a batch's array
    carries no kind: give the one it was made with (without one, ``"high"``).

    >>> from pyeval.core.evaluate import evaluate_high, evaluate_razz
    >>> describe(evaluate_high("5d 4c 3h 2s Ad"))
    'Straight, five high'
    >>> describe(evaluate_razz("As 2d 3c 4h 5s Kd Kc"))
    '5-4-3-2-A'
    >>> describe(6175, kind="razz"), describe(6175)
    ('5-4-3-2-A', 'Flush, queen high')
    """
    kind = _kind_for(strength, kind)
    s = _strengths(strength)
    if s.ndim == 0:
        return _describe_one(int(s), kind)
    return [_describe_one(int(v), kind) for v in s.ravel()]


def _category_index(kind: str, s: int) -> int:
    """Index into CATEGORIES[kind] of one valid strength."""
    name, _ = KINDS[kind]
    if name is None:
        return _showing_text(_showing_ranks(kind == "showing-low")[s])[0]
    if "low8" in kind:
        if s == 0:
            return 0
        return 1 + (8 - (_unpack(int(table(name)[s]))[1][0] + 2))  # the low's top card: 8 -> 1 ... 5 -> 4
    category, ranks = _unpack(int(table(name)[s]))
    if kind == "badugi":
        return category - 1
    if kind == "razz":  # the decode lists all five ranks: the shape of their counts
        return _RAZZ_SHAPES[tuple(sorted((ranks.count(r) for r in set(ranks)), reverse=True))]
    return category


@cache
def category_index(kind: str) -> np.ndarray:
    """strength -> index into ``CATEGORIES[kind]`` for every strength of ``kind`` (read-only)."""
    _check_kind(kind)
    low = 0 if "low8" in kind else 1
    out = np.zeros(KINDS[kind][1] + 1, np.int64)
    for s in range(low, len(out)):
        out[s] = _category_index(kind, s)
    out.flags.writeable = False
    return out


@overload
def hand_category(strength: int | np.integer, kind: str | None = None) -> str: ...
@overload
def hand_category(strength: Sequence[int] | np.ndarray, kind: str | None = None) -> Any: ...  # an array of names


def hand_category(strength: Strength, kind: str | None = None) -> str | np.ndarray:
    """Category name of a strength of ``kind`` (an int, or an array -> array of names).  As for
    ``describe``: one hand's strength from an evaluator knows its kind; else ``"high"``.

    >>> hand_category(7462)
    'straight flush'
    >>> hand_category(np.array([1, 1278])).tolist()
    ['high card', 'one pair']
    >>> hand_category(1404, kind="shortdeck"), hand_category(6175, kind="razz"), hand_category(0, kind="low8")
    ('straight flush', 'no pair', 'no low')
    >>> from pyeval.core.evaluate import evaluate_razz
    >>> hand_category(evaluate_razz("As 2d 3c 4h 5s Kd Kc"))
    'no pair'
    """
    kind = _kind_for(strength, kind)
    s = _strengths(strength)
    low, top = (0 if "low8" in kind else 1), KINDS[kind][1]
    if s.size and (s.min() < low or s.max() > top):
        raise ValueError(f"{kind} strengths are {low}..{top}, got {int(s.min()) if s.min() < low else int(s.max())}")
    names = np.array(CATEGORIES[kind])[category_index(kind)[s]]
    return str(names) if s.ndim == 0 else names
