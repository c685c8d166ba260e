"""iPoker's and partypoker's fast paths against their plain definitions (issue 40's speed work):
the XML tags and attributes read with ``str.find`` and ``str.split`` instead of the patterns
``_TAG`` and ``_ATTRS``, the money values that say the decimal mark, a hand's date and start
found without trying a pattern at every character, and the two readers' ``detect`` and ``split``.
Each plain definition is what the reader did before (a pattern over the whole text)."""

from __future__ import annotations

import html
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import ipoker, ipoker_xml, partypoker, partypoker_lines
from pyeval.history.sites.text_lines import in_brackets

# -- iPoker's XML ---------------------------------------------------------------------------------

XML_FRAGMENTS = st.sampled_from([
    "<player", "<players", "<action", "<cards", "</cards>", "<round", "<game ", "<general>", "</game>", "<",
    ">", "/>", "/", " ", "\n", "\t", "x", "_", "é", '"', "=", '="', ' seat="1"', ' name="A &amp; B"', ' sum="€0.50"',
    ' chips="1.500"', ' win="0,25"', ' bet="2"', ' totalbet="3.25"', ' no="2"', ' type="Pocket"', 'a="1"', ' 9="x"',
    ' reg_code="-"', ' x:y="1"', '  two="spaces"', ' v="ends="', "SA D10", "X X", "<startdate>", "</startdate>",
    ' player="P &lt;1&gt;"', ' dealer="1"', ' actiontxt="x"', ' sum="DP"', ' xsum="5"', ' name=""', "<act", "<pl",
    "<r", "<c", "<playeré", "<round_", "<cards1", "<actionЖ",
    "2014-01-06 10:33:13"])
XML_TEXTS = st.lists(XML_FRAGMENTS, max_size=40).map("".join)


TAG = re.compile(r"<(player|action|cards|round)\b([^>]*?)(?:/>|>([^<]*)</cards>|>)", re.S)
"""The elements' pattern the reader used (``ipoker_xml.elements`` finds what it finds)."""


@settings(max_examples=400, deadline=None)
@given(XML_TEXTS, st.integers(0, 20))
def test_elements_are_what_the_tag_pattern_finds(text, start):
    assert ipoker_xml.elements(text, start) == TAG.findall(text, start)


def test_an_element_name_followed_by_a_word_character_or_cut_short_is_no_element():
    text = '<playeré x="1"><player_ y="2"><acti z="3"><roundЖ/><cards9>SA</cards><ro/><cards>SA</cards><round>'
    assert ipoker_xml.elements(text, 0) == TAG.findall(text) == [("cards", "", "SA"), ("round", "", "")]


def plain_attributes(attrs: str) -> dict[str, str]:
    return {k: html.unescape(v) if "&" in v else v for k, v in ipoker_xml.ATTRS.findall(attrs)}


def plain_elements(text: str, start: int) -> list[tuple[str, dict[str, str], str]]:
    """The tag pattern's elements from ``start`` on, with the attributes the reader keeps (``TAG_FIELDS``)."""
    return [(tag, {k: v for k, v in plain_attributes(attrs).items() if k in ipoker_xml.TAG_FIELDS}, content)
            for tag, attrs, content in TAG.findall(text, start)]


def read_elements(elements: list[ipoker_xml.Tag]) -> list[tuple[str, dict[str, str], str]]:
    return [(element.tag, element.fields(), element.content) for element in elements]


@settings(max_examples=400, deadline=None)
@given(XML_TEXTS)
def test_attributes_are_what_the_attribute_pattern_finds(attrs):
    money: list[str] = []
    found, plain = ipoker_xml.attributes(attrs, money, True)
    assert found == plain_attributes(attrs)
    assert plain <= attrs.count('="')
    if plain == attrs.count('="'):  # every '="' ends a plain name: the money values as the pattern finds them
        assert money == ipoker_xml.MONEY_VALUES.findall(attrs)


