"""The back end's small parts against references written out here: ``by_seat`` (the
seat order ``assemble`` and the family parser share) against ``sorted``, ``_take_back``
against a copy-and-filter of the events, and ``Hand.problems`` with
``nets_made_by_rule`` (the nets not compared again, every other check kept)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyeval.history.sites.assemble import _take_back
from pyeval.history.sites.model import ZERO, Action, Hand, Stakes
from pyeval.history.sites.stars_totals import by_seat

NAMES = ["Ann", "Bob", "Cy", "Dee", "Ed", "Flo"]


@given(st.lists(st.sampled_from(NAMES), unique=True, min_size=0, max_size=6),
       st.lists(st.integers(min_value=0, max_value=9), min_size=6, max_size=6))
def test_by_seat_is_sorted_by_seat_stably(names, seat_numbers):
    seats = dict(zip(NAMES, seat_numbers))
    assert list(by_seat(names, seats)) == sorted(names, key=lambda n: seats[n])


def test_by_seat_names_a_player_without_a_seat():
    with pytest.raises(KeyError, match="Cy"):
        by_seat(["Ann", "Cy"], {"Ann": 1})


def _take_back_reference(events, returned):
    """The uncalled chips out of the player's last collections first, empty collections dropped."""
    left = dict(returned)
    out = list(events)
    for k in reversed(range(len(out))):
        e = out[k]
        if e[0] == "collect" and left.get(e[1], ZERO) > 0:
            part = min(e[3], left[e[1]])
            left[e[1]] -= part
            out[k] = (e[0], e[1], e[2], e[3] - part) + tuple(e[4:])
    return [e for e in out if not (e[0] == "collect" and e[3] == 0)]


def _event(kind, name, amount):
    return (kind, name, "showdown" if kind == "collect" else "river", Decimal(amount), ZERO, False, "", 0, 0, 0)


@given(st.lists(st.tuples(st.sampled_from(["collect", "bet", "uncalled", "fold"]), st.sampled_from(NAMES[:3]),
                          st.integers(min_value=0, max_value=30)), max_size=12),
       st.dictionaries(st.sampled_from(NAMES[:3]), st.integers(min_value=1, max_value=20)))
def test_take_back_against_a_copy_and_filter(rows, returns):
    events = [_event(k, n, a) for k, n, a in rows]
    returned = {n: Decimal(v) for n, v in returns.items()}
    won = {n: Decimal(100) for n in NAMES[:3]}
    assert _take_back(events, returned, won) == _take_back_reference(events, returned)
    assert won == {n: Decimal(100) - returned.get(n, ZERO) for n in NAMES[:3]}


def _hand(net, rake, hole=("", "")):
    actions = [Action("small-blind", 0, "preflop", Decimal(1)), Action("big-blind", 1, "preflop", Decimal(2)),
               Action("call", 0, "preflop", Decimal(1)), Action("check", 1, "preflop")]
    return Hand(site="x", id="1", game="holdem", stakes=Stakes(Decimal(1), Decimal(2)), players=["Ann", "Bob"],
                seats=[1, 2], starting_stacks=[Decimal(100)] * 2, actions=actions, hole=list(hole),
                collected=[Decimal(4), ZERO], net=[Decimal(x) for x in net], cash_out=[ZERO, ZERO],
                cash_out_fee=[ZERO, ZERO], rake=Decimal(rake))


def test_problems_with_nets_made_by_rule_skips_only_the_nets():
    wrong_net = _hand(["3", "-3"], "0")
    assert any("Ann: net 3" in p for p in wrong_net.problems())
    assert wrong_net.problems(nets_made_by_rule=True) == []  # (the caller vouches for the nets)
    assert _hand(["2", "-2"], "0").problems(nets_made_by_rule=True) == []
    leaking = _hand(["2", "-2"], "1")
    assert any("chips not conserved" in p for p in leaking.problems(nets_made_by_rule=True))
    five_cards = _hand(["2", "-2"], "0", hole=("AhKhQhJhTh", ""))
    assert any("shows 5 cards" in p for p in five_cards.problems(nets_made_by_rule=True))
