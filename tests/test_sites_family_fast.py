"""The PokerStars-like family's string-operation fast paths against the patterns they replace
(issue 40's speed work): the table line, the header's hand id and date, a raise's amounts, and
the card groups of a ``Dealt to`` line, a seat line, the first cards in brackets, and the
cache of card texts read."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import stars_header, stars_text, stars_totals
from pyeval.history.sites.stars_totals import CARDS, card_groups, cards_text, first_cards

TABLE_FRAGMENTS = st.sampled_from(["Table ", "Table '", "Table ID '", "'", "1", "12", "6-max", "6-Max", "-max",
                                   " ", "  ", "\t", "Seat #", "Seat #3", " is the button", "x", "٣", "#",
                                   "(Play Money)", "\u2003"])


SPACE = st.sampled_from(["", " ", "  ", "\t", "\u2003"])
NUMBER = st.sampled_from(["", "1", "12", "٣", "x", "1x", " 1"])


def table_lines() -> st.SearchStrategy[str]:
    """Lines shaped as table lines, each part present, absent or slightly wrong."""
    head = st.sampled_from(["Table '", "Table ID '", "Table ", "Table ID", "table '"])
    name = st.sampled_from(["", "1", "Aglaja III", "it's", "a'b'"])
    seats = st.tuples(NUMBER, st.sampled_from(["-max", "-Max", "-MAX", "max", ""])).map("".join)
    middle = st.sampled_from(["", " (Play Money)", " x", "'"])
    button = st.tuples(st.sampled_from(["Seat #", "Seat ", "seat #", ""]), NUMBER,
                       st.sampled_from([" is the button", " is the button x", ""])).map("".join)
    return st.tuples(head, name, st.sampled_from(["'", ""]), SPACE, seats, middle, SPACE, button, SPACE).map("".join)


def table_by_pattern(x: str) -> tuple[str, int | None, int | None] | None:
    t = stars_text._TABLE.match(x)
    if t is None:
        return None
    return t.group(1), int(t.group(2)) if t.group(2) else None, int(t.group(3)) if t.group(3) else None


@settings(max_examples=1000, deadline=None)
@given(st.lists(TABLE_FRAGMENTS, max_size=12).map("".join) | table_lines())
@example("Table '1537004521 159' 6-max Seat #1 is the button")
@example("Table 'Aglaja III' 9-max (Play Money) Seat #6 is the button")
@example("Table '16609627 1' Seat #6 is the button   ")
@example("Table ID 'it's' 2-Max")
def test_table_line_is_the_pattern(x):
    assert stars_text.table_line(x) == table_by_pattern(x)


HEAD_FRAGMENTS = st.sampled_from(["PokerStars Hand #", "#", "# ", "123", "9", "HD", "a", ":", " ", "-", "_",
                                  "٣", "Tournament #12, ", "Hold'em No Limit ($0.01/$0.02) - ", "2011/11/29",
                                  "2009/10/12 - ", "/", "1/", "2025", "22:52:08", "9:26:31", "9:26", ":0",
                                  " CET", " ET", " (ET)", " ABCDEF", " [", "Z", "(", "\u2003", "\u0663\u0663"])


def mostly(valid: str, *wrong: str) -> st.SearchStrategy[str]:
    """A part of a line: as the sites write it three times in four, else one of the wrong ones."""
    return st.sampled_from([valid] * (3 * len(wrong)) + list(wrong))


def headers() -> st.SearchStrategy[str]:
    """First lines shaped as the family's headers, each part mostly as written, else slightly wrong."""
    hand_id = st.tuples(mostly("#", "# ", "", "##"), mostly("", "HD", "a_"), mostly("12", "", "٣", "1x"),
                        mostly(":", " ", "-", "_", "", "a", ":  ")).map("".join)
    date = st.tuples(mostly("2011", "201", "20111", "٣٣٣٣", "x"), mostly("/", "-"), mostly("11", "1", "111", "٣"),
                     mostly("/", ""), mostly("29", "2", "٣٣", "x"), mostly(" ", "", "  ", "\t", " - "),
                     mostly("22", "2", "222", "٣"), mostly(":", ""), mostly("52", "5", "٣٣"), mostly(":", "", "::"),
                     mostly("08", "8", "", "081"), mostly(" ", "", "  ", " ("),
                     mostly("CET", "", "E", "ET", "ABCDE", "ABCDEF", "ET)", "Et", "ET ", "1")).map("".join)
    return st.tuples(mostly("PokerStars Hand ", "Poker Hand ", ""), hand_id,
                     mostly(" Hold'em No Limit ($0.05/$0.10 USD) - ", "", " 1/"), date,
                     mostly(" [2011/11/29 16:52:08 ET]", "", "1", "/", "A")).map("".join)


