"""pyeval's exact equity against the brute-force reference (tests/equity_reference.py).

Every game in ``pyeval.GAMES`` is checked on hand-picked small spots (river, turn
and flop spots, late-street stud, one- and two-card draws; 2 and 3 players, dead
cards, partial and unknown hands) and on seeded random spots.  Exact fractions,
win and tie counts and the outcome count must agree exactly; hi/lo shares,
no-low frequencies and per-board shares to 1e-12.
"""

import math
import random

import equity_reference as eqref
import numpy as np
import pytest

import pyeval

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")


def to_text(codes):
    return " ".join(eqref.ref.card_text(c) for c in codes)


def hand_codes(hand):
    """Reference codes of a hand: [] for random; the known cards of 'Ah *' or 'Ah??'."""
    return [] if hand in ("random", "xx") else eqref.codes(hand.replace("*", "").replace("?", ""))


def compare(game, hands, board="", dead="", threads=1):
    """Run pyeval exact and the reference on the same spot; assert they agree exactly."""
    r = pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=threads)
    ref_hands = [hand_codes(h) for h in hands]
    if isinstance(board, (list, tuple)):
        ref_board = [eqref.codes(b) for b in board]
    else:
        ref_board = eqref.codes(board)
    e = eqref.equity(game, ref_hands, ref_board, eqref.codes(dead))
    call = f"pyeval.equity({game!r}, {hands!r}, board={board!r}, dead={dead!r}, method='exact')"
    assert r.method == "exact", call
    assert r.outcomes == e.outcomes, call
    assert r.fractions == e.fractions, f"{call}: {r.fractions} != reference {e.fractions}"
    assert sum(r.fractions) == 1
    assert r.wins.tolist() == e.wins, f"{call}: wins {r.wins.tolist()} != reference {e.wins}"
    assert r.ties.tolist() == e.ties, f"{call}: ties {r.ties.tolist()} != reference {e.ties}"
    np.testing.assert_allclose(r.equity, [float(x) for x in e.fractions], rtol=0, atol=1e-12, err_msg=call)
    np.testing.assert_allclose(r.win, [w / e.outcomes for w in e.wins], rtol=0, atol=1e-12, err_msg=call)
    np.testing.assert_allclose(r.tie, [t / e.outcomes for t in e.ties], rtol=0, atol=1e-12, err_msg=call)
    assert r.stderr is None  # exact: no standard error
    if e.hi is not None:
        np.testing.assert_allclose(r.hi, [float(x) for x in e.hi], rtol=0, atol=1e-12, err_msg=call + " (hi)")
        np.testing.assert_allclose(r.lo, [float(x) for x in e.lo], rtol=0, atol=1e-12, err_msg=call + " (lo)")
        assert r.no_low == pytest.approx(float(e.no_low), abs=1e-12), call + " (no_low)"
        np.testing.assert_allclose(r.scoop, [w / e.outcomes for w in e.wins], rtol=0, atol=1e-12,
                                   err_msg=call + " (scoop)")
    else:
        assert r.hi is None and r.lo is None and r.no_low is None
    if e.boards is not None:
        assert r.boards is not None, call
        np.testing.assert_allclose(r.boards, [[float(x) for x in row] for row in e.boards], rtol=0, atol=1e-12,
                                   err_msg=call + " (boards)")
    return r, e


