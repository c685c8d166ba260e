"""IGT's JSON hand histories (``pyeval.history.sites.igt``): every shared file, the cards written as
numbers checked against the show-downs (the hands the pots were awarded to), each net against the
site's stack after the hand, and a hand-made all-in."""

from __future__ import annotations

import json
from decimal import Decimal
from itertools import combinations

import equity_reference as eref
import pytest
import reference as ref
import site_checks as sc
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites.igt import card_of_number
from pyeval.history.sites.registry import decode


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("igt")


def _allin_text() -> str:
    return (sc.FIXTURES / "igt_allin.txt").read_text(encoding="utf-8")


@sc.needs_shared
def test_every_shared_file_is_read(shared):
    sc.check_read_or_skipped(shared, "igt", "igt", {}, {})
    assert {(h.game, h.limit) for h in shared.hands} == {("holdem", "fixed-limit"), ("omaha", "pot-limit"),
                                                         ("omaha-hilo", "pot-limit")}
    assert {h.currency for h in shared.hands} == {"SEK"}
    holdem = next(h for h in shared.hands if h.game == "holdem")
    assert (holdem.stakes.small_blind, holdem.stakes.big_blind) == (Decimal("0.5"), 1)
    assert (holdem.stakes.small_bet, holdem.stakes.big_bet) == (1, 2)


@sc.needs_shared
def test_numbers_add_up_and_each_net_is_the_sites_stack_after_less_before(shared):
    sc.check_numbers(shared.hands)
    checked = 0
    for h in shared.hands:
        doc = json.loads(decode(open(h.source, "rb").read()))["history"][0]
        before = {p["name"]: Decimal(p["amount"]) for p in doc["player"] if p["state"] != "STATE_EMPTY"}
        for r in doc["showDown"]["result"]:
            assert h.net[h.players.index(r["player"])] == Decimal(r["bankRoll"]) - before[r["player"]], (h.id, r)
            checked += 1
        assert h.rake == Decimal(doc["showDown"]["rake"])
    assert checked == 15


@sc.needs_shared
def test_the_cards_make_the_hands_the_pots_were_awarded_to(shared):
    """The numbering (13 a suit, deuce first) read from the shared show-downs: with it, each
    winner's cards and the board make a hand that beats every other hand shown, the five cards
    the site names as the winning hand make the best hand of the winner, and the hi/lo winner's
    low is the "8 7 5 4 2" the text writes."""
    showdowns = 0
    for h in shared.hands:
        shown = [i for i, a in enumerate(h.actions) if a.kind == "show"]
        shown = [h.actions[j].player for j in shown]
        if not shown:
            continue
        showdowns += 1
        board = eref.codes(h.boards[0])
        winner = next(i for i in shown if h.collected[i])
        keys = {i: ref.omaha_high_key(eref.codes(h.hole[i]), board) for i in shown}
        assert all(keys[winner] > keys[i] for i in shown if i != winner), h.id
        doc = json.loads(decode(open(h.source, "rb").read()))["history"][0]
        result = next(r for r in doc["showDown"]["result"] if r["player"] == h.players[winner])
        made = eref.codes("".join(card_of_number(int(c["link"])) for c in result["winCard"]))
        assert ref.high_key(made) == keys[winner], h.id
        category = ref.high_category(made).upper().replace(" ", "")
        assert f"STR_G_WIN_{category}" in result["hand"].replace("_", "").replace("STRGWIN", "STR_G_WIN_"), h.id
        if h.game == "omaha-hilo":
            low = ref.omaha_low8_key(eref.codes(h.hole[winner]), board)
            assert low is not None and result["handExt"].split() == ["8", "7", "5", "4", "2"]
            assert all(ref.omaha_low8_key(eref.codes(h.hole[i]), board) is None for i in shown if i != winner)
            # the low the text writes is made of two of the winner's cards and three of the board's
            hole = [h.hole[winner][k:k + 2] for k in range(0, 8, 2)]
            on_board = [h.boards[0][k:k + 2] for k in range(0, 10, 2)]
            lows = {tuple(sorted((c[0] for c in two + three), reverse=True))
                    for two in combinations(hole, 2) for three in combinations(on_board, 3)}
            assert tuple(result["handExt"].split()) in lows
    assert showdowns == 2


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    # the Omaha hi/lo hand is refused: PHH has no pot-limit Omaha hi/lo
    sc.check_replays(shared.hands, 2)


def test_card_numbers():
    assert [card_of_number(n) for n in (0, 12, 13, 26, 39, 51)] == ["2c", "Ac", "2d", "2h", "2s", "As"]
    with pytest.raises(ValueError, match="card number 52 is not a card"):
        card_of_number(52)


