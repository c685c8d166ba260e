"""All-in EV over hand histories (issue 30): the fixtures' EVs by hand, per-pot equities against
``pyeval.equity(..., contributions=)``, the fast reader against pokerkit's replay on every shared
PHH file, and the Pluribus hands' luck."""

from __future__ import annotations

import itertools
import json
import math
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

import pyeval
from pyeval.core.pots import Pot, side_pots
from pyeval.history.allin import pot_rows
from pyeval.history.replay import replay
from pyeval.history.sources import collect_paths, read_file

FIXTURES = Path(__file__).parent / "data" / "phh"
SHARED = Path(__file__).parents[1].parent / "shared" / "data" / "phh"
PLURIBUS = SHARED / "pluribus"
needs_shared = pytest.mark.skipif(not PLURIBUS.is_dir(), reason="the shared PHH data is not here")


def one(name: str) -> dict:
    """The hand row of a fixture, by player name: {player: (actual, ev)}, and the row."""
    r = pyeval.allin_ev(FIXTURES / name)
    row = r.hands.rows()[0]
    return {"by": {p: (a, e) for p, a, e in zip(row["players"], row["actual"], row["ev"])}, "row": row,
            "result": r}


def test_heads_up_turn_all_in_by_hand():
    """Set of aces against a gutshot on the turn: 4 outs in 44 river cards, pot 2,000."""
    h = one("heads-up.phh")
    assert h["row"]["street"] == "turn"
    assert h["by"]["Alice"][1] == pytest.approx(40 / 44 * 2000 - 1000)
    assert h["by"]["Bob"][1] == pytest.approx(4 / 44 * 2000 - 1000)
    assert h["by"]["Alice"][0] == 1000


def test_three_way_side_pot_by_hand():
    """Main pot 900 (all three), side pot 1,400 (Bob, Carol); 42 river cards: a ten (4) gives Bob
    the straight and both pots, the last seven Carol quads, anything else Alice the main pot and
    Carol the side pot."""
    h = one("three-way-side-pot.phh")
    assert [p["amount"] for p in h["row"]["pots"]] == [900, 1400]
    assert h["by"]["Alice"][1] == pytest.approx(37 / 42 * 900 - 300)
    assert h["by"]["Bob"][1] == pytest.approx(4 / 42 * 2300 - 1000)
    assert h["by"]["Carol"][1] == pytest.approx(1 / 42 * 900 + 38 / 42 * 1400 - 1000)
    assert sum(e for _, e in h["by"].values()) == pytest.approx(0)


def test_uncalled_bet_is_returned_before_the_pot():
    h = one("uncalled-bet.phh")
    assert h["row"]["pots"][0]["amount"] == 1200  # Alice's 990 shove, 390 of it uncalled
    assert h["by"]["Alice"][1] == pytest.approx(40 / 44 * 1200 - 600)
    assert h["by"]["Bob"] == (600, pytest.approx(4 / 44 * 1200 - 600))  # Bob hit his ten


def _runout_ev(evaluate, hands, known, pot, put_in, to_come):
    """EV by brute force over every runout: ``evaluate(hand, runout) -> (hi, lo or None)``,
    higher better, the pot halved when someone has a low."""
    deck = [c for c in range(52) if c not in set(known)]
    won = np.zeros(len(hands))
    n = 0
    for runout in itertools.permutations(deck, to_come) if to_come[1:] else itertools.combinations(deck, 1):
        strengths = [evaluate(i, runout) for i in range(len(hands))]
        his = [s[0] for s in strengths]
        los = [s[1] for s in strengths if s[1] is not None]
        halves = [(his, pot / 2), ([s[1] for s in strengths], pot / 2)] if los else [(his, pot)]
        for values, amount in halves:
            best = max(v for v in values if v is not None)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                won[i] += amount / len(winners)
        n += 1
    return won / n - np.array(put_in)


def test_omaha_hilo_split_by_brute_force():
    """All-in on the flop, every turn and river (ordered pairs) evaluated with the evaluators."""
    h = one("omaha-hilo-split.phh")
    hands = [pyeval.parse_cards("As2s3dKd").tolist(), pyeval.parse_cards("KhKcQhQc").tolist()]
    flop = pyeval.parse_cards("4c8hJs").tolist()
    deck = [c for c in range(52) if c not in set(flop + hands[0] + hands[1])]
    won = np.zeros(2)
    pairs = list(itertools.combinations(deck, 2))
    for turn_river in pairs:
        board = np.array([flop + list(turn_river)])
        his = [int(pyeval.evaluate_omaha(np.array([hd]), board)[0]) for hd in hands]
        los = [int(pyeval.evaluate_omaha_low8(np.array([hd]), board)[0]) for hd in hands]
        halves = [(his, 100.0), (los, 100.0)] if max(los) != pyeval.NO_LOW else [(his, 200.0)]
        for values, amount in halves:
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                won[i] += amount / len(winners)
    ev = won / len(pairs) - 100
    assert h["row"]["street"] == "flop"
    assert [h["by"]["Alice"][1], h["by"]["Bob"][1]] == pytest.approx(ev.tolist())


