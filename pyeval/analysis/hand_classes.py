"""What a hold'em or short-deck combo holds on a board of 3 or 4 cards: its made-hand class and
its draws (the definitions are in docs/analysis.md; this module is their one implementation).

Made classes are tried in ``MADE_CLASSES`` order and a combo takes the first that fits, so they
partition a range.  Draws are flags: a combo may have several, or none.  Everything is read from
rank and suit counts of the hole cards and the board, for all combos at once (numpy).

>>> import numpy as np
>>> from pyeval.core.cards import parse_cards
>>> made, draws, outs = classify(np.array([parse_cards("AhKh"), parse_cards("9d8d")]), parse_cards("Kd7h2h"), 0)
>>> [MADE_CLASSES[m] for m in made], [d for d, f in zip(DRAW_CLASSES, draws[0]) if f]
(['top pair, good kicker', 'no made hand'], ['flush draw', 'nut flush draw'])
>>> made, draws, outs = classify(np.array([parse_cards("9d8d")]), parse_cards("Jd7h2h"), 0)
>>> [d for d, f in zip(DRAW_CLASSES, draws[0]) if f], int(outs[0])
(['gutshot', 'backdoor flush draw'], 4)
"""

from __future__ import annotations

import numpy as np

__all__ = ["MADE_CLASSES", "DRAW_CLASSES", "GOOD_KICKER", "classify", "straight_windows"]

MADE_CLASSES = (
    "straight flush", "quads", "full house", "flush", "straight", "set", "trips", "two pair", "overpair",
    "top pair, good kicker", "top pair, weak kicker", "pocket pair below top pair", "middle pair", "bottom pair",
    "ace high", "no made hand",
)
DRAW_CLASSES = ("flush draw", "nut flush draw", "open-ended straight draw", "gutshot", "combo draw",
                "backdoor flush draw", "two overcards")
GOOD_KICKER = 8
"""Top pair has a good kicker when its other hole card is a ten (rank 8) or better."""


def straight_windows(lowest_card: int) -> np.ndarray:
    """13-bit rank masks of every straight (the ace also plays low: A-2-3-4-5, or A-6-7-8-9 in
    the 36-card deck, whose lowest rank is 6)."""
    low = lowest_card // 4
    wins = [0b11111 << r for r in range(low, 9)]
    wins.append((1 << 12) | (0b1111 << low))  # the wheel
    return np.array(wins, np.int64)


def _has_straight(presence: np.ndarray, windows: np.ndarray) -> np.ndarray:
    return ((presence[..., None] & windows) == windows).any(axis=-1)


