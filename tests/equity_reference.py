"""Brute-force equity: the plain-Python oracle the equity engines are checked against.

Shares no code with ``pyeval``: the games are declared again here (from
shared/RULES.md), completions are enumerated with ``itertools.combinations``
and hands are judged by the brute-force evaluators of ``tests/reference.py``.
Pots are split with ``fractions.Fraction``.

A deal: every board's missing cards, then every player's missing cards, are
drawn (disjoint) from the live deck; every such completion is one equally
likely outcome.  Each board is worth ``1 / boards`` of the pot; in hi/lo games
half of that goes to the best high hand(s) and half to the best qualifying
low(s), or to the best high hand(s) when no low qualifies.  Ties split equally.

Stud deck shortage (RULES.md): when the live deck cannot give every player his
missing cards (or a community card is given as the board), every player gets
six cards of his own and the last card is one community card for everyone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

import reference as ref

# name: (hole cards, board cards, boards, use, high, low, lowest card code, stud shortage)
GAMES = {
    "holdem": (2, 5, 1, "any", "high", None, 0, False),
    "holdem-hilo": (2, 5, 1, "any", "high", "low8", 0, False),
    "shortdeck": (2, 5, 1, "any", "shortdeck", None, 16, False),
    "shortdeck-straight": (2, 5, 1, "any", "shortdeck-straight", None, 16, False),  # a straight beats trips
    "omaha": (4, 5, 1, "omaha", "high", None, 0, False),
    "omaha-hilo": (4, 5, 1, "omaha", "high", "low8", 0, False),
    "omaha5": (5, 5, 1, "omaha", "high", None, 0, False),
    "omaha5-hilo": (5, 5, 1, "omaha", "high", "low8", 0, False),
    "omaha6": (6, 5, 1, "omaha", "high", None, 0, False),
    "courchevel": (5, 5, 1, "omaha", "high", None, 0, False),
    "courchevel-hilo": (5, 5, 1, "omaha", "high", "low8", 0, False),
    "holdem-double-board": (2, 5, 2, "any", "high", None, 0, False),
    "omaha-double-board": (4, 5, 2, "omaha", "high", None, 0, False),
    "irish": (2, 5, 1, "any", "high", None, 0, False),  # after the discards: hold'em
    "aviation": (2, 5, 1, "any", "high", None, 0, False),
    "stud": (7, 0, 0, "any", "high", None, 0, True),
    "stud-hilo": (7, 0, 0, "any", "high", "low8", 0, True),
    "razz": (7, 0, 0, "any", "razz", None, 0, True),
    "stud5": (5, 0, 0, "any", "high", None, 0, False),
    "draw5": (5, 0, 0, "any", "high", None, 0, False),
    "draw-deuce7": (5, 0, 0, "any", "deuce7", None, 0, False),
    "badugi": (4, 0, 0, "any", "badugi", None, 0, False),
}

_ANY = {"high": ref.high_key, "shortdeck": ref.shortdeck_key,
        "shortdeck-straight": lambda cards: ref.shortdeck_key(cards, trips_beat_straight=False), "razz": ref.razz_key,
        "deuce7": ref.deuce7_key, "badugi": ref.badugi_key, "low8": ref.low8_key}
_OMAHA = {"high": ref.omaha_high_key, "low8": ref.omaha_low8_key}


def codes(text):
    """'As Kd' or 'AsKd' -> [51, 46]; '' -> [].  Parsed here, not by pyeval."""
    text = "".join(text.split())
    return [ref.card(text[i:i + 2]) for i in range(0, len(text), 2)]


@dataclass
class RefResult:
    outcomes: int
    fractions: list  # Fraction per player: expected pot share
    wins: list  # outcomes where the player takes the whole pot
    ties: list  # outcomes where the player gets part of the pot
    hi: list | None = None  # expected share of the high halves (hi/lo games)
    lo: list | None = None  # expected share of the low halves (with no low, they go to the high hands)
    no_low: Fraction | None = None  # fraction of (board, outcome) pairs without a qualifying low
    boards: list | None = None  # per board: expected share of that board's pot
    evaluations: int = 0
    extra: dict = field(default_factory=dict)


def _layout(game, hands, board, dead):
    hole_n, board_n, n_boards, use, high, low, lowest, shortage = GAMES[game]
    holes = [list(h) for h in hands]
    if n_boards > 1:
        boards = [list(b) for b in (board or [[]] * n_boards)]
    elif n_boards == 1:
        boards = [list(board or [])]
    else:
        boards = [list(board)] if board else []
    used = [c for h in holes for c in h] + [c for b in boards for c in b] + list(dead)
    assert len(set(used)) == len(used), "duplicate cards"
    assert all(lowest <= c < 52 for c in used), "card outside the deck"
    live = [c for c in range(lowest, 52) if c not in set(used)]
    need = sum(hole_n - len(h) for h in holes) + sum(board_n - len(b) for b in boards)
    if shortage and (need > len(live) or boards):
        assert all(len(h) <= hole_n - 1 for h in holes)
        hole_n, board_n = hole_n - 1, 1
        boards = boards or [[]]
    need = sum(hole_n - len(h) for h in holes) + sum(board_n - len(b) for b in boards)
    assert need <= len(live), "not enough cards"
    return hole_n, board_n, boards, holes, live, use, high, low


def _complete(live, sizes):
    """Every way to draw disjoint combinations of the given sizes from ``live``."""
    if not sizes:
        yield ()
        return
    for first in combinations(live, sizes[0]):
        rest = [c for c in live if c not in first]
        for tail in _complete(rest, sizes[1:]):
            yield (first,) + tail


def _best(keys):
    """Indices of the best keys (None = no hand, never best unless nothing else exists)."""
    real = [k for k in keys if k is not None]
    if not real:
        return []
    top = max(real)
    return [p for p, k in enumerate(keys) if k == top]


def equity(game, hands, board=(), dead=()):
    """Exact equity by brute force.  ``hands``: list of code lists (may be partial or empty);
    ``board``: code list (double-board games: a list of two code lists); ``dead``: code list."""
    hole_n, board_n, boards, holes, live, use, high, low = _layout(game, hands, board, dead)
    players, n_boards = len(holes), max(len(boards), 1)
    slot_sizes = [board_n - len(b) for b in boards] + [hole_n - len(h) for h in holes]
    memo = {}

    def evaluate(kind, hole, brd):
        key = (kind, hole, brd)
        if key not in memo:
            if use == "omaha":
                memo[key] = _OMAHA[kind](list(hole), list(brd))
            else:
                memo[key] = _ANY[kind](list(hole) + list(brd))
        return memo[key]

    # Count how often each showdown pattern occurs (per board: the high winners, the low
    # winners, or None when no low qualifies), then split each pattern's pot once.
    patterns = Counter()
    for picks in _complete(live, slot_sizes):
        full_boards = [tuple(sorted(boards[j] + list(picks[j]))) for j in range(len(boards))] or [()]
        full_holes = [tuple(sorted(holes[p] + list(picks[len(boards) + p]))) for p in range(players)]
        pattern = []
        for brd in full_boards:
            hi_win = tuple(_best([evaluate(high, h, brd) for h in full_holes]))
            lo_win = tuple(_best([evaluate(low, h, brd) for h in full_holes])) if low else None
            pattern.append((hi_win, lo_win))
        patterns[tuple(pattern)] += 1
    outcomes = sum(patterns.values())

    board_share = Fraction(1, n_boards)
    half = board_share / 2
    totals = [Fraction(0)] * players
    hi_tot = [Fraction(0)] * players
    lo_tot = [Fraction(0)] * players
    board_tot = [[Fraction(0)] * players for _ in range(n_boards)]
    wins, ties = [0] * players, [0] * players
    no_low = 0
    for pattern, count in patterns.items():
        share = [Fraction(0)] * players
        for j, (hi_win, lo_win) in enumerate(pattern):
            if low is None:
                for p in hi_win:
                    share[p] += board_share / len(hi_win)
                    board_tot[j][p] += count * board_share / len(hi_win)
                continue
            if not lo_win:
                no_low += count
                lo_win = hi_win
            for p in hi_win:
                share[p] += half / len(hi_win)
                hi_tot[p] += count * half / len(hi_win)
                board_tot[j][p] += count * half / len(hi_win)
            for p in lo_win:
                share[p] += half / len(lo_win)
                lo_tot[p] += count * half / len(lo_win)
                board_tot[j][p] += count * half / len(lo_win)
        for p in range(players):
            totals[p] += count * share[p]
            if share[p] == 1:
                wins[p] += count
            elif share[p] > 0:
                ties[p] += count
    assert sum(totals) == outcomes
    res = RefResult(outcomes, [t / outcomes for t in totals], wins, ties, evaluations=len(memo))
    if low is not None:
        res.hi = [t / (outcomes * half * n_boards) for t in hi_tot]
        res.lo = [t / (outcomes * half * n_boards) for t in lo_tot]
        res.no_low = Fraction(no_low, outcomes * n_boards)
    if n_boards > 1:
        res.boards = [[t / (outcomes * board_share) for t in row] for row in board_tot]
    return res


def count_outcomes(game, hands, board=(), dead=()):
    """Number of completions ``equity`` would enumerate (to keep test cases small)."""
    from math import comb

    hole_n, board_n, boards, holes, live, *_ = _layout(game, hands, board, dead)
    total, left = 1, len(live)
    for k in [board_n - len(b) for b in boards] + [hole_n - len(h) for h in holes]:
        total *= comb(left, k)
        left -= k
    return total


def heads_up_equity(game, hands, board=(), dead=()):
    """Exact heads-up equity when each player's unknown cards are his own (no shared unknown
    board cards) and the pot is not split hi/lo: every completion of each hand is judged once,
    then every pair of disjoint completions is compared (vectorised over the second hand)."""
    import numpy as np

    hole_n, board_n, boards, holes, live, use, high, low = _layout(game, hands, board, dead)
    assert len(holes) == 2 and low is None and len(boards) <= 1
    brd = tuple(boards[0]) if boards else ()
    assert len(brd) == board_n, "the board must be complete"
    sides = []
    for hole in holes:
        keys, masks = [], []
        for extra in combinations(live, hole_n - len(hole)):
            cards = tuple(hole) + extra
            keys.append(_OMAHA[high](list(cards), list(brd)) if use == "omaha" else _ANY[high](list(cards + brd)))
            masks.append(sum(1 << c for c in extra))
        sides.append((keys, masks))
    order = {k: i for i, k in enumerate(sorted(set(sides[0][0]) | set(sides[1][0])))}
    rank_b = np.array([order[k] for k in sides[1][0]], np.int64)
    mask_b = np.array(sides[1][1], np.uint64)
    wins_a = wins_b = ties = 0
    for key, mask in zip(*sides[0]):
        ok = (mask_b & np.uint64(mask)) == 0
        r = rank_b[ok]
        a = order[key]
        below = int(np.count_nonzero(r < a))
        equal = int(np.count_nonzero(r == a))
        wins_a += below
        ties += equal
        wins_b += len(r) - below - equal
    outcomes = wins_a + wins_b + ties
    fractions = [Fraction(2 * wins_a + ties, 2 * outcomes), Fraction(2 * wins_b + ties, 2 * outcomes)]
    return RefResult(outcomes, fractions, [wins_a, wins_b], [ties, ties],
                     evaluations=len(sides[0][0]) + len(sides[1][0]))


def expected_chips(game, hands, board=(), dead=(), contributions=()):
    """Each player's expected chips back when every pot (main pot, then side pots: the chips
    put in, layer by layer) goes to the best hand(s) among the players who paid into it
    (hi/lo games: half each, to the high hands when no eligible low qualifies; several
    boards: an equal share per board).  Exact, as Fractions."""
    hole_n, board_n, boards, holes, live, use, high, low = _layout(game, hands, board, dead)
    players = len(holes)
    chips = [Fraction(c) for c in contributions]
    assert len(chips) == players
    pots, previous = [], Fraction(0)
    for level in sorted({c for c in chips if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in chips)
        pots.append((amount, [p for p in range(players) if chips[p] >= level]))
        previous = level
    slot_sizes = [board_n - len(b) for b in boards] + [hole_n - len(h) for h in holes]
    memo = {}

    def evaluate(kind, hole, brd):
        key = (kind, hole, brd)
        if key not in memo:
            memo[key] = _OMAHA[kind](list(hole), list(brd)) if use == "omaha" else _ANY[kind](list(hole) + list(brd))
        return memo[key]

    totals = [Fraction(0)] * players
    outcomes = 0
    for picks in _complete(live, slot_sizes):
        outcomes += 1
        full_boards = [tuple(sorted(boards[j] + list(picks[j]))) for j in range(len(boards))] or [()]
        full_holes = [tuple(sorted(holes[p] + list(picks[len(boards) + p]))) for p in range(players)]
        for brd in full_boards:
            hi_keys = [evaluate(high, h, brd) for h in full_holes]
            lo_keys = [evaluate(low, h, brd) for h in full_holes] if low else None
            for amount, eligible in pots:
                share = amount / len(full_boards)
                hi_win = [eligible[i] for i in _best([hi_keys[p] for p in eligible])]
                if low is None:
                    for p in hi_win:
                        totals[p] += share / len(hi_win)
                    continue
                lo_win = [eligible[i] for i in _best([lo_keys[p] for p in eligible])] or hi_win
                for p in hi_win:
                    totals[p] += share / 2 / len(hi_win)
                for p in lo_win:
                    totals[p] += share / 2 / len(lo_win)
    return [t / outcomes for t in totals]


def chip_outcomes(game, hands, board=(), dead=(), contributions=()):
    """How often each set of chips back occurs over every completion: a Counter of tuples (one
    Fraction per player), the pots cut and paid as ``expected_chips`` pays them (single-board
    high games).  For what is not linear in the chips (ICM), which needs each outcome, not the mean."""
    hole_n, board_n, boards, holes, live, use, high, low = _layout(game, hands, board, dead)
    assert len(boards) <= 1 and low is None, "one board, high only"
    players = len(holes)
    chips = [Fraction(c) for c in contributions]
    pots, previous = [], Fraction(0)
    for level in sorted({c for c in chips if c > 0}):
        pots.append((sum(min(c, level) - min(c, previous) for c in chips),
                     [p for p in range(players) if chips[p] >= level]))
        previous = level
    slot_sizes = [board_n - len(b) for b in boards] + [hole_n - len(h) for h in holes]
    found = Counter()
    for picks in _complete(live, slot_sizes):
        brd = tuple(sorted(boards[0] + list(picks[0]))) if boards else ()
        full_holes = [tuple(sorted(holes[p] + list(picks[len(boards) + p]))) for p in range(players)]
        keys = [_OMAHA[high](list(h), list(brd)) if use == "omaha" else _ANY[high](list(h) + list(brd))
                for h in full_holes]
        back = [Fraction(0)] * players
        for amount, eligible in pots:
            winners = [eligible[i] for i in _best([keys[p] for p in eligible])]
            for p in winners:
                back[p] += amount / len(winners)
        found[tuple(back)] += 1
    return found
