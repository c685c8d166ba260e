"""Hand ranges: the notation players write, parsed into weighted sets of hands; and the
shipped preflop tables (``preflop_matrix``, ``preflop_equity``) they rely on.

Hold'em syntax (also short deck, hold'em hi/lo, double-board hold'em), comma-separated tokens:

=================  ============================================================================
``QQ``             a pair (6 combos); ``QQ+`` = QQ, KK, AA; ``22-55`` (or ``55-22``) = 22..55
``AKs`` ``AKo``    suited (4 combos) / offsuit (12); ``AK`` = both (16)
``A2s+``           the kicker rises up to one below the top card: A2s..AKs (``KTo+``, ``Q9+``)
``K9s-K6s``        a kicker run with the top card fixed: K9s, K8s, K7s, K6s
``T9s-65s``        both ranks step together: T9s, 98s, 87s, 76s, 65s (gappers: ``T8s-64s``)
``AhKh``           one exact combo; ``*`` is any suit: ``AsK*`` (4 combos), ``A*K*`` (= AK)
``15%``            the top 15% of the 1,326 combos, by exact preflop equity against one random
                   hand (``preflop_order()``; pyeval computed it: ``tables/preflop.py``): whole
                   hand classes are taken in that order, as many as bring the combo count
                   nearest to 15% of 1,326 (ties: fewer)
``random`` ``xx``  every combo (also ``any``, ``100%``)
``AKs:0.5``        a weight: the token's combos get weight 0.5 (any number >= 0; the default 1)
=================  ============================================================================

Weights are relative: a deal's probability is proportional to the product of the players'
combo weights.  When tokens overlap, the later token's weight wins (``AKs,AhKh:0.25``;
weight 0 removes combos: ``QQ+,AsAh:0``).  Ranks may be lower or upper case; spaces inside
a token are ignored.

Omaha syntax (``omaha``, ``omaha-hilo``, 5- and 6-card Omaha, Courchevel, double-board Omaha),
comma-separated tokens, each a hand *pattern* of at most the hole-card count of items:

=================  ============================================================================
``AsKsQdJd``       one exact hand
``AA**``           any hand holding (at least) two aces: ``*`` or ``x`` is any card, a rank
                   alone is a card of that rank in any suit; missing items are ``*``, so
                   ``AA`` = ``AA**``; ``AAKK`` is every aces-and-kings hand (36 combos)
``As**``           explicit cards and patterns mix: ace of spades plus any two cards
``...ds``          suffix: double suited (exactly two suits hold two cards each, none holds
                   more: 2-2 for four cards); ``ss`` single suited (exactly one suit holds two
                   cards, none more: 2-1-1); ``rainbow`` (all suits different); e.g. ``AAKKds``
``random`` ``xx``  every hand; ``:w`` weights as in hold'em
=================  ============================================================================

Other games take explicit hands (``"AsAdKc,QsQdQc"``) and ``random``.

>>> r = parse_range("QQ+,AKs")
>>> len(r), str(r)
(22, 'QQ+,AKs')
>>> parse_range(str(r)) == r
True
>>> len(parse_range("A2s+")), len(parse_range("AAKKds", game="omaha"))
(48, 6)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, cast

import numpy as np

from pyeval.core.cards import RANK_CHARS, card_code, format_card, parse_cards, parse_partial
from pyeval.core.checks import weight_problem
from pyeval.core.games import Game, get_game
from pyeval.query.limits import MAX_RANGE_WORK
from pyeval.ranges.classes import (
    CLASS_NAMES,
    HOLDEM_COMBOS,
    all_of,
    class_of,
    combo_masks,
)
from pyeval.ranges.formatting import format_holdem, with_weight
from pyeval.ranges.generic import RangeError, is_legacy_pattern, last_of_each
from pyeval.ranges.holdem_tokens import (
    RANK_PATTERN,
    UNKNOWN,
    bad_token,
    holdem_token,
    is_unknown_word,
    rank_of,
)
from pyeval.ranges.preflop import (
    preflop_counts,
    preflop_equity,
    preflop_info,
    preflop_matrix,
    preflop_order,
)

if TYPE_CHECKING:
    from pyeval.core._types import Cards

__all__ = [
    "Range", "parse_range", "is_range_entry", "CLASS_NAMES", "class_of", "preflop_matrix", "preflop_counts",
    "preflop_equity", "preflop_order", "preflop_info", "HOLDEM_COMBOS", "UNKNOWN", "RangeError",
]


# ---------------------------------------------------------------------------
# the Range object
# ---------------------------------------------------------------------------


class Range:
    """A weighted set of hands (combos) of ``hole`` cards each.

    combos   (n, hole) uint8 card codes, each row highest card first, rows in descending order
    weights  (n,) float64, all > 0
    masks    (n,) uint64 card bitmasks

    Build one with :func:`parse_range` (or ``Range.from_hands``).  Ranges compare equal when
    they hold the same combos with the same weights; ``str(r)`` is range text that parses back
    to an equal range.
    """

    __hash__ = None  # type: ignore[assignment]  # mutable arrays inside; equality is by content

    def __init__(self, combos: np.ndarray, weights: np.ndarray | None = None, hole: int | None = None,
                 text: str | None = None, lowest_card: int = 0, family: str = "holdem"):
        combos = _card_codes(combos)
        if combos.ndim != 2:
            raise ValueError("combos must be a 2-D array, one hand per row")
        hole = combos.shape[1] if hole is None else hole
        if combos.shape[1] != hole:
            raise ValueError(f"combos have {combos.shape[1]} cards, expected {hole}")
        weights = np.ones(len(combos)) if weights is None else np.asarray(weights, np.float64)
        if weights.shape != (len(combos),):
            raise ValueError("one weight per combo")
        problem = weight_problem(weights)
        if problem:
            raise ValueError(f"range {problem}")
        keep = weights > 0
        combos, weights = combos[keep], weights[keep]
        combos = -np.sort(-combos.astype(np.int16), axis=1).astype(np.uint8)
        masks = combo_masks(combos)
        order = np.argsort(masks)[::-1]
        masks, combos, weights = masks[order], combos[order], weights[order]
        if len(masks) > 1 and (masks[1:] == masks[:-1]).any():
            raise ValueError("a combo appears twice")
        if hole > 1 and (combos[:, 1:] == combos[:, :-1]).any():
            raise ValueError("a combo holds a card twice")
        self.combos, self.weights, self.masks = combos, weights, masks
        self.hole, self.lowest_card, self.family = hole, lowest_card, family
        self._text = text

    @classmethod
    def from_hands(cls, hands: Sequence[Cards], weights: Sequence[float] | np.ndarray | None = None,
                   game: str | Game = "holdem") -> Range:
        """A range of explicit hands (text or codes), optionally weighted."""
        g = get_game(game)
        rows = [parse_cards(h) for h in hands]
        hole = len(rows[0]) if rows else g.hole
        if any(len(r) != hole for r in rows):
            raise ValueError("every hand of a range must have the same number of cards")
        arr = np.array(rows, np.uint8).reshape(len(rows), hole)
        return cls(arr, None if weights is None else np.asarray(weights), hole, None, g.lowest_card, g.family)

    @classmethod
    def from_solver(cls, text: str) -> Range:
        """A hold'em range from PioSolver / GTO+ text (``AKs:0.5,AhKh:0.25``; ranges/solver.py)."""
        from pyeval.ranges.solver import from_solver
        return cls(*from_solver(text), 2)

    def to_solver(self) -> str:
        """The range as PioSolver / GTO+ text; ``Range.from_solver`` reads it back exactly."""
        from pyeval.ranges.solver import to_solver
        return to_solver(self)

    # -- content ---------------------------------------------------------
    def __len__(self) -> int:
        return len(self.combos)

    @property
    def total_weight(self) -> float:
        return float(self.weights.sum())

    @property
    def is_random(self) -> bool:
        """Every hand of the game's deck, all with the same weight (an unknown hand)."""
        n = math.comb(52 - self.lowest_card, self.hole)
        return len(self) == n and bool((self.weights == self.weights[0]).all())

    def hands(self) -> list[str]:
        """Each combo as text (``'AhKh'``), in the range's order."""
        return ["".join(format_card(c) for c in row) for row in self.combos]

    def to_dict(self) -> dict[str, float]:
        return dict(zip(self.hands(), self.weights.tolist()))

    def __contains__(self, hand) -> bool:
        key = combo_masks(parse_cards(hand)[None, :])[0]
        return bool((self.masks == key).any())

    def weight(self, hand: Cards) -> float:
        """The weight of one combo (0 when it is not in the range)."""
        key = combo_masks(parse_cards(hand)[None, :])[0]
        hit = np.flatnonzero(self.masks == key)
        return float(self.weights[hit[0]]) if len(hit) else 0.0

    def without(self, cards: Cards) -> Range:
        """The range without the combos that hold any of ``cards`` (card removal)."""
        dead = combo_masks(np.asarray(parse_cards(cards), np.uint8)[None, :])[0] if len(parse_cards(cards)) else 0
        keep = (self.masks & np.uint64(dead)) == 0
        return Range(self.combos[keep], self.weights[keep], self.hole, None, self.lowest_card, self.family)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return (self.hole == other.hole and len(self) == len(other) and bool((self.masks == other.masks).all())
                and bool((self.weights == other.weights).all()))

    # -- text --------------------------------------------------------------
    def __str__(self) -> str:
        if getattr(self, "_str", None) is None:
            if self.is_random and self.weights[0] == 1:
                self._str = "random"
            elif self.family == "holdem" and self.hole == 2:
                self._str = format_holdem(self)
            elif self._text is not None:
                self._str = self._text
            else:
                self._str = ",".join(with_weight(h, w) for h, w in zip(self.hands(), self.weights.tolist()))
        return self._str

    def __repr__(self) -> str:
        text = str(self)
        if len(text) > 80:
            text = text[:77] + "..."
        return f"Range({text!r}, {len(self)} combos)"