@settings(max_examples=400, deadline=None)
@given(XML_TEXTS, XML_TEXTS)
def test_a_games_money_values_are_what_the_money_pattern_finds(before, after):
    text = before + '<game gamecode="7">' + after
    game_tag = ipoker._XML_GAME.search(text)
    game, elements, money = ipoker_xml.game_elements(text, game_tag)
    assert game == dict(ipoker_xml.ATTRS.findall(game_tag.group(0)))  # (the hand's id: what the reader took)
    assert money == ipoker_xml.MONEY_VALUES.findall(text, game_tag.start())
    assert read_elements(elements) == plain_elements(text, game_tag.start())


def test_a_plain_game_reads_its_money_values_from_its_attributes():
    """The split, not the pattern over the game's text, gives the money values of a game written
    plainly (the fallback would also pass the property above)."""
    text = ('<game gamecode="1"><player seat="1" name="A" chips="€1.50" bet="€0.50" win="0"/>'
            '<round no="0"><action no="1" player="A" type="1" sum="€0.50"/></round></game>')
    _, elements, money = ipoker_xml.game_elements(text, ipoker._XML_GAME.search(text))
    assert money == ["€1.50", "€0.50", "0", "€0.50"]
    assert [element.tag for element in elements] == ["player", "round", "action"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(['<player seat="1" name="A"/>', '<player seat=x="2" name="B"/>', '<action no="1"/>',
                                 '<action no="2" nox="3"/>', '<action na="5"/>', '<player  seat="3"/>',
                                 '<player seat="4" name=B"/>']),
                max_size=8).map("".join))
def test_a_games_tags_read_after_others_of_their_name_are_what_the_pattern_finds(body):
    """Each tag's names are compared with the last tag's of its name (``layout``), in place: a
    name that starts as the last one did is no match."""
    text = '<game gamecode="7">' + body
    _, elements, _ = ipoker_xml.game_elements(text, ipoker._XML_GAME.search(text))
    assert read_elements(elements) == plain_elements(text, 0)


@settings(max_examples=300, deadline=None)
@given(XML_TEXTS, st.integers(0, 20))
def test_the_start_dates_are_the_field_patterns_matches_of_that_name(text, start):
    expected = [value for name, value in ipoker._FIELD.findall(text[start:]) if name == "startdate"]
    assert ipoker._STARTDATE.findall(text, start) == expected


IPOKER_START_FRAGMENTS = st.sampled_from([
    "<session", "<session>", "<gametype>", "<general>", "</general>", "GAME #", "GAME #12 ", "GAME #12:",
    "MERGE_GAME #3 ", "GAME #x", "\n", " ", "x" * 500, '<game gamecode="5">', "</game>", "<?xml", "y"])


def plain_ipoker_detect(text: str) -> bool:
    head = text[:3000]
    return ("<session" in head and "<gametype>" in head) or re.search(r"^GAME #\d+[: ]", head, re.M) is not None


@settings(max_examples=400, deadline=None)
@given(st.lists(IPOKER_START_FRAGMENTS, max_size=30).map("".join))
def test_ipoker_detect_is_its_plain_definition(text):
    assert ipoker.detect(text) == plain_ipoker_detect(text)


def plain_ipoker_split(text: str) -> list[tuple[int, str]]:
    """The split as it was: each hand's line counted from the text's start, the text hands' starts
    found with a pattern led by ``^``, a game's session the last found between the games before it."""
    starts = sorted([(m.start(), "xml") for m in ipoker._XML_GAME.finditer(text)]
                    + [(m.start(), "text") for m in re.finditer(r"^GAME #\d+[: ]", text, re.M)])
    if not starts:
        return [(1, text)]
    before = text[:starts[0][0]]
    pieces = [(1, before)] if before.strip() and "<session" not in before else []
    games = [at for at, kind in starts if kind == "xml"]
    for (at, kind), end in zip(starts, [at for at, _ in starts[1:]] + [len(text)]):
        body = text[at:end]
        if kind == "text":
            pieces.append((1 + text.count("\n", 0, at), body.split("<?xml")[0]))
            continue
        windows = zip([0] + games, games[:games.index(at) + 1])
        sessions = [m.group(0) for a, b in windows for m in ipoker._GENERAL.finditer(text, a, b)]
        general = sessions[-1] if sessions else ""
        game = body[:body.index("</game>") + 7] if "</game>" in body else body
        pieces.append((1 + text.count("\n", 0, at), general + "\n" + game))
    return pieces


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["<session a='1'>\n<general>G1</general>", "<session><general>G2</general>",
                                 '<game gamecode="5">', "</game>", "GAME #12 ", "GAME #3:", "<?xml", "\n",
                                 "text", " "]), max_size=30).map("".join))
