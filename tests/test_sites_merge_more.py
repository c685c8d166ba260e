"""Merge's exports beyond the shared files (issue 40): the version-2 stud export that writes a
card not seen as nothing (``",,5h"``), a hand where only a big blind is posted and it comes back
uncalled, and a hand the site called off after the blinds.  Hand-made fixtures."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
import site_checks as sc

STUD_V2 = sc.FIXTURES / "merge_stud_v2_unseen.xml"
LONE_BB = sc.FIXTURES / "merge_lone_big_blind.xml"
D = Decimal


def test_stud_cards_not_seen_written_as_nothing():
    hand = sc.read_one(STUD_V2, "merge")
    sc.check_numbers([hand])
    sc.check_replays([hand], 1)
    # the others' two down cards unseen, their up cards as dealt; the hero's all four
    assert hand.hole == ["7s7hAcJd", "????2c9h", "????Kd4s"]
    # antes 3 x 0.05, third street 3 x 0.25, Joy's bet of 0.25 called by Hero's raise to 0.50
    # (0.25 back): 1.40, 0.05 raked
    assert hand.net == [D("0.80"), D("-0.30"), D("-0.55")] and hand.rake == D("0.05")


def test_a_lone_big_blind_returned_is_a_hand_nobody_wins():
    hand = sc.read_one(LONE_BB, "merge")
    sc.check_numbers([hand])
    # a tournament's balance is after the posts: Kai sat with 800 and got his 100 back
    assert hand.starting_stacks == [800, 1500, 2100] and hand.net == [0, 0, 0] and hand.collected == [0, 0, 0]
    assert [(a.kind, a.amount) for a in hand.actions if a.amount] == [("big-blind", 100), ("uncalled", 100)]
    with pytest.raises(ValueError, match="nobody posted a small blind"):
        hand.to_phh()


def _cancelled(text: str) -> str:
    return re.sub(r'<round id="PREFLOP".*</round>', '<round id="GAME_CANCELLED" sequence="2">'
                  '<event sequence="2" type="GAME_CANCELLED" timestamp="1306951203000"/></round>', text, flags=re.S)


@pytest.mark.parametrize("path, edit, reason", [
    (LONE_BB, _cancelled, "the site cancelled the hand"),
    # a player who folded calls later: the text contradicts itself
    (STUD_V2, lambda t: t.replace('<event sequence="11" type="FOLD" timestamp="1375388108000" player="5"/>',
                                  '<event sequence="11" type="FOLD" timestamp="1375388108000" player="5"/>'
                                  '<event sequence="12" type="CALL" timestamp="1375388109000" player="3"'
                                  ' amount="0.50"/>'), "Ike acts (CALL) after folding"),
    # a card that is no card stays refused
    (STUD_V2, lambda t: t.replace('cards=",,2c"', 'cards=",x,2c"'), "not a card: 'x' in ',x,2c'"),
    # the returned blind with a pot won beside it: more than was put in
    (LONE_BB, lambda t: t.replace('<winner amount="100.00" uncalled="true" potnumber="1" player="1" pottype="n"/>',
                                  '<winner amount="100.00" uncalled="true" potnumber="1" player="1" pottype="n"/>'
                                  '<winner amount="100.00" uncalled="false" potnumber="1" player="1" pottype="n"/>'),
     "more than the"),
])
def test_bad_input_is_skipped_naming_the_defect(tmp_path, path, edit, reason):
    skipped = sc.skipped_after_edit(path, edit, tmp_path)
    assert reason in skipped.reason and skipped.site == "merge"
