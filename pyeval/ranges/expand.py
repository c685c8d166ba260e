"""Evaluate a generic range tree (pyeval/ranges/generic.py) to hands: ``expand`` builds the
hands a node holds (sorted unique 52-bit card masks, with weights), ``matches`` tests given
hands against a node.  ``a:b`` and ``a!b`` expand ``a`` and test its hands against ``b``, so the
right side is never built (``AA:xxyy`` in Omaha 6 does not list every double-suited hand)."""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from pyeval.query.limits import MAX_RANGE_WORK
from pyeval.ranges.classes import all_of, combo_masks, sorted_unique
from pyeval.ranges.generic import (
    ALL,
    Binary,
    Element,
    Macro,
    Masks,
    Percent,
    RangeError,
    Term,
    Union,
    error,
)

_CHUNK = 1 << 22  # rows per numpy step: bounds the memory of a big expansion


def masks_to_cards(masks: np.ndarray, hole: int) -> np.ndarray:
    """(n, hole) uint8 card codes of card masks, lowest card first."""
    bits = np.unpackbits(np.ascontiguousarray(masks, "<u8").view(np.uint8).reshape(-1, 8), axis=1,
                         bitorder="little")
    rows, cols = np.nonzero(bits)
    return cols.astype(np.uint8).reshape(len(masks), hole)


cards_to_masks = combo_masks


@cache
def all_hands(hole: int, lowest: int) -> np.ndarray:
    """Sorted masks of every hand of ``hole`` cards from the deck (cards lowest..51)."""
    m = cards_to_masks(all_of(np.arange(lowest, 52), hole))
    m.sort()
    m.flags.writeable = False
    return m


class Context:
    def __init__(self, text: str, hole: int, lowest: int):
        self.text, self.hole, self.lowest = text, hole, lowest
        self.deck = ALL & ~((1 << lowest) - 1)


# ---------------------------------------------------------------------------
# expand
# ---------------------------------------------------------------------------

def expand(node, ctx: Context) -> tuple[np.ndarray, np.ndarray]:
    """(masks, weights) of the hands ``node`` holds; masks sorted and unique."""
    if isinstance(node, Union):
        masks, weights = [], []
        for part, weight in node.parts:
            m, w = expand(part, ctx)
            masks.append(m)
            weights.append(w if weight is None else np.full(len(m), weight))
        all_m, all_w = np.concatenate(masks), np.concatenate(weights)
        # a hand in two sub-ranges takes the later one's weight
        uniq, last = np.unique(all_m[::-1], return_index=True)
        return uniq, all_w[::-1][last]
    if isinstance(node, Binary):
        chain = _chain(node)
        m, w = expand(chain[0].left, ctx)
        for link in chain:
            hit = matches(link.right, m, ctx)
            keep = hit if link.op == ":" else ~hit
            m, w = m[keep], w[keep]
        return m, w
    if isinstance(node, Term):
        m = expand_term(node, ctx)
    elif isinstance(node, Masks):
        m = sorted_unique(node.masks.astype(np.uint64))
    elif isinstance(node, Percent):
        m = percent_masks(node, ctx)
    elif isinstance(node, Macro):
        hands = all_hands(ctx.hole, ctx.lowest)
        m = hands if node.name == "random" else hands[macro_holds(node.name, masks_to_cards(hands, ctx.hole))]
    else:  # pragma: no cover - the parser makes no other node
        raise TypeError(node)
    return m, np.ones(len(m))


def check_price(node, ctx: Context) -> None:
    """RangeError before anything is built when building ``node`` would take more than
    MAX_RANGE_WORK candidate hands, naming the costliest pattern, its count and a narrower form."""
    leaves: list[tuple[int, object]] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Union):
            stack.extend(part for part, _ in n.parts)
        elif isinstance(n, Binary):
            stack.append(_chain(n)[0].left)  # the right sides are matched against it, never built
        else:
            leaves.append((leaf_price(n, ctx), n))
    total = sum(p for p, _ in leaves)
    if total <= MAX_RANGE_WORK:
        return
    cost, worst = max(leaves, key=lambda pair: pair[0])
    example = "AK" + "*" * (ctx.hole - 2)
    if isinstance(worst, Term):
        raise error(ctx.text, worst.text, worst.pos,
                    f"building it takes about {cost:,} candidate hands ({total:,} for the whole range), beyond "
                    f"the limit of {MAX_RANGE_WORK:,} (pyeval.query.limits.MAX_RANGE_WORK); write fewer free rank "
                    f"variables and name ranks or suits instead (e.g. {example!r})")
    raise RangeError(f"the range {ctx.text[:80]!r} takes about {total:,} candidate hands to build, beyond the limit "
                     f"of {MAX_RANGE_WORK:,} (pyeval.query.limits.MAX_RANGE_WORK); give fewer or narrower sub-ranges")


