"""pyeval.deal, pyeval.showdown, pyeval.simulate (issue 6): building blocks, studies, engine.

Statistical checks use 4 standard errors.  PYEVAL_FULL=1 adds the 100-million-deal memory
run and recomputes the exact AA value with pyeval.equity (25 s).
"""

import importlib
import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import time
from fractions import Fraction

import numpy as np
import pytest
from conftest import FULL

import pyeval
from pyeval.cli import main as cli_main
from pyeval.engines import engine
from pyeval.query.limits import MAX_SAMPLES
from pyeval.results.tally import POT
from pyeval.sim import studies

sim = importlib.import_module("pyeval.sim.simulate")  # the module (pyeval.simulate is the function)



# --------------------------------------------------------------------------------------------
# deal


@pytest.mark.parametrize("game, players, hole_shape, board_shape", [
    ("holdem", 6, (6, 2), (5,)),
    ("omaha-hilo", 4, (4, 4), (5,)),
    ("courchevel", 3, (3, 5), (5,)),
    ("holdem-double-board", 3, (3, 2), (2, 5)),
    ("stud", 7, (7, 7), (0,)),
    ("stud", 8, (8, 6), (1,)),  # the deck runs short: one community card
    ("draw5", 5, (5, 5), (0,)),
    ("shortdeck", 4, (4, 2), (5,)),
])
def test_deal_shapes_and_distinct_cards(game, players, hole_shape, board_shape):
    hole, board = pyeval.deal(game, players, 2000, seed=1)
    assert hole.dtype == np.uint8 and board.dtype == np.uint8
    assert hole.shape == (2000, *hole_shape) and board.shape == (2000, *board_shape)
    cards = np.concatenate([hole.reshape(2000, -1), board.reshape(2000, -1)], axis=1).astype(np.int64)
    assert (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all()
    assert cards.min() >= pyeval.get_game(game).lowest_card and cards.max() <= 51


def test_deal_known_and_dead_cards():
    hole, board = pyeval.deal("omaha", 3, 5000, seed=2, board="AhKd2c", dead="3s 4s",
                              hands=["AsAd2s*", "random", "QhQd??*"])
    assert (board[:, :3] == [50, 45, 0]).all()
    assert (hole[:, 0, :3] == [51, 49, 3]).all() and (hole[:, 2, :2] == [42, 41]).all()
    dealt = np.concatenate([hole.reshape(5000, -1), board], axis=1)
    assert not np.isin(dealt, [7, 11]).any()  # dead 3s, 4s


def test_deal_is_uniform():
    hole, board = pyeval.deal("holdem", 3, 208_000, seed=3)
    cards = np.concatenate([hole.reshape(len(hole), -1), board], axis=1)
    for col in range(cards.shape[1]):
        counts = np.bincount(cards[:, col], minlength=52)
        expected = len(cards) / 52
        chi2 = ((counts - expected) ** 2 / expected).sum()
        assert chi2 < 51 + 6 * math.sqrt(2 * 51), (col, chi2)  # about 6 sigma of chi2(51)
    # pairs of positions are independent: same-suit frequency of the two hole cards is 12/51
    same = (hole[:, 0, 0] & 3) == (hole[:, 0, 1] & 3)
    p = 12 / 51
    assert abs(same.mean() - p) < 4 * math.sqrt(p * (1 - p) / len(same))


def test_deal_streams():
    a = pyeval.deal("holdem", 6, 1000, seed=9)
    b = pyeval.deal("holdem", 6, 1000, seed=9)
    c = pyeval.deal("holdem", 6, 1000, seed=9, chunk=1)
    assert (a.hole == b.hole).all() and (a.board == b.board).all()
    assert not (a.hole == c.hole).all()


@pytest.mark.parametrize("kwargs, message", [
    (dict(game="holdem", players=11), "too many players"),
    (dict(game="holdem", players=2, hands=["AsAh", "AsKd"]), "duplicate"),
    (dict(game="holdem", players=2, board="AsKdQc2h3h4h"), "at most 5"),
    (dict(game="nope", players=2), "unknown game"),
    (dict(game="holdem", players=0), "players"),
    (dict(game="holdem", players=2, deals=-1), "deals must be"),
    (dict(game="stud", players=8, hands=["AsKsQs2c3c4c5c"]), "community card"),
])
def test_deal_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pyeval.deal(**{"deals": 10, **kwargs})


# --------------------------------------------------------------------------------------------
# showdown


def _shares_reference(high, low):
    """Plain-Python pot units of one deal (high, low: (boards, players) lists)."""
    boards, players = len(high), len(high[0])
    units = [0] * players
    per_board = POT // boards
    for b in range(boards):
        best = max(high[b])
        hw = [p for p in range(players) if high[b][p] == best]
        if low is None:
            for p in hw:
                units[p] += per_board // len(hw)
            continue
        lbest = max(low[b])
        if lbest == 0:
            for p in hw:
                units[p] += per_board // len(hw)
        else:
            lw = [p for p in range(players) if low[b][p] == lbest]
            for p in hw:
                units[p] += per_board // 2 // len(hw)
            for p in lw:
                units[p] += per_board // 2 // len(lw)
    return units


@pytest.mark.parametrize("game, players", [("holdem", 6), ("omaha-hilo", 4), ("holdem-double-board", 3),
                                           ("stud-hilo", 8), ("razz", 4), ("badugi", 3), ("holdem-hilo", 5)])
def test_showdown_matches_evaluators(game, players):
    g = pyeval.get_game(game)
    n = 3000
    hole, board = pyeval.deal(game, players, n, seed=4)
    s = pyeval.showdown(game, hole, board if board.size else None)
    b3 = board.reshape(n, g.boards if board.ndim == 3 else 1, -1)
    boards = b3.shape[1]
    hi = s.high.reshape(n, boards, players) if boards > 1 else s.high[:, None, :]
    lo = None if s.low is None else (s.low.reshape(n, boards, players) if boards > 1 else s.low[:, None, :])
    evaluators = {"high": pyeval.evaluate_high, "razz": pyeval.evaluate_razz, "badugi": pyeval.evaluate_badugi}
    for b in range(boards):
        for p in range(players):
            if g.use == "omaha":
                want = pyeval.evaluate_omaha(hole[:, p], b3[:, b])
                want_lo = pyeval.evaluate_omaha_low8(hole[:, p], b3[:, b]) if g.low else None
            else:
                cards = np.concatenate([hole[:, p], b3[:, b]], axis=1)
                want = evaluators[g.high](cards)
                want_lo = pyeval.evaluate_low8(cards) if g.low else None
            assert (hi[:, b, p] == want).all()
            if g.low:
                assert (lo[:, b, p] == want_lo).all()
    for i in range(0, n, 7):
        ref = _shares_reference(hi[i].tolist(), None if lo is None else lo[i].tolist())
        assert s.units[i].tolist() == ref
    assert (s.units.sum(axis=1) == POT).all()
    assert np.allclose(s.shares.sum(axis=1), 1.0)
    assert (s.winners == (s.units > 0)).all() and (s.scoops == (s.units == POT)).all()


def test_showdown_errors():
    hole, board = pyeval.deal("holdem", 2, 10, seed=1)
    bad = hole.copy()
    bad[3, 1] = bad[3, 0]
    with pytest.raises(ValueError, match="deal 3: duplicate card"):
        pyeval.showdown("holdem", bad, board)
    with pytest.raises(ValueError, match="shows down 2 hole cards"):
        pyeval.showdown("holdem", hole[:, :, :1], board)
    with pytest.raises(ValueError, match="board cards"):
        pyeval.showdown("holdem", hole, board[:, :4])
    with pytest.raises(ValueError, match="codes are 0..51"):
        pyeval.showdown("holdem", hole.astype(np.int64) + 60, board)
    with pytest.raises(ValueError, match="not in the 36-card deck"):
        pyeval.showdown("shortdeck", hole, board)


# --------------------------------------------------------------------------------------------
# simulate: the engine against the building blocks


def _tally_from_blocks(game, players, deals, seed, chunk_size):
    """Starting-hand counts from deal() + showdown(), chunk by chunk, in numpy."""
    g = pyeval.get_game(game)
    hc = studies.hand_classes(g.hole, g.lowest_card)
    dealt = np.zeros(len(hc.labels), np.int64)
    units = np.zeros(len(hc.labels), np.int64)
    for c in range(-(-deals // chunk_size)):
        n = min(chunk_size, deals - c * chunk_size)
        hole, board = pyeval.deal(game, players, n, seed=seed, chunk=c)
        s = pyeval.showdown(game, hole, board)
        srt = np.sort(hole.astype(np.int64), axis=2)
        rank = sum(engine.BINOM[srt[:, :, q], q + 1] for q in range(g.hole))
        ids = hc.table[rank]
        np.add.at(dealt, ids.ravel(), 1)
        np.add.at(units, ids.ravel(), s.units.ravel())
    return dealt, units


@pytest.mark.parametrize("game, players", [("holdem", 5), ("omaha-hilo", 3)])
def test_engine_equals_deal_plus_showdown(game, players):
    r = pyeval.simulate(game, players, 23_456, seed=11, chunk_size=5_000, progress=False, threads=2)
    dealt, units = _tally_from_blocks(game, players, 23_456, 11, 5_000)
    t = r.tables["hands"]
    assert (t["dealt"] == dealt).all()
    assert np.allclose(t["equity"][dealt > 0], units[dealt > 0] / (POT * dealt[dealt > 0]), rtol=0, atol=1e-12)


def _same(a, b):
    assert a.counts.keys() == b.counts.keys()
    for k in a.counts:
        assert np.array_equal(a.counts[k], b.counts[k]), k
    for name in a.tables:
        assert a.csv(name) == b.csv(name)


@pytest.mark.parametrize("game, players, study", [
    ("holdem", 6, "starting-hands"),
    ("omaha-hilo", 4, ["starting-hands", "categories", "hilo"]),
    ("holdem-double-board", 3, ["starting-hands", "categories"]),
])
def test_reproducible_for_any_thread_count(game, players, study):
    kw = dict(seed=2024, study=study, chunk_size=20_000, progress=False)
    one = pyeval.simulate(game, players, 150_000, threads=1, **kw)
    every = pyeval.simulate(game, players, 150_000, threads=os.cpu_count() or 2, **kw)
    four = pyeval.simulate(game, players, 150_000, threads=4, **kw)
    _same(one, every)
    _same(one, four)
    other = pyeval.simulate(game, players, 150_000, threads=2, **{**kw, "seed": 2025})
    assert not np.array_equal(one.table["dealt"] if "dealt" in one.table.dtype.names else one.table["hands"],
                              other.table["dealt"] if "dealt" in other.table.dtype.names else other.table["hands"])


def test_starting_hands_identities():
    deals, players = 200_000, 4
    r = pyeval.simulate("holdem", players, deals, seed=5, progress=False)
    t = r.tables["hands"]
    assert len(t) == 169 and t["combos"].sum() == 1326 and t["dealt"].sum() == deals * players
    assert list(t["hand"]) == list(pyeval.CLASS_NAMES)
    # every pot is shared out exactly: sum of equity x dealt = deals
    assert math.isclose((t["equity"] * t["dealt"]).sum(), deals, rel_tol=1e-12)
    f = r.tables["features"]
    for feature in ("pairing", "suits", "ace", "connectedness"):
        rows = f[f["feature"] == feature]
        assert rows["dealt"].sum() == deals * players and rows["combos"].sum() == 1326
    suited = f[(f["feature"] == "suits") & (f["value"] == "suited")][0]
    names = np.char.endswith(t["hand"], "s")
    assert suited["dealt"] == t["dealt"][names].sum()
    assert math.isclose(suited["equity"], (t["equity"] * t["dealt"])[names].sum() / suited["dealt"], rel_tol=1e-12)


@pytest.mark.parametrize("hole", [2, 3, 4, 5])
def test_hand_classes_are_suit_orbits(hole):
    hc = studies.hand_classes(hole)
    rng = np.random.default_rng(hole)
    cards = np.stack([rng.choice(52, hole, replace=False) for _ in range(3000)])
    perms = np.stack([rng.permutation(4) for _ in range(3000)])
    moved = (cards & ~3) | perms[np.arange(3000)[:, None], cards & 3]

    def ids(c):
        c = np.sort(c, axis=1)
        return hc.table[sum(engine.BINOM[c[:, q], q + 1] for q in range(hole))]

    assert (ids(cards) == ids(moved)).all() and (ids(cards) >= 0).all()
    # invariance and the known number of classes: the classes are exactly the suit orbits
    assert len(hc.labels) == {2: 169, 3: 1755, 4: 16_432, 5: 134_459}[hole]
    assert hc.combos.sum() == math.comb(52, hole)


def test_omaha_classes():
    hc = studies.hand_classes(4)
    assert len(hc.labels) == 16_432 and hc.combos.sum() == math.comb(52, 4)
    assert hc.labels[0] == "AsAhAdAc" and hc.combos[0] == 1
    feats = {k: dict(zip(*np.unique(v, return_counts=True))) for k, v in hc.features.items()}
    # combinations per feature value
    ds = hc.combos[hc.features["suits"] == "double-suited"].sum()
    assert ds == math.comb(4, 2) * math.comb(13, 2) ** 2  # two suits, two cards each
    assert feats["pairing"]["quads"] == 13
    r = pyeval.simulate("omaha", 4, 60_000, seed=1, progress=False)
    assert len(r.tables["hands"]) == 16_432 and r.tables["hands"]["dealt"].sum() == 240_000


def test_aa_heads_up_within_4_stderr_of_exact():
    exact_equity = Fraction(893604787, 1048786200)  # pyeval.equity("holdem", ["AsAh", "random"], method="exact")
    exact_win = Fraction(1781508418, 2097572400)
    if FULL:
        e = pyeval.equity("holdem", ["AsAh", "random"], method="exact")
        assert e.fractions[0] == exact_equity and Fraction(int(e.wins[0]), e.outcomes) == exact_win
    r = pyeval.simulate("holdem", 2, 2_000_000, seed=7, progress=False)
    aa = r.tables["hands"][r.tables["hands"]["hand"] == "AA"][0]
    assert abs(aa["equity"] - float(exact_equity)) < 4 * aa["stderr"], (aa, float(exact_equity))
    p = float(exact_win)
    assert abs(aa["win"] - p) < 4 * math.sqrt(p * (1 - p) / aa["dealt"])


SEVEN_CARD_COUNTS = {  # all 133,784,560 7-card hands
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184, "flush": 4_047_644,
    "straight": 6_180_020, "three of a kind": 6_461_620, "two pair": 31_433_400, "one pair": 58_627_800,
    "high card": 23_294_460,
}


def test_seven_card_category_frequencies():
    assert sum(SEVEN_CARD_COUNTS.values()) == math.comb(52, 7)
    r = pyeval.simulate("holdem", 1, 4_000_000, seed=13, study="categories", progress=False)
    t = r.tables["categories"]
    assert t["hands"].sum() == 4_000_000 and (t["hands"] == t["winning"]).all()
    for row in t:
        p = SEVEN_CARD_COUNTS[row["category"]] / math.comb(52, 7)
        assert abs(row["frequency"] - p) < 4 * math.sqrt(p * (1 - p) / 4_000_000), (row, p)


def test_low_possible_matches_combinatorics():
    # P(a 5-card board holds 3+ distinct ranks among A-8), exactly: k distinct low ranks from
    # m low cards (inclusion-exclusion over uncovered ranks), the rest from the 20 other cards
    def boards(k):
        cover = sum(math.comb(8, k) * sum((-1) ** j * math.comb(k, j) * math.comb(4 * (k - j), m)
                                          for j in range(k + 1)) * math.comb(20, 5 - m) for m in range(k, 6))
        return cover

    assert sum(boards(k) for k in range(6)) == math.comb(52, 5)
    p = sum(boards(k) for k in range(3, 6)) / math.comb(52, 5)
    r = pyeval.simulate("omaha-hilo", 2, 400_000, seed=17, study="hilo", progress=False)
    row = r.tables["hilo"][r.tables["hilo"]["statistic"] == "low possible"][0]
    assert row["of"] == 400_000
    assert abs(row["frequency"] - p) < 4 * math.sqrt(p * (1 - p) / 400_000), (row, p)
    made = r.tables["hilo"][r.tables["hilo"]["statistic"] == "low made"][0]
    assert made["count"] <= row["count"]


def test_hilo_and_low_categories_agree_with_showdown():
    hole, board = pyeval.deal("omaha-hilo", 3, 30_000, seed=21, chunk=0)
    s = pyeval.showdown("omaha-hilo", hole, board)
    r = pyeval.simulate("omaha-hilo", 3, 30_000, seed=21, study=["hilo", "categories"], progress=False)
    h = {row["statistic"]: row for row in r.tables["hilo"]}
    made = (s.low > 0).any(axis=1)
    assert h["low made"]["count"] == made.sum()
    assert h["scoop"]["count"] == s.scoops.any(axis=1).sum()
    assert h["scoop with a low made"]["count"] == (s.scoops.any(axis=1) & made).sum()
    assert h["hands with a low"]["count"] == (s.low > 0).sum()
    lows = r.tables["low-categories"]
    assert lows["hands"].sum() == 90_000 and lows[lows["category"] == "no low"]["hands"][0] == (s.low == 0).sum()
    cats = r.tables["categories"]
    assert cats["winning"].sum() == 30_000
    want = np.bincount(np.searchsorted([1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453], s.high.max(axis=1),
                                       side="right") - 1, minlength=9)
    assert (cats["winning"] == want).all()


def test_known_cards_in_studies():
    r = pyeval.simulate("holdem", 2, 100_000, seed=3, hands=["AsAh"], progress=False)
    t = r.tables["hands"]
    aa = t[t["hand"] == "AA"][0]
    assert aa["dealt"] >= 100_000  # seat 1 always, seat 2 sometimes (one combination left)
    e = pyeval.equity("holdem", ["AsAh", "random"], method="monte-carlo", samples=200_000, seed=1)
    assert abs(aa["equity"] - e.equity[0]) < 4 * math.hypot(aa["stderr"], e.stderr[0])


@pytest.mark.parametrize("kwargs, message", [
    (dict(game="stud", players=4, study="starting-hands"), "board games"),
    (dict(game="holdem", players=4, study="hilo"), "hi/lo games"),
    (dict(game="holdem", players=4, study="nope"), "unknown study"),
    (dict(game="holdem", players=1, study="starting-hands"), "at least 2 players"),
    (dict(game="holdem", players=4, deals=0), "deals must be"),
    (dict(game="holdem", players=4, seed=-1), "seed"),
    (dict(game="omaha6", players=4, study="starting-hands"), "up to 5 hole cards"),
])
def test_simulate_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pyeval.simulate(**{"deals": 1000, "progress": False, **kwargs})


# --------------------------------------------------------------------------------------------
# results, CLI, progress, interruption, memory


def test_save_and_load(tmp_path):
    r = pyeval.simulate("omaha-hilo", 3, 20_000, seed=1, study=["starting-hands", "hilo"], progress=False)
    r.to_csv(tmp_path / "t.csv")
    r.to_csv(tmp_path / "h.csv", "hilo")
    assert (tmp_path / "t.csv").read_text() == r.csv()
    assert (tmp_path / "h.csv").read_text().startswith("statistic,count,of,frequency,stderr\n")
    r.save(tmp_path / "r.npz")
    back = sim.SimulationResult.load(tmp_path / "r.npz")
    assert back.seed == 1 and back.outcomes == 20_000 and back.studies == r.studies
    for name in r.tables:
        assert back.csv(name) == r.csv(name)
    d = r.to_dict()
    assert d["tables"]["hands"][0]["hand"] == r.table["hand"][0] and "AsAh" in repr(r)


def test_cli_writes_the_same_table(tmp_path, capsys):
    out = tmp_path / "table.csv"
    code = cli_main(["simulate", "holdem", "--players", "3", "--deals", "300K", "--seed", "1", "--out", str(out),
                     "--no-progress"])
    assert code == 0
    r = pyeval.simulate("holdem", 3, 300_000, seed=1, progress=False)
    assert out.read_text() == r.csv()
    assert (tmp_path / "table.features.csv").read_text() == r.csv("features")
    printed = capsys.readouterr()
    assert "AA" in printed.out and "wrote" in printed.err


def test_progress_bar(capsys):
    pyeval.simulate("holdem", 2, 100_000, seed=1, progress=True, chunk_size=25_000)
    err = capsys.readouterr().err
    assert "100k/100k" in err.replace(" ", "").lower() or "100000/100000" in err.replace(" ", "")
    pyeval.simulate("holdem", 2, 100_000, seed=1, progress=False)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("how", ["sigint", "keyboard-interrupt"])
def test_ctrl_c_returns_finished_chunks(monkeypatch, threads, how, capsys):
    calls = []
    real = sim.merge

    def merge(total, part):
        calls.append(1)
        if how == "keyboard-interrupt" and len(calls) == 3:
            raise KeyboardInterrupt  # as a second Ctrl-C would, before this chunk is counted
        real(total, part)
        if how == "sigint" and len(calls) == 2:
            os.kill(os.getpid(), signal.SIGINT)  # a first Ctrl-C: wind down, keep what finished

    monkeypatch.setattr(sim, "merge", merge)
    r = pyeval.simulate("holdem", 3, 1_000_000, seed=1, chunk_size=50_000, threads=threads, progress=False)
    assert r.interrupted and r.requested == 1_000_000 and r.outcomes < 1_000_000
    assert r.outcomes == 50_000 * len(r.chunks_done) and r.table["dealt"].sum() == 3 * r.outcomes
    assert len(r.chunks_done) == 2 if threads == 1 else len(r.chunks_done) >= 2
    assert "interrupted" in capsys.readouterr().err and "interrupted" in repr(r)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    # the finished chunks are exactly those of an uninterrupted run
    full = pyeval.simulate("holdem", 3, 1_000_000, seed=1, chunk_size=50_000, threads=1, progress=False,
                           study="starting-hands")
    assert r.chunks_done and set(r.chunks_done) <= set(full.chunks_done)


def test_sigint_stops_the_cli(tmp_path):
    out = tmp_path / "t.csv"
    proc = subprocess.Popen([sys.executable, "-m", "pyeval.cli", "simulate", "holdem", "--deals", "40G", "--seed",
                             "1", "--out", str(out), "--threads", "2", "--progress"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = os.read(proc.stderr.fileno(), 1)  # the progress bar appears: the run has started
    assert first, proc.communicate()
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr.decode()
    assert b"pyeval: interrupted: " in stderr and f"wrote {out}".encode() in stderr and out.exists()
    first, header = out.read_text().splitlines()[:2]
    assert first.startswith("# partial: interrupted, ") and header.startswith("hand,combos,dealt,")
    assert b"deals in" in stdout


MEMORY_SCRIPT = textwrap.dedent("""
    import resource, sys
    import pyeval
    pyeval.simulate("holdem", 6, 300_000, seed=1, progress=False)  # warm-up: compile, class tables
    r = pyeval.simulate("holdem", 6, int(sys.argv[1]), seed=1, progress=False)
    assert r.outcomes == int(sys.argv[1])
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
""")


def _peak_rss_kb(deals: int) -> int:
    out = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(deals)], capture_output=True, text=True,
                         check=True)
    return int(out.stdout.split()[-1])


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_memory_does_not_grow_with_deals():
    big = 100_000_000 if FULL else 16_000_000
    small, large = _peak_rss_kb(1_000_000), _peak_rss_kb(big)
    assert large <= 1.2 * small, (small, large)


# -- issue 17, item 7 -------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["holdem", "omaha-hilo", "stud", "holdem-double-board"])
def test_showdown_of_zero_deals_returns_empty_arrays(game):
    """It used to fail reshaping a size-0 array."""
    hole, board = pyeval.deal(game, players=3, deals=0, seed=1)
    s = pyeval.showdown(game, hole, board if board.shape[-1] else None)
    assert s.units.shape == (0, 3) and s.shares.shape == (0, 3) and s.winners.shape == (0, 3)
    assert s.high.shape[0] == 0 and (s.low is None) == (pyeval.get_game(game).low is None)


def test_showdown_in_chunks_is_the_same_as_at_once(monkeypatch):
    deal_module = importlib.import_module("pyeval.sim.deal")  # the module (pyeval.deal is the function)
    hole, board = pyeval.deal("omaha-hilo", players=4, deals=5_000, seed=4)
    whole = pyeval.showdown("omaha-hilo", hole, board)
    monkeypatch.setattr(deal_module, "SHOWDOWN_CHUNK", 777)
    parts = pyeval.showdown("omaha-hilo", hole, board)
    for name in ("high", "low", "units", "shares", "winners", "scoops"):
        assert np.array_equal(getattr(whole, name), getattr(parts, name)), name
    bad = hole.copy()
    bad[4_000, 1, 0] = bad[4_000, 0, 0]
    with pytest.raises(ValueError, match="deal 4000: duplicate card"):
        pyeval.showdown("omaha-hilo", bad, board)


SHOWDOWN_MEMORY = textwrap.dedent("""
    import resource, pyeval
    hole, board = pyeval.deal("holdem", players=6, deals=4_000_000, seed=1)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    s = pyeval.showdown("holdem", hole, board)
    result = sum(a.nbytes for a in (s.high, s.units, s.shares, s.winners, s.scoops))
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - base * 1024, result)
""")


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_showdown_memory_is_its_result():
    """4 million six-handed deals: the result is 504 MB; the call used to take 300 MB more
    (whole-batch temporaries), now it works in chunks."""
    out = subprocess.run([sys.executable, "-c", SHOWDOWN_MEMORY], capture_output=True, text=True, check=True)
    extra, result = (int(x) for x in out.stdout.split())
    assert extra <= result + 100 * 2**20, (extra / 2**20, result / 2**20)


def test_cli_refuses_to_overwrite_out_without_force(tmp_path, capsys):
    out = tmp_path / "table.csv"
    out.write_text("precious\n")
    argv = ["simulate", "holdem", "--players", "3", "--deals", "50K", "--seed", "1", "--out", str(out),
            "--no-progress"]
    assert cli_main(argv) == 2
    assert "exists; add --force" in capsys.readouterr().err and out.read_text() == "precious\n"
    assert cli_main(argv + ["--force"]) == 0
    assert out.read_text() == pyeval.simulate("holdem", 3, 50_000, seed=1, progress=False).csv()
    (tmp_path / "other.features.csv").write_text("keep\n")  # a second table of a new --out path
    assert cli_main(argv[:-3] + ["--out", str(tmp_path / "other.csv"), "--no-progress"]) == 2
    assert (tmp_path / "other.features.csv").read_text() == "keep\n"


def test_cli_marks_a_partial_csv(tmp_path, monkeypatch, capsys):
    real, calls = sim.merge, []

    def merge(total, part):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(total, part)

    monkeypatch.setattr(sim, "merge", merge)
    out = tmp_path / "t.csv"
    code = cli_main(["simulate", "holdem", "--players", "3", "--deals", "1M", "--seed", "1", "--threads", "1",
                     "--out", str(out), "--no-progress"])
    assert code == 130
    lines = out.read_text().splitlines()
    assert lines[0] == "# partial: interrupted, 524,288 of 1,000,000 deals (seed 1)"
    assert lines[1].startswith("hand,combos,dealt,")
    err = capsys.readouterr().err
    assert f"wrote {out}" in err and "pyeval: interrupted: 524,288 of 1,000,000 deals (seed 1)" in err


def test_cli_unreachable_scheduler_is_a_clear_error(monkeypatch, capsys):
    import socket

    import pyeval.cli.simulate as cli_simulate

    pytest.importorskip("distributed")
    with socket.socket() as s:  # a loopback port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setattr(cli_simulate, "SCHEDULER_TIMEOUT", 2.0)
    start = time.perf_counter()
    code = cli_main(["simulate", "holdem", "--deals", "10K", "--scheduler", f"tcp://127.0.0.1:{port}",
                     "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2 and f"--scheduler tcp://127.0.0.1:{port}: no Dask scheduler answered within 2 s" in err, err
    assert "Traceback" not in err and time.perf_counter() - start < 20


# ---------------------------------------------------------------------------
# the default study suits the game (issue 13)
# ---------------------------------------------------------------------------

# Seven-card high hands (the best five of seven), published frequencies (C(52,7) hands).
SEVEN_CARD = {"high card": 23294460, "one pair": 58627800, "two pair": 31433400, "three of a kind": 6461620,
              "straight": 6180020, "flush": 4047644, "full house": 3473184, "four of a kind": 224848,
              "straight flush": 41584}


def test_default_study_without_a_board_is_categories():
    r = pyeval.simulate("stud", 4, 200_000, seed=2, progress=False)
    assert r.studies == ("categories",)
    t = r.table
    total = sum(SEVEN_CARD.values())
    assert total == 133_784_560
    for row in t:
        want = SEVEN_CARD[row["category"]] / total
        se = np.sqrt(want * (1 - want) / r.outcomes)  # as if one hand per deal: the 4 hands of a deal are dependent
        assert abs(row["frequency"] - want) < 5 * se + 1e-9, (row, want)
    assert pyeval.simulate("holdem", 2, 20_000, seed=1, progress=False).studies == ("starting-hands",)


def test_razz_categories_against_the_reference():
    """Once: "the starting-hands study is for board games"."""
    import reference as R
    from conftest import random_hands

    r = pyeval.simulate("razz", 4, 50_000, seed=3, progress=False)
    assert r.studies == ("categories",)
    names = {0: "no pair", 1: "one pair", 2: "two pair", 3: "three of a kind", 6: "full house", 7: "four of a kind"}
    hands = random_hands(20_000, 7, seed=3)
    ref = [names[-R.razz_key(h)[0]] for h in hands.tolist()]
    for row in r.table:
        p_ref = ref.count(row["category"]) / len(ref)
        se = np.sqrt(p_ref * (1 - p_ref) / len(ref)) + row["stderr"] * 2  # players share a deal: x2
        assert abs(row["frequency"] - p_ref) < 5 * se + 1e-4, (row, p_ref)


def test_cli_simulate_razz():
    from cli_run import pyeval_cli

    proc = pyeval_cli("simulate", "razz", "--players", "4", "--deals", "100k", "--seed", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    d = json.loads(proc.stdout)
    assert d["studies"] == ["categories"] and d["tables"]["categories"][0]["category"] == "no pair"


# ---------------------------------------------------------------------------------------------
# A count of deals past the bound is refused at once, with what it would cost (issue 38, item 3)


@pytest.mark.parametrize("deals", [MAX_SAMPLES + 1, 10**100])
def test_deals_past_the_bound_are_refused_with_the_estimate(deals):
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match=r"deals must be at most 50,000,000,000 .*about .* (hours|days|years)"):
        pyeval.simulate("holdem", 2, deals, seed=1)
    assert time.perf_counter() - t0 < 5


def test_deals_at_the_bound_are_planned():
    from pyeval.sim.simulate import make_plan

    assert make_plan("holdem", 2, MAX_SAMPLES, seed=1).deals == MAX_SAMPLES


def test_cli_refuses_a_googol_of_deals():
    from cli_run import error_line, pyeval_cli

    line = error_line(pyeval_cli("simulate", "holdem", "--deals", "1e100", timeout=60))
    assert "--deals must be at most 50,000,000,000" in line and "years" in line, line
