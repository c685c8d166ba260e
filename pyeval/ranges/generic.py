"""The generic range syntax (ProPokerTools' "generic syntax", as PokerJuice and Open PQL also read
it) for Omaha 4/5/6 and hold'em: a tokenizer with positions, a recursive-descent parser to a
small tree, and two evaluators over it: ``expand`` (the hands a node holds, as sorted 52-bit card
masks) and ``matches`` (which of given hands a node holds).  docs/ranges.md is the specification.

Hands are card masks (bit = card code) throughout; a term (``AxAyxy``) holds a hand when its
elements can be given distinct cards of the hand that satisfy them, the hand's other cards being
free.  Rank variables (any letter that is not a rank or a suit) stand for one rank each, distinct
variables for distinct ranks, never a rank written explicitly in the same term; suit variables
(``w x y z``) likewise for suits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS, card_code
from pyeval.core.checks import weight_problem
from pyeval.query.limits import MAX_NESTING

SUIT_VARIABLES = "wxyz"
OPERATORS = ",:!()@"
MACROS = ("$ds", "$ss", "$rb", "$np", "rainbow")
_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?", re.I)
_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)%(?:-(\d+(?:\.\d*)?|\.\d+)%)?")
# pyeval's older Omaha patterns: ranks, cards, * and trailing x (any card), a ds/ss/rainbow suffix
LEGACY_PATTERN = re.compile(r"(?:[2-9tjqka][cdhs*]?|\*)+x*(?:ds|ss|rainbow)?", re.I)
_LEGACY_ITEM = re.compile(r"([2-9tjqka])([cdhs*])?|([*x])", re.I)


def one_case(word: str) -> bool:
    """Whether a word is written in one case (``any``, ``ANY``, ``Any``): only then is it read as a
    word; ``ANy`` is the generic syntax's ace, rank variable N and suit variable y."""
    low = word.lower()
    return word in (low, low.upper(), low.capitalize())


class RangeError(ValueError):
    """A range that does not parse (a ValueError naming the bad token and where it is)."""


def error(text: str, token: str, pos: int, why: str) -> RangeError:
    return RangeError(f"bad range token {token!r} at column {pos + 1} of {text!r}: {why}")


# ---------------------------------------------------------------------------
# the tree
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Element:
    """One card of a term: the cards it may be (a 52-bit mask) and its rank and suit variables."""
    allowed: int
    rank_var: str | None = None
    suit_var: str | None = None
    rank: int | None = None  # the one explicit rank it names (rank variables avoid it)
    suit: int | None = None

    @property
    def wild(self) -> bool:
        return self.allowed == (1 << 52) - 1 and self.rank_var is None and self.suit_var is None


@dataclass(frozen=True)
class Term:
    elements: tuple[Element, ...]
    text: str
    pos: int


@dataclass(frozen=True)
class Percent:
    low: float
    high: float
    text: str
    pos: int


@dataclass(frozen=True)
class Macro:
    name: str


@dataclass(frozen=True)
class Masks:
    """A set of hands given outright (a hold'em token, a percentage of hold'em hands)."""
    masks: np.ndarray


@dataclass(frozen=True)
class Binary:
    op: str  # ":" (both) or "!" (the left without the right)
    left: object
    right: object


@dataclass(frozen=True)
class Union:
    parts: tuple[tuple[object, float | None], ...]  # (node, weight or None)


ALL = (1 << 52) - 1


def last_of_each(items: list, key) -> tuple:
    """The items with only the last of each equal ``key`` kept, in order: a repeated sub-range
    (``AA,AA,...``) is built once.  The later one wins anyway: it holds the same hands, so it
    overrides everything the earlier one set."""
    seen: set = set()
    kept = []
    for item in reversed(items):
        k = key(item)
        if k not in seen:
            seen.add(k)
            kept.append(item)
    return tuple(kept[::-1])


def node_key(node) -> object:
    """A hashable key, equal for trees that hold the same hands (the tokens' columns left out)."""
    if isinstance(node, Term):
        return ("term", node.elements)
    if isinstance(node, Percent):
        return ("percent", node.low, node.high)
    if isinstance(node, Macro):
        return ("macro", node.name)
    if isinstance(node, Masks):
        return ("masks", node.masks.tobytes())
    if isinstance(node, Binary):  # a left-deep chain, walked in a loop
        links = []
        while isinstance(node, Binary):
            links.append((node.op, node_key(node.right)))
            node = node.left
        return ("chain", node_key(node), tuple(links))
    return ("union", tuple((node_key(n), w) for n, w in node.parts))
_RANK_MASK = [sum(1 << (4 * r + s) for s in range(4)) for r in range(13)]
_SUIT_MASK = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]


# ---------------------------------------------------------------------------
# tokens and parsing
# ---------------------------------------------------------------------------

