"""The checks every site reader's tests run on the shared site files (``tests/test_sites_*.py``):
each file read or skipped for a named defect, the numbers of every hand worked out again here
from its actions, the next hand's seat lines (the site's own record of each stack), and
pokerkit's replay of ``Hand.to_phh()``."""

from __future__ import annotations

import csv
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

import pyeval

SHARED = Path("/work/shared/data/site-hh")
FIXTURES = Path(__file__).parent / "fixtures" / "sites"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="the shared site files are not on this machine")
ZERO = Decimal(0)

_INTO_POT = {"ante", "small-blind", "big-blind", "button-blind", "straddle", "dead-blind", "bring-in", "call", "bet",
             "raise", "complete"}


def read_folder(folder: str):
    return pyeval.read_hands(str(SHARED / folder))


def index_counts(folder: str) -> dict[str, int]:
    """The hands the shared index counts in each file of a site's folder."""
    with open(SHARED / "index.tsv", encoding="utf-8") as f:
        return {str(SHARED / r["file"]): int(r["hands"]) for r in csv.DictReader(f, delimiter="\t")
                if r["file"].startswith(folder + "/")}


def check_read_or_skipped(result, folder: str, site: str, defects: dict[str, str], extra: dict[str, int]) -> None:
    """Every file of the folder is read by the site's reader; the hands skipped are exactly the
    ``defects`` (file -> a piece of the reason naming the defect); every hand the index counts is
    read or skipped (``extra``: pieces beyond the index's count, e.g. a dangling first line)."""
    assert {h.site for h in result.hands} == {site}
    assert {s.site for s in result.skipped} <= {site}
    skipped = Counter(s.source[len(str(SHARED)) + 1:] for s in result.skipped)
    assert set(skipped) == set(defects), [(s.source, s.reason) for s in result.skipped]
    for s in result.skipped:
        want = defects[s.source[len(str(SHARED)) + 1:]]
        assert any(w in s.reason for w in want.split("|")), (s.source, s.reason)
    got = Counter(h.source for h in result.hands) + Counter(s.source for s in result.skipped)
    for path, hands in index_counts(folder).items():
        assert got[path] == hands + extra.get(path[len(str(SHARED)) + 1:], 0), path


def put_in(hand) -> list[Decimal]:
    """Each player's chips into the pot, from the actions (uncalled bets back), worked out here."""
    out = [ZERO] * len(hand.players)
    for a in hand.actions:
        if a.kind in _INTO_POT:
            out[a.player] += a.amount
        elif a.kind == "uncalled":
            out[a.player] -= a.amount
    return out


def check_numbers(hands) -> None:
    """Chips conserved and each net what the pots paid: nets sum to minus the rake (plus splash and
    cash-outs); net = collected + cash-out - put in; the collect lines sum to ``collected``; no
    player puts in more than his stack; a rake the site keeps is at most a tenth of the pot and a
    tournament keeps none."""
    for h in hands:
        where = (h.source, h.id)
        chips = put_in(h)
        assert sum(h.net, ZERO) == -h.rake + h.splash + sum(h.cash_out, ZERO), where
        assert h.net == [c + o - p for c, o, p in zip(h.collected, h.cash_out, chips)], where
        assert all(p <= s for p, s in zip(chips, h.starting_stacks)), where
        lines = [ZERO] * len(h.players)
        for a in h.actions:
            if a.kind == "collect":
                lines[a.player] += a.amount
        assert lines == h.collected, where
        assert ZERO <= h.rake <= sum(chips, ZERO) / 10, where
        if h.tournament is not None:
            assert h.rake == 0, where


def check_stacks_carry_over(hands, minimum: int, follows=None) -> None:
    """The site's own record of each net: a player's stack in the next hand at the same table is
    this hand's stack plus its net, or more (a top-up, rebuy or add-on between hands; the site never
    takes chips away).  ``minimum``: the player-hand pairs that must match exactly; ``follows``:
    whether one hand is the next of the other (when a file skips hands), else file order."""
    matched = 0
    for before, after in zip(hands, hands[1:]):
        if before.source != after.source or before.table != after.table:
            continue
        if follows is not None and not follows(before, after):
            continue
        end = {n: s + net for n, s, net in zip(before.players, before.starting_stacks, before.net)}
        for name, stack in zip(after.players, after.starting_stacks):
            if name in end:
                assert stack >= end[name], (before.source, before.id, after.id, name, end[name], stack)
                matched += stack == end[name]
    assert matched >= minimum


def replay_difference(hand) -> list[Decimal]:
    """pokerkit's final stacks of ``hand.to_phh()`` less the site's."""
    from pokerkit import HandHistory

    hh = HandHistory.loads(hand.to_phh())
    state = [s for s, _ in hh.state_actions][-1]
    return [Decimal(str(x)) - Decimal(str(y)) for x, y in zip(state.stacks, hh.finishing_stacks)]


def check_replays(hands, minimum: int, known: set[str] = frozenset()) -> None:
    """``to_phh()`` replays in pokerkit to the site's stacks: pokerkit pays the whole pot (PHH has
    no rake), so the differences add up to the rake, each within it (and the odd chips of a split
    pot, which the sites and pokerkit give out differently).  Hands PHH cannot write are refused
    with the reason (fewer than the hands replayed); ``known``: ids pokerkit refuses to replay
    (listed in the test, with why)."""
    pytest.importorskip("pokerkit")
    replayed = refused = 0
    for h in hands:
        try:
            h.to_phh()
        except ValueError as e:
            assert str(e), (h.source, h.id)
            refused += 1
            continue
        if h.id in known:
            continue
        diff = replay_difference(h)
        odd = 2 if h.tournament is not None else Decimal("0.02")
        assert sum(diff, ZERO) == h.rake - h.splash, (h.source, h.id, diff)
        assert all(-odd - h.splash <= d <= h.rake + odd for d in diff), (h.source, h.id, diff)
        replayed += 1
    assert replayed >= minimum and refused < replayed


def skipped_after_edit(fixture: Path, edit, folder: Path):
    """The one row skipped when a hand-made file's hand, edited by ``edit`` (text -> text), is
    read followed by the hand as it was: the good hand must still be read."""
    text = fixture.read_text(encoding="utf-8")
    path = folder / ("bad" + fixture.suffix)
    path.write_text(edit(text) + text, encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 1 and len(r.skipped) == 1, r.skipped
    return r.skipped[0]


def check_cut_short(fixture: Path, at: int) -> None:
    """The hand-made file's text cut at character ``at``, then the whole file: never an exception;
    the whole hand is read; the cut one is skipped with a reason, or (cut only after its last
    number) read to the same nets."""
    text = fixture.read_text(encoding="utf-8")
    whole = pyeval.read_hands(text).hands[0]
    r = pyeval.read_hands(text[:at] + "\n" + text)
    assert r.hands and r.hands[-1].id == whole.id and r.hands[-1].net == whole.net
    assert all(s.reason for s in r.skipped)
    assert all(h.net == whole.net for h in r.hands[:-1])
    assert len(r.hands) + len(r.skipped) <= 2


def read_one(path: Path, site: str):
    """The one hand of a hand-made file, read by ``site``'s reader with nothing skipped."""
    r = pyeval.read_hands(str(path))
    assert not r.skipped, [s.reason for s in r.skipped]
    assert len(r.hands) == 1 and r.hands[0].site == site
    return r.hands[0]
