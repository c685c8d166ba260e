"""Site text fuzzed: hypothesis drops, repeats, cuts and changes the lines of real site files (the
shared folder when present, else the fixtures).  ``read_text`` either reads each hand or skips it
with a reason; it never raises (an IndexError or KeyError stopped ``read_hands`` for the whole
run: an iPoker player without ``seat=``, a Bovada action without its amount, a partypoker
``Dealt to`` line without cards)."""

from __future__ import annotations

from pathlib import Path

import site_checks as sc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.history.sites.registry import decode, read_text

SHARED = Path(__file__).parents[1].parent / "shared" / "data" / "site-hh"


def _texts() -> list[str]:
    root = SHARED if SHARED.is_dir() else sc.FIXTURES
    paths = [p for p in sorted(root.rglob("*")) if p.is_file() and p.suffix not in (".tsv", ".md")]
    return [decode(p.read_bytes()) for p in paths]


TEXTS = _texts()
NOISE = st.sampled_from(['"', "'", "<", ">", "[", "]", "(", ")", ":", " ", "0", "-1", "$", ",", "=", "\t", "x", ""])


@st.composite
def mutated(draw) -> str:
    lines = draw(st.sampled_from(TEXTS)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "cut line", "insert", "delete char", "cut text"]))
        if kind == "drop":
            del lines[k]
        elif kind == "repeat":
            lines.insert(k, lines[draw(st.integers(0, len(lines) - 1))])
        elif kind == "cut line":
            lines[k] = lines[k][:draw(st.integers(0, len(lines[k])))]
        elif kind == "insert":
            at = draw(st.integers(0, len(lines[k])))
            lines[k] = lines[k][:at] + draw(NOISE) + lines[k][at:]
        elif kind == "delete char" and lines[k]:
            at = draw(st.integers(0, len(lines[k]) - 1))
            lines[k] = lines[k][:at] + lines[k][at + 1:]
        else:
            lines = lines[:k]
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_a_mutated_site_file_is_read_or_skipped_never_raises(text):
    hands, skipped = read_text(text, "<fuzzed>")
    assert all(s.reason for s in skipped)


def _mutate_line(name: str, old: str, new: str) -> str:
    text = (sc.FIXTURES / name).read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_a_bovada_deal_without_cards_is_skipped_naming_the_line():
    text = _mutate_line("bovada_2012_board.txt", "Card dealt to a spot [Qd Kc]", "Card dealt to a spot")
    hands, skipped = read_text(text, "<bovada>")
    assert skipped and "no cards written" in skipped[0].reason


def test_an_action_without_its_amount_is_skipped_naming_the_line():
    text = (sc.FIXTURES / "bovada_2012_board.txt").read_text(encoding="utf-8")
    line = next(x for x in text.split("\n") if " : Calls " in x or " : Bets " in x)
    hands, skipped = read_text(text.replace(line, line.rsplit(" ", 1)[0], 1), "<bovada>")  # "X : Calls"
    assert skipped and "no amount" in skipped[0].reason


def test_a_partypoker_deal_without_cards_is_skipped_naming_the_line():
    text = _mutate_line("partypoker_more.txt", "Dealt to Cid [  Jh 9c ]", "Dealt to Cid  Jh 9c")
    hands, skipped = read_text(text, "<partypoker>")
    assert skipped and "no cards written" in skipped[0].reason


def test_an_ipoker_round_numbered_below_zero_is_skipped():
    text = _mutate_line("ipoker_raise_by.xml", '<round no="1">', '<round no="-10">')
    hands, skipped = read_text(text, "<ipoker>")
    assert skipped and "numbered -10" in skipped[0].reason


def test_a_bovada_2012_section_line_among_the_seats_does_not_stop_the_read():
    # the 2012 text's streets are worked out from the actions: a marker line before any action
    # left nothing to look back at (IndexError)
    lines = (sc.FIXTURES / "bovada_2012_board.txt").read_text(encoding="utf-8").split("\n")
    at = lines.index("Seat 5: UTG+2 ($152 in chips)")
    hands, skipped = read_text("\n".join(lines[:at] + ["*** HOLE CARDS ***"] + lines[at:]), "<bovada>")
    assert len(hands) + len(skipped) == 2 and all(s.reason for s in skipped)
