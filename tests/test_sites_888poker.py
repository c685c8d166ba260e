"""888poker's text hand histories (``pyeval.history.sites.poker888``): every shared file, and a
hand-made hand in a European locale (decimal commas, dot thousands, Dutch court cards)."""

from __future__ import annotations

from decimal import Decimal

import pytest
import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval

DEFECTS = {
    # a split pot with one winner's "collected" line missing: 0.28 of a 0.52 pot paid to nobody
    "888poker/holdem/888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt": "a winner's line is missing",
    # the file ends with the first line of a hand that is not there
    "888poker/omaha/SpecialCards.txt": "cut short",
}
EXTRA = {"888poker/omaha/SpecialCards.txt": 1}
"""That dangling first line is a piece of its own, beyond the index's one hand."""
NOT_REPLAYED: set[str] = set()
"""Every hand PHH can write replays: 616554036 (a raise no one can answer, written as the call
it is) and 440985926 (a fold before the deal, written at its turn) did not before."""


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("888poker")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_for_a_defect(shared):
    sc.check_read_or_skipped(shared, "888poker", "888poker", DEFECTS, EXTRA)
    assert len(shared.hands) == 122
    assert {h.game for h in shared.hands} == {"holdem", "omaha", "omaha-hilo"}
    assert {h.limit for h in shared.hands} == {"no-limit", "pot-limit", "fixed-limit"}


@sc.needs_shared
def test_numbers_add_up(shared):
    sc.check_numbers(shared.hands)


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    sc.check_stacks_carry_over(shared.hands, 400)


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    sc.check_replays(shared.hands, 90, NOT_REPLAYED)


@sc.needs_shared
def test_locales_read_the_same_amounts(shared):
    by_id = {h.id: h for h in shared.hands}
    dutch = by_id["305277727"]  # "$ 3.243" (dot thousands), "$ 552,72", cards "Hc", "Vs", "Bh"
    assert dutch.starting_stacks[0] == 3243 and 552 < dutch.starting_stacks[3] < 553
    assert dutch.hole[0] == "4h9dJh3s" and dutch.hole[2] == "Kc8hTd6h" and dutch.boards == ["7cKhTsQs6s"]


def test_fixture_locale_hand():
    hand = pyeval.read_hands(str(sc.FIXTURES / "poker888_locale.txt")).hands[0]
    assert hand.site == "888poker" and hand.game == "omaha" and hand.limit == "pot-limit"
    assert hand.starting_stacks == [1000, Decimal("50.25"), 80]
    assert hand.hole[0] == "AhKhQcJd" and hand.boards == ["2c7dKs"]
    assert hand.net == [Decimal("3.75"), Decimal("-0.50"), Decimal("-3.50")]
    assert hand.collected[0] == Decimal("7.25") and hand.rake == Decimal("0.25")
    assert [(a.player, a.amount) for a in hand.actions if a.kind == "uncalled"] == [(0, 7)]
    assert hand.date == "2020-09-13T10:00:00"


def _money(cents: int, locale: str) -> str:
    """An amount as the English client writes it (``$1,234.56``) or a European one (``1.234,56 $``)."""
    whole, frac = divmod(cents, 100)
    digits = f"{whole:,}" + (f".{frac:02d}" if frac else "")
    if locale == "en":
        return "$" + digits
    return digits.replace(",", " ").replace(".", ",").replace(" ", ".") + " $"


@given(blind=st.integers(1, 500), raise_to=st.integers(3, 400), bet=st.integers(1, 100_000), rake=st.integers(0, 5),
       locale=st.sampled_from(["en", "eu"]))
