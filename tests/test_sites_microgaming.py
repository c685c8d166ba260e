"""Microgaming's XML hand histories (``pyeval.history.sites.microgaming``): every shared file, the
site's own stacks after the hand (``endbalance``) against each net, and a hand-made all-in."""

from __future__ import annotations

import re
from decimal import Decimal

import equity_reference as eref
import pytest
import site_checks as sc
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites.registry import decode

DEFECTS = {
    # one player seated, dealt and folded: the site wrote a hand that was never played
    "microgaming/omaha/CancelledHand.txt": "cancelled",
}
_SEAT = re.compile(r'<Seat num="(\d+)" alias="[^"]*" unicodealias="[^"]*" balance="([\d.]+)" endbalance="([\d.]+)"'
                   r'([^>]*)>')
_GAME = re.compile(r'<Game hhversion="\d+" id="(\d+)"')


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("microgaming")


def _allin_text() -> str:
    return (sc.FIXTURES / "microgaming_allin.xml").read_text(encoding="utf-8")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_for_a_defect(shared):
    sc.check_read_or_skipped(shared, "microgaming", "microgaming", DEFECTS, {})
    assert len(shared.hands) == 12
    assert {h.game for h in shared.hands} == {"holdem", "omaha-hilo"}
    assert {h.tournament for h in shared.hands} == {None, "16000000"}
    assert {h.currency for h in shared.hands if h.tournament is None} == {"EUR"}


@sc.needs_shared
def test_numbers_add_up_and_each_net_is_the_sites_end_balance_less_its_start(shared):
    sc.check_numbers(shared.hands)
    # the seat lines' balance and endbalance, read here from the file, hand by hand
    stated: dict[str, dict[int, tuple[Decimal, bool]]] = {}
    for path in sorted((sc.SHARED / "microgaming").rglob("*.txt")):
        for piece in decode(path.read_bytes()).split("</Game>"):
            m = _GAME.search(piece)
            if m:
                stated[m.group(1)] = {int(s): (Decimal(e) - Decimal(b), 'sittingout="true"' in rest)
                                      for s, b, e, rest in _SEAT.findall(piece)}
    checked = 0
    for h in shared.hands:
        for seat, (net, sitting_out) in stated[h.id].items():
            if seat in h.seats:
                assert h.net[h.seats.index(seat)] == net, (h.id, seat)
                checked += 1
            else:  # not dealt in: no chips moved, or sitting out (5079075153: a top-up of 310.44 meanwhile)
                assert net == 0 or sitting_out, (h.id, seat)
    assert checked == sum(len(h.players) for h in shared.hands) == 78


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    # refused: two hands with a bad-beat jackpot fee (dead money PHH cannot post) and the Omaha hi/lo
    # hand (PHH has no pot-limit Omaha hi/lo)
    sc.check_replays(shared.hands, 9)


@sc.needs_shared
def test_the_quirks_of_the_shared_hands(shared):
    by_id = {h.id: h for h in shared.hands}
    # the uncalled all-in on the river is in the winner's Win (144 = 86.50 pot - 3 rake + 60.50 back)
    h = by_id["5079074639"]
    i = h.players.index("terjesen")
    assert [(a.player, a.amount) for a in h.actions if a.kind == "uncalled"] == [(i, Decimal("60.50"))]
    assert h.collected[i] == Decimal("83.50") and h.net[i] == 41 and h.rake == 3
    # the bad-beat jackpot's 0.02 is taken from the player: in the rake with the 0.87 the header writes
    h = by_id["5079074821"]
    assert h.rake == Decimal("0.89") and h.net[h.players.index("Suvorov1983")] == Decimal("-7.52")
    # a tournament's small blind posted all-in for the whole stack; the side pot goes to the raiser
    h = by_id["5837000000"]
    sb = h.players.index("Player7")
    assert [(a.kind, a.amount, a.allin) for a in h.actions if a.player == sb][:1] == [("small-blind", 10, True)]
    assert h.collected[sb] == 30 and h.net[h.players.index("HERO")] == 0 and h.rake == 0
    assert h.hole[h.players.index("HERO")] == "4hJd" and h.boards == ["8s5h9cKc9s"]
    # the header's base64 UTF-16 sign is the euro; hi/lo with the players' cards shown
    h = by_id["4577018979"]
    assert h.game == "omaha-hilo" and h.limit == "pot-limit" and h.currency == "EUR"
    assert h.hole[h.players.index("Player0")] == "Ad3s4c3c"


