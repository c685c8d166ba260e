"""Human-readable names of strengths, for every evaluator.

>>> describe(7462)
'Royal flush'
>>> describe(evaluate_high("Qh Qd Qc 2s 2h"))
'Full house, queens full of twos'
>>> describe(evaluate_low8("8s 6d 4h 2c As"), kind="low8")
'8-6-4-2-A low'
>>> describe(0, kind="low8")
'no low'
>>> describe(7462, kind="deuce7")
'7-5-4-3-2'
"""

from __future__ import annotations

import numpy as np

from pyeval._native import table
from pyeval.cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS
from pyeval.evaluate import evaluate_high, evaluate_low8  # noqa: F401  (doctest examples)

__all__ = ["describe", "KINDS"]

# kind -> (decode table, highest strength)
KINDS = {
    "high": ("PYEVAL_HIGH_DECODE", 7462),
    "omaha": ("PYEVAL_HIGH_DECODE", 7462),
    "low8": ("PYEVAL_LOW8_DECODE", 56),
    "omaha-low8": ("PYEVAL_LOW8_DECODE", 56),
    "razz": ("PYEVAL_RAZZ_DECODE", 6175),
    "deuce7": ("PYEVAL_DEUCE7_DECODE", 7462),
    "shortdeck": ("PYEVAL_SHORTDECK_DECODE", 1404),
    "shortdeck-straight-beats-trips": ("PYEVAL_SHORTDECK_DECODE_ALT", 1404),
    "badugi": ("PYEVAL_BADUGI_DECODE", 1092),
}
_SIZES = {1: "one-card", 2: "two-card", 3: "three-card", 4: "four-card"}


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


def _describe_one(s: int, kind: str) -> str:
    name, top = KINDS[kind]
    if kind in ("low8", "omaha-low8") and s == 0:
        return "no low"
    if not 1 <= s <= top:
        raise ValueError(f"{kind} strengths are 1..{top}{' (or 0 for no low)' if 'low8' in kind else ''}, got {s}")
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


def describe(strength, kind: str = "high"):
    """Describe a strength (int, or array -> list of str) of the evaluator ``kind``.

    Kinds: ``high`` (also ``omaha``), ``low8`` (also ``omaha-low8``), ``razz``,
    ``deuce7``, ``shortdeck``, ``shortdeck-straight-beats-trips``, ``badugi``.

    >>> describe(evaluate_high("5d 4c 3h 2s Ad"))
    'Straight, five high'
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    s = np.asarray(strength)
    if s.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, got dtype {s.dtype}")
    if s.ndim == 0:
        return _describe_one(int(s), kind)
    return [_describe_one(int(v), kind) for v in s.ravel()]
