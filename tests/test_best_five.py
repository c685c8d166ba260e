"""Strengths named by their kind, the five cards a hand plays, and ``pyeval eval`` (issue 13,
items 2-4), checked against tests/reference.py."""

import json

import numpy as np
import pytest
import reference as R
from cli_run import error_line, pyeval_cli
from conftest import random_hands

import pyeval
from pyeval.core.describe import CATEGORIES

# ---------------------------------------------------------------------------
# item 3: describe and hand_category for every evaluator
# ---------------------------------------------------------------------------

_SHORT = {8: "straight flush", 7: "four of a kind", 6: "flush", 5: "full house", 2: "two pair", 1: "one pair",
          0: "high card"}
_RAZZ = {0: "no pair", 1: "one pair", 2: "two pair", 3: "three of a kind", 6: "full house", 7: "four of a kind"}


def reference_category(kind, cards):
    """The category of a 7-card hand from the reference's keys (no pyeval code)."""
    if kind == "high":
        return R.high_category(cards)
    if kind == "deuce7":
        return R.HIGH_CATEGORIES[-R.deuce7_key(cards)[0]]
    if kind in ("shortdeck", "shortdeck-straight"):
        tbs = kind == "shortdeck"
        c = R.shortdeck_key(cards, trips_beat_straight=tbs)[0]
        return _SHORT.get(c) or ("three of a kind" if (c == 4) == tbs else "straight")
    if kind == "razz":
        return _RAZZ[-R.razz_key(cards)[0]]
    if kind == "low8":
        key = R.low8_key(cards)
        return "no low" if key is None else f"{-key[0]}-low"
    if kind == "badugi":
        return ["one-card", "two-card", "three-card", "four-card"][R.badugi_size(cards) - 1]
    raise AssertionError(kind)


@pytest.mark.parametrize("k", [5, 7])
@pytest.mark.parametrize("kind", ["high", "deuce7", "shortdeck", "shortdeck-straight", "razz", "low8", "badugi"])
def test_hand_category_of_every_kind_matches_reference(kind, k):
    k, low = (4, 0) if kind == "badugi" else (k, 16 if kind.startswith("shortdeck") else 0)
    hands = random_hands(3000, k, seed=13 + k, low=low)
    strengths = pyeval.core.evaluate.EVALUATORS[kind](hands)
    names = pyeval.hand_category(strengths, kind=kind)
    want = [reference_category(kind, h) for h in hands.tolist()]
    assert names.tolist() == want
    if k != 7:  # five cards: every category but the rarest occurs in 3,000 hands
        rare = {"5-low", "four of a kind", "straight flush"}
        assert set(CATEGORIES[kind]) - rare <= set(want) <= set(CATEGORIES[kind])


@pytest.mark.parametrize("low", [False, True])
def test_showing_categories_against_reference(low):
    """Stud and razz up-cards (evaluate_showing): kinds "showing" and "showing-low"."""
    kind = "showing-low" if low else "showing"
    names = ["high card", "one pair", "two pair", "three of a kind", "four of a kind"]
    for k in (1, 2, 3, 4):
        hands = random_hands(2000, k, seed=20 + k)
        got = pyeval.hand_category(pyeval.evaluate_showing(hands, low=low), kind=kind).tolist()
        want = [names[abs(R.showing_key(h, low=low)[0])] for h in hands.tolist()]
        assert got == want
    assert pyeval.describe(pyeval.evaluate_showing("Ks Kd Qc"), kind="showing") == "Pair of kings, Q"
    assert pyeval.describe(pyeval.evaluate_showing("Kc 7d 4h", low=True), kind="showing-low") == "K-7-4"


@pytest.mark.parametrize("hand, kind, text, category", [
    ("As 2d 3c 4h 5s", "razz", "5-4-3-2-A", "no pair"),  # once described as "Flush, queen high"
    ("As Ks Qs Js Ts", "shortdeck", "Royal flush", "straight flush"),  # once "one pair"
    ("9s 9d 9h Qc Tc", "shortdeck-straight", "Three of a kind, nines", "three of a kind"),
    ("8s 6d 4h 2c As", "low8", "8-6-4-2-A low", "8-low"),
    ("Ac 2d 3h 4s", "badugi", "four-card 4-3-2-A", "four-card"),
    ("7c 5d 4h 3s 2c", "deuce7", "7-5-4-3-2", "high card"),
])
def test_strengths_named_by_their_kind(hand, kind, text, category):
    s = pyeval.core.evaluate.EVALUATORS[kind](hand)
    assert pyeval.describe(s, kind=kind) == text
    assert pyeval.hand_category(s, kind=kind) == category


def test_hand_category_checks_the_kind_and_range():
    with pytest.raises(ValueError, match="unknown kind"):
        pyeval.hand_category(5, kind="omaha8")
    with pytest.raises(ValueError, match="razz strengths are 1..6175"):
        pyeval.hand_category(7000, kind="razz")


# ---------------------------------------------------------------------------
# item 4: best_five
# ---------------------------------------------------------------------------