# (game, hands, board, dead): small hand-picked spots, each a few thousand evaluations at most
CASES = [
    # hold'em: river, turn, flop; dead cards; a playing-the-board split; partial and unknown hands
    ("holdem", ["Ah Kh", "Qs Qd"], "Kd 7c 2h 9s 3c", ""),
    ("holdem", ["Ah Kh", "Qs Qd"], "Kd 7c 2h 9s", ""),
    ("holdem", ["Ah Kh", "Qs Qd", "7d 7h"], "Kc 7c 2h 9s", "2c 3c"),
    ("holdem", ["2c 3d", "4h 5c"], "As Ks Qs Js", ""),
    ("holdem", ["Ac Kd", "Ah Kc", "Ad Kh"], "Qs Js 2d 3c", "Ts"),
    ("holdem", ["Ah Kh", "Qs Qd"], "Kd 7c 2h", ""),
    ("holdem", ["Ah Kh", "Qs *"], "Kd 7c 2h 9s", ""),
    ("holdem", ["Ah Kh", "random"], "Kd 7c 2h 9s 3c", ""),
    ("holdem", ["Ah Kh", "Qs Qd", "random"], "Kd 7c 2h 9s 3c", "4c 5c"),
    ("holdem", ["As*", "Kd ??"], "Qd Jh Tc 2s 3s", "9c 9d 9h 9s 8c 8d 8h 8s"),
    # hold'em hi/lo: lows, counterfeits, quartering, no possible low
    ("holdem-hilo", ["As 2d", "Kh Kc"], "3c 4d 9h Ts", ""),
    ("holdem-hilo", ["Ac 2c", "Ad 2d", "Kh Ks"], "3h 4s 8d Jc", ""),
    ("holdem-hilo", ["As 3d", "Ah 2h", "Qs Qd"], "4c 5c 6h Kd", "7s"),
    ("holdem-hilo", ["Ah Kh", "Qs Qc"], "Kd Qd Jh 9c", ""),
    ("holdem-hilo", ["Ah 2c", "random"], "3d 4d 5h Kc Ks", ""),
    ("holdem-hilo", ["Ah 2c", "3h 4c"], "5d 6d 7h", ""),
    # short deck (36 cards): A-6-7-8-9, flush over full house, trips over straight
    ("shortdeck", ["Ah Kh", "Qs Qd"], "Kd 7c 6h 9s", ""),
    ("shortdeck", ["Ac 8d", "Ts Th"], "6c 7d 9h Ks", ""),
    ("shortdeck", ["Ah Kh", "9s 9d"], "9h 6h 7h 7c", ""),
    ("shortdeck", ["Ac Kc", "Jd Jh", "8s 9s"], "Ts Qh 6d", "7c"),
    ("shortdeck", ["Ac Kc", "random"], "Ts Qh 6d 7c 7h", ""),
    ("shortdeck", ["Ac Kc", "Jd *"], "Ts Qh 6d 7c", "8c 8d"),
    # short deck, the other rule: a straight beats trips (the first spot: 9s9d's trips lose to Kh's straight)
    ("shortdeck-straight", ["Kh Jd", "9s 9d"], "9h Qc Tc 7c", ""),
    ("shortdeck-straight", ["Ac 8d", "Ts Th"], "6c 7d 9h Ks", ""),
    ("shortdeck-straight", ["Ac Kc", "Jd Jh", "8s 9s"], "Ts Qh 6d", "7c"),
    ("shortdeck-straight", ["Ac Kc", "random"], "Ts Qh 6d 7c 7h", ""),
    # Omaha family: exactly two hole cards and three board cards
    ("omaha", ["Ah Kh Qd Jd", "9s 9c 8s 7c"], "Th 2c 3d 8h", ""),
    ("omaha", ["Ah Ks 2c 3d", "Qd Qc 7s 7d"], "Kh 9h 5h 2h", ""),
    ("omaha", ["As Ks Qs Js", "Ts 9s 8s 7s", "Ad Kd Qd Jd"], "2s 3s 4h 5h", ""),
    ("omaha", ["Ah Kh Qd Jd", "9s 9c 8s 7c"], "Th 2c 3d", "4h 4c"),
    ("omaha", ["Ah Kh Qd Jd", "9s 9c 8s *"], "Th 2c 3d 8h", ""),
    ("omaha-hilo", ["As 2s Kd Qd", "Ah Kh 3c 4c"], "5s 6d 7h", ""),
    ("omaha-hilo", ["As 2s Kd Qd", "Ah 2h 3c 4c", "8s 8d 9c Tc"], "5s 6d 7h Js", ""),
    ("omaha-hilo", ["Ac 2d 3h 4s", "Ad 2c 3s 4h"], "5c 6c 7d Kh", ""),
    ("omaha-hilo", ["Ac 2d Kh Ks", "Qs Qd Jc Tc"], "Qh Jd 9s 8h", "2c"),
    ("omaha5", ["Ah Kh Qd Jd Tc", "9s 9c 8s 7c 6d"], "Th 2c 3d 8h", ""),
    ("omaha5", ["Ah Kh Qd Jd Tc", "9s 9c 8s 7c 6d", "2s 2d 3s 4c 5c"], "Th 2c 3d 8h", "Ks"),
    ("omaha5-hilo", ["Ah 2h Qd Jd Tc", "3s 4c 8s 7c 6d"], "Th 2c 5d 8h", ""),
    ("omaha5-hilo", ["Ah 2h Qd Jd Tc", "3s 4c 8s 7c 6d", "As 2s 3d Kc Kd"], "Th 2c 5d 8h", ""),
    ("omaha6", ["Ah Kh Qd Jd Tc 9c", "9s 9h 8s 7c 6d 5d"], "Th 2c 3d 8h", ""),
    ("omaha6", ["Ah Kh Qd Jd Tc 9c", "9s 9h 8s 7c 6d 5d", "As Ks 2s 3s 4c 5c"], "Th 2c 3d 8h", ""),
    ("courchevel", ["Ah Kh Qd Jd Tc", "9s 9c 8s 7c 6d"], "Th 2c 3d 8h", ""),
    ("courchevel", ["Ah Kh Qd Jd Tc", "9s 9c 8s 7c 6d"], "Th 2c 3d", "As Ks Qs Js"),
    ("courchevel", ["Ah Kh Qd Jd Tc", "9s 9c 8s 7c 6d", "As 2s 3s 4s 5s"], "Th 2c 3d 8h", ""),
    ("courchevel-hilo", ["Ah 2h Qd Jd Tc", "3s 4c 8s 7c 6d"], "Th 2c 5d 8h", ""),
    ("courchevel-hilo", ["Ah 2h Qd Jd Tc", "3s 4c 8s 7c 6d", "As 2s 3d Kc Kd"], "Th 2c 5d 8h", "9h"),
    # double board: half the pot per board
    ("holdem-double-board", ["Ah Kh", "Qs Qd"], ["Kd 7c 2h 9s", "As Qc 3d 4c"], ""),
    ("holdem-double-board", ["Ah Kh", "Qs Qd", "Jc Td"], ["Kd 7c 2h 9s", "As Qc 3d 4c 5s"], "2c"),
    ("holdem-double-board", ["Ah Kh", "Qs Qd"], ["Kd 7c 2h 9s 5d", "As Qc 3d 4c 5c"], ""),
    ("holdem-double-board", ["Ah Kh", "random"], ["Kd 7c 2h 9s 5d", "As Qc 3d 4c 5c"], ""),
    ("omaha-double-board", ["Ah Kh Qd Jd", "9s 9c 8s 7c"], ["Th 2c 3d 8h", "Ks 6h 5c 4d"], ""),
    ("omaha-double-board", ["Ah Kh Qd Jd", "9s 9c 8s 7c", "As 2s 3s Kc"], ["Th 2c 3d 8h", "Ks 6h 5c 4d"], "7d"),
    # Irish and Aviation: after the discards, hold'em
    ("irish", ["Ah Kh", "Qs Qd"], "Kd 7c 2h 9s", "2c 3c 4c 5c"),
    ("irish", ["Ah Kh", "Qs Qd", "Jc Jd"], "Kd 7c 2h 9s", "Td 3d"),
    ("aviation", ["Ah Kh", "Qs Qd"], "Kd 7c 2h 9s", "2c 3c"),
    ("aviation", ["Ah Kh", "Qs Qd", "Jc Jd"], "Kd 7c 2h", "Td 3d 4d 5d 6d 7d 8d 9d 2d 3h 4h 5h 6h 7h 8h"),
    # seven-card stud family: late streets
    ("stud", ["As Ad Kc Kd 7h 2c", "Qs Qd Qc 3h 4h 5h"], "", ""),
    ("stud", ["As Ad Kc Kd 7h 2c", "Qs Qd Qc 3h 4h 5h", "9s Ts Js 2s 3d 4d"], "", "8s 8d 8h 8c 7c 7d 7s 6c 6d 6h"),
    ("stud", ["As Ad Kc Kd 7h 2c 3s", "Qs Qd Qc 3h 4h"], "", "2d 2h 2s"),
    ("stud", ["As Ad Kc Kd 7h", "Qs Qd Qc 3h 4h"], "", "2c 2d 2h 2s 3c 3d 5c 5d 5h 5s 6c 6d 6h 6s 8c 8d 8h 8s 9c "
                                                     "9d 9h 9s Tc Td"),
    ("stud-hilo", ["As 2d 3c Kd 7h 8c", "Qs Qd 4c 5h 6h 9h"], "", ""),
    ("stud-hilo", ["As 2d 3c Kd 7h 8c", "Qs Qd 4c 5h 6h 9h", "Ac 2c 3h 4s 5s Ks"], "", "Kc Kh 6c 7c 8d 8h 9c"),
    ("stud-hilo", ["As 2d 3c 4d 7h", "Ac 2c 3h 4s 8s"], "",
     "Ts Td Tc Th Js Jd Jc Jh Qs Qd Qc Qh Ks Kd Kc Kh 9s 9d 9c 9h 6s 6d 6c 6h"),
    ("razz", ["As 2d 3c Kd 7h 8c", "Qs Qd 4c 5h 6h 9h"], "", ""),
    ("razz", ["As 2d 3c Kd 7h 8c", "Qs Qd 4c 5h 6h 9h", "Ac 2c 3h 4s 5s Ks"], "", "Kc Kh 6c 7c 8d 8h 9c Jc Jd Js"),
    ("razz", ["As 2d 3c 4d 7h", "Ac 2c 3h 4s 8s"], "",
     "Ts Td Tc Th Js Jd Jc Jh Qs Qd Qc Qh Ks Kd Kc Kh 9s 9d 9c 9h 6s 6d 6c 6h"),
    # five-card stud: fifth street, and fourth street with the two last cards
    ("stud5", ["As Kd Qh Jc", "Ts Td 9c 8c"], "", ""),
    ("stud5", ["As Kd Qh Jc", "Ts Td 9c 8c", "2h 3h 4h 5h"], "", "6h 7h 8h 9h Th Jh 2d 3d 4d 2c 3c 4c"),
    ("stud5", ["As Kd Qh", "Ts Td 9c 8c"], "", "2c 3c 4c 5c 6c 7c 2d 3d 4d 5d"),
    # draw games: hands are the cards kept, the discards are dead
    ("draw5", ["As Ad Kc Kd", "Qs Jd Tc 9h"], "", "2c 3d"),
    ("draw5", ["As Ad Kc Kd", "Qs Jd Tc 9h", "7c 7d 7h 2s 3s"], "", "2c 3d 4h 5h 6h 8h 9c 9d Th Jh Qh"),
    ("draw5", ["As Ad Ac", "Ks Kd Kc Qd"], "", "2c 3d 4h 5h 6h 7h 8h 9h Th"),
    ("draw5", ["As Ks Qs Js", "Ah Kh Qh Jh"], "", ""),
    ("draw-deuce7", ["7c 5d 4h 3s", "8c 6d 4s 2h"], "", "Ks Kd"),
    ("draw-deuce7", ["7c 5d 4h 3s", "8c 6d 4s 2h", "7d 6c 5s 3h 2d"], "", "Ks Kd Ah"),
    ("draw-deuce7", ["7c 5d 4h", "8c 6d 4s 2h"], "", "Ac Ad Ah As Kc Kh Ks Qc Qd Qh"),
    ("badugi", ["Ac 2d 3h", "As 2c 4d 5h"], "", "Kc"),
    ("badugi", ["Ac 2d 3h", "As 2c 4d", "3c 4h 5s"], "", "Kc Qc Jc Tc 9c Kd Qd Jd Td 9d Kh Qh Jh Th 9h"),
    ("badugi", ["Ac 2d", "As 2c 4d 5h"], "", ""),
    ("badugi", ["Ac 2d 3h 4s", "As 2c 4d 5h"], "", ""),
    # whole hands to draw, "xx" for an unknown hand
    ("draw5", ["As Ad Ac Kd", "random"], "", " ".join(f"{r}{s}" for r in "23456789" for s in "cdhs") + " Tc Td"),
    ("badugi", ["xx", "As 2c 4d"], "", " ".join(f"{r}{s}" for r in "789TJQK" for s in "cdhs") + " Ac Ad 3c 3d 5c 5d"),
    ("stud", ["As Ad Kc Kd 7h 2c 3s", "random"], "", " ".join(f"{r}{s}" for r in "45689TJ" for s in "cdhs")),
    # many players: more outcome patterns than the pattern tables hold
    ("holdem-hilo", ["Ac 2c", "Ad 3d", "Kh Ks", "4c 5c", "Qs Jd", "6h 7h", "8s 8d", "Tc 9c", "2h 3h"],
     "3s 4s 8c Jc", ""),
    ("holdem-double-board", ["Ac 2c", "Ad 3d", "Kh Ks", "4c 5c", "Qs Jd", "6h 7h", "8s 8d", "Tc 9c", "2h 3h"],
     ["3s 4s 8c Jc", "As 5d 6d 7d"], ""),
    ("holdem", ["Ac 2c", "Ad 3d", "Kh Ks", "4c 5c", "Qs Jd", "6h 7h", "8s 8d", "Tc 9c", "2h 3h", "random"],
     "3s 4s 8c Jc 9d", ""),
    ("omaha-hilo", ["Ac 2c Kd Qd", "Ad 3d 4d 5d", "Kh Ks Js Jh", "4c 5c 6c 7c", "Qs Jd Tc 9c", "6h 7h 8h 9h",
                    "8s 8d As 2s", "Th Td 3c 3h", "2h 3s 4s 5s"], "6s 7s 8c Jc", ""),
]