def date_by_pattern(header: str) -> tuple[str, str, int, int] | None:
    d = stars_header._date(header)
    if d is None:
        return None
    y, mo, day, h, mi, sec, zone = d.groups()
    two = stars_header._two
    return f"{y}-{two(mo)}-{two(day)}T{two(h)}:{mi}:{sec or '00'}", zone or "", d.start(), d.end()


@settings(max_examples=1500, deadline=None)
@given(st.lists(HEAD_FRAGMENTS, max_size=14).map("".join) | headers())
@example("PokerStars Hand #257180854570: Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 "
         "5:24:53 ET]")
@example(" Hold'em No Limit ($1/$2) - 2009/10/12 - 23:45:12 (ET)")
@example("x 2011/11/29 22:52:08 ABCDEF")
@example("x 2011/11/29 2:52:08 CET")
@example("Poker Hand #HD1587634: Hold'em No Limit  ($0.5/$1) - 2018/11/11 22:08:11")
@example("x 2018/11/11 22:08:1")
@example("x 2018/11/11 2:08:11")
def test_hand_id_and_date_are_the_patterns(head):
    m = stars_header._HEAD_ID.search(head)
    assert stars_header.hand_id_of(head) == (None if m is None else (m.group(1), m.end()))
    assert stars_header.date_of(head) == date_by_pattern(head)


RAISE_FRAGMENTS = st.sampled_from(["raises ", "raises", " to ", "to", " ", "  ", "\t", "$1", "€2.50", "3", "x",
                                   "\u2003", "\n"])


@settings(max_examples=1000, deadline=None)
@given(st.lists(RAISE_FRAGMENTS, max_size=8).map("".join)
       | st.tuples(mostly("raises", "raise", ""), mostly(" ", "", "  ", "\t"), mostly("$1", "", "€2.50", "a b"),
                   mostly(" ", "", "  ", "\u2003"), mostly("to", "too", ""), mostly(" ", "", "\t"),
                   mostly("€2", "", "x y"), mostly("", " ", "\t", "\n")).map("".join))
@example("raises $1 to $2")
@example("raises €1\u2003to €2")
def test_raise_amounts_are_the_pattern(body):
    m = stars_text._RAISE.match(body)
    assert stars_text.raise_amounts(body) == (None if m is None else (m.group(1), m.group(2)))


DEALT_FRAGMENTS = st.sampled_from(["Dealt to ", "Dealt to", "P", "lay er", " [", "[", "]", "Ah Kd", "X", " ", "  ",
                                   "Mittel"])


@settings(max_examples=1000, deadline=None)
@given(st.lists(DEALT_FRAGMENTS, max_size=10).map("".join))
@example("Dealt to Hero [Ah Kd] [Qs]")
def test_dealt_groups_are_the_pattern(x):
    # the groups the parser cuts from ``_dealt``'s rest are those ``CARDS`` finds there
    if not x.startswith("Dealt to ") or x != x.rstrip():  # (the parser's lines: stripped, a Dealt to line)
        return
    m = stars_text._DEALT.match(x)
    name, rest = stars_text._dealt(x)
    assert (name, rest) == (m.group(1), m.group(2))
    assert stars_text.dealt_groups(rest) == CARDS.findall(rest)


@settings(max_examples=1000, deadline=None)
@given(st.tuples(st.just("Seat "), mostly("3", "", "x", "٣", "12"), mostly(": ", ":", ""),
                 mostly("Player", "", "P (1)", "P)", "a: b"), mostly(" (", "(", " ((", " "),
                 mostly("$1.50", "", "1,500", "$1.50,"), mostly(" in chips", ", in chips", " in chips, 2 bounty", "",
                                                            " in chip"),
                 mostly(")", "", "))", ") (x)"), mostly("", " is sitting out", " out of hand")).map("".join))
@example("Seat 1: Hero ($10 in chips) is sitting out")
@example("Seat 2: V ($2.50, in chips)")
def test_seat_line_is_the_pattern(x):
    # (the parser asks of lines starting ``Seat `` only)
    s = stars_text._SEAT.match(x)
    assert stars_text._seat_line(x) == (None if s is None else (s.group(1), s.group(2), s.group(3)))


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(["[", "]", "Ah Kd", "X", " ", "shows ", "(a pair)", "[]"]), max_size=8).map("".join))
@example("shows [Ah Kd] (a pair of Aces)")
@example("] [Ah")
def test_first_cards_and_card_groups_are_the_pattern(text):
    groups = CARDS.findall(text)
    assert first_cards(text) == (groups[0] if groups else None)
    assert card_groups(text) == groups


@given(st.lists(st.sampled_from(["A", "h", "K", "d", "X", " ", "k", "s", "1", "?"]), max_size=8).map("".join))
def test_cards_text_read_twice_reads_the_same(text):
    # (the second read comes from the cache of texts read)
    try:
        first = cards_text(text)
    except ValueError as e:
        with pytest.raises(ValueError, match="is not card text"):
            cards_text(text)
        assert "is not card text" in str(e)
    else:
        assert cards_text(text) == first
        assert first == stars_totals._cards_text(text)