def test_stud_sixth_street_by_brute_force():
    h = one("stud-sixth-street.phh")
    assert h["row"]["street"] == "6th"
    hands = [pyeval.parse_cards("AhAs2c5d8c3h").tolist(), pyeval.parse_cards("KdKc7h9sJdKs").tolist()]
    deck = [c for c in range(52) if c not in set(hands[0] + hands[1])]
    won, n = np.zeros(2), 0
    for a, b in itertools.permutations(deck, 2):
        s = [int(pyeval.evaluate_high(np.array([hands[0] + [a]]))[0]),
             int(pyeval.evaluate_high(np.array([hands[1] + [b]]))[0])]
        best = max(s)
        for i in range(2):
            won[i] += 120 / s.count(best) if s[i] == best else 0
        n += 1
    assert [h["by"]["Alice"][1], h["by"]["Bob"][1]] == pytest.approx((won / n - 60).tolist())


def test_a_mucked_loser_does_not_count():
    h = one("mucked-loser.phh")
    assert h["row"]["street"] is None and "Bob" in h["row"]["note"]
    assert h["by"]["Alice"] == (1000, 1000)  # not an all-in: EV is what happened
    assert h["result"].players.rows()[0]["allins"] == 0


def _check_pots_against_equity(records) -> int:
    """Each pot's row (its players' hands, the other contesting hands dead) against the pots of
    ``pyeval.equity(..., contributions=)`` over the contesting hands; the number of pots checked."""
    from pyeval.history.allin import count_rows

    pots, rows = pot_rows(records)
    count_rows(rows)
    by_hand = defaultdict(dict)
    for row in rows:
        by_hand[row.hand][row.pot] = row
    checked = 0
    for h, hand_pots in pots.items():
        r = records[h]
        seats = [i for i, c in enumerate(r.contesting) if c]
        antes = r.antes or [0] * len(r.put_in)  # dead money: the main pot's, no level of its own
        live = [x - a for x, a in zip(r.put_in, antes)]
        folded_chips = sum(x for i, x in enumerate(live) if not r.contesting[i]) + sum(antes)
        whole = pyeval.equity(r.game, [r.holes[i] for i in seats], board=r.board or None, dead=r.dead or None,
                              method="exact", contributions=[live[i] for i in seats])
        theirs = whole.extra["side_pots"]
        assert len(theirs) == len(hand_pots)
        assert sum(p["amount"] for p in theirs) + folded_chips == sum(p.amount for p in hand_pots)
        for k, (pot, their) in enumerate(zip(hand_pots, theirs)):
            assert [seats[i] for i in their["eligible"]] == list(pot.seats)
            mine = by_hand[h][k].equity if k in by_hand[h] else [1.0]
            assert list(mine) == pytest.approx(their["shares"], abs=1e-12)
            checked += 1
    return checked


def test_per_pot_equities_equal_equity_with_contributions():
    records = [r for p in collect_paths(FIXTURES) for r in read_file(p)]
    assert _check_pots_against_equity(records) == 7


def test_pots_by_contributions():
    assert side_pots([300, 1000, 1000], [True, True, True]) == [Pot(900, (0, 1, 2)), Pot(1400, (1, 2))]
    # a folded player's chips go to the pots up to their level
    assert [p.amount for p in side_pots([50, 300, 1000, 1000], [False, True, True, True])] == [950, 1400]


def test_result_protocol_and_plot(tmp_path):
    r = pyeval.allin_ev(FIXTURES)
    assert len(r.hands) == 7 and {p["player"] for p in r.players.rows()} == {"Alice", "Bob", "Carol"}
    d = json.loads(r.to_json())
    assert set(d) == {"players", "hands", "skipped"}
    assert r.to_csv().splitlines()[0] == "player,hands,allins,actual,ev,luck,z,bb100,allin_adjusted_bb100"
    assert r == pyeval.allin_ev(FIXTURES) and "Alice" in repr(r) and len(repr(r)) < 2000
    alice = pyeval.allin_ev(FIXTURES, player="Alice")
    assert [p["player"] for p in alice.players.rows()] == ["Alice"]
    pytest.importorskip("matplotlib")
    r.plot(tmp_path / "w.png")
    assert (tmp_path / "w.png").stat().st_size > 1000


def test_sources_text_list_and_handhistory():
    text = (FIXTURES / "heads-up.phh").read_text()
    a = pyeval.allin_ev(text)
    b = pyeval.allin_ev([str(FIXTURES / "heads-up.phh")])
    assert a.players == b.players
    pokerkit = pytest.importorskip("pokerkit")
    with open(FIXTURES / "heads-up.phh", "rb") as f:
        c = pyeval.allin_ev([pokerkit.HandHistory.load(f)])
    assert c.players == a.players