def tokenize(text: str) -> list[tuple[str, int]]:
    """Operators and atoms with their columns; whitespace is dropped (also inside atoms),
    brackets are kept whole inside an atom (``[A,K]`` holds a comma)."""
    out: list[tuple[str, int]] = []
    i, atom, start = 0, "", -1
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch in OPERATORS:
            if atom:
                out.append((atom, start))
                atom = ""
            out.append((ch, i))
            i += 1
            continue
        if ch == "$" and (atom or out and out[-1][0] == ")"):  # "AA$ds", "(AA,KK)$ds": "AA:$ds", ...
            if atom:
                out.append((atom, start))
            out.append((":", i))
            atom = ""
        if not atom:
            start = i
        if ch == "[":
            end = text.find("]", i)
            if end < 0:
                raise error(text, text[i:], i, "'[' without ']'")
            atom += re.sub(r"\s+", "", text[i:end + 1])
            i = end + 1
            continue
        atom += ch
        i += 1
    if atom:
        out.append((atom, start))
    return out


def is_legacy_pattern(token: str, hole: int) -> bool:
    """Whether ``token`` is one of pyeval's Omaha patterns (x any card, ``AA**ds``) with at most a
    hand's cards; ``AAAAx`` in Omaha 4 is not (five cards): only the generic reading (x a suit
    variable) can mean it."""
    if not LEGACY_PATTERN.fullmatch(token):
        return False
    low = token.lower()
    body = next((low[: -len(s)] for s in ("rainbow", "ds", "ss") if low.endswith(s) and len(low) > len(s)), low)
    return sum(1 for _ in _LEGACY_ITEM.finditer(body)) <= hole


