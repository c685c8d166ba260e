"""``pyeval.flop_report`` (issue 42): two ranges on every flop.

The references are independent of the flop kernels: the suit-isomorphism classes are rebuilt
here by brute force over the 22,100 flops, the probabilities by enumerating every (hero,
villain, flop) deal in plain Python, a flop's equity by ``pyeval.equity`` on that flop (the range
engine, another path) and by a plain-Python showdown (tests/reference.py), the classes and
buckets by ``range_breakdown`` and ``combo_equities``; and the probability-weighted mean over all
flops must be ``pyeval.equity`` of the two ranges preflop, exactly."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest
import reference as ref  # tests/reference.py: plain Python, shares no code with pyeval
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.analysis.flops import flop_report
from pyeval.analysis.flops.texture import texture
from pyeval.core.cards import parse_cards

HERO = "AA,KK,AKs,T9s,76s"
VILLAIN = "QQ-99,AQs,KQo,J9s"


@pytest.fixture(scope="module")
def report():
    return flop_report(HERO, VILLAIN)


def _orbit(flop: tuple[int, ...]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(4 * (c >> 2) + p[c & 3] for c in flop) for p in permutations(range(4)))


def test_the_rows_are_the_suit_isomorphism_classes_of_the_22100_flops(report):
    orbits: dict[frozenset, int] = {}
    for flop in combinations(range(52), 3):
        o = _orbit(flop)
        orbits[o] = orbits.get(o, 0) + 1
    assert len(orbits) == 1755 and sum(orbits.values()) == 22100
    assert len(report) == 1755 and int(report.weights.sum()) == 22100
    by_rep = {_orbit(tuple(int(c) for c in cards)): int(w) for cards, w in zip(report.cards, report.weights)}
    assert by_rep == orbits  # each row stands for one whole orbit, its weight the orbit's size
    assert sorted(set(report.weights.tolist())) == [4, 12, 24]


def _masks(text: str) -> list[tuple[int, int]]:
    r = pyeval.parse_range(text)
    return [(sum(1 << int(c) for c in combo), 1) for combo in r.combos]


def test_probability_is_the_share_of_deals_with_card_removal(report):
    """Enumerated: every hero combo, villain combo and flop, all disjoint; a class's probability
    is its flops' share of those deals (the turn and river then always leave as many)."""
    hero, villain = _masks(HERO), _masks(VILLAIN)
    pairs: dict[int, int] = {}
    for a, _ in hero:
        for b, _ in villain:
            if not a & b:
                pairs[a | b] = pairs.get(a | b, 0) + 1
    flop_masks = [sum(1 << int(c) for c in cards) for cards in report.cards]
    rows = random.Random(7).sample(range(len(report)), 25)
    raw = {_orbit(tuple(int(c) for c in report.cards[i])): i for i in rows}
    counts = dict.fromkeys(rows, 0)
    used = np.array(list(pairs), np.uint64)
    times = np.array(list(pairs.values()), np.int64)
    total = 0
    for flop in combinations(range(52), 3):
        m = np.uint64((1 << flop[0]) | (1 << flop[1]) | (1 << flop[2]))
        n = int(times[(used & m) == 0].sum())
        total += n
        i = raw.get(_orbit(flop))
        if i is not None:
            counts[i] += n
    assert flop_masks  # the report's own rows, not recounted
    for i in rows:
        assert report.probability[i] == pytest.approx(counts[i] / total, rel=1e-12, abs=0)


def test_the_weighted_mean_is_the_preflop_equity_exactly(report):
    pre = pyeval.equity("holdem", [HERO, VILLAIN], method="exact")
    assert report.mean_fraction == pre.fractions[0]
    assert report.mean[0] == pytest.approx(float(pre.fractions[0]), abs=1e-12)
    assert "(equal, exactly)" in repr(report)


