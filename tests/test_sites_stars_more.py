"""The PokerStars-like family (``stars_text``; PokerStars, Run It Once, GGPoker): lines of other
exports than the shared set's (issue 40), each on a hand-made fixture that today's reader reads
and checks like every site's hand (chips conserved, nets, pokerkit's replay of ``to_phh()``)."""

from __future__ import annotations

from decimal import Decimal

import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval

FIXTURES = sc.FIXTURES


def _read(name: str, hands: int = 1):
    r = pyeval.read_hands(str(FIXTURES / name))
    assert not r.skipped, r.skipped
    assert len(r.hands) == hands
    sc.check_numbers(r.hands)
    sc.check_replays(r.hands, hands)
    return r.hands


def _kinds(h, name: str) -> list[str]:
    return [a.kind for a in h.actions if a.player == h.players.index(name)]


def test_a_converters_table_lines_and_disconnected_fold():
    # "Table leave user", "Small Blind: folds (disconnect)", "Small Blind: Table deposit $22"
    (h,) = _read("stars_converted.txt")
    assert _kinds(h, "Small Blind") == ["small-blind", "fold"]
    assert h.net == [Decimal("0"), Decimal("12.70"), Decimal("-2"), Decimal("-12")]


def test_a_zoom_archive_with_every_line_indented():
    hands = _read("stars_zoom_archive.txt", 2)
    assert [h.id for h in hands] == ["140000000001", "140000000002"]
    assert hands[0].table == "Aludra" and hands[0].hole[0] == "JcJd"


def test_a_name_with_brackets_and_a_shared_bounty():
    (h,) = _read("stars_bounty_split.txt")
    assert h.players[0] == "Ott [Ace]" and h.hole[0] == "AhQh"
    assert h.collected == [Decimal(2262), 0, 0, Decimal(2263)]


def test_run_it_once_early_2019_raise_writes_the_chips_it_adds():
    (h,) = _read("runitonce_raise_adds.txt")
    flop = [(h.players[a.player], a.kind, a.to) for a in h.actions if a.street == "flop" and a.to]
    assert flop == [("Mara V", "bet", 4), ("Nils O", "raise", 12), ("Mara V", "raise", 28), ("Nils O", "call", 28)]
    assert h.net[:2] == [Decimal("-32.50"), Decimal("31.25")]


def test_run_it_once_raises_written_as_street_totals_are_read_as_written():
    # the same hand written with each raise's street total (as the client writes since August
    # 2019, whatever its date): read as written, the same hand
    from pyeval.history.sites.runitonce import _raise_totals

    text = (FIXTURES / "runitonce_raise_adds.txt").read_text(encoding="utf-8")
    totals = _raise_totals(text)
    assert totals != text and "Mara V: raises €12.00 to €28.00" in totals
    (h,) = pyeval.read_hands(totals).hands
    want = _read("runitonce_raise_adds.txt")[0].to_dict()
    assert h.to_dict() == {**want, "source": "<text>"}


def test_run_it_once_a_hand_that_adds_up_neither_way_names_the_hand_as_written():
    text = (FIXTURES / "runitonce_raise_adds.txt").read_text(encoding="utf-8").replace("Total pot €", "Total pot €1")
    r = pyeval.read_hands(text)
    assert not r.hands and "total pot" in r.skipped[0].reason


def test_gg_all_in_insurance_premium_is_paid_outside_the_pot():
    (h,) = _read("ggpoker_insurance.txt")
    assert h.cash_out == [0, 0, Decimal("-2.5")]
    assert h.net == [0, Decimal("-20"), Decimal("15.7")]


def test_gg_bet_and_muck():
    (h,) = _read("ggpoker_bet_and_muck.txt")
    river = [(a.kind, a.amount) for a in h.actions if a.street == "river" and a.player == 0]
    assert river == [("bet", Decimal("0.5")), ("muck", 0)]  # "Bet & Muck $0.5", called, "Bet & Muck folds"


def test_a_player_acting_without_a_seat_is_named(tmp_path):
    row = sc.skipped_after_edit(FIXTURES / "stars_converted.txt",
                                lambda t: t.replace("Big Blind: calls $8", "Bigg Blind: calls $8"), tmp_path)
    assert "'Bigg Blind' acts but has no seat line" in row.reason


def test_a_hand_cut_mid_line_is_cut_short(tmp_path):
    row = sc.skipped_after_edit(FIXTURES / "stars_converted.txt", lambda t: t[:t.index("Big Blind: checks") + 5] + "\n",
                                tmp_path)
    assert row.reason == "the hand is cut short: no summary"


def test_a_header_glued_onto_a_hand_cut_mid_line_starts_the_next_hand():
    # files put together mid-line: "Dealer: bets $1PokerStars Hand #...": the cut hand is skipped
    # as cut short, the glued one read from its header
    text = (FIXTURES / "stars_converted.txt").read_text(encoding="utf-8")
    cut = text.index("Dealer: bets $16") + len("Dealer: bets $1")
    r = pyeval.read_hands(text[:cut] + text)
    assert [h.id for h in r.hands] == ["2900000001"] and r.hands[0].line == text[:cut].count("\n") + 1
    assert [(s.line, s.reason) for s in r.skipped] == [(1, "the hand is cut short: no summary")]
    # a header quoted in chat is no hand
    chat = text.replace("Table leave user", 'Dealer said, "PokerStars Hand #1: nice"')
    assert len(pyeval.read_hands(chat).hands) == 1 and not pyeval.read_hands(chat).skipped


def test_an_uncalled_bet_larger_than_the_bet_is_named(tmp_path):
    # Run It Once's "Uncalled bet (€0.71) returned" of a €0.21 bet (its pot after the splash)
    row = sc.skipped_after_edit(FIXTURES / "stars_converted.txt",
                                lambda t: t.replace("Uncalled bet ($16) returned", "Uncalled bet ($20) returned"),
                                tmp_path)
    assert row.reason == "the uncalled bet returned to Dealer (20) is more than the part of the bet no one called (16)"


_ISSUE_40_FIXTURES = sorted(p.name for p in FIXTURES.iterdir() if p.name.startswith(
    ("wpn_", "stars_", "runitonce_", "ggpoker_", "fulltilt_", "winamax_", "poker888_")))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_damaged_fixtures_are_read_or_skipped_never_a_crash(data):
    # a line of a hand-made file dropped, cut, or a character changed: a hand, or a skipped row
    # with its reason (the readers crashed on a show or deal with no [cards], a line with no
    # [amount], a 'Total pot' with no amount, a one-line WPN hand)
    from pyeval.history.sites.registry import decode

    name = data.draw(st.sampled_from(_ISSUE_40_FIXTURES))
    lines = decode((FIXTURES / name).read_bytes()).split("\n")
    k = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["drop", "cut", "change"]))
    at = data.draw(st.integers(0, len(lines[k])))
    if how == "drop":
        del lines[k]
    elif how == "cut":
        lines[k] = lines[k][:at]
    else:
        lines[k] = lines[k][:at] + data.draw(st.sampled_from(list("0-.,$€ ()[]:#X"))) + lines[k][at + 1:]
    r = pyeval.read_hands("\n".join(lines))
    assert all(s.reason for s in r.skipped)
