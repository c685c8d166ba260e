"""IGT's exports beyond the shared files (issue 40): the 2019 export's blinds written apart
(``"small"``, ``"large"``, no ``"stake"``) and a hand over before the flop, whose show-down writes
no rake.  A hand-made fixture."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.history.sites.assemble import street_total
from pyeval.history.sites.igt import _events

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


def _reference_events(actions: list, stacks: dict) -> list[tuple]:
    """The betting as each action's chips and the bets written so far on the street say it
    (``assemble.street_total`` over the events, every player's at every bet): the rule the
    reader keeps as it goes."""
    left, events, street = dict(stacks), [], "preflop"
    names = {"HAND_SB": "small-blind", "HAND_BB": "big-blind", "HAND_DSB": "dead-blind", "HAND_ANTE": "ante"}
    for a in actions:
        if a["type"] == "HAND_BOARD":
            street = {"BOARD_FLOP": "flop", "BOARD_TURN": "turn", "BOARD_RIVER": "river"}[a["value"]]
            events.append(("deal", None, street))
            continue
        name = a["player"]
        after = Decimal(a["bankRoll"])
        chips, left[name] = left[name] - after, after
        if a["type"] == "HAND_BLINDS":
            blind = names[a["kind"]]
            events.append((blind, name, street, chips, Decimal(0) if blind == "dead-blind" else chips, after == 0,
                           "", 0, 0, 0))
            continue
        to = street_total(events, name, street) + chips
        top = max((street_total(events, n, street) for n in left if n != name), default=Decimal(0))
        kind = "call" if to <= top else "bet" if top == 0 else "raise"
        events.append((kind, name, street, Decimal(0) if kind == "raise" else chips,
                       to if kind == "raise" else Decimal(0), after == 0, "", 0, 0, 0))
    return events


_BOARD = [{"link": str(n)} for n in (0, 14, 28, 42, 3)]


@st.composite
def _betting(draw):
    """Blinds and bets of three players, the boards named in any order (a street written again,
    or an earlier street named after a later one, the cards still growing): the reader's running
    bets must still be street_total's."""
    stacks = {"A": Decimal(100), "B": Decimal(100), "C": Decimal(100)}
    left = dict(stacks)
    actions: list[dict] = []
    shown = 3
    for _ in range(draw(st.integers(1, 14))):
        if draw(st.integers(0, 3)) == 0:
            shown = draw(st.integers(shown, 5))
            value = draw(st.sampled_from(["BOARD_FLOP", "BOARD_TURN", "BOARD_RIVER"]))
            actions.append({"type": "HAND_BOARD", "value": value, "card": _BOARD[:shown]})
            continue
        name = draw(st.sampled_from(sorted(stacks)))
        chips = Decimal(draw(st.integers(0, 10)))
        if chips > left[name]:
            continue
        left[name] -= chips
        if draw(st.booleans()):
            kind = draw(st.sampled_from(["HAND_SB", "HAND_BB", "HAND_DSB", "HAND_ANTE"]))
            actions.append({"type": "HAND_BLINDS", "player": name, "kind": kind, "bankRoll": str(left[name])})
        else:
            actions.append({"type": "ACTION_CALL", "player": name, "bankRoll": str(left[name])})
    return actions, stacks


@given(betting=_betting())
@settings(max_examples=300, deadline=None)
def test_the_running_bets_are_street_totals(betting):
    actions, stacks = betting
    expected = _reference_events(actions, stacks)
    # each bet writes the street's total it makes (the reference's), which the reader checks
    totals = iter([e[4] if e[0] == "raise" else street_total(expected[:k], e[1], e[2]) + e[3]
                   for k, e in enumerate(expected) if e[0] in ("call", "bet", "raise")])
    for a in actions:
        if a["type"] == "ACTION_CALL":
            a["value"] = str(next(totals))
    events, _ = _events(actions, stacks)
    assert [e[:3] if e[0] == "deal" else e for e in events] == expected