@pytest.mark.parametrize("row", [0, 17, 400, 901, 1300, 1754])
def test_a_flop_equals_the_range_engine_combo_equities_and_breakdown(report, row):
    flop = report.flops[row]
    e = pyeval.equity("holdem", [HERO, VILLAIN], board=flop, method="exact")
    assert report.equity_fractions(0)[row] == e.fractions[0]
    assert report.equity_fractions(1)[row] == e.fractions[1]
    for side, (mine, theirs) in enumerate(zip(report.counts, e.combo_tally)):
        r = e.ranges[side]
        full = pyeval.parse_range((HERO, VILLAIN)[side])
        where = {frozenset(c.tolist()): i for i, c in enumerate(full.combos)}
        idx = [where[frozenset(c.tolist())] for c in r.combos]
        for name in ("wins", "ties", "outcomes", "units"):
            assert np.asarray(getattr(mine, name))[row, idx].tolist() == np.asarray(getattr(theirs, name)).tolist()
    ce = pyeval.combo_equities("holdem", HERO, VILLAIN, board=flop, method="exact")
    assert report.buckets(0)[row].tolist() == pytest.approx([s for _, _, s in ce.buckets()], abs=1e-12)
    ce_v = pyeval.combo_equities("holdem", VILLAIN, HERO, board=flop, method="exact")
    assert report.buckets(1)[row].tolist() == pytest.approx([s for _, _, s in ce_v.buckets()], abs=1e-12)
    nuts = sum(p for p, q in zip(ce.prob, ce.equity) if q > 0.8)
    assert report.nut_advantage()[row, 0] == pytest.approx(nuts, abs=1e-12)
    b = pyeval.range_breakdown("holdem", HERO, flop)
    shares = dict(zip(report.classes, report.class_shares[0][row]))
    assert shares == pytest.approx({name: b.share(name) for name in b.classes}, abs=1e-12)


def test_an_isomorphic_raw_flop_gives_the_same_row(report):
    rng = random.Random(3)
    for row in rng.sample(range(len(report)), 4):
        sigma = list(rng.choice(list(permutations(range(4)))))
        raw = [4 * (int(c) >> 2) + sigma[int(c) & 3] for c in report.cards[row]]
        text = " ".join(ref.card_text(c) for c in raw)
        assert pyeval.equity("holdem", [HERO, VILLAIN], board=text).fractions[0] == report.equity_fractions()[row]
        given = flop_report(HERO, VILLAIN, flops=[text])
        assert given.equity_fractions()[0] == report.equity_fractions()[row]
        assert given.class_shares[0][0].tolist() == pytest.approx(report.class_shares[0][row].tolist())


def _showdown_units(hero: list[str], villain: list[str], flop: str) -> Fraction:
    """Plain Python: hero's share over every turn and river and every disjoint pair of combos."""
    board = ref.cards(flop)
    won = total = 0
    for h in hero:
        for v in villain:
            hc, vc = ref.cards(h), ref.cards(v)
            used = set(hc) | set(vc) | set(board)
            if len(used) != 7:
                continue
            for t, r in combinations([c for c in range(52) if c not in used], 2):
                kh, kv = ref.high_key(hc + board + [t, r]), ref.high_key(vc + board + [t, r])
                won += 2 if kh > kv else 1 if kh == kv else 0
                total += 2
    return Fraction(won, total)


def test_a_flop_against_a_plain_python_showdown():
    hero, villain = ["As Ks", "7h 6h"], ["Qd Qc", "Jh 9h"]
    r = flop_report("AsKs,7h6h", "QdQc,Jh9h", flops=["Qh 8h 2c"])
    assert r.equity_fractions()[0] == _showdown_units(hero, villain, "Qh 8h 2c")


def test_ranges_that_name_suits_keep_fewer_symmetries_and_stay_exact():
    r = flop_report("AsKs,QQ", "JJ,T9s", classes=False)
    assert len(r) > 1755 and int(r.weights.sum()) == 22100
    assert r.mean_fraction == pyeval.equity("holdem", ["AsKs,QQ", "JJ,T9s"], method="exact").fractions[0]


def test_weights_far_apart_take_the_flop_by_flop_path_with_the_same_answer():
    hero = "AA:0.123457,KK,QQ:0.5"
    r = flop_report(hero, "JJ,AKs", flops=["Ks 8d 2c", "Ah Jh Th"])
    for i, flop in enumerate(r.flops):
        assert r.equity_fractions()[i] == pyeval.equity("holdem", [hero, "JJ,AKs"], board=flop).fractions[0]


