"""``pyeval.equity_batch``: every row equals the single query on that row (exact counts, and
Monte Carlo with the documented per-row seed), the seed derivation equals numpy's
SeedSequence, bad rows are named, and the result object behaves."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval import batch
from pyeval.engines import engine
from pyeval.engines.batch import rows as batch_rows

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")

BOARD_GAMES = ["holdem", "holdem-hilo", "shortdeck", "omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "omaha6",
               "courchevel", "courchevel-hilo", "holdem-double-board", "omaha-double-board", "irish", "aviation"]


def random_spots(game, n, players, known_board, dead_n, random_players, seed):
    """n rows of distinct random cards: (holes with -1 for random hands, boards, dead)."""
    g = pyeval.get_game(game)
    rng = np.random.default_rng(seed)
    need = players * g.hole + g.boards * known_board + dead_n
    picks = np.array([rng.choice(np.arange(g.lowest_card, 52), need, replace=False) for _ in range(n)])
    holes = picks[:, :players * g.hole].reshape(n, players, g.hole).astype(np.int64)
    for p in random_players:
        holes[:, p] = -1
    start = players * g.hole
    boards = picks[:, start:start + g.boards * known_board].reshape(n, g.boards, known_board)
    dead = picks[:, start + g.boards * known_board:]
    return holes, (boards[:, 0] if g.boards == 1 else boards), dead


def single(game, holes_row, board_row, dead_row, **kw):
    g = pyeval.get_game(game)
    hands = [pyeval.format_cards(h) if (h >= 0).all() else "random" for h in holes_row]
    if g.boards > 1:
        board = "/".join(pyeval.format_cards(b) for b in board_row)
    else:
        board = pyeval.format_cards(board_row)
    return pyeval.equity(game, hands, board=board, dead=pyeval.format_cards(dead_row), threads=1, **kw)


def assert_row_equals(r, i, s):
    assert r.outcomes[i] == s.outcomes
    assert (r.units[i] == s.units).all() and (r.wins[i] == s.wins).all() and (r.ties[i] == s.ties).all()
    np.testing.assert_allclose(r.equity[i], s.equity, rtol=0, atol=1e-15)
    if s.stderr is None:  # an exact row: no stderr (None for an all-exact batch, NaN in a mixed one)
        assert r.exact[i] and (r.stderr is None or np.isnan(r.stderr[i]).all())
    else:
        np.testing.assert_allclose(r.stderr[i], s.stderr, rtol=1e-12, atol=1e-15)
    for name in ("hi", "lo", "scoop"):
        if getattr(s, name) is not None:
            np.testing.assert_allclose(getattr(r, name)[i], getattr(s, name), rtol=0, atol=1e-15)
    if s.no_low is not None:
        assert r.no_low[i] == pytest.approx(s.no_low, abs=1e-15)
    if s.boards is not None:
        np.testing.assert_allclose(r.boards[i], s.boards, rtol=0, atol=1e-15)


# (known board cards, dead cards, players, random players): small rows of every kind
SHAPES = [(5, 0, 2, ()), (4, 0, 2, ()), (3, 2, 3, ()), (5, 1, 2, (1,)), (4, 0, 2, (1,)), (5, 0, 3, (0, 2))]


@pytest.mark.parametrize("game", BOARD_GAMES)
@pytest.mark.parametrize("shape", SHAPES, ids=[f"b{s[0]}-d{s[1]}-p{s[2]}-r{len(s[3])}" for s in SHAPES])
def test_exact_rows_equal_single_queries(game, shape):
    known, dead_n, players, randoms = shape
    g = pyeval.get_game(game)
    if randoms and g.hole >= 4:
        # pyeval.equity's own path for a random Omaha hand before the river takes tens of seconds
        # (issue 17): the rows are checked against it on the river only.
        randoms, known = (randoms[:1], 5) if g.hole == 4 else ((), known)
    holes, boards, dead = random_spots(game, 6, players, known, dead_n, randoms, seed=hash((game, shape)) % 2**32)
    r = pyeval.equity_batch(game, holes, boards, dead, method="exact", threads=2)
    assert r.exact.all() and r.method == "exact" and r.seed is None
    for i in range(len(holes)):
        assert_row_equals(r, i, single(game, holes[i], boards[i], dead[i], method="exact"))


@pytest.mark.parametrize("game", ["holdem", "omaha-hilo", "holdem-double-board", "omaha-double-board",
                                  "shortdeck", "omaha5-hilo"])
def test_monte_carlo_rows_equal_single_queries_with_row_seed(game):
    holes, boards, dead = random_spots(game, 4, 3, 3, 1, (2,), seed=11)
    samples = engine.CHUNK + 5_000  # two chunks per row
    r = pyeval.equity_batch(game, holes, boards, dead, method="monte-carlo", samples=samples, seed=1234, threads=2)
    assert not r.exact.any() and r.seed == 1234 and (r.outcomes == samples).all()
    assert (r.stderr > 0).all()
    for i in range(len(holes)):
        s = single(game, holes[i], boards[i], dead[i], method="monte-carlo", samples=samples,
                   seed=batch.row_seed(1234, i))
        assert_row_equals(r, i, s)


def test_monte_carlo_rows_do_not_depend_on_thread_count():
    holes, boards, dead = random_spots("holdem", 40, 2, 3, 0, (1,), seed=5)
    runs = [pyeval.equity_batch("holdem", holes, boards, dead, method="monte-carlo", samples=3_000, seed=9,
                                threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]
    other = pyeval.equity_batch("holdem", holes, boards, dead, method="monte-carlo", samples=3_000, seed=10)
    assert not (other.units == runs[0].units).all()


@pytest.mark.parametrize("game, hands, dead", [
    ("stud", [["AsAd7cKd2h", "KhKc2s3s"], ["AsAdKcKd7h", "QsQdQc3h4h"]], None),
    ("razz", [["As2d3c4h", "5s6d7c8h"], ["As2d3c4h9c", "5s6d7c8hKc"]], None),
    ("stud-hilo", [["As2d3cKd7h8c", "QsQd4c5h6h"], ["As2d3c4h5h6h", "KsKdKcQhQd9d"]], ["Kc", ""]),
    ("draw-deuce7", [["7h5c4d3s", "9h8c6d5h2c"], ["7h5c4d3s", "8h6c5d4h2s"]], ["Kd", "Kd"]),
    ("badugi", [["Ac2d", "As3c4d"], ["Ac2d3h", "As3c4d"]], None),
])
def test_stud_and_draw_rows_equal_single_queries(game, hands, dead):
    r = pyeval.equity_batch(game, hands, dead=dead, method="exact")
    for i, row in enumerate(hands):
        s = pyeval.equity(game, row, dead=(dead[i] if dead else ""), method="exact")
        assert_row_equals(r, i, s)


def test_auto_picks_like_equity_and_heavy_rows_go_through_equity():
    # Row 0 is a small river spot, row 1 a preflop spot against a random hand (2.1e9 outcomes,
    # exact by suit classes in pyeval.equity); both rows exact, as equity's auto picks them.
    hands = [["AhKh", "QsQd"], ["As6s", "random"]]
    boards = ["2c7d9hTs3s", None]
    r = pyeval.equity_batch("holdem", hands[:1], board=boards[:1])
    assert r.exact.all()
    heavy = pyeval.equity_batch("holdem", [hands[1]], method="auto")
    s = pyeval.equity("holdem", hands[1])
    assert heavy.exact[0] and heavy.outcomes[0] == s.outcomes == 2_097_572_400
    assert (heavy.units[0] == s.units).all()


def test_text_and_code_rows_agree():
    holes, boards, dead = random_spots("omaha-hilo", 5, 2, 4, 2, (), seed=3)
    as_text = pyeval.equity_batch("omaha-hilo", [[pyeval.format_cards(h) for h in row] for row in holes],
                                  board=[pyeval.format_cards(b) for b in boards],
                                  dead=[pyeval.format_cards(d) for d in dead])
    as_codes = pyeval.equity_batch("omaha-hilo", holes.astype(np.uint8), boards, dead)
    assert as_text == as_codes
    assert as_text.hi is not None and as_text.lo.shape == (5, 2) and as_text.no_low.shape == (5,)


def test_dead_rows_may_differ_in_length():
    r = pyeval.equity_batch("holdem", [["AhKh", "QsQd"], ["AhKh", "QsQd"]], board=["2c7d9h", "2c7d9h"],
                            dead=["", "Qc Kc"])
    assert r.outcomes.tolist() == [990, 903]
    s = pyeval.equity("holdem", ["AhKh", "QsQd"], board="2c7d9h", dead="QcKc", method="exact")
    assert (r.units[1] == s.units).all()


@pytest.mark.parametrize("holes, board, message", [
    ([[[50, 46], [45, 44]], [[50, 46], [50, 44]]], [[0, 1, 2], [0, 1, 2]], r"row 1: a card twice"),
    ([[[50, 46], [45, 44]], [[50, 46], [45, 44]]], [[0, 1, 2], [0, 1, 60]], r"row 1: board holds code 60"),
    ([[[50, 46], [45, 44]], [[50, -1], [45, 44]]], [[0, 1, 2], [0, 1, 2]], r"row 1: a hand with some cards"),
    ([[[50, 46], [45, 44]], [[50, 46], [45, 44]]], [[0, 1, 2], [0, 1, 46]], r"row 1: a card twice"),
    ([[[50, 46], [45, 53]]], [[0, 1, 2]], r"row 0: hands holds code 53"),
])
def test_bad_rows_are_named(holes, board, message):
    with pytest.raises(ValueError, match=message):
        pyeval.equity_batch("holdem", np.array(holes), np.array(board))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("known", [4, 5])
def test_bad_turn_and_river_rows_are_named(threads, known):
    """Turn and river batches are checked as they are counted (CHECKED_WHILE_COUNTED): the first
    bad row is still the one named, whichever chunk finds a bad row first."""
    rng = np.random.default_rng(known)
    n = 3 * batch_rows.ROWS_PER_JOB
    picks = np.argsort(rng.random((n, 52)), axis=1)[:, :4 + known]
    holes, boards = picks[:, :4].reshape(n, 2, 2).copy(), picks[:, 4:].copy()
    first, later = batch_rows.ROWS_PER_JOB + 17, 2 * batch_rows.ROWS_PER_JOB + 3  # in the second and third chunks
    boards[later, 1] = holes[later, 1, 1]  # a card twice
    boards[first, 0] = boards[first, known - 1]  # a card twice
    with pytest.raises(ValueError, match=rf"row {first}: a card twice"):
        pyeval.equity_batch("holdem", holes, boards, threads=threads)
    with pytest.raises(ValueError, match=rf"row {later - first - 1}: a card twice"):
        pyeval.equity_batch("holdem", holes[first + 1:], boards[first + 1:], threads=threads)


def test_bad_input_types_and_shapes():
    with pytest.raises(ValueError, match="2 cards"):
        pyeval.equity_batch("holdem", np.zeros((3, 2, 4), int))
    with pytest.raises(TypeError, match="integer card codes"):
        pyeval.equity_batch("holdem", np.zeros((3, 2, 2), float))
    with pytest.raises(ValueError, match="row 1: player 2's hand 'Qs' has 1 cards"):
        pyeval.equity_batch("holdem", [["AhKh", "QsQd"], ["AhKh", "Qs"]])
    with pytest.raises(ValueError, match="row 0: bad card"):
        pyeval.equity_batch("holdem", [["AhKx", "QsQd"]])
    with pytest.raises(ValueError, match="same number of cards"):
        pyeval.equity_batch("holdem", [["AhKh", "QsQd"], ["AhKh", "QsQd"]], board=["2c7d9h", "2c7d9h3s"])
    with pytest.raises(ValueError, match="board has 1 rows for 2"):
        pyeval.equity_batch("holdem", [["AhKh", "QsQd"], ["AhKh", "QsQd"]], board=["2c7d9h"])
    with pytest.raises(ValueError, match="row 0: a card not in the game's deck"):
        pyeval.equity_batch("shortdeck", [["AhKh", "QsQd"]], board=["2c7d9h"])
    with pytest.raises(ValueError, match="method"):
        pyeval.equity_batch("holdem", [["AhKh", "QsQd"]], method="fast")


def test_empty_batch_and_repr_summarises():
    empty = pyeval.equity_batch("holdem", np.zeros((0, 2, 2), int))
    assert len(empty) == 0 and empty.equity.shape == (0, 2)
    holes, boards, _ = random_spots("holdem", 2000, 2, 5, 0, (), seed=8)
    r = pyeval.equity_batch("holdem", holes, boards)
    text = repr(r)
    assert text.count("\n") < 10 and "2,000 rows" in text and "..." in text
    d = r.to_dict()
    assert d["rows"] == 2000 and len(d["equity"]) == 2000 and d["method"] == "exact"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**40))
def test_chunk_seed_equals_numpy_seed_sequence(seed, chunk):
    ref = np.random.SeedSequence(entropy=seed, spawn_key=(chunk,)).generate_state(4, np.uint64)
    if not ref.any():
        ref[0] = 1
    assert (engine.chunk_seed(seed, chunk) == ref).all()
    assert batch.row_seed(seed, chunk) == int(ref[0]) >> 1


def test_row_seeds_beyond_64_bits_use_numpy():
    big = 2**70 + 5
    state = np.random.SeedSequence(big, spawn_key=(3,)).generate_state(4, np.uint64)
    assert batch.row_seed(big, 3) == int(state[0]) >> 1


def test_rows_agree_with_poker_equity():
    poker_equity = pytest.importorskip("poker_equity")
    holes, boards, _ = random_spots("holdem", 20, 3, 3, 0, (), seed=21)
    r = pyeval.equity_batch("holdem", holes, boards)
    for i in range(20):
        pe = poker_equity.exact_from_text("holdem", [pyeval.format_cards(h, "") for h in holes[i]],
                                          pyeval.format_cards(boards[i], ""))
        np.testing.assert_allclose(r.equity[i], [p["equity"] for p in pe["players"]], atol=1e-12)


# -- issue 38 items 9 and 19 ------------------------------------------------------------------------

def test_a_set_of_rows_is_a_type_error():
    with pytest.raises(TypeError, match="hands must be .*got set"):
        pyeval.equity_batch("holdem", {1, 2})


def test_dead_rows_wider_than_the_deck_name_the_dead_cards():
    """A 60-column dead array was refused with a message about the number of players."""
    dead = np.full((1, 60), -1)
    with pytest.raises(ValueError, match="dead") as info:
        pyeval.equity_batch("holdem", np.array([[[0, 1], [2, 3]]]), dead=dead)
    assert "players" not in str(info.value) and "60" in str(info.value)


def test_an_empty_batch_of_seven_card_hands_is_refused_for_holdem():
    with pytest.raises(ValueError, match="2 cards.*7"):
        pyeval.equity_batch("holdem", np.zeros((0, 2, 7), np.int64))
    assert len(pyeval.equity_batch("holdem", np.zeros((0, 2, 2), np.int64))) == 0


def test_the_batch_frame_names_each_seats_cards_and_stderr_is_float():
    pytest.importorskip("pandas")
    b = pyeval.equity_batch("holdem", [["AhAs", "KdKc"], ["7c2d", "random"]], board=["2c3d4h", "AsKsQs"],
                            method="exact")
    frame = b.to_frame()
    assert frame["hand"].tolist() == ["Ah As", "Kd Kc", "7c 2d", "random"]
    assert frame["board"].tolist() == ["2c 3d 4h"] * 2 + ["As Ks Qs"] * 2
    assert frame["stderr"].dtype == np.float64 and frame["stderr"].isna().all()
    mc = pyeval.equity_batch("holdem", [["AhAs", "KdKc"]], samples=1000, seed=1).to_frame()
    assert mc["stderr"].dtype == np.float64 and (mc["stderr"] > 0).all()
    assert b.rows()[0]["hand"] == "Ah As"


@pytest.mark.parametrize("game, rows, board, dead", [
    ("holdem", [["AhKh", "random"], ["7c7d", "QsQd"]], ["2c3d4h", "2h8s9d"], ["Ts", ""]),
    ("holdem", [["AhKh", "random", "random"]], None, None),
    ("omaha-double-board", [["AhKhQdJd", "random"]], [["2c3d4h", "5s6s7s"]], None),
    ("stud", [["AhKh2c", "random", "QsQd7c8c"]], None, ["3h"]),
    ("draw5", [["AhAsAd", "KcKdKhQs"]], None, None),
])
def test_a_row_is_priced_and_answered_as_the_single_query_reads_it(game, rows, board, dead):
    """A batch row becomes the Spot ``read_spot`` makes of the row's text (the registry prices and
    answers both the same way)."""
    from pyeval.query.spot import read_spot

    g = pyeval.get_game(game)
    holes = batch._hands_rows(g, rows)
    boards = batch._board_rows(g, board, len(rows))
    dead_rows = batch._dead_rows(dead, len(rows))
    for i, row in enumerate(rows):
        b = board[i] if board else ""
        want = read_spot(g, row, "/".join(b) if isinstance(b, list) else b, dead[i] if dead else "", "exact", None, 5,
                         1)
        got = batch._row_spot(g, holes, boards, dead_rows, i, "exact", None, 5, 1)
        assert (got.holes, got.texts, got.boards, got.dead, got.method, got.seed, got.threads) == \
            (want.holes, want.texts, want.boards, want.dead, want.method, want.seed, want.threads)