@pytest.mark.parametrize("game, hands, board, dead", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_hand_picked(game, hands, board, dead):
    compare(game, hands, board, dead)


def test_every_game_has_hand_picked_cases():
    assert set(eqref.GAMES) == set(pyeval.GAMES)
    assert {c[0] for c in CASES} == set(pyeval.GAMES)
    for game in pyeval.GAMES:
        assert {len(c[1]) for c in CASES if c[0] == game} >= {2, 3}, game


def test_threads_do_not_change_exact_counts():
    for game, hands, board, dead in (CASES[5], CASES[27], CASES[52]):
        a = pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=1)
        b = pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=2)
        assert a.units.tolist() == b.units.tolist() and a.wins.tolist() == b.wins.tolist()


# ---------------------------------------------------------------------------
# seeded random spots
# ---------------------------------------------------------------------------

_COST = {"any": 1.0, "omaha": 2.5}  # rough cost of one reference evaluation (7-card hold'em = 1)
BUDGET = 8000  # reference cost units per random spot (well under 0.2 s)
SPOTS_PER_GAME = 20


def _cost(game, hands, board, dead):
    hole_n, board_n, n_boards, use, high, low, *_ = eqref.GAMES[game]
    per = _COST[use] * (math.comb(hole_n, 2) / 6 if use == "omaha" else 1)
    parts = max(n_boards, 1) * (2 if low else 1)
    return eqref.count_outcomes(game, hands, board, dead) * len(hands) * parts * per


