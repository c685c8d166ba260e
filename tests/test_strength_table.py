"""pyeval.strength.table (issue 41): the river table's ranking with card-removal corrections and
the earlier streets' lookups against the plain-Python enumeration (tests/reference.py), and the
Parquet chunks: resumed runs are byte-identical.  The quick tests fill the river table only for
the boards they need (a whole table takes minutes: the slow set builds it)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from reference import strength_features

import pyeval
import pyeval.strength.tables as tables
from pyeval.core._native import ffi, lib
from pyeval.strength import STATES, cards, deck_states, features, index, table

SUIT_PERMS = list(permutations(range(4)))


def board_number(board, lowest=0):
    """The core's number of the canonical board of a 5-card board: the relabelling of its suits
    with the smallest card set, in colex order over the deck's cards (code - lowest)."""
    def mask(cards):
        return sum(1 << c for c in cards)
    best = min((sorted(4 * (c // 4) + p[c % 4] for c in board) for p in SUIT_PERMS), key=mask)
    return sum(comb(c - lowest, i + 1) for i, c in enumerate(best))


KINDS = {"holdem": (lib.PYEVAL_KIND_HIGH, 0), "shortdeck": (lib.PYEVAL_KIND_SHORTDECK, 16),
         "shortdeck-straight": (lib.PYEVAL_KIND_SHORTDECK_ALT, 16)}
"""The core's evaluator kind and the lowest card of each game pyeval.strength ranks."""


@pytest.fixture
def partial_river(monkeypatch):
    """A river table filled only for the boards given to ``fill`` (zeros elsewhere), of the game
    given (hold'em by default)."""
    def fill(boards, game="holdem"):
        kind, lowest = KINDS[game]
        e = np.zeros(deck_states(game)["river"], dtype=np.uint16)
        numbers = np.array(sorted({board_number(b, lowest) for b in boards}), dtype=np.int64)
        assert lib.pyeval_strength_river_e(ffi.from_buffer("int64_t[]", numbers), len(numbers), kind, 0,
                                           ffi.from_buffer("uint16_t[]", e), len(e)) == -1
        monkeypatch.setitem(tables._river_cache, kind, e)
        return e

    return fill


def test_river_e_against_the_enumeration(partial_river):
    rng = np.random.default_rng(3)
    states = [rng.choice(52, 7, replace=False).tolist() for _ in range(3)]
    e = partial_river([s[2:] for s in states])
    for s in states:
        ref = strength_features(s[:2], s[2:], 1)
        assert e[index(s[:2], s[2:])] == ref["ehs"] * 1980
    # every state of a filled board, not only the sampled ones: against the direct count
    hole = np.array([c for c in range(52) if c not in states[0][2:]], dtype=np.uint8)
    pairs = np.array([(a, b) for i, a in enumerate(hole) for b in hole[i + 1:]], dtype=np.uint8)
    f = features(pairs, np.array(states[0][2:], dtype=np.uint8))
    assert (e[index(pairs, np.array(states[0][2:], dtype=np.uint8))] == f.counts[:, 2]).all()


def test_a_river_slice_needs_only_its_boards(monkeypatch):
    """Without the whole river table, a slice ranks its states' canonical boards only."""
    monkeypatch.setattr(tables, "_river_cache", {})
    rng = np.random.default_rng(5)
    s = rng.choice(52, 7, replace=False).tolist()
    i = index(s[:2], s[2:])
    got = table("river", bins=1, start=i - 2, stop=i + 3)
    assert round(got.columns["ehs"][2] * 1980) == strength_features(s[:2], s[2:], 1)["ehs"] * 1980
    boards = np.array([s[2:]], dtype=np.uint8)
    out = np.empty(1, dtype=np.int64)
    assert lib.pyeval_strength_board_numbers(ffi.from_buffer("uint8_t[]", boards), 1, lib.PYEVAL_KIND_HIGH,
                                             ffi.from_buffer("int64_t[]", out)) == -1
    assert out[0] == board_number(s[2:])
    assert not tables._river_cache


def test_turn_lookup_against_the_enumeration(partial_river):
    hole, board = [12, 17], [8, 21, 40, 46]
    partial_river([board + [c] for c in range(52) if c not in hole + board])
    i = index(hole, board)
    t = table("turn", bins=12, start=i, stop=i + 1)
    ref = strength_features(hole, board, 12)
    assert t.columns["ehs"][0] == pytest.approx(float(ref["ehs"]), rel=1e-15)
    assert t.columns["ehs2"][0] == pytest.approx(float(ref["ehs2"]), rel=1e-15)
    assert [int(t.columns[f"hist_{j}"][0]) for j in range(12)] == ref["hist"]
    assert int(t.columns["runouts"][0]) == 46


def test_parquet_chunks_resume_byte_identical(partial_river, tmp_path, monkeypatch):
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    partial_river([[0, 4, 8, 12, 17], [51, 47, 43, 39, 34]])
    monkeypatch.setitem(tables.CHUNK, "river", 1000)
    first, again = tmp_path / "a", tmp_path / "b"
    table("river", bins=8, start=500, stop=4200, path=first)
    files = sorted(p.name for p in first.iterdir())
    assert files[0] == "river-000000500-000001000.parquet" and len(files) == 5
    # a run stopped part way: one chunk missing, one torn, then resumed
    table("river", bins=8, start=500, stop=4200, path=again)
    (again / files[1]).unlink()
    (again / files[2]).write_bytes((first / files[2]).read_bytes()[:100])
    mtime = (again / files[3]).stat().st_mtime_ns
    table("river", bins=8, start=500, stop=4200, path=again)
    assert (again / files[3]).stat().st_mtime_ns == mtime  # a whole chunk is skipped
    for name in files:
        assert (again / name).read_bytes() == (first / name).read_bytes()
    frame = pd.read_parquet(first)
    mem = table("river", bins=8, start=500, stop=4200)
    assert frame["index"].tolist() == list(range(500, 4200))
    assert (frame["ehs"].to_numpy() == mem.columns["ehs"]).all()
    # other settings are another table: its chunks are not taken for this one's
    table("river", bins=4, start=500, stop=1000, path=first)
    assert pd.read_parquet(first / files[0]).filter(like="hist_").shape[1] == 4


def test_table_in_memory_is_a_result(partial_river):
    partial_river([[0, 4, 8, 12, 17]])
    t = table("river", features=("ehs",), start=10, stop=13)
    assert list(t.columns) == ["index", "runouts", "ehs"] and len(t.rows()) == 3
    assert t == table("river", features="ehs", start=10, stop=13)
    assert "StrengthTable(river" in repr(t)


@pytest.mark.parametrize("kwargs, message", [
    ({"street": "fifth"}, "unknown street"),
    ({"street": "flop", "features": ("ppot",)}, "features"),
    ({"street": "flop", "start": 5, "stop": 2}, "start and stop"),
    ({"street": "flop", "stop": STATES["flop"] + 1}, "start and stop"),
    ({"street": "flop", "bins": 0}, "bins"),
])
def test_bad_requests_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        table(**kwargs)


@pytest.mark.slow
def test_whole_river_table_and_turn_lookups_against_the_enumeration():
    rng = np.random.default_rng(11)
    e = tables.river_e()
    assert e.min() >= 0 and e.max() <= 1980 and np.count_nonzero(e) > STATES["river"] * 0.99
    for _ in range(5):
        s = rng.choice(52, 7, replace=False).tolist()
        assert e[index(s[:2], s[2:])] == strength_features(s[:2], s[2:], 1)["ehs"] * 1980
    turn = rng.choice(52, (6, 6), replace=False) if False else np.array(
        [rng.choice(52, 6, replace=False) for _ in range(6)], dtype=np.uint8)
    i = index(turn[:, :2], turn[:, 2:])
    f = features(turn[:, :2], turn[:, 2:], bins=50)
    c = tables.chunk_counts("turn", 0, 1, 50)  # warm
    for k, j in enumerate(i.tolist()):
        c = tables.chunk_counts("turn", j, j + 1, 50)[0]
        assert c[1] == f.counts[k, 2] and c[2] == f.counts[k, 3]
        assert (c[3:] == f.counts[k, 22:]).all()


def test_command_writes_and_resumes_the_folder(partial_river, tmp_path, monkeypatch, capsys):
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    from pyeval.cli import main

    partial_river([[0, 4, 8, 12, 17]])
    monkeypatch.setitem(tables.CHUNK, "river", 40)
    out = tmp_path / "river.parquet"
    args = ["strength", "table", "river", "--stop", "100", "--bins", "5", "--out", str(out), "--no-progress"]
    assert main(args) == 0
    assert "3 computed now, 0 already there" in capsys.readouterr().out
    assert main(args) == 0  # an existing folder is resumed, not refused
    assert "0 computed now, 3 already there" in capsys.readouterr().out
    frame = pd.read_parquet(out)
    assert frame["index"].tolist() == list(range(100))
    assert list(frame.columns)[:5] == ["index", "runouts", "ehs", "ehs2", "hist_0"]


@pytest.mark.parametrize("args, message", [
    (["--out", "t.npz"], "unknown format '.npz'"),
    (["--bins", "0"], "bins"),
])
def test_command_refuses(args, message, capsys, tmp_path, monkeypatch):
    from pyeval.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["strength", "table", "river", *args]) == 2
    assert message in capsys.readouterr().err


# -- client=: the chunks as Dask tasks, byte-identical to one process --

@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0",
                                  silence_logs=50) as lc, distributed.Client(lc) as c:
        yield c


def turn_runouts(start, stop):
    """The river boards of every runout of the turn states start .. stop - 1."""
    hole, board = tables.cards("turn", np.arange(start, stop))
    return [b.tolist() + [c] for h, b in zip(hole, board) for c in range(52) if c not in h.tolist() + b.tolist()]


def same_files(a, b):
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir()) and names
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


@pytest.mark.parametrize("street, start, stop, chunk", [("river", 123_456, 129_000, 1000), ("turn", 7_000_003,
                                                                                           7_000_033, 7)])
def test_a_slice_on_two_dask_workers_is_byte_identical(dask_client, partial_river, monkeypatch, tmp_path,
                                                       street, start, stop, chunk):
    """The same slice in one process and as Dask tasks on two workers: the same columns, the same
    Parquet bytes.  The river slice ranks its own boards (no table), the turn looks up a river
    table filled for its runouts."""
    pytest.importorskip("pyarrow")
    if street == "river":
        monkeypatch.setattr(tables, "_river_cache", {})
    else:
        partial_river(turn_runouts(start, stop))
    monkeypatch.setitem(tables.CHUNK, street, chunk)
    kw = dict(bins=10, start=start, stop=stop)
    local, dask = table(street, **kw), table(street, client=dask_client, **kw)
    assert local == dask and len(dask) == stop - start
    assert (dask.columns["ehs"] > 0).all() and (dask.columns["runouts"] == (1 if street == "river" else 46)).all()
    assert (dask.columns["index"] == np.arange(start, stop)).all()
    table(street, path=tmp_path / "local", **kw)
    files = table(street, path=tmp_path / "dask", client=dask_client, **kw)
    assert files.computed == len(files.files) == -(-stop // chunk) - start // chunk
    same_files(tmp_path / "local", tmp_path / "dask")


_REAL_TASK = tables._chunk_task


def _fails_on_the_last_chunk(street, bins, features, game, chunk):
    if chunk[1] == 129_000:
        raise RuntimeError("worker lost")
    return _REAL_TASK(street, bins, features, game, chunk)


def test_an_interrupted_dask_run_resumes_byte_identical(dask_client, monkeypatch, tmp_path):
    pytest.importorskip("pyarrow")
    monkeypatch.setattr(tables, "_river_cache", {})
    monkeypatch.setitem(tables.CHUNK, "river", 1000)
    kw = dict(bins=10, start=123_456, stop=129_000)
    table("river", path=tmp_path / "local", **kw)
    monkeypatch.setattr(tables, "_chunk_task", _fails_on_the_last_chunk)
    with pytest.raises(RuntimeError, match="worker lost"):
        table("river", path=tmp_path / "dask", client=dask_client, **kw)
    there = {p.name for p in (tmp_path / "dask").iterdir() if p.suffix == ".parquet"}
    assert "river-000128000-000129000.parquet" not in there
    monkeypatch.setattr(tables, "_chunk_task", _REAL_TASK)
    resumed = table("river", path=tmp_path / "dask", client=dask_client, **kw)
    assert resumed.computed == 6 - len(there)
    same_files(tmp_path / "local", tmp_path / "dask")


@pytest.mark.parametrize("street, start, stop", [("river", 40_000_000, 40_000_040), ("turn", 9_000_000, 9_000_006)])
def test_a_table_row_means_what_a_features_row_means(partial_river, street, start, stop):
    """runouts, ehs, ehs2 and hist_j (a count of runouts, not a share) are the same numbers in a
    table's rows and in features()' rows of the same states."""
    hole, board = tables.cards(street, np.arange(start, stop))
    partial_river([b.tolist() for b in board] if street == "river" else turn_runouts(start, stop))
    f = features(hole, board, bins=7).rows()
    t = table(street, bins=7, start=start, stop=stop).rows()
    names = ["runouts", "ehs", "ehs2", *(f"hist_{j}" for j in range(7))]
    assert [{k: r[k] for k in names} for r in f] == [{k: r[k] for k in names} for r in t]
    assert all(isinstance(r["hist_3"], int) for r in f + t)
    assert sum(r["hist_0"] + r["hist_6"] for r in t) > 0 and t[0]["runouts"] == (46 if street == "turn" else 1)


def boards_by_suit_orbit(hole):
    """Every board of the rest of the deck, grouped by the suit relabellings that keep the hole
    (plain numpy, not the core's numbering): one board per orbit, and how many boards it stands for."""
    hole = sorted(hole)
    rest = np.array([c for c in range(52) if c not in hole], dtype=np.int64)
    boards = rest[np.array(list(combinations(range(len(rest)), 5)), dtype=np.int64)]
    keep = [np.array(p) for p in SUIT_PERMS if sorted(4 * (c // 4) + p[c % 4] for c in hole) == hole]
    key = None
    for p in keep:
        relabelled = np.sort(4 * (boards // 4) + p[boards % 4], axis=1)
        k = (relabelled * 52 ** np.arange(4, -1, -1)).sum(axis=1)
        key = k if key is None else np.minimum(key, k)
    key, size = np.unique(key, return_counts=True)
    return (key[:, None] // 52 ** np.arange(4, -1, -1)) % 52, size


@pytest.mark.slow
def test_preflop_table_against_every_board():
    """The preflop table (each class's 2,118,760 runouts looked up in the river table) against
    a count that shares neither the river table nor the state numbering: every board of the hole,
    its river EHS counted by features() (every opponent hand, checked against reference.py above),
    and EHS against pyeval.equity's exact preflop count of more classes."""
    t = table("preflop", bins=50)
    assert (t.columns["runouts"] == comb(50, 5)).all() and len(t) == 169
    for text in ["As Ks", "Th Tc"]:
        hole = pyeval.parse_cards(text).tolist()
        boards, size = boards_by_suit_orbit(hole)
        assert size.sum() == comb(50, 5)
        e = features(hole, boards.astype(np.uint8), bins=1).counts[:, 2]
        i = index(hole)
        hist = np.bincount(np.minimum(e * 50 // 1980, 49), weights=size, minlength=50)
        assert [int(t.columns[f"hist_{j}"][i]) for j in range(50)] == hist.astype(np.int64).tolist()
        got = tables.chunk_counts("preflop", i, i + 1, 50)[0]
        assert got[1] == int((e * size).sum()) and got[2] == int((e * e * size).sum())
    for text in ["As Ks", "Th Tc", "Ad Ac", "7h 2c", "Ah Kd", "9s 8s", "3c 2d"]:
        r = pyeval.equity("holdem", [text, "random"])
        got = tables.chunk_counts("preflop", index(text), index(text) + 1, 1)[0]
        assert Fraction(int(got[1]), 1980 * int(got[0])) == r.fractions[0], text


def test_command_on_a_dask_scheduler(monkeypatch, tmp_path, capsys):
    """pyeval strength table ... --scheduler ADDRESS: the chunks on the cluster, the same files."""
    pytest.importorskip("pyarrow")
    distributed = pytest.importorskip("distributed")
    from pyeval.cli import main

    monkeypatch.setattr(tables, "_river_cache", {})
    monkeypatch.setitem(tables.CHUNK, "river", 40)
    args = ["strength", "table", "river", "--start", "5000", "--stop", "5100", "--bins", "5", "--no-progress"]
    assert main([*args, "--out", str(tmp_path / "local.parquet")]) == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0", silence_logs=50) as lc:
        assert main([*args, "--out", str(tmp_path / "dask.parquet"), "--scheduler", lc.scheduler_address]) == 0
    assert "3 computed now" in capsys.readouterr().out
    same_files(tmp_path / "local.parquet", tmp_path / "dask.parquet")
    assert main([*args, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "no Dask scheduler answered" in capsys.readouterr().err


# -- the short deck: 36 cards, either ranking, every street --

SHORT_DECKS = ["shortdeck", "shortdeck-straight"]
SHORT_BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def river_boards_of(street, states, game):
    """The river boards of every runout of the given states of a street (plain Python over the deck)."""
    lowest = KINDS[game][1]
    hole, board = cards(street, np.asarray(states, dtype=np.int64), game=game)
    out = []
    for h, b in zip(hole.tolist(), board.tolist()):
        rest = [c for c in range(lowest, 52) if c not in h + b]
        out += [b + list(run) for run in combinations(rest, 5 - len(b))]
    return out


@pytest.mark.parametrize("game", SHORT_DECKS)
@pytest.mark.parametrize("street, start, size", [("river", 5_000_000, 60), ("turn", 900_000, 25),
                                                 ("flop", 120_000, 4)])
def test_a_short_deck_table_row_is_its_features_row(partial_river, game, street, start, size):
    """A slice of a short-deck table (its river filled for the slice's runouts only) carries
    the numbers features(game=...) counts for the same states (every opponent and runout, itself
    checked against tests/reference.py): runouts 30 on the turn, 465 on the flop."""
    partial_river(river_boards_of(street, range(start, start + size), game), game)
    t = table(street, game=game, bins=9, start=start, stop=start + size)
    hole, board = cards(street, np.arange(start, start + size), game=game)
    f = features(hole, board, bins=9, game=game)
    names = ["runouts", "ehs", "ehs2", *(f"hist_{j}" for j in range(9))]
    assert [{k: r[k] for k in names} for r in t.rows()] == [{k: r[k] for k in names} for r in f.rows()]
    assert t.rows()[0]["runouts"] == comb(34 - SHORT_BOARD[street], 5 - SHORT_BOARD[street])
    assert t.game == game and t.to_dict()["game"] == game and f"{game} {street}" in repr(t)


@pytest.mark.parametrize("game", SHORT_DECKS)
def test_short_deck_table_rows_against_the_enumeration(partial_river, game):
    """Sampled short-deck river and turn states: the table's row at the state's index against
    the plain-Python enumeration (tests/reference.py), exactly (EHS as e / 812)."""
    rng = np.random.default_rng({"shortdeck": 36, "shortdeck-straight": 63}[game])
    for board_n in (5, 5, 4, 4):
        s = rng.choice(np.arange(16, 52), 2 + board_n, replace=False).tolist()
        street = {4: "turn", 5: "river"}[board_n]
        i = index(s[:2], s[2:], game=game)
        partial_river(river_boards_of(street, [i], game), game)
        row = table(street, game=game, bins=10, start=i, stop=i + 1).rows()[0]
        ref = strength_features(s[:2], s[2:], 10, game)
        assert Fraction(row["ehs"]).limit_denominator(812 * 30) == ref["ehs"]
        assert Fraction(row["ehs2"]).limit_denominator(812 ** 2 * 30) == ref["ehs2"]
        assert [row[f"hist_{j}"] for j in range(10)] == ref["hist"]


def test_the_two_short_deck_rankings_are_two_tables(partial_river, tmp_path):
    """Trips against a straight on the river: the rankings disagree, and a folder of one ranking's
    chunks is not taken for the other's (the game is in the chunks' settings)."""
    pytest.importorskip("pyarrow")
    hole, board = [4 * 12 + 0, 4 * 12 + 1], [4 * 12 + 2, 4 * 7, 4 * 8 + 1, 4 * 9 + 2, 4 * 10 + 3]  # AA on A 8 9 T J
    i = index(hole, board, game="shortdeck")
    got = {}
    for g in SHORT_DECKS:
        partial_river([board], g)
        got[g] = table("river", game=g, start=i, stop=i + 1, bins=4).columns["ehs"][0]
        files = table("river", game=g, start=i, stop=i + 1, bins=4, path=tmp_path)
        assert files.computed == 1 and files.game == g
    assert got["shortdeck"] > got["shortdeck-straight"]  # trips beat a straight in one ranking only


def test_short_deck_requests_are_refused():
    with pytest.raises(ValueError, match="start and stop"):
        table("flop", game="shortdeck", stop=deck_states("shortdeck")["flop"] + 1)
    with pytest.raises(ValueError, match="high hands"):
        table("flop", game="holdem-hilo", stop=3)
    with pytest.raises(ValueError, match="two hole cards"):
        table("flop", game="omaha", stop=3)


@pytest.mark.slow
@pytest.mark.parametrize("game", SHORT_DECKS)
def test_whole_short_deck_tables_against_features(game):
    """Every short-deck street's whole table (the river table built for all 7,723,728 states): the
    row counts are the state counts, and 300 random rows of each street equal features(game=)."""
    rng = np.random.default_rng(9)
    for street, n in deck_states(game).items():
        t = table(street, game=game, bins=20)
        assert len(t) == n and (t.columns["index"] == np.arange(n)).all()
        if street == "preflop":
            for text in ["As Ah", "7c 6d", "Ks Qs"]:  # EHS against the game's own exact equity
                r = pyeval.equity(game, [text, "random"])
                got = t.columns["ehs"][index(text, game=game)]
                assert got == pytest.approx(float(r.fractions[0]), abs=1e-12)
            continue
        pick = np.sort(rng.choice(n, 300, replace=False))
        hole, board = cards(street, pick, game=game)
        f = features(hole, board, bins=20, game=game)
        assert (t.columns["ehs"][pick] == f.ehs).all() and (t.columns["ehs2"][pick] == f.ehs2).all()
        for j in range(20):
            assert (t.columns[f"hist_{j}"][pick] == f.counts[:, 22 + j]).all()


def test_command_builds_a_short_deck_table(partial_river, tmp_path, monkeypatch, capsys):
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    from pyeval.cli import main

    partial_river(river_boards_of("river", range(100), "shortdeck"), "shortdeck")
    monkeypatch.setitem(tables.CHUNK, "river", 40)
    out = tmp_path / "sd.parquet"
    assert main(["strength", "table", "river", "--game", "shortdeck", "--stop", "100", "--bins", "5",
                 "--out", str(out), "--no-progress"]) == 0
    assert "TableFiles(shortdeck river: 3 chunk files" in capsys.readouterr().out
    frame = pd.read_parquet(out)
    mem = table("river", game="shortdeck", stop=100, bins=5)
    assert frame["index"].tolist() == list(range(100)) and (frame["ehs"].to_numpy() == mem.columns["ehs"]).all()
    with pytest.raises(SystemExit):
        main(["strength", "table", "river", "--game", "razz"])
    assert "invalid choice: 'razz'" in capsys.readouterr().err


def test_a_failed_chunk_write_is_raised_and_the_others_stay_whole(partial_river, tmp_path, monkeypatch):
    """Chunk files are written on background threads while the next chunk is computed: a write
    that fails raises from table(), and the chunks written are whole (a run again resumes them)."""
    pytest.importorskip("pyarrow")
    partial_river([[0, 4, 8, 12, 17]])
    monkeypatch.setitem(tables.CHUNK, "river", 10)
    real = tables._write_chunk

    def failing(file, cols, meta):
        if file.name.startswith("river-000000030"):
            raise OSError("disk full")
        real(file, cols, meta)

    monkeypatch.setattr(tables, "_write_chunk", failing)
    with pytest.raises(OSError, match="disk full"):
        table("river", bins=3, stop=100, path=tmp_path)
    there = sorted(f.name for f in tmp_path.iterdir() if f.suffix == ".parquet")
    assert "river-000000030-000000040.parquet" not in there and not list(tmp_path.glob("*.tmp"))
    monkeypatch.setattr(tables, "_write_chunk", real)
    again = table("river", bins=3, stop=100, path=tmp_path)
    assert again.computed == 10 - len(there) >= 1
    same = table("river", bins=3, stop=100, path=tmp_path / "clean")
    for a, b in zip(again.files, same.files):
        assert a.read_bytes() == b.read_bytes()