def _check_played(played, hole, board, omaha, ref_key, full_key):
    cards = list(played.cards)
    assert len(cards) == 5 and len(set(cards)) == 5 and set(cards) <= set(hole) | set(board)
    if omaha:
        assert len(set(cards) & set(hole)) == 2 and len(set(cards) & set(board)) == 3
    assert ref_key(cards) == full_key  # the five reach the hand's value
    assert pyeval.format_cards(cards) == played.text


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha-hilo", "omaha5", "holdem-hilo", "shortdeck-straight",
                                  "stud", "stud-hilo", "razz"])
def test_best_five_against_reference(game):
    g = pyeval.get_game(game)
    rng = np.random.default_rng(4)
    for _ in range(150):
        deck = rng.permutation(np.arange(g.lowest_card, 52))
        hole, board = deck[:g.hole].tolist(), deck[g.hole:g.hole + g.board].tolist()
        b = pyeval.best_five(hole, board, game=game)
        omaha = g.use == "omaha"
        if game == "shortdeck-straight":
            hi = lambda c: R.shortdeck_key(c, trips_beat_straight=False)  # noqa: E731
        elif g.high == "razz":
            hi = R.razz_key
        else:
            hi = R.high_key
        full = R.omaha_high_key(hole, board) if omaha else hi(hole + board)
        _check_played(b.high, hole, board, omaha, hi, full)
        if g.low:
            want = R.omaha_low8_key(hole, board) if omaha else R.low8_key(hole + board)
            if want is None:
                assert b.low is None
            else:
                _check_played(b.low, hole, board, omaha, R.low8_key, want)
        else:
            assert b.low is None


def test_best_five_examples():
    b = pyeval.best_five("Ah Kh", "Qh Jh Th 2c 3d")
    assert b.high.text == "Ah Kh Qh Jh Th" and b.high.description == "Royal flush"
    assert b.high.cards == tuple(pyeval.parse_cards("Ah Kh Qh Jh Th").tolist())
    o = pyeval.best_five("As Kd Qc Jh", "2s 5s 8s Js Kh", game="omaha")  # one spade: no flush
    assert o.high.category == "two pair"
    w = pyeval.best_five("As 2d 3c 4h 5s Kd Kc", game="stud-hilo")
    assert w.high.text == "5s 4h 3c 2d As" and w.low.text == "5s 4h 3c 2d As"
    assert pyeval.best_five("Ac 2c 3h Kd", game="badugi").high.text == "Kd 3h Ac"
    assert b == pyeval.best_five("AhKh", "QhJhTh2c3d") and b.to_dict()["high"]["cards"] == "Ah Kh Qh Jh Th"


@pytest.mark.parametrize("args, match", [
    (("Ah", "Qh Jh Th"), "2 hole cards, got 1"),
    (("AhKh", "Qh"), "board of 3 to 5 cards"),
    (("AhQh", "Qh Jh Th"), "duplicate card Qh"),
    (("AhKh", ["Qh Jh Th", "2c 3c 4c"], "holdem-double-board"), "one board"),
    (("AsKdQc", "2c", "stud"), "5 to 7 cards"),
])
def test_best_five_refuses(args, match):
    with pytest.raises(ValueError, match=match):
        pyeval.best_five(*args)


# ---------------------------------------------------------------------------
# item 2 (and 4): pyeval eval
# ---------------------------------------------------------------------------

def test_cli_eval_holdem_with_a_board():
    """Once "hands of 4 to 6 cards expected"."""
    proc = pyeval_cli("eval", "AhKh", "--board", "QhJhTh2c3d", "--json")
    assert proc.returncode == 0, proc.stderr
    d = json.loads(proc.stdout)
    assert d["rule"] == "holdem" and d["description"] == "Royal flush" and d["cards"] == "Ah Kh Qh Jh Th"
    assert d["strength"] == pyeval.evaluate_high("Ah Kh Qh Jh Th 2c 3d")


@pytest.mark.parametrize("kind", ["razz", "deuce7", "badugi"])
def test_cli_eval_kind_without_a_board_form_says_so(kind):
    """Once answered Omaha high ("Pair of jacks", "kind": "omaha")."""
    line = error_line(pyeval_cli("eval", "AhKhQd2c", "--board", "QhJhTh2c3d", "--kind", kind))
    assert f"--kind {kind} has no board" in line


def test_cli_eval_kind_with_a_board():
    proc = pyeval_cli("eval", "As2sKdQd", "--board", "3c4hKh8d9c", "--kind", "low8", "--json")
    d = json.loads(proc.stdout)
    assert d["rule"] == "omaha" and d["kind"] == "low8" and d["cards"] == "8d 4h 3c 2s As"
    assert d["strength"] == pyeval.evaluate_omaha_low8("As2sKdQd", "3c4hKh8d9c")


def test_cli_eval_game_shows_both_halves():
    proc = pyeval_cli("eval", "As2sKdQd", "--board", "3c4hKh8d9c", "--game", "omaha-hilo")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines == ["high: Pair of kings (strength 3890), plays Kh Kd As 9c 8d",
                     "low: 8-4-3-2-A low (strength 35), plays 8d 4h 3c 2s As"]


def test_cli_eval_shows_the_cards_played():
    proc = pyeval_cli("eval", "QhQdQc2s2h7d9c")
    assert proc.stdout.strip() == "Full house, queens full of twos (strength 7261), plays Qh Qd Qc 2s 2h"