def random_spot(game, rng):
    """A small random spot for ``game``: (hands, board, dead) as code lists."""
    hole_n, board_n, n_boards, use, high, low, lowest, shortage = eqref.GAMES[game]
    while True:
        deck = list(range(lowest, 52))
        rng.shuffle(deck)
        players = rng.choice([2, 2, 3])
        hands = []
        for _ in range(players):
            if board_n:
                k = rng.choice([hole_n] * 6 + [hole_n - 1] * 2 + [0])
            elif shortage:
                k = rng.choice([5, 6, 6, 6, 7])
            else:
                k = rng.choice([hole_n - 2, hole_n - 1, hole_n - 1, hole_n])
            hands.append([deck.pop() for _ in range(k)])
        if n_boards > 1:
            board = [[deck.pop() for _ in range(rng.choice([3, 4, 4, 5]))] for _ in range(n_boards)]
        elif board_n:
            board = [deck.pop() for _ in range(rng.choice([3, 4, 4, 5, 5]))]
        else:
            board = []
        dead = [deck.pop() for _ in range(rng.choice([0, 0, 2, 5, 12, 20]))]
        if _cost(game, hands, board, dead) <= BUDGET:
            return hands, board, dead


@pytest.mark.parametrize("game", list(eqref.GAMES))
def test_random_spots(game):
    rng = random.Random(f"equity-{game}")
    for _ in range(SPOTS_PER_GAME):
        hands, board, dead = random_spot(game, rng)
        hole_n, board_n = eqref.GAMES[game][:2]
        missing = [" *" * (hole_n - len(h)) if board_n else "" for h in hands]  # a board game's unknown cards
        hands_text = [to_text(h) + m if h else "random" for h, m in zip(hands, missing)]
        board_text = [to_text(b) for b in board] if board and isinstance(board[0], list) else to_text(board)
        compare(game, hands_text, board_text, to_text(dead))


