"""iPoker's third round of speed work against the plain definitions it replaced: the decimal mark
said without a pattern when no amount has a mark, and a raise written as what it adds read with
every player's street total from one pass over the events (``street_total`` a player before)."""

from __future__ import annotations

import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.history.sites import ipoker, ipoker_text, ipoker_xml
from pyeval.history.sites.assemble import street_total
from pyeval.history.sites.model import ZERO

MONEY_TEXTS = st.lists(st.sampled_from(["1", "0", "12", ".", ",", "5.50", "1.500", "0,25", "€", " ", "x", "1.5",
                                        "3,000", "9.", "٣", "²", "1.5000", "0,250"]), max_size=12).map("".join)


POINT_DECIMALS = re.compile(r"\d\.\d{1,2}(?!\d)")
COMMA_DECIMALS = re.compile(r"\d,\d{2}(?!\d)|\d\.\d{3}(?!\d)")


def plain_decimal_mark(text: str) -> str:
    """``decimal_mark`` as it was: the two patterns searched over the whole text."""
    if POINT_DECIMALS.search(text):
        return "."
    return "," if COMMA_DECIMALS.search(text) else "."


@settings(max_examples=1500, deadline=None)
@given(MONEY_TEXTS)
def test_the_decimal_mark_is_what_the_patterns_say(text):
    assert ipoker_text.decimal_mark(text) == plain_decimal_mark(text)


def test_amounts_without_a_mark_are_read_with_a_point():
    assert ipoker_text.decimal_mark("€1 200 0") == "."
    assert ipoker_text.decimal_mark("0,25 1") == ","


PLAYERS = ("A", "B", "C")
STREETS = ("preflop", "flop")
AMOUNTS = st.sampled_from([Decimal("0"), Decimal("1"), Decimal("1.0"), Decimal("2"), Decimal("2.00"), Decimal("5")])
EVENTS = st.lists(st.tuples(st.sampled_from(["small-blind", "big-blind", "call", "bet", "raise", "fold", "check",
                                             "ante", "deal"]),
                            st.sampled_from(PLAYERS), st.sampled_from(STREETS), AMOUNTS, AMOUNTS),
                  max_size=12).map(lambda rows: [(k, n, s, a, b, False, "", 0, 0, 0) for k, n, s, a, b in rows])


def plain_chips_added(name, chips, allin, street, events, seats):
    """``chips_added`` as it was: each player's street total summed over the events on its own."""
    to = street_total(events, name, street) + chips
    top = max((street_total(events, n, street) for n in seats), default=ZERO)
    if to <= top and (allin or top):
        if not allin and to < top:
            raise ValueError("short")
        events.append(("call", name, street, chips, ZERO, allin, "", 0, 0, 0))
    elif top == 0:
        events.append(("bet", name, street, chips, ZERO, allin, "", 0, 0, 0))
    else:
        events.append(("raise", name, street, ZERO, to, allin, "", 0, 0, 0))


@settings(max_examples=500, deadline=None)
@given(EVENTS, st.sampled_from(PLAYERS), AMOUNTS, st.booleans(), st.sampled_from(STREETS),
       st.lists(st.sampled_from(PLAYERS), unique=True, max_size=3))
def test_chips_added_is_the_players_street_totals_one_by_one(events, name, chips, allin, street, seated):
    seats = {n: k for k, n in enumerate(seated)}
    expected, got = list(events), list(events)
    try:
        plain_chips_added(name, chips, allin, street, expected, seats)
    except ValueError:
        expected = None
    try:
        ipoker_text.chips_added(name, chips, allin, street, got, seats)
    except ValueError:
        got = None
    assert got == expected
    if got is not None:  # the same Decimal written the same way (1.0 is not written as 1)
        assert [str(v) for v in got[-1][3:5]] == [str(v) for v in expected[-1][3:5]]


def test_the_money_values_of_tags_that_repeat_the_last_ones_names_are_kept():
    """A tag written as the last of its name reuses that tag's names and which of them are money
    (``_Layout``): its money values are still those the money pattern finds."""
    text = ('<game gamecode="1"><player seat="1" name="A" chips="1.50" bet="0.50" win="0"/>'
            '<player seat="2" name="B" chips="2,00" bet="1" win="1.5"/><round no="0">'
            '<action no="1" player="A" type="1" sum="0.50"/><action no="2" player="B" type="2" sum="1"/>'
            '</round></game>')
    _, elements, money = ipoker_xml.game_elements(text, ipoker._XML_GAME.search(text))
    assert money == ipoker_xml.MONEY_VALUES.findall(text) == ["1.50", "0.50", "0", "2,00", "1", "1.5", "0.50", "1"]
    second = [element.fields() for element in elements if element.tag == "player"][1]
    assert second == {"seat": "2", "name": "B", "chips": "2,00", "bet": "1", "win": "1.5"}


def plain_card_text(text: str) -> str:
    """``card_text`` as it was: every word read again."""
    out = []
    for word in text.split():
        if word.upper() == "X":
            out.append("??")
            continue
        rank = word[1:].upper()
        out.append(("T" if rank == "10" else rank) + word[0].lower())
    return "".join(out)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["SA", "D10", "X", "x", "h9", "C", "", " ", "\\n", "SK", "d10", "Xx", "é2"]),
                max_size=8).map(" ".join))
def test_card_text_reads_each_word_as_before(text):
    assert ipoker_text.card_text(text) == plain_card_text(text)
    assert ipoker_text.card_text(text) == plain_card_text(text)  # (the second time from the kept words)
