"""iPoker's hand histories (``pyeval.history.sites.ipoker``): every shared file (the client's XML,
its archive and flat exports, the 2018+ text), and a hand-made XML hand with actions out of order,
a raise written as what it adds, an all-in, decimal commas and an escaped name."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
import site_checks as sc

import pyeval
from pyeval.history.sites.registry import decode

DEFECTS: dict[str, str] = {
    # a sample edited for a unit test: its gametype says "Holdem PL" and every player is dealt four cards
    "ipoker/holdem/PostingDead.txt": "HERO shows 4 cards in holdem, which deals 2",
}
# three files end after their hand's last round, without </game></session> (fpdb keeps them so): each
# hand is read, its actions adding up to every player's bet= (test_a_hand_cut_after_its_last_round...)


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("ipoker")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_for_a_defect(shared):
    sc.check_read_or_skipped(shared, "ipoker", "ipoker", DEFECTS, {})
    assert len(shared.hands) == 137
    assert {h.game for h in shared.hands} == {"holdem", "shortdeck", "omaha", "omaha5", "stud", "stud-hilo", "stud5"}


@sc.needs_shared
def test_numbers_add_up_and_match_each_players_bet_and_win(shared):
    sc.check_numbers(shared.hands)
    # the <player bet= win=> attributes, read here with a regular expression of their own: bet is
    # what the actions put in with any uncalled part; win is what the pots paid, with it or without
    for path in sorted({h.source for h in shared.hands if "<game" in open(h.source, "rb").read(20000).decode(
            "latin-1")}):
        text = decode(open(path, "rb").read())
        for h in (h for h in shared.hands if h.source == path):
            game = text[text.index(f'gamecode="{h.id}"'):]
            game = game[:game.find("</game>")]
            back = {a.player: a.amount for a in h.actions if a.kind == "uncalled"}
            chips = sc.put_in(h)
            for i, name in enumerate(h.players):
                tag = next(t for t in re.findall(r"<player [^>]*>", game) if f'name="{name}"' in t
                           or f'name="{name.replace("&", "&amp;")}"' in t)
                attrs = dict(re.findall(r'(\w+)="([^"]*)"', tag))
                bet, win = (_money(attrs[k]) for k in ("bet", "win"))
                assert bet == chips[i] + back.get(i, 0), (path, h.id, name)
                assert win in (h.collected[i], h.collected[i] + back.get(i, 0)), (path, h.id, name)


def _money(text: str) -> Decimal:
    digits = re.sub(r"[^0-9.,]", "", text)
    if re.search(r",\d\d$", digits) or re.search(r"\.\d{3}$", digits) and "," not in digits:
        digits = digits.replace(".", "").replace(",", ".")
    return Decimal(digits.replace(",", ""))


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    sc.check_stacks_carry_over(shared.hands, 600)


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    sc.check_replays(shared.hands, 100)


def test_fixture_xml_hand():
    hand = pyeval.read_hands(str(sc.FIXTURES / "ipoker_raise_by.xml")).hands[0]
    assert hand.players == ["Gus", "Hal & Co", "Ivy"] and hand.currency == "EUR" and hand.game == "omaha"
    assert [a.kind for a in hand.actions if a.player is not None and a.kind not in ("deal",)][:2] == [
        "small-blind", "big-blind"]  # ordered by the action numbers, not the file's order
    assert hand.stakes.small_blind == Decimal("0.50") and hand.stakes.big_blind == 1
    gus_raise = next(a for a in hand.actions if a.kind == "raise" and a.player == 0)
    assert (gus_raise.amount, gus_raise.to) == (3, 3)
    assert hand.net == [-40, Decimal("39.50"), -1] and hand.rake == Decimal("1.50")
    assert hand.hole == ["AsAh2d3c", "KsKhJdJc", ""] and hand.boards == ["TsJh4c5dQh"]
    assert hand.date == "2020-09-13T10:00:00"
