"""Push/fold equilibria (issue 31): the combo-pair table against the engine and preflop.npz, the
solver's exploitability against a best response written here (plain numpy over the 1,326 combos,
none of the solver's code), EVs against ``pyeval.equity`` of the printed ranges, a toy game with
a closed form, and published Nash chart values.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import pyeval
from pyeval.analysis.pushfold.equities import BOARDS, class_pair_counts, combo_pair_counts
from pyeval.analysis.pushfold.solver import BilinearGame, solve
from pyeval.core.cards import format_cards
from pyeval.ranges import CLASS_NAMES, HOLDEM_COMBOS
from pyeval.ranges.classes import COMBO_CLASS
from pyeval.ranges.preflop import preflop_counts


def _engine(a: int, b: int) -> tuple[int, int]:
    r = pyeval.equity("holdem", [format_cards(HOLDEM_COMBOS[a]), format_cards(HOLDEM_COMBOS[b])], method="exact")
    return int(r.wins[0]), int(r.ties[0])


def _disjoint() -> np.ndarray:
    c = HOLDEM_COMBOS.astype(np.int64)
    bits = (np.int64(1) << c[:, 0]) | (np.int64(1) << c[:, 1])
    return (bits[:, None] & bits[None, :]) == 0


# ---------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------


def test_combo_pairs_match_the_engine_on_a_random_sample():
    wins, ties = combo_pair_counts()
    rng = np.random.default_rng(31)
    disjoint = _disjoint()
    checked = 0
    while checked < 40:
        a, b = (int(x) for x in rng.integers(0, 1326, 2))
        if not disjoint[a, b]:
            assert wins[a, b] == ties[a, b] == 0
            continue
        assert (int(wins[a, b]), int(ties[a, b])) == _engine(a, b)
        checked += 1


def test_stored_representatives_match_the_engine():
    from pyeval.analysis.pushfold.equities import _table

    t = _table()
    assert len(t["key"]) == 47_008
    for k in np.random.default_rng(7).choice(len(t["key"]), 12, replace=False):
        key = int(t["key"][k])
        assert _engine(key // 1326, key % 1326) == (int(t["wins"][k]), int(t["ties"][k]))


def test_combo_pairs_sum_to_the_class_matrix_of_preflop_npz():
    """Two different computations (the engine per combo pair; tables/preflop.py's board sweep)."""
    wins, ties, pairs = class_pair_counts()
    c = preflop_counts()
    assert np.array_equal(wins, c["wins"]) and np.array_equal(ties, c["ties"])
    assert np.array_equal(pairs * BOARDS, c["total"])


def test_combo_pairs_are_consistent_both_ways():
    wins, ties = combo_pair_counts()
    disjoint = _disjoint()
    assert np.array_equal(ties, ties.T)
    assert np.array_equal((wins + wins.T + ties)[disjoint], np.full(disjoint.sum(), BOARDS))


# ---------------------------------------------------------------------------
# an independent best response over combos
# ---------------------------------------------------------------------------


def _values(stack: float, sb: float, bb: float, ante: float, payouts=None, others=None):
    """(SB, BB) value of fold, steal, win, tie, lose, written out here."""
    moves = {"fold": -(sb + ante), "steal": bb + ante, "win": stack, "tie": 0.0, "lose": -stack}
    if payouts is None:
        return {k: (d, -d) for k, d in moves.items()}
    out = {}
    for k, d in moves.items():
        chips = [stack + d, stack - d] + list(others)
        alive = [x for x in chips if x > 0]
        if len(alive) == len(chips):
            eq = list(pyeval.icm(chips, payouts).equity)
        else:  # one player busted: last place
            prizes = list(payouts) + [0.0] * len(chips)
            rest = list(pyeval.icm(alive, prizes[:len(alive)]).equity) if len(alive) > 1 else [prizes[0]]
            eq = [rest.pop(0) if x > 0 else prizes[len(chips) - 1] for x in chips]
        out[k] = (eq[0], eq[1])
    return out


EQUILIBRIUM_TOLERANCE = 1e-9
"""A gain per hand this close to zero counts as zero (float rounding; docs/pushfold.md)."""


def independent_class_gains(result, values) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(push shares, push gains, call shares, call gains) per combo: a combo's EV of saying yes
    minus no, per hand of that combo dealt, over the 1,326 x 1,225 deals, from the strategies as
    printed in the result's mappings."""
    wins, ties = combo_pair_counts()
    disjoint = _disjoint()
    w = np.where(disjoint, wins / BOARDS, 0.0)
    t = np.where(disjoint, ties / BOARDS, 0.0)
    lo = np.where(disjoint, 1.0 - w - t, 0.0)
    p = np.array([result.push[CLASS_NAMES[k]] for k in COMBO_CLASS])
    c = np.array([result.call[CLASS_NAMES[k]] for k in COMBO_CLASS])
    sb = {k: v[0] for k, v in values.items()}
    bb = {k: v[1] for k, v in values.items()}
    showdown_sb = w * sb["win"] + t * sb["tie"] + lo * sb["lose"]
    push_gain = (disjoint * (1 - c)[None, :] * sb["steal"] + showdown_sb * c[None, :]).sum(axis=1) / 1225 - sb["fold"]
    showdown_bb = w * bb["win"] + t * bb["tie"] + lo * bb["lose"]
    pushed = disjoint * p[:, None] / 1225
    call_gain = (pushed * showdown_bb).sum(axis=0) - pushed.sum(axis=0) * bb["steal"]
    return p, push_gain, c, call_gain


def independent_gains(result, values) -> tuple[float, float]:
    """Each player's gain from a best response, per hand dealt."""
    p, g, c, h = independent_class_gains(result, values)
    return (float((np.maximum(g, 0) - p * g).sum() / 1326), float((np.maximum(h, 0) - c * h).sum() / 1326))


def assert_equilibrium(result, values, tolerance: float = EQUILIBRIUM_TOLERANCE) -> None:
    """Issue 36's equilibrium check: no combo with a negative gain has a share, none with a
    positive gain gives one up, so neither player gains by a best response (all beyond
    ``tolerance`` per hand)."""
    p, g, c, h = independent_class_gains(result, values)
    for who, share, gain in (("push", p, g), ("call", c, h)):
        losing = (share > 0) & (gain < -tolerance)
        assert not losing.any(), [(who, CLASS_NAMES[COMBO_CLASS[k]], share[k], gain[k])
                                  for k in np.flatnonzero(losing)]
        winning = (share < 1) & (gain > tolerance)
        assert not winning.any(), [(who, CLASS_NAMES[COMBO_CLASS[k]], share[k], gain[k])
                                   for k in np.flatnonzero(winning)]
    assert max(independent_gains(result, values)) <= tolerance


@pytest.mark.parametrize("stack, ante", [(3, 0.0), (10, 0.0), (20, 0.0), (8, 0.125)])
def test_chip_ev_exploitability_by_an_independent_best_response(stack, ante):
    r = pyeval.pushfold(stack, ante=ante)
    values = _values(stack, 0.5, 1.0, ante)
    assert_equilibrium(r, values)
    assert independent_gains(r, values) == pytest.approx(r.gains, abs=1e-9)


def test_icm_exploitability_by_an_independent_best_response():
    payouts, others = [50, 30, 20], [12]
    r = pyeval.pushfold(8, payouts=payouts, stacks=others)
    values = _values(8, 0.5, 1.0, 0.0, payouts, others)
    assert_equilibrium(r, values)
    assert independent_gains(r, values) == pytest.approx(r.gains, abs=1e-9)
    chip = pyeval.pushfold(8)
    # on the bubble a call risks more than it wins: the caller tightens, and the pusher widens
    assert r.call_share() < chip.call_share() and r.push_share() > chip.push_share()


def test_evs_agree_with_pyeval_equity_of_the_printed_ranges():
    stack = 10
    r = pyeval.pushfold(stack)
    push, call = pyeval.parse_range(r.push_range), pyeval.parse_range(r.call_range)
    eq = pyeval.equity("holdem", [r.push_range, r.call_range], method="exact").equity[0]
    p = np.zeros(1326)
    c = np.zeros(1326)
    for combo, weight in push.to_dict().items():
        p[_index(combo)] = weight
    for combo, weight in call.to_dict().items():
        c[_index(combo)] = weight
    p_push = p.sum() / 1326
    p_called = (p[:, None] * c[None, :] * _disjoint()).sum() / (1326 * 1225)
    ev = -(1 - p_push) * 0.5 + (p_push - p_called) * 1.0 + p_called * stack * (2 * eq - 1)
    # the texts round shares to 4 decimals: a share moves at most 5e-5 of one class
    assert ev == pytest.approx(r.ev_sb, abs=5e-5 * stack * 16 / 1326 * 2)
    assert r.ev_bb == pytest.approx(-r.ev_sb, abs=1e-12)


def _index(combo: str) -> int:
    from pyeval.ranges.classes import COMBO_INDEX

    a, b = pyeval.parse_cards(combo)
    return int(COMBO_INDEX[a, b])


def test_chip_ev_equals_icm_winner_take_all():
    chip = pyeval.pushfold(12)
    wta = pyeval.pushfold(12, payouts=[1.0], stacks=[])
    assert wta.model == "ICM" and chip.model == "chip EV"
    for name in CLASS_NAMES:
        assert wta.push[name] == pytest.approx(chip.push[name], abs=1e-6)
        assert wta.call[name] == pytest.approx(chip.call[name], abs=1e-6)
    # a chip is worth 1 / 24 of the prize: equity = (stack + chip EV) / (2 stack)
    assert wta.ev_sb == pytest.approx((12 + chip.ev_sb) / 24, abs=1e-9)


def test_known_properties():
    short = pyeval.pushfold(1)
    assert short.push_share() > 0.99
    assert pyeval.pushfold(1.3).push_share() == 1.0  # any two at 1.4 BB and below (published charts)
    deep = pyeval.pushfold(20)
    assert 0.35 < deep.push_share() < 0.45 and deep.push["72o"] == 0 and deep.push["AA"] == 1
    assert deep.call_share() < deep.push_share()
    r = pyeval.pushfold(10)
    assert 0.55 < r.push_share() < 0.60  # published: about 58% at 10 BB


# Published heads-up Nash push/fold chart, no ante (HoldemResources.net "HU Push/Fold Nash charts",
# http://www.holdemresources.net/h/poker-theory/hune/usage.html, and its chart as copied on
# third-party pages): the largest effective stack at which the hand is pushed (called).
PUBLISHED_PUSH = {"K2s": 19.3, "Q3s": 13.5, "J4s": 13.5, "T3s": 7.7, "95s": 14.4, "93s": 4.9, "K7o": 16.1,
                  "Q7o": 10.3, "J7o": 8.5, "K4o": 13.1, "T4o": 3.8, "72o": 1.6, "32o": 1.4, "Q2s": 12.7}
PUBLISHED_CALL = {"Q2o": 5.6}


def test_published_chart_values():
    """On a 0.1 BB grid around each published value, the largest stack at which we play the hand
    is within 0.1 BB of it.  (Near indifference the equilibrium can drop a hand for a tenth or
    two below that stack, as T3s at 7.6 and 93s at 4.65 do: exactly, by the independent best
    response too; some offsuit kings and queens differ from the published chart by up to 0.6 BB
    and are left out: docs/pushfold.md.)"""
    cache: dict[float, object] = {}

    def solved(d: float):
        d = round(d, 1)
        if d not in cache:
            cache[d] = pyeval.pushfold(d)
        return cache[d]

    for table, side in ((PUBLISHED_PUSH, "push"), (PUBLISHED_CALL, "call")):
        for name, depth in table.items():
            grid = [round(depth + k / 10, 1) for k in range(-3, 4) if depth + k / 10 >= 1]
            largest = max((d for d in grid if getattr(solved(d), side)[name] > 0), default=None)
            assert largest is not None and abs(largest - depth) <= 0.1 + 1e-9, (name, side, depth, largest)
    # 63s: published as pushed from 5.1 to 7.1 BB and below 2.3 BB, folded between
    assert solved(6.5).push["63s"] > 0 and solved(3.5).push["63s"] == 0 and solved(2.0).push["63s"] > 0


# ---------------------------------------------------------------------------
# a toy game with a closed form: the [0, 1] jam-or-fold game (The Mathematics of Poker)
# ---------------------------------------------------------------------------


def test_the_solver_on_the_jam_or_fold_game_on_the_unit_interval():
    """Hands uniform on [0, 1], the lower hand wins; stacks S before the blinds s and b.  Closed
    form: the caller calls with the best y = (b + s) / (b + S), the jammer's value is
    (1 - y)(y b - s); the jammer jams every hand better than y and, in all, the best
    x = 2 S y / (S + b) (hands between y and 1 are indifferent).  Solved on n equal hands."""
    n, stack, s, b = 400, 4.0, 0.5, 1.0
    v = (np.arange(n) + 0.5) / n
    deal = np.full((n, n), 1.0 / (n * n))
    outcome = np.sign(v[None, :] - v[:, None])  # +1: the jammer (row) has the lower hand
    showdown = stack * outcome
    game = BilinearGame(a1=deal.sum(axis=1) * (b + s), G1=deal * (showdown - b), a2=-deal.sum(axis=1) * (b + s),
                        G2=deal * (-showdown + b), k1=-s, k2=s)
    found = solve(game, 1e-9)
    y = (b + s) / (b + stack)
    value = (1 - y) * (y * b - s)
    assert found.exploitability <= 1e-9
    assert game.values(found.push, found.call)[0] == pytest.approx(value, abs=2 / n)
    assert found.call.sum() / n == pytest.approx(y, abs=2 / n)
    assert found.push.sum() / n == pytest.approx(2 * stack * y / (stack + b), abs=2 / n)
    assert found.push[v < y - 2 / n].min() == 1.0


# ---------------------------------------------------------------------------
# the result, the chart, bad input
# ---------------------------------------------------------------------------


def test_result_protocol():
    r = pyeval.pushfold(7, ante=0.1)
    rows = r.rows()
    assert len(rows) == 169 and rows[0]["class"] == "AA" and set(rows[0]) >= {"push", "call", "push_gain"}
    d = json.loads(r.to_json())
    assert d["model"] == "chip EV" and d["exploitability"] <= 1e-4 and len(d["rows"]) == 169
    assert r.to_csv().splitlines()[0].startswith("class,combos,push,call")
    assert r == pyeval.pushfold(7, ante=0.1)
    assert "SB pushes" in repr(r) and len(repr(r).splitlines()) == 4
    assert pyeval.parse_range(r.push_range).total_weight == pytest.approx(r.push_share() * 1326, abs=0.01)
    # the gains say why: pushed classes gain, folded ones lose
    for k, name in enumerate(CLASS_NAMES):
        if r.push[name] == 1:
            assert r.push_gain[k] >= -1e-9
        elif r.push[name] == 0:
            assert r.push_gain[k] <= 1e-9


def test_chart():
    c = pyeval.pushfold_chart([2, 4, 6, 8])
    assert c.push.shape == (169, 4) and c.exploitability.max() <= 1e-4
    k = CLASS_NAMES.index("AA")
    assert c.largest()[k] == 8 and c.label(c.largest()[k]) == "8+"
    assert c.intervals("AA") == [(2.0, 8.0)]
    assert math.isnan(c.largest("call")[CLASS_NAMES.index("72o")]) or c.largest("call")[CLASS_NAMES.index("72o")] < 8
    assert len(c.rows()) == 169 and "push_depths" in c.rows()[0]
    assert "small blind pushes" in repr(c)
    assert c.grid().shape == (13, 13)


# Issue 36 item 7: spots where the tolerance-stopped solve left shares on losing hands (K2o at
# 11.7 BB pushed 6.1% at -0.000986 BB; mixes missed at 9.8 and 20 BB; ICM spots).
EXACT_SPOTS = [(11.7, None, None), (9.8, None, None), (20, None, None), (3.3, None, None), (6.8, None, None),
               (11.4, None, None), (6, [50, 30, 20], [6]), (6, [50, 30, 20], [20]), (15, [65, 35], []),
               (4, [50, 30, 20], [30, 2])]


@pytest.mark.parametrize("stack, payouts, others", EXACT_SPOTS)
def test_the_solve_is_an_exact_equilibrium(stack, payouts, others):
    r = pyeval.pushfold(stack, payouts=payouts, stacks=others)
    assert_equilibrium(r, _values(stack, 0.5, 1.0, 0.0, payouts, others))


def test_chart_thresholds_of_the_exact_solve():
    """The thresholds issue 36 found off by 0.1 BB: K2o pushed up to 11.6 (not 11.7); Q8o, 62s,
    Q5o, K3s called up to 9.8, 3.3, 6.8, 11.4; each solve of the grid around them is an exact
    equilibrium by the independent check."""
    depths = [3.2, 3.3, 3.4, 6.7, 6.8, 6.9, 9.7, 9.8, 9.9, 11.3, 11.4, 11.5, 11.6, 11.7]
    c = pyeval.pushfold_chart(depths)
    push, call = c.largest("push"), c.largest("call")
    assert push[CLASS_NAMES.index("K2o")] == 11.6
    assert c.intervals("K2o") == [(3.2, 11.6)]
    for name, depth in {"Q8o": 9.8, "Q5o": 6.8, "K3s": 11.4}.items():
        assert call[CLASS_NAMES.index(name)] == depth, name
    assert c.intervals("62s", "call") == [(3.2, 3.3)]
    for k, d in enumerate(depths):
        r = pyeval.pushfold(d)
        assert np.array_equal(c.push[:, k], [r.push[n] for n in CLASS_NAMES])
        assert np.array_equal(c.call[:, k], [r.call[n] for n in CLASS_NAMES])
        assert_equilibrium(r, _values(d, 0.5, 1.0, 0.0))


@pytest.mark.slow
def test_every_depth_of_the_default_chart_is_an_exact_equilibrium():
    c = pyeval.pushfold_chart()
    for k, d in enumerate(c.depths):
        shares = {"push": {n: c.push[i, k] for i, n in enumerate(CLASS_NAMES)},
                  "call": {n: c.call[i, k] for i, n in enumerate(CLASS_NAMES)}}
        assert_equilibrium(type("Shares", (), shares), _values(float(d), 0.5, 1.0, 0.0))


def test_chart_plot(tmp_path):
    pytest.importorskip("matplotlib")
    from pyeval.analysis.plots import pushfold_grids

    c = pyeval.pushfold_chart([2, 5])
    pushfold_grids(c, str(tmp_path / "chart.png"))
    assert (tmp_path / "chart.png").stat().st_size > 1000


@pytest.mark.parametrize("kwargs, error, words", [
    ({"stack": 0}, ValueError, "stack must be positive"),
    ({"stack": -3}, ValueError, "stack must be positive"),
    ({"stack": "10"}, TypeError, "stack must be a number"),
    ({"stack": True}, TypeError, "stack must be a number"),
    ({"stack": float("nan")}, ValueError, "finite"),
    ({"stack": 2, "ante": 3}, ValueError, "post them"),
    ({"stack": 10, "payouts": [50, 30, 20]}, ValueError, "1 to 2"),  # stacks default: none
    ({"stack": 10, "max_iterations": 0}, ValueError, "max_iterations must be a positive integer"),
    ({"stack": 10, "stacks": [5]}, ValueError, "payouts and stacks go together"),
    ({"stack": 10, "payouts": [30, 50], "stacks": [5]}, ValueError, "never increasing"),
    ({"stack": 10, "payouts": [50, 30, 20, 10], "stacks": [5]}, ValueError, "1 to 3"),
    ({"stack": 10, "payouts": "50", "stacks": [5]}, TypeError, "payouts must be a list"),
    ({"stack": 10, "payouts": [1], "stacks": [0]}, ValueError, "stacks must be positive"),
    ({"stack": (10, 5, 3)}, ValueError, "a pair"),
    ({"stack": 10, "bb": 0}, ValueError, "bb positive"),
])
def test_bad_input(kwargs, error, words):
    stack = kwargs.pop("stack")
    with pytest.raises(error, match=words):
        pyeval.pushfold(stack, **kwargs)


def test_bad_chart_input():
    with pytest.raises(ValueError, match="non-empty"):
        pyeval.pushfold_chart([])
    with pytest.raises(TypeError, match="depths must be numbers"):
        pyeval.pushfold_chart(["5"])


# ---------------------------------------------------------------------------
# the command line
# ---------------------------------------------------------------------------


def test_cli(capsys, tmp_path):
    from pyeval.cli import main

    assert main(["pushfold", "8", "--ante", "0.1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PushFoldResult(heads-up, stack 8") and "ante 0.1" in out
    assert main(["pushfold", "10", "20", "--payouts", "50,30,20", "--stacks", "15", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["model"] == "ICM" and d["stacks_in_hand"] == [10, 20] and d["stacks"] == [15]
    assert main(["pushfold", "8", "--csv", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("AA,6,1.0,1.0")
    csv_path, png = tmp_path / "chart.csv", tmp_path / "chart.png"
    assert main(["pushfold", "3", "6", "--chart", "--csv", str(csv_path)]
                + (["--plot", str(png)] if _has_matplotlib() else [])) == 0
    assert "small blind pushes up to" in capsys.readouterr().out
    assert csv_path.read_text().startswith("class,combos,push_max,push_depths")


def _has_matplotlib() -> bool:
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


@pytest.mark.parametrize("args, words", [
    (["0"], "stack must be positive"),
    (["8", "--stacks", "15"], "payouts and stacks go together"),
    (["8", "--csv", "/no/such/folder/x.csv"], "no folder"),
    (["8", "--plot", "x.png"], "add --chart"),
    (["2", "--ante", "3"], "post them"),
    (["1", "2", "3"], "give the effective stack"),
])
def test_cli_errors(capsys, args, words):
    from pyeval.cli import main

    assert main(["pushfold", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0] and "Traceback" not in err[0]


def test_cli_error_in_a_subprocess():
    from tests.cli_run import error_line, pyeval_cli

    assert "stack must be positive" in error_line(pyeval_cli("pushfold", "-2"))
    usage = pyeval_cli("pushfold", "ten")  # an argument error: one line
    assert usage.returncode == 2 and "must be a number, got 'ten'" in usage.stderr and "Traceback" not in usage.stderr


# ---------------------------------------------------------------------------
# issue 38: one spelling of list options, ranges cut at tokens, charts priced
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("payouts", [["50,30,20"], ["50", "30", "20"], ["50,30", "20"]])
def test_payouts_spelt_the_same_in_icm_and_pushfold(capsys, payouts):
    from pyeval.cli import main

    assert main(["icm", "5000", "3000", "2000", "--payouts", *payouts, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payouts"] == [50, 30, 20]
    assert main(["pushfold", "10", "20", "--payouts", *payouts, "--stacks", "15", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["payouts"] == [50, 30, 20] and d["stacks"] == [15]


def test_list_options_refuse_what_is_not_a_number(capsys):
    from pyeval.cli import main

    # argparse's own usage error: usage, one error line, exit 2
    for command in (["icm", "5", "3"], ["pushfold", "10"]):
        with pytest.raises(SystemExit) as stop:
            main([*command, "--payouts", "50,x"])
        assert stop.value.code == 2
        assert "expected numbers separated by commas, got '50,x'" in capsys.readouterr().err


def test_range_text_is_cut_between_tokens():
    from pyeval.analysis.pushfold.heads_up import shorten

    r = pyeval.pushfold(10, payouts=[50, 30, 20], stacks=[15])
    text = r.push_range
    assert len(text) > 100
    short = shorten(text)
    kept, rest = short.split(",... (+")
    assert len(short) <= 100 and text.startswith(kept + ",")
    assert len(kept.split(",")) + int(rest.rstrip(" more)")) == len(text.split(","))
    for line, whole in zip(repr(r).splitlines()[1:3], (r.push_range, r.call_range)):
        shown = line.split(": ", 1)[1]
        assert all(token in whole.split(",") for token in shown.split(",... (+")[0].split(","))


def test_chart_is_priced_before_it_starts():
    import time

    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"2,000 depths takes about 200 s .* beyond the limit of 500"):
        pyeval.pushfold_chart(np.linspace(1, 20, 2000))
    assert time.perf_counter() - start < 1


def test_chart_reports_progress_per_depth():
    seen: list[tuple[int, int]] = []
    pyeval.pushfold_chart([3, 5, 7], progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (3, 3)
