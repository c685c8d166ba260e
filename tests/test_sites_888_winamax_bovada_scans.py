"""888poker's, Winamax's and Bovada's fast scans against their plain definitions (issue 40's
speed work): each reader's ``detect`` and hand starts against the regular expressions led by
``^`` (``re.M``) they replace, and 888's decimal mark, Spanish suits, brackets and cards, Winamax's
section lines and summary names, against the patterns and loops they were."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import bovada, poker888, winamax
from pyeval.history.sites.hand_starts import split_at
from pyeval.history.sites.text_lines import header_line

OLD_888_HEADER = re.compile(r"^\*{5} (?:888poker(?:\.[\w-]+)?|Cassava|888\.\w+(?: BLAST)?|Pacific Poker|"
                            r"LuckyAcePoker\.com) Hand History for Game", re.M)
OLD_WINAMAX_START = re.compile(r"^Winamax Poker - ", re.M)
OLD_BOVADA_BRANDS = r"(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK| Canada|88)?) Hand #"
OLD_BOVADA_START = re.compile(r"^\ufeff?" + OLD_BOVADA_BRANDS, re.M)
OLD_BOVADA_SPLIT = re.compile(r"\ufeff?" + OLD_BOVADA_BRANDS + r"(?=\d)")
"""The readers' patterns before the speed work: what the fast scans must find."""

HEADERS = st.sampled_from([
    "***** 888poker Hand History for Game 1 *****", "***** Cassava Hand History for Game 2 *****",
    "***** 888.ro BLAST Hand History for Game 3", "***** 888poker.ca-on Hand History for Game 4",
    "***** Pacific Poker Hand History for Game 5", "***** Hand History for Game 6 *****",  # partypoker's
    "#Game No : 7", "Winamax Poker - CashGame - HandId: #1", "Winamax Poker -", "Bovada Hand #12 TBL#1",
    "Ignition Hand #3", "Bodog.eu Hand #4", "Bodog Canada Hand #5", "Bodog88 Hand #x", "\ufeffBovada Hand #6",
    "PokerStars Hand #7: ", "Hand #8", "\ufeff", "*****", "***** ", "Game", " Hand #", "\n", "\n", " ", "xy"])
TEXTS = st.lists(st.one_of(HEADERS, st.integers(0, 40).map(lambda n: "x" * n)), max_size=25).map("".join)
"""Texts of headers of the three sites and their look-alikes, line breaks and filler (long enough
for a header to cross the window ``detect`` looks in)."""


def anchored(pattern: re.Pattern[str], text: str, end: int) -> bool:
    """The plain definition of ``detect``: the pattern led by ``^`` searched in the text's start."""
    return pattern.search(text[:end]) is not None


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.integers(0, 400))
def test_detect_is_the_anchored_pattern_on_the_start_of_the_text(text, pad):
    text = "x" * pad + text if pad % 3 == 0 else text
    assert poker888.detect(text) == anchored(OLD_888_HEADER, text, 3000)
    assert winamax.detect(text) == anchored(OLD_WINAMAX_START, text, 2000)
    assert bovada.detect(text) == anchored(OLD_BOVADA_START, text, 3000)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.integers(0, 60))
def test_header_line_looks_no_further_than_its_end(text, end):
    body = re.compile(r"\*+ [A-Za-z]")
    assert header_line(text, " ", body, end) == (re.compile(r"^\*+ [A-Za-z]", re.M).search(text[:end]) is not None)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_hands_start_where_the_old_patterns_matched(text):
    assert [m.start() for m in poker888._HEADER.finditer(text)] == [m.start() for m in OLD_888_HEADER.finditer(text)]
    assert winamax.split(text) == split_at(OLD_WINAMAX_START, text)
    assert bovada.split(text) == split_at(OLD_BOVADA_SPLIT, text)


AMOUNTS = st.lists(st.sampled_from(["1", "23", "4", ",", ".", " ", "$", "€", "[", "]", "p", "t", "c", "10", "A",
                                    "K", "x", "\n", "١"]), max_size=30).map("".join)
"""Text of digits (one Arabic-Indic: ``\\d`` is any decimal digit), marks, brackets and suits."""


@settings(max_examples=500, deadline=None)
@given(AMOUNTS)
def test_888_decimal_mark_and_spanish_suits_are_the_old_patterns(text):
    old_comma = re.search(r"\d,\d{1,2}(?![\d])", text) or re.search(r"\d\.\d{3}(?![\d])", text)
    assert poker888._decimal_mark(text) == ("," if old_comma else ".")
    assert poker888._spanish(text) == (re.search(r"[\[ ](?:10|[2-9TJQKA])[pt][ ,\]]", text) is not None)


@settings(max_examples=500, deadline=None)
@given(AMOUNTS, st.booleans())
def test_888_brackets_are_the_old_findall(text, last):
    found = re.findall(r"\[([^\]]*)\]", text)
    if not found:
        try:
            poker888._bracketed(text, 3, last)
        except ValueError as e:
            assert "line 3: no [amount] or [cards]" in str(e)
        else:
            raise AssertionError("no bracket, yet one was read")
    else:
        assert poker888._bracketed(text, 3, last) == (found[-1] if last else found[0])


def test_888_cards_in_every_notation():
    assert poker888._cards("Ah, Td, 2c", 1, False) == "AhTd2c"  # as pyeval writes them
    assert poker888._cards("Hc, Vs, Bh, 10d", 1, False) == "KcQsJhTd"  # Dutch
    assert poker888._cards("APik KHerz", 1, False) == "AsKh"  # German
    assert poker888._cards("7p, 8t, Ac", 1, True) == "7s8cAh"  # Spanish: c is hearts


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["*** ", "***", "FLOP", " ***", " ", "[4c 9h]", "x", "SUMMARY", "*"]),
                max_size=8).map("".join))
@example("***  *** ***")  # the label is not empty: " ***"
def test_winamax_section_is_the_old_pattern(line):
    m = re.match(r"^\*\*\* (.+?) \*\*\*\s*(.*)$", line)
    label, after = winamax._section(line)
    assert label == (m.group(1) if m else "")
    assert re.findall(r"\[([^\]]*)\]", after) == (re.findall(r"\[([^\]]*)\]", m.group(2)) if m else [])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Seat 1: ", "Bob", "Bob Jr", " ", "(button)", "won 2€", ": "]), max_size=6)
       .map("".join))
def test_winamax_summary_names_are_the_old_lookup(line):
    names = sorted(["Bob", "Bob Jr", "Jr"], key=len, reverse=True)
    rest = line.split(": ", 1)[1] if ": " in line else ""
    assert winamax._seat_name(line, names) == next((n for n in names if rest.startswith(n + " ") or rest == n), "")


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(["a", "B", " ", "\t", "\xa0", "\u2003", "\n", "[", "+", "\x1c"]), max_size=12))
def test_bovada_names_have_single_spaces(text):
    assert bovada._name(text) == " ".join(text.split())