def test_ipoker_split_is_its_plain_definition(text):
    assert ipoker.split(text) == plain_ipoker_split(text)


# -- partypoker -----------------------------------------------------------------------------------

PARTY_FRAGMENTS = st.sampled_from([
    "***** Hand History for Game 1 *****", "***** Hand History For Game 2", "****** Hand History for Game 3",
    "***** Hand History ", "Hand History for Game", "Game #7 starts.", "Game #7 starts. ", "#Game No : 7",
    "#Game No : 7 x", "Game #", "\n", "\n\n", " ", "\t", "\x00", "\ufeff", "x", "Bob folds", "*****"])
PARTY_TEXTS = st.lists(PARTY_FRAGMENTS, max_size=30).map("".join)


PARTY_LINES = st.lists(st.sampled_from([
    "***** Hand History for Game 1 *****", " \t***** Hand History For Game 2", "\ufeff***** Hand History for Game 3",
    "x\ufeff***** Hand History for Game 4", "****** Hand History for Game 5", "Game #7 starts.", " Game #7 starts. ",
    "Game #7 starts. x", "#Game No : 7", "\x00#Game No : 7 ", "#Game No : 7 x", "", " ", "\x00", "Bob folds",
    "Hand History for Game"]), max_size=20).map("\n".join)


@settings(max_examples=500, deadline=None)
@given(st.one_of(PARTY_TEXTS, PARTY_LINES))
def test_partypoker_starts_are_where_the_start_pattern_matches(text):
    assert partypoker._starts(text) == [m.start() for m in partypoker._START.finditer(text)]


def test_a_hand_starts_at_the_game_lines_before_its_history_line():
    text = "Bob folds\nGame #7 starts.\n\n#Game No : 7\n \n***** Hand History for Game 7 *****\nx"
    assert partypoker._starts(text) == [text.index("Game #7")]


@settings(max_examples=300, deadline=None)
@given(PARTY_TEXTS, st.integers(0, 3000))
def test_partypoker_detect_is_its_plain_definition(text, padding):
    text = "y" * padding + text
    head = text[:3000]
    assert partypoker.detect(text) == ("Hand History " in head and partypoker._START.search(head) is not None)


OLD_POINT_CENTS = re.compile(r"\d\.\d{2}(?!\d)")
OLD_COMMA_CENTS = re.compile(r"\d,\d{2}(?![\d])")
OLD_BRACKET = re.compile(r"\[([^\]]*)\]")
OLD_PARENTHESES = re.compile(r"\(([^()]*)\)")
"""partypoker's patterns that string scans replace: an amount with cents, an action's amount."""
MONEY_FRAGMENTS = st.sampled_from(["1", "23", "0", ".", ",", " ", "$", "a", "1.500", "0,35", "12.34", "٣"])


@settings(max_examples=400, deadline=None)
@given(st.lists(MONEY_FRAGMENTS, max_size=20).map("".join))
def test_amounts_found_at_their_marks_are_the_patterns_search(text):
    assert partypoker_lines._found_at_marks(text, ".") == bool(OLD_POINT_CENTS.search(text))
    assert partypoker_lines._found_at_marks(text, ",") == bool(OLD_COMMA_CENTS.search(text))


