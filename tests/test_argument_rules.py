"""One rule per kind of argument (issue 17, item 7): bools are never counts or numbers, numpy
integers are integers everywhere, bytes are never cards, contributions are finite."""

from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.core.pots import Pot, side_pots

MC = dict(method="monte-carlo", seed=1)


@pytest.mark.parametrize("option", [dict(samples=True), dict(threads=True), dict(stderr_target=True),
                                    dict(samples=np.bool_(True)), dict(threads=np.bool_(True)),
                                    dict(samples=2.5), dict(threads=0), dict(stderr_target=float("nan"))])
def test_bools_and_non_integers_are_refused(option):
    with pytest.raises(ValueError, match=f"{next(iter(option))} must be a positive"):
        pyeval.equity("holdem", ["AhAs", "KdKc"], **{**MC, "samples": 1000, **option})


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_numpy_integers_are_integers():
    r = pyeval.equity("holdem", ["AhAs", "KdKc"], samples=np.int64(2000), threads=np.int64(2), **MC)
    assert r.outcomes == 2000
    s = pyeval.simulate("holdem", np.int32(3), np.int64(20_000), seed=np.uint8(1), threads=np.int64(2),
                        chunk_size=np.int64(10_000), progress=False)
    assert s.outcomes == 20_000
    hole, _ = pyeval.deal("holdem", np.int64(2), deals=np.int64(5), seed=np.int64(3), chunk=np.int64(1))
    assert hole.shape == (5, 2, 2)


@pytest.mark.parametrize("call", [
    lambda: pyeval.simulate("holdem", 3, 20_000, seed=1, threads=True, progress=False),
    lambda: pyeval.simulate("holdem", 3, 20_000, seed=1, chunk_size=True, progress=False),
    lambda: pyeval.simulate("holdem", 3, True, seed=1, progress=False),
    lambda: pyeval.deal("holdem", 2, deals=5, seed=1, chunk=True),
    lambda: pyeval.deal("holdem", True, deals=5, seed=1),
])
def test_bools_are_refused_everywhere(call):
    with pytest.raises(ValueError, match="must be a (positive|non-negative) integer"):
        call()


@pytest.mark.parametrize("call", [
    lambda: pyeval.equity("holdem", ["AhAs", "KdKc"], board=b"\x00\x05\x09"),
    lambda: pyeval.equity("holdem", [b"AhAs", "KdKc"]),
    lambda: pyeval.parse_cards(b"\x00\x05\x09"),
    lambda: pyeval.parse_cards([b"As", "Kd"]),
    lambda: pyeval.evaluate_high(b"\x00\x05\x09\x0c\x10"),
    lambda: pyeval.evaluate_high(np.array([b"As", b"Kd", b"Qh", b"Jc", b"Ts"])),
    lambda: pyeval.evaluate_omaha("AsKdQhJc", b"\x00\x05\x09"),
])
def test_bytes_are_never_cards(call):
    """The board used to take b'\\x00\\x05\\x09' as codes 2c 3d 4d while the evaluators refused bytes."""
    with pytest.raises(TypeError, match="bytes are not cards"):
        call()


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf"), -1, True, "40"])
def test_contributions_must_be_finite_numbers(bad):
    with pytest.raises(ValueError, match="contributions must be finite numbers >= 0"):
        pyeval.equity("holdem", ["AhAs", "KdKc", "QhQs"], board="2c7d9hJs", contributions=[100, bad, 100])


def test_good_contributions_still_split_into_pots():
    assert side_pots([100, 40, 100]) == [Pot(120, (0, 1, 2)), Pot(120, (0, 2))]
    assert side_pots([50, 25.5, 0]) == [Pot(51.0, (0, 1)), Pot(24.5, (0,))]
    r = pyeval.equity("holdem", ["AhAs", "KdKc", "QhQs"], board="2c7d9hJs", method="exact",
                      contributions=[np.int64(50), 25.5, 0])
    assert [(p["amount"], p["eligible"]) for p in r.side_pots] == [(51.0, [0, 1]), (24.5, [0])]
    r = pyeval.equity("holdem", ["AhAs", "KdKc", "QhQs"], board="2c7d9hJs", method="exact",
                      contributions=[np.float64(100), 40, 100])
    assert [(p["amount"], type(p["amount"])) for p in r.side_pots] == [(120, int), (120, int)]
