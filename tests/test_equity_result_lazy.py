"""A small query's ``EquityResult`` keeps its tally and derives equity, win, tie, stderr and extra
when first read (``results/equity_result.spot_result``): it must be the result ``make_result``
builds whole from the same tally, in every attribute and every output of the protocol."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle

import numpy as np
import pytest

from pyeval.engines import strategies
from pyeval.query.spot import read_spot
from pyeval.results.equity_result import make_result

SPOTS = [  # game, hands, board, dead, method
    ("holdem", ["AhKh", "QsQd"], "Jh7d2c5s", "", "exact"),
    ("holdem", ["AhKh", "random"], "Qh7d2c", "9s", "exact"),
    ("holdem", ["AhKh", "QsQd", "random"], "Jh7d2c", "", "monte-carlo"),
    ("shortdeck", ["AhKh", "QsQd"], "Jh7d9c", "", "exact"),
    ("omaha", ["AhKhQdJd", "2c3c4d5d"], "8s7d9h", "", "auto"),
    ("stud", ["AhKh2c3d4s5s", "QsQd7c8c9dTd"], "", "", "exact"),
]

ATTRIBUTES = ["game", "hands", "board", "dead", "method", "outcomes", "equity", "win", "tie", "stderr", "units",
              "wins", "ties", "pot_units", "seed", "hi", "lo", "scoop", "no_low", "boards", "side_pots",
              "expected_chips", "folded"]


def both(game, hands, board, dead, method):
    """The lazy result of a spot and the whole one made from the same tally."""
    spot = read_spot(game, hands, board, dead, method, 20_000 if method == "monte-carlo" else None, 3, 1)
    lazy = strategies.answer(spot)
    t = lazy.__dict__.get("_tally")
    if t is None:  # not the one-pot path (nothing lazy): the engines built it whole
        return lazy, lazy
    whole = make_result(spot.game, [], 1, spot.holes, t, None, spot.boards, spot.dead, lazy.method, lazy.seed,
                        lazy.__dict__["_community"], texts=list(spot.texts), board_texts=list(lazy.board))
    return lazy, whole


@pytest.mark.parametrize("game, hands, board, dead, method", SPOTS)
def test_the_lazy_result_is_the_whole_one(game, hands, board, dead, method):
    lazy, whole = both(game, hands, board, dead, method)
    assert repr(lazy) == repr(whole)
    for name in ATTRIBUTES:
        a, b = getattr(lazy, name), getattr(whole, name)
        if isinstance(b, np.ndarray):
            assert isinstance(a, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
            assert np.array_equal(a, b), name
        else:
            assert a == b, name
    assert lazy.extra.keys() == whole.extra.keys()
    assert lazy.extra["community_card"] == whole.extra["community_card"]
    for k, v in whole.extra["sample_counts"].items():
        assert np.array_equal(lazy.extra["sample_counts"][k], v)
    assert lazy == whole and lazy.to_dict() == whole.to_dict() and lazy.rows() == whole.rows()
    assert lazy.to_json() == whole.to_json()
    if lazy.method == "exact":
        assert lazy.fractions == whole.fractions


@pytest.mark.parametrize("read", [
    lambda r: r.to_json(), lambda r: r.to_dict(), repr, lambda r: r.rows(), lambda r: r.equity, lambda r: r.stderr,
    lambda r: r.extra, lambda r: None])
def test_copies_and_pickles_are_whole_whatever_was_read_first(read):
    lazy, whole = both("holdem", ["AhKh", "random"], "Qh7d2c", "", "exact")
    read(lazy)
    for other in (pickle.loads(pickle.dumps(lazy)), copy.copy(lazy), copy.deepcopy(lazy), dataclasses.replace(lazy)):
        assert other == whole and other.to_json() == whole.to_json() and repr(other) == repr(whole)
    assert json.loads(lazy.to_json())["equity"] == whole.equity.tolist()


def test_a_missing_attribute_is_an_attribute_error():
    lazy, _ = both("holdem", ["AhKh", "QsQd"], "Jh7d2c5s", "", "exact")
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        lazy.nothing  # noqa: B018
    assert not hasattr(lazy, "_tally_of_nothing")
    lazy.extra["side_pots"] = [{"amount": 1}]  # side pots are written into extra after the answer
    assert lazy.side_pots == [{"amount": 1}]
