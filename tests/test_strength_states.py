"""pyeval.strength's canonical states (issue 41): a bijection onto range(STATES[street]) that
isomorphic states share, checked against a plain-Python canonicalisation (tests/reference.py)
and the published counts (Waugh 2013: 169; 1,286,792; 13,960,050; 123,156,254)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import canonical_state

from pyeval.strength import SHORT_DECK_STATES, STATES, cards, count, deck_states, index

BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
DECKS = {"holdem": (0, STATES), "shortdeck": (16, SHORT_DECK_STATES)}


def random_states(rng, n, board_n, lowest=0):
    deck = np.arange(lowest, 52)
    rows = np.array([rng.choice(deck, 2 + board_n, replace=False) for _ in range(n)], dtype=np.uint8)
    return rows[:, :2], rows[:, 2:]


def permuted(hole, board, rng):
    """The same states with the suits relabelled (one permutation per state), the hole cards
    swapped and the board shuffled."""
    perms = np.array([rng.permutation(4) for _ in range(len(hole))])
    def relabel(c):
        return (4 * (c // 4) + np.take_along_axis(perms, (c % 4).astype(np.int64), axis=1)).astype(np.uint8)
    h, b = relabel(hole)[:, ::-1], relabel(board)
    b = np.array([rng.permutation(row) for row in b], dtype=np.uint8).reshape(b.shape)
    return np.ascontiguousarray(h), np.ascontiguousarray(b)


@pytest.mark.parametrize("game", DECKS)
def test_counts_by_street(game):
    for street, n in DECKS[game][1].items():
        assert count(street, game=game) == n


def classes_by_burnside(ranks, board_n):
    """The suit-isomorphism classes of (hole: a set of 2 cards, board: a disjoint set of board_n)
    on a deck of ``ranks`` ranks x 4 suits, without the indexer: by Burnside's lemma, the mean over
    the 24 suit permutations of the states each leaves fixed.  A fixed state is a union of the
    permutation's card orbits (for each rank, one orbit per cycle of the suits, of the cycle's
    length), so the states a permutation fixes are the coefficient of x^2 y^board_n in the
    product over its orbits of (1 + x^len + y^len)."""
    total = 0
    for perm in permutations(range(4)):
        cycles, seen = [], set()
        for s in range(4):
            n = 0
            while s not in seen:
                seen.add(s)
                s, n = perm[s], n + 1
            cycles += [n] if n else []
        poly = Counter({(0, 0): 1})
        for length in cycles * ranks:
            nxt = Counter()
            for (x, y), c in poly.items():
                nxt[x, y] += c
                if x + length <= 2:
                    nxt[x + length, y] += c
                if y + length <= board_n:
                    nxt[x, y + length] += c
            poly = nxt
        total += poly[2, board_n]
    assert total % 24 == 0
    return total // 24


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "shortdeck-straight"])
def test_state_counts_by_burnside(game):
    """deck_states(game) (the indexer's counts), STATES and SHORT_DECK_STATES (the numbers in
    docs/strength.md) against the classes counted by Burnside's lemma."""
    ranks = 13 if game == "holdem" else 9
    want = {street: classes_by_burnside(ranks, b) for street, b in BOARD.items()}
    assert deck_states(game) == want == (STATES if game == "holdem" else SHORT_DECK_STATES)


@pytest.mark.parametrize("game", DECKS)
def test_preflop_every_raw_state_against_the_reference(game):
    lowest, counts = DECKS[game]
    holes = np.array(list(combinations(range(lowest, 52), 2)), dtype=np.uint8)
    got = index(holes, None, game=game)
    classes = [canonical_state(h, ()) for h in holes.tolist()]
    assert len(set(classes)) == counts["preflop"]
    assert sorted(set(got.tolist())) == list(range(counts["preflop"]))
    by_class = {}
    for c, i in zip(classes, got.tolist()):
        assert by_class.setdefault(c, i) == i  # one index per class, and (count above) one class per index


def _partitions_agree(hole, board, got):
    """Same index exactly when the reference calls the states isomorphic."""
    to_index, to_class = {}, {}
    for h, b, i in zip(hole.tolist(), board.tolist(), got.tolist()):
        c = canonical_state(h, b)
        assert to_index.setdefault(c, i) == i
        assert to_class.setdefault(i, c) == c


@pytest.mark.parametrize("game", DECKS)
@pytest.mark.parametrize("street", ["flop", "turn", "river"])
def test_isomorphic_states_share_an_index_and_no_others(street, game):
    rng = np.random.default_rng(41)
    lowest, counts = DECKS[game]
    # cards from a few ranks only, so that isomorphic states turn up among the samples by chance too
    hole, board = random_states(rng, 800, BOARD[street], lowest=max(lowest, 52 - 4 * 4))
    h2, b2 = permuted(hole, board, rng)
    got = index(np.concatenate([hole, h2]), np.concatenate([board, b2]), game=game)
    assert (got[:800] == got[800:]).all()
    assert got.min() >= 0 and got.max() < counts[street]
    _partitions_agree(np.concatenate([hole, h2]), np.concatenate([board, b2]), got)
    assert len(set(got.tolist())) < 800  # the few-rank deck did make collisions: the check had work


