"""The XML sites' fourth round of speed work against their plain definitions: Merge's pieces
numbered by the line each starts on, counted on from the last game (each was counted from the
start of the file: a quadratic pass over a large file)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.history.sites import merge

MERGE_FRAGMENTS = st.sampled_from([
    '<description type="Holdem" stakes="$1/$2"/>', '<game id="1">', '<game id="2">', "</game>", "\n", "x", " ",
    "\n\n", "<description/>", "<game id=", '"'])
MERGE_TEXTS = st.lists(MERGE_FRAGMENTS, max_size=30).map("".join)


@settings(max_examples=500, deadline=None)
@given(MERGE_TEXTS)
def test_merge_pieces_start_on_the_lines_of_their_games(text):
    starts = [m.start() for m in merge._GAME_START.finditer(text)]
    games = [(line, piece) for line, piece in merge.split(text) if merge._GAME_START.search(piece)]
    assert [line for line, _ in games] == [1 + text.count("\n", 0, at) for at in starts]