@settings(max_examples=60, deadline=None)
def test_any_amounts_in_either_locale_read_to_the_same_nets(blind, raise_to, bet, rake, locale):
    # heads-up: the button (small blind) raises, the big blind calls, the button bets the flop and
    # the big blind folds; 888 collects the pot and, on a line of its own, the uncalled bet
    small, big = blind, 2 * blind
    to = raise_to * big // 2 + big
    stack = to + bet + 10_000
    pot = 2 * to
    rake = min(rake, pot // 20)
    m = lambda c: _money(c, locale)  # noqa: E731
    text = f"""#Game No : 1
***** 888poker Hand History for Game 1 *****
{m(small)}/{m(big)} Blinds No Limit Holdem - *** 13 09 2020 10:00:00
Table Prop 2 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Ann ( {m(stack)} )
Seat 2: Bob ( {m(stack)} )
Ann posts small blind [{m(small)}]
Bob posts big blind [{m(big)}]
** Dealing down cards **
Ann raises [{m(to - small)}]
Bob calls [{m(to - big)}]
** Dealing flop ** [ 2c, 7d, Ks ]
Bob checks
Ann bets [{m(bet)}]
Bob folds
** Summary **
Ann collected [ {m(pot - rake)} ]
Ann collected [ {m(bet)} ]
"""
    r = pyeval.read_hands(text)
    assert r.skipped == [], r.skipped
    hand = r.hands[0]
    cents = Decimal("0.01")
    assert hand.starting_stacks == [stack * cents, stack * cents]
    assert hand.net == [(to - rake) * cents, -to * cents]
    assert hand.rake == rake * cents and hand.collected == [(pot - rake) * cents, 0]


def _fixture(name: str, count: int):
    r = pyeval.read_hands(str(sc.FIXTURES / name))
    assert not r.skipped, [(s.line, s.reason) for s in r.skipped]
    assert len(r.hands) == count
    sc.check_numbers(r.hands)
    return r.hands


def test_fixture_skins_headers_and_blast_final_antes():
    # issue 40's other exports: "888poker.ca-on", "LuckyAcePoker.com" and "888.ro BLAST" headers;
    # BLAST's last hand: both ante their whole stacks, 2200 of the bigger ante goes back
    ontario, lucky, blast = _fixture("poker888_skins.txt", 3)
    assert (ontario.id, lucky.id, blast.id) == ("6600001", "5600002", "1008700003")
    assert lucky.net == [Decimal(-2), Decimal(3), Decimal(-1)]
    back = [(blast.players[a.player], a.amount) for a in blast.actions if a.kind == "uncalled"]
    assert back == [("RaduM", Decimal(2200))]
    assert blast.net == [Decimal(-1900), Decimal(1900)] and blast.tournament == "133600004"
    sc.check_replays([ontario, lucky], 2)


def test_fixture_russian_court_cards():
    # the Russian client's туз/король/дама/валет (Т К Д В), its file in cp1251
    (h,) = _fixture("poker888_russian_cards.txt", 1)
    assert h.boards == ["JdKc4s8cQs"] and h.hole[2] == "KhAs"
    sc.check_replays([h], 1)


def test_blank_player_names_are_named_as_the_defect():
    text = (sc.FIXTURES / "poker888_skins.txt").read_text(encoding="utf-8").split("\n\n")[0]
    r = pyeval.read_hands(text.replace("Gilles_Q ( $30 )", " ( $30 )"))
    assert not r.hands and "no name" in r.skipped[0].reason


def test_a_player_named_like_a_spanish_card_leaves_the_english_suits_read():
    """A name such as ``Kp`` looks like a card in the Spanish suits (``7p``, ``8t``): the cards
    in brackets decide the notation (the hand raised KeyError, which stopped read_hands)."""
    from pyeval.history.sites import poker888

    text = (sc.FIXTURES / "poker888_skins.txt").read_text(encoding="utf-8").split("\n\n")[0]
    text = text.replace("Gilles_Q", "Kp").replace("[ 9h, 4c, 2d ]", "[ 9h, 4s, 2d ]")
    hand = poker888.parse(text, "<kp>", 1)
    assert hand.players[hand.players.index("Kp")] == "Kp" and hand.boards == ["9h4s2d"]
    assert hand.hole[hand.players.index("Kp")] == "JdJc"