def _card_codes(combos) -> np.ndarray:
    """Card codes as uint8, checked before the cast (300 would wrap to 44, a real card)."""
    arr = np.asarray(combos)
    if arr.size == 0:
        return arr.astype(np.uint8)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"a Range holds integer card codes 0..51, got dtype {arr.dtype}")
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        raise ValueError(f"a Range's card codes are 0..51; codes outside 0..51: {sorted(set(arr[bad].tolist()))[:10]}")
    return arr.astype(np.uint8)


# ---------------------------------------------------------------------------
# parsing
# ---------------------------------------------------------------------------

def _split_weight(token: str, text: str) -> tuple[str, float]:
    if ":" not in token:
        return token, 1.0
    body, _, w = token.rpartition(":")
    try:
        weight = float(w)
    except ValueError:
        raise bad_token(token, text, f"the weight {w!r} is not a number") from None
    problem = weight_problem(weight)
    if problem:
        raise bad_token(token, text, problem)
    return body, weight


def _tokens(text: str) -> list[str]:
    return [re.sub(r"\s+", "", t) for t in text.split(",")]


def parse_range(text: str | Range, game: str | Game = "holdem") -> Range:
    """Parse range text for ``game`` (module docstring: the syntax).  A Range passes through.

    Raises ValueError (``RangeError``) naming the token that does not parse.

    >>> len(parse_range("QQ+")), len(parse_range("AKo")), len(parse_range("random"))
    (18, 12, 1326)
    """
    g = get_game(game)
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise TypeError(f"a range is text such as 'QQ+,AKs', got {type(text).__name__}")
    family = g.family
    if not text.strip():
        raise RangeError("empty range")
    _check_ascii(text)
    if family == "omaha" and not _plain_omaha(text, g.hole):
        return _generic_range(text, g, family)
    tokens = list(last_of_each(_tokens(text), str))  # a repeated token is read once (the last one wins)
    weights: dict[int, float] = {}  # combo mask -> weight (hold'em: combo index)
    if family == "holdem":
        try:
            if set(text) & _GENERIC_ONLY:
                raise RangeError(text)
            for token in tokens:
                body, w = _split_weight(token, text)
                if not body:
                    raise bad_token(token, text, "empty token (two commas in a row?)")
                for idx in holdem_token(body, token, text).tolist():
                    weights[idx] = w
        except RangeError:  # not hold'em notation: the generic syntax if it uses any of its marks
            if not _GENERIC_MARK.search(text):
                raise
            return _generic_range(text, g, family)
        idx = np.array(sorted(weights), np.int64)
        combos = HOLDEM_COMBOS[idx] if len(idx) else np.zeros((0, 2), np.uint8)
        wts = np.array([weights[i] for i in idx.tolist()])
        keep = (combos >= g.lowest_card).all(axis=1)
        r = Range(combos[keep], wts[keep], 2, None, g.lowest_card, family)
    else:
        if family == "omaha":
            _check_omaha_price(tokens, text, g)
        normalized = []
        arrays = []
        for token in tokens:
            body, w = _split_weight(token, text)
            if not body:
                raise bad_token(token, text, "empty token (two commas in a row?)")
            if family == "omaha":
                combos, norm = cast(tuple, _omaha_token(body, token, text, g.hole, g.lowest_card))
            else:
                combos, norm = _explicit_token(body, token, text, g.hole)
            normalized.append(with_weight(norm, w))
            arrays.append((combos, w))
        hole = arrays[0][0].shape[1]
        if any(c.shape[1] != hole for c, _ in arrays):
            raise RangeError(f"every hand of the range {text!r} must have the same number of cards")
        rows = np.concatenate([c for c, _ in arrays])
        wts = np.concatenate([np.full(len(c), w) for c, w in arrays])
        if len(arrays) > 1:  # the last token wins: keep each mask's last occurrence
            _, last = np.unique(combo_masks(rows)[::-1], return_index=True)
            keep = len(rows) - 1 - last
            rows, wts = rows[keep], wts[keep]
        r = Range(rows, wts, hole, ",".join(normalized), g.lowest_card, family)
    if len(r) == 0:
        raise RangeError(f"the range {text!r} holds no hand")
    return r