OLD_DATE = re.compile(r"(?:\w+,\s*)?([A-Z][a-z]+)\s+(\d{1,2}),?\s+(\d\d:\d\d:\d\d)\s+([A-Z]+)\s+(\d{4})\s*$")
"""partypoker's date pattern, which string operations replace."""
DATE_FRAGMENTS = st.sampled_from([
    "Sunday, ", "September ", "Sep ", "SEptember ", "xMay ", "13, ", "13 ", "1 ", "10:00:00 ", "EDT ", "CET ", "2020",
    "2020 ", "  ", "$0.05/$0.10 USD NL Texas Hold'em - ", "Mon ", ",", "x" * 60, "\u0663", "\xa0", "\t", "\r", "1",
    "ÉDT ", "Mäy ", "13,,", "10:0:00 ", "2:00:00 ", "Sep.", "EdT "])


@settings(max_examples=500, deadline=None)
@given(st.lists(DATE_FRAGMENTS, max_size=12).map("".join))
def test_the_stake_lines_date_is_the_date_patterns_search(head):
    m = OLD_DATE.search(head)
    month = partypoker_lines._MONTHS.get(m.group(1)[:3].lower()) if m else None
    expected = ("", "") if m is None or month is None else (
        f"{m.group(5)}-{month:02d}-{int(m.group(2)):02d}T{m.group(3)}", m.group(4))
    assert partypoker_lines.stake_date(head) == expected


SPACES = st.sampled_from([" ", "  ", "\t", "\xa0", "", " \r"])
DATES = st.tuples(
    st.sampled_from(["NL Hold'em - ", "Sunday, ", "x", "", "Mon"]), st.sampled_from(["September", "Sep", "SEP", "xMay",
                                                                                      "Mäy", "May.", "M", "Ju"]),
    SPACES, st.sampled_from(["13", "13,", "1", "\u0663", "123", ",", "13,,", "x"]), SPACES,
    st.sampled_from(["10:00:00", "1:00:00", "10:00:0\u0663", "10-00:00", "10:00:001"]), SPACES,
    st.sampled_from(["EDT", "CET", "ÉDT", "EdT", "E1", "", "Z"]), SPACES,
    st.sampled_from(["2020", "202", "12020", "\u0663020", "20x0"]), SPACES).map("".join)
"""Stake lines' ends shaped like the date, each word right or wrong in one way."""


@settings(max_examples=1500, deadline=None)
@given(DATES)
@example("Sun Sep 13 10:00:00 ÉDT 2020")
def test_a_date_shaped_stake_lines_date_is_the_date_patterns_search(head):
    test_the_stake_lines_date_is_the_date_patterns_search.hypothesis.inner_test(head)


def test_a_date_spread_over_more_than_its_usual_length_is_read():
    head = "NL Texas Hold'em - Sunday, September 13," + " " * 60 + "10:00:00 EDT 2020"
    assert partypoker_lines.stake_date(head) == ("2020-09-13T10:00:00", "EDT")


CHIPS_FRAGMENTS = st.sampled_from(["[", "]", "(", ")", "$0.10 USD", "0,35 €", " ", "x", "calls ", "raises ", "(("])


@settings(max_examples=500, deadline=None)
@given(st.lists(CHIPS_FRAGMENTS, max_size=15).map("".join))
def test_an_actions_amount_is_found_where_the_bracket_patterns_find_it(what):
    bracket, parentheses = OLD_BRACKET.search(what), OLD_PARENTHESES.search(what)
    assert in_brackets(what) == (bracket.group(1) if bracket else None)
    assert in_brackets(what, "(", ")", innermost=True) == (parentheses.group(1) if parentheses else None)


SESSION_FRAGMENTS = st.sampled_from(["<session", "<session><general>", "<session a='1'>", ">", " ", "\n", "\u2003",
                                     "<general>", "</general>", "</general", "G", "<game>", "<"])


