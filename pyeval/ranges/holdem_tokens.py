"""Hold'em range tokens (``QQ+``, ``AKs``, ``A2s+``, ``K9s-K6s``, ``AsK*``, ``15%``) as combo
indices, and the token error every range parser shares (moved out of pyeval/ranges/__init__.py)."""

from __future__ import annotations

import re

import numpy as np

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS, UNKNOWN_HAND_TEXT
from pyeval.ranges.classes import COMBO_INDEX, _class_combos
from pyeval.ranges.generic import RangeError
from pyeval.ranges.preflop import _top_percent

UNKNOWN = UNKNOWN_HAND_TEXT | {"any", "100%"}

_R = "[2-9TJQKA]"
_PAIR = re.compile(rf"({_R})\1(\+?)", re.I)
_PAIR_RUN = re.compile(rf"({_R})\1-({_R})\2", re.I)
_CLASS = re.compile(rf"({_R})({_R})([so]?)(\+?)", re.I)
_CLASS_RUN = re.compile(rf"({_R})({_R})([so]?)-({_R})({_R})([so]?)", re.I)
_EXPLICIT = re.compile(rf"({_R})([cdhs*])({_R})([cdhs*])", re.I)
_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)%")


def _bad(token: str, text: str, why: str) -> RangeError:
    column = text.find(token.strip())
    where = f" at column {column + 1} of {text!r}" if text.strip() != token and column >= 0 else ""
    return RangeError(f"bad range token {token!r}{where}: {why}")


def _rank(ch: str) -> int:
    return RANK_CHARS.index(ch.upper())


def _holdem_token(body: str, token: str, text: str) -> np.ndarray:
    """Combo indices (into HOLDEM_COMBOS) of one hold'em token (weight removed)."""
    low = body.lower()
    if low in UNKNOWN:
        return np.arange(1326)
    m = _PERCENT.fullmatch(body)
    if m:
        p = float(m.group(1))
        if p > 100:
            raise _bad(token, text, "a percentage is at most 100%")
        return _top_percent(p)
    m = _PAIR.fullmatch(body)
    if m:
        r = _rank(m.group(1))
        ranks = range(r, 13) if m.group(2) else [r]
        return np.concatenate([_class_combos(RANK_CHARS[k] * 2) for k in ranks])
    m = _PAIR_RUN.fullmatch(body)
    if m:
        a, b = sorted((_rank(m.group(1)), _rank(m.group(2))))
        return np.concatenate([_class_combos(RANK_CHARS[k] * 2) for k in range(a, b + 1)])
    m = _EXPLICIT.fullmatch(body)
    if m:
        r1, s1, r2, s2 = _rank(m.group(1)), m.group(2).lower(), _rank(m.group(3)), m.group(4).lower()
        out = []
        for a in (range(4) if s1 == "*" else [SUIT_CHARS.index(s1)]):
            for b in (range(4) if s2 == "*" else [SUIT_CHARS.index(s2)]):
                c1, c2 = 4 * r1 + a, 4 * r2 + b
                if c1 != c2:
                    out.append(COMBO_INDEX[c1, c2])
        if not out:
            raise _bad(token, text, "the same card twice")
        return np.unique(np.array(out, np.int64))
    m = _CLASS.fullmatch(body)
    if m:
        hi, lo, kind, plus = _rank(m.group(1)), _rank(m.group(2)), m.group(3).lower(), m.group(4)
        if hi == lo:
            raise _bad(token, text, "a pair has no suited/offsuit form (write QQ or QQ+)")
        if hi < lo:
            hi, lo = lo, hi
        kickers = range(lo, hi) if plus else [lo]
        return np.concatenate([_nonpair(hi, k, kind) for k in kickers])
    m = _CLASS_RUN.fullmatch(body)
    if m:
        h1, l1, k1, h2, l2, k2 = (_rank(m.group(1)), _rank(m.group(2)), m.group(3).lower(), _rank(m.group(4)),
                                  _rank(m.group(5)), m.group(6).lower())
        if k1 != k2:
            raise _bad(token, text, "both ends of a run need the same suitedness (T9s-65s)")
        if h1 < l1:
            h1, l1 = l1, h1
        if h2 < l2:
            h2, l2 = l2, h2
        if h1 == l1 or h2 == l2:
            raise _bad(token, text, "pairs run as 22-55")
        if h1 == h2:
            lo, hi = sorted((l1, l2))
            return np.concatenate([_nonpair(h1, k, k1) for k in range(lo, hi + 1)])
        if h1 - h2 == l1 - l2:
            step = 1 if h2 > h1 else -1
            return np.concatenate([_nonpair(h1 + d * step, l1 + d * step, k1) for d in range(abs(h2 - h1) + 1)])
        raise _bad(token, text, "a run keeps the top card (K9s-K6s) or moves both cards together (T9s-65s)")
    raise _bad(token, text, "expected e.g. QQ, QQ+, 22-55, AKs, AKo, AK, A2s+, K9s-K6s, T9s-65s, AhKh, AsK*, "
                            "15%, random, with an optional weight like AKs:0.5")


def _nonpair(hi: int, lo: int, kind: str) -> np.ndarray:
    a, b = RANK_CHARS[hi], RANK_CHARS[lo]
    if kind == "s":
        return _class_combos(a + b + "s")
    if kind == "o":
        return _class_combos(a + b + "o")
    return np.concatenate([_class_combos(a + b + "s"), _class_combos(a + b + "o")])