def _check_ascii(text: str) -> None:
    """Range syntax is ASCII: a full-width or accented letter would otherwise be read as a rank
    variable (``ＡＡ``: any pair) and a full-width digit as a number."""
    for column, ch in enumerate(text):
        if not ch.isascii() and not ch.isspace():
            raise RangeError(f"bad range character {ch!r} at column {column + 1} of {text!r}: range text is "
                             "ASCII (ranks A K Q J T 9-2, suits s h d c, variables are ASCII letters)")


_GENERIC_ONLY = set("()[]!@$")
# what only the generic syntax writes: suit variables, rank variables, ( ) [ ] ! @ $, x%-y%
_GENERIC_MARK = re.compile(r"[wxyz]|[BEFGILMNOPRUV]|[()\[\]!@$]|%-")


def _plain_omaha(text: str, hole: int) -> bool:
    """Whether text is a list of pyeval's Omaha patterns (``AA**ds``, ``AAxx:0.5``), read by the
    parser below; anything else is the generic syntax (pyeval/ranges/generic.py)."""
    if set(text) & (_GENERIC_ONLY | {"%"}):
        return False
    for token in _tokens(text):
        body, _, weight = token.rpartition(":") if ":" in token else (token, "", "")
        if weight and not re.fullmatch(r"[\d.eE+-]+", weight):
            return False  # AA:xxyy: the generic "both"
        if body and not is_unknown_word(body) and not is_legacy_pattern(body, hole):
            return False
    return True


