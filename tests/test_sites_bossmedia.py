"""Boss Media's XML hand histories (``pyeval.history.sites.bossmedia``): every shared file, the
card numbers checked against the hands the site names, and a hand-made all-in."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import equity_reference as eref
import pytest
import reference as ref
import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites.registry import decode

FIXTURE = sc.FIXTURES / "bossmedia_allin.xml"
_RESULT = re.compile(r"<RESULT (?:WINTYPE=\"\w+\" )?PLAYER=\"([^\"]+)\" WIN=\"([\d.]+)\" HAND=\"([^\"]*)\""
                     r"(?: WINCARDS=\"([\d ]*)\")?")
_HEAD = re.compile(r"<HISTORY ID=\"(\d+)\"[^>]* WIN=\"([\d.]+)\" LOSS=\"([\d.]+)\"")
_WORDS = {"PAIR": "one pair", "TWOPAIR": "two pair", "THREEOFAKIND": "three of a kind"}
_RANK_WORDS = {"TWOS": "2", "THREES": "3", "FOURS": "4", "FIVES": "5", "SIXES": "6", "SEVENS": "7", "EIGHTS": "8",
               "NINES": "9", "TENS": "T", "JACKS": "J", "QUEENS": "Q", "KINGS": "K", "ACES": "A"}


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("bossmedia")


def _hand_texts(hand) -> str:
    text = decode(open(hand.source, "rb").read())
    start = text.index(f'<HISTORY ID="{hand.id}"')
    end = text.find("</HISTORY>", start)
    return text[start:end]


def _card(number: int) -> str:
    """The numbering worked out from the hands (13 a suit, ace first): 12 and 25 are the kings of
    a "pair of kings"."""
    return "A23456789TJQK"[number % 13] + "dchs"[number // 13]


@sc.needs_shared
def test_every_shared_file_is_read(shared):
    sc.check_read_or_skipped(shared, "bossmedia", "bossmedia", {}, {})
    assert len(shared.hands) == 14
    assert {h.game for h in shared.hands} == {"holdem", "omaha", "omaha-hilo", "draw5"}
    assert {h.tournament is None for h in shared.hands} == {True, False}
    assert {h.currency for h in shared.hands if h.tournament is None} == {"SEK", "EUR"}
    assert {h.max_seats for h in shared.hands} == {2, 5, 10}


@sc.needs_shared
def test_numbers_add_up_and_match_the_site(shared):
    sc.check_numbers(shared.hands)
    checked = hero = 0
    for h in shared.hands:
        text = _hand_texts(h)
        # each <RESULT WIN=..> is what the player collected from the pots
        won = {}
        for name, win, _, _ in _RESULT.findall(text):
            won[name] = won.get(name, Decimal(0)) + Decimal(win)
        for name, value in won.items():
            assert h.collected[h.players.index(name)] == value, (h.id, name)
            checked += 1
        # the header's WIN/LOSS is the hero's (the player dealt face-up cards) result
        m = _HEAD.search(text)
        deal = re.search(r"<ACTION TYPE=\"HAND_DEAL\" PLAYER=\"([^\"]+)\">\s*<CARD LINK=\"\d+\"", text)
        if m and deal:
            assert h.net[h.players.index(deal.group(1))] == Decimal(m.group(2)) - Decimal(m.group(3)), h.id
            hero += 1
    assert checked >= 16 and hero == 14


@sc.needs_shared
def test_card_numbers_make_the_hands_the_site_names(shared):
    """Every winning hand the site describes ("two pair, kings and fives") is what its WINCARDS
    make, read with the numbering; and the reader's cards are those numbers."""
    described = 0
    for h in shared.hands:
        text = _hand_texts(h)
        for _, _, words, wincards in _RESULT.findall(text):
            named = re.findall(r"STR_G_(?:WIN|CARDS)_(\w+)", words)
            if not named or named[0] not in _WORDS or not wincards.strip():
                continue
            cards = [_card(int(n)) for n in wincards.split()]
            assert ref.high_category(ref.cards(" ".join(cards))) == _WORDS[named[0]], (h.id, cards, words)
            ranks = [c[0] for c in cards]
            for word in named[1:]:
                assert ranks.count(_RANK_WORDS[word]) >= 2, (h.id, cards, words)
            described += 1
        links = re.findall(r"<CARD LINK=\"(\d+)\"></CARD>", text)
        seen = "".join(h.hole) + "".join(h.boards)
        assert {seen[a:a + 2] for a in range(0, len(seen), 2)} <= {_card(int(n)) for n in links}, h.id
    assert described == 6


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    sc.check_stacks_carry_over(shared.hands, 11)


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    # no-limit hold'em and pot-limit Omaha replay; PHH has no pot-limit Omaha hi/lo or draw variant
    sc.check_replays(shared.hands, 12)


@sc.needs_shared
def test_five_card_draw_keeps_the_cards_drawn(shared):
    hand = next(h for h in shared.hands if h.game == "draw5")
    # dealt 26 32 9 42 50 (Ah 7h Td 4s Qs), three drawn: 26 45 25 12 50, "a pair of kings"
    assert hand.hole[hand.players.index("Hero")] == "KcKdAhQs7s"
    discard = next(a for a in hand.actions if a.kind == "discard" and hand.players[a.player] == "Hero")
    assert (discard.count, discard.cards, discard.street) == (3, "7hTd4s", "draw1")
    other = next(a for a in hand.actions if a.kind == "discard" and hand.players[a.player] == "Player0")
    assert (other.count, other.cards) == (2, "")


