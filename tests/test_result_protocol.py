"""Every result type speaks one protocol (issue 26), checked in one place, as scikit-learn's
check_estimator checks every estimator: a new result type joins RESULTS, it is not exempted.

to_dict() is plain data and to_json() strict JSON (no NaN); rows() a list of dicts with one set
of keys; to_csv() that table (as text, to an open file and to a path); to_frame() the same rows;
== by content (a recomputation with the same seed is equal); a repr a person reads."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import pyeval
from pyeval.core._results import Result


def _converted():
    import tempfile

    from pyeval.history.convert import convert_to_phh

    with tempfile.TemporaryDirectory() as folder:
        return convert_to_phh(SITE_TEXT, Path(folder) / "phh")


SITE_TEXT = (Path(__file__).parent / "data" / "site_hands" / "side_pot.txt").read_text(encoding="utf-8")
PHH = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1000, 1000]
actions = ["d dh p1 AhAs", "d dh p2 KdKc", "p2 cbr 1000", "p1 cc", "p1 sm AhAs", "p2 sm KdKc", "d db 2c7d9h",
           "d db Ts", "d db 3h"]
players = ["Hero", "Villain"]
finishing_stacks = [2000, 0]
"""

RESULTS = {
    "equity exact": lambda: pyeval.equity("holdem", ["AhKh", "QsQd"], board="2c7d9h"),
    "equity monte-carlo": lambda: pyeval.equity("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], samples=20_000, seed=1),
    "equity ranges": lambda: pyeval.equity("holdem", ["QQ+", "AK"], board="2c7d9h"),
    "equity_batch": lambda: pyeval.equity_batch("holdem-hilo", [["As2s", "KdKc"], ["7c7d", "random"]],
                                                board=["3c4d5h", "Kd8c2s"]),
    "combo_equities": lambda: pyeval.combo_equities("holdem", "QQ+,AK", "JJ-99", board="Kd8c2s"),
    "combo_equities monte-carlo": lambda: pyeval.combo_equities("omaha", "AA**", "random", board="Kd8c2s",
                                                                samples=2000, seed=1),
    "flop_report": lambda: pyeval.flop_report("AA,KQs", "JJ,T9s", flops=["As Kd 7c", "9h 8h 2c", "Qs Qd 4h"]),
    "flop_report by": lambda: pyeval.flop_report("AA,KQs", "JJ,T9s", flops=["As Kd 7c", "9h 8h 2c"]).by("suits"),
    "range_breakdown": lambda: pyeval.range_breakdown("holdem", "QQ+,AK", "Kd8c2s", opponents="JJ-99"),
    "next_card": lambda: pyeval.next_card("holdem", ["AhKh", "QsQd"], "Jh8h2c"),
    "icm": lambda: pyeval.icm([5000, 3000, 2000], [50, 30, 20]),
    "icm monte-carlo": lambda: pyeval.icm(list(range(1, 13)), [50, 30, 20], samples=5000, seed=1),
    "simulate": lambda: pyeval.simulate("holdem", players=3, deals=5000, seed=1, progress=False),
    "best_five": lambda: pyeval.best_five("As2sKdQd", "3c4d5hKs9c", "omaha-hilo"),
    "best_keep": lambda: pyeval.best_keep("irish", ["AhAsKdQd", "random"], board="2c7d9h")[0],
    "caribbean decide": lambda: pyeval.caribbean.decide("AsKd8h5c2s", "Qh"),
    "pushfold": lambda: pyeval.pushfold(10),
    "pushfold3": lambda: pyeval.pushfold(10, players=3),
    "pushfold_chart": lambda: pyeval.pushfold_chart([2, 10]),
    "allin_ev": lambda: pyeval.allin_ev(PHH),
    "read_hands": lambda: pyeval.read_hands(SITE_TEXT),
    "convert_to_phh": lambda: _converted(),
    "strength features": lambda: pyeval.strength.features(["As Ah", "7h 8h"], "Kd 8c 2s 3h", bins=5),
    "strength table": lambda: pyeval.strength.table("river", start=1000, stop=1005, bins=3),
}


@pytest.fixture(scope="module", params=sorted(RESULTS))
def made(request):
    return request.param, RESULTS[request.param]()


def test_every_result_is_a_result(made):
    name, r = made
    assert isinstance(r, Result), name


def test_to_dict_is_plain_data_and_to_json_strict(made):
    name, r = made
    text = r.to_json()
    data = json.loads(text, parse_constant=lambda c: pytest.fail(f"{name}: {c} in JSON"))
    assert isinstance(data, dict) and data
    assert json.loads(json.dumps(data)) == data


def test_rows_are_one_table(made):
    name, r = made
    rows = r.rows()
    assert rows and all(isinstance(row, dict) for row in rows), name
    assert all(list(row) == list(rows[0]) for row in rows), f"{name}: rows with different keys"


def test_to_csv_writes_the_rows_as_text_file_and_path(made, tmp_path: Path):
    name, r = made
    text = r.to_csv()
    header = text.splitlines()[0].split(",")
    assert header == list(r.rows()[0]), name
    assert len(text.splitlines()) == len(r.rows()) + 1
    buf = io.StringIO()
    assert r.to_csv(buf) == text and buf.getvalue() == text
    path = tmp_path / "r.csv"
    r.to_csv(path)
    assert path.read_text() == text


def test_to_frame_is_the_rows(made):
    pd = pytest.importorskip("pandas")
    name, r = made
    frame = r.to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(r.rows()), name
    assert list(frame.columns) == list(r.rows()[0])


def test_equal_by_content_and_readable(made):
    name, r = made
    again = RESULTS[name]()
    assert r == r and r == again, name
    text = repr(r)
    assert 0 < len(text) < 3000, f"{name}: a repr of {len(text)} characters"
    assert "array(" not in text, f"{name}: the repr dumps arrays"
