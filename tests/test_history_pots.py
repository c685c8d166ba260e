"""Issue 36, the pot-splitting invariant: for every all-in of every hand history (the fixtures,
and the shared PHH data: a sample in the quick set, all of it in the slow set), valuing each of
pyeval's pots with the runout that really came (the file's board and shown hands, ranked by the
plain-Python evaluators of ``tests/reference.py``: equity 1, 0 or the split) reproduces the
file's finishing stacks to the chip.  A wrong pot rule (an ante made a side pot, a folded
player's chips lost, an uncalled bet kept) fails it."""

from __future__ import annotations

from pathlib import Path

import pytest
import reference as ref

import pyeval
from pyeval.history.allin import pot_rows
from pyeval.history.reader import parse_fields, split_hands
from pyeval.history.sources import collect_paths, read_file

FIXTURES = Path(__file__).parent / "data" / "phh"
MORE = Path(__file__).parent / "data" / "phh-more"
SHARED = Path(__file__).parents[1].parent / "shared" / "data" / "phh"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="the shared PHH data is not here")


def _final_cards(hand_text: str) -> tuple[list[str], str]:
    """Each seat's cards at the end (dealt, or shown where the deal hid them) and the board."""
    fields = parse_fields(hand_text)
    seats = len(fields["starting_stacks"])
    dealt, shown, board = [""] * seats, [""] * seats, ""
    for action in fields["actions"]:
        parts = action.split()
        if parts[:2] == ["d", "db"]:
            board += parts[2]
        elif parts[:2] == ["d", "dh"]:
            dealt[int(parts[2][1:]) - 1] += parts[3]
        elif len(parts) == 3 and parts[1] == "sm" and "?" not in parts[2]:
            shown[int(parts[0][1:]) - 1] = parts[2]
    return [s if len(s) >= len(d) else d for d, s in zip(dealt, shown)], board


def _codes(text: str) -> list[int]:
    return [ref.card(text[i:i + 2]) for i in range(0, len(text), 2)]


def _keys(game: str, hole: str, board: str) -> tuple:
    """(high key, low key or None) of a hand at showdown, by the reference evaluators."""
    h, b = _codes(hole), _codes(board)
    if game == "holdem":
        return ref.high_key(h + b), None
    if game == "shortdeck-straight":
        return ref.shortdeck_key(h + b, trips_beat_straight=False), None
    if game == "omaha":
        return ref.omaha_high_key(h, b), None
    if game == "omaha-hilo":
        return ref.omaha_high_key(h, b), ref.omaha_low8_key(h, b)
    if game == "stud":
        return ref.high_key(h), None
    if game == "stud-hilo":
        return ref.high_key(h), ref.low8_key(h)
    if game == "razz":
        return ref.razz_key(h), None
    raise AssertionError(f"no reference for {game}")


def _shares(game: str, holes: list[str], board: str) -> list[float]:
    """Each player's share of a pot on the final cards: the best high hand (half in hi/lo when a
    low qualifies), the best low the other half; ties split."""
    keys = [_keys(game, h, board) for h in holes]
    halves = [[k[0] for k in keys]]
    lows = [k[1] for k in keys]
    if any(lo is not None for lo in lows):
        halves.append(lows)
    shares = [0.0] * len(holes)
    for half in halves:
        best = max(k for k in half if k is not None)
        winners = [i for i, k in enumerate(half) if k == best]
        for i in winners:
            shares[i] += 1 / len(halves) / len(winners)
    return shares


def check_pots_reproduce_finishing_stacks(paths: list[str]) -> int:
    """The invariant over the files' all-ins; the number of all-ins checked."""
    records = [r for p in paths for r in read_file(p)]
    pots, _ = pot_rows(records)
    texts: dict[str, list[str]] = {}
    for h, hand_pots in pots.items():
        r = records[h]
        if r.source not in texts:
            texts[r.source] = split_hands(Path(r.source).read_text())
        holes, board = _final_cards(texts[r.source][r.index])
        rake = max(sum(r.starting) - sum(r.finishing), 0)
        total = sum(p.amount for p in hand_pots)
        kept = (total - rake) / total
        stacks = [s - x for s, x in zip(r.starting, r.put_in)]
        for pot in hand_pots:
            shares = _shares(r.game, [holes[i] for i in pot.seats], board)
            for seat, share in zip(pot.seats, shares):
                stacks[seat] += share * pot.amount * kept
        # an odd chip of a split pot goes to one player: at most one chip a pot off
        for seat in range(len(stacks)):
            assert abs(stacks[seat] - r.finishing[seat]) < len(hand_pots), (r.source, r.players[seat], stacks,
                                                                            r.finishing, hand_pots)
    return len(pots)


def test_pots_reproduce_the_fixtures_finishing_stacks():
    pytest.importorskip("pokerkit")  # the blind all-in hand is pokerkit's to replay
    assert check_pots_reproduce_finishing_stacks(collect_paths([FIXTURES, MORE])) == 8


@needs_shared
def test_pots_reproduce_finishing_stacks_on_a_sample_of_the_shared_files():
    """The WSOP final table (antes, big-blind antes, every variant), the famous hands and a
    session of Pluribus hands."""
    paths = collect_paths([SHARED / "wsop"]) + [str(p) for p in sorted(SHARED.glob("*.phh"))]
    paths += collect_paths(SHARED / "pluribus" / "30")
    assert check_pots_reproduce_finishing_stacks(paths) >= 4


@needs_shared
@pytest.mark.slow
def test_pots_reproduce_finishing_stacks_on_every_shared_file():
    assert check_pots_reproduce_finishing_stacks(collect_paths(SHARED)) >= 45


@needs_shared
def test_a_big_blind_ante_is_dead_money_of_the_main_pot():
    """WSOP 2023 #43 day 5 hand 68: Tong's 225,000 big-blind ante goes to the one pot of
    7,000,000 (the file: Rast takes it all); Tong's EV +118,498 (issue 36), not +224,778."""
    r = pyeval.allin_ev(SHARED / "wsop" / "2023" / "43" / "5" / "68.phh")
    row = r.hands.rows()[0]
    assert [p["amount"] for p in row["pots"]] == [7_000_000]
    assert row["ev"][1] == pytest.approx(118_498, abs=1)


def test_a_short_big_blind_calling_for_less_than_the_ante():
    """Bob posts a 100 ante and a 100 blind and calls all-in for his last 50: one pot of 450."""
    r = pyeval.allin_ev(FIXTURES / "bb-ante-short-call.phh")
    row = r.hands.rows()[0]
    assert [(p["amount"], p["players"]) for p in row["pots"]] == [(450, ["Bob", "Carol"])]
    bob = pyeval.equity("holdem", ["AsAd", "KcKd"]).equity[0]  # a folded hand is not dead: unseen
    assert row["ev"][1] == pytest.approx(bob * 450 - 250)
