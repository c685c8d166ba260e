"""Casino Stud Poker (Caribbean stud): pyeval.caribbean against brute force.

Two independent oracles, neither of which shares code with pyeval:

* plain Python over all 163,185 dealer completions with ``reference.high_key``
  (slow: a handful of situations);
* a vectorised numpy enumeration with its own 5-card evaluator (``np_keys``
  below) for a few hundred random situations.

Both judge the dealer's qualification by the rule's own words (a pair or better,
or an ace and a king among the dealer's cards), not by a strength threshold.

The exact house-edge figures are all checked in full (the counting tables take
under 10 s); the slow callable-strategy check is marked ``slow`` (PYEVAL_FULL=1).
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

import pyeval
from pyeval import caribbean as cb
from pyeval.caribbean import counts as caribbean_counts
from pyeval.cli import main as cli_main

try:
    from reference import card, cards, high_key
except ImportError:  # pragma: no cover - run from another root
    from tests.reference import card, cards, high_key

TOTAL = math.comb(46, 4)
ACE, KING = 12, 11
PAY = {0: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 7, 7: 20, 8: 50}  # by np_keys category
ROYAL_PAY = 100


# ---------------------------------------------------------------------------
# independent oracles
# ---------------------------------------------------------------------------

def np_keys(h: np.ndarray) -> np.ndarray:
    """Comparable int64 keys of (n, 5) hands: category * 13**5 + tie-break.

    Categories 0..8 = high card .. straight flush.  Written from the rules, for
    the tests only.
    """
    h = np.asarray(h, dtype=np.int64)
    n = len(h)
    r, s = h >> 2, h & 3
    flush = (s == s[:, :1]).all(axis=1)
    cnt = np.zeros((n, 13), dtype=np.int64)
    rows = np.arange(n)
    for j in range(5):
        cnt[rows, r[:, j]] += 1
    k = np.sort(cnt[rows[:, None], r] * 16 + r, axis=1)[:, ::-1]  # by (count, rank) desc
    rk, cc = k & 15, k >> 4
    distinct = cc[:, 0] == 1
    top = np.where(distinct & (rk[:, 0] - rk[:, 4] == 4), rk[:, 0], -1)
    top = np.where(distinct & (rk[:, 0] == ACE) & (rk[:, 1] == 3), 3, top)  # wheel
    straight = top >= 0
    cat = np.select(
        [cc[:, 0] == 4, (cc[:, 0] == 3) & (cc[:, 3] == 2), cc[:, 0] == 3,
         (cc[:, 0] == 2) & (cc[:, 2] == 2), cc[:, 0] == 2],
        [7, 6, 3, 2, 1], 0)
    cat = np.where(flush & (cat < 6), 5, cat)
    cat = np.where(straight, np.where(flush, 8, 4), cat)
    tb = rk @ (13 ** np.arange(4, -1, -1))
    return cat * 13**5 + np.where(straight, top, tb)


def np_qualifies(h: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Dealer qualifies: pair or better, or an ace and a king among the cards."""
    r = np.asarray(h) >> 2
    return (keys >= 13**5) | ((r == ACE).any(axis=1) & (r == KING).any(axis=1))


def combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as rows of ascending ints (lexicographic)."""
    out = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        follow = n - 1 - out[:, -1]
        rows = np.repeat(np.arange(len(out)), follow)
        start = np.cumsum(follow) - follow
        nxt = out[rows, -1] + 1 + np.arange(follow.sum()) - np.repeat(start, follow)
        out = np.column_stack([out[rows], nxt])
    return out


COLEX = np.array([[math.comb(c, i + 1) for i in range(5)] for c in range(52)], dtype=np.int64)


def colex(hands: np.ndarray) -> np.ndarray:
    """Colex index of each 5-card hand (any card order)."""
    h = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    return sum(COLEX[h[:, i], i] for i in range(5))


@functools.lru_cache(maxsize=1)
def all_keys() -> np.ndarray:
    """np_keys of every 5-card hand, indexed by colex index."""
    hands = combinations(52, 5)
    keys = np.empty(len(hands), dtype=np.int64)
    keys[colex(hands)] = np_keys(hands)
    return keys


@functools.lru_cache(maxsize=1)
def completions() -> np.ndarray:
    return combinations(46, 4)


def np_brute(hand: list[int], up: int) -> tuple[int, int, int, int, Fraction]:
    """(not qualified, wins, ties, dealer wins, EV of raising) by enumeration."""
    deck = np.array([c for c in range(52) if c not in hand and c != up])
    dealer = np.column_stack([np.full(TOTAL, up), deck[completions()]])
    dk = all_keys()[colex(dealer)]
    pk = int(np_keys(np.array([hand]))[0])
    q = np_qualifies(dealer, dk)
    nq = int((~q).sum())
    win = int((q & (dk < pk)).sum())
    tie = int((q & (dk == pk)).sum())
    lose = TOTAL - nq - win - tie
    cat = pk // 13**5
    pay = ROYAL_PAY if pk == 8 * 13**5 + ACE else PAY[cat]
    ev = Fraction(nq + win * (1 + 2 * pay) - 3 * lose, TOTAL)
    return nq, win, tie, lose, ev


def plain_brute(hand: list[int], up: int) -> tuple[int, int, int, int]:
    """The same counts in plain Python with tests/reference.py."""
    deck = [c for c in range(52) if c not in hand and c != up]
    pk = high_key(hand)
    nq = win = tie = lose = 0
    for four in itertools.combinations(deck, 4):
        d = (up, *four)
        dk = high_key(d)
        ranks = {c >> 2 for c in d}
        if dk[0] == 0 and not (ACE in ranks and KING in ranks):
            nq += 1
        elif dk < pk:
            win += 1
        elif dk == pk:
            tie += 1
        else:
            lose += 1
    return nq, win, tie, lose


def situations(n: int, seed: int) -> list[tuple[list[int], int]]:
    """Random situations, biased towards the interesting ones (AK, pairs,
    up-card matching the hand, ties)."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        kind = i % 4
        while True:
            perm = [int(x) for x in rng.permutation(52)]
            if kind == 1:  # ace-king: put an ace and a king first
                a = next(c for c in perm if c >> 2 == ACE)
                k = next(c for c in perm if c >> 2 == KING)
                perm = [a, k] + [c for c in perm if c not in (a, k)]
            elif kind == 2:  # a pair
                p = [c for c in perm if c >> 2 == perm[0] >> 2][:2]
                perm = p + [c for c in perm if c not in p]
            hand, up = perm[:5], perm[5]
            if kind == 3:  # up-card matches a card of the hand
                rank = hand[int(rng.integers(5))] >> 2
                cand = [c for c in perm[5:] if c >> 2 == rank]
                if not cand:
                    continue
                up = cand[0]
            break
        out.append((hand, up))
    return out


FIXED = [
    ("AsKd7c5h2d", "Qs"), ("AsKd7c5h2d", "7s"), ("AsKdQc5h2d", "Js"), ("QsJd7c5h2d", "Kc"),
    ("2c2d5h7s9c", "Ac"), ("AsKsQsJsTs", "2c"), ("AcKd4h3s2c", "Ah"), ("7c5d4h3s2c", "8c"),
    ("AcAdAhAsKc", "Kd"), ("9h9d9c4s4d", "4c"), ("AcKd5h4s3c", "2c"),
]


@pytest.fixture(scope="module")
def tables():
    return cb.build_tables()


# ---------------------------------------------------------------------------
# decide
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand,up", [FIXED[0], FIXED[1], FIXED[4], FIXED[6], FIXED[10]])
def test_decide_plain_brute_force(hand, up):
    h, u = cards(" ".join(hand[i:i + 2] for i in range(0, 10, 2))), card(up)
    d = cb.decide(hand, up)
    assert (d.not_qualified, d.player_wins, d.ties, d.dealer_wins) == plain_brute(h, u)


def test_numpy_oracle():
    """The oracle's evaluator agrees with reference.high_key on every rank class."""
    hands = combinations(52, 5)
    assert len(hands) == math.comb(52, 5)
    assert np.array_equal(np.sort(colex(hands)), np.arange(len(hands)))
    keys = all_keys()
    assert len(np.unique(keys)) == 7462
    rng = np.random.default_rng(3)
    sample = hands[rng.choice(len(hands), 3000, replace=False)]
    ref = [high_key(h.tolist()) for h in sample]
    order = sorted(range(len(sample)), key=ref.__getitem__)
    k = keys[colex(sample)][order]
    ref = [ref[i] for i in order]
    assert all((k[i] < k[i + 1]) == (ref[i] < ref[i + 1]) and k[i] <= k[i + 1] for i in range(len(k) - 1))


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_decide_numpy_brute_force(tables):
    sits = situations(240, seed=7) + [
        (cards(" ".join(h[i:i + 2] for i in range(0, 10, 2))), card(u)) for h, u in FIXED
    ]
    seen_ties = seen_raise = seen_fold = 0
    for hand, up in sits:
        nq, win, tie, lose, ev = np_brute(hand, up)
        d = cb.decide(np.array(hand, dtype=np.uint8), up)
        assert (d.not_qualified, d.player_wins, d.ties, d.dealer_wins) == (nq, win, tie, lose), (hand, up)
        assert d.ev_raise == ev
        assert d.ev_fold == -1
        assert d.action == ("raise" if ev > -1 else "fold")
        # the house-edge counting tables agree on the same situation
        assert caribbean_counts._counted(hand, up) == (nq, win, tie, lose), (hand, up)
        seen_ties += tie > 0
        seen_raise += d.action == "raise"
        seen_fold += d.action == "fold"
    assert seen_ties and seen_raise > 30 and seen_fold > 30