def leaf_price(node, ctx: Context) -> int:
    """Candidate hands building a leaf takes: a term's search rows (the product of its elements'
    card counts bounds them) plus each found set of cards times the hands that fill it."""
    deck = 52 - ctx.lowest
    if isinstance(node, Term):
        counts = [(e.allowed & ctx.deck).bit_count() for e in _order(node)]
        rows = math.prod(counts)
        free = ctx.hole - len(counts)
        held = min(rows, math.comb(deck, len(counts)))
        return rows + (held * math.comb(deck, free) if free else 0)
    if isinstance(node, Masks):
        return len(node.masks)
    return math.comb(deck, ctx.hole)  # a macro or a percentage: at most every hand


def _chain(node: Binary) -> list[Binary]:
    """``a!b!c:d`` parses left-deep, ((a!b)!c):d: its links innermost first, walked in a loop
    (a chain thousands long would exhaust Python's recursion)."""
    chain = [node]
    while isinstance(chain[-1].left, Binary):
        chain.append(chain[-1].left)
    return chain[::-1]


def percent_masks(node: Percent, ctx: Context) -> np.ndarray:
    from pyeval.ranges import ranking

    if ctx.hole == 2:
        from pyeval.ranges.classes import HOLDEM_COMBOS
        from pyeval.ranges.preflop import top_percent

        inside = np.setdiff1d(top_percent(node.high), top_percent(node.low) if node.low > 0 else [])
        return sorted_unique(cards_to_masks(HOLDEM_COMBOS[inside]))
    if ctx.hole not in ranking.RANKINGS or ctx.lowest:
        raise error(ctx.text, node.text, node.pos, "percentages are ranked for hold'em and Omaha 4, 5 and 6")
    return ranking.percent_masks(ctx.hole, node.low, node.high)


def _order(term: Term) -> list[Element]:
    """The elements that constrain, most selective first; equal elements side by side (so one
    order of their cards is kept: the later card higher)."""
    elements = [e for e in term.elements if not e.wild]
    return sorted(elements, key=lambda e: (e.allowed.bit_count(), e.rank_var or "", e.suit_var or "", e.allowed))


def _banned(term: Term) -> tuple[set[int], set[int]]:
    return ({e.rank for e in term.elements if e.rank is not None},
            {e.suit for e in term.elements if e.suit is not None})


def _extend_ok(chosen: np.ndarray, cand: np.ndarray, i: int, elements: list[Element], banned) -> np.ndarray:
    """Which candidate cards ``cand`` (one per row) element i may take after the cards ``chosen``
    (rows x i) of elements 0..i-1."""
    e = elements[i]
    ok = np.ones(len(cand), bool)
    rank, suit = cand >> 2, cand & 3
    if e.rank_var is not None and banned[0]:
        ok &= ~np.isin(rank, list(banned[0]))
    if e.suit_var is not None and banned[1]:
        ok &= ~np.isin(suit, list(banned[1]))
    for j in range(i):
        other = elements[j]
        ok &= chosen[:, j] != cand
        if e.rank_var is not None and other.rank_var is not None:
            ok &= (chosen[:, j] >> 2 == rank) == (e.rank_var == other.rank_var)
        if e.suit_var is not None and other.suit_var is not None:
            ok &= (chosen[:, j] & 3 == suit) == (e.suit_var == other.suit_var)
    if i and elements[i - 1] == e:
        ok &= cand > chosen[:, i - 1]
    return ok


def _cards_of(mask: int) -> np.ndarray:
    return np.array([c for c in range(52) if mask >> c & 1], np.int64)


