"""One name per concept across the public functions (issue 26, item 2; the old names are gone,
nothing was released), and nothing private shows in a public signature."""

from __future__ import annotations

import inspect

import pytest

import pyeval


def test_deal_takes_deals_as_simulate_does():
    assert "deals" in inspect.signature(pyeval.deal).parameters
    assert "deals" in inspect.signature(pyeval.simulate).parameters
    assert len(pyeval.deal("holdem", 3, deals=50, seed=1).hole) == 50
    with pytest.raises(TypeError, match="'n'"):
        pyeval.deal("holdem", 3, n=50, seed=1)


def test_range_breakdown_takes_opponents_as_combo_equities_does():
    assert "opponents" in inspect.signature(pyeval.combo_equities).parameters
    assert "opponents" in inspect.signature(pyeval.range_breakdown).parameters
    assert pyeval.range_breakdown("holdem", "QQ+,AK", "Kd8c2s", opponents="JJ-99").opponents == ["JJ-99"]
    with pytest.raises(TypeError, match="'against'"):
        pyeval.range_breakdown("holdem", "QQ+,AK", "Kd8c2s", against="JJ-99")


@pytest.mark.parametrize("name", sorted(n for n in pyeval.__all__ if callable(getattr(pyeval, n))
                                         and not isinstance(getattr(pyeval, n), type)))
def test_no_private_parameter_in_a_public_signature(name):
    params = inspect.signature(getattr(pyeval, name)).parameters
    assert not [p for p in params if p.startswith("_")], f"pyeval.{name}{inspect.signature(getattr(pyeval, name))}"


@pytest.mark.parametrize("name", ["equity", "equity_batch", "combo_equities", "range_breakdown", "next_card", "icm"])
def test_long_calls_take_progress(name):
    assert "progress" in inspect.signature(getattr(pyeval, name)).parameters