def test_decide_input_forms():
    a = cb.decide("AsKd7c5h2d", "7s")
    assert cb.decide(["As", "Kd", "7c", "5h", "2d"], 4 * 5 + 3) == a
    assert cb.decide(np.array(cards("As Kd 7c 5h 2d"), dtype=np.uint8), "7s") == a
    assert cb.decide(pyeval.parse_cards("AsKd7c5h2d"), card("7s")).ev_raise == a.ev_raise
    assert a.outcomes == TOTAL == cb.COMPLETIONS
    assert sum(a.probabilities.values()) == 1
    assert a.raise_gain == a.ev_raise + 1
    assert "EV raise" in str(a) and "RAISE" in str(a)


def test_decide_paytable():
    royal = cb.decide("AsKsQsJsTs", "2c")
    assert royal.category == "royal-flush" and royal.dealer_wins == 0
    assert royal.win_payout == 201
    richer = cb.decide("AsKsQsJsTs", "2c", {"royal flush": 1000})
    assert richer.win_payout == 2001
    assert richer.ev_raise == Fraction(richer.not_qualified + 2001 * richer.player_wins, TOTAL)
    half = cb.decide("2c2d5h7s9c", "Ac", {"pair": Fraction(1, 2)})
    assert half.win_payout == 2
    assert half.ev_raise == Fraction(half.not_qualified + 2 * half.player_wins - 3 * half.dealer_wins, TOTAL)


def test_known_strategy_shape(tables):
    """Always raise a pair or better; never raise below ace-king (checked on
    every class and up-card of the optimal strategy)."""
    keys = np_keys(tables.reps)
    ranks = tables.reps >> 2
    pair_plus = keys >= 13**5
    ak = (ranks == ACE).any(axis=1) & (ranks == KING).any(axis=1)
    pay = [Fraction(p) for p in cb.DEFAULT_PAYTABLE.values()]
    raised = cb._raise_mask(tables, "optimal", "optimal", pay)
    assert raised[pair_plus][tables.valid[pair_plus]].all()
    assert not raised[~pair_plus & ~ak].any()
    # some ace-king hands are raised, some folded
    akonly = ~pair_plus & ak
    assert raised[akonly].any() and (~raised[akonly] & tables.valid[akonly]).any()


def test_classes(tables):
    assert len(tables.reps) == 134_459
    assert int(tables.weight.sum()) == math.comb(52, 5)
    assert (tables.nq + tables.win + tables.tie + tables.lose)[tables.valid].min() == TOTAL
    assert tables.valid.sum(axis=1).min() == 47
    # pay-table categories agree with the oracle's (royal flush apart)
    keys = np_keys(tables.reps)
    expect = keys // 13**5
    expect[keys == 8 * 13**5 + ACE] = 9
    assert np.array_equal(tables.category, expect)
    assert np.bincount(tables.category, weights=tables.weight).tolist() == [
        1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4]


# ---------------------------------------------------------------------------
# house edge
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def edges(tables):
    return {s: cb.house_edge(strategy=s) for s in cb.STRATEGIES}


def pct(x: Fraction) -> float:
    return round(float(x) * 100, 3)


def test_house_edge_json_matches_its_schema(edges):
    """HouseEdge is not in tests/test_result_protocol.py's list (it takes seconds): its JSON Schema
    (pyeval/results/schemas.py) is checked here, on the results this module computes anyway."""
    jsonschema = pytest.importorskip("jsonschema")
    import json

    from pyeval.results.schemas import schema_for

    for r in edges.values():
        jsonschema.validate(json.loads(r.to_json()), schema_for(r), cls=jsonschema.Draft202012Validator)


def test_published_house_edges(edges):
    opt = edges["optimal"]
    assert pct(opt.house_edge) == 5.224
    assert pct(opt.element_of_risk) == 2.555
    assert pct(edges["always-raise"].house_edge) == 16.607
    assert pct(edges["pair-or-better"].house_edge) == 5.470
    # exact values (regression pins; the rounded ones above are the published ones)
    assert opt.total_return == -1_041_372_912_372
    assert opt.house_edge == Fraction(142031221, 2718662100)
    assert opt.raised_situations == 63_794_004
    assert edges["always-raise"].total_return == -3_310_360_338_060
    assert edges["pair-or-better"].total_return == -1_090_272_101_460
    assert edges["ak-or-better"].total_return == -1_132_600_203_540


