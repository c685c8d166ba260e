"""Hand-class orderings for every evaluator, in plain Python.

Each ``*_classes`` function lists the distinct five-card (or partial) hand
classes from worst to best; a class's strength is its 1-based position, so
higher is always better (docs/DESIGN.md).  Ranks are 0 = deuce .. 12 = ace.
"""

from __future__ import annotations

from itertools import combinations

RANKS = range(13)
ACE = 12

# Category numbers shared by the high-hand decode table and pyeval.describe.
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _desc_combos(ranks, k):
    """All k-subsets of ``ranks`` as descending tuples, in ascending lexicographic order."""
    return sorted(tuple(sorted(c, reverse=True)) for c in combinations(ranks, k))


def straight_sets(low_ace_top: int | None, tops: range) -> list[tuple[int, ...]]:
    """Straights as display tuples (top first), worst first.

    ``low_ace_top`` is the top rank of the ace-low straight (3 = five-high wheel
    in standard poker, 7 = nine-high A-6-7-8-9 in short deck), or None.
    """
    out = []
    if low_ace_top is not None:
        out.append(tuple(range(low_ace_top, low_ace_top - 4, -1)) + (ACE,))
    for top in tops:
        out.append(tuple(range(top, top - 5, -1)))
    return out


def _grouped(ranks_by_count):
    """Flatten [(rank, count), ...] into a display tuple."""
    out = []
    for r, c in ranks_by_count:
        out.extend([r] * c)
    return tuple(out)


def high_classes(ranks=RANKS, straights=None, order=None):
    """Five-card high classes, worst first, as (category, display ranks, is_flush).

    ``ranks`` is the deck's ranks, ``straights`` the straight tuples worst
    first (default: wheel to broadway), ``order`` the categories worst first
    (default: standard poker).
    """
    ranks = list(ranks)
    if straights is None:
        straights = straight_sets(3, range(4, 13))
    if order is None:
        order = [HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH]
    straight_keys = {frozenset(s) for s in straights}
    no_straight = [t for t in _desc_combos(ranks, 5) if frozenset(t) not in straight_keys]
    by_category = {
        HIGH_CARD: no_straight,
        ONE_PAIR: sorted(
            _grouped([(p, 2)] + [(k, 1) for k in ks])
            for p in ranks
            for ks in _desc_combos([r for r in ranks if r != p], 3)
        ),
        TWO_PAIR: sorted(
            _grouped([(hi, 2), (lo, 2), (k, 1)])
            for hi, lo in _desc_combos(ranks, 2)
            for k in ranks
            if k not in (hi, lo)
        ),
        TRIPS: sorted(
            _grouped([(t, 3)] + [(k, 1) for k in ks])
            for t in ranks
            for ks in _desc_combos([r for r in ranks if r != t], 2)
        ),
        STRAIGHT: list(straights),
        FLUSH: no_straight,
        FULL_HOUSE: sorted(_grouped([(t, 3), (p, 2)]) for t in ranks for p in ranks if p != t),
        QUADS: sorted(_grouped([(q, 4), (k, 1)]) for q in ranks for k in ranks if k != q),
        STRAIGHT_FLUSH: list(straights),
    }
    classes = []
    for cat in order:
        flush = cat in (FLUSH, STRAIGHT_FLUSH)
        classes.extend((cat, t, flush) for t in by_category[cat])
    return classes


def low_rank(r: int) -> int:
    """A-5 low value of a rank: ace 0, deuce 1, ..., king 12."""
    return 0 if r == ACE else r + 1


def _from_low(lr: int) -> int:
    return ACE if lr == 0 else lr - 1


def ace_five_classes():
    """A-5 low classes (razz), worst first, as display tuples of real ranks.

    Badness order: no pair < pair < two pair < trips < full house < quads, then
    the defining low ranks compared highest first.  Straights and flushes do not
    count.
    """
    lows = range(13)
    groups = [
        [[(a, 1), (b, 1), (c, 1), (d, 1), (e, 1)] for a, b, c, d, e in _desc_combos(lows, 5)],
        [[(p, 2)] + [(k, 1) for k in ks] for p in lows for ks in _desc_combos([r for r in lows if r != p], 3)],
        [[(hi, 2), (lo, 2), (k, 1)] for hi, lo in _desc_combos(lows, 2) for k in lows if k not in (hi, lo)],
        [[(t, 3)] + [(k, 1) for k in ks] for t in lows for ks in _desc_combos([r for r in lows if r != t], 2)],
        [[(t, 3), (p, 2)] for t in lows for p in lows if p != t],
        [[(q, 4), (k, 1)] for q in lows for k in lows if k != q],
    ]
    best_first = []
    for group in groups:
        best_first.extend(sorted(group, key=lambda g: _grouped(g)))
    worst_first = best_first[::-1]
    return [tuple(_from_low(r) for r in _grouped(g)) for g in worst_first]


def low8_classes():
    """The 56 qualifying 8-or-better lows, worst first, as display tuples of real ranks."""
    best_first = _desc_combos(range(8), 5)
    return [tuple(_from_low(r) for r in t) for t in best_first[::-1]]


def deuce7_classes():
    """2-7 lowball classes worst first: the high-hand order (no wheel) reversed."""
    high = high_classes(straights=straight_sets(None, range(4, 13)))
    return high[::-1]


SHORTDECK_RANKS = range(4, 13)


def shortdeck_classes(trips_beat_straight: bool = True):
    """Short-deck (6..A) classes, worst first: flush beats full house; A-6-7-8-9 lowest straight."""
    if trips_beat_straight:
        order = [HIGH_CARD, ONE_PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH]
    else:
        order = [HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH]
    return high_classes(SHORTDECK_RANKS, straight_sets(7, range(8, 13)), order)


def badugi_classes():
    """Badugi classes worst first, as display tuples of real ranks (ace low).

    More cards beat fewer; within a size, lower highest card first.
    """
    out = []
    for size in range(1, 5):
        best_first = _desc_combos(range(13), size)
        out.extend(tuple(_from_low(r) for r in t) for t in best_first[::-1])
    return out


def showing_key(counts: dict[int, int], low: bool):
    """Sort key of a partial stud hand (1-4 up cards); bigger is better.

    High: quads > trips > two pair > pair > high card, then grouped ranks.
    Low (razz): fewer pairs is better, then lower ranks, ace low.
    """
    shape = sorted(counts.values(), reverse=True)
    cat = {(4,): 4, (3,): 3, (3, 1): 3, (2, 2): 2}.get(tuple(shape))
    if cat is None:
        cat = 1 if shape[0] == 2 else 0
    if not low:
        grouped = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        return (cat, tuple(r for r, _ in grouped))
    lows = {low_rank(r): c for r, c in counts.items()}
    grouped = sorted(lows.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return (-cat, tuple(-r for r, _ in grouped))
