"""Hold'em range tokens (``QQ+``, ``AKs``, ``A2s+``, ``K9s-K6s``, ``AsK*``, ``15%``) as combo
indices, and the token error every range parser shares (moved out of pyeval/ranges/__init__.py)."""

from __future__ import annotations

import re

import numpy as np

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS, UNKNOWN_HAND_TEXT
from pyeval.ranges.classes import COMBO_INDEX, class_combos
from pyeval.ranges.generic import RangeError, one_case
from pyeval.ranges.preflop import top_percent

UNKNOWN = UNKNOWN_HAND_TEXT | {"any", "100%"}


def is_unknown_word(body: str) -> bool:
    """Whether a range token is a word for every hand (``random``, ``any``, ``100%``), in one case."""
    return body.lower() in UNKNOWN and one_case(body)

RANK_PATTERN = "[2-9TJQKA]"
_PAIR = re.compile(rf"({RANK_PATTERN})\1(\+?)", re.I)
_PAIR_RUN = re.compile(rf"({RANK_PATTERN})\1-({RANK_PATTERN})\2", re.I)
_CLASS = re.compile(rf"({RANK_PATTERN})({RANK_PATTERN})([so]?)(\+?)", re.I)
_CLASS_RUN = re.compile(rf"({RANK_PATTERN})({RANK_PATTERN})([so]?)-({RANK_PATTERN})({RANK_PATTERN})([so]?)", re.I)
_EXPLICIT = re.compile(rf"({RANK_PATTERN})([cdhs*])({RANK_PATTERN})([cdhs*])", re.I)
_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)%")


def bad_token(token: str, text: str, why: str) -> RangeError:
    column = text.find(token.strip())
    where = f" at column {column + 1} of {text!r}" if text.strip() != token and column >= 0 else ""
    return RangeError(f"bad range token {token!r}{where}: {why}")


def rank_of(ch: str) -> int:
    return RANK_CHARS.index(ch.upper())


def holdem_token(body: str, token: str, text: str) -> np.ndarray:
    """Combo indices (into HOLDEM_COMBOS) of one hold'em token (weight removed)."""
    low = body.lower()
    if low in UNKNOWN:
        return np.arange(1326)
    m = _PERCENT.fullmatch(body)
    if m:
        p = float(m.group(1))
        if p > 100:
            raise bad_token(token, text, "a percentage is at most 100%")
        return top_percent(p)
    m = _PAIR.fullmatch(body)
    if m:
        r = rank_of(m.group(1))
        ranks = range(r, 13) if m.group(2) else [r]
        return np.concatenate([class_combos(RANK_CHARS[k] * 2) for k in ranks])
    m = _PAIR_RUN.fullmatch(body)
    if m:
        a, b = sorted((rank_of(m.group(1)), rank_of(m.group(2))))
        return np.concatenate([class_combos(RANK_CHARS[k] * 2) for k in range(a, b + 1)])
    m = _EXPLICIT.fullmatch(body)
    if m:
        r1, s1, r2, s2 = rank_of(m.group(1)), m.group(2).lower(), rank_of(m.group(3)), m.group(4).lower()
        out = []
        for a in (range(4) if s1 == "*" else [SUIT_CHARS.index(s1)]):
            for b in (range(4) if s2 == "*" else [SUIT_CHARS.index(s2)]):
                c1, c2 = 4 * r1 + a, 4 * r2 + b
                if c1 != c2:
                    out.append(COMBO_INDEX[c1, c2])
        if not out:
            raise bad_token(token, text, "the same card twice")
        return np.unique(np.array(out, np.int64))
    m = _CLASS.fullmatch(body)
    if m:
        hi, lo, kind, plus = rank_of(m.group(1)), rank_of(m.group(2)), m.group(3).lower(), m.group(4)
        if hi == lo:
            raise bad_token(token, text, "a pair has no suited/offsuit form (write QQ or QQ+)")
        if hi < lo:
            hi, lo = lo, hi
        kickers = range(lo, hi) if plus else [lo]
        return np.concatenate([_nonpair(hi, k, kind) for k in kickers])
    m = _CLASS_RUN.fullmatch(body)
    if m:
        h1, l1, k1, h2, l2, k2 = (rank_of(m.group(1)), rank_of(m.group(2)), m.group(3).lower(), rank_of(m.group(4)),
                                  rank_of(m.group(5)), m.group(6).lower())
        if k1 != k2:
            raise bad_token(token, text, "both ends of a run need the same suitedness (T9s-65s)")
        if h1 < l1:
            h1, l1 = l1, h1
        if h2 < l2:
            h2, l2 = l2, h2
        if h1 == l1 or h2 == l2:
            raise bad_token(token, text, "pairs run as 22-55")
        if h1 == h2:
            lo, hi = sorted((l1, l2))
            return np.concatenate([_nonpair(h1, k, k1) for k in range(lo, hi + 1)])
        if h1 - h2 == l1 - l2:
            step = 1 if h2 > h1 else -1
            return np.concatenate([_nonpair(h1 + d * step, l1 + d * step, k1) for d in range(abs(h2 - h1) + 1)])
        raise bad_token(token, text, "a run keeps the top card (K9s-K6s) or moves both cards together (T9s-65s)")
    raise bad_token(token, text, "expected e.g. QQ, QQ+, 22-55, AKs, AKo, AK, A2s+, K9s-K6s, T9s-65s, AhKh, AsK*, "
                            "15%, random, with an optional weight like AKs:0.5")


def _nonpair(hi: int, lo: int, kind: str) -> np.ndarray:
    a, b = RANK_CHARS[hi], RANK_CHARS[lo]
    if kind == "s":
        return class_combos(a + b + "s")
    if kind == "o":
        return class_combos(a + b + "o")
    return np.concatenate([class_combos(a + b + "s"), class_combos(a + b + "o")])
