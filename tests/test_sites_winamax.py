"""Winamax's text hand histories (``pyeval.history.sites.winamax``): every shared file, and a
hand-made all-in whose uncalled part Winamax counts as collected."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import equity_reference as eref
import pytest
import site_checks as sc

import pyeval
from pyeval.history.sites.money import amount
from pyeval.history.sites.registry import decode

DEFECTS = {
    # Winamax shows a tournament's half chips in the stacks but pays the pot rounded up
    "winamax/holdem/NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt": "collect 3368.00, more than the 3367.50",
    "winamax/holdem/NLHE-Ticket-MTT-201010.side.pot.txt": "collect 15521.00, more than the 15520.50",
    # edited by fpdb's authors: a pot of 9 collected as 10
    "winamax/omaha/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt": "collect 10, more than the 9 put in",
}


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("winamax")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_for_a_defect(shared):
    sc.check_read_or_skipped(shared, "winamax", "winamax", DEFECTS, {})
    assert len(shared.hands) == 62
    games = {h.game for h in shared.hands}
    assert games == {"holdem", "omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "stud", "stud-hilo", "razz",
                     "draw-deuce7"}
    assert {h.tournament is None for h in shared.hands} == {True, False}


@sc.needs_shared
def test_numbers_add_up_and_match_the_summary(shared):
    sc.check_numbers(shared.hands)
    # each summary line "Seat 3: X ... won 24€" (read here from the file) is what X collected from
    # the pots plus the uncalled part of a bet, which Winamax counts as won
    checked = 0
    for h in shared.hands:
        lines = decode(open(h.source, "rb").read()).split("\n")[h.line - 1:]
        end = next((k for k, x in enumerate(lines[1:], 1) if x.startswith("Winamax Poker - ")), len(lines))
        summary = lines[lines.index("*** SUMMARY ***", 0, end):end]
        won = {}
        for x in summary:
            m = re.match(r"Seat (\d+): .* won (\S+)", x)
            if m:
                won[int(m.group(1))] = won.get(int(m.group(1)), Decimal(0)) + amount(m.group(2))
        for i, seat in enumerate(h.seats):
            back = sum((a.amount for a in h.actions if a.kind == "uncalled" and a.player == i), Decimal(0))
            if seat in won:
                assert won[seat] == h.collected[i] + back, (h.source, h.id, seat)
                checked += 1
    assert checked >= 60


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    def follows(a, b):  # the hand number is the id's middle part
        return int(b.id.split("-")[1]) == int(a.id.split("-")[1]) + 1

    sc.check_stacks_carry_over(shared.hands, 100, follows)


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    # 119419173368496129-...: a three-way split of 260 chips; Winamax gives the odd chips 86/87/87,
    # pokerkit 88/86/86 (checked by the odd-chip allowance, not skipped)
    sc.check_replays(shared.hands, 45)


def test_fixture_uncalled_part_is_returned_not_won():
    hand = pyeval.read_hands(str(sc.FIXTURES / "winamax_allin.txt")).hands[0]
    assert hand.players == ["Alice", "Bob", "Carol"] and hand.seats == [1, 2, 3]
    assert hand.net == [-100, 101, -2] and hand.collected == [0, 201, 0] and hand.rake == 1
    assert hand.currency == "EUR" and hand.stakes.big_blind == 2 and hand.tournament is None
    assert hand.hole == ["AhAd", "KhKs", ""] and hand.boards == ["Kc7d2s9h3c"]
    uncalled = [a for a in hand.actions if a.kind == "uncalled"]
    assert [(a.player, a.amount) for a in uncalled] == [(0, 100)]
    raise_ = [a for a in hand.actions if a.kind == "raise" and a.street == "turn"][0]
    assert (raise_.amount, raise_.to, raise_.allin) == (194, 194, True)


def test_fixture_all_in_ev_against_brute_force():
    row = pyeval.allin_ev(str(sc.FIXTURES / "winamax_allin.txt")).hands.rows()[0]
    assert row["street"] == "turn"
    eq = eref.equity("holdem", [eref.codes("AhAd"), eref.codes("KhKs")], eref.codes("Kc7d2s9h"))
    assert eq.fractions[0] == Fraction(2, 44)
    assert row["ev"] == pytest.approx([float(eq.fractions[0] * 201) - 100, float(eq.fractions[1] * 201) - 100, -2])
    assert row["actual"] == [-100, 101, -2]


def test_a_hand_cut_short_is_skipped_with_its_line(tmp_path):
    text = (sc.FIXTURES / "winamax_allin.txt").read_text(encoding="utf-8")
    path = tmp_path / "two.txt"
    path.write_text(text + text.split("*** SHOW DOWN ***")[0], encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 1 and len(r.skipped) == 1
    assert r.skipped[0].line == text.count("\n") + 1 and "no summary" in r.skipped[0].reason


def _fixture_hands(name: str, count: int = 1):
    r = pyeval.read_hands(str(sc.FIXTURES / name))
    assert not r.skipped, r.skipped
    assert len(r.hands) == count
    sc.check_numbers(r.hands)
    return r.hands


def test_fixture_go_fast_header_and_a_seat_without_a_stack():
    # issue 40's other exports: 'Winamax Poker - Go Fast "Corte"' (cash), "Seat 0000003 is the
    # button", a sitting-out seat "Dov ()" and his "denies big blind"
    fast, cash = _fixture_hands("winamax_go_fast_and_sitting_out.txt", 2)
    assert fast.tournament is None and fast.net == [Decimal("16.20"), Decimal("-18")]
    assert cash.button == 3 and "Dov" not in cash.players and "Dov" in cash.sitting_out
    sc.check_replays([fast, cash], 2)


def test_fixture_triple_draw_standing_pat():
    (h,) = _fixture_hands("winamax_triple_draw_pat.txt")
    assert h.game == "draw-deuce7"
    draws = [(h.players[a.player], a.kind) for a in h.actions if a.kind in ("discard", "stand-pat")]
    assert draws == [("Gus", "discard"), ("Hana", "stand-pat")] + [("Gus", "stand-pat"), ("Hana", "stand-pat")] * 2
    assert h.net == [Decimal("10.40"), Decimal("-10"), Decimal("-1")]


def test_fixture_both_blinds_out_of_position_written_as_one_small_blind():
    # "Moss posts small blind 1.50€ out of position" then "posts big blind 0€": 1€ live, 0.50€ dead
    (h,) = _fixture_hands("winamax_post_both.txt")
    moss = h.players.index("Moss")
    posts = [(a.kind, a.amount) for a in h.actions if a.player == moss and a.street == "preflop"]
    assert posts[:2] == [("dead-blind", Decimal("0.50")), ("big-blind", Decimal("1"))]
    assert h.net[moss] == Decimal("2.20")


def test_fixture_short_all_in_written_as_a_negative_raise():
    # "Omar raises -0.20€ to 4.80€": the raise adds 4.80€ to his 2€ bring-in (all in for 6.80€)
    (h,) = _fixture_hands("winamax_stud_short_allin.txt")
    omar = h.players.index("Omar")
    last = [a for a in h.actions if a.player == omar and a.kind == "raise"][-1]
    assert (last.amount, last.to, last.allin) == (Decimal("4.80"), Decimal("6.80"), True)
    assert h.net == [Decimal("-1"), Decimal("-7.80"), Decimal("8.30")]
    sc.check_replays([h], 1)


def test_a_line_skipped_for_is_numbered_as_in_the_file_blank_lines_counted():
    # Winamax's exports double some line ends: the reason names the file's line, not the count of
    # the lines that are not blank
    text = (sc.FIXTURES / "winamax_allin.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(i for i, x in enumerate(lines) if x.startswith("*** PRE-FLOP"))
    lines[at:at] = ["", "", "Something no reader knows"]
    r = pyeval.read_hands("\n".join(lines))
    assert not r.hands and len(r.skipped) == 1
    assert f"line {at + 3}:" in r.skipped[0].reason, r.skipped[0].reason