def expand_term(term: Term, ctx: Context) -> np.ndarray:
    elements = _order(term)
    banned = _banned(term)
    chosen = np.zeros((1, 0), np.int64)
    for i, e in enumerate(elements):
        cards = _cards_of(e.allowed & ctx.deck)
        rows = np.repeat(chosen, len(cards), axis=0)
        cand = np.tile(cards, len(chosen))
        ok = _extend_ok(rows, cand, i, elements, banned)
        chosen = np.hstack([rows[ok], cand[ok, None]])
    if len(chosen) == 0:
        raise error(ctx.text, term.text, term.pos, "no hand matches")
    held = sorted_unique(cards_to_masks(chosen)) if chosen.shape[1] else np.zeros(1, np.uint64)
    free = ctx.hole - chosen.shape[1]
    if free == 0:
        return held
    fills = all_hands(free, ctx.lowest)
    out = []
    step = max(1, _CHUNK // len(fills))
    for start in range(0, len(held), step):
        h = held[start:start + step, None]
        ok = (h & fills[None, :]) == 0
        out.append(sorted_unique((h | fills[None, :])[ok]))
    return sorted_unique(np.concatenate(out))


# ---------------------------------------------------------------------------
# matches
# ---------------------------------------------------------------------------

def matches(node, masks: np.ndarray, ctx: Context) -> np.ndarray:
    """Which of the hands (card masks) ``node`` holds."""
    if isinstance(node, Union):
        out = np.zeros(len(masks), bool)
        for part, _ in node.parts:
            out |= matches(part, masks, ctx)
        return out
    if isinstance(node, Binary):
        chain = _chain(node)
        out = matches(chain[0].left, masks, ctx)
        for link in chain:
            right = matches(link.right, masks, ctx)
            out = out & right if link.op == ":" else out & ~right
        return out
    if isinstance(node, Masks):
        return np.isin(masks, node.masks.astype(np.uint64))
    if isinstance(node, Percent):
        return np.isin(masks, percent_masks(node, ctx))
    cards = masks_to_cards(masks, ctx.hole).astype(np.int64)
    if isinstance(node, Macro):
        return np.ones(len(masks), bool) if node.name == "random" else macro_holds(node.name, cards)
    if isinstance(node, Term):
        return match_term(node, cards)
    raise TypeError(node)  # pragma: no cover


def match_term(term: Term, cards: np.ndarray) -> np.ndarray:
    """Which hands (rows of card codes) hold the term: a search over the elements, each state a
    hand and the cards given to the elements so far, extended by each card of the hand."""
    elements = _order(term)
    banned = _banned(term)
    allowed = np.array([[e.allowed >> c & 1 for c in range(52)] for e in elements], bool).reshape(len(elements), 52)
    out = np.zeros(len(cards), bool)
    hole = cards.shape[1]
    step = max(1, _CHUNK // max(1, hole ** max(1, min(len(elements), 3))))
    for start in range(0, len(cards), step):
        block = cards[start:start + step]
        hand = np.arange(len(block))
        chosen = np.zeros((len(block), 0), np.int64)
        for i in range(len(elements)):
            rows = np.repeat(chosen, hole, axis=0)
            who = np.repeat(hand, hole)
            cand = block[hand].ravel()
            ok = allowed[i, cand] & _extend_ok(rows, cand, i, elements, banned)
            chosen, hand = np.hstack([rows[ok], cand[ok, None]]), who[ok]
            if len(hand) == 0:
                break
        out[start + hand] = True
    return out


def macro_holds(name: str, cards: np.ndarray) -> np.ndarray:
    """``$ds`` two suits of exactly two cards and none of more; ``$ss`` one suit of two, none
    more; ``$rb`` no two cards of a suit; ``$np`` no two cards of a rank."""
    if name == "$np":
        ranks = np.sort(cards >> 2, axis=1)
        return (ranks[:, 1:] != ranks[:, :-1]).all(axis=1)
    counts = np.stack([((cards & 3) == s).sum(axis=1) for s in range(4)], axis=1)
    pairs, most = (counts == 2).sum(axis=1), counts.max(axis=1)
    if name == "$ds":
        return (pairs == 2) & (most == 2)
    if name == "$ss":
        return (pairs == 1) & (most == 2)
    if name == "$rb":
        return most == 1
    raise RangeError(f"unknown macro {name!r}")  # pragma: no cover
