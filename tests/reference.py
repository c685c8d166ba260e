"""Slow, obviously-correct reference evaluators for the tests.

This module shares no code with ``pyeval/``, ``tables/`` or ``csrc/`` and must
never import them: it is the independent oracle every evaluator is checked
against.  It is plain Python: every hand of more than five cards is judged by
brute force over *all* of its 5-card subsets (``itertools.combinations``).

Cards are ints, ``code = 4 * rank + suit`` (rank 0 = deuce .. 12 = ace; suit
0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades), see docs/DESIGN.md.

Every ``*_key`` function returns a comparable key: a tuple where a bigger key
is a better hand and equal keys are a tie.  Keys are only meant to be compared
with keys from the same function (and, for ``showing_key``, the same number of
cards).  ``low8_key`` and ``omaha_low8_key`` return ``None`` when there is no
qualifying low.

The only speed-up is memoisation of the 5-card evaluation on the ranks of the
five cards (and the flush flag where it matters); the memo tables are filled
on demand by the from-scratch functions below, so they cannot disagree with
them.
"""

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

ACE = 12

HIGH_CATEGORIES = (  # index = category number in high keys, worst first
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


# ---------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------

def card(text):
    """'As' -> 51.  Only used by the tests to write hands by hand."""
    return 4 * RANK_CHARS.index(text[0].upper()) + SUIT_CHARS.index(text[1].lower())


def cards(text):
    """'As Kd 2c' -> [51, 45, 0]."""
    return [card(t) for t in text.split()]


def card_text(code):
    return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]


def hand_text(codes):
    return " ".join(card_text(int(c)) for c in codes)


def _check(codes, sizes, lowest=0):
    codes = [int(c) for c in codes]
    if len(codes) not in sizes:
        raise ValueError(f"need {sizes} cards, got {len(codes)}")
    if len(set(codes)) != len(codes):
        raise ValueError(f"duplicate card in {codes}")
    if any(c < lowest or c > 51 for c in codes):
        raise ValueError(f"card code out of range in {codes}")
    return codes


def low_value(rank):
    """A-5 low value of a rank: ace = 1, deuce = 2, ..., king = 13."""
    return 1 if rank == ACE else rank + 2


def _groups(values):
    """Values ordered by (multiplicity, value), both descending.

    Returns (shape, order): e.g. QQQ22 -> ((3, 2), (Q, 2)).
    """
    counts = Counter(values)
    items = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    return tuple(c for _, c in items), tuple(v for v, _ in items)


def _pair_category(shape):
    """Category of a hand made only of pairs/trips/quads (no straights, flushes)."""
    if shape[0] == 4:
        return "four of a kind"
    if shape[:2] == (3, 2):
        return "full house"
    if shape[0] == 3:
        return "three of a kind"
    if shape[:2] == (2, 2):
        return "two pair"
    if shape[0] == 2:
        return "one pair"
    return "high card"


# ---------------------------------------------------------------------------
# standard high hands (and 2-7 low, which is a reversed high hand without the wheel)
# ---------------------------------------------------------------------------

def _straight_top(ranks, wheel):
    """Top rank of the straight made by five ranks, or None."""
    s = sorted(ranks)
    if len(set(s)) != 5:
        return None
    if s[4] - s[0] == 4:
        return s[4]
    if wheel and s == [0, 1, 2, 3, ACE]:
        return 3  # five-high
    return None


def high5_from_scratch(ranks, flush, wheel=True):
    """(category index, tie-break ranks...) of exactly five cards."""
    shape, order = _groups(ranks)
    top = _straight_top(ranks, wheel)
    if top is not None and flush:
        return (8, top)
    name = _pair_category(shape)
    if name == "four of a kind":
        return (7,) + order
    if name == "full house":
        return (6,) + order
    if flush:
        return (5,) + order
    if top is not None:
        return (4, top)
    return (HIGH_CATEGORIES.index(name),) + order


