"""The range language's bounded work and clear refusals (issue 38 items 1, 5, 9, 10, 11)."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

import pyeval
from pyeval import parse_range
from pyeval.ranges import CLASS_NAMES, Range, RangeError

# -- item 11: only ASCII letters are syntax ------------------------------------------------------

@pytest.mark.parametrize("text,game,bad", [
    ("ＡＡ", "omaha", "Ａ"),        # full-width A: was 87,685 hands (a rank variable)
    ("AÀKK", "omaha", "À"),
    ("ÉÉ", "omaha6", "É"),
    ("AA,ＫＫ", "holdem", "Ｋ"),
    ("１５%", "holdem", "１"),      # a full-width digit read as 15 by float()
    ("AsKs,Ｑ", "stud", "Ｑ"),
])
def test_non_ascii_characters_are_refused_by_name(text, game, bad):
    with pytest.raises(RangeError, match=f"{bad!r}.*column {text.index(bad) + 1}"):
        parse_range(text, game=game)


def test_unicode_spaces_are_still_spaces():
    assert parse_range("AA,\u00a0KK") == parse_range("AA,KK")


# -- item 10: one bound for every way to write a weight ------------------------------------------

@pytest.mark.parametrize("text", ["AA@1e308,KK", "AA@1e-308,KK", "AA:1e308,KK", "AA:1e-308,KK",
                                  "(AA,KK)@1e60", "AA@1e-51"])
def test_weights_far_apart_are_refused_however_written(text):
    with pytest.raises(RangeError, match="between 1e-50 and 1e\\+50"):
        parse_range(text, game="omaha")


@pytest.mark.parametrize("weights", [[1e308, 1.0], [1e-308, 1.0]])
def test_range_objects_take_the_same_weight_bound(weights):
    with pytest.raises(ValueError, match="between 1e-50 and 1e\\+50"):
        Range.from_hands(["AsAh", "KsKh"], weights)


def test_weights_at_the_bounds_are_kept():
    r = parse_range("AA@1e50,KK@1e-50", game="omaha")
    assert set(r.weights.tolist()) == {1e50, 1e-50}


def test_the_omaha_weights_of_the_issue_no_longer_overflow_the_sampler():
    """AA@1e308,KK@1e-308 gave 0.457 where AA alone is 0.525: now refused before anything runs."""
    with pytest.raises(ValueError, match="weights"):
        pyeval.equity("omaha", ["AA@1e308,KK@1e-308", "random"], board="2c7d9hTs")


# -- item 5: deep nesting ---------------------------------------------------------------------------

def test_deep_parentheses_are_refused_with_a_range_error():
    with pytest.raises(RangeError, match="nest"):
        parse_range("(" * 400 + "AA" + ")" * 400, game="omaha")


def test_moderate_parentheses_still_parse():
    assert parse_range("(" * 30 + "AA" + ")" * 30, game="omaha") == parse_range("AA", game="omaha")


def test_a_long_chain_of_exclusions_parses_without_recursion():
    """``AA!KK!...`` x 2000 raised RecursionError (the chain is a left-deep tree)."""
    others = [c for c in CLASS_NAMES if c != "AA"]
    text = "random!" + "!".join(others * 12)  # 2,016 exclusions: AA is left
    assert text.count("!") > 2000
    assert parse_range(text) == parse_range("AA")


def test_a_long_chain_of_both_parses():
    assert parse_range("AA" + ":A*" * 100, game="omaha") == parse_range("AA", game="omaha")


# -- item 9: card codes of a Range ------------------------------------------------------------------

@pytest.mark.parametrize("codes,bad", [([[51, 60]], "60"), ([[51, 300]], "300"), ([[-1, 5]], "-1")])
def test_range_codes_outside_the_deck_are_refused_by_name(codes, bad):
    """[[51, 60]] raised IndexError inside equity; [[51, 300]] silently became AsKc."""
    with pytest.raises(ValueError, match=f"outside 0..51.*{bad}"):
        Range(np.array(codes))


def test_range_codes_must_be_integers():
    with pytest.raises(TypeError, match="integer card codes"):
        Range(np.array([[51.5, 3.0]]))


# -- item 1: a range is priced before it is built ---------------------------------------------------

@pytest.mark.parametrize("text,game,count", [
    ("RONBG", "omaha5", "380,204,032"),   # asked numpy for 6.8 GiB (MemoryError at a 7.3 GB peak)
    ("RONB", "omaha6", "366,292,966"),    # 91 s and 4.4 GB
    ("RONB@1", "omaha6", "366,292,966"),
    ("AA**,RONBG", "omaha5", "380,204,032"),
])
def test_patterns_past_the_work_limit_are_refused_at_once_with_their_count(text, game, count):
    started = time.perf_counter()
    with pytest.raises(RangeError, match=f"{count} candidate hands.*MAX_RANGE_WORK"):
        parse_range(text, game=game)
    assert time.perf_counter() - started < 2.0


def test_plain_omaha_tokens_are_priced_together():
    """Each of A, K, Q, J is 8,087,008 Omaha-6 hands: four of them pass the limit together, and
    nothing is built before the refusal."""
    started = time.perf_counter()
    with pytest.raises(RangeError, match="'J' .*9,396,240 candidate hands.*37,584,960 with.*MAX_RANGE_WORK"):
        parse_range("A,K,Q,J", game="omaha6")  # 4 x C(51, 5) rows each, before the duplicates go
    assert time.perf_counter() - started < 2.0


def test_the_limits_module_names_the_range_bounds():
    from pyeval.query import limits

    assert limits.MAX_RANGE_WORK >= math.comb(52, 6)  # a random Omaha-6 hand is built
    assert limits.MAX_NESTING >= 30


@pytest.mark.parametrize("text,game", [("AA,", "omaha"), ("AA@1,", "omaha"), ("AA,", "holdem"),
                                       ("AA:1,", "omaha6")])
def test_a_repeated_token_costs_linear_time(text, game):
    """'AA,' * 10_000 took 5.8 GB, * 100_000 more than 45 s."""
    started = time.perf_counter()
    r = parse_range(text * 100_000 + "KK", game=game)
    assert time.perf_counter() - started < 20.0
    assert r == parse_range("AA,KK", game=game)


@pytest.mark.parametrize("text", ["AA:0.5,AAKK:2,AA:0.5", "AA@0.5,AAKK@2,AA@0.5", "(AA,KK)@3,KKQQ,(AA,KK)@3"])
def test_a_repeated_token_still_overrides_what_came_between(text):
    """Reading a repeated token once (its last occurrence) keeps 'the later token wins'."""
    r = parse_range(text, game="omaha")
    pieces = [p.replace("(", "").replace(")", "") for p in text.split(",")]
    expected: dict[str, float] = {}
    for piece in _sub_ranges(text):
        body, _, w = piece.replace("@", ":").rpartition(":")
        body, w = (body, float(w)) if body else (piece, 1.0)
        for hand in parse_range(body, game="omaha").hands():
            expected[hand] = w
    assert pieces and r.to_dict() == expected


def _sub_ranges(text: str) -> list[str]:
    """Split at the commas outside parentheses, '(AA,KK)@3' -> 'AA@3', 'KK@3'."""
    out, depth, cur = [], 0, ""
    for ch in text + ",":
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    flat = []
    for part in out:
        if part.startswith("("):
            inner, _, w = part[1:].partition(")")
            flat += [f"{x}{w}" for x in inner.split(",")]
        else:
            flat.append(part)
    return flat