# ---------------------------------------------------------------------------
# stud with 8 players: the community card (RULES.md, deck shortage)
# ---------------------------------------------------------------------------

EIGHT = ["As Ad Kc Kd 7h 2c", "Qs Qd Qc 3h 4h 5h", "9s Ts Js 2s 3d 4d", "8s 8d 8h 8c 7c 7d",
         "Ah 2h 3c 4c 5c 6c", "Kh Ks Jh Jd Th 9h", "6d 6h 6s 5s 5d 4s", "Ac Jc Tc 9c 9d Td"]  # 48 cards


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_eight_players_community_card(game):
    r, e = compare(game, EIGHT)
    assert r.outcomes == 4  # the community card is one of the 4 live cards
    r, e = compare(game, EIGHT[:7] + ["Ac Jc Tc 9c 9d"])
    assert r.outcomes == 5 * 4  # the last player's sixth card, then the community card
    compare(game, EIGHT[:7] + ["Ac Jc Tc 9c"], dead="2d")
    # the community card already dealt: one outcome
    compare(game, EIGHT, board="3s")


def test_seven_players_shortage_from_dead_cards():
    # 7 players x 6 cards + 7 dead cards leave 3: too few for seven seventh cards
    hands = EIGHT[:7]
    r, _ = compare("stud", hands, dead="Ac Jc Tc 9c 9d Td 2d")
    assert r.outcomes == 3
    # with 7 live cards there is a seventh card for everyone: 7! deals
    r, _ = compare("razz", hands, dead="Ac Jc Tc")
    assert r.outcomes == math.factorial(7)


