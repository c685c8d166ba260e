"""pyeval.evaluate_omaha and evaluate_omaha_low8 against tests/reference.py."""

import re
import sys
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
import reference as R
from conftest import assert_order_isomorphic, random_hands
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import cards as C

import pyeval
from pyeval.core._native import table
from pyeval.core.evaluate import HIGH_CATEGORY_STARTS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tables"))
import generate  # noqa: E402

HIGH_FLUSH_START = int(HIGH_CATEGORY_STARTS[5])  # the lowest flush

SHAPES = [(4, 5), (5, 5), (6, 5), (4, 3), (4, 4), (5, 4), (6, 3)]
# the acceptance shapes get the full sample; the others a smaller one
FULL_BOARD = {(4, 5), (5, 5), (6, 5)}  # n_random hands; the other shapes a quarter of it


def size(h: int, b: int, n_random: int) -> int:
    return n_random if (h, b) in FULL_BOARD else max(n_random // 4, 5000)


def deal(h, b, n, seed):
    cards = random_hands(n, h + b, seed)
    return cards[:, :h], cards[:, h:]


def describe_fn(hole, board, keys, strengths):
    def describe(i):
        return (f"hole {R.hand_text(hole[i])} board {R.hand_text(board[i])} "
                f"(reference {keys[i]}, strength {strengths[i]})")
    return describe


@pytest.mark.parametrize("h, b", SHAPES)
def test_omaha_high_matches_reference(h, b, n_random):
    n = size(h, b, n_random)
    hole, board = deal(h, b, n, seed=10 * h + b)
    s = pyeval.evaluate_omaha(hole, board)
    assert isinstance(s, np.ndarray) and s.shape == (n,)
    assert s.min() >= 1 and s.max() <= 7462
    keys = [R.omaha_high_key(x, y) for x, y in zip(hole.tolist(), board.tolist(), strict=True)]
    assert_order_isomorphic(keys, s, describe=describe_fn(hole, board, keys, s))


@pytest.mark.parametrize("h, b", SHAPES)
def test_omaha_low8_matches_reference(h, b, n_random):
    n = size(h, b, n_random)
    hole, board = deal(h, b, n, seed=1000 + 10 * h + b)
    s = pyeval.evaluate_omaha_low8(hole, board)
    assert isinstance(s, np.ndarray) and s.shape == (n,)
    assert s.min() >= 0 and s.max() <= 56
    keys = [R.omaha_low8_key(x, y) for x, y in zip(hole.tolist(), board.tolist(), strict=True)]
    assert_order_isomorphic(keys, s, describe=describe_fn(hole, board, keys, s))
    none = np.array([k is None for k in keys])
    assert (s[none] == pyeval.NO_LOW).all() and (s[~none] > pyeval.NO_LOW).all()


@pytest.mark.parametrize("h, b", [(4, 5), (6, 5), (4, 3)])
def test_same_scale_as_five_card_evaluators(h, b):
    """Omaha strength = the best 5-card strength over all 2 + 3 choices (pyeval's own 5-card evaluators)."""
    hole, board = deal(h, b, 2000, seed=77 + h + b)
    hi = pyeval.evaluate_omaha(hole, board)
    lo = pyeval.evaluate_omaha_low8(hole, board)
    subsets = np.array([[list(p) + list(q) for p in combinations(range(h), 2) for q in combinations(range(b), 3)]])
    five = np.concatenate([hole, board], axis=1)
    idx = subsets[0].copy()
    idx[:, 2:] += h
    all5 = five[:, idx]  # (n, choices, 5)
    flat = all5.reshape(-1, 5)
    best_hi = pyeval.evaluate_high(flat).reshape(len(five), -1).max(axis=1)
    best_lo = pyeval.evaluate_low8(flat).reshape(len(five), -1).max(axis=1)
    assert np.array_equal(hi, best_hi)
    assert np.array_equal(lo, best_lo)


def test_examples():
    om, ol = pyeval.evaluate_omaha, pyeval.evaluate_omaha_low8
    # four hearts on board, one in hand: no flush
    assert pyeval.hand_category(om("Ah Kc Qd Js", "2h 5h 8h 9h Tc")) == "straight"
    # board straight needs two hole cards
    assert pyeval.hand_category(om("Ac Ad Ah As", "5c 6d 7h 8s 9c")) == "one pair"
    # two hole aces + two board aces + a board kicker = quads
    assert om("As Ah Kd Qc", "Ad Ac 2s 3h 9d") == pyeval.evaluate_high("As Ah Ad Ac 9d")
    assert pyeval.hand_category(om("Kc Qd 2h 3s", "Ac Ad Ah As 9c")) == "three of a kind"
    assert om("As Ks Qs Js Ts 9s", "8s 7s 6s") == pyeval.evaluate_high("Ts 9s 8s 7s 6s")
    assert ol("Ac 2d Kh Ks", "3c 4d 5h Kc Qd") == 56
    assert ol("Ac Kd Kh Qs", "2c 3d 4h 5s 6c") == pyeval.NO_LOW
    assert ol("Ac 2d Kh Ks", "3c 4d Qh Kc Qd") == pyeval.NO_LOW
    assert ol("Ac 2d 3h 4s", "5c 6d 7h Kc Qd") == pyeval.evaluate_low8("7h 6d 5c 2d Ac")


def test_single_hand_and_broadcast():
    hole, board = deal(4, 5, 50, seed=3)
    batch = pyeval.evaluate_omaha(hole, board)
    for i in range(10):
        one = pyeval.evaluate_omaha(hole[i], board[i])
        assert not isinstance(one, np.ndarray) and int(one) == batch[i]
        assert pyeval.evaluate_omaha(R.hand_text(hole[i]), R.hand_text(board[i])) == batch[i]
    # one board for many hands (all hole cards must avoid it)
    board1 = C("2c 7d Jh Qs 3h")
    rest = np.array([c for c in range(52) if c not in board1])
    rng = np.random.default_rng(0)
    holes = np.array([rng.choice(rest, 4, replace=False) for _ in range(100)])
    s = pyeval.evaluate_omaha(holes, np.array(board1))
    assert np.array_equal(s, pyeval.evaluate_omaha(holes, np.tile(board1, (100, 1))))


@pytest.mark.parametrize("fn", ["evaluate_omaha", "evaluate_omaha_low8"])
@pytest.mark.parametrize("hole, board", [
    ("As Ks Qs", "2c 3c 4c 5c 6c"),              # 3 hole cards
    ("As Ks Qs Js Ts 9s 8s", "2c 3c 4c 5c 6c"),  # 7 hole cards
    ("As Ks Qs Js", "2c 3c"),                    # 2 board cards
    ("As Ks Qs Js", "2c 3c 4c 5c 6c 7c"),        # 6 board cards
    ("As Ks Qs Js", "As 3c 4c 5c 6c"),           # card in hole and board
    ("As As Qs Js", "2c 3c 4c 5c 6c"),           # duplicate in hole
    ("Zz Ks Qs Js", "2c 3c 4c 5c 6c"),
])
def test_bad_input(fn, hole, board):
    with pytest.raises(ValueError):
        getattr(pyeval, fn)(hole, board)


def test_bad_batch_shapes():
    hole, board = deal(4, 5, 10, seed=4)
    with pytest.raises(ValueError):
        pyeval.evaluate_omaha(hole, board[:5])
    bad = board.copy()
    bad[3, 0] = 52
    with pytest.raises(ValueError):
        pyeval.evaluate_omaha(hole, bad)


@pytest.mark.parametrize("n, bad_at", [(1, 0), (15, 14), (17, 16), (50, 33), (41, None)])
def test_batches_of_any_size_name_the_first_bad_hand(n, bad_at):
    """Omaha batches go through C in blocks of hands (csrc/omaha.c): sizes off the block size give
    the strengths of hands evaluated one at a time; a bad hand in a later block is the one named."""
    hole, board = (a.astype(np.uint8) for a in deal(4, 5, n, seed=n))  # uint8: checked in C
    one_by_one = [pyeval.evaluate_omaha(h, b) for h, b in zip(hole, board)]
    if bad_at is None:
        assert pyeval.evaluate_omaha(hole, board).tolist() == one_by_one
        return
    board[bad_at, 0] = hole[bad_at, 0]
    board[bad_at + 1:, 1] = 52
    with pytest.raises(ValueError, match=f"hand {bad_at}: duplicate card"):
        pyeval.evaluate_omaha(hole, board)


omaha_deals = st.tuples(st.integers(4, 6), st.integers(3, 5)).flatmap(
    lambda hb: st.lists(st.integers(0, 51), min_size=sum(hb), max_size=sum(hb), unique=True).map(
        lambda cards: (cards[:hb[0]], cards[hb[0]:])))


@settings(max_examples=200, deadline=None)
@given(deal_=omaha_deals, perm=st.permutations(range(4)), data=st.data())
def test_invariant_under_suit_and_order_permutation(deal_, perm, data):
    hole, board = deal_
    hole2 = data.draw(st.permutations([4 * (c >> 2) + perm[c & 3] for c in hole]))
    board2 = data.draw(st.permutations([4 * (c >> 2) + perm[c & 3] for c in board]))
    for fn in (pyeval.evaluate_omaha, pyeval.evaluate_omaha_low8):
        assert fn(np.array(hole), np.array(board)) == fn(np.array(hole2), np.array(board2))


def suited_deals(h: int, b: int, n: int, seed: int):
    """Deals where one suit fills 3..b board cards and 0..h hole cards: the flush path of csrc/omaha.c,
    whose hole mask comes from the block's first pass."""
    rng = np.random.default_rng(seed)
    hole, board = np.zeros((n, h), np.uint8), np.zeros((n, b), np.uint8)
    for i in range(n):
        suit = rng.integers(4)
        suited = rng.permutation(np.arange(suit, 52, 4))
        others = rng.permutation(np.setdiff1d(np.arange(52), suited))
        on_board, in_hole = rng.integers(3, b + 1), rng.integers(0, h + 1)
        board[i] = rng.permutation(np.concatenate([suited[:on_board], others[:b - on_board]]))
        hole[i] = rng.permutation(np.concatenate([suited[on_board:on_board + in_hole],
                                                  others[b - on_board:b - on_board + h - in_hole]]))
    return hole, board


@pytest.mark.parametrize("h, b", [(4, 5), (5, 4), (6, 3), (6, 5)])
def test_flush_boards_give_the_best_two_plus_three_of_evaluate_high(h, b):
    """Exactly the best evaluate_high over two hole and three board cards, on boards that allow a flush,
    over batches longer than a block (every position in a block of hands)."""
    hole, board = suited_deals(h, b, 700, seed=h * 10 + b)
    got = pyeval.evaluate_omaha(hole, board)
    fives = np.array([[*hole[i, list(x)], *board[i, list(y)]] for i in range(len(hole))
                      for x in combinations(range(h), 2) for y in combinations(range(b), 3)], dtype=np.uint8)
    per_hand = len(list(combinations(range(h), 2))) * len(list(combinations(range(b), 3)))
    want = pyeval.evaluate_high(fives).reshape(len(hole), per_hand).max(axis=1)
    assert np.array_equal(got, want)
    assert (want >= HIGH_FLUSH_START).any() and (want < HIGH_FLUSH_START).any()


def test_board_hash_gives_every_board_multiset_its_row():
    """csrc/omaha.c finds a board's row through the board multisets' own perfect hash: for every multiset of
    3..5 ranks it must give the row PYEVAL_BOARD_INDEX gives, and any key a slot within PYEVAL_OMAHA_BOARD_ROW."""
    header = ROOT / "csrc" / "generated" / "tables.h"
    if not header.exists():
        pytest.skip("no generated tables in this checkout")
    k = {m[1]: int(m[2]) for m in re.finditer(r"^#define (PYEVAL_\w+) (\d+)u$", header.read_text(), flags=re.M)}
    boards = [m for m in generate.all_multisets(5) if len(m) >= 3]
    keys = np.array([generate.quinary(m) for m in boards], dtype=np.uint64)

    def mix(mul, bits):
        return ((keys * np.uint64(mul)) & np.uint64(0xFFFFFFFF)) >> np.uint64(32 - bits)

    def slot(prefix, slot_bits, bucket_bits, displace):
        return mix(k[prefix + "MUL_POS"], slot_bits) ^ table(displace)[mix(k[prefix + "MUL_BUCKET"], bucket_bits)]

    omaha_slot = slot("PYEVAL_OMAHA_", k["PYEVAL_OMAHA_SLOT_BITS"], k["PYEVAL_OMAHA_BUCKET_BITS"],
                      "PYEVAL_OMAHA_DISPLACE")
    old_slot = slot("PYEVAL_", k["PYEVAL_SLOT_BITS"], k["PYEVAL_BUCKET_BITS"], "PYEVAL_DISPLACE")
    rows = table("PYEVAL_OMAHA_BOARD_ROW")[omaha_slot]
    assert len(boards) == k["PYEVAL_BOARD_COUNT"] == len(set(rows.tolist()))
    assert np.array_equal(rows, table("PYEVAL_BOARD_INDEX")[old_slot])
    assert int(table("PYEVAL_OMAHA_DISPLACE").max()) < 1 << k["PYEVAL_OMAHA_SLOT_BITS"]
    assert len(table("PYEVAL_OMAHA_BOARD_ROW")) == 1 << k["PYEVAL_OMAHA_SLOT_BITS"]
