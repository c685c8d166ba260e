"""The breakdown classes of docs/analysis.md, written again from their definitions in plain Python,
one combo at a time (no numpy, nothing from pyeval/): the oracle for pyeval/analysis/*_classes.py.

The five-card classes are read from ``reference.high_category`` (brute force over every five of
the cards), so they also check that "the first class that fits" equals the best hand's category.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from reference import high_category

MADE = ["straight flush", "quads", "full house", "flush", "straight", "set", "trips", "two pair", "overpair",
        "top pair, good kicker", "top pair, weak kicker", "pocket pair below top pair", "middle pair",
        "bottom pair", "ace high", "no made hand"]
CATEGORY_CLASS = {"straight flush": "straight flush", "four of a kind": "quads", "full house": "full house",
                  "flush": "flush", "straight": "straight"}


def rank(c):
    return c // 4


def suit(c):
    return c % 4


def straights(lowest_rank):
    """Each straight as a set of ranks, the wheel with the ace low."""
    out = [set(range(r, r + 5)) for r in range(lowest_rank, 9)]
    out.append({12, lowest_rank, lowest_rank + 1, lowest_rank + 2, lowest_rank + 3})
    return out


def has_straight(ranks, lowest_rank):
    return any(s <= set(ranks) for s in straights(lowest_rank))


def five_card_class(cards, lowest_rank):
    """straight flush .. straight by what the cards contain, or None."""
    if lowest_rank == 0:
        return CATEGORY_CLASS.get(high_category(cards))
    by_suit = Counter(suit(c) for c in cards)
    counts = Counter(rank(c) for c in cards)
    flush = [s for s, k in by_suit.items() if k >= 5]
    if flush and has_straight([rank(c) for c in cards if suit(c) == flush[0]], lowest_rank):
        return "straight flush"
    if 4 in counts.values():
        return "quads"
    if max(counts.values()) >= 3 and sum(1 for k in counts.values() if k >= 2) >= 2:
        return "full house"
    if flush:
        return "flush"
    if has_straight(counts, lowest_rank):
        return "straight"
    return None


def pair_class(hole, board):
    """The classes below straight, from the two hole cards' ranks against the whole board."""
    a, b = sorted((rank(c) for c in hole), reverse=True)
    board_ranks = [rank(c) for c in board]
    top, bottom = max(board_ranks), min(board_ranks)
    if a == b:
        if board_ranks.count(a) == 1:
            return "set"
        if a > top:
            return "overpair"
        return "pocket pair below top pair"
    if board_ranks.count(a) == 2 or board_ranks.count(b) == 2:
        return "trips"
    if a in board_ranks and b in board_ranks:
        return "two pair"
    for mine, other in ((a, b), (b, a)):
        if mine in board_ranks:
            if mine == top:
                return "top pair, good kicker" if other >= 8 else "top pair, weak kicker"
            return "bottom pair" if mine == bottom else "middle pair"
    return "ace high" if a == 12 else "no made hand"


def holdem_made(hole, board, lowest_rank=0):
    return five_card_class(list(hole) + list(board), lowest_rank) or pair_class(hole, board)


def holdem_draws(hole, board, lowest_rank=0):
    """(set of draw names, straight outs)."""
    cards = list(hole) + list(board)
    found = set()
    for s in range(4):
        mine = [c for c in cards if suit(c) == s]
        if len(mine) == 4 and any(suit(c) == s for c in hole):
            found.add("flush draw")
            best_missing = max(r for r in range(lowest_rank, 13) if 4 * r + s not in board)
            if 4 * best_missing + s in hole:
                found.add("nut flush draw")
        if len(board) == 3 and len(mine) == 3 and any(suit(c) == s for c in hole):
            found.add("backdoor flush draw")
    ranks = [rank(c) for c in cards]
    out_ranks, outs = 0, 0
    if not has_straight(ranks, lowest_rank):
        for r in range(lowest_rank, 13):
            unseen = [4 * r + s for s in range(4) if 4 * r + s not in cards]
            board_alone = len(board) == 4 and has_straight([rank(c) for c in board] + [r], lowest_rank)
            if unseen and has_straight(ranks + [r], lowest_rank) and not board_alone:
                out_ranks += 1
                outs += len(unseen)
    if out_ranks >= 2:
        found.add("open-ended straight draw")
    if out_ranks == 1:
        found.add("gutshot")
    if "flush draw" in found and out_ranks >= 1:
        found.add("combo draw")
    if holdem_made(hole, board, lowest_rank) in ("ace high", "no made hand") and \
            min(rank(c) for c in hole) > max(rank(c) for c in board):
        found.add("two overcards")
    return found, outs


def omaha_made(hole, board, lowest_rank=0):
    """The best class any two hole cards reach: five-card classes with exactly three board cards."""
    best = len(MADE) - 1
    for pair in combinations(hole, 2):
        for three in combinations(board, 3):
            five = five_card_class(list(pair) + list(three), lowest_rank)
            if five:
                best = min(best, MADE.index(five))
        best = min(best, MADE.index(pair_class(pair, board)))
    return MADE[best]


def omaha_straight(hole, board, lowest_rank=0):
    return any(has_straight([rank(c) for c in pair + three], lowest_rank) and
               len({rank(c) for c in pair + three}) == 5
               for pair in combinations(hole, 2) for three in combinations(board, 3))


def omaha_draws(hole, board, lowest_rank=0):
    found = set()
    for s in range(4):
        hole_s = [c for c in hole if suit(c) == s]
        board_s = [c for c in board if suit(c) == s]
        if len(hole_s) >= 2 and len(board_s) == 2:
            found.add("flush draw")
            best_missing = max(r for r in range(lowest_rank, 13) if 4 * r + s not in board)
            if 4 * best_missing + s in hole:
                found.add("nut flush draw")
        if len(board) == 3 and len(hole_s) >= 2 and len(board_s) == 1:
            found.add("backdoor flush draw")
    out_ranks, outs = 0, 0
    seen = set(hole) | set(board)
    if not omaha_straight(list(hole), list(board), lowest_rank):
        for r in range(lowest_rank, 13):
            unseen = [4 * r + s for s in range(4) if 4 * r + s not in seen]
            if not unseen:
                continue
            # any card of rank r: suits do not matter for a straight
            if omaha_straight(list(hole), list(board) + [unseen[0]], lowest_rank):
                out_ranks += 1
                outs += len(unseen)
    found |= {1: {"gutshot"}, 2: {"open-ended straight draw"}}.get(out_ranks, {"wrap"} if out_ranks >= 3 else set())
    if "flush draw" in found and out_ranks >= 1:
        found.add("combo draw")
    top = max(rank(c) for c in board)
    if omaha_made(hole, board, lowest_rank) in ("ace high", "no made hand") and \
            len({rank(c) for c in hole if rank(c) > top}) >= 2:
        found.add("two overcards")
    return found, outs