def test_dead_cards_and_short_deck():
    r = flop_report("AA,KQs", "JJ,T9s", dead="As 2c", classes=False)
    assert int(r.weights.sum()) == 50 * 49 * 48 // 6
    assert r.mean_fraction == pyeval.equity("holdem", ["AA,KQs", "JJ,T9s"], dead="As 2c").fractions[0]
    s = flop_report("AA,KQs", "JJ,T9s", game="shortdeck", classes=False)
    assert int(s.weights.sum()) == 36 * 35 * 34 // 6
    assert s.mean_fraction == pyeval.equity("shortdeck", ["AA,KQs", "JJ,T9s"], method="exact").fractions[0]
    row = 123
    assert s.equity_fractions()[row] == pyeval.equity("shortdeck", ["AA,KQs", "JJ,T9s"],
                                                      board=s.flops[row]).fractions[0]
    straight = flop_report("AA,KQs", "JJ,T9s", game="shortdeck-straight", flops=["Ts 9d 6c"])
    assert straight.equity_fractions()[0] == pyeval.equity("shortdeck-straight", ["AA,KQs", "JJ,T9s"],
                                                           board="Ts 9d 6c").fractions[0]


def test_texture():
    cases = {"As Kd 7c": ("rainbow", "unpaired", "A", "no straight possible", "A-high rainbow dry"),
             "9h 8h 7d": ("two-tone", "unpaired", "9", "connected", "middle two-tone wet"),
             "Qs Ts 8s": ("monotone", "unpaired", "Q", "straight possible", "monotone"),
             "Kh Kd 4c": ("rainbow", "paired", "K", "no straight possible", "paired"),
             "Ah 2d 3c": ("rainbow", "unpaired", "A", "connected", "A-high rainbow wet"),
             "5s 5h 5d": ("rainbow", "trips", "5", "no straight possible", "trips")}
    for flop, want in cases.items():
        got = texture(parse_cards(flop), 0)
        assert (got["suits"], got["pairing"], got["high"], got["connectedness"], got["group"]) == want, flop
    assert texture(parse_cards("Ah 6d 7c"), 16)["connectedness"] == "connected"  # short deck: A-6-7-8-9


def test_by_texture_aggregates_by_probability(report):
    g = report.by("suits")
    rows = g.nested_rows()
    assert {r["suits"] for r in rows} == {"rainbow", "two-tone", "monotone"}
    assert sum(r["probability"] for r in rows) == pytest.approx(1.0)
    assert sum(r["raw_flops"] for r in rows) == 22100
    mean = sum(r["probability"] * r["equity"]["hero"] for r in rows)
    assert mean == pytest.approx(report.mean[0], abs=1e-12)
    assert [r["group"] for r in report.by("group").nested_rows()]
    with pytest.raises(ValueError, match="texture column"):
        report.by("colour")


def test_rows_and_protocol(report):
    rows = report.nested_rows()
    assert set(rows[0]) >= {"flop", "weight", "probability", "equity", "classes", "buckets", "suits", "pairing",
                            "high", "connectedness", "group"}
    assert rows[0]["flop"] == report.flops[0] and rows[0]["flop"].count(" ") == 2
    flat = report.rows()
    assert flat[0]["equity.hero"] == rows[0]["equity"]["hero"] and "classes.villain.set" in flat[0]
    assert report.to_csv().splitlines()[0].split(",")[:4] == ["flop", "weight", "probability", "equity.hero"]
    data = json.loads(report.to_json())
    assert data["mean_equity_fraction"] == [report.mean_fraction.numerator, report.mean_fraction.denominator]
    assert len(data["rows"]) == 1755
    assert report == flop_report(HERO, VILLAIN)
    assert len(repr(report)) < 3000


