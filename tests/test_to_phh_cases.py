"""``Hand.to_phh`` on two texts pokerkit would not replay as the site wrote them (issue 40): a
raise nobody can answer (888poker writes a call over an all-in as a raise, the excess returned)
and a fold written before the deal (out of turn).  Each replays in pokerkit to the site's stacks."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import pyeval

CASES = Path(__file__).parent / "data" / "phh_cases"


def _replay(hand) -> tuple[list[Decimal], list[Decimal]]:
    pokerkit = pytest.importorskip("pokerkit")
    hh = pokerkit.HandHistory.loads(hand.to_phh())
    state = [s for s, _ in hh.state_actions][-1]
    return [Decimal(str(x)) for x in state.stacks], [Decimal(str(x)) for x in hh.finishing_stacks]


def test_a_raise_nobody_can_answer_is_written_as_the_call_it_is():
    hand = pyeval.read_hands(str(CASES / "raise_nobody_answers.txt")).hands[0]
    assert [a.kind for a in hand.actions if a.player == 2 and a.kind in ("raise", "uncalled")] == ["raise", "uncalled"]
    phh = hand.to_phh()
    assert "'p3 cc', 'p4 f'" in phh and "cbr 4010" not in phh  # Cy (p3 in PHH order) calls Ann's 4000
    replayed, site = _replay(hand)
    assert replayed == site == [0, 2000 - 20, 8050, 2200]


def test_a_fold_before_the_deal_is_written_at_the_players_turn():
    hand = pyeval.read_hands(str(CASES / "fold_before_the_deal.txt")).hands[0]
    phh = hand.to_phh()
    assert "'p3 cc', 'p4 f', 'p1 cc', 'p2 cc'" in phh  # Ann (p4), the button, folds after Dee (p3)
    replayed, site = _replay(hand)
    assert replayed == site
