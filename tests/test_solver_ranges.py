"""PioSolver / GTO+ range text: reading the documented forms, and exact round trips."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import Range, parse_range
from pyeval.ranges import RangeError
from pyeval.ranges.classes import HOLDEM_COMBOS


def test_reads_classes_combos_weights_and_blocks():
    r = Range.from_solver("AA,KK:0.5,AKs:0.75,AhKh:0.25,[50]QQ,JJ[/50]")
    assert r.weight("AsAd") == 1 and r.weight("KsKd") == 0.5 and r.weight("AsKs") == 0.75
    assert r.weight("AhKh") == 0.25 and r.weight("QsQd") == 0.5 and r.weight("JsJd") == 0.5
    assert len(r) == 6 + 6 + 4 + 6 + 6
    assert Range.from_solver("AKs,AKo") == parse_range("AK") == Range.from_solver("AK")
    assert Range.from_solver("AA:1.0,KK:0").to_solver() == "AA"


@pytest.mark.parametrize("text", ["AA,KX", "AA:x", "AKs:-1", "AsAs"])
def test_bad_entries(text):
    with pytest.raises(RangeError):
        Range.from_solver(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1325), st.sampled_from([1.0, 0.5, 0.25, 0.1, 1 / 3, 0.7071067811865476, 2.5])),
                min_size=1, max_size=40),
       st.lists(st.integers(0, 168), max_size=6))
def test_round_trip_exact(combos, classes):
    from pyeval.ranges.classes import CLASS_MEMBERS

    weights = np.zeros(1326)
    for k in classes:
        weights[CLASS_MEMBERS[k]] = 0.6
    for i, w in combos:
        weights[i] = w
    keep = weights > 0
    r = Range(HOLDEM_COMBOS[keep], weights[keep], 2)
    back = Range.from_solver(r.to_solver())
    assert back == r
    assert (back.weights == r.weights).all()
