"""Winning Poker Network's texts (``wpn_old_text``, ``wpn_text``): lines of other exports than
the shared set's (issue 40), each on a hand-made fixture: a jackpot table's fee the 2014 text
leaves out, a capped raise, a new player's post, seven-card stud; and the reasons a hand with a
nameless player or a summary cut short is skipped."""

from __future__ import annotations

import re
from decimal import Decimal

import site_checks as sc
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites import wpn, wpn_old_text, wpn_text
from pyeval.history.sites.assemble import Speakers
from pyeval.history.sites.hand_starts import split_at

FIXTURES = sc.FIXTURES


def _one(name: str):
    r = pyeval.read_hands(str(FIXTURES / name))
    assert not r.skipped, r.skipped
    assert len(r.hands) == 1
    sc.check_numbers(r.hands)  # (the collect actions among them)
    return r.hands[0]


def test_the_old_text_s_winnings_are_collect_actions():
    # the old text writes what each player won in its summary only ("Collects: 58."): the hand's
    # actions still say who collected what, as every site's do
    h = _one("wpn_old_jackpot_fee.txt")
    collects = [(h.players[a.player], a.amount) for a in h.actions if a.kind == "collect"]
    assert collects == [(h.players[i], c) for i, c in enumerate(h.collected) if c] and collects


def test_jackpot_table_fee_left_out_of_the_pot_line():
    # "Pot: 55.75. Rake 2" on a (JP) table whose bets total 58: the site kept a 0.25 jackpot fee
    h = _one("wpn_old_jackpot_fee.txt")
    assert h.rake == Decimal("2.25")
    assert h.net == [Decimal("27.75"), Decimal("-28"), Decimal("-2")]
    assert h.hole[0] == "AhTh"  # (the old text names no limit: PHH cannot write it)


def test_jackpot_fee_is_only_what_the_bets_hold_beyond_the_pot():
    # the same hand whose summary counts a bet the actions do not make is still refused
    text = (FIXTURES / "wpn_old_jackpot_fee.txt").read_text()
    r = pyeval.read_hands(text.replace("Bruno77 does not show cards.Bets: 28.",
                                       "Bruno77 does not show cards.Bets: 29."))
    assert not r.hands and "total pot 55.75" in r.skipped[0].reason


def test_a_cap_is_a_raise_that_ends_the_betting():
    h = _one("wpn_old_caps.txt")
    raises = [a for a in h.actions if a.kind == "raise" and a.street == "flop"]
    assert [(h.players[a.player], a.to, a.allin) for a in raises] == [("Eamon", 90, False), ("Dee Dee", 265, True)]
    assert h.net == [Decimal("-300"), Decimal("332"), Decimal("-35")]
    assert h.hole[1] == "Qs9cAd6h"  # "received a card: [Qs]"


def test_a_new_players_post_is_a_live_big_blind():
    h = _one("wpn_new_post.txt")
    jules = h.players.index("Jules")
    assert [(a.kind, a.amount) for a in h.actions if a.player == jules][:2] == [("big-blind", Decimal("0.10")),
                                                                               ("check", 0)]


def test_seven_card_stud_of_the_new_text():
    h = _one("wpn_new_stud.txt")
    assert (h.game, h.limit) == ("stud", "fixed-limit")
    assert h.stakes.bring_in == Decimal("0.05") and h.stakes.ante == Decimal("0.02")
    assert {a.street for a in h.actions} >= {"3rd", "4th", "7th"}
    sc.check_replays([h], 1)


def test_a_player_with_no_seat_line_is_named(tmp_path):
    row = sc.skipped_after_edit(FIXTURES / "wpn_old_jackpot_fee.txt",
                                lambda t: t.replace("Player Carla_K has small blind", "Player  has small blind"),
                                tmp_path)
    assert "no seat line" in row.reason


def test_a_summary_cut_short_is_named(tmp_path):
    summary_line = "Player Carla_K does not show cards.Bets: 2. Collects: 0. Loses: 2.\n"
    row = sc.skipped_after_edit(FIXTURES / "wpn_old_jackpot_fee.txt", lambda t: t.replace(summary_line, ""),
                                tmp_path)
    assert "summary is cut short" in row.reason and "Carla_K" in row.reason


def test_a_malformed_amount_is_a_skipped_hand_not_a_crash():
    text = (FIXTURES / "wpn_old_jackpot_fee.txt").read_text()
    for old, new in (("raises (12)", "raises (1..2)"), ("Bets: 28. Collects: 55.75", "Bets: 2..8. Collects: 55.75")):
        r = pyeval.read_hands(text.replace(old, new))
        assert not r.hands and "not an amount" in r.skipped[0].reason


