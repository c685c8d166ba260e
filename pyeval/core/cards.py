"""Card text <-> integer codes, and validation.

The encoding (docs/DESIGN.md): ``code = 4 * rank + suit`` with rank 0 = deuce ..
12 = ace and suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.

>>> parse_cards("As Kd 10h").tolist()
[51, 45, 34]
>>> format_cards([51, 45, 34])
'As Kd Th'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, overload

import numpy as np

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
RANK_PLURALS = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
                "kings", "aces"]
DECK_SIZE = 52
_UNICODE_SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE | re.ASCII)  # ASCII: no Kelvin sign for "k"
_SEPARATORS = re.compile(r"[\s,;]+")
_SUIT_TABLE = str.maketrans(_UNICODE_SUITS)

CardsLike = str | Iterable | np.ndarray


def reject_bytes(cards: object, what: str = "cards") -> None:
    """Bytes are never cards: ``b"\\x00\\x05"`` could be codes or text, so it is neither (TypeError)."""
    if isinstance(cards, (bytes, bytearray, memoryview)) or (isinstance(cards, np.ndarray) and cards.dtype.kind == "S"):
        raise TypeError(f"{what}: bytes are not cards (text or codes?): give text like 'As Kd' or integer codes "
                        "(a list or an integer numpy array)")


def card_code(text: str) -> int:
    """Code of one card such as ``"As"``, ``"10h"``, ``"td"``.

    >>> card_code("2c"), card_code("As")
    (0, 51)
    """
    m = _TOKEN.fullmatch(text.strip().translate(_SUIT_TABLE)) if isinstance(text, str) else None
    if m is None:
        raise ValueError(f"bad card {_excerpt(text)}: expected a rank (2-9, T or 10, J, Q, K, A) "
                         "and a suit (c, d, h, s)")
    rank = "T" if m.group(1) == "10" else m.group(1).upper()
    return 4 * RANK_CHARS.index(rank) + SUIT_CHARS.index(m.group(2).lower())


def _excerpt(text, limit: int = 60) -> str:
    """repr of ``text`` for an error message, cut short for huge inputs."""
    if isinstance(text, str) and len(text) > limit:
        return f"{text[:limit]!r}... ({len(text)} characters)"
    return repr(text)


_PLAIN_CODES = {RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3]: c for c in range(DECK_SIZE)}


@lru_cache(maxsize=4096)
def parse_card_text(text: str) -> tuple[int, ...]:
    """The codes of card text (``"AsKd"``, ``"as, 10d"``, ``"A♠"``), cached: the one reading of
    card text (``parse_cards`` takes lists and codes too).  Duplicates are not checked here.

    >>> parse_card_text("AsKd"), parse_card_text("as 10d")
    ((51, 45), (51, 33))
    """
    if len(text) % 2 == 0:  # the usual compact form ("AsKd7c"): a dictionary look-up a card
        codes = [_PLAIN_CODES.get(text[i:i + 2], -1) for i in range(0, len(text), 2)]
        if -1 not in codes:
            return tuple(codes)
    cleaned = _SEPARATORS.sub("", text.translate(_SUIT_TABLE))
    codes, pos = [], 0
    while pos < len(cleaned):
        m = _TOKEN.match(cleaned, pos)
        if m is None:
            bad = cleaned[pos:pos + 2] or cleaned[pos:]
            raise ValueError(f"bad card {bad!r} in {_excerpt(text)}: expected cards like 'As', 'Td' or '10h'")
        codes.append(card_code(m.group(0)))
        pos = m.end()
    return tuple(codes)


def _parse_text(text: str) -> list[int]:
    # Short texts (hands, boards) repeat across queries: cache them; long ones are parsed once.
    return list(parse_card_text(text) if len(text) <= 64 else parse_card_text.__wrapped__(text))


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> np.ndarray:
    """Parse cards from text (``"AsKd"``, ``"As Kd"``, ``"as,kd"``, ``"10h"``), a list of card
    strings, or integer codes; return a 1-D ``uint8`` array of codes.

    Raises ValueError naming the offending card for bad text, out-of-range codes
    and duplicates; TypeError for values that are neither text nor integers.

    >>> parse_cards(["Ah", "Kh"]).tolist()
    [50, 46]
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As
    """
    if isinstance(cards, np.ndarray):
        cards = np.asarray(cards)  # a subclass (masked array, matrix): its plain data
    reject_bytes(cards)
    if isinstance(cards, str):
        codes = _parse_text(cards)
    elif isinstance(cards, np.ndarray) and cards.dtype.kind in "iub":
        codes = _check_codes(cards)
    else:
        codes = []
        for item in (cards.tolist() if isinstance(cards, np.ndarray) else cards):
            reject_bytes(item)
            if isinstance(item, str):
                codes.extend(_parse_text(item))
            elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
                codes.extend(_check_codes(np.array([int(item)])))
            else:
                raise TypeError(f"bad card {item!r}: expected card text like 'As' or an integer code 0..51")
    out = np.asarray(codes, dtype=np.uint8)
    if not allow_duplicates:
        check_distinct(out)
    return out


_UNKNOWN_CARD = re.compile(r"\*|\?\?")


def parse_partial(text: str) -> tuple[np.ndarray, int] | None:
    """Cards with their missing ones written out: ``*`` or ``??`` stands for one card to be
    dealt.  Returns (known codes, missing count), or None when ``text`` is not such a hand
    (not text, or something else than cards and markers: a range, a typo).

    >>> codes, missing = parse_partial("Ah*")
    >>> codes.tolist(), missing
    ([50], 1)
    >>> parse_partial("Ah ?? ??")[1], parse_partial("AKs") is None
    (2, True)
    """
    if not isinstance(text, str):
        return None
    cleaned = _SEPARATORS.sub("", text.translate(_SUIT_TABLE))
    missing = len(_UNKNOWN_CARD.findall(cleaned))
    known = _UNKNOWN_CARD.sub("", cleaned)
    if "*" in known or "?" in known:  # a lone "?": not a card
        return None
    try:
        codes = parse_cards(known, allow_duplicates=True)  # a repeated card is reported with the others
    except ValueError:
        return None
    return codes, missing


def _check_codes(arr: np.ndarray) -> list[int]:
    if arr.dtype.kind == "b":
        raise TypeError("card codes must be integers 0..51, not booleans")
    flat = arr.ravel()
    bad = (flat < 0) | (flat >= DECK_SIZE)
    if bad.any():
        raise ValueError(f"bad card code {int(flat[bad][0])}: codes are 0..51")
    return [int(c) for c in flat]


def check_distinct(codes: np.ndarray, what: str = "") -> None:
    """Raise ValueError naming the first card that appears twice."""
    seen = np.zeros(DECK_SIZE, dtype=bool)
    for c in np.asarray(codes).ravel().tolist():
        if seen[c]:
            raise ValueError(f"duplicate card {format_card(c)}{' ' + what if what else ''}")
        seen[c] = True


def format_card(code: int) -> str:
    """Text of one card code.

    >>> format_card(51)
    'As'
    """
    if isinstance(code, (bool, np.bool_)) or not isinstance(code, (int, np.integer)):
        raise TypeError(f"bad card code {code!r}: expected an integer 0..51")
    code = int(code)
    if not 0 <= code < DECK_SIZE:
        raise ValueError(f"bad card code {code}: codes are 0..51")
    return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]


@lru_cache(maxsize=4096)
def format_codes(codes: tuple) -> str:
    """Text of a tuple of valid codes, cached (queries from a script repeat their hands)."""
    return " ".join(RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in codes)


@overload
def format_cards(codes: Sequence[int], sep: str = " ") -> str: ...
@overload
def format_cards(codes: Sequence[Sequence[int]], sep: str = " ") -> list[str]: ...
@overload
def format_cards(codes: np.ndarray, sep: str = " ") -> Any: ...  # str for 1-D codes, list[str] for 2-D


def format_cards(codes: Sequence[int] | Sequence[Sequence[int]] | np.ndarray, sep: str = " ") -> str | list[str]:
    """Text of a hand (1-D codes) or a list of texts (2-D codes).

    >>> format_cards([[51, 47], [0, 1]])
    ['As Ks', '2c 2d']
    """
    if not isinstance(sep, str):
        raise TypeError(f"sep must be a str, got {type(sep).__name__}")
    arr = np.asarray(codes)
    if arr.ndim == 2:
        return [format_cards(row, sep) for row in arr]
    return sep.join(format_card(c) for c in arr.ravel())


UNKNOWN_HAND_TEXT = frozenset({"random", "xx", "?"})
"""Texts that stand for an unknown (random) hand.  An empty text is not one of them: it is
refused, as it is more often a missing argument than a wish."""


def is_unknown_hand(hand: object) -> bool:
    """Whether a hand is the unknown (random) hand: None or one of ``UNKNOWN_HAND_TEXT``.

    >>> is_unknown_hand(" Random"), is_unknown_hand(None), is_unknown_hand("AhKh")
    (True, True, False)
    """
    return hand is None or (isinstance(hand, str) and hand.strip().lower() in UNKNOWN_HAND_TEXT)


def check_not_blank(hand: object, what: str) -> None:
    """ValueError for a hand given as empty text (write 'random' for an unknown hand)."""
    if isinstance(hand, str) and not hand.strip():
        raise ValueError(f"{what} is empty; write 'random' for an unknown hand")


SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), np.int64)
"""The 24 permutations of the four suits, as maps suit -> suit."""


def permute_suits(cards: np.ndarray, sigma: np.ndarray) -> np.ndarray:
    """The cards with each suit s replaced by sigma[s] (ranks kept)."""
    c = np.asarray(cards).astype(np.int64)
    return (4 * (c >> 2) + sigma[c & 3]).astype(np.uint8)


def suit_symmetries(groups: Iterable[np.ndarray]) -> list[np.ndarray]:
    """The suit permutations that map each group of cards onto itself, as maps suit -> suit.

    Each group (a player's hole cards, a board, the dead cards) must be fixed as a set on its own:
    fixing only their union would let a permutation move a card from a hand to the board (2h in
    a hand, 2c on the board, hearts and clubs swapped), which changes the outcomes."""
    sets = [(np.asarray(g), set(np.asarray(g).tolist())) for g in groups]
    return [sigma for sigma in SUIT_PERMUTATIONS
            if all(not len(g) or set(permute_suits(g, sigma).tolist()) == s for g, s in sets)]
