"""Issue 36 (items 3, 4, 6) and issue 38 (items 8, 9) on reading hand histories: ``sm -``, a
player all in by posting a blind, empty folders, pokerkit missing, unreadable files, sources
that are not PHH."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyeval

MORE = Path(__file__).parent / "data" / "phh-more"


def test_show_the_known_cards():
    """``p1 sm -`` shows the cards dealt: the same EV as heads-up.phh (40 of 44 rivers)."""
    row = pyeval.allin_ev(MORE / "show-known.phh").hands.rows()[0]
    assert row["street"] == "turn"
    assert row["ev"][0] == pytest.approx(40 / 44 * 2000 - 1000)


def test_all_in_by_posting_a_blind_with_nobody_to_act():
    pytest.importorskip("pokerkit")
    r = pyeval.allin_ev(MORE / "blind-all-in.phh")
    row = r.hands.rows()[0]
    assert row["street"] == "preflop" and [p["amount"] for p in row["pots"]] == [60]
    aces = pyeval.equity("holdem", ["AsAd", "7c2d"]).equity[0]
    assert row["ev"][0] == pytest.approx(aces * 60 - 30)
    assert r.players.rows()[0]["allins"] == 1


GOOD = (Path(__file__).parent / "data" / "phh" / "heads-up.phh").read_text()

# (what the mutation does, old text, new text, a word of the reason)
BAD_HANDS = [
    ("a player name twice", "players = ['Alice', 'Bob']", "players = ['Alice', 'Alice']", "sits twice"),
    ("more chips at the end", "finishing_stacks = [2000, 0]", "finishing_stacks = [2000, 10]", "more than"),
    ("a deal to seat 0", "'d dh p1 AsAd'", "'d dh p0 AsAd'", "no seat 0"),
    ("a deal to a seat that does not exist", "'d dh p2 QcJc'", "'d dh p3 QcJc'", "no seat 3"),
    ("an action of a seat that does not exist", "'p2 cbr 30'", "'p7 cbr 30'", "no seat 7"),
    ("shown cards differ from those dealt", "'p1 sm AsAd'", "'p1 sm AsAc'", "differ from those dealt"),
    ("a flop of two cards", "'d db AhKd2c'", "'d db AhKd'", "flop of 2"),
    ("a flop of four cards", "'d db AhKd2c'", "'d db AhKd2c5c'", "flop of 4"),
    ("six board cards", "'d db 3h'", "'d db 3h', 'd db 5c'", "fourth board deal"),
    ("bad card text Qx", "'d dh p2 QcJc'", "'d dh p2 QxJc'", "bad card text 'QxJc'"),
    ("bad card text 10c", "'d dh p2 QcJc'", "'d dh p2 10cJc'", "bad card text '10cJc'"),
    ("bad card text q♣", "'d dh p2 QcJc'", "'d dh p2 q♣Jc'", "bad card text"),
    ("a card dealt twice", "'d db 7s'", "'d db Ah'", "dealt twice"),
    ("an unknown variant", "variant = 'NT'", "variant = 'PT'", "unknown PHH variant 'PT'"),
    ("a negative stack", "starting_stacks = [1000, 1000]", "starting_stacks = [1000, -1000]", "numbers >= 0"),
    ("stacks for three seats", "starting_stacks = [1000, 1000]", "starting_stacks = [1000, 1000, 5]",
     "3 players"),
    ("an unknown action", "'p1 cc', 'd db AhKd2c'", "'p1 zz', 'd db AhKd2c'", "unknown action"),
    ("a bet without an amount", "'p2 cbr 30'", "'p2 cbr'", "malformed"),
    ("not TOML", "min_bet = 10", "min_bet = = 10", "TOML"),
    ("finishing stacks that contradict the showdown", "finishing_stacks = [2000, 0]",
     "finishing_stacks = [0, 2000]", "contradict the showdown"),
]


@pytest.mark.parametrize("what, old, new, reason", BAD_HANDS, ids=[b[0] for b in BAD_HANDS])
def test_an_invalid_hand_is_skipped_with_file_line_and_reason_and_the_rest_is_read(tmp_path, what, old, new, reason):
    assert old in GOOD
    (tmp_path / "a-good.phh").write_text(GOOD)
    bad = tmp_path / "b-bad.phh"
    bad.write_text(GOOD.replace(old, new))
    r = pyeval.allin_ev(tmp_path)
    assert len(r.hands) == 1 and r.hands.rows()[0]["source"].endswith("a-good.phh")
    [skip] = r.skipped
    assert skip["source"] == str(bad) and reason in skip["reason"], skip
    if what != "not TOML":  # TOML's own message has the line; a field's line is where it is set
        field = "antes" if what == "stacks for three seats" else new.split(" = ")[0] if " = " in new else "actions"
        lines = GOOD.replace(old, new).splitlines()
        assert lines[skip["line"] - 1].startswith(field), (skip, lines)


def test_a_phhs_hand_is_skipped_at_its_line(tmp_path):
    body = "\n".join(line for line in GOOD.splitlines() if not line.startswith("#"))
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{body}\n[2]\n{body.replace('Bob', 'Alice')}\n")
    r = pyeval.allin_ev(path)
    assert len(r.hands) == 1
    [skip] = r.skipped
    text = path.read_text().splitlines()
    assert text[skip["line"] - 1].startswith("players") and skip["line"] > len(body.splitlines()) + 1


def test_no_hand_histories_is_refused(tmp_path):
    with pytest.raises(ValueError, match=f"no hand histories in {tmp_path}"):
        pyeval.allin_ev(tmp_path)
    (tmp_path / "notes.txt").write_text("not a hand history")
    with pytest.raises(ValueError, match="no hand histories in"):
        pyeval.allin_ev(tmp_path)
    with pytest.raises(ValueError, match="no hand histories in"):
        pyeval.allin_ev([])


def test_sources_of_the_wrong_kind_are_type_errors():
    for source in (None, 123, b"variant = 'NT'", 1.5, [1, 2]):
        with pytest.raises(TypeError, match="source must be"):
            pyeval.allin_ev(source)
    with pytest.raises(TypeError, match="client must be"):
        pyeval.allin_ev(MORE / "show-known.phh", client=42)
    with pytest.raises(TypeError, match="player must be"):
        pyeval.allin_ev(MORE / "show-known.phh", player=7)


def test_an_unreadable_file_is_reported_as_unreadable(tmp_path, monkeypatch):
    """(issue 38) not "cannot write": skipped, saying it cannot be read; the rest is read."""
    import os

    from pyeval.history import sources

    (tmp_path / "a.phh").write_text(GOOD)
    locked = tmp_path / "b.phh"
    locked.write_text(GOOD)
    locked.chmod(0)
    if os.access(locked, os.R_OK):  # root reads any file: the refusal the system would give
        read = sources._read_bytes

        def refuse(path: str) -> bytes:
            if path == str(locked):
                raise PermissionError(13, "Permission denied", path)
            return read(path)

        monkeypatch.setattr(sources, "_read_bytes", refuse)
    r = pyeval.allin_ev(tmp_path)
    assert len(r.hands) == 1
    assert r.skipped_lines() == [f"{locked}:0: cannot read the file: Permission denied"]


def test_without_pokerkit_a_stud_file_is_skipped_with_the_install_line(tmp_path):
    """pokerkit made unimportable in a child process: the stud hand is skipped, the rest read."""
    import subprocess
    import sys

    fixtures = Path(__file__).parent / "data" / "phh"
    code = ("import sys; sys.modules['pokerkit'] = None\n"
            "import pyeval\n"
            f"r = pyeval.allin_ev({str(fixtures)!r})\n"
            "print(len(r.hands)); print(r.skipped_lines()[0])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    count, line = out.stdout.splitlines()
    assert int(count) == 6
    assert "stud-sixth-street.phh:1:" in line and "pip install" in line


def this_checkout() -> dict[str, str]:
    """The environment of a subprocess that imports this checkout's pyeval (not another the
    installed entry point may point to)."""
    import os

    return {**os.environ, "PYTHONPATH": str(Path(pyeval.__file__).parents[1])}


def test_cli_lists_skipped_hands_on_stderr_and_refuses_an_empty_folder(tmp_path):
    from cli_run import pyeval_cli

    (tmp_path / "a.phh").write_text(GOOD)
    (tmp_path / "b.phh").write_text(GOOD.replace("'d dh p2 QcJc'", "'d dh p2 QxJc'"))
    proc = pyeval_cli("allin-ev", str(tmp_path), "--csv", "-", env=this_checkout())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1].startswith("Alice,1,1,")
    bad = tmp_path / "b.phh"
    assert proc.stderr.splitlines() == [f"pyeval: skipped {bad}:8: bad card text 'QxJc' in 'd dh p2 QxJc'",
                                        "pyeval: 1 hand(s) skipped"]
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = pyeval_cli("allin-ev", str(empty), env=this_checkout())
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [f"pyeval: error: no hand histories in {empty}"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGKILL"])
def test_workers_die_with_their_parent(tmp_path, signame):
    """(issue 38) A run reading files in worker processes, killed: no worker is left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    for i in range(2000):  # the parallel path
        (tmp_path / f"{i}.phh").write_text(GOOD)
    code = ("import time, pyeval.history.sources as s\n"
            "def stuck(paths):\n    time.sleep(120)\n"
            "s.read_compact = stuck\ns.cores = lambda: 2\n"
            "import pyeval\n"
            f"pyeval.allin_ev({str(tmp_path)!r})\n")
    parent = subprocess.Popen([sys.executable, "-c", code], env=this_checkout())
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(parent.pid)
        assert len(workers) >= 2, "the workers did not start"
        parent.send_signal(getattr(signal, signame))
        parent.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)]
    finally:
        parent.kill()
        parent.wait()
        for w in workers:  # a failed run leaves none behind either
            if _alive(w):
                os.kill(w, signal.SIGKILL)


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie, waiting for its reaper, is gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_plot_of_many_players_draws_the_top_ones_and_says_so():
    """(issue 38) 30 players: the 8 with the most hands, named in the title; one player alone."""
    pytest.importorskip("matplotlib")
    hands = []
    for k in range(15):
        text = GOOD.replace("'Alice'", f"'A{k}'").replace("'Bob'", f"'B{k}'")
        hands.append(f"[{k}]\n" + "\n".join(line for line in text.splitlines() if not line.startswith("#")))
    hands.append("[extra]\n" + hands[3].split("\n", 1)[1])  # A3 and B3 play two hands
    r = pyeval.allin_ev("\n".join(hands) + "\n")
    fig = r.plot()
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(labels) == 16 and labels[:2] == ["A3: actual", "A3: all-in adjusted"]
    assert ax.get_title().endswith("the 8 players with the most hands (of 30)")
    one = r.plot(player="B7").axes[0]
    assert len(one.get_legend().get_texts()) == 2 and one.get_title().startswith("B7")