WPN_FRAGMENTS = st.sampled_from(["Hand #12 - ", "Game Hand #3 - ", "Game started at: ", "Hand #", "Hand #4", " - ",
                                 "Game ", "Game", "Hand", "#5 - ", "\n", " ", "x", "1"])


@settings(max_examples=500, deadline=None)
@given(st.lists(WPN_FRAGMENTS, max_size=30).map("".join), st.integers(-1, 200))
@example("Hand #4 - #5 - ", -1)  # (a "#" at both columns the first words put one: the line found twice)
def test_hand_starts_is_the_anchored_pattern(text, end):
    # the plain definition: both formats' first words as one pattern led by ^ (re.M), on the text
    # cut at end; hand_starts finds them by their literal words instead
    anchored = re.compile(rf"^(?:{wpn_text.START}|{wpn_old_text.START})", re.M)
    assert wpn_text.hand_starts(text, end) == [m.start() for m in anchored.finditer(text if end < 0 else text[:end])]


def test_detect_is_a_wpn_start_within_the_first_2000_characters():
    other = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 00:00:00 ET\n"
    assert not wpn.detect(other) and not wpn.detect("x" * 1990 + "\nHand #1 - ")
    assert wpn.detect("x" * 1980 + "\nHand #1 - ") and wpn.detect("Game started at: 2014/01/01")
    assert wpn.detect(other + "Game Hand #12 - Holdem(No Limit)") and not wpn.detect(other + "Hand #12 -")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["Bob", "received", "a", "card.", "x"]), min_size=1, max_size=4)
                .map(" ".join), min_size=1, max_size=5, unique=True))
@example(["Bob", "Bob received"])
@example(["Bob", "Bob received a"])
@example(["Bob", "Bob received a card."])
def test_a_face_down_card_line_skipped_unread_is_one_the_players_lookup_skips(names):
    # wpn_old_text skips "Player <name> received a card." without looking the player up: only where
    # the lookup (the longest seated name) finds that name, whose words left are "received a card"
    skipped = wpn_old_text._face_down_lines(names)
    speakers = Speakers(names)
    for n in names:
        line = f"Player {n} received a card."
        found = speakers.at_start(line, len("Player "))
        assert (line in skipped) == (found == n)  # (else a longer name's: "Bob received" + "a card.")
        assert found is not None and (line not in skipped
                                      or line[len("Player ") + len(found) + 1:].startswith("received a card"))


@settings(max_examples=300, deadline=None)
@given(st.lists(WPN_FRAGMENTS, max_size=30).map("".join))
def test_split_cuts_at_the_anchored_pattern(text):
    anchored = re.compile(rf"^(?:{wpn_text.START}|{wpn_old_text.START})", re.M)
    assert wpn.split(text) == split_at(anchored, text)


HEADER_PARTS = st.sampled_from(["Holdem(No Limit)", "Omaha H/L(Pot Limit)", "7Stud(Limit)", "$0.02/$0.05", "1/2",
                                "2021/04/16 19:14:14 UTC", "2021/04/16", "2020/1/2(Limit)", "Tournament #12",
                                "Level 15 (250.00/500.00)", "Level 3", "(Limit)", "x", " "])


@settings(max_examples=500, deadline=None)
@given(st.lists(HEADER_PARTS, min_size=1, max_size=6), st.sampled_from([" - ", "- ", " -  "]))
def test_the_header_is_its_plain_definition(parts, separator):
    # the plain definition: the first part each pattern matches, every part tried (wpn_text keeps
    # what each part is, tries a pattern only where its first test passes)
    rest = separator.join(parts)
    words = [p.strip() for p in re.split(r"\s*-\s+(?=\S)", rest)]
    game_pattern = re.compile(r"^(.*?)\((No Limit|Pot Limit|Fixed Limit|Limit)\)$")
    tournament = next((p for p in words if p.startswith("Tournament #")), None)
    g = next((m for m in map(game_pattern.match, words) if m), None)
    name = g.group(1).replace("Holdem", "Hold'em").replace("7Stud", "7 Card Stud") if g else ""
    game = f"{name} {g.group(2)}" if g else ""
    level = next((p for p in words if p.startswith("Level ")), "")
    stakes = next((p for p in words if re.fullmatch(r"\S*\d\S*/\S*\d\S*", p)), "")
    date = next((p for p in words if re.match(r"\d{4}/\d{1,2}/\d{1,2}", p)), "")
    plain = f"{tournament}, {game} - {level} - {date}" if tournament else f"{game} ({stakes}) - {date}"
    assert wpn_text._header(rest) == plain