def test_fixture_all_in_ev_against_brute_force():
    hand = pyeval.read_hands(_allin_text()).hands[0]
    assert hand.players == ["Alice", "Bob", "Carol"] and hand.seats == [1, 2, 3] and hand.button == 1
    assert hand.net == [-100, 98, -1] and hand.collected == [0, 198, 0] and hand.rake == 3
    assert hand.hole == ["AhKh", "QsQd", ""] and hand.boards == ["2c7d9s3hTc"]
    assert hand.stakes.small_blind == Decimal("0.5") and hand.stakes.big_blind == 1 and hand.currency == "EUR"
    bets = [(a.kind, a.player, a.street, a.amount, a.to, a.allin) for a in hand.actions
            if a.kind in ("raise", "bet", "call")]
    assert bets == [("raise", 0, "preflop", 3, 3, False), ("call", 1, "preflop", Decimal("2.5"), 3, False),
                    ("bet", 1, "flop", 5, 5, False), ("raise", 0, "flop", 97, 97, True),
                    ("call", 1, "flop", 92, 97, False)]
    row = pyeval.allin_ev(str(sc.FIXTURES / "microgaming_allin.xml")).hands.rows()[0]
    assert row["street"] == "flop"
    eq = eref.equity("holdem", [eref.codes("AhKh"), eref.codes("QsQd")], eref.codes("2c7d9s"))
    assert eq.outcomes == 990
    assert row["ev"] == pytest.approx([float(eq.fractions[0] * 198) - 100, float(eq.fractions[1] * 198) - 100, -1])
    assert row["actual"] == [-100, 98, -1]


