"""Result objects compare with == and print readably; no board is [] (issue 13, items 8, 10)."""

import json

import numpy as np
import pytest
from cli_run import pyeval_cli

import pyeval

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")


def test_equity_results_compare():
    """Once numpy's "truth value of an array is ambiguous"."""
    a = pyeval.equity("holdem", ["AhAs", "KdKc"], method="exact")
    b = pyeval.equity("holdem", ["Ah As", "Kd Kc"], method="exact")
    assert a is not b and a == b and not (a != b)
    c = pyeval.equity("holdem", ["AhAs", "KdKc"], samples=20_000, seed=1)
    assert c == pyeval.equity("holdem", ["AhAs", "KdKc"], samples=20_000, seed=1, threads=1)
    assert c != pyeval.equity("holdem", ["AhAs", "KdKc"], samples=20_000, seed=2)
    assert a != c and a != "not a result"
    with pytest.raises(TypeError):
        hash(a)


def test_range_results_compare():
    a = pyeval.equity("holdem", ["QQ+", "AKs,T9s"], board="Kd8c2s", method="exact")
    b = pyeval.equity("holdem", ["QQ+", "AKs,T9s"], board="Kd8c2s", method="exact")
    assert a == b
    assert a != pyeval.equity("holdem", ["QQ+", "AKs"], board="Kd8c2s", method="exact")


def test_no_board_is_an_empty_list():
    r = pyeval.equity("holdem", ["AhAs", "KdKc"], method="exact")
    assert r.board == [] and r.to_dict()["board"] == []
    assert pyeval.equity("holdem", ["AhAs", "KdKc"], board="2c3d4h").to_dict()["board"] == ["2c 3d 4h"]
    d = pyeval.equity("holdem-double-board", ["AhAs", "KdKc"], samples=1000, seed=1)
    assert d.board == []
    s = pyeval.simulate("holdem", 2, 10_000, seed=1, progress=False)
    assert s.to_dict()["board"] == []


def test_cli_json_no_board_is_an_empty_list():
    proc = pyeval_cli("equity", "holdem", "AhAs", "KdKc", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["board"] == []


def test_simulation_results_compare(tmp_path):
    a = pyeval.simulate("holdem", 3, 100_000, seed=4, chunk_size=20_000, threads=1, progress=False)
    b = pyeval.simulate("holdem", 3, 100_000, seed=4, chunk_size=20_000, threads=2, progress=False)
    assert a.elapsed != b.elapsed and a == b
    assert a != pyeval.simulate("holdem", 3, 100_000, seed=5, chunk_size=20_000, progress=False)
    a.save(tmp_path / "a.npz")
    assert pyeval.SimulationResult.load(tmp_path / "a.npz") == a
    text = repr(a)
    assert len(text) < 1500 and "first 5" in text and "AA" in text


def test_showdown_compares_and_prints_briefly():
    d = pyeval.deal("holdem", 3, 1000, seed=1)
    s = pyeval.showdown("holdem", d.hole, d.board)
    assert s == pyeval.showdown("holdem", d.hole.copy(), d.board.copy())
    assert len(repr(s)) < 150 and "1,000 deals x 3 players" in repr(s)
    assert np.isclose(s.shares.mean(axis=0).sum(), 1)


def test_keeps_print_as_a_table():
    k = pyeval.best_keep("irish", ["AhAsKdQc", "random"], board="Ad7c2s", samples=20_000, seed=1)
    text = repr(k)
    assert len(text) < 1000 and text.splitlines()[1].startswith("Ah As") and "%" in text
    assert len(repr(k[0])) < 120 and k[0].to_dict()["keep"] == "Ah As"
