"""One JSON shape per result type (issue 26): every result kind of tests/test_result_protocol.py
validates against its JSON Schema (pyeval/results/schemas.py, written to docs/schemas/), the
schemas list every key so that a renamed key fails, and the shared names (board, method, seed,
outcomes, stderr, cards) have one shape everywhere."""

from __future__ import annotations

import copy
import json
import warnings
from pathlib import Path

import pytest
from test_result_protocol import RESULTS

import pyeval
from pyeval.core._results import Result, plain
from pyeval.results import schemas

jsonschema = pytest.importorskip("jsonschema")  # the dev extra installs it

DOCS = Path(__file__).resolve().parent.parent / "docs" / "schemas"


def validator(name: str):
    return jsonschema.Draft202012Validator(schemas.schema_for(name))


@pytest.fixture(scope="module", params=sorted(RESULTS))
def made(request):
    r = RESULTS[request.param]()
    return request.param, r, json.loads(r.to_json())


def test_every_schema_is_a_valid_2020_12_schema():
    for name in schemas.SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(schemas.schema_for(name))


def test_the_docs_files_are_the_schemas():
    """docs/schemas/*.json are written from pyeval/results/schemas.py: regenerate with
    ``python -m pyeval.results.schemas docs/schemas``."""
    assert sorted(p.stem for p in DOCS.glob("*.json")) == sorted(schemas.SCHEMAS)
    for name in schemas.SCHEMAS:
        assert (DOCS / f"{name}.json").read_text(encoding="utf-8") == schemas.schema_text(name), \
            f"docs/schemas/{name}.json is stale: python -m pyeval.results.schemas docs/schemas"


def _result_types() -> set[type]:
    seen: set[type] = set()
    todo = [Result]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    return {t for t in seen if t.__module__.startswith("pyeval.") and not t.__name__.startswith("_")}


def test_every_result_type_has_a_schema():
    import pyeval.analysis  # noqa: F401  (every result type's module)
    import pyeval.caribbean  # noqa: F401
    import pyeval.history  # noqa: F401
    import pyeval.keep  # noqa: F401

    missing = sorted(t.__name__ for t in _result_types() if t.__name__ not in schemas.SCHEMAS)
    assert not missing, f"result types without a schema in pyeval/results/schemas.py: {missing}"


def test_json_matches_its_schema(made):
    name, r, data = made
    v = validator(type(r).__name__)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(data)]
    assert not errors, f"{name}: " + "; ".join(errors[:5])
    assert v.is_valid(plain(r.to_dict())), name  # to_dict as plain data is the same document


def _renamed(data: dict, key: str) -> dict:
    out = copy.deepcopy(data)
    out[key + "_x"] = out.pop(key)
    return out


def test_a_renamed_key_fails(made):
    """Every key is required and no other is allowed: a rename (top level, or in a row) is caught."""
    name, r, data = made
    v = validator(type(r).__name__)
    for key in data:
        assert not v.is_valid(_renamed(data, key)), f"{name}: renaming {key!r} still validates"
    rows = data.get("rows")
    if isinstance(rows, list) and rows and isinstance(rows[0], dict):
        for key in rows[0]:
            changed = copy.deepcopy(data)
            changed["rows"][0] = _renamed(rows[0], key)
            assert not v.is_valid(changed), f"{name}: renaming the row key {key!r} still validates"


def test_nested_results_match_their_schemas():
    b = RESULTS["best_five"]()
    validator("PlayedHand").validate(json.loads(b.high.to_json()))
    a = RESULTS["allin_ev"]()
    validator("HandTable").validate(json.loads(a.hands.to_json()))
    validator("PlayerTable").validate(json.loads(a.players.to_json()))


SHARED = ("board", "method", "seed", "outcomes", "stderr", "equity", "win", "tie")


