"""One number check (issue 37, pyeval.core.checks): the command line's numbers (``read_number``),
the library's lists of numbers (``number_list``) and its counts, seeds and threads refuse NaN,
infinities, bools, negatives and text with a message naming the argument; at the command line
with exit code 2 and one line, no traceback."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyeval
from pyeval.cli import main
from pyeval.core.checks import number_list, read_number


def _cli(capsys, argv: list[str]) -> tuple[int, list[str]]:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's usage errors
        code = stop.code
    return code, capsys.readouterr().err.strip().splitlines()


EQUITY = ["equity", "holdem", "AhAs", "KdKc"]


@pytest.mark.parametrize("argv, names", [
    (EQUITY + ["--samples", "1.5"], "--samples"),  # once read as 1 sample
    (EQUITY + ["--samples", "nan"], "--samples"),
    (EQUITY + ["--samples", "-5"], "--samples"),
    (EQUITY + ["--samples", "true"], "--samples"),
    (EQUITY + ["--stderr", "inf"], "--stderr"),
    (EQUITY + ["--stderr", "0"], "--stderr"),
    (EQUITY + ["--seed", "-1"], "--seed"),
    (EQUITY + ["--seed", "1.5"], "--seed"),
    (["icm", "5000", "nan", "--payouts", "50"], "stacks"),
    (["icm", "5000", "3000", "--payouts", "50,inf"], "--payouts"),
    (["icm", "5000", "3000", "--payouts", "50", "--samples", "inf"], "--samples"),
    (["pushfold", "10", "--sb", "nan"], "--sb"),
    (["pushfold", "ten"], "stack"),
    (["pushfold", "10", "--players", "2.5"], "--players"),
    (["pushfold", "10", "20", "--payouts", "50,30", "--stacks", "inf"], "--stacks"),
    (["simulate", "holdem", "--players", "2", "--deals", "0"], "--deals"),
    (["simulate", "holdem", "--players", "2", "--deals", "2.5"], "--deals"),
    (["strength", "table", "river", "--bins", "nan"], "--bins"),
])
def test_the_command_line_refuses_a_bad_number_in_one_line_naming_it(capsys, argv, names):
    code, err = _cli(capsys, argv)
    assert code == 2 and len(err) == 1, err
    assert names in err[0] and "Traceback" not in err[0] and "invalid int value" not in err[0]


@pytest.mark.parametrize("call, names", [
    (lambda: pyeval.icm([5000, math.nan], [50, 30]), "stacks"),
    (lambda: pyeval.icm([5000, True], [50, 30]), "stacks"),
    (lambda: pyeval.icm([5000, "3000"], [50, 30]), "stacks"),
    (lambda: pyeval.icm([5000, 3000], [50, -30]), "payouts"),
    (lambda: pyeval.icm([5000, 3000], [50, math.inf]), "payouts"),
    (lambda: pyeval.simulate("holdem", 2, math.nan), "deals"),
    (lambda: pyeval.simulate("holdem", 2, True), "deals"),
    (lambda: pyeval.simulate("holdem", 2, 100, seed=-1), "seed"),
    (lambda: pyeval.simulate("holdem", 2, 100, threads=0), "threads"),
    (lambda: pyeval.best_keep("aviation", ["AhAsKdQc", "random"], samples=math.nan), "samples"),
    (lambda: pyeval.best_keep("aviation", ["AhAsKdQc", "7c7d"], threads=True), "threads"),
    (lambda: pyeval.next_card("holdem", ["AhAs", "KdKc"], "7c8c2d", threads=math.inf), "threads"),
    (lambda: pyeval.pushfold(math.nan), "stack"),
    (lambda: pyeval.pushfold(10, sb="1"), "sb"),
    (lambda: pyeval.deal("holdem", 2, deals=-3), "deals"),
])
def test_the_library_refuses_a_bad_number_naming_it(call, names):
    with pytest.raises((ValueError, TypeError), match=names):
        call()


def test_a_hand_history_with_a_bad_stack_is_skipped_naming_the_field():
    from pyeval.history.validate import InvalidHand, _numbers

    for bad in ([1000, math.nan], [1000, -1], [True, 1000], [1000, math.inf], "1000"):
        with pytest.raises(InvalidHand, match="starting_stacks must be a list of numbers >= 0"):
            _numbers({"starting_stacks": bad}, "starting_stacks", None)
    assert _numbers({"starting_stacks": [1000, 2.5]}, "starting_stacks", 2) == [1000, 2.5]


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_read_number_reads_any_finite_float_back(x):
    assert read_number(repr(x)) == x


@given(st.integers(min_value=-10**30, max_value=10**30))
def test_read_number_reads_integers_exactly(n):
    assert read_number(str(n)) == n and type(read_number(str(n))) is int
    if n >= 1:
        assert read_number(f"{n:_}", whole=True, least=1, scaled=True) == n
    else:
        with pytest.raises(ValueError, match="must be a whole number >= 1"):
            read_number(str(n), "--samples", whole=True, least=1, scaled=True)


@pytest.mark.parametrize("text, want", [("10M", 10**7), ("1.5K", 1500), ("2e3", 2000), ("100,000", 10**5)])
def test_counts_take_suffixes_and_separators(text, want):
    assert read_number(text, whole=True, least=1, scaled=True) == want


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e400", "", "ten", "1.5", "0"])
def test_counts_refuse_what_is_not_a_whole_number_of_one_or_more(text):
    with pytest.raises(ValueError, match="^--samples must be"):
        read_number(text, "--samples", whole=True, least=1, scaled=True)


def test_number_list_keeps_exact_numbers_and_names_the_list():
    assert number_list([10**400, 3], "stacks", True) == [10**400, 3]
    with pytest.raises(ValueError, match="payouts must not be empty"):
        number_list([], "payouts", False)
    with pytest.raises(TypeError, match="stacks must be a list of numbers"):
        number_list("5000", "stacks", True)


# One rule for a count given as something that is no number (a str, None, a list): TypeError
# naming the argument, whichever function takes it; a number of the wrong kind stays ValueError.
# (``evaluate_high(threads="2")`` was a ValueError while ``equity(threads="2")`` was a TypeError.)
@pytest.mark.parametrize("call", [
    lambda bad: pyeval.evaluate_high([[0, 1, 2, 3, 4]], threads=bad),
    lambda bad: pyeval.equity("holdem", ["AhAs", "KdKc"], threads=bad),
    lambda bad: pyeval.equity("holdem", ["AhAs", "KdKc"], samples=bad),
    lambda bad: pyeval.simulate("holdem", players=bad, deals=10),
])
@pytest.mark.parametrize("bad", ["2", [2], b"2"])
def test_a_count_that_is_no_number_is_a_type_error(call, bad):
    with pytest.raises(TypeError, match="must be a positive integer"):
        call(bad)


@pytest.mark.parametrize("call", [
    lambda bad: pyeval.evaluate_high([[0, 1, 2, 3, 4]], threads=bad),
    lambda bad: pyeval.equity("holdem", ["AhAs", "KdKc"], threads=bad),
])
@pytest.mark.parametrize("bad", [2.5, True, 0, -3])
def test_a_count_of_the_wrong_kind_is_a_value_error(call, bad):
    with pytest.raises(ValueError, match="must be a positive integer"):
        call(bad)