def _generic_range(text: str, g: Game, family: str) -> Range:
    from pyeval.ranges.expand import Context, cards_to_masks, check_price, expand, masks_to_cards
    from pyeval.ranges.generic import Parser

    def holdem_atom(token: str) -> np.ndarray:
        body = token
        return cards_to_masks(HOLDEM_COMBOS[holdem_token(body, token, text)])

    tree = Parser(text, g.hole, family, holdem_atom if family == "holdem" else None).parse()
    ctx = Context(text, g.hole, g.lowest_card)
    check_price(tree, ctx)
    masks, weights = expand(tree, ctx)
    keep = weights > 0
    if g.lowest_card:
        keep &= (masks & np.uint64((1 << g.lowest_card) - 1)) == 0
    if not keep.any():
        raise RangeError(f"the range {text!r} holds no hand")
    combos = masks_to_cards(masks[keep], g.hole)
    return Range(combos, weights[keep], g.hole, re.sub(r"\s+", "", text), g.lowest_card, family)


# -- Omaha -------------------------------------------------------------------

_OMAHA_SUFFIXES = ("rainbow", "ds", "ss")
_OMAHA_ITEM = re.compile(rf"({RANK_PATTERN})([cdhs*])?|([*x])", re.I)


def _omaha_price(body: str, token: str, text: str, hole: int, lowest: int) -> int:
    """The rows building one Omaha pattern takes (counted, nothing built)."""
    return cast(int, _omaha_token(body, token, text, hole, lowest, price_only=True))


