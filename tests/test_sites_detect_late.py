"""The detects of the readers late in ``READERS`` (Merge, Boss Media, Entraction, Microgaming, IGT,
OnGame) decide from a literal before any pattern, so that another site's file is told no
cheaply; they must still say yes to exactly the texts their format's definition says yes to.
The definitions here are the format's start as a pattern over the start of the text, written
apart from the readers."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import bossmedia, entraction, igt, merge, microgaming, ongame

DEFINITIONS = {
    merge: lambda t: re.search(r'<game id="', t[:3000]) is not None,
    bossmedia: lambda t: re.search(r'<HISTORY ID="', t[:3000]) is not None,
    microgaming: lambda t: re.search(r'<Game (?:hhversion=|id=")', t[:3000]) is not None,
    entraction: lambda t: re.search(r"^\ufeff?Game # \d+ - ", t[:3000], re.M) is not None,
    ongame: lambda t: re.search(r"^\ufeff?\*{5} History for hand ", t[:3000], re.M) is not None,
    igt: lambda t: re.match(r'\{\s*"history"\s*:\s*\[', t.lstrip("\ufeff \n\t")[:100]) is not None,
}

# pieces of the formats' starts, to build texts near the boundary of each definition
PIECES = ['<game id="', '<game id=', '<HISTORY ID="', "<HISTORY ", '<Game hhversion="2"', '<Game id="', "<Game ",
          "Game # 123 - ", "Game # ", "Game # x - ", "***** History for hand R5 ", "***** History for hand",
          "**** History for hand ", '{"history": [', '{ "history" :[', "{", "\ufeff", "\n", " ", "\t", "x", "é",
          "€", "-", "#", "1"]

texts = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join),
    st.tuples(st.integers(0, 3100), st.sampled_from(PIECES)).map(lambda p: "a" * p[0] + p[1] + "\nrest"),
    st.tuples(st.integers(0, 120), st.sampled_from(PIECES)).map(lambda p: " " * p[0] + p[1]),
    st.tuples(st.integers(0, 3), st.integers(80, 100)).map(lambda p: "\n" * p[0] + "{" + " " * p[1] + '"history":['),
    st.text(max_size=60),
)


@given(text=texts)
@settings(max_examples=600, deadline=None)
@example(text="a" * 2990 + '<game id="')  # the literal ends past the 3000th character
@example(text="a" * 2989 + '<game id="')
@example(text=" " * 90 + '{"history":[')  # the JSON start ends past the 100th character after the blanks
@example(text="\ufeff\n" + " " * 95 + '{"history":[')
@example(text="{" + " " * 89 + '"history":[')  # 101 characters
@example(text="\ufeff {" + " " * 88 + '"history":[')  # 100 after the blanks
def test_each_detect_says_yes_exactly_where_its_definition_does(text):
    for module, definition in DEFINITIONS.items():
        assert module.detect(text) == definition(text), (module.SITE, text[:80])
