"""The generic range syntax against a naive matcher written here from docs/ranges.md (no code
shared with pyeval/ranges/generic.py or expand.py): every injective assignment of a term's
elements to the hand's cards is tried (numpy over all hands at once), variables checked pairwise."""

from __future__ import annotations

import importlib.util
import math
import re
from itertools import permutations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval import parse_range
from pyeval.ranges import RangeError

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def all_hands(hole: int) -> np.ndarray:
    from itertools import combinations
    return np.array(list(combinations(range(52), hole)), np.int64)


OMAHA4 = all_hands(4)

# -- the naive matcher ----------------------------------------------------------------


def naive_elements(term: str) -> list[tuple]:
    """(ranks allowed or None, suits allowed or None, rank var, suit var, explicit rank, explicit suit)."""
    out, i = [], 0
    while i < len(term):
        ch = term[i]
        ranks, rvar, rank = None, None, None
        if ch.upper() in RANKS:
            rank = RANKS.index(ch.upper())
            ranks = {rank}
        elif ch.isupper():
            rvar = ch
        elif ch != "*" and ch not in SUITS + "wxyz":
            raise ValueError(term)
        if ch not in SUITS + "wxyz":  # a suit alone is a card of any rank
            i += 1
        suits, svar, suit = None, None, None
        if i < len(term) and term[i] in SUITS:
            suit = SUITS.index(term[i])
            suits = {suit}
            i += 1
        elif i < len(term) and term[i] in "wxyz":
            svar = term[i]
            i += 1
        out.append((ranks, suits, rvar, svar, rank, suit))
    return out


def naive_legacy(term: str) -> tuple[str, str | None] | None:
    """pyeval's older Omaha pattern (x = any card, trailing only; a ds/ss/rainbow suffix)."""
    m = re.fullmatch(r"((?:[2-9TJQKA][cdhs]?|\*)+)(x*)(ds|ss|rainbow)?", term)
    if not m:
        return None
    return m.group(1) + "*" * len(m.group(2)), m.group(3)


def naive_term(term: str, hands: np.ndarray) -> np.ndarray:
    legacy = naive_legacy(term)
    shape = None
    if legacy:
        term, shape = legacy
    els = naive_elements(term)
    explicit_ranks = {e[4] for e in els if e[4] is not None}
    explicit_suits = {e[5] for e in els if e[5] is not None}
    rank, suit = hands >> 2, hands & 3
    hole = hands.shape[1]
    hit = np.zeros(len(hands), bool)
    for perm in permutations(range(hole), len(els)):
        ok = np.ones(len(hands), bool)
        for k, (ranks, suits, rvar, svar, _, _) in enumerate(els):
            r, s = rank[:, perm[k]], suit[:, perm[k]]
            if ranks is not None:
                ok &= np.isin(r, list(ranks))
            if suits is not None:
                ok &= np.isin(s, list(suits))
            if rvar is not None:
                ok &= ~np.isin(r, list(explicit_ranks))
            if svar is not None:
                ok &= ~np.isin(s, list(explicit_suits))
            for j in range(k):
                other = els[j]
                if rvar is not None and other[2] is not None:
                    ok &= (r == rank[:, perm[j]]) == (rvar == other[2])
                if svar is not None and other[3] is not None:
                    ok &= (s == suit[:, perm[j]]) == (svar == other[3])
        hit |= ok
    if shape:
        hit &= naive_shape({"ds": "$ds", "ss": "$ss", "rainbow": "$rb"}[shape], hands)
    return hit


def naive_shape(name: str, hands: np.ndarray) -> np.ndarray:
    counts = np.stack([(hands & 3 == s).sum(axis=1) for s in range(4)], axis=1)
    if name == "$np":
        return np.array([len(set((h >> 2).tolist())) == len(h) for h in hands])
    twos = (counts == 2).sum(axis=1)
    return {"$ds": (twos == 2) & (counts.max(axis=1) == 2), "$ss": (twos == 1) & (counts.max(axis=1) == 2),
            "$rb": counts.max(axis=1) == 1}[name]


def naive(text: str, hands: np.ndarray) -> np.ndarray:
    """Union of parts; a part is a chain of terms joined by : (both) and ! (not), left to right."""
    out = np.zeros(len(hands), bool)
    for part in text.split(","):
        part = re.sub(r":\d+$", "", part)  # ':' and a number ending a part is a weight
        pieces = re.split(r"([:!])", part)
        got = naive_atom(pieces[0], hands)
        for op, atom in zip(pieces[1::2], pieces[2::2]):
            other = naive_atom(atom, hands)
            got = got & other if op == ":" else got & ~other
        out |= got
    return out


def naive_atom(atom: str, hands: np.ndarray) -> np.ndarray:
    if atom.startswith("$"):
        return naive_shape(atom, hands)
    return naive_term(atom, hands)


# -- random range strings -------------------------------------------------------------

RANK_ITEMS = ["A", "K", "T", "5", "2", "R", "O", "N", "*"]
SUIT_ITEMS = ["", "", "", "s", "h", "x", "y", "z"]


