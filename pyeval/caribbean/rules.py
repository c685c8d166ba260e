"""Casino Stud Poker (Caribbean stud): the game's constants, the checks of its inputs and the
strengths it is played by (pyeval.evaluate_high is the one source of truth).  Shared by the
decision (pyeval.caribbean), the situation counts (pyeval.caribbean.counts) and the house edge."""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TypeAlias

import numpy as np

from pyeval.core.cards import format_card, parse_cards
from pyeval.core.checks import is_number
from pyeval.core.describe import hand_category
from pyeval.core.evaluate import HIGH_CATEGORIES, evaluate_high

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

CATEGORY_TEXT = {
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
HANDS5 = math.comb(52, 5)
SITUATIONS = HANDS5 * 47
#: Every deal: player hand x dealer up-card x dealer completion.
DEALS = SITUATIONS * COMPLETIONS

Number: TypeAlias = int | Fraction
#: Cards as text (``"AsKd7c5h2d"``), codes (0..51), card strings or an array.
CardsLike: TypeAlias = str | int | Sequence[int | str] | np.ndarray
StrategyFn = Callable[[np.ndarray, int], bool]


def card_text(code: int) -> str:
    return format_card(code)


def exact_number(x: Fraction) -> Number:
    """A Fraction with denominator 1 as an int, else unchanged."""
    return int(x) if x.denominator == 1 else x


# ---------------------------------------------------------------------------
# input validation
# ---------------------------------------------------------------------------

def _to_codes(cards, what: str) -> list[int]:
    """Cards as a list of codes; accepts text, codes, card strings or arrays."""
    if isinstance(cards, str):
        try:
            parsed = parse_cards(cards)
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


def check_situation(hand: CardsLike, dealer_up: CardsLike) -> tuple[list[int], int]:
    codes = _to_codes(hand, "hand")
    if len(codes) != 5:
        raise ValueError(f"hand must have exactly 5 cards, got {len(codes)}")
    if len(set(codes)) != 5:
        raise ValueError(f"duplicate card in hand {' '.join(map(card_text, codes))}")
    up = _to_codes(dealer_up, "dealer up-card")
    if len(up) != 1:
        raise ValueError(f"dealer up-card must be exactly 1 card, got {len(up)}")
    if up[0] in codes:
        raise ValueError(f"dealer up-card {card_text(up[0])} is also in the player's hand")
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
        if not is_number(value):
            raise ValueError(f"payout for {key!r} must be a number, got {value!r}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"payout for {key!r} must be finite, got {value!r}")
        exact = Fraction(value)
        if exact < 0:
            raise ValueError(f"payout for {key!r} must not be negative, got {value!r}")
        table[key] = exact_number(exact)
    return table


# ---------------------------------------------------------------------------
# evaluator-derived tables (pyeval.evaluate_high is the one source of truth)
# ---------------------------------------------------------------------------

def evaluate_hand(cards: np.ndarray) -> np.ndarray:
    return np.asarray(evaluate_high(np.ascontiguousarray(cards, dtype=np.uint8)), dtype=np.int32)


@lru_cache(maxsize=1)
def _landmarks() -> tuple[int, int]:
    """(qualifier, royal): the strength of A-K-4-3-2 offsuit, the weakest hand
    with which the dealer qualifies, and of a royal flush."""
    hands = np.array([[48, 45, 10, 7, 0], [48, 44, 40, 36, 32]], dtype=np.uint8)  # AcKd4h3s2c, AcKcQcJcTc
    q, royal = (int(x) for x in evaluate_hand(hands))
    return q, royal


def qualifier() -> int:
    return _landmarks()[0]


def category_of(strengths: np.ndarray) -> np.ndarray:
    """Pay-table category index (into CATEGORIES) of each strength, from
    :func:`pyeval.hand_category` (a royal flush is split from the straight flushes)."""
    s = np.asarray(strengths, dtype=np.int64)
    names, inverse = np.unique(np.asarray(hand_category(s)).ravel(), return_inverse=True)
    index = np.array([list(HIGH_CATEGORIES).index(str(n)) for n in names], dtype=np.int8)
    out = index[inverse.ravel()].reshape(s.shape)
    out[s == _landmarks()[1]] = CATEGORIES.index("royal-flush")
    return out


@lru_cache(maxsize=1)
def completion_index() -> np.ndarray:
    """All 4-subsets of range(46), shape (163185, 4)."""
    return np.array(list(itertools.combinations(range(46), 4)), dtype=np.uint8)

