"""partypoker's old text as exports beyond the shared set write it (issue 40): a big blind posted
with the dead small one (``posts big blind + dead [0,35 €]``, its amount alone with a decimal
comma), converters' seat lines with HUD figures after them and ``NL Holdem``, the 2012 client's
``seat1:`` and ``raises[ $0,75 USD ]``, the Mac client's ``is sitting outEli posts big blind``,
``Forward Folds``, and the hi/lo ``shows7,5,3,2,A  for low`` line.  The fixture is hand-made."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
import site_checks as sc

import pyeval

FIXTURE = sc.FIXTURES / "partypoker_more.txt"


@pytest.fixture(scope="module")
def hands():
    result = pyeval.read_hands(str(FIXTURE))
    assert result.skipped == []
    return {h.id: h for h in result.hands}


def _acts(hand, street="preflop"):
    return [(hand.players[a.player], a.kind, a.amount, a.to) for a in hand.actions
            if a.street == street and a.player is not None and a.kind != "deal"]


def test_every_hand_is_read_and_adds_up(hands):
    assert len(hands) == 4 and {h.site for h in hands.values()} == {"partypoker"}
    sc.check_numbers(hands.values())
    sc.check_replays([hands["800000002"], hands["800000004"]], 2)
    with pytest.raises(ValueError, match="dead-blind"):
        hands["800000001"].to_phh()


def test_big_blind_with_the_dead_small_one(hands):
    hand = hands["800000001"]
    # "0,35 €" in a hand of decimal points: 0.10 dead and the 0.25 big blind live, which the raise adds to
    assert _acts(hand)[2:4] == [("Bob", "dead-blind", Decimal("0.10"), 0), ("Bob", "big-blind", Decimal("0.25"),
                                                                             Decimal("0.25"))]
    assert ("Bob", "raise", Decimal("0.75"), Decimal("1.00")) in _acts(hand)
    assert hand.sitting_out == ["Dot"] and hand.net == [-1, 1, 0, Decimal("-0.10")] and hand.rake == Decimal("0.10")


def test_converter_seat_lines_with_hud_figures(hands):
    hand = hands["800000002"]
    assert hand.players == ["Ann", "Bob", "Cid"] and hand.starting_stacks == [120, 80, 100]
    assert hand.game == "holdem" and hand.net == [-17, Decimal("-0.50"), Decimal("16.50")]


def test_hi_lo_low_hand_line(hands):
    hand = hands["800000003"]
    assert hand.game == "omaha-hilo" and hand.collected == [0, Decimal("4.25"), Decimal("4.25")]
    assert hand.hole[1] == "Ac3d8hJc"


def test_mac_and_2012_client_lines(hands):
    hand = hands["800000004"]
    assert hand.sitting_out == ["Dot"] and hand.stakes.big_blind == Decimal("0.25")  # Eli's post after "sitting out"
    assert _acts(hand) == [("Cid", "small-blind", Decimal("0.10"), Decimal("0.10")),
                           ("Eli", "big-blind", Decimal("0.25"), Decimal("0.25")),
                           ("Ann", "fold", 0, 0),  # Cid's "Forward Folds" is no action: his "folds" comes after
                           ("Bob", "raise", Decimal("0.75"), Decimal("0.75")), ("Cid", "fold", 0, 0),
                           ("Eli", "call", Decimal("0.50"), Decimal("0.75"))]
    assert hand.starting_stacks[:3] == [Decimal("24.72"), Decimal("26.43"), Decimal("27.03")]
    assert hand.net == [0, Decimal("1.65"), Decimal("-0.10"), Decimal("-1.75")]


def test_a_hand_cut_anywhere_is_read_whole_or_skipped_with_a_reason(tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    one = text[text.index("#Game No : 800000004"):]  # the Mac and 2012 client's hand alone
    path = tmp_path / "one.txt"
    path.write_text(one, encoding="utf-8")
    for at in [m.start() for m in re.finditer("\n", one)][2:]:
        sc.check_cut_short(path, at)