def test_return_table_is_consistent(edges):
    for name, r in edges.items():
        assert r.outcomes == 2_598_960 * 47 * TOTAL == cb.DEALS == 19_933_230_517_200
        assert sum(e.count for e in r.events) == r.outcomes
        assert sum(e.probability for e in r.events) == 1
        assert sum(e.contribution for e in r.events) == r.expected_return
        assert r.house_edge == -r.expected_return
        raised = r.raised_situations * TOTAL
        assert r.total_wagered == r.outcomes + 2 * raised
        assert r.element_of_risk == r.house_edge / r.average_wager
        folds = next(e for e in r.events if e.event == "fold").count
        assert folds == r.outcomes - raised
        assert name in r.format_table()
    assert edges["always-raise"].raise_frequency == 1
    best = edges["optimal"].house_edge
    assert all(best < r.house_edge for n, r in edges.items() if n != "optimal")


def test_house_edge_custom_paytable(edges):
    """For a fixed strategy the event counts do not depend on the pay table."""
    table = {"royal-flush": 250, "straight flush": Fraction(101, 2), "trips": 2.5}
    r = cb.house_edge(table, strategy="pair-or-better")
    base = edges["pair-or-better"]
    assert [e.count for e in r.events] == [e.count for e in base.events]
    pays = {"royal flush": 501, "straight flush": 102, "three of a kind": 6}
    expect = sum(
        (Fraction(pays.get(e.event.removeprefix("player wins with "), e.payout)) * e.count
         for e in base.events), Fraction(0))
    assert r.total_return == expect
    assert r.paytable["royal-flush"] == 250 and r.paytable["pair"] == 1
    # the optimal strategy adapts: a richer table cannot raise the house edge
    assert cb.house_edge({"pair": 2}).house_edge < edges["optimal"].house_edge


def test_callable_strategy(edges):
    always = cb.house_edge(strategy=lambda hand, up: True)
    assert always.total_return == edges["always-raise"].total_return
    assert always.strategy == "<lambda>"


@pytest.mark.slow  # about 25 s: runs with PYEVAL_FULL=1 (tests/conftest.py)
def test_callable_strategy_pair_or_better(edges):
    def pair_or_better(hand, up):
        h = hand.tolist()
        rs = sorted(c >> 2 for c in h)
        if len(set(rs)) < 5 or len({c & 3 for c in h}) == 1:
            return True
        return rs[4] - rs[0] == 4 or rs == [0, 1, 2, 3, ACE]

    r = cb.house_edge(strategy=pair_or_better)
    assert r.total_return == edges["pair-or-better"].total_return


# ---------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand,up,msg", [
    ("AsKd7c5h", "Qs", "exactly 5 cards"),
    ("AsKd7c5h2d3d", "Qs", "exactly 5 cards"),
    ([51, 45, 20, 14], "Qs", "exactly 5 cards"),
    ("AsKd7c5hAs", "Qs", "duplicate"),
    ([51, 45, 20, 14, 51], 3, "duplicate"),
    ("AsKd7c5h2d", "Kd", "also in the player's hand"),
    ("AsKd7c5h2d", 45, "also in the player's hand"),
    ("AsKd7c5h2d", "QsJs", "exactly 1 card"),
    ([51, 45, 20, 14, 52], "Qs", "out of range"),
    ([51, 45, 20, 14, -1], "Qs", "out of range"),
    ([51, 45, 20, 14, 2.5], "Qs", "not a card"),
    ("AsKd7c5h2d", None, "not a card"),
])
def test_decide_bad_input(hand, up, msg):
    with pytest.raises(ValueError, match=msg):
        cb.decide(hand, up)


def test_bad_card_text():
    with pytest.raises(ValueError):
        cb.decide("AsKd7c5hXx", "Qs")


@pytest.mark.parametrize("table,msg", [
    ({"jokers": 5}, "unknown pay-table category 'jokers'"),
    ({"pair": -1}, "must not be negative"),
    ({"pair": "1"}, "must be a number"),
    ({"pair": None}, "must be a number"),
    ({"pair": True}, "must be a number"),
    ({"pair": float("nan")}, "must be finite"),
    ({"pair": float("inf")}, "must be finite"),
    ({"trips": 3, "three of a kind": 4}, "given twice"),
    ({3: 3}, "must be a string"),
    ([("pair", 1)], "must be a mapping"),
])
def test_bad_paytable(table, msg):
    with pytest.raises(ValueError, match=msg):
        cb.validate_paytable(table)
    with pytest.raises(ValueError, match=msg):
        cb.decide("AsKd7c5h2d", "Qs", table)
    with pytest.raises(ValueError, match=msg):
        cb.house_edge(table)


