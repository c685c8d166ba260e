"""The PokerStars-like family's parser, read with fewer passes (issue 40's speed work), against
the plain definitions it replaces: the hand's lines, the new cards of a board line, and a
summary seat line's player found by its seat number's text."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import example, given
from hypothesis import strategies as st

from pyeval.history.sites import pokerstars, stars_header, stars_text, stars_totals
from pyeval.history.sites.model import ZERO
from pyeval.history.sites.stars_totals import summary_of

LINE_PARTS = st.sampled_from(["", " ", "\t", "\r", "\u2003", "\x1c", "\x85", "\x7f", "~", "!", "Hand cancelled",
                              "Hand cancelled ", " Hand cancelled", "x", "Seat 1: a", "*** SUMMARY ***"])


def lines_by_definition(text: str) -> tuple[list[str], bool]:
    """The loop ``parse_hand`` ran before: the stripped lines, blank ones left out, then the
    first line stripped on its left too; and the list searched for the cancel line."""
    lines: list[str] = []
    for x in text.split("\n"):
        x = x.rstrip()
        if x:
            lines.append(x)
    if lines:
        lines[0] = lines[0].lstrip()
    return lines, "Hand cancelled" in lines


@given(st.lists(st.lists(LINE_PARTS, max_size=3).map("".join), max_size=8).map("\n".join))
@example("  Hand cancelled\n\nx")
@example("Hand cancelled  \r\n x")
def test_lines_of_is_the_definition(text):
    assert stars_text._lines_of(text) == lines_by_definition(text)


CARD = st.sampled_from(["Ah", "Kd", "7c", "2s", "??", "Th"])
CARDS = st.lists(CARD, max_size=6).map("".join)


def new_cards_by_definition(before: str, board: str) -> str:
    """What ``parse_hand`` computed before: the board's cards not among those of ``before``."""
    seen = {before[a:a + 2] for a in range(0, len(before), 2)}
    cards = [board[a:a + 2] for a in range(0, len(board), 2)]
    return "".join(c for c in cards if c not in seen)


@given(CARDS, CARDS, st.booleans(), st.sampled_from(["", "A", "h"]))
@example("AhKd7c", "AhKd7c2s", True, "")
@example("AhKd", "AhKdAh", True, "")
@example("", "AhAh", False, "")
@example("A", "AhKd", False, "")
def test_new_cards_is_the_definition(before, board, prefixed, odd):
    """Boards that start with the cards before (the usual line), boards that reorder or repeat
    them, and texts of an odd length."""
    if prefixed:
        board = before + board
    before += odd
    assert stars_totals.new_cards(before, board) == new_cards_by_definition(before, board)


SEAT_TEXT = st.sampled_from(["1", "3", "03", "10", "٣"])


@given(st.lists(st.tuples(SEAT_TEXT, st.sampled_from(["a", "b", "c"])), min_size=1, max_size=4),
       SEAT_TEXT)
@example([("3", "a"), ("03", "b")], "3")
@example([("3", "a"), ("٣", "b")], "3")
def test_summary_player_by_seat_text_is_by_seat_number(seat_lines, summary_seat):
    """A summary line's player found by the seat number's text as written on the seat lines
    is the player found by the number (``parse_hand`` gives the text only when each number is
    written one way)."""
    seat_player: dict[int, str] = {}
    seat_numbers: dict[str, str] = {}
    for number, name in seat_lines:
        seat_player[int(number)] = name
        seat_numbers[number] = name
    if len(seat_numbers) != len(seat_player):
        seat_numbers.clear()
    line = [f"Seat {summary_seat}: {seat_player.get(int(summary_seat), 'z')} collected (5)"]

    def read(numbers: dict[str, str]):
        try:
            return summary_of(line, 0, seat_player, numbers, 1)
        except ValueError as e:
            return str(e)

    assert read(seat_numbers) == read({})


CHARS = st.sampled_from(["0", "9", "5", "/", ":", " ", "\t", "\x1c", "\x85", "\xa0", "\u2003", "٣", "²", "a", "Z",
                         "\x00", "\x7f"])
TEXTS = st.lists(CHARS, max_size=8).map("".join)


@given(TEXTS, st.integers(0, 8), st.integers(0, 8))
@example("٣", 0, 1)
@example("²", 0, 1)
def test_character_scans_are_the_string_methods(text, a, b):
    """The header's scans by character codes against ``str.isdecimal`` and ``str.isspace``."""
    start, end = min(a, len(text)), min(b, len(text))
    assert stars_header.decimal_at(text, start, end) == text[start:end].isdecimal()
    k = start
    while k < len(text) and text[k].isspace():
        k += 1
    assert stars_header.space_end(text, start) == k
    k = start
    while k < len(text) and text[k].isdecimal():
        k += 1
    assert stars_header.decimal_end(text, start) == k


AMOUNTS = st.sampled_from([ZERO, Decimal(0), Decimal("0.00"), Decimal("1.5"), Decimal("2"), Decimal("-0.25"),
                           Decimal("100.10")])


@given(st.lists(AMOUNTS, max_size=7))
@example([Decimal("0.00"), ZERO])
@example([ZERO, ZERO])
def test_pot_of_is_the_sum(put_in):
    """The pot without the sums with ZERO itself is ``sum`` from ZERO, digit for digit."""
    assert str(stars_totals.pot_of(put_in)) == str(sum(put_in, ZERO))


STARS_PARTS = st.sampled_from(["PokerStars Hand #1: Hold'em\n", "PokerStars Game #2: x\n", "PokerStars ",
                               "PokerStars Hand #3: ", "Seat 1: a\n", "a said, \"PokerStars Hand #4: \"\n", "\n",
                               " PokerStars Hand #5: x\n", "POKERSTARS GAME #6: x\n", "Mão PokerStars #7: x\n",
                               "Poker", "Stars ", "x"])


@given(st.lists(STARS_PARTS, max_size=10).map("".join))
@example("PokerStars Hand #1: a\nSeat 1: b PokerStars Hand #2: c\n")
@example("PokerStars Hand #1: a\nb\nPokerStars Hand #2: c\n")
def test_pokerstars_split_is_the_definition(text):
    """The split that searches no piece when every "PokerStars " starts one, against the split
    that searches each."""
    if not pokerstars._detect_at_lines(text) and pokerstars._indented(text):
        text = pokerstars._dedented(text)  # (as split does)
    assert pokerstars.split(text) == pokerstars._unglued(pokerstars._split_at_lines(text))
