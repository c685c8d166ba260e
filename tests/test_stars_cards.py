"""Card text in the PokerStars-like family (``stars_totals.cards_text``): every card checked, a
hand whose text deals something that is no card skipped, and a show line without a colon read
for its cards (it had stored the player's name as the cards)."""

from __future__ import annotations

import pytest
import site_checks as sc
from hypothesis import given
from hypothesis import strategies as st

import pyeval
from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.history.sites.stars_totals import cards_text

CARD = st.tuples(st.sampled_from(RANK_CHARS), st.sampled_from(SUIT_CHARS)).map("".join)


@given(st.lists(CARD, max_size=7))
def test_cards_are_read_as_written_without_spaces(cards):
    assert cards_text(" ".join(cards)) == "".join(cards)


@pytest.mark.parametrize("text", ["of", "Ah of", "Zz", "A", "Ahh", "1h", "10h", "Ax"])
def test_text_that_is_no_card_is_refused(text):
    with pytest.raises(ValueError, match="is not card text"):
        cards_text(text)


def test_hidden_cards_and_a_rank_in_lower_case():
    assert cards_text("X X 7h") == "??7h"
    assert cards_text("ks 2d") == "Ks2d"


@sc.needs_shared
def test_a_hand_dealing_no_card_is_skipped_naming_it():
    r = pyeval.read_hands(str(sc.SHARED / "pokerstars" / "stud" / "Triple-Stud-USD-2.00-0.20-MTT-201301.txt"))
    assert r.hands == [] and "'of' is not card text" in r.skipped[0].reason


@sc.needs_shared
def test_a_show_line_without_a_colon_gives_the_cards_shown():
    hand = pyeval.read_hands(str(sc.SHARED / "runitonce" / "holdem" / "NLHE-3max-EUR-5.00-202103.classic.txt")).hands[0]
    shows = [(hand.players[a.player], a.cards) for a in hand.actions if a.kind == "show"]
    assert ("AlexMusk", "Ad4c") in shows
    assert all(len(cards) % 2 == 0 and cards[:1] in RANK_CHARS for _, cards in shows)


@sc.needs_shared
@pytest.mark.parametrize("game", ["stud", "stud-hilo"])
def test_wpn_old_stud_streets_count_the_cards_dealt(game):
    """WPN's old text counts stud's streets after the first deal ("Third street" deals the fourth
    card): each player's k-th deal is on the street of k + 3 cards."""
    hands = pyeval.read_hands(str(sc.SHARED / "wpn-acr" / game)).hands
    assert hands
    for hand in hands:
        for i in range(len(hand.players)):
            streets = [a.street for a in hand.actions if a.kind == "deal" and a.player == i]
            assert streets == ["3rd", "4th", "5th", "6th", "7th"][:len(streets)], (hand.id, hand.players[i], streets)
        assert {a.street for a in hand.actions if a.kind == "bring-in"} == {"3rd"}
