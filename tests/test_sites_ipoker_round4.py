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