def test_progress_reports_every_job_and_a_flop_without_deals_has_none():
    seen = []
    r = flop_report("AA", "KK", classes=False, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]
    row = r.flops.index("As Ah Ad")  # no two aces left for hero
    assert r.probability[row] == 0 and np.isnan(r.equity[row, 0])
    assert r.mean_fraction == pyeval.equity("holdem", ["AA", "KK"], method="exact").fractions[0]
    assert json.loads(r.to_json())["rows"][row]["equity"]["hero"] is None


@pytest.mark.parametrize("kwargs, error, match", [
    ({"game": "razz"}, ValueError, "flop_report is for"),
    ({"game": "omaha-hilo"}, ValueError, "flop_report is for"),
    ({"flops": ["As Kd"]}, ValueError, "3 cards"),
    ({"flops": ["As Kd 7c", "Kd As 7c"]}, ValueError, "twice"),
    ({"flops": "As Kd 7c"}, TypeError, "list of flops"),
    ({"flops": ["As As Kd"]}, ValueError, "duplicate"),
    ({"dead": "As", "flops": ["As Kd 7c"]}, ValueError, "duplicate card As"),
    ({"method": "monte-carlo"}, ValueError, "exact"),
    ({"method": "fast"}, ValueError, "method"),
    ({"client": object()}, TypeError, "client"),
])
def test_bad_input_is_refused_clearly(kwargs, error, match):
    with pytest.raises(error, match=match):
        flop_report("AA,KK", "QQ", **kwargs)


def test_bad_ranges_are_refused_clearly():
    with pytest.raises(ValueError, match="hero"):
        flop_report("AX", "QQ")
    with pytest.raises(TypeError, match="villain"):
        flop_report("AA", 7)
    with pytest.raises(ValueError, match="villain"):
        flop_report("AA", "AsAh", dead="As")


def test_on_a_dask_cluster_the_same_report():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0") as lc, \
            distributed.Client(lc) as client:
        on_cluster = flop_report("AA,KQs,T9s", "JJ,AQo,76s", client=client, classes=False)
    assert on_cluster == flop_report("AA,KQs,T9s", "JJ,AQo,76s", classes=False)


def test_omaha_is_sampled_with_standard_errors_and_a_seed():
    flops = ["As Kd 7c", "9h 8h 2c", "Ks Kh Kd"]
    r = flop_report("AAKK", "QQJJ,T987", game="omaha", flops=flops, samples=4000, seed=5)
    assert r.method == "monte-carlo" and r.seed == 5
    assert r == flop_report("AAKK", "QQJJ,T987", game="omaha", flops=flops, samples=4000, seed=5, threads=1)
    for i, flop in enumerate(flops[:2]):
        exact = pyeval.equity("omaha", ["AAKK", "QQJJ,T987"], board=flop, method="exact").equity[0]
        assert abs(r.equity[i, 0] - exact) < 5 * r.stderr[i, 0] + 1e-9
    assert r.probability[2] == 0 and np.isnan(r.equity[2, 0])  # no hero hand left on Ks Kh Kd
    b = pyeval.range_breakdown("omaha", "QQJJ,T987", flops[1])
    assert dict(zip(r.classes, r.class_shares[1][1])) == pytest.approx({n: b.share(n) for n in b.classes})


def test_command_line(tmp_path):
    from cli_run import error_line, pyeval_cli

    table, plot = tmp_path / "flops.csv", tmp_path / "flops.png"
    text = pyeval_cli("flops", "holdem", "AA,KK", "QQ", "--csv", str(table), "--plot", str(plot))
    assert text.returncode == 0 and "FlopReport(holdem, 'AA,KK' vs 'QQ'" in text.stdout and plot.stat().st_size > 0
    lines = table.read_text().splitlines()
    assert len(lines) == 1756 and lines[0].startswith("flop,weight,probability,equity.hero")
    js = pyeval_cli("flops", "holdem", "AA,KK", "QQ", "--dead", "2c", "--by", "suits", "--json")
    data = json.loads(js.stdout)
    assert js.returncode == 0 and data["by"] == "suits" and {r["suits"] for r in data["rows"]} == set(
        ["rainbow", "two-tone", "monotone"])
    assert "flop_report is for" in error_line(pyeval_cli("flops", "razz", "AA", "KK"))


