"""Bovada / Ignition / Bodog text (``pyeval.history.sites.bovada``): every shared file, the 2012
text whose streets are worked out from the betting, and the stud text refused naming it."""

from __future__ import annotations

import pytest
import site_checks as sc

import pyeval

STUD = "Bovada's stud text is not read"
DEFECTS = {
    "bovada/stud/7-Stud-USD-2.00-4.00-201205.txt": STUD,
    "bovada/stud-hilo/7-StudHL-USD-RING-$5-$10,$1.25Ante-201404.txt": STUD,
}


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("bovada")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_naming_why(shared):
    sc.check_read_or_skipped(shared, "bovada", "bovada", DEFECTS, {})
    assert len(shared.hands) == 37
    assert {h.game for h in shared.hands} == {"holdem", "omaha", "omaha-hilo"}


@sc.needs_shared
def test_numbers_add_up(shared):
    sc.check_numbers(shared.hands)


@sc.needs_shared
def test_streets_worked_out_replay_in_pokerkit(shared):
    # the 2012 Omaha text has no street markers: pokerkit replaying its hands to Bovada's stacks
    # checks the streets worked out from the betting
    unmarked = [h for h in shared.hands if h.source.endswith("201204.new.format.txt")]
    assert len(unmarked) == 21
    assert any(len(h.boards[0]) == 10 for h in unmarked)
    sc.check_replays(unmarked, 12)
    sc.check_replays(shared.hands, 20)


def test_every_hole_card_is_listed_and_a_walk_returns_the_big_blind(tmp_path):
    text = """Ignition Hand #1: HOLDEM Tournament #2 TBL#1, No Limit- Level 2 (15/30) - 2017-06-05 00:25:19
Seat 1: Small Blind (370 in chips)
Seat 2: Big Blind [ME] (635 in chips)
Small Blind : Small blind 15
Big Blind  [ME] : Big blind 30
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [2c 8d]
Big Blind  [ME] : Card dealt to a spot [5d 3h]
Small Blind : Folds
Big Blind  [ME] : Does not show [5d 3h] (High Card)
Big Blind  [ME] : Hand Result 45
*** SUMMARY ***
Total Pot(45)
"""
    hand = pyeval.read_hands(text).hands[0]
    assert hand.players == ["Small Blind", "Big Blind [ME]"] and hand.hole == ["2c8d", "5d3h"]
    assert hand.net == [-15, 15] and hand.collected == [0, 30] and hand.rake == 0
    assert [(a.kind, a.amount) for a in hand.actions if a.kind == "uncalled"] == [("uncalled", 15)]