def _omaha_token(body: str, token: str, text: str, hole: int, lowest: int,
                 price_only: bool = False) -> tuple[np.ndarray, str] | int:
    """The hands of one Omaha pattern (``price_only``: how many rows building them takes)."""
    low = body.lower()
    if is_unknown_word(body):
        if price_only:
            return math.comb(52 - lowest, hole)
        return all_of(list(range(lowest, 52)), hole), "random"
    suffix = ""
    for s in _OMAHA_SUFFIXES:
        if low.endswith(s) and len(low) > len(s):
            suffix, body = s, body[: -len(s)]
            break
    items: list[tuple] = []  # ("any",), ("card", code), ("rank", rank)
    pos = 0
    while pos < len(body):
        m = _OMAHA_ITEM.match(body, pos)
        if m is None:
            raise bad_token(token, text, f"unexpected {body[pos:]!r}: items are cards (As), ranks (A), any card (*), "
                                    "then an optional ds, ss or rainbow")
        if m.group(3):
            items.append(("any",))
        elif m.group(2) and m.group(2) != "*":
            items.append(("card", card_code(m.group(1) + m.group(2))))
        else:
            items.append(("rank", rank_of(m.group(1))))
        pos = m.end()
    if len(items) > hole:
        raise bad_token(token, text, f"more than {hole} cards")
    explicit = [it[1] for it in items if it[0] == "card"]
    if len(set(explicit)) != len(explicit):
        raise bad_token(token, text, "the same card twice")
    if any(c < lowest for c in explicit):
        raise bad_token(token, text, "a card not in this game's deck")
    need: dict[int, int] = {}
    for it in items:
        if it[0] == "rank":
            need[it[1]] = need.get(it[1], 0) + 1
    wild = hole - len(explicit) - sum(need.values())
    avail = {rank: sum(4 * rank + s not in explicit and 4 * rank + s >= lowest for s in range(4)) for rank in need}
    if price_only:
        left = 52 - lowest - len(explicit) - sum(need.values())
        return math.prod(math.comb(avail[r], k) for r, k in need.items()) * math.comb(max(left, 0), max(wild, 0))
    bases = [list(explicit)]
    for rank, count in need.items():
        suits = [4 * rank + s for s in range(4) if 4 * rank + s not in explicit and 4 * rank + s >= lowest]
        if len(suits) < count:
            raise bad_token(token, text, f"more {RANK_CHARS[rank]}s than the deck holds")
        bases = [b + list(pick) for b in bases for pick in combinations(suits, count)]
    blocks = []
    for base in bases:
        rest = [c for c in range(lowest, 52) if c not in base]
        fills = all_of(rest, wild)
        blocks.append(np.hstack([np.tile(np.array(base, np.uint8).reshape(1, -1), (len(fills), 1)), fills]))
    rows = np.concatenate(blocks)
    if len(bases) > 1:  # one base and distinct fills are distinct hands; several may repeat one
        _, first = np.unique(combo_masks(rows), return_index=True)
        rows = rows[np.sort(first)]
    combos = rows
    if suffix:
        counts = np.stack([((combos & 3) == s).sum(axis=1) for s in range(4)], axis=1)
        pairs = (counts == 2).sum(axis=1)
        most = counts.max(axis=1)
        keep = {"ds": (pairs == 2) & (most == 2), "ss": (pairs == 1) & (most == 2), "rainbow": most == 1}[suffix]
        combos = combos[keep]
    if len(combos) == 0:
        raise bad_token(token, text, "no hand matches")
    norm = "".join("*" if it[0] == "any" else RANK_CHARS[it[1]] if it[0] == "rank" else format_card(it[1])
                   for it in items) + "*" * (hole - len(items)) + suffix
    return combos, norm


