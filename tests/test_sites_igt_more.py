"""IGT's exports beyond the shared files (issue 40): the 2019 export's blinds written apart
(``"small"``, ``"large"``, no ``"stake"``) and a hand over before the flop, whose show-down writes
no rake.  A hand-made fixture."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
import site_checks as sc

PREFLOP_2019 = sc.FIXTURES / "igt_2019_preflop.txt"
WITH_BOARD = sc.FIXTURES / "igt_allin.txt"


def test_the_2019_blinds_and_a_hand_over_before_the_flop():
    hand = sc.read_one(PREFLOP_2019, "igt")
    sc.check_numbers([hand])
    sc.check_replays([hand], 1)
    assert str(hand.stakes) == "0.25/0.50" and hand.currency == "SEK"
    # ANNA raises to 1.75, both fold, 1.25 back: the blinds' 0.75 won, nothing raked
    assert hand.net == [Decimal("0.75"), Decimal("-0.25"), Decimal("-0.50")] and hand.rake == 0
    assert hand.hole == ["AcAdKcKd", "", ""]


@pytest.mark.parametrize("path, edit, reason", [
    (PREFLOP_2019, lambda t: t.replace('"small":"0.25",', ""), "unknown stakes '/0.50'"),
    # not raked: the win must be the pot
    (PREFLOP_2019, lambda t: t.replace('"bankRoll":"50.75","win":"1.25"', '"bankRoll":"50.70","win":"1.20"'),
     "chips not conserved: the nets sum to -0.05, the rake is 0"),
    # a hand that saw a board still needs its rake written
    (WITH_BOARD, lambda t: re.sub(r'("mainpot":"15.20"),"rake":"0.80",("pot":"15.20"\})', r"\1,\2", t),
     "the show-down has no 'rake'"),
])
def test_bad_input_is_skipped_with_a_reason(tmp_path, path, edit, reason):
    skipped = sc.skipped_after_edit(path, edit, tmp_path)
    assert reason in skipped.reason and skipped.site == "igt"
