"""range_breakdown against the plain-Python oracle of its definitions (tests/breakdown_reference.py)."""

import random
from collections import defaultdict

import numpy as np
import pytest
from breakdown_reference import MADE, holdem_draws, holdem_made, omaha_draws, omaha_made

import pyeval
from pyeval.analysis import hand_classes, omaha_classes


def _board(rng, n, lowest=0):
    return rng.sample(range(lowest, 52), n)


def _check_holdem(b, board, lowest_rank=0):
    """Every combo's made class, draws and outs equal the oracle's, and the class counts too."""
    counts = defaultdict(float)
    for combo, w, m, flags, outs in zip(b.combos.tolist(), b.weights, b.made, b.draws, b.outs):
        made = holdem_made(combo, board, lowest_rank)
        draws, ref_outs = holdem_draws(combo, board, lowest_rank)
        assert b.made_classes[m] == made, (pyeval.format_cards(combo), pyeval.format_cards(board))
        assert {d for d, f in zip(b.draw_classes, flags) if f} == draws, (pyeval.format_cards(combo),
                                                                            pyeval.format_cards(board))
        assert outs == ref_outs
        counts[made] += w
        for d in draws:
            counts[d] += w
    for name in b.made_classes + b.draw_classes:
        assert b.count(name) == pytest.approx(counts[name])
    assert sum(b.count(m) for m in b.made_classes) == pytest.approx(b.total)  # the made classes partition


@pytest.mark.parametrize("cards", [3, 4])
def test_random_range_on_random_boards(cards):
    rng = random.Random(cards)
    for _ in range(6):
        board = _board(rng, cards)
        b = pyeval.range_breakdown("holdem", "random", pyeval.format_cards(board))
        assert b.total == (52 - cards) * (51 - cards) / 2
        _check_holdem(b, board)


@pytest.mark.parametrize("text", ["QQ+,AKs", "22-77,A2s-A5s", "T9s-54s,KQo:0.5,AJ", "15%"])
def test_narrow_ranges(text):
    rng = random.Random(text)
    for cards in (3, 4, 3, 4):
        board = _board(rng, cards)
        _check_holdem(pyeval.range_breakdown("holdem", text, pyeval.format_cards(board)), board)


def test_boards_that_make_every_class():
    """Paired, trips, monotone, connected boards: the rare classes (quads, full house, straight
    flush, board straights on the turn) are met."""
    seen = set()
    for text in ["7h7d7c", "Th9h8h", "5c6c7c8c", "KsKdQsQd", "As2s3d4d", "9c9dTcJc", "AhKhQhJh"]:
        board = pyeval.parse_cards(text).tolist()
        b = pyeval.range_breakdown("holdem", "random", text)
        _check_holdem(b, board)
        seen |= {b.made_classes[m] for m in b.made}
    assert set(MADE) <= seen


def test_short_deck():
    rng = random.Random(5)
    for cards in (3, 4, 3, 4):
        board = _board(rng, cards, 16)
        b = pyeval.range_breakdown("shortdeck", "random", pyeval.format_cards(board))
        _check_holdem(b, board, 4)
    b = pyeval.range_breakdown("shortdeck", "random", "6c7d8h")  # A-6-7-8-9 is the 36-card deck's lowest straight
    assert b.classes_of("Ah9d")[0] == "straight"


@pytest.mark.parametrize("cards", [3, 4])
def test_omaha_against_the_oracle(cards):
    rng = random.Random(10 + cards)
    for _ in range(2):
        board = _board(rng, cards)
        b = pyeval.range_breakdown("omaha", "random", pyeval.format_cards(board))
        assert sum(b.count(m) for m in b.made_classes) == b.total
        for i in rng.sample(range(len(b.combos)), 60):
            combo = b.combos[i].tolist()
            assert b.made_classes[b.made[i]] == omaha_made(combo, board), pyeval.format_cards(combo)
            draws, outs = omaha_draws(combo, board)
            assert {d for d, f in zip(b.draw_classes, b.draws[i]) if f} == draws, pyeval.format_cards(combo)
            assert b.outs[i] == outs


def test_omaha_narrow_range_counts():
    board = pyeval.parse_cards("Jh9h4c").tolist()
    b = pyeval.range_breakdown("omaha", "AAK*,QJT9", "Jh9h4c")
    counts = defaultdict(int)
    for combo in b.combos.tolist():
        counts[omaha_made(combo, board)] += 1
        for d in omaha_draws(combo, board)[0]:
            counts[d] += 1
    for name in b.made_classes + b.draw_classes:
        assert b.count(name) == counts[name], name


def test_class_equity_is_the_combos_counts():
    """With opponents=: a class's exact equity is its combos' counts summed (and the made classes
    together give the range's equity)."""
    b = pyeval.range_breakdown("holdem", "JJ+,AK,KQs", "Kd8c2s", opponents="TT-88,AQ")
    ce = b.combos_equity
    total = pyeval.equity("holdem", ["JJ+,AK,KQs", "TT-88,AQ"], board="Kd8c2s").fractions[0]
    from fractions import Fraction
    units = outcomes = 0
    for name in b.made_classes:
        f = b.class_equity_fraction(name)
        if f is None:
            assert b.count(name) == 0
            continue
        inside = b.made == b.made_classes.index(name)
        u, n = int(np.sum(ce.counts.units[inside])), int(np.sum(ce.counts.outcomes[inside]))
        assert f == Fraction(u, pyeval.results.tally.POT * n)
        units, outcomes = units + u, outcomes + n
    assert Fraction(units, pyeval.results.tally.POT * outcomes) == total


def test_bad_input():
    with pytest.raises(ValueError, match="3 or 4"):
        pyeval.range_breakdown("holdem", "random", "AhKd")
    with pytest.raises(ValueError, match="not stud"):
        pyeval.range_breakdown("stud", "random", "AhKd2c")
    with pytest.raises(ValueError, match="not a combo"):
        pyeval.range_breakdown("holdem", "AA", "AhKd2c").classes_of("KsKc")
    with pytest.raises(ValueError, match="unknown class"):
        pyeval.range_breakdown("holdem", "AA", "AhKd2c").count("monster")
    with pytest.raises(ValueError):
        hand_classes.classify(np.zeros((1, 3), np.int64), np.array([1, 2, 3]))
    with pytest.raises(ValueError):
        omaha_classes.classify(np.zeros((1, 4), np.int64), np.array([1, 2]))
