"""Microgaming's exports beyond the shared files (issue 40): the oldest export (no ``hhversion``:
calls and raises written as street totals, an uncalled bet left out of the ``Win``), a new
player's ``PostedToPlay`` and a ``Disconnect``.  Hand-made fixtures; the numbers worked out by
hand in the comments."""

from __future__ import annotations

from decimal import Decimal

import pytest
import site_checks as sc

OLDEST = sc.FIXTURES / "microgaming_oldest.xml"
POSTED = sc.FIXTURES / "microgaming_posted_to_play.xml"
D = Decimal


def test_every_site_check_holds():
    hand = sc.read_one(OLDEST, "microgaming")
    sc.check_numbers([hand])
    sc.check_replays([hand], 1)


def test_the_posted_to_play_hand_checks_and_phh_refuses_it():
    hand = sc.read_one(POSTED, "microgaming")
    sc.check_numbers([hand])
    with pytest.raises(ValueError, match="Quin posted a second big blind"):
        hand.to_phh()


def test_the_oldest_export_writes_calls_and_raises_as_street_totals():
    hand = sc.read_one(OLDEST, "microgaming")
    bets = [(a.kind, hand.players[a.player], a.amount, a.to) for a in hand.actions
            if a.kind in ("raise", "call", "bet")]
    # Kim raises to 0.30, Max (the big blind's 0.10 in) to 0.90, Kim calls 0.90: 0.60 more; on the
    # flop Max bets 0.50, Kim is all in for 11.10 (12.00 less 0.90), Max calls all in with 8.60
    assert bets == [("raise", "Kim", D("0.30"), D("0.30")), ("raise", "Max", D("0.80"), D("0.90")),
                    ("call", "Kim", D("0.60"), D("0.90")), ("bet", "Max", D("0.50"), D("0.50")),
                    ("raise", "Kim", D("11.10"), D("11.10")), ("call", "Max", D("8.60"), D("9.10"))]
    # 0.05 + 2 x (0.90 + 9.10) = 20.05, 1.00 raked: the Win of 19.05 holds none of Kim's 2.00 back
    assert hand.collected == [D("19.05"), 0, 0] and hand.rake == D("1.00")
    assert [a.amount for a in hand.actions if a.kind == "uncalled"] == [D("2.00")]
    assert hand.net == [D("9.05"), D("-0.05"), D("-10.00")]  # the balances' 21.05, 7.95 and 0.00
    assert hand.currency == "EUR" and hand.hole == ["AcKh", "", "JsJd"] and hand.boards == ["4c9hKd2s7h"]


def test_posted_to_play_is_a_live_post_and_a_disconnect_moves_nothing():
    hand = sc.read_one(POSTED, "microgaming")
    quin = hand.players.index("Quin")
    post = next(a for a in hand.actions if a.player == quin and a.kind.endswith("blind"))
    assert (post.kind, post.amount) == ("big-blind", D("0.20"))
    # Quin's raise of 0.40 more makes 0.60 over his live 0.20; Pia (big blind) calls 0.40 to 0.60
    raise_ = next(a for a in hand.actions if a.kind == "raise")
    assert (hand.players[raise_.player], raise_.to) == ("Quin", D("0.60"))
    assert hand.net == [0, D("-0.10"), D("-0.60"), D("0.65")] and hand.rake == D("0.05")


@pytest.mark.parametrize("path, edit, reason", [
    # a raise read as the chips it adds would make Max's 1.00 and Kim's call 1.50: not the balances
    (OLDEST, lambda t: t.replace('endbalance="21.05"', 'endbalance="21.45"'), "a net of 9.45, the actions 9.05"),
    # the Win with Kim's uncalled 2.00 in it: more than the pots hold
    (OLDEST, lambda t: t.replace('amount="19.05"', 'amount="21.05"'), "more than the"),
    (OLDEST, lambda t: t.replace('endbalance="21.05"', 'endbalance=""'), "Kim's final stack has no amount"),
    # the balance a dead post would leave (0.20 dead and 0.60 in: 1.25 less 0.80)
    (POSTED, lambda t: t.replace('endbalance="20.65"', 'endbalance="20.45"'),
     "the summary gives Quin a net of 0.45, the actions 0.65"),
])
def test_numbers_that_contradict_each_other_are_skipped(tmp_path, path, edit, reason):
    skipped = sc.skipped_after_edit(path, edit, tmp_path)
    assert reason in skipped.reason and skipped.site == "microgaming"