def _counts(combos: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rank counts (n, 13) and suit counts (n, 4) of each combo with the board."""
    n = len(combos)
    rank_count = np.tile(np.bincount(board >> 2, minlength=13), (n, 1))
    suit_count = np.tile(np.bincount(board & 3, minlength=4), (n, 1))
    rows = np.arange(n)
    for k in range(combos.shape[1]):
        np.add.at(rank_count, (rows, combos[:, k] >> 2), 1)
        np.add.at(suit_count, (rows, combos[:, k] & 3), 1)
    return rank_count, suit_count


def _presence(rank_count: np.ndarray) -> np.ndarray:
    return ((rank_count > 0) * (1 << np.arange(13))).sum(axis=-1)


def made_class(combos: np.ndarray, board: np.ndarray, lowest_card: int = 0, categories: bool = True) -> np.ndarray:
    """The made class of each two-card combo with the board (index into MADE_CLASSES).  With
    ``categories=False`` the five-card classes (straight flush .. straight) are skipped: the rest
    is read from ranks alone (Omaha tries those under its 2+3 rule)."""
    combos = np.asarray(combos, np.int64)
    board = np.asarray(board, np.int64)
    n = len(combos)
    windows = straight_windows(lowest_card)
    hr, br = combos >> 2, board >> 2
    board_rank = np.bincount(br, minlength=13)
    made = np.full(n, len(MADE_CLASSES) - 1, np.int64)
    undecided = np.ones(n, bool)

    def take(name: str, where: np.ndarray) -> None:
        hit = undecided & where
        made[hit] = MADE_CLASSES.index(name)
        undecided[hit] = False

    if categories:  # the strongest first
        rank_count, suit_count = _counts(combos, board)
        flush_suit = np.where((suit_count >= 5).any(axis=1), suit_count.argmax(axis=1), -1)
        suited_presence = np.zeros(n, np.int64)
        for c in [*combos.T, *np.broadcast_to(board, (n, len(board))).T]:
            suited_presence |= np.where((c & 3) == flush_suit, 1 << (c >> 2), 0)
        take("straight flush", (flush_suit >= 0) & _has_straight(suited_presence, windows))
        take("quads", (rank_count == 4).any(axis=1))
        take("full house", (rank_count >= 3).any(axis=1) & ((rank_count >= 2).sum(axis=1) >= 2))
        take("flush", flush_suit >= 0)
        take("straight", _has_straight(_presence(rank_count), windows))
    pocket = hr[:, 0] == hr[:, 1]
    on_board = board_rank[hr]  # (n, 2): board cards of each hole card's rank
    take("set", pocket & (on_board[:, 0] == 1))
    take("trips", ~pocket & (on_board == 2).any(axis=1))
    take("two pair", ~pocket & (on_board >= 1).all(axis=1))
    top, bottom = br.max(), br.min()
    take("overpair", pocket & (hr[:, 0] > top))
    paired = np.where(on_board[:, 0] >= 1, hr[:, 0], np.where(on_board[:, 1] >= 1, hr[:, 1], -1))
    kicker = np.where(on_board[:, 0] >= 1, hr[:, 1], hr[:, 0])
    take("top pair, good kicker", ~pocket & (paired == top) & (kicker >= GOOD_KICKER))
    take("top pair, weak kicker", ~pocket & (paired == top))
    take("pocket pair below top pair", pocket)
    take("middle pair", (paired >= 0) & (paired != bottom))
    take("bottom pair", paired == bottom)
    take("ace high", (hr == 12).any(axis=1))
    return made


def classify(combos: np.ndarray, board: np.ndarray, lowest_card: int = 0) -> tuple[np.ndarray, np.ndarray,
                                                                                    np.ndarray]:
    """For combos (n, 2) of card codes and a board of 3 or 4 codes: the made class of each combo
    (index into MADE_CLASSES), its draws ((n, len(DRAW_CLASSES)) bool) and its straight outs
    (unseen cards that give it a straight it does not have)."""
    combos = np.asarray(combos, np.int64)
    board = np.asarray(board, np.int64)
    if combos.ndim != 2 or combos.shape[1] != 2:
        raise ValueError(f"classify takes two-card combos, got shape {combos.shape}")
    if len(board) not in (3, 4):
        raise ValueError(f"the breakdown needs a board of 3 or 4 cards, got {len(board)}")
    n = len(combos)
    windows = straight_windows(lowest_card)
    hr, hs = combos >> 2, combos & 3
    br, bs = board >> 2, board & 3
    rows = np.arange(n)
    rank_count, suit_count = _counts(combos, board)
    presence = _presence(rank_count)
    straight = _has_straight(presence, windows)
    made = made_class(combos, board, lowest_card)
    top = br.max()

    # draws
    draws = np.zeros((n, len(DRAW_CLASSES)), bool)
    hole_suit = np.zeros((n, 4), np.int64)
    for k in range(2):
        np.add.at(hole_suit, (rows, hs[:, k]), 1)
    four = (suit_count == 4) & (hole_suit >= 1)
    flush_draw = four.any(axis=1)
    draw_suit = four.argmax(axis=1)
    nut = np.zeros(n, bool)
    for s in range(4):
        missing = [r for r in range(12, lowest_card // 4 - 1, -1) if not ((br == r) & (bs == s)).any()]
        if missing:
            top_card = 4 * missing[0] + s
            nut |= flush_draw & (draw_suit == s) & (combos == top_card).any(axis=1)
    board_presence = int(_presence(np.bincount(br, minlength=13)))
    seen = np.tile(np.bincount(board, minlength=52), (n, 1))
    for k in range(2):
        np.add.at(seen, (rows, combos[:, k]), 1)
    out_ranks = np.zeros(n, np.int64)
    outs = np.zeros(n, np.int64)
    for r in range(lowest_card // 4, 13):
        with_r = presence | (1 << r)
        board_only = len(board) == 4 and bool(_has_straight(np.array([board_presence | (1 << r)]), windows)[0])
        unseen = 4 - seen[:, 4 * r:4 * r + 4].sum(axis=1)
        hit = ~straight & _has_straight(with_r, windows) & (unseen > 0) & (not board_only)
        out_ranks += hit
        outs += np.where(hit, unseen, 0)
    draws[:, 0] = flush_draw
    draws[:, 1] = nut
    draws[:, 2] = out_ranks >= 2
    draws[:, 3] = out_ranks == 1
    draws[:, 4] = flush_draw & (out_ranks >= 1)
    if len(board) == 3:
        draws[:, 5] = ((suit_count == 3) & (hole_suit >= 1)).any(axis=1)
    no_pair = made >= MADE_CLASSES.index("ace high")
    draws[:, 6] = no_pair & (hr.min(axis=1) > top)
    return made, draws, outs