@pytest.mark.parametrize("game", DECKS)
@pytest.mark.parametrize("street", list(BOARD))
def test_round_trips(street, game):
    rng = np.random.default_rng(7)
    total = DECKS[game][1][street]
    i = np.unique(np.concatenate([[0, total - 1], rng.integers(0, total, 3_000)]))
    hole, board = cards(street, i, game=game)
    assert (index(hole, board, game=game) == i).all()
    assert board.shape == (len(i), BOARD[street])
    # a raw state's representative is isomorphic to it
    h, b = random_states(rng, 300, BOARD[street], lowest=DECKS[game][0])
    j = index(h, b, game=game)
    rh, rb = cards(street, j, game=game)
    for x in zip(h.tolist(), b.tolist(), rh.tolist(), rb.tolist()):
        assert canonical_state(x[0], x[1]) == canonical_state(x[2], x[3])


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(52)), st.permutations(range(4)), st.sampled_from([0, 3, 4, 5]))
def test_suit_relabelling_keeps_the_index(deck, perm, board_n):
    state = np.array(deck[:2 + board_n])
    other = 4 * (state // 4) + np.array(perm)[state % 4]
    assert index(state[:2], state[2:]) == index(other[:2][::-1], other[2:][::-1])


def test_text_and_codes_and_broadcasting():
    assert index("As Kd", "2c 7h 9h") == index([51, 45], [0, 22, 30]) != index([51, 45], [0, 23, 31])
    many = index(["As Kd", "Qh Qs"], "2c 7h 9h")
    assert many.tolist() == [index("As Kd", "2c 7h 9h"), index("Qh Qs", "2c 7h 9h")]
    assert index(np.array([[51, 45]]), "2c 7h 9h").tolist() == [index("As Kd", "2c 7h 9h")]  # a batch of one


@pytest.mark.parametrize("hole, board, message", [
    ("As", None, "two cards"),
    ("As Kd", "2c 7h", "0, 3, 4 or 5"),
    ("As Kd", "As 7h 9h", "a card twice"),
    ([51, 60], None, "bad card code 60"),
    (np.zeros((2, 2, 2), int), None, "2-D"),
    (["As Kd", "Qh Qs"], ["2c 3c 4c"] * 3, "2 hole rows but 3 board rows"),
])
def test_bad_states_are_refused(hole, board, message):
    with pytest.raises(ValueError, match=message):
        index(hole, board)


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="not in the deck"):
        index("2c 3c", None, game="shortdeck")
    with pytest.raises(ValueError, match="out of range"):
        cards("flop", STATES["flop"])
    with pytest.raises(ValueError, match="out of range"):
        cards("turn", [-1])
    with pytest.raises(ValueError, match="unknown street"):
        cards("fourth", 0)
    with pytest.raises(TypeError):
        cards("river", 1.5)
    with pytest.raises(TypeError, match="bytes"):
        index(b"\x00\x01")
    with pytest.raises(ValueError, match="two hole cards"):
        index("As Kd Qh Jc", None, game="omaha")


def every_raw_state_hits(street, game):
    """How many raw states (every hole, every board of the rest) land on each index."""
    lowest, counts = DECKS[game]
    hits = np.zeros(counts[street], dtype=np.int64)
    deck = range(lowest, 52)
    boards = np.array(list(combinations(range(len(deck) - 2), BOARD[street])), dtype=np.int64)
    for hole in combinations(deck, 2):
        rest = np.array([c for c in deck if c not in hole], dtype=np.uint8)
        hits += np.bincount(index(np.array(hole, np.uint8), rest[boards], game=game), minlength=len(hits))
    assert hits.sum() == comb(len(deck), 2) * comb(len(deck) - 2, BOARD[street])
    return hits


@pytest.mark.parametrize("game, street", [pytest.param("holdem", "flop", marks=pytest.mark.slow),
                                          ("shortdeck", "flop"),
                                          pytest.param("shortdeck", "turn", marks=pytest.mark.slow),
                                          pytest.param("shortdeck", "river", marks=pytest.mark.slow)])
def test_every_raw_state_lands_on_every_index(game, street):
    """All raw states (25,989,600 hold'em flops; 3,769,920 short-deck flops, 29,216,880 turns and
    175,301,280 rivers)
    land on every index 0 .. count - 1: with the sharing tests above, a bijection from the
    isomorphism classes, and the counts of docs/strength.md enumerated."""
    assert (every_raw_state_hits(street, game) > 0).all()


@pytest.mark.slow
@pytest.mark.parametrize("street", ["turn"])
def test_every_index_round_trips(street):
    for start in range(0, STATES[street], 2_000_000):
        i = np.arange(start, min(start + 2_000_000, STATES[street]))
        assert (index(*cards(street, i)) == i).all()
