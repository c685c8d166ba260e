"""Microgaming's XML hand histories (``pyeval.history.sites.microgaming``): every shared file, the
site's own stacks after the hand (``endbalance``) against each net, and a hand-made all-in."""

from __future__ import annotations

import re
from decimal import Decimal

import equity_reference as eref
import pytest
import site_checks as sc

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