@pytest.mark.parametrize(("edit", "reason"), [
    (lambda t: t.split("<Action type=\"Win\">")[0], "cut short: no </Game>"),
    (lambda t: t.replace('type="Fold"', 'type="Dance"'), "unknown action 'Dance'"),
    (lambda t: t.replace('type="Fold" seat="3"', 'type="Fold" seat="5"'), "seat 5, which has no player"),
    (lambda t: t.replace('id="51"', 'id="50"', 1), "card Kh has the id 50, which is Qh"),
    (lambda t: t.replace('endbalance="248.00"', 'endbalance="247.00"'), "gives Bob a net of 97.00"),
    (lambda t: t.replace('gametype="Hold&apos;em"', 'gametype="Razz"'), "unknown Microgaming game 'Razz'"),
    (lambda t: t.replace("<Seats>", "<Seats><Seat"), "not well-formed XML"),
    (lambda t: t + "Hello\n", "unknown text around the hand: 'Hello'"),
    (lambda t: t.replace("<Seats>", '<!DOCTYPE x [<!ENTITY a "aaaa">]><Seats>'), "declares entities"),
])
def test_bad_input_is_skipped_with_a_reason(tmp_path, edit, reason):
    path = tmp_path / "hands.txt"
    path.write_text(_allin_text() + "\n" + edit(_allin_text()), encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 1 and len(r.skipped) == 1, r.skipped
    assert reason in r.skipped[0].reason and r.skipped[0].line == _allin_text().count("\n") + 2


def test_a_header_before_the_first_hand_and_a_trailer_after_it_are_read_past():
    text = "----PRIMA.DAT----\n\n" + _allin_text() + "\nExtendedTableName: Fixture 1 - €200 Max [1]\n"
    r = pyeval.read_hands(text)
    assert len(r.hands) == 1 and r.skipped == [] and r.hands[0].line == 1


def _heads_up(small: int, raise_by: int, bet: int, rake: int, returned: bool) -> tuple[str, dict[str, Decimal]]:
    """A heads-up hand in cents: the button (small blind) raises by ``raise_by`` more, the big
    blind calls, the button bets the flop and the big blind folds; the uncalled bet is returned on
    its own line (``returned``) or, as older files do, counted in the Win.  The nets expected,
    worked out here."""
    c = lambda x: f"{Decimal(x).scaleb(-2):.2f}"  # noqa: E731  (cents -> "1.50")
    big = 2 * small
    to = small + raise_by
    pot = 2 * to
    stack = to + bet + 10_000
    win = pot - rake + (0 if returned else bet)
    net = {"Ann": Decimal(pot - rake - to).scaleb(-2), "Bob": Decimal(-to).scaleb(-2)}
    back = f'<Action seq="9" type="MoneyReturned" seat="1" value="{c(bet)}"/>' if returned else ""
    text = f"""<Game hhversion="5" id="1" date="2020-01-01 10:00:00" tablename="T" stakes="{c(small)}|{c(big)}" \
betlimit="NL" tabletype="Cash Game" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" istournament="0" \
rake="{rake}">
<Seats>
<Seat num="1" alias="Ann" unicodealias="" balance="{c(stack)}" endbalance="{c(stack + pot - rake - to)}" dealer="true"/>
<Seat num="2" alias="Bob" unicodealias="" balance="{c(stack)}" endbalance="{c(stack - to)}"/>
</Seats>
<Gameplay>
<Action seq="1" type="SmallBlind" seat="1" value="{c(small)}"/>
<Action seq="2" type="BigBlind" seat="2" value="{c(big)}"/>
<Action seq="3" type="Raise" seat="1" value="{c(raise_by)}"/>
<Action seq="4" type="Call" seat="2" value="{c(to - big)}"/>
<Action seq="5" type="DealFlop"><Card value="2" suit="c" id="14"/><Card value="7" suit="d" id="32"/>\
<Card value="9" suit="s" id="8"/></Action>
<Action seq="6" type="Check" seat="2"/>
<Action seq="7" type="Bet" seat="1" value="{c(bet)}"/>
<Action seq="8" type="Fold" seat="2"/>
{back}
<Action type="Win"><Seat num="1" amount="{c(win)}" pot="0" type="" lowhandwin="0"/></Action>
</Gameplay>
</Game>
"""
    return text, net


@given(small=st.integers(1, 500), raise_by=st.integers(1, 5000), bet=st.integers(1, 100_000),
       rake_share=st.integers(0, 50), returned=st.booleans())
@example(small=50, raise_by=5000, bet=1, rake_share=50, returned=False)  # a rake over the uncalled bet
@settings(max_examples=60, deadline=None)
def test_any_amounts_read_to_the_nets_worked_out_by_hand(small, raise_by, bet, rake_share, returned):
    raise_by = max(raise_by, small)  # a raise at least doubles the big blind
    pot = 2 * (small + raise_by)
    rake = pot * rake_share // 1000  # up to 5 %: also a rake bigger than the uncalled bet
    text, net = _heads_up(small, raise_by, bet, rake, returned)
    r = pyeval.read_hands(text)
    assert r.skipped == [], r.skipped
    hand = r.hands[0]
    assert dict(zip(hand.players, hand.net)) == net
    assert hand.rake == Decimal(rake).scaleb(-2)
    assert [a.amount for a in hand.actions if a.kind == "uncalled"] == [Decimal(bet).scaleb(-2)]


@given(cut=st.integers(0, 3000), at=st.integers(0, 3000), char=st.characters(min_codepoint=32, max_codepoint=0x2FF))
@settings(max_examples=80, deadline=None)
def test_a_hand_cut_or_garbled_anywhere_is_read_or_skipped_never_a_crash(cut, at, char):
    text = _allin_text()
    for piece in (text[:cut % len(text)], text[:at % len(text)] + char + text[at % len(text) + 1:]):
        r = pyeval.read_hands(piece + "\n")
        assert len(r.hands) + len(r.skipped) >= 1 or not piece.strip()
        assert all(s.reason for s in r.skipped)


_ATTRIBUTES = [m.span(1) for m in re.finditer(r'="([^"]*)"', _allin_text())]


@given(where=st.sampled_from(_ATTRIBUTES), value=st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF,
                                                                              exclude_characters='"<&'), max_size=8))
@example(where=_ATTRIBUTES[2], value="2024")  # a date of the wrong form
@settings(max_examples=300, deadline=None)
def test_any_attribute_replaced_is_read_or_skipped_never_a_crash(where, value):
    text = _allin_text()
    r = pyeval.read_hands(text[:where[0]] + value + text[where[1]:])
    assert len(r.hands) + len(r.skipped) == 1 and all(s.reason for s in r.skipped)
    for hand in r.hands:
        assert hand.date == "" or re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", hand.date)
        try:
            hand.to_phh()
        except ValueError as e:
            assert str(e)