def test_eight_players_from_sixth_street():
    # four players still to get a sixth card: 8 live cards, 4 sixth cards then the community card
    hands = [h.rsplit(" ", 1)[0] if p % 2 else h for p, h in enumerate(EIGHT)]
    r, _ = compare("stud", hands, threads=2)
    assert r.outcomes == math.perm(8, 4) // math.factorial(1) * 4


# ---------------------------------------------------------------------------
# larger spots: heads-up counting (over 2**20 outcomes, no shared unknown cards)
# and enumerations that span several chunks
# ---------------------------------------------------------------------------

HEADS_UP = [
    ("stud", ["As Ad Kc Kd", "Qs Qd Qc 3h"], "", "2c 2d 2h 2s 3c 3d 4c 4d"),
    ("razz", ["As 2d 3c 4h", "5s 6d 7c 8h"], "", "Kc Kd Kh Ks Qc Qd Qh Qs"),
    ("stud5", ["As Kd", "Qs Qd"], "", "2c 2d 2h 2s 3c 3d 4c 4d"),
    ("draw5", ["As Ad", "Ks Kd Kc"], "", ""),
    ("draw-deuce7", ["7c 5d", "8c 6d 4s"], "", "Ac Ad Ah As"),
    ("badugi", ["Ac", "2d"], "", "Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js"),
    ("omaha", ["Ah Kh * *", "random"], "Qs Jd 7c 2h 3d",
     "2c 2d 2s 3c 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7d 7h"),
    ("holdem", ["random", "random"], "Qs Jd 7c 2h 3d", ""),
    ("shortdeck", ["random", "random"], "Qs Jd 7c 9h 6d", ""),  # generic engine, several chunks
]


@pytest.mark.parametrize("game, hands, board, dead", HEADS_UP, ids=[c[0] for c in HEADS_UP])
def test_heads_up_large(game, hands, board, dead):
    r = pyeval.equity(game, hands, board=board, dead=dead, method="exact")
    e = eqref.heads_up_equity(game, [hand_codes(h) for h in hands],
                              eqref.codes(board), eqref.codes(dead))
    call = f"pyeval.equity({game!r}, {hands!r}, board={board!r}, dead={dead!r}, method='exact')"
    assert r.outcomes == e.outcomes, call
    assert r.fractions == e.fractions, f"{call}: {r.fractions} != reference {e.fractions}"
    assert r.wins.tolist() == e.wins and r.ties.tolist() == e.ties, call


@pytest.mark.parametrize("game, hands, dead", [
    ("stud-hilo", ["As 2d 3c Kd 7h", "Qs Qd 4c 5h 6h"], "Kc Kh Ks Qc Qh Jc Jd Jh Js Tc Td Th Ts 9c"),
    ("razz", ["As 2d 3c Kd 7h 8c", "Qs Qd 4c 5h 6h 9h", "Ac 2c 3h 4s 5s"], "Kc Kh Ks Qc Qh Jc Jd Jh Js Tc Td Th"),
])
def test_several_chunks(game, hands, dead):
    r, _ = compare(game, hands, dead=dead, threads=2)
    assert r.outcomes > 65536


