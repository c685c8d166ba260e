"""The fourth round's fast paths (issue 40's speed work) against the patterns they replace:
OnGame's and Entraction's hand starts found by their first words (``first_word_starts``; the
patterns led by ``^`` and an optional byte-order mark were tried at every character of the text),
OnGame's seat lines read by ``text_lines.seat_line`` and 888poker's collections by string
operations and its Spanish suits by ``str.find``, Bovada's date."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import bovada, entraction, ongame, poker888
from pyeval.history.sites.hand_starts import pieces_at
from pyeval.history.sites.text_lines import seat_line

OLD_ONGAME_START = re.compile(r"^\ufeff?\*{5} History for hand ", re.M)
OLD_ENTRACTION_START = re.compile(r"^\ufeff?Game # \d+ - ", re.M)
OLD_ONGAME_SEAT = re.compile(r"^Seat (\d+): (.+) \(([^()]*)\)$")
OLD_888_COLLECT = re.compile(r"^(.+) collected \[ ?(.+?) ?\]\s*$")
OLD_888_SPANISH = {suit: re.compile(rf"{suit}(?:(?<=[\[ ][2-9TJQKA]{suit})|(?<=[\[ ]10{suit}))[ ,\]]") for suit in "pt"}
"""The readers' patterns before: what the scans must find."""

PARTS = st.sampled_from([
    "***** History for hand R5-1-2 *****", "***** History for hand ", "****** History for hand ",
    "**** History for hand ", "***** History for hand", "\ufeff***** History for hand T5-3",
    "***** End of hand R5-1-2 *****", "Game # 12 - Table", "Game # 123 - ", "\ufeffGame # 4 - ", "Game # x - ",
    "Game # 5 -", "Game #6 - ", "Game # ", "Game # 7 - Game # 8 - ", "\ufeff", "\ufeff\ufeff", "*", "*****", " ",
    "\n", "\n", "\r\n", "Seat 1: Bob (100)", "7"])
TEXTS = st.lists(st.one_of(PARTS, st.integers(0, 40).map(lambda n: "x" * n)), max_size=25).map("".join)
"""Texts of both sites' hand starts and their look-alikes, line breaks and filler."""


def old_pieces(pattern: re.Pattern[str], text: str) -> list[tuple[int, str]]:
    return pieces_at(text, [m.start() for m in pattern.finditer(text)])


@settings(max_examples=500, deadline=None)
@given(TEXTS)
@example("\ufeff***** History for hand A\n***** History for hand B")
@example("x\n\ufeffGame # 1 - a\nGame # 2 - b\n Game # 3 - c")
def test_hands_start_where_the_old_patterns_matched(text):
    assert ongame.split(text) == old_pieces(OLD_ONGAME_START, text)
    assert entraction.split(text) == old_pieces(OLD_ENTRACTION_START, text)


@settings(max_examples=500, deadline=None)
@given(TEXTS, st.integers(0, 400))
@example("x" * 2990 + "\n***** History for hand ", 0)
@example("x" * 2985 + "\nGame # 12 - ", 0)
def test_detect_is_the_old_pattern_on_the_start_of_the_text(text, pad):
    text = "x" * pad + text if pad % 3 == 0 else text
    assert ongame.detect(text) == (OLD_ONGAME_START.search(text[:3000]) is not None)
    assert entraction.detect(text) == (OLD_ENTRACTION_START.search(text[:3000]) is not None)


LINE_PARTS = st.sampled_from([
    "Seat ", "Seat 3: ", "Seat 10: ", "Seat x: ", "Seat ٣: ", "Bob", "Big Blind", " (", "(", ")", ") ", "$1.50",
    " collected [", " collected [ ", "collected [", "[", "]", " ]", " ", "  ", "$ 1,50 ", "\t", "\u00a0", "\r", "x"])
LINES = st.lists(LINE_PARTS, max_size=12).map("".join)
"""Lines of the seat and collection lines' pieces, in any order."""


@settings(max_examples=1000, deadline=None)
@given(LINES)
@example("Seat 3: Bob (1) (2)")
@example("A collected [ 5 ] B collected []")
@example("A collected [  ]")
@example("A collected [ ]")
@example("A collected [ x]")
@example(" collected [5]")
def test_seat_and_collect_lines_read_as_the_old_patterns(x):
    x = x.rstrip()  # (both readers' lines: numbered_lines and OnGame's own drop the trailing spaces)
    seat = OLD_ONGAME_SEAT.match(x)
    assert seat_line(x) == (None if seat is None else seat.groups())
    collect = OLD_888_COLLECT.match(x)
    assert poker888._collected(x) == (None if collect is None else collect.groups())


CARD_TEXT = st.lists(st.sampled_from(["1", "2", "23", "0", "10", ",", " ", "[", "]", "p", "t", "c", "A", "K", "x",
                                      "\n", "\u0661"]), max_size=30).map("".join)
"""Text of ranks, other digits, brackets, separators and suits."""


@settings(max_examples=1000, deadline=None)
@given(CARD_TEXT)
@example("[10p]")
@example(" 10t,")
@example("0p ")
@example("x [2p]")
def test_888_spanish_cards_found_as_the_old_patterns(text):
    for suit, pattern in OLD_888_SPANISH.items():
        assert poker888._spanish_card(text, suit) == (pattern.search(text) is not None)


def test_plain_cards_read_as_themselves():
    """``model.PLAIN_CARDS``, which Entraction's cards skip the reading of card text by, holds
    exactly the texts that reading gives back unchanged."""
    from pyeval.core.cards import card_code, format_card
    from pyeval.history.sites.model import PLAIN_CARDS

    assert len(PLAIN_CARDS) == 52
    for card in PLAIN_CARDS:
        assert format_card(card_code(card)) == card
    assert entraction._cards("9d - Ts - 10h - ah", 1) == "9dTsThAh"


HEADERS = st.lists(st.sampled_from(["2013", "07", "21", "1", "-", " ", ":", "21:16:46", "2013-07-21", "x", "#",
                                    "\u0663"]), max_size=20).map("".join)


@settings(max_examples=1000, deadline=None)
@given(HEADERS)
@example("Bovada Hand #2725384529 TBL#4801331 HOLDEM Fixed Limit - 2013-07-21 21:16:46")
@example("12013-07-21 21:16:46")
def test_bovada_date_found_as_the_pattern_searched(header):
    found = bovada._date_in(header)
    old = bovada._DATE.search(header)
    assert (None if found is None else (found.span(), found.groups())) == \
        (None if old is None else (old.span(), old.groups()))