class _Memo(dict):
    """dict that fills a missing key with ``fn(key)``: a transparent cache."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def __missing__(self, key):
        value = self[key] = self.fn(key)
        return value


# Memo tables of the 5-card evaluations.  Keys are five ranks (in any order:
# the from-scratch functions do not depend on the order) and, where suits
# matter, the flush flag.
_HIGH5 = _Memo(lambda k: high5_from_scratch(k[:5], k[5], wheel=True))
_DEUCE5 = _Memo(lambda k: tuple(-x for x in high5_from_scratch(k[:5], k[5], wheel=False)))


def _desc(cards):
    # Sorting first only makes the memo keys repeat more often.
    return sorted(cards, reverse=True)


def high_key(cards):
    """Best standard high hand of 5..7 cards."""
    cards = _desc(_check(cards, (5, 6, 7)))
    memo = _HIGH5
    return max([memo[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2,
                      (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3))]
                for a, b, c, d, e in combinations(cards, 5)])


def high_category(cards):
    return HIGH_CATEGORIES[high_key(cards)[0]]


def deuce7_key(cards):
    """Best 2-7 low of 5..7 cards: ace high only, straights and flushes count.

    The 2-7 value of five cards is their high value (without the A-5 wheel,
    which is just ace-high), reversed.
    """
    cards = _desc(_check(cards, (5, 6, 7)))
    memo = _DEUCE5
    return max([memo[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2,
                      (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3))]
                for a, b, c, d, e in combinations(cards, 5)])


# ---------------------------------------------------------------------------
# A-5 lows: 8-or-better and razz
# ---------------------------------------------------------------------------

def low8_5_from_scratch(ranks):
    vals = [low_value(r) for r in ranks]
    if len(set(vals)) != 5 or max(vals) > 8:
        return None
    return tuple(-v for v in sorted(vals, reverse=True))


def razz5_from_scratch(ranks):
    """A-5 low with pairs counting against: a high hand with aces low, no
    straights or flushes, reversed (lower is better)."""
    vals = [low_value(r) for r in ranks]
    shape, order = _groups(vals)
    cat = HIGH_CATEGORIES.index(_pair_category(shape))
    return tuple(-x for x in (cat,) + order)


_NO_LOW = ()  # below every qualifying key inside max(); mapped back to None
_LOW8_5 = _Memo(lambda k: low8_5_from_scratch(k) or _NO_LOW)
_RAZZ5 = _Memo(razz5_from_scratch)


def low8_key(cards):
    """Best A-5 8-or-better low of 5..7 cards, None if none qualifies."""
    cards = _desc(_check(cards, (5, 6, 7)))
    memo = _LOW8_5
    best = max([memo[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)]
                for a, b, c, d, e in combinations(cards, 5)])
    return best or None


def razz_key(cards):
    """Best A-5 low (pairs count against, no qualifier) of 5..7 cards."""
    cards = _desc(_check(cards, (5, 6, 7)))
    memo = _RAZZ5
    return max([memo[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)]
                for a, b, c, d, e in combinations(cards, 5)])


# ---------------------------------------------------------------------------
# Omaha: exactly two hole cards and exactly three board cards
# ---------------------------------------------------------------------------

def _omaha_parts(hole, board):
    hole = _desc(_check(hole, (4, 5, 6)))
    board = _desc(_check(board, (3, 4, 5)))
    if set(hole) & set(board):
        raise ValueError("hole and board share a card")
    # every choice of exactly 2 hole cards and every choice of exactly 3 board
    # cards; suit -1 / -2 marks "not all one suit" (never equal to each other)
    pairs = [(a >> 2, b >> 2, (a & 3) if (a & 3) == (b & 3) else -1)
             for a, b in combinations(hole, 2)]
    triples = [(x >> 2, y >> 2, z >> 2, (x & 3) if (x & 3) == (y & 3) == (z & 3) else -2)
               for x, y, z in combinations(board, 3)]
    return pairs, triples


def omaha_high_key(hole, board):
    pairs, triples = _omaha_parts(hole, board)
    memo = _HIGH5
    return max([memo[(a, b, x, y, z, s == t)] for a, b, s in pairs for x, y, z, t in triples])


def omaha_low8_key(hole, board):
    pairs, triples = _omaha_parts(hole, board)
    memo = _LOW8_5
    best = max([memo[(a, b, x, y, z)] for a, b, _ in pairs for x, y, z, _ in triples])
    return best or None


# ---------------------------------------------------------------------------
# short deck (6+): 36 cards, flush beats full house, A-6-7-8-9 lowest straight
# ---------------------------------------------------------------------------

def shortdeck5_from_scratch(ranks, flush, trips_beat_straight=True):
    shape, order = _groups(ranks)
    s = sorted(ranks)
    top = None
    if len(set(s)) == 5:
        if s[4] - s[0] == 4:
            top = s[4]
        elif s == [4, 5, 6, 7, ACE]:  # A-6-7-8-9, nine-high
            top = 7
    name = _pair_category(shape)
    if top is not None and flush:
        return (8, top)
    if name == "four of a kind":
        return (7,) + order
    if flush:
        return (6,) + order
    if name == "full house":
        return (5,) + order
    trips_cat, straight_cat = (4, 3) if trips_beat_straight else (3, 4)
    if name == "three of a kind":
        return (trips_cat,) + order
    if top is not None:
        return (straight_cat, top)
    return ({"two pair": 2, "one pair": 1, "high card": 0}[name],) + order


_SHORT5 = _Memo(lambda k: shortdeck5_from_scratch(k[:5], k[5], k[6]))


def shortdeck_key(cards, trips_beat_straight=True):
    """Best short-deck hand of 5..7 cards (all codes >= 16, i.e. sixes and up)."""
    cards = _desc(_check(cards, (5, 6, 7), lowest=16))
    tbs = bool(trips_beat_straight)
    memo = _SHORT5
    return max([memo[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2,
                      (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3), tbs)]
                for a, b, c, d, e in combinations(cards, 5)])


# ---------------------------------------------------------------------------
# badugi
# ---------------------------------------------------------------------------

def badugi_key(cards):
    """Best badugi of 4 cards: (number of cards, -highest low value, ...).

    More cards always beat fewer, so the best key is the best valid subset of
    the largest size that has one.
    """
    cards = _check(cards, (4,))
    for n in (4, 3, 2, 1):
        keys = [(n,) + tuple(sorted(-low_value(c >> 2) for c in sub))
                for sub in combinations(cards, n)
                if len({c & 3 for c in sub}) == n and len({c >> 2 for c in sub}) == n]
        if keys:
            return max(keys)
    raise AssertionError("unreachable: one card is always a badugi")


def badugi_size(cards):
    return badugi_key(cards)[0]


# ---------------------------------------------------------------------------
# stud: showing hands and the bring-in
# ---------------------------------------------------------------------------

def showing5_from_scratch(ranks, low):
    if low:
        vals = [low_value(r) for r in ranks]
    else:
        vals = list(ranks)
    shape, order = _groups(vals)
    cat = {"four of a kind": 4, "three of a kind": 3, "two pair": 2,
           "one pair": 1, "high card": 0}[_pair_category(shape)]
    key = (cat,) + order
    return tuple(-x for x in key) if low else key


_SHOWING = _Memo(lambda k: showing5_from_scratch(k[:-1], k[-1]))


def showing_key(cards, low=False):
    """Value of 1..4 stud up-cards: pairs, trips, quads and kickers only.

    High (``low=False``): quads > trips > two pair > pair > high card.
    Low (razz): ace low, the lowest showing hand is best, pairs count against.
    Keys only compare between hands with the same number of cards.
    """
    cards = _check(cards, (1, 2, 3, 4))
    return _SHOWING[tuple(sorted(c >> 2 for c in cards)) + (bool(low),)]


def bring_in(up_cards, game):
    """Index of the player who brings in on third street.

    stud / stud-hilo: the lowest up-card (ace high), suits c < d < h < s break
    rank ties (2c is the lowest card).  razz: the highest up-card, ace low (Ks
    is the highest card), the higher suit brings in among equal ranks.
    """
    ups = [int(c) for c in up_cards]
    if game in ("stud", "stud-hilo"):
        order = [((c >> 2), c & 3) for c in ups]
        return min(range(len(ups)), key=order.__getitem__)
    if game == "razz":
        order = [(low_value(c >> 2), c & 3) for c in ups]
        return max(range(len(ups)), key=order.__getitem__)
    raise ValueError(game)


# ---------------------------------------------------------------------------
# enumeration of hand classes (for exhaustive tests)
# ---------------------------------------------------------------------------

def rank_multisets(k, ranks=range(13)):
    """All multisets of k ranks (ascending tuples) with no rank more than 4 times."""
    for ms in combinations_with_replacement(ranks, k):
        if max(Counter(ms).values()) <= 4:
            yield ms


def representative(ms, flush=False):
    """A hand with the ranks ``ms`` (ascending): suits by occurrence, so the
    hand is a flush only when asked (k = 5 distinct ranks)."""
    seen = Counter()
    hand = []
    for r in ms:
        hand.append(4 * r + seen[r])
        seen[r] += 1
    if len(set(ms)) == len(ms) and not flush:
        hand[0] += 1
    return hand


def five_card_classes(ranks=range(13)):
    """(ranks ascending, is_flush, representative hand, number of hands in the deck)
    for every class of 5-card hands that ranks and the flush flag tell apart."""
    for ms in rank_multisets(5, ranks):
        if len(set(ms)) == 5:
            yield ms, True, representative(ms, True), 4
            yield ms, False, representative(ms, False), 4 ** 5 - 4
        else:
            yield ms, False, representative(ms), prod(comb(4, c) for c in Counter(ms).values())


# ---------------------------------------------------------------------------
# hand strength (pyeval.strength): canonical states and features by enumeration
# ---------------------------------------------------------------------------

_SUIT_PERMUTATIONS = [dict(enumerate(p)) for p in __import__("itertools").permutations(range(4))]


def canonical_state(hole, board):
    """The least (sorted hole, sorted board) over the 24 relabellings of the suits: two states are
    suit-isomorphic exactly when these agree."""
    return min((tuple(sorted(4 * (c >> 2) + p[c & 3] for c in hole)),
                tuple(sorted(4 * (c >> 2) + p[c & 3] for c in board))) for p in _SUIT_PERMUTATIONS)


def _standing(mine, theirs):
    """0 ahead, 1 tied, 2 behind."""
    return 0 if mine > theirs else 1 if mine == theirs else 2


def strength_features(hole, board, bins, game="holdem"):
    """EHS, EHS^2, potentials and the river-EHS histogram of one hold'em state, by enumerating
    every opponent hand and runout with ``high_key`` (game "holdem"), or ``shortdeck_key`` on the
    36-card deck ("shortdeck": trips beat a straight; "shortdeck-straight"): a dict of exact
    Fractions (hist: counts).  ppot/npot to the river, ppot_next/npot_next on the next card
    (Billings et al.); None where the denominator is zero."""
    from fractions import Fraction

    if game == "holdem":
        high_key, lowest = globals()["high_key"], 0
    else:
        tbs = {"shortdeck": True, "shortdeck-straight": False}[game]
        lowest = 16

        def high_key(cards):
            return shortdeck_key(cards, trips_beat_straight=tbs)
    hole, board = list(hole), list(board)
    deck = [c for c in range(lowest, 52) if c not in hole + board]
    runouts = list(combinations(deck, 5 - len(board)))
    hist = [0] * bins
    e_sum = e2_sum = 0
    hp = {"next": [[0] * 3 for _ in range(3)], "river": [[0] * 3 for _ in range(3)]}
    mine_now = high_key(hole + board) if len(board) >= 3 else None
    for run in runouts:
        full = board + list(run)
        mine = high_key(hole + full)
        rest = [c for c in deck if c not in run]
        wins = ties = 0
        for opp in combinations(rest, 2):
            s = _standing(mine, high_key(list(opp) + full))
            wins += s == 0
            ties += s == 1
            if mine_now is not None:
                hp["river"][_standing(mine_now, high_key(list(opp) + board))][s] += 1
        n = comb(len(rest), 2)
        e = Fraction(2 * wins + ties, 2 * n)
        hist[min(int(e * bins), bins - 1)] += 1
        e_sum += e
        e2_sum += e * e
    if len(board) == 3:
        for c in deck:
            rest = [x for x in deck if x != c]
            mine = high_key(hole + board + [c])
            for opp in combinations(rest, 2):
                hp["next"][_standing(mine_now, high_key(list(opp) + board))][
                    _standing(mine, high_key(list(opp) + board + [c]))] += 1
    elif len(board) == 4:
        hp["next"] = hp["river"]
    out = {"ehs": e_sum / len(runouts), "ehs2": e2_sum / len(runouts), "hist": hist}
    for name, h in hp.items():
        tot = [sum(r) for r in h]
        pden, nden = Fraction(2 * tot[2] + tot[1], 2), Fraction(2 * tot[0] + tot[1], 2)
        ppot = (h[2][0] + Fraction(h[2][1], 2) + Fraction(h[1][0], 2)) / pden if pden else None
        npot = (h[0][2] + Fraction(h[1][2], 2) + Fraction(h[0][1], 2)) / nden if nden else None
        suffix = "" if name == "river" else "_next"
        out["ppot" + suffix], out["npot" + suffix] = ppot, npot
    return out