def test_shared_names_have_one_shape(made):
    """board: a list of card texts (one per board); method: exact or monte-carlo (a batch may be
    mixed); seed: null exactly when exact; outcomes: an integer count; stderr: null when exact."""
    name, r, data = made
    if "board" in data:
        assert isinstance(data["board"], list) and all(isinstance(b, str) for b in data["board"]), name
    method = data.get("method")
    if method is not None:
        assert method in ("exact", "monte-carlo", "mixed"), name
    if method == "exact":
        assert data.get("seed") is None, f"{name}: an exact result with a seed"
        if "stderr" in data:
            assert data["stderr"] is None, f"{name}: an exact result with a stderr"
        for row in data.get("rows", []) if isinstance(data.get("rows"), list) else []:
            if isinstance(row, dict) and "stderr" in row:
                assert row["stderr"] is None, f"{name}: an exact row with a stderr"
    if method == "monte-carlo":
        assert isinstance(data.get("seed"), int), f"{name}: a Monte Carlo result without its seed"
    if "outcomes" in data and not isinstance(data["outcomes"], list):
        assert data["outcomes"] is None or isinstance(data["outcomes"], int), name


@pytest.mark.parametrize("kind", ["equity exact", "equity monte-carlo", "combo_equities",
                                  "combo_equities monte-carlo", "icm", "icm monte-carlo", "best_keep"])
def test_stderr_is_none_exactly_when_exact(kind):
    r = RESULTS[kind]()
    assert (r.stderr is None) == (r.method == "exact"), kind


def test_monte_carlo_results_carry_method_and_seed():
    for kind in ("equity monte-carlo", "combo_equities monte-carlo", "icm monte-carlo", "simulate"):
        r = RESULTS[kind]()
        assert r.method == "monte-carlo" and isinstance(r.seed, int), kind
    b = pyeval.range_breakdown("holdem", "QQ+", "Kd8c2s", opponents="random", samples=2000, seed=5)
    assert b.method == "monte-carlo" and b.seed == 5 and b.outcomes == 2000


def test_one_name_for_outcomes_and_the_old_names_are_gone():
    """Nothing was released: the names before issue 26 are not kept (CHANGELOG)."""
    mc = RESULTS["icm monte-carlo"]()
    assert mc.outcomes == 5000 and not hasattr(mc, "samples")
    s = RESULTS["simulate"]()
    assert s.outcomes == 5000 and not hasattr(s, "deals")
    d = RESULTS["caribbean decide"]()
    assert d.outcomes == 163_185 and not hasattr(d, "total")
    b = pyeval.equity_batch("holdem", [["AhAs", "KdKc"]], samples=1000, seed=1)
    assert b.outcomes[0] == 1000 and not hasattr(b, "samples")
    br = RESULTS["range_breakdown"]()
    assert br.opponents == ["JJ-99"] and not hasattr(br, "against") and not hasattr(br, "equity_fraction")


def test_equity_and_mean_fraction_are_values_everywhere():
    br = RESULTS["range_breakdown"]()
    by_row = [float("nan") if row["equity"] is None else row["equity"] for row in br.rows()]
    assert list(br.equity) == pytest.approx(by_row, nan_ok=True)
    assert br.equity[br.classes.index("overpair")] == br.class_equity("overpair")
    n = RESULTS["next_card"]()
    spot = pyeval.equity("holdem", ["AhKh", "QsQd"], board="Jh8h2c")
    assert n.mean_fraction == spot.fractions and list(n.mean) == pytest.approx(spot.equity)
    assert (n.prob @ n.win).tolist() == pytest.approx(spot.win) and (n.prob @ n.tie).tolist() == pytest.approx(spot.tie)
    c = RESULTS["combo_equities"]()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert c.mean_fraction == pyeval.equity("holdem", ["QQ+,AK", "JJ-99"], board="Kd8c2s").fractions[0]


def test_cards_are_written_one_way():
    """Hands and combos as "As Ah" (one space between cards) in rows, CSV and JSON."""
    c = RESULTS["combo_equities"]()
    assert c.hands[0] == "As Ah" and c.rows()[0]["hand"] == "As Ah"
    assert c.to_csv().splitlines()[1].startswith("As Ah,")
    r = RESULTS["equity ranges"]()
    assert "As Ah" in r.by_combo[0] and r.by_combo[0]["AsAh"] == r.by_combo[0]["As Ah"]