def test_fixture_all_in_ev_against_brute_force():
    one_line = _allin_text().strip()
    assert "\n" not in one_line
    hand = pyeval.read_hands(one_line).hands[0]  # one line of JSON is text, not a path
    assert hand.players == ["PLAYER1", "PLAYER2", "PLAYER3"] and hand.button == 1
    assert hand.net == [0, Decimal("7.20"), -8] and hand.collected == [0, Decimal("15.20"), 0]
    assert hand.rake == Decimal("0.80") and hand.currency == "SEK" and hand.boards == ["2c5hTdJh3s"]
    assert hand.hole == ["", "AsAdKsQd", "9h8h7c6c"]
    flop = [(a.kind, a.player, a.amount, a.to, a.allin) for a in hand.actions
            if a.street == "flop" and a.kind in ("bet", "raise", "call")]
    assert flop == [("bet", 1, 1, 1, False), ("raise", 2, 4, 4, False),
                    ("raise", 1, Decimal("6.5"), Decimal("7.5"), True),
                    ("call", 2, Decimal("3.5"), Decimal("7.5"), False)]
    from_text = [dict(r, source="") for r in pyeval.allin_ev(one_line).hands.rows()]
    assert from_text == [dict(r, source="") for r in pyeval.allin_ev(str(sc.FIXTURES / "igt_allin.txt")).hands.rows()]
    row = pyeval.allin_ev(str(sc.FIXTURES / "igt_allin.txt")).hands.rows()[0]
    assert row["street"] == "flop"
    eq = eref.equity("omaha", [eref.codes("AsAdKsQd"), eref.codes("9h8h7c6c")], eref.codes("2c5hTd"))
    assert eq.outcomes == 820
    assert row["ev"] == pytest.approx([0, float(eq.fractions[0]) * 15.2 - 8, float(eq.fractions[1]) * 15.2 - 8])
    assert row["actual"] == pytest.approx([0, 7.2, -8])


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(("edit", "reason"), [
    (lambda t: t[:len(t) // 2], "cut short or not JSON"),
    (lambda t: _edit(t, '"type":"ACTION_CHECK"', '"type":"ACTION_DANCE"'), "unknown action 'ACTION_DANCE'"),
    (lambda t: _edit(t, '"type":"ACTION_FOLD","player":"PLAYER1"', '"type":"ACTION_FOLD","player":"NOBODY"'),
     "'NOBODY' acts (ACTION_FOLD) but has no seat"),
    (lambda t: _edit(t, '"value":"4.00","bankRoll":"25.50"', '"value":"5.00","bankRoll":"25.50"'),
     "brings the street's bet to 4.00, the text says 5.00"),
    (lambda t: _edit(t, '"bankRoll":"22.00","win":"0.0"', '"bankRoll":"23.00","win":"0.0"'),
     "gives PLAYER3 a net of -7.00"),
    (lambda t: _edit(t, '"gameType":"OMAHA"', '"gameType":"BADUGI"'), "unknown IGT game 'BADUGI'"),
    (lambda t: _edit(t, '{"link":"51"},{"link":"25"},{"link":"35"}', '{"link":"51"},{"link":"25"},{"link":"36"}'),
     "made of Qh, neither a card shown nor the board's"),
])
def test_bad_input_is_skipped_with_a_reason(tmp_path, edit, reason):
    path = tmp_path / "hands.txt"
    path.write_text(_allin_text() + "\n" + edit(_allin_text()) + "\n", encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 1 and len(r.skipped) == 1, r.skipped
    assert reason in r.skipped[0].reason and r.skipped[0].line == 2


def test_a_file_of_several_hands_reads_each():
    doc = json.loads(_allin_text())
    two = json.dumps({"history": doc["history"] * 2})
    r = pyeval.read_hands(two + "\n")
    assert len(r.hands) == 2 and r.skipped == []


def _paths(value, path=()):
    """Every place in a JSON document (a path of keys and indices)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for k, v in enumerate(value):
            yield from _paths(v, path + (k,))


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                 max_size=3),
                     max_leaves=5)


_PLACES = list(_paths(json.loads((sc.FIXTURES / "igt_allin.txt").read_text(encoding="utf-8"))))[1:]


@given(where=st.sampled_from(_PLACES), value=_JSON, cut=st.integers(0, 10**6))
@example(where=("history", 0, "player", 1), value="abc", cut=0)
@settings(max_examples=300, deadline=None)
def test_any_value_replaced_or_the_text_cut_is_read_or_skipped_never_a_crash(where, value, cut):
    doc = json.loads(_allin_text())
    *parent, last = where
    holder = doc
    for k in parent:
        holder = holder[k]
    holder[last] = value
    text = _allin_text()
    for piece in (json.dumps(doc), text[:cut % len(text)]):
        r = pyeval.read_hands(piece + "\n")
        assert len(r.hands) + len(r.skipped) >= 1 or not piece.strip()
        assert all(s.reason for s in r.skipped)