def test_fixture_reads_with_the_numbers_worked_out_by_hand():
    hand = pyeval.read_hands(str(FIXTURE)).hands[0]
    assert hand.players == ["Alice", "Bob", "Carol"] and hand.seats == [1, 2, 3] and hand.button == 3
    assert hand.max_seats == 4  # four <PLAYER> seats, one empty
    assert hand.net == [-100, 99, 0] and hand.collected == [0, 199, 0] and hand.rake == 1
    assert hand.hole == ["AhAd", "KhKs", ""] and hand.boards == ["Kc7d2s9h3c"]
    assert hand.currency == "EUR" and hand.tournament is None and hand.date == "2020-09-13T12:26:40"
    assert hand.line == 3
    shove = next(a for a in hand.actions if a.allin)
    # the all-in is written as Bob's stack at the flop (94), a raise over Alice's 10
    assert (shove.kind, shove.amount, shove.to, shove.allin) == ("raise", 94, 94, True)
    call = [a for a in hand.actions if a.kind == "call"]
    assert [(a.amount, a.to) for a in call] == [(4, 6), (84, 94)]


def test_fixture_all_in_ev_against_brute_force():
    row = pyeval.allin_ev(str(FIXTURE)).hands.rows()[0]
    assert row["street"] == "flop"
    eq = eref.equity("holdem", [eref.codes("AhAd"), eref.codes("KhKs")], eref.codes("Kc7d2s"))
    # Alice needs an ace (a set of aces, or aces full, over Bob's kings) with any card but the last
    # king: 2 x 42 boards, and the two aces: 85 of the C(45, 2) = 990
    assert eq.fractions[0] == Fraction(85, 990)
    pot = 200 - 1  # both stacks of 100 in, the rake off
    assert row["ev"] == pytest.approx([float(eq.fractions[0] * pot) - 100, float(eq.fractions[1] * pot) - 100, 0])
    assert row["actual"] == [-100, 99, 0]


def test_omaha_hilo_split_all_in_against_brute_force():
    path = sc.FIXTURES / "bossmedia_plo8_split.xml"
    hand = pyeval.read_hands(str(path)).hands[0]
    # Player2 scoops the high with kings and quarters the low (7-4-3-2-A each): 3,000 of 4,000
    assert hand.collected == [1000, 3000] and hand.net == [-1000, 1000] and hand.rake == 0
    row = pyeval.allin_ev(str(path)).hands.rows()[0]
    assert (row["street"], row["game"]) == ("turn", "omaha-hilo")
    eq = eref.equity("omaha-hilo", [eref.codes("3h4hQdQc"), eref.codes("3s4sKdKs")], eref.codes("As2d7cKh"))
    # Player1 always quarters the low (1/4 of the pot) and ties the high with the wheel on a five
    # (4 of the 40 rivers: 1/2 of the pot): (4 x 1/2 + 36 x 1/4) / 40
    assert eq.fractions[0] == Fraction(11, 40)
    assert row["ev"] == pytest.approx([float(eq.fractions[0]) * 4000 - 2000, float(eq.fractions[1]) * 4000 - 2000])
    assert row["actual"] == [-1000, 1000]


@pytest.mark.parametrize("edit, reason", [
    (lambda t: t.split("<SHOWDOWN")[0], "cut short"),
    (lambda t: t.replace('<ACTION TYPE="ACTION_FOLD" PLAYER="Carol"></ACTION>',
                         '<ACTION TYPE="ACTION_FOLD" PLAYER="Dave"></ACTION>'),
     "line 19: a player with no seat: 'Dave'"),
    (lambda t: t.replace('<ACTION TYPE="ACTION_FOLD"', '<TIP TYPE="ACTION_FOLD"'), "line 19: unknown element <TIP>"),
    (lambda t: t.replace('"ACTION_FOLD"', '"ACTION_SHRUG"'), "unknown action 'ACTION_SHRUG'"),
    (lambda t: t.replace('LINK="26"', 'LINK="52"', 1), "not a card number: '52'"),
    (lambda t: t.replace('GAME="GAME_THM"', 'GAME="GAME_RAZZ"'), "unknown Boss Media game 'GAME_RAZZ'"),
    (lambda t: t.replace('VALUE="4.00"', 'VALUE="5.00"'), "Bob calls 5.00, not the 4.00 to call"),
    (lambda t: t.replace('POT="12.00"', 'POT="14.00"'), "the pot written (14.00 and 0.00 rake) is not the 12.00"),
    (lambda t: t.replace('<SHOWDOWN NAME="HAND_SHOWDOWN" POT="199.00"', '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="189.00"'),
     "line 40: the pot written (189.00 and 1.00 rake) is not the 200.00 put in"),
    (lambda t: t.replace('RESULT PLAYER="Bob" WIN="199.00"', 'RESULT PLAYER="Bob" WIN="198.00"'),
     "the results pay 198.00 of the 199.00 pot"),
    (lambda t: t.replace('WIN="0.00" LOSS="100.00"', 'WIN="0.00" LOSS="90.00"'), "net of -90.00"),
])
def test_bad_input_is_skipped_with_a_reason(tmp_path, edit, reason):
    skipped = sc.skipped_after_edit(FIXTURE, edit, tmp_path)
    assert reason in skipped.reason and skipped.site == "bossmedia" and skipped.line == 3


@given(at=st.integers(0, len(FIXTURE.read_text(encoding="utf-8"))))
@settings(max_examples=150, deadline=None)
def test_a_hand_cut_anywhere_is_skipped_or_read_whole(at):
    sc.check_cut_short(FIXTURE, at)
