"""A value of the wrong type for any argument of ``pyeval.equity``, ``read_spot`` and
``read_range_spot`` (pyeval.query) is a TypeError or ValueError whose message names the argument
(``dead must be card text or a list of cards, got int``): never another exception, a message
about Python's internals (``object of type 'int' has no len()``) or an answer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.query.range_spot import read_range_spot
from pyeval.query.spot import read_plain_spot, read_spot

HANDS = ["AhAs", "KdKc"]
VALID = {"game": "holdem", "hands": HANDS, "board": "", "dead": "", "method": "exact"}
"""The valid query each case changes one argument of (exact: a wrong value never starts a long run)."""

INTS = st.integers(-5, 10**6)
FLOATS = st.floats(allow_nan=True, allow_infinity=True)
TEXT = st.text(max_size=6)
BYTES = st.binary(min_size=1, max_size=4)
DICTS = st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
OBJECTS = st.builds(object)
FLOAT_LISTS = st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1, max_size=3)
SOME = [st.complex_numbers(), st.booleans(), BYTES, DICTS, OBJECTS]
"""Wrong for every argument."""

NOT_CARDS = st.one_of(INTS, FLOATS, FLOAT_LISTS, *SOME)
NOT_COUNT = st.one_of(FLOATS, TEXT, FLOAT_LISTS, *SOME)  # samples, seed, threads (ints below 1 too)
NOT_NUMBER = st.one_of(TEXT, FLOAT_LISTS, *SOME)
NOT_LIST = st.one_of(INTS, FLOATS, TEXT, st.sets(st.integers(0, 51), min_size=2, max_size=3), *SOME)
NOT_BOOL = st.one_of(INTS, FLOATS, TEXT, st.none(), BYTES, DICTS, OBJECTS)

CASES = [
    # (argument, wrong values, a word the message must hold)
    ("game", st.one_of(INTS, FLOATS, FLOAT_LISTS, st.none(), *SOME), "game"),
    ("hands", st.one_of(NOT_LIST, st.none()), "hands"),
    ("seat", NOT_CARDS, "player 1"),  # one seat of hands
    ("board", NOT_CARDS, "board"),
    ("dead", NOT_CARDS, "dead"),
    ("method", st.one_of(INTS, FLOATS, FLOAT_LISTS, st.none(), *SOME), "method"),
    ("samples", st.one_of(NOT_COUNT, st.integers(-5, 0)), "samples"),
    ("seed", st.one_of(NOT_COUNT, st.integers(-5, -1)), "seed"),
    ("threads", st.one_of(NOT_COUNT, st.integers(-5, 0)), "threads"),
    ("stderr_target", NOT_NUMBER, "stderr_target"),
]
EQUITY_ONLY = [
    ("contributions", st.one_of(NOT_LIST, st.lists(TEXT, min_size=1, max_size=3)), "contributions"),
    ("client", st.one_of(INTS, FLOATS, TEXT, FLOAT_LISTS, *SOME), "client"),
    ("folded", st.one_of(st.one_of(INTS, FLOATS, TEXT, *SOME), st.lists(NOT_CARDS, min_size=1, max_size=2)),
     "folded"),
    ("progress", st.one_of(st.integers(2, 99), FLOATS, TEXT, FLOAT_LISTS, BYTES, DICTS, OBJECTS), "progress"),
]
SPOT_ONLY = [
    ("community", NOT_BOOL, "community"),
    ("seats", st.one_of(INTS, TEXT, FLOAT_LISTS, DICTS, OBJECTS, st.tuples(INTS)), "seats"),
]
RANGE_SPOT_ONLY = [
    ("folded", st.one_of(st.one_of(INTS, FLOATS, TEXT, *SOME), st.lists(NOT_CARDS, min_size=1, max_size=2)),
     "folded"),
    ("tracked", st.one_of(st.integers(2, 99), st.integers(-99, -1), FLOATS, TEXT, FLOAT_LISTS, *SOME), "tracked"),
    ("keep_random_folders", NOT_BOOL, "keep_random_folders"),
]
FUNCTIONS = {"equity": pyeval.equity, "read_spot": read_spot, "read_range_spot": read_range_spot}
ALL = ([("equity", *c) for c in CASES + EQUITY_ONLY] + [("read_spot", *c) for c in CASES + SPOT_ONLY]
       + [("read_range_spot", *c) for c in CASES + RANGE_SPOT_ONLY])


def _call(function: str, argument: str, value):
    kwargs = dict(VALID)
    if argument == "seat":
        kwargs["hands"] = [value, HANDS[1]]
    else:
        kwargs[argument] = value
    return FUNCTIONS[function](**kwargs)


@pytest.mark.parametrize(("function", "argument", "values", "word"), ALL,
                         ids=[f"{f}-{a}" for f, a, _, _ in ALL])
def test_a_wrong_type_is_an_error_naming_the_argument(function, argument, values, word):
    @settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(values)
    def check(value):
        with pytest.raises((TypeError, ValueError)) as info:
            _call(function, argument, value)
        assert word in str(info.value), (argument, value, str(info.value))
        assert "has no len()" not in str(info.value) and "not iterable" not in str(info.value)

    check()


@pytest.mark.parametrize("function", ["equity", "read_spot", "read_range_spot"])
def test_dead_seven_says_what_dead_takes(function):
    with pytest.raises(TypeError, match=r"^dead must be card text or a list of cards, got int$"):
        _call(function, "dead", 7)


def test_bad_cards_in_a_card_argument_name_it():
    with pytest.raises(ValueError, match=r"^board: bad card 'Zz'"):
        pyeval.equity("holdem", HANDS, board=["Zz"])
    with pytest.raises(ValueError, match=r"^dead: "):
        pyeval.equity("holdem", HANDS, dead=[99])
    with pytest.raises(TypeError, match=r"^player 1: bad card 1.5"):
        pyeval.equity("holdem", [["Ah", 1.5], "KdKc"])


def test_the_valid_query_runs():
    # the query each case changes one argument of is sound: the errors above are the wrong values'
    assert _call("equity", "dead", "").outcomes == 1712304
    assert read_spot(**VALID).players == 2 and read_range_spot(**VALID).players == 2


@pytest.mark.parametrize(("argument", "values", "word"), CASES, ids=[a for a, _, _ in CASES])
def test_the_plain_read_leaves_a_wrong_type_to_read_spot_or_names_it(argument, values, word):
    # read_plain_spot reads the common query only: anything else is None (read_spot then words it)
    @settings(max_examples=30, deadline=None)
    @given(values)
    def check(value):
        kwargs = dict(VALID)
        if argument == "seat":
            kwargs["hands"] = [value, HANDS[1]]
        else:
            kwargs[argument] = value
        try:
            assert read_plain_spot(**kwargs) is None, (argument, value)
        except (TypeError, ValueError) as e:
            assert word in str(e), (argument, value, str(e))

    check()
