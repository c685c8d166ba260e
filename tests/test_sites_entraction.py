"""Entraction's text hand histories (``pyeval.history.sites.entraction``): every shared file, and a
hand-made three-way all-in with a side pot."""

from __future__ import annotations

import re
from decimal import Decimal

import equity_reference as eref
import pytest
import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites.registry import decode

FIXTURE = sc.FIXTURES / "entraction_allin.txt"


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("entraction")


def _hand_lines(hand) -> list[str]:
    lines = decode(open(hand.source, "rb").read()).split("\n")[hand.line - 1:]
    end = next((k for k, x in enumerate(lines[1:], 1) if x.startswith("Game # ")), len(lines))
    return lines[:end]


@sc.needs_shared
def test_every_shared_file_is_read(shared):
    sc.check_read_or_skipped(shared, "entraction", "entraction", {}, {})
    assert len(shared.hands) == 13
    assert {h.game for h in shared.hands} == {"holdem", "omaha-hilo", "omaha5"}
    assert {h.limit for h in shared.hands} == {"no-limit", "pot-limit", "fixed-limit"}
    assert [h.tournament for h in shared.hands if h.tournament is not None] == ["12717727"]
    assert {h.currency for h in shared.hands if h.tournament is None} == {"EUR"}


@sc.needs_shared
def test_numbers_add_up_and_match_the_site(shared):
    sc.check_numbers(shared.hands)
    checked = 0
    for h in shared.hands:
        # "X wins: EUR 12.02" lines (one a pot half in hi/lo) are what X collected, "Rake:" the rake
        won: dict[str, Decimal] = {}
        rake = None
        for x in _hand_lines(h):
            m = re.match(r"(.+?) wins:\s+(?:EUR )?([\d,.]+)", x)
            if m:
                won[m.group(1)] = won.get(m.group(1), Decimal(0)) + Decimal(m.group(2).replace(",", ""))
            m = re.match(r"Rake:\s+EUR ([\d.]+)", x)
            if m:
                rake = Decimal(m.group(1))
        for i, name in enumerate(h.players):
            assert h.collected[i] == won.get(name, 0), (h.id, name)
        assert h.rake == (rake if rake is not None else 0), h.id
        checked += 1
    assert checked == 13


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    sc.check_stacks_carry_over(shared.hands, 12)  # NO12 tops up to 5,000 after every loss


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    # no-limit hold'em and fixed-limit Omaha hi/lo replay; PHH has no five-card Omaha
    sc.check_replays(shared.hands, 12)


@sc.needs_shared
def test_amounts_are_what_each_action_adds(shared):
    hand = next(h for h in shared.hands if h.id == "2646515978")  # fixed-limit Omaha hi/lo, 50/100 blinds
    raises = [(a.amount, a.to) for a in hand.actions if a.kind == "raise"]
    assert raises == [(150, 200), (200, 300)]  # "Raise (150.00)" from the small blind of 50
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.small_bet) == (50, 100, 100)
    assert hand.hole == ["JdQh6sAc", "9d5dAd6h"]  # "didn't show hand (Jd - Qh - 6s - Ac)"
    shove = next(h for h in shared.hands if h.id == "2646505763")
    allin = next(a for a in shove.actions if a.allin)
    assert (allin.kind, allin.amount, shove.players[allin.player]) == ("bet", 2075, "del1verance")
    back = next(a for a in shove.actions if a.kind == "uncalled")
    assert back.amount == 2075  # "Payback (2,075.00)"


def test_fixture_reads_with_the_numbers_worked_out_by_hand():
    hand = pyeval.read_hands(str(FIXTURE)).hands[0]
    assert hand.players == ["Alice", "Bob Two", "Carol"] and hand.seats == [1, 3, 5] and hand.button == 1
    assert hand.net == [-150, -50, Decimal("198.50")] and hand.rake == Decimal("1.50")
    assert hand.hole == ["QhQd", "AhAd", "KhKs"] and hand.boards == ["Kc7d2s9h3c"]
    assert (hand.date, hand.timezone, hand.max_seats) == ("2020-09-13T10:00:00", "GMT+01:00", 6)
    shoves = [(a.kind, a.amount, a.to) for a in hand.actions if a.allin]
    assert shoves == [("bet", 44, 44), ("raise", 144, 144)]


def test_fixture_all_in_ev_against_brute_force():
    row = pyeval.allin_ev(str(FIXTURE)).hands.rows()[0]
    assert row["street"] == "flop"
    board = eref.codes("Kc7d2s")
    qq, aa, kk = eref.codes("QhQd"), eref.codes("AhAd"), eref.codes("KhKs")
    main = eref.equity("holdem", [qq, aa, kk], board).fractions  # 3 x 50 = 150
    side = eref.equity("holdem", [qq, kk], board, dead=aa).fractions  # Alice's and Carol's 100 more each
    share = (350 - 1.5) / 350  # the rake comes off both pots alike
    ev = [float(main[0] * 150 + side[0] * 200) * share - 150, float(main[1] * 150) * share - 50,
          float(main[2] * 150 + side[1] * 200) * share - 150]
    assert row["ev"] == pytest.approx(ev)
    assert row["actual"] == [-150, -50, 198.5]


@pytest.mark.parametrize("edit, reason", [
    (lambda t: t.split("Carol wins")[0], "cut short: nobody wins"),
    (lambda t: t.replace("Carol                       Call        (4.00)",
                         "Dave                        Call        (4.00)"), "line 16: a player with no seat: 'Dave'"),
    (lambda t: t.replace("Carol                       Call", "Carol                       Shrug"),
     "line 16: unknown line 'Carol"),
    (lambda t: t.replace("All-In      (44.00)", "All-In      (40.00)"), "all-in for 40.00 with 44.00 left"),
    (lambda t: t.replace("EUR 199.00", "EUR 198.00"), "a winner's line is missing|chips not conserved"),
    (lambda t: t.replace("Texas Hold'em No Limit", "Razz Fixed Limit"), "unknown Entraction game 'Razz"),
    (lambda t: t.replace("Kc - 7d - 2s - 9h - 3c", "Kc - 7d - 2s - 9h - 3x"), "not cards"),
])
def test_bad_input_is_skipped_with_a_reason(tmp_path, edit, reason):
    skipped = sc.skipped_after_edit(FIXTURE, edit, tmp_path)
    assert any(w in skipped.reason for w in reason.split("|")), skipped.reason
    assert skipped.site == "entraction" and skipped.line == 1


@given(at=st.integers(0, len(FIXTURE.read_text(encoding="utf-8"))))
@settings(max_examples=150, deadline=None)
def test_a_hand_cut_anywhere_is_skipped_or_read_whole(at):
    sc.check_cut_short(FIXTURE, at)