@st.composite
def terms(draw, hole: int):
    n = draw(st.integers(1, hole))
    return "".join(draw(st.sampled_from(RANK_ITEMS)) + draw(st.sampled_from(SUIT_ITEMS)) for _ in range(n))


@st.composite
def range_texts(draw, hole: int):
    parts = []
    for _ in range(draw(st.integers(1, 2))):
        text = draw(terms(hole))
        for _ in range(draw(st.integers(0, 2))):
            text += draw(st.sampled_from(":!")) + draw(st.one_of(terms(hole), st.sampled_from(["$ds", "$ss", "$np"])))
        parts.append(text)
    return ",".join(parts)


def parsed_or_none(text: str, game: str):
    try:
        return parse_range(text, game)
    except RangeError as exc:
        # the parser refuses a lone suit variable and a term no hand matches
        whys = ("stands alone", "no hand matches", "holds no hand", "same card twice")
        assert any(why in str(exc) for why in whys), exc
        return None


def _masks(hands: np.ndarray) -> np.ndarray:
    return (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)


OMAHA4_MASKS = _masks(OMAHA4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(range_texts(4))
def test_parser_agrees_with_naive_matcher_on_every_omaha4_hand(text):
    r = parsed_or_none(text, "omaha")
    expected = naive(text, OMAHA4)
    if r is None:
        return
    got = np.isin(OMAHA4_MASKS, r.masks)
    assert (got == expected).all(), (text, int(got.sum()), int(expected.sum()))


@pytest.mark.parametrize("hole, game", [(5, "omaha5"), (6, "omaha6")])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_parser_agrees_with_naive_matcher_on_sampled_omaha5_and_6_hands(hole, game, data):
    """The tree's test on a sample of hands (building every hand a 6-card term holds is the
    expander's job, checked exhaustively in Omaha 4 above)."""
    from pyeval.ranges.expand import Context, matches
    from pyeval.ranges.generic import Parser

    text = data.draw(range_texts(hole))
    rng = np.random.default_rng(len(text))
    hands = np.sort(np.array([rng.choice(52, hole, replace=False) for _ in range(3000)]), axis=1)
    try:
        tree = Parser(text, hole, "omaha").parse()
    except RangeError:
        return
    got = matches(tree, _masks(hands), Context(text, hole, 0))
    assert (got == naive(text, hands)).all(), text


# -- what ProPokerTools documents, counted ------------------------------------------------

PPT_EXAMPLES = [
    ("AsKhJd2c", 1),
    ("AA", 6961),                     # at least two aces
    ("AxAyxy", 864),                  # double-suited aces (= pyeval's AA**ds)
    ("sshh", 78 * 78),                # two spades and two hearts
    ("wxy", 270725 - 4 * 715 - 6 * (math.comb(26, 4) - 2 * 715)),  # at least three suits
    ("****", 270725), ("*", 270725),
    ("RRON", 13 * 6 * math.comb(12, 2) * 16),  # one pair, two side cards of other distinct ranks
    ("RxRyOxOy", math.comb(13, 2) * 6),        # double-suited two pair
    ("AA!AAA", 6 * math.comb(48, 2)),          # exactly two aces
    ("AA:xxyy", 864),                          # double-suited aces again
]


@pytest.mark.parametrize("text, n", PPT_EXAMPLES)
def test_propokertools_examples(text, n):
    r = parse_range(text, "omaha")
    assert len(r) == n
    assert naive(text, OMAHA4).sum() == n


def test_operators_spans_lists_weights():
    aa, kk = parse_range("AA", "omaha"), parse_range("KK", "omaha")
    both = parse_range("AA,KK", "omaha")
    assert len(both) == len(set(aa.masks.tolist()) | set(kk.masks.tolist()))
    assert parse_range("(AA,KK):$ds", "omaha") == parse_range("AA:$ds,KK:$ds", "omaha")
    assert parse_range("AA,KK:$ds", "omaha") == parse_range("AA,(KK:$ds)", "omaha")
    spans = parse_range("KK-TT", "omaha")
    assert spans == parse_range("KK,QQ,JJ,TT", "omaha") == parse_range("TT-KK", "omaha")
    assert parse_range("QQ+", "omaha") == parse_range("QQ,KK,AA", "omaha")
    assert parse_range("AJ+", "omaha") == parse_range("AJ,AQ,AK", "omaha")
    assert parse_range("33-", "omaha") == parse_range("33,22", "omaha")
    assert parse_range("[K-T]", "omaha5") == parse_range("K,Q,J,T", "omaha5")
    assert parse_range("[A,K]s[A,K]h", "omaha") == parse_range("AsAh,AsKh,KsAh,KsKh", "omaha")
    w = parse_range("AA@2,KK@1,AAKK:0.5", "omaha")
    assert w.weight("AsAhKsKh") == 0.5 and w.weight("AsAh2c3c") == 2 and w.weight("KsKh2c3c") == 1
    assert parse_range("AA:0.5", "omaha").weights[0] == 0.5  # ':' and a number: pyeval's weight
    # hold'em: the generic marks reach the same parser
    assert parse_range("AxKx") == parse_range("AKs") and parse_range("AxKy") == parse_range("AKo")
    assert parse_range("RR") == parse_range("22+") and parse_range("(AK,QQ+):xy") == parse_range("AKo,QQ+")
    assert parse_range("5%-10%") == parse_range("10%!5%")


@pytest.mark.parametrize("text, token, column", [
    ("AA,KK:xx(", "(", 9), ("AA,K?", "K?", 4), ("AxKx,QQ!", "", 9), ("AA,RRRRR", "RRRRR", 4),
    ("AA@-1", "@-1", 3), ("KK-QT", "KK-QT", 1), ("AA:$dz", "$dz", 4), ("AA,AAKKQQ", "AAKKQQ", 4),
])
def test_errors_name_token_and_column(text, token, column):
    with pytest.raises(RangeError) as exc:
        parse_range(text, "omaha")
    assert f"{token!r}" in str(exc.value) and f"column {column}" in str(exc.value), str(exc.value)


# -- the x% rankings ------------------------------------------------------------------------

@pytest.mark.parametrize("game, hole", [("omaha", 4), ("omaha5", 5)])
def test_percent_ranges_nest_and_count(game, hole):
    total = math.comb(52, hole)
    sets = {p: set(parse_range(f"{p}%", game).masks.tolist()) for p in (1, 10, 20)}
    assert sets[1] <= sets[10] <= sets[20]
    for p, s in sets.items():
        assert abs(len(s) / total - p / 100) < 0.001, (p, len(s))
    between = set(parse_range("10%-20%", game).masks.tolist())
    assert between == sets[20] - sets[10]
    assert len(parse_range("100%", game)) == total


def test_ranking_is_reproducible():
    """Recompute a sample of the shipped Omaha equities with the generator's own seeds."""
    path = Path(__file__).parent.parent / "tables" / "omaha_ranking.py"
    spec = importlib.util.spec_from_file_location("omaha_ranking", path)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)  # type: ignore[union-attr]
    from pyeval.ranges.ranking import _ranking_data, all_class_keys

    data = _ranking_data()
    for hole, block in ((4, 3), (5, 20), (6, 200)):
        keys, _ = all_class_keys(hole)
        start = block * gen.BLOCK
        got = gen.block_equity(hole, keys[start:start + 6], block, gen.SAMPLES[hole])
        assert (got == data[f"equity{hole}"][start:start + 6]).all(), hole