CLASSES = ["AA", "KK", "QQ", "JJ", "TT", "77", "22", "AKs", "AQo", "KJs", "T9s", "87s", "65s", "A5s", "KQo", "J8o"]


@settings(max_examples=6, deadline=None)
@given(st.lists(st.sampled_from(CLASSES), min_size=1, max_size=4, unique=True),
       st.lists(st.sampled_from(CLASSES), min_size=1, max_size=4, unique=True),
       st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True),
       st.permutations(range(4)))
def test_any_ranges_on_any_flop_agree_with_the_range_engine(hero, villain, flop, sigma):
    """Property: a flop's row equals pyeval.equity on it, and on its image under a suit map."""
    h, v = ",".join(hero), ",".join(villain)
    text = " ".join(ref.card_text(c) for c in flop)
    image = " ".join(ref.card_text(4 * (c >> 2) + sigma[c & 3]) for c in flop)
    try:
        want = pyeval.equity("holdem", [h, v], board=text, method="exact")
    except ValueError:  # no deal on this flop: the report has no deal there either
        r = flop_report(h, v, flops=[text])
        assert r.probability[0] == 0 or np.isnan(r.probability[0])
        return
    r = flop_report(h, v, flops=[text, image] if image != text and set(image.split()) != set(text.split())
                    else [text])
    assert r.equity_fractions()[0] == want.fractions[0]
    assert r.equity_fractions()[-1] == want.fractions[0]


def test_the_c_kernels_refuse_what_the_python_layer_should_never_pass():
    from pyeval.engines.native.flop_sweep import flop_boards, flop_sweep

    combos = np.array([[51, 50], [47, 46]], np.uint8)
    one = np.ones(1, np.int64)
    none = -np.ones(1, np.int64)
    live = np.arange(52, dtype=np.uint8)
    ident = np.array([[0, 1, 2, 3]], np.uint8)
    classes = np.full(22100, -1, np.int32)
    ok = dict(high="high", live=live, perms=ident, combos=combos, n0=1, num0=one, num1=one, self0=none, self1=none,
              combo_perm=np.array([[0, 1]], np.int32), flop_class=classes, n_classes=1, part=0, parts=1)
    assert flop_boards(**ok).shape == (1, 2)
    bad = [{"perms": np.array([[1, 0, 2, 3]], np.uint8)},             # the identity is not first
           {"perms": np.array([[0, 1, 2, 3], [0, 0, 2, 3]], np.uint8),  # not a permutation
            "combo_perm": np.array([[0, 1], [0, 1]], np.int32)},
           {"live": np.arange(51, dtype=np.uint8)},                   # a combo outside the deck
           {"combo_perm": np.array([[1, 0]], np.int32)},              # an image in the other range
           {"flop_class": np.full(22100, 5, np.int32)},               # a class beyond n_classes
           {"self0": np.array([3], np.int64)},                        # a twin out of range
           {"part": 1}]
    for change in bad:
        with pytest.raises(ValueError, match="refused its arguments"):
            flop_boards(**{**ok, **change})
    with pytest.raises(ValueError, match="refused its arguments"):  # a flop card that is dead
        flop_sweep(np.array([[51, 0, 1]], np.uint8), "high", 0, 1 << 51, combos, 1, one, one, none, none)
    with pytest.raises(ValueError, match="flop kernels play"):
        flop_sweep(np.array([[2, 0, 1]], np.uint8), "razz", 0, 0, combos, 1, one, one, none, none)


def test_plots(tmp_path):
    pytest.importorskip("matplotlib")
    from pyeval.analysis.flops import plots

    r = flop_report("AA,KQs", "JJ,T9s", flops=["As Kd 7c", "9h 8h 2c", "Qs Qd 4h", "7s 6s 2s"])
    for draw in (plots.flops_by_equity, plots.equity_heatmap, plots.class_shares):
        path = tmp_path / f"{draw.__name__}.png"
        fig = draw(r, str(path))
        assert path.stat().st_size > 0 and fig.axes