# ---------------------------------------------------------------------------
# side pots (contributions=): each pot to the best hand among the players who paid into it
# ---------------------------------------------------------------------------

SIDE_POTS = [
    ("holdem", ["Ah Kh", "Qs Qd", "7d 7h"], "Kc 7c 2h 9s", "", [100, 40, 100]),
    ("holdem", ["Ah Kh", "Qs Qd", "random"], "Kc 7c 2h 9s 3d", "", [100, 40, 70]),
    ("holdem", ["Ah Kh", "Qs *", "7d 7h"], "Kc 7c 2h 9s", "", [30, 100, 60]),
    ("holdem-hilo", ["Ac 2c", "Ad 3d", "Kh Ks"], "3h 4s 8d Jc", "", [50, 100, 100]),
    ("omaha-hilo", ["As 2s Kd Qd", "Ah 2h 3c 4c", "8s 8d 9c Tc"], "5s 6d 7h Js", "", [25, 100, 75]),
    ("holdem-double-board", ["Ah Kh", "Qs Qd", "Jc Td"], ["Kd 7c 2h 9s", "As Qc 3d 4c 5s"], "", [100, 40, 100]),
    ("stud", ["As Ad Kc Kd 7h 2c", "Qs Qd Qc 3h 4h 5h", "9s Ts Js 2s 3d 4d"], "",
     "8s 8d 8h 8c 7c 7d 7s 6c 6d 6h", [60, 100, 20]),
    ("stud", EIGHT, "", "", [10, 20, 30, 40, 50, 60, 70, 80]),
    ("stud-hilo", EIGHT, "", "", [80, 70, 60, 50, 40, 30, 20, 10]),
    # 8 players at seventh street share a community card, also in the side pots
    ("razz", EIGHT, "", "", [100, 10, 10, 10, 10, 100, 10, 10]),
    ("razz", EIGHT, "", "", [10, 100, 10, 10, 10, 10, 10, 100]),
    ("stud", EIGHT, "", "", [10, 10, 100, 10, 10, 100, 10, 10]),
    ("stud-hilo", EIGHT, "", "", [10, 10, 100, 10, 10, 100, 10, 10]),
]


@pytest.mark.parametrize("game, hands, board, dead, contributions", SIDE_POTS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(SIDE_POTS)])
def test_side_pots(game, hands, board, dead, contributions):
    r = pyeval.equity(game, hands, board=board, dead=dead, method="exact", contributions=contributions)
    ref_board = [eqref.codes(b) for b in board] if isinstance(board, list) else eqref.codes(board)
    want = eqref.expected_chips(game, [hand_codes(h) for h in hands], ref_board,
                                eqref.codes(dead), contributions)
    assert sum(want) == sum(contributions)
    call = (f"pyeval.equity({game!r}, {hands!r}, board={board!r}, dead={dead!r}, method='exact', "
            f"contributions={contributions!r}).expected_chips")
    np.testing.assert_allclose(r.expected_chips, [float(x) for x in want], rtol=0, atol=1e-9, err_msg=call)


# ---------------------------------------------------------------------------
# the last board card (csrc/board_equity.c counts it by rank where the suit cannot flush)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", [g for g, spec in eqref.GAMES.items() if spec[1] == 5 and spec[2] == 1])
def test_turn_spots_with_flush_suits(game):
    """Turn spots, every hand known, boards and hands heavy in one or two suits: the river
    cards of a suit that can complete a flush are counted one by one, the others by rank."""
    hole_n, _, _, _, _, _, lowest, _ = eqref.GAMES[game]
    rng = random.Random(f"turn-flush-{game}")
    for _ in range(12):
        suits = rng.sample(range(4), 2)
        deck = list(range(lowest, 52))
        rng.shuffle(deck)
        deck.sort(key=lambda c: (c % 4 not in suits) + rng.random())  # the two suits first, mostly
        board, players = [deck.pop(0) for _ in range(4)], rng.choice([2, 2, 3])
        hands = [[deck.pop(0) for _ in range(hole_n)] for _ in range(players)]
        dead = [deck.pop() for _ in range(rng.choice([0, 3]))]
        compare(game, [to_text(h) for h in hands], to_text(board), to_text(dead))