def test_ranking_order_is_sensible():
    from pyeval.ranges.ranking import omaha_order, representatives

    keys, sizes, equity = omaha_order(4)
    assert sizes.sum() == 270725 and (np.diff(equity) <= 0).all()
    best = representatives(keys[:20], 4)
    assert all((row >> 2 == 12).sum() == 2 for row in best)  # aces lead
    assert 0.69 < equity[0] < 0.74 and equity[-1] < 0.2
    aakk_ds = pyeval.equity("omaha", ["AsAhKsKh", "random"], samples=100_000, seed=3).equity[0]
    pos = {int(k): i for i, k in enumerate(keys)}
    from pyeval.ranges.ranking import class_keys
    i = pos[int(class_keys(np.array([[51, 50, 47, 46]]))[0])]
    assert abs(equity[i] - aakk_ds) < 0.01


def test_a_macro_written_onto_a_term_is_an_intersection():
    for glued, spelled in (("AA$ds", "AA:$ds"), ("RRON$rb", "RRON:$rb"), ("AxAy$ss", "AxAy:$ss"),
                           ("(AA,KK)$ds", "(AA,KK):$ds")):
        a, b = parse_range(glued, "omaha"), parse_range(spelled, "omaha")
        assert len(a) == len(b) > 0 and sorted(a.masks.tolist()) == sorted(b.masks.tolist())


def test_five_items_are_not_read_as_pyeval_pattern():
    """``AAAAx`` (found by hypothesis) holds five cards as pyeval's pattern (x any card), so in
    Omaha 4 it can only be the generic term (x a suit variable): refused for its lone suit variable,
    as the generic syntax says, where it was refused for holding too many cards."""
    with pytest.raises(RangeError, match="stands alone"):
        parse_range("AAAAx", "omaha")
    assert len(parse_range("AAAxx", "omaha5").masks) == len(parse_range("AAA**", "omaha5").masks)


def test_a_word_in_mixed_case_is_read_as_generic_syntax():
    """``ANy`` (found by hypothesis) is an ace, the rank variable N and the suit variable y: refused
    for its lone suit variable, as the generic syntax says; it was read as the word "any" (every
    hand).  The words stay words in one case: any, ANY, Any."""
    with pytest.raises(RangeError, match="stands alone"):
        parse_range("ANy", "omaha")
    assert len(parse_range("ANyKy", "omaha").masks) == naive("ANyKy", OMAHA4).sum()
    for word in ("any", "ANY", "Any", "random", "RANDOM"):
        assert len(parse_range(word, "omaha").masks) == 270725
