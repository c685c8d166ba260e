"""next_card: the cards' equities average to the spot's exactly; outs and streets by brute force."""

from fractions import Fraction
from itertools import combinations

import pytest
from reference import card, high_key

import pyeval


def ref_cards(text):
    """'AhKh7c' -> codes, by tests/reference.py (no pyeval parsing)."""
    text = text.replace(" ", "")
    return [card(text[i:i + 2]) for i in range(0, len(text), 2)]


@pytest.mark.parametrize("game, hands, board", [
    ("holdem", ["AhAs", "KdKc"], "7c8c2d"),
    ("holdem", ["AhKh", "QsQd", "7d6d"], "Jh8h2c9s"),
    ("holdem", ["AhAs", "random"], "7c8c2d"),
    ("holdem", ["AhAs", "KK,QQ,JTs"], "7c8c2d"),
    ("holdem-hilo", ["As2s", "KdQd"], "3c8c4d"),
    ("shortdeck", ["AhKh", "QsQd"], "Th9h6c"),
    ("omaha", ["AhAsKd2c", "KhKc9d8d"], "7c8c2d"),
])
def test_cards_average_to_the_spot(game, hands, board):
    t = pyeval.next_card(game, hands, board)
    spot = pyeval.equity(game, hands, board=board, method="exact")
    for p in range(len(hands)):
        assert t.mean_fraction[p] == spot.fractions[p] and t.mean[p] == float(spot.fractions[p])
        assert sum(pr * eq[p] for pr, eq in zip(t.prob, t.fractions)) == spot.fractions[p]
    for i in (0, len(t) - 1):  # each card: the query on the longer board
        one = pyeval.equity(game, hands, board=board + t.cards[i], method="exact")
        assert t.fractions[i] == one.fractions
    assert sum(t.prob) == 1


def test_outs_by_brute_force():
    hands, board = ["AhKh", "QsQd", "7d6d"], "Jh8h2c"
    t = pyeval.next_card("holdem", hands, board)
    holes = [ref_cards(h) for h in hands]
    for text, ahead in zip(t.cards, t.ahead):
        b = ref_cards(board + text)
        keys = [high_key(h + b) for h in holes]
        best = max(keys)
        expect = [k == best and keys.count(best) == 1 for k in keys]
        assert list(ahead) == expect, text
    assert t.outs[1] == [c for c, a in zip(t.cards, t.ahead[:, 1]) if a]


def test_winning_cards():
    """On the turn the next card is the river: winning outright is being ahead after it."""
    t = pyeval.next_card("holdem", ["AhKh", "QsQd"], "Jh8h2c3d")
    assert t.winning_cards == t.outs
    f = pyeval.next_card("holdem", ["AhAs", "KdKc"], "AdAc2c")  # quad aces: every turn card wins outright
    assert len(f.winning_cards[0]) == len(f) and f.winning_cards[1] == []


def test_by_street_on_the_flop():
    """The river lead is winning outright: the spot's own win count; the turn lead by brute force."""
    hands, board = ["AhAs", "KdKc"], "7c8c2d"
    t = pyeval.next_card("holdem", hands, board)
    spot = pyeval.equity("holdem", hands, board=board, method="exact")
    river = [s for s in t.by_street if s["street"] == "river"][0]
    assert river["ahead"] == [Fraction(int(w), spot.outcomes) for w in spot.wins]
    assert river["tied"] == [Fraction(int(x), spot.outcomes) for x in spot.ties]
    turn = [s for s in t.by_street if s["street"] == "turn"][0]
    used = set(ref_cards("AhAsKdKc" + board))
    live = [c for c in range(52) if c not in used]
    ahead = [0, 0]
    for c in live:
        k = [high_key(ref_cards(h) + ref_cards(board) + [c]) for h in hands]
        if k[0] != k[1]:
            ahead[k.index(max(k))] += 1
    assert turn["ahead"] == [Fraction(a, len(live)) for a in ahead]


def test_preflop_flop_street():
    hands = ["AhAs", "7d6d"]
    t = pyeval.next_card("holdem", hands, "")
    assert len(t) == 0 and [s["street"] for s in t.by_street] == ["flop", "turn", "river"]
    live = [c for c in range(52) if c not in set(ref_cards("AhAs7d6d"))]
    lead = tie = 0
    for flop in combinations(live, 3):
        a, b = (high_key(ref_cards(h) + list(flop)) for h in hands)
        lead += b > a
        tie += a == b
    flop = t.by_street[0]
    n = len(live) * (len(live) - 1) * (len(live) - 2) // 6
    assert flop["ahead"][1] == Fraction(lead, n) and flop["tied"][0] == Fraction(tie, n)


def test_outputs_and_bad_input():
    t = pyeval.next_card("holdem", ["AhAs", "KdKc"], "7c8c2d", dead="3s")
    assert len(t) == 44 and "3s" not in t.cards
    assert len(t.to_csv().splitlines()) == 45 and "outs" in t.to_dict()
    assert "2 outs" in repr(t)
    with pytest.raises(ValueError, match="0, 3 or 4"):
        pyeval.next_card("holdem", ["AhAs", "KdKc"], "7c8c")
    with pytest.raises(ValueError, match="one board"):
        pyeval.next_card("stud", ["AhAs", "KdKc"], "")
    with pytest.raises(ValueError, match="without weights"):
        pyeval.next_card("holdem", ["AhAs", "KK:0.5,QQ"], "7c8c2d")
    with pytest.raises(TypeError):
        pyeval.next_card("holdem", "AhAs", "7c8c2d")
    with pytest.raises(ValueError):
        pyeval.next_card("holdem", ["AhAs", "AhKc"], "7c8c2d")
