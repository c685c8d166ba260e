"""Issue 36, the ranking invariant: every PHH variant the reader accepts maps to the pyeval game
that ranks hands as pokerkit does (pokerkit is the independent reference: its hand classes per
variant, ``HandHistory.game_types[code].hand_types``).  On random showdowns of each variant the
pot shares by pyeval (``pyeval.equity`` with every card known) equal the shares by pokerkit's
hands: the best high hand takes the pot (its half in hi/lo games), the best qualifying low the
other half."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pyeval
from pyeval.history.reader import VARIANTS

pokerkit = pytest.importorskip("pokerkit")

SHARED = Path(__file__).parents[1].parent / "shared" / "data" / "phh"

RANKS = "23456789TJQKA"
SUITS = "cdhs"
# cards a player holds and board cards, per variant: (hole, board)
SHAPES = {"NT": (2, 5), "FT": (2, 5), "NS": (2, 5), "PO": (4, 5), "FO/8": (4, 5), "F7S": (7, 0),
          "F7S/8": (7, 0), "FR": (7, 0), "N2L1D": (5, 0), "F2L3D": (5, 0), "FB": (4, 0)}


def test_every_accepted_variant_is_a_pokerkit_variant():
    """No code the PHH specification (and pokerkit) does not define is read as a game."""
    assert set(VARIANTS) == set(pokerkit.HandHistory.game_types) == set(SHAPES)


def _pokerkit_shares(code: str, holes: list[str], board: str) -> list[float]:
    hand_types = pokerkit.HandHistory.game_types[code].hand_types
    shares = [0.0] * len(holes)
    halves = []
    for hand_type in hand_types:
        hands = {}
        for i, hole in enumerate(holes):
            try:
                hands[i] = hand_type.from_game(pokerkit.Card.parse(hole), pokerkit.Card.parse(board))
            except ValueError:  # no qualifying hand (a low above eight)
                pass
        if hands:
            best = max(hands.values())
            halves.append([i for i, h in hands.items() if h == best])
    for winners in halves:
        for i in winners:
            shares[i] += 1 / len(halves) / len(winners)
    return shares


def _deal(code: str, players: int, rng: random.Random) -> tuple[list[str], str]:
    ranks = RANKS[4:] if code == "NS" else RANKS
    deck = [r + s for r in ranks for s in SUITS]
    hole, board = SHAPES[code]
    cards = rng.sample(deck, hole * players + board)
    holes = ["".join(cards[hole * p:hole * (p + 1)]) for p in range(players)]
    return holes, "".join(cards[hole * players:])


@pytest.mark.parametrize("code", sorted(SHAPES))
@pytest.mark.parametrize("deals", [pytest.param(300, id="300"), pytest.param(5000, id="5000", marks=pytest.mark.slow)])
def test_pyeval_shares_equal_pokerkits_on_random_showdowns(code, deals):
    rng = random.Random(f"{code}-{deals}")
    game = VARIANTS[code]
    for _ in range(deals):
        players = rng.choice((2, 3))
        holes, board = _deal(code, players, rng)
        theirs = _pokerkit_shares(code, holes, board)
        ours = pyeval.equity(game, holes, board=board or None).equity.tolist()
        assert ours == pytest.approx(theirs, abs=1e-12), (code, holes, board)


def test_short_deck_straight_beats_trips_as_in_pokerkit():
    """A made straight against a set: the straight wins (pokerkit, and the Triton hand)."""
    shares = _pokerkit_shares("NS", ["QdQc", "AhKh"], "QsJdTc6h7h")
    assert shares == [0.0, 1.0]
    assert pyeval.equity(VARIANTS["NS"], ["QdQc", "AhKh"], board="QsJdTc6h7h").equity.tolist() == shares


def test_short_deck_turn_all_in_of_a_set_against_a_straight(tmp_path):
    """The issue's case: a set against a made straight on the turn: EV -1,428.57, not +5,000."""
    actions = ("['d dh p1 QdQc', 'd dh p2 AhKh', 'p2 cc', 'p1 cc', 'd db QsJdTc', 'p1 cc', 'p2 cc', "
               "'d db 6h', 'p1 cbr 4900', 'p2 cc', 'p1 sm QdQc', 'p2 sm AhKh', 'd db 7s']")
    text = """variant = 'NS'
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [5000, 5000]
actions = ACTIONS
players = ['Set', 'Straight']
finishing_stacks = [0, 10000]
""".replace("ACTIONS", actions)
    r = pyeval.allin_ev(text)
    row = r.hands.rows()[0]
    # 36 - 8 seen = 28 river cards; the set fills up (a full house beats a straight) on 3 Js,
    # 3 Ts, 1 Q, 3 sixes: 10 outs (the set makes quads on the last Q; a flush does not come)
    assert row["ev"][0] == pytest.approx(10 / 28 * 10000 - 5000, abs=1e-6)
    assert row["ev"][0] == pytest.approx(-1428.57, abs=0.01)


@pytest.mark.skipif(not (SHARED / "phua-xuan-2019.phh").is_file(), reason="the shared PHH data is not here")
def test_triton_hand_actual_result_agrees_with_the_ranking():
    r = pyeval.allin_ev(SHARED / "phua-xuan-2019.phh")
    row = r.hands.rows()[0]
    assert row["game"] == VARIANTS["NS"] == "shortdeck-straight"
