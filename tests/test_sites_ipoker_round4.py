"""iPoker's fourth round of speed work against the patterns it replaced: the ``<game>`` tag found
where a ``<game`` starts and the last start date looked for from the end, each the pattern's own
answer (the patterns searched or were tried at every character of the text)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.history.sites import ipoker

GAME_FRAGMENTS = st.sampled_from([
    "<game", "<game ", "<game\t", "<games ", '<game gamecode="7">', '<game gamecode="">', "<game x=1>",
    'gamecode="5"', " gamecode=", '"', ">", "<", "<startdate>", "</startdate>", "<startdate>x</startdate>",
    "<startdate></startdate>", "</start", "2014-01-06 10:33:13", "é", "\n", " ", "x", "<general>"])
GAME_TEXTS = st.lists(GAME_FRAGMENTS, max_size=30).map("".join)


def spans(found):
    return None if found is None else (found.span(), found.group(0))


@settings(max_examples=600, deadline=None)
@given(GAME_TEXTS)
def test_the_game_tag_is_the_game_patterns_search(text):
    assert spans(ipoker._game_tag(text)) == spans(ipoker._XML_GAME.search(text))


@settings(max_examples=600, deadline=None)
@given(GAME_TEXTS, st.integers(0, 30))
def test_the_last_start_date_is_the_start_date_patterns_last_match(text, start):
    dates = ipoker._STARTDATE.findall(text, start)
    assert ipoker._last_start_date(text, start) == (dates[-1] if dates else "")


def test_a_start_date_not_closed_is_passed_over_for_an_earlier_one():
    text = "<startdate>1</startdate><startdate>2<x></startdate>"
    assert ipoker._last_start_date(text, 0) == "1"
    assert ipoker._last_start_date(text, 1) == ""


def plain_iso_date(text: str) -> str:
    """``_iso_date`` as it was: the groups of the pattern that matched."""
    m = ipoker._ISO_DATE.match(text.strip())
    if m:
        return f"{m.group(1)}-{m.group(2)}-{m.group(3)}T{m.group(4)}"
    m = ipoker._DAY_FIRST_DATE.match(text.strip())
    return f"{m.group(3)}-{m.group(2)}-{m.group(1)}T{m.group(4)}" if m else ""


DATE_PARTS = st.sampled_from([
    "2014-01-06 10:33:13", "2014-01-06T10:33:13", "18.05.2021 18:26:13", "18/05/2021 18:26:13", "٣014-01-06 10:33:1٣",
    "2014-01-06x10:33:13", "2014", "-", "01", " ", "T", "10:33:13", ":", "1", "٣", ".", "/", "x", "\n"])


@settings(max_examples=600, deadline=None)
@given(st.lists(DATE_PARTS, max_size=10).map("".join))
def test_a_date_is_what_the_date_patterns_groups_say(text):
    assert ipoker._iso_date(text) == plain_iso_date(text)


def test_an_iso_date_and_a_day_first_date_are_read():
    assert ipoker._iso_date(" 2014-01-06 10:33:13 ") == "2014-01-06T10:33:13"
    assert ipoker._iso_date("18.05.2021 18:26:13") == "2021-05-18T18:26:13"


@settings(max_examples=600, deadline=None)
@given(GAME_TEXTS, st.integers(0, 30))
def test_the_game_tag_from_a_start_is_the_game_patterns_search_from_it(text, start):
    assert spans(ipoker._game_tag(text, start)) == spans(ipoker._XML_GAME.search(text, start))


@settings(max_examples=600, deadline=None)
@given(GAME_TEXTS)
def test_the_game_starts_are_where_the_game_patterns_matches_start(text):
    assert ipoker._game_starts(text) == [m.start() for m in ipoker._XML_GAME.finditer(text)]


FIELD_FRAGMENTS = st.sampled_from([
    "<gametype>", "</gametype>", "Holdem NL €0.50/€1", "<a_b>", "</a_b>", "<é1>", "</é1>", "<x y>", "</x y>", "<>",
    "</>", "<", ">", "</", "x", " ", "\n", "<tablename>", "</tablename>", "<general>", "</general>", "<_>", "</_>"])


@settings(max_examples=800, deadline=None)
@given(st.lists(FIELD_FRAGMENTS, max_size=30).map("".join))
def test_the_session_fields_are_the_field_patterns_matches(text):
    assert ipoker._fields(text) == dict(ipoker._FIELD.findall(text))


@settings(max_examples=1500, deadline=None)
@given(GAME_TEXTS, GAME_TEXTS, GAME_TEXTS)
def test_a_game_tag_right_after_a_known_session_is_the_first(head, first_rest, rest):
    """A session whose own game's tag started right after it: in another text that starts with it,
    a match right after it is the pattern's first (search's) match."""
    first_tag = '<game gamecode="1">'
    if (found := ipoker._XML_GAME.search(head + first_tag + first_rest)) is None or found.start() != len(head):
        return  # not a session followed by its game
    for text in (head + rest, head + first_tag + rest, head + '<game x="<game gamecode=">' + rest,
                 first_tag + rest + first_tag + rest):  # (the last may not start with the session)
        fast = ipoker._game_tag_after(text, head)
        if fast is not None:
            assert spans(fast) == spans(ipoker._XML_GAME.search(text))


def test_a_session_before_a_game_tag_cut_short_is_searched_from_the_start():
    head = '<session><general>x</general>\n'
    assert ipoker._game_tag_after(head + "<game>", head) is None
    assert ipoker._game_tag_after("<other>" + '<game gamecode="1">', head) is None
    assert spans(ipoker._game_tag_after(head + '<game gamecode="2">', head)) == ((len(head), len(head) + 19),
                                                                               '<game gamecode="2">')