@settings(max_examples=600, deadline=None)
@given(st.lists(SESSION_FRAGMENTS, max_size=25).map("".join), st.integers(0, 30), st.integers(0, 200))
def test_a_games_session_is_the_last_the_session_pattern_finds_before_it(text, start, end):
    found = list(ipoker._GENERAL.finditer(text, start, end))
    assert ipoker._last_session(text, start, end) == (found[-1].group(0) if found else None)


SEAT_FRAGMENTS = st.sampled_from(["Seat", "seat", " ", "1", "12", "٣", ": ", ":", "Bob", "(", ")", " (", " ( ", " )",
                                  "$2.75 USD", "1,500", " - (21.60 / 16.35)", " - VPIP: 21", "\t", "x", "  "])
SEAT_LINES = st.tuples(
    st.sampled_from(["Seat", "seat", "Seat ", "seat  "]), st.sampled_from(["1", "12", "", "٣", "x"]),
    st.sampled_from([": ", ":", ": :"]), st.lists(st.sampled_from(["Bob", " ", "(", ")", " (", "x y"]), min_size=1,
                                                  max_size=3).map("".join),
    st.sampled_from([" (", " ( ", "(", " ((", " (  "]), st.sampled_from(["$2.75 USD", "1,500", "", " ", "(1)", "2 "]),
    st.sampled_from([")", " )", "", "))"]),
    st.sampled_from(["", " ", "\t", " - (21.60 / 16.35)", " - VPIP: 21", "x", " ( 3 )", " - x"])).map("".join)


@settings(max_examples=800, deadline=None)
@given(st.one_of(SEAT_LINES, st.lists(SEAT_FRAGMENTS, max_size=14).map(lambda parts: "Seat" + "".join(parts))))
def test_a_seat_line_is_read_as_the_seat_pattern_reads_it(x):
    s = partypoker_lines._SEAT.match(x)
    assert partypoker_lines.seat_line(x) == (None if s is None else s.group(1, 2, 3))


OLD_SECTION = re.compile(r"^\*\* Dealing ?(.*?) ?\*\*(?: :)?\s*(?:\[ ?(.*?) ?\])?\s*$")
"""partypoker's section pattern, which string operations replace."""
SECTION_LINES = st.tuples(
    st.sampled_from(["** Dealing", "** Dealing ", "** Dealing  ", "** Dealin", "** Summary"]),
    st.lists(st.sampled_from(["flop", "down cards", "River", " ", "*", "**", " **", "***", " :", ":", "[", "]", " [",
                              "] ", "2c, 3d", " 4s ", "\t", "\xa0", "x", "\u2003"]), max_size=9).map("".join),
).map("".join)
"""Lines shaped like partypoker's section lines: the words, labels, stars, brackets and spaces."""


@settings(max_examples=1500, deadline=None)
@given(SECTION_LINES)
@example("** Dealing flop ** [ 2c, 3d, 4s ]")
@example("** Dealing River ** :  [ 9h ] ")
@example("** Dealing ** [a] ** [b]")
@example("** Dealing down cards ** [x")
def test_a_section_line_is_read_as_the_section_pattern_reads_it(x):
    m = OLD_SECTION.match(x)
    assert partypoker_lines.section(x) == (None if m is None else (m.group(1), m.group(2) or ""))


BLINDS_FRAGMENTS = st.sampled_from(["Blinds", "Stakes", "-Antes", "(", ")", "1", "2.5", "1,000", "/", " -", "-", " ",
                                    "Blinds(1/2)", "Stakes(10/20)", "BlindsStakes(", "x", "\n"])


@settings(max_examples=1000, deadline=None)
@given(st.lists(BLINDS_FRAGMENTS, max_size=16).map("".join))
def test_the_last_blinds_are_the_last_the_blinds_pattern_finds(text):
    old = ([None, *partypoker_lines._BLINDS.finditer(text)])[-1]
    new = partypoker_lines.last_blinds(text)
    assert (new and (new.span(), new.groups())) == (old and (old.span(), old.groups()))