def test_paytable_defaults_and_aliases():
    assert cb.validate_paytable() == cb.DEFAULT_PAYTABLE
    t = cb.validate_paytable({"Royal_Flush": 250, "quads": 25, "AK": 0, "one pair": 2})
    assert t["royal-flush"] == 250 and t["four-of-a-kind"] == 25
    assert t["high-card"] == 0 and t["pair"] == 2 and t["flush"] == 5
    assert cb.validate_paytable({"flush": 5.5})["flush"] == Fraction(11, 2)


@pytest.mark.parametrize("strategy", ["best", "", 3, None])
def test_bad_strategy(strategy):
    with pytest.raises(ValueError, match="strategy"):
        cb.house_edge(strategy=strategy)


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

def run_cli(*argv: str) -> int:
    """``pyeval caribbean ARGV`` through the command line's main (its errors: one line, exit 2)."""
    return cli_main(["caribbean", *argv])


def test_cli_decide(capsys):
    assert run_cli("AsKd7c5h2d", "--dealer", "Qs") == 0
    out = capsys.readouterr().out
    assert "EV raise -1.174979" in out and "EV fold  -1.000000" in out and "FOLD" in out
    assert run_cli("AsKd7c5h2d", "-d", "7s", "--paytable", "high-card=1") == 0
    assert "RAISE" in capsys.readouterr().out


def test_cli_house_edge(capsys, edges):
    assert run_cli("--house-edge", "--strategy", "always-raise") == 0
    out = capsys.readouterr().out
    assert "16.6072%" in out and "dealer does not qualify" in out and "player wins with royal flush" in out
    assert run_cli("--house-edge", "--paytable", "royal=250, flush=11/2", "--no-progress") == 0
    assert "house edge" in capsys.readouterr().out


@pytest.mark.parametrize("argv,msg", [
    (("AsKd7c5h2d",), "--dealer"),
    (("--dealer", "Qs"), "--dealer"),
    (("AsKd7c5h2d", "--dealer", "Kd"), "also in the player's hand"),
    (("--house-edge", "--paytable", "royal"), "CATEGORY=PAYOUT"),
    (("--house-edge", "--paytable", "royal=lots"), "not a number"),
    (("--house-edge", "--paytable", "jokers=3"), "unknown pay-table category"),
    (("AsKd7c5h2d", "--dealer", "Qs", "--house-edge"), "takes no hand"),
])
def test_cli_errors(capsys, argv, msg):
    assert run_cli(*argv) == 2
    assert msg in capsys.readouterr().err


def test_cli_unknown_strategy(capsys):
    assert run_cli("--house-edge", "--strategy", "best") == 2
    assert "unknown strategy 'best'" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# readable reprs and to_dict (issue 13)
# ---------------------------------------------------------------------------

def test_readable_reprs(edges):
    d = cb.decide("AsKd7c5h2d", "7s")
    text = repr(d)
    assert len(text) < 150 and "raise" in text and f"{float(d.ev_raise):+.6f}" in text
    exact = d.to_dict()["ev_raise_exact"]
    assert d.to_dict()["action"] == "raise" and exact == [d.ev_raise.numerator, d.ev_raise.denominator]
    h = edges["optimal"]
    text = repr(h)
    assert len(text) < 200 and "5.2243%" in text  # the published 5.224%, once never shown in 2,600 characters
    assert h.to_dict()["house_edge_exact"] == [142031221, 2718662100]
    assert h == cb.house_edge(strategy="optimal")  # == compares the answer, not the seconds it took


def test_reachable_after_import_pyeval():
    """``import pyeval; pyeval.caribbean.decide(...)`` works in a fresh process (issue 26: it was an
    AttributeError), and ``import pyeval`` alone loads neither pyeval.caribbean nor numba: the
    subpackage is imported on first use (pyeval.__getattr__)."""
    import subprocess
    import sys

    code = ("import sys, pyeval\n"
            "assert 'pyeval.caribbean' not in sys.modules and 'numba' not in sys.modules\n"
            "d = pyeval.caribbean.decide('AsKd7c5h2d', 'Qs')\n"
            "print(d.action in ('raise', 'fold') and d.outcomes == 163185,\n"
            "      pyeval.caribbean is sys.modules['pyeval.caribbean'])\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["True", "True"]