def _check_omaha_price(tokens: list[str], text: str, g: Game) -> None:
    """RangeError before anything is built when the range's Omaha patterns together take more than
    MAX_RANGE_WORK rows, naming the token that passes the limit and the count."""
    total = 0
    for token in tokens:
        body, _ = _split_weight(token, text)
        if not body:
            continue  # refused as an empty token when the range is read
        count = _omaha_price(body, token, text, g.hole, g.lowest_card)
        total += count
        if total > MAX_RANGE_WORK:
            raise bad_token(token, text, f"it takes {count:,} candidate hands to build ({total:,} with the tokens "
                                    f"before it), beyond the limit of {MAX_RANGE_WORK:,} "
                                    "(pyeval.query.limits.MAX_RANGE_WORK); narrow it (e.g. 'AA' in place of 'A', "
                                    "'AAxxds' in place of 'AA')")


def _explicit_token(body: str, token: str, text: str, hole: int) -> tuple[np.ndarray, str]:
    if is_unknown_word(body):
        raise bad_token(token, text, "'random' stands alone in this game (pass 'random' as the hand)")
    try:
        cards = parse_cards(body)
    except ValueError as exc:
        raise bad_token(token, text, f"this game's ranges are lists of explicit hands ({exc})") from None
    if not 1 <= len(cards) <= hole:
        raise bad_token(token, text, f"hands have 1 to {hole} cards")
    return cards[None, :].astype(np.uint8), "".join(format_card(c) for c in cards)


# -- which hand entries are ranges ---------------------------------------------

_RANGE_CHARS = set(",+-%:*()[]!@$")


def _explicit_combos(text: str, game: str | Game) -> bool:
    """Whether text lists two or more whole hands of the game, comma-separated ("AhKh,QsQd"): a
    range of explicit combos.  Cards separated by commas one at a time ("Ah,Kh") stay cards."""
    parts = text.split(",")
    if len(parts) < 2:
        return False
    hole = get_game(game).hole
    try:
        return all(len(parse_cards(part)) == hole for part in parts)
    except (ValueError, TypeError):
        return False


def is_range_entry(entry: object, game: str | Game = "holdem") -> bool:
    """True when a ``hands`` entry of ``pyeval.equity`` is a range: a Range, or text that is
    neither plain cards nor ``random`` and either parses as a range of ``game`` or uses range
    punctuation (then the range parser reports what is wrong with it)."""
    if isinstance(entry, Range):
        return True
    if not isinstance(entry, str) or entry.strip().lower() in UNKNOWN - {"100%", "any"}:
        return False
    if _explicit_combos(entry, game):  # "AhKh,QsQd": two hands, not four cards
        return True
    if parse_partial(entry) is not None:  # cards, with missing ones written as * or ?? (Ah*)
        return False
    if _RANGE_CHARS & set(entry):
        return True
    try:
        parse_range(entry, game)
        return True
    except (ValueError, TypeError):
        return False
