"""Plots written as PNG (Agg), frames, and the analysis subcommands of the command line."""

import json

import pytest
from cli_run import error_line, pyeval_cli

import pyeval

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def tables():
    a = pyeval.combo_equities("holdem", "QQ+,AK,KQs", "JJ-88,AQs,KJs", board="Kd8c2s")
    b = pyeval.combo_equities("holdem", "JJ-88,AQs,KJs", "QQ+,AK,KQs", board="Kd8c2s")
    return a, b, pyeval.range_breakdown("holdem", "JJ-88,AQs,KJs", "Kd8c2s", opponents="QQ+,AK,KQs")


def test_plots_are_png(tables, tmp_path):
    pytest.importorskip("matplotlib")
    from pyeval.analysis import plots

    a, b, br = tables
    for name, draw in [("grid", lambda p: plots.grid_heatmap(a, p)),
                       ("preflop", lambda p: plots.preflop_heatmap("AKo", p)),
                       ("curve", lambda p: plots.equity_curves(a, b, path=p)),
                       ("bars", lambda p: plots.breakdown_bars(br, p))]:
        path = tmp_path / f"{name}.png"
        draw(str(path))
        assert path.read_bytes()[:8] == PNG and path.stat().st_size > 5000, name
    with pytest.raises(ValueError, match="13 x 13"):
        plots.grid_heatmap([[0.5]])
    with pytest.raises(ValueError, match="class name"):
        plots.preflop_heatmap("AK")


def test_frames(tables):
    pd = pytest.importorskip("pandas")
    a, _, br = tables
    assert isinstance(br.to_frame(), pd.DataFrame) and set(br.to_frame()["kind"]) == {"made", "draw"}
    assert len(a.to_frame()) == len(a)
    assert len(pyeval.icm([3, 2, 1], [2, 1]).to_frame()) == 3
    assert len(pyeval.next_card("holdem", ["AhAs", "KdKc"], "7c8c2d").to_frame()) == 45


def test_cli(tmp_path):
    r = pyeval_cli("combos", "holdem", "QQ+,AK", "JJ-88", "--board", "Kd8c2s", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["method"] == "exact" and len(d["rows"]) == 27  # QQ 6, KK 3 (Kd on the board), AA 6, AK 12
    r = pyeval_cli("breakdown", "holdem", "random", "--board", "Kd8c2s", "--csv", "-")
    assert r.returncode == 0 and r.stdout.startswith("class,kind,combos,share")
    r = pyeval_cli("next-card", "holdem", "AhAs", "KdKc", "--board", "7c8c2d", "--csv", str(tmp_path / "n.csv"))
    assert r.returncode == 0 and "outs" in r.stdout and (tmp_path / "n.csv").read_text().startswith("card,prob")
    r = pyeval_cli("icm", "5000", "3000", "2000", "--payouts", "50", "30", "20", "--json")
    assert json.loads(r.stdout)["rows"][0]["equity"] == pytest.approx(38.392857142857146)
    pytest.importorskip("matplotlib")
    r = pyeval_cli("breakdown", "holdem", "30%", "--board", "Kd8c2s", "--against", "15%", "--plot",
                   str(tmp_path / "b.png"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "b.png").read_bytes()[:8] == PNG


def test_cli_errors():
    assert "3 or 4" in error_line(pyeval_cli("breakdown", "holdem", "random", "--board", "AhKd"))
    assert "positive" in error_line(pyeval_cli("icm", "100", "0", "--payouts", "1"))