class Parser:
    """range := part (',' part)* ; part := both [('@' | ':') number] ;
    both := factor ((':' | '!') factor)* ; factor := '(' range ')' | atom"""

    def __init__(self, text: str, hole: int, family: str, holdem_atom=None):
        self.text, self.hole, self.family, self.holdem_atom = text, hole, family, holdem_atom
        self.tokens = tokenize(text)
        self.i = 0
        self.depth = 0  # open parentheses: the parser recurses once per level

    def parse(self) -> Union:
        if not self.tokens:
            raise RangeError("empty range")
        node = self.union()
        if self.i < len(self.tokens):
            tok, pos = self.tokens[self.i]
            raise error(self.text, tok, pos, "unexpected here (a ')' too many?)")
        return node

    def peek(self, k: int = 0) -> str | None:
        return self.tokens[self.i + k][0] if self.i + k < len(self.tokens) else None

    def union(self) -> Union:
        parts = [self.part()]
        while self.peek() == ",":
            self.i += 1
            parts.append(self.part())
        return Union(last_of_each(parts, lambda part: (node_key(part[0]), part[1])))

    def _is_weight(self) -> bool:
        return (self.peek() in ("@", ":") and self.peek(1) is not None and _NUMBER.fullmatch(self.peek(1) or "")
                is not None and self.peek(2) in (None, ",", ")"))

    def part(self) -> tuple[object, float | None]:
        if self.peek() in (None, ",", ")"):
            tok, pos = self.tokens[self.i] if self.i < len(self.tokens) else ("", len(self.text))
            raise error(self.text, tok, pos, "an empty sub-range (two commas in a row?)")
        node = self.both()
        weight = None
        if self._is_weight():
            tok, pos = self.tokens[self.i + 1]
            weight = float(tok)
            problem = weight_problem(weight)
            if problem:
                raise error(self.text, tok, pos, problem)
            self.i += 2
        elif self.peek() in ("@", ":"):
            tok, pos = self.tokens[self.i]
            after = self.peek(1)
            raise error(self.text, tok + (after or ""), pos, "a weight is a number >= 0 at the end of a sub-range")
        return node, weight

    def both(self) -> object:
        node = self.factor()
        while self.peek() in (":", "!") and not self._is_weight():
            op = self.tokens[self.i][0]
            self.i += 1
            node = Binary(op, node, self.factor())
        return node

    def factor(self) -> object:
        tok = self.peek()
        if tok is None:
            raise error(self.text, "", len(self.text), "the range ends where a hand pattern was expected")
        tok, pos = self.tokens[self.i]
        self.i += 1
        if tok == "(":
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise error(self.text, tok, pos, f"parentheses nest at most {MAX_NESTING} deep")
            node = self.union()
            self.depth -= 1
            if self.peek() != ")":
                raise error(self.text, tok, pos, "'(' without ')'")
            self.i += 1
            return node
        if tok in OPERATORS:
            raise error(self.text, tok, pos, "a hand pattern was expected here")
        return self.atom(tok, pos)

    # -- atoms ---------------------------------------------------------------
    def atom(self, tok: str, pos: int) -> object:
        low = tok.lower()
        if one_case(tok) and (low in ("random", "any", "*") or (low == "xx" and self.family != "holdem")):
            return Macro("random")
        if low in MACROS:
            return Macro("$rb" if low == "rainbow" else low)
        m = _PERCENT.fullmatch(tok)
        if m:
            lo, hi = (0.0, float(m.group(1))) if m.group(2) is None else (float(m.group(1)), float(m.group(2)))
            if not 0 <= lo <= hi <= 100 or hi == 0:
                raise error(self.text, tok, pos, "percentages run from 0% to 100%, the lower one first")
            return Percent(lo, hi, tok, pos)
        if self.holdem_atom is not None:
            try:
                return Masks(self.holdem_atom(tok))
            except ValueError:
                pass  # not hold'em notation: a generic pattern
        if self.family == "omaha" and low != "" and is_legacy_pattern(tok, self.hole):
            return self.legacy(tok, pos)
        if tok.startswith("$"):
            raise error(self.text, tok, pos, f"unknown macro (pyeval knows {', '.join(MACROS[:4])})")
        return self.span_or_term(tok, pos)

    def legacy(self, tok: str, pos: int) -> object:
        """pyeval's Omaha patterns: x is any card, ds/ss/rainbow a suffix (docs/ranges.md)."""
        body, suffix = tok, None
        for s in ("rainbow", "ds", "ss"):
            if tok.lower().endswith(s) and len(tok) > len(s):
                body, suffix = tok[: -len(s)], s
                break
        elements = []
        for m in _LEGACY_ITEM.finditer(body):
            if m.group(3):
                elements.append(Element(ALL))
            else:
                r = RANK_CHARS.index(m.group(1).upper())
                s = m.group(2)
                if s and s != "*":
                    c = card_code(m.group(1) + s)
                    elements.append(Element(1 << c, rank=r, suit=c & 3))
                else:
                    elements.append(Element(_RANK_MASK[r], rank=r))
        term = self.check_term(tuple(elements), tok, pos)
        if suffix is None:
            return term
        return Binary(":", term, Macro({"ds": "$ds", "ss": "$ss", "rainbow": "$rb"}[suffix.lower()]))

    def check_term(self, elements: tuple[Element, ...], tok: str, pos: int) -> Term:
        if len(elements) > self.hole:
            raise error(self.text, tok, pos, f"more than {self.hole} cards")
        suit_vars = [e.suit_var for e in elements if e.suit_var is not None]
        if len(suit_vars) == 1 and all(e.suit is None for e in elements):
            # a lone suit variable constrains nothing: most likely a typo (AKx for AKs)
            raise error(self.text, tok, pos, f"the suit variable {suit_vars[0]!r} stands alone: it means any suit "
                                             "(suit variables pair up: AxKx suited, AxKy offsuit)")
        return Term(elements, tok, pos)

    def span_or_term(self, tok: str, pos: int) -> object:
        i, first = self.elements(tok, pos, 0)
        if i == len(tok):
            return self.check_term(tuple(first), tok, pos)
        if tok[i] == "+" and i == len(tok) - 1:
            return self.span(first, None, +1, tok, pos)
        if tok[i] == "-" and i == len(tok) - 1:
            return self.span(first, None, -1, tok, pos)
        if tok[i] == "-":
            j, second = self.elements(tok, pos, i + 1)
            if j == len(tok):
                return self.span(first, second, 0, tok, pos)
        raise error(self.text, tok, pos, f"unexpected {tok[i:]!r} at column {pos + i + 1}")

    def elements(self, tok: str, pos: int, i: int) -> tuple[int, list[Element]]:
        out = []
        while i < len(tok) and tok[i] not in "+-":
            ch = tok[i]
            allowed, rank_var, rank = ALL, None, None
            if ch.upper() in RANK_CHARS:
                rank = RANK_CHARS.index(ch.upper())
                allowed = _RANK_MASK[rank]
                i += 1
            elif ch == "*":
                i += 1
            elif ch == "[":
                end = tok.index("]", i)
                allowed = self.bracket(tok[i + 1:end], tok, pos + i)
                i = end + 1
            elif ch.isalpha() and ch not in SUIT_CHARS + SUIT_VARIABLES:
                if ch.upper() in SUIT_CHARS.upper() + SUIT_VARIABLES.upper():
                    raise error(self.text, tok, pos + i, f"suits and suit variables are lower case ({ch.lower()!r})")
                if not ch.isupper():
                    raise error(self.text, tok, pos + i, f"rank variables are upper case (R, O, N, ...), not {ch!r}")
                rank_var = ch
                i += 1
            elif ch not in SUIT_CHARS + SUIT_VARIABLES:
                raise error(self.text, tok, pos, f"unexpected {ch!r} at column {pos + i + 1}: expected a rank (A..2), "
                                                 "a rank variable (R, O, N, ...), *, a suit (s h d c), a suit "
                                                 "variable (w x y z) or a [list]")
            suit_var, suit = None, None
            if i < len(tok) and tok[i] in SUIT_CHARS:
                suit = SUIT_CHARS.index(tok[i])
                allowed &= _SUIT_MASK[suit]
                i += 1
            elif i < len(tok) and tok[i] in SUIT_VARIABLES:
                suit_var = tok[i]
                i += 1
            out.append(Element(allowed, rank_var, suit_var, rank if allowed.bit_count() <= 4 else None, suit))
        if not out:
            raise error(self.text, tok, pos, "a span needs cards on both sides of '-'")
        return i, out

    def bracket(self, inner: str, tok: str, pos: int) -> int:
        """A rank, suit or card list (``[A,K]``, ``[s,h]``, ``[As,Kh]``, ``[K-T]``): one card."""
        allowed = 0
        for item in filter(None, re.split(r",", inner)):
            m = re.fullmatch(r"([2-9TJQKA])-([2-9TJQKA])", item, re.I)
            if m:
                a, b = sorted(RANK_CHARS.index(g.upper()) for g in m.groups())
                allowed |= sum(_RANK_MASK[r] for r in range(a, b + 1))
                continue
            for one in re.findall(r"[2-9TJQKA][cdhs]?|[cdhs]|.", item, re.I):
                if one[0].upper() in RANK_CHARS and len(one) == 2:
                    allowed |= 1 << (4 * RANK_CHARS.index(one[0].upper()) + SUIT_CHARS.index(one[1]))
                elif one.upper() in RANK_CHARS:
                    allowed |= _RANK_MASK[RANK_CHARS.index(one.upper())]
                elif one in SUIT_CHARS:
                    allowed |= _SUIT_MASK[SUIT_CHARS.index(one)]
                else:
                    raise error(self.text, tok, pos, f"[lists] hold ranks, suits, cards, rank spans (K-T), not {one!r}")
        if not allowed:
            raise error(self.text, tok, pos, "an empty [list]")
        return allowed

    def span(self, top: list[Element], bottom: list[Element] | None, step: int, tok: str, pos: int) -> object:
        """``QQ+``, ``88-``, ``KK-TT``, ``AJ+`` (aces stay: AJ, AQ, AK): the cards that move step
        together; a bounded span's anchors are the cards equal on both sides."""
        if any(e.rank is None or e.rank_var is not None or e.allowed.bit_count() > 4
               for e in top + (bottom or [])):
            raise error(self.text, tok, pos, "a span moves explicit ranks (KK-TT, AJ+, 88-)")
        ranks = [int(e.rank or 0) for e in top]
        if bottom is None:
            # aces stay where other cards move (AJ+ = AJ, AQ, AK), unless every card is an ace
            moving = [k for k, r in enumerate(ranks) if r != 12] or list(range(len(ranks)))
            top_rank = 11 if len(moving) < len(ranks) else 12
            if step > 0:
                shifts = range(0, top_rank - max(ranks[k] for k in moving) + 1)
            else:
                shifts = range(0, -min(ranks[k] for k in moving) - 1, -1)
        else:
            if len(bottom) != len(top) or any(a.suit != b.suit or a.suit_var != b.suit_var
                                              for a, b in zip(top, bottom)):
                raise error(self.text, tok, pos, "both ends of a span need the same shape (KK-TT, AsKs-JsTs)")
            low = [int(e.rank or 0) for e in bottom]
            moving = [k for k in range(len(top)) if ranks[k] != low[k]]
            deltas = {low[k] - ranks[k] for k in moving}
            if len(deltas) > 1:
                raise error(self.text, tok, pos, "the cards of a span move together (KK-TT, KQ-T9, AK-AT)")
            d = deltas.pop() if deltas else 0
            shifts = range(0, d + (1 if d >= 0 else -1), 1 if d >= 0 else -1)
        terms = []
        for d in shifts:
            elements = []
            for k, e in enumerate(top):
                r = ranks[k] + d if k in moving else ranks[k]
                allowed = _RANK_MASK[r] & (_SUIT_MASK[e.suit] if e.suit is not None else ALL)
                elements.append(Element(allowed, None, e.suit_var, r, e.suit))
            if len({(x.allowed, x.suit_var) for x in elements if x.allowed.bit_count() == 1}) < sum(
                    x.allowed.bit_count() == 1 for x in elements):
                continue  # the same card twice
            terms.append((self.check_term(tuple(elements), tok, pos), None))
        if not terms:
            raise error(self.text, tok, pos, "the span holds no hand")
        return Union(tuple(terms))