def test_bad_input_names_the_file(tmp_path):
    with pytest.raises(ValueError, match="missing.phh"):
        pyeval.allin_ev(tmp_path / "missing.phh")
    bad = tmp_path / "bad.phh"
    bad.write_text("this is = = not toml [\n")
    with pytest.raises(ValueError, match="bad.phh"):
        pyeval.allin_ev(bad)
    other = tmp_path / "other.phh"
    other.write_text("variant = 'XYZ'\nstarting_stacks = [1, 1]\nactions = []\n")
    with pytest.raises(ValueError, match="other.phh.*XYZ"):
        pyeval.allin_ev(other)
    with pytest.raises(ValueError, match="no hand with player 'Zed'"):
        pyeval.allin_ev(FIXTURES, player="Zed")


def test_import_pyeval_loads_neither_pokerkit_nor_numba():
    code = ("import sys, pyeval\nr = pyeval.allin_ev(sys.argv[1])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pokerkit', 'numba')))")
    out = subprocess.run([sys.executable, "-c", code, str(FIXTURES / "heads-up.phh")], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"


@needs_shared
def test_fast_reader_equals_pokerkit_on_every_shared_file():
    pokerkit = pytest.importorskip("pokerkit")
    fast = 0
    for path in collect_paths(SHARED) + collect_paths(FIXTURES):
        mine = read_file(path)[0]
        with open(path, "rb") as f:
            theirs = replay(pokerkit.HandHistory.load(f), path, 0)
        if mine.reader == "fast":
            fast += 1
        if theirs.note and theirs.note.startswith("pokerkit cannot"):
            continue  # wsop/2023/43/5/85.phh: a raise fixed limit does not allow
        assert mine.same_reading(theirs), path
    assert fast > 4200
    allins = [r for p in collect_paths(SHARED) for r in read_file(p) if r.allin_street]
    assert _check_pots_against_equity(allins) >= 45


@needs_shared
def test_shortcut_equals_the_walk_and_parallel_equals_serial():
    """The fast reader's shortcut (no stack can be all-in: no walk) gives the walk's record on
    every shared file; the parallel reading (records packed for the pipe) gives the serial one's."""
    from pyeval.history.reader import _no_allin, fields_of, read_fast
    from pyeval.history.sources import read_files, read_source

    paths = collect_paths(SHARED) + collect_paths(FIXTURES)
    short = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        fields = fields_of(text)
        mine = read_fast(fields, path, 0)
        walked = read_fast(pyeval.history.reader.parse_fields(text), path, 0)
        assert (mine is None) == (walked is None), path
        if mine is not None and walked is not None:
            assert mine.same_reading(walked) and mine.hand == walked.hand, path
            raw = fields["actions"]
            short += not isinstance(raw, list) and _no_allin(raw, mine.starting, fields.get("antes", [0] * 9),
                                                             fields["blinds_or_straddles"], len(mine.players))
    assert short > 3000  # most hands
    serial = read_files(paths)
    parallel = read_source(paths, workers=2)
    assert len(parallel) == len(serial)
    for a, b in zip(parallel, serial):
        assert (a.source, a.index, a.hand, a.reader, a.game, a.rake) == (b.source, b.index, b.hand, b.reader, b.game,
                                                                         b.rake) and a.same_reading(b)


@needs_shared
def test_pluribus_actual_is_finishing_stacks_and_luck_looks_normal():
    """Every hand's actual = the file's finishing - starting stacks; the per-session luck z-scores
    have mean near 0 and sd near 1 (reported in the docs)."""
    r = pyeval.allin_ev(PLURIBUS)
    assert len(r.hands) == 4209 and not r.skipped
    for row in r.hands.rows():
        with open(row["source"], encoding="utf-8") as f:
            fields = pyeval.history.reader.parse_fields(f.read())
        assert row["actual"] == [a - b for a, b in zip(fields["finishing_stacks"], fields["starting_stacks"])]
        assert sum(row["ev"]) == pytest.approx(0, abs=1e-6)
    zs = [p["z"] for p in r.players.rows() if not math.isnan(p["z"])]
    assert all(abs(z) < 4 for z in zs)
    sessions = defaultdict(list)
    for path in collect_paths(PLURIBUS):
        sessions[Path(path).parent.name].append(path)
    session_z = [p["z"] for paths in sessions.values() for p in pyeval.allin_ev(paths).players.rows()
                 if not math.isnan(p["z"])]
    assert abs(statistics.mean(session_z)) < 0.5 and 0.5 < statistics.stdev(session_z) < 1.5


def test_cli_allin_ev(tmp_path):
    from cli_run import pyeval_cli

    proc = pyeval_cli("allin-ev", str(FIXTURES), "--player", "Alice", "--csv", "-")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "player,hands,allins,actual,ev,luck,z,bb100,allin_adjusted_bb100"
    assert proc.stdout.splitlines()[1].startswith("Alice,7,5,2010,")
    bad = pyeval_cli("allin-ev", str(FIXTURES), "--plot", str(tmp_path / "no" / "w.png"))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "no folder" in bad.stderr
    missing = pyeval_cli("allin-ev", str(tmp_path / "missing.phh"))
    assert missing.returncode == 2 and "missing.phh" in missing.stderr and "Traceback" not in missing.stderr
