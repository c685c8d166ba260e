"""The command line as a user meets it (issue 13, items 11-16): the installed ``pyeval`` entry
point in a subprocess."""

import json
import os
import signal
import subprocess
import time
from fractions import Fraction

import numpy as np
import pytest
from cli_run import PYEVAL, error_line, popen, pyeval_cli

import pyeval

# ---------------------------------------------------------------------------
# item 11: output paths are checked before the work starts
# ---------------------------------------------------------------------------

def test_out_in_a_missing_folder_fails_at_once():
    """Once a traceback after the whole run, the results lost."""
    start = time.perf_counter()
    line = error_line(pyeval_cli("simulate", "holdem", "--deals", "40G", "--out", "/missing/dir/x.csv"))
    assert "no folder '/missing/dir'" in line
    assert time.perf_counter() - start < 10  # 40G deals would take hours


@pytest.mark.parametrize("name", ["x.parquet", "x"])
def test_out_with_an_unknown_format_is_refused(tmp_path, name):
    """Once x.parquet held CSV text."""
    line = error_line(pyeval_cli("simulate", "holdem", "--deals", "10k", "--out", str(tmp_path / name)))
    assert "unknown format" in line and ".csv, .json or .npz" in line
    assert not (tmp_path / name).exists()


def test_out_json_is_the_json_result(tmp_path):
    """``--out t.json`` was documented and refused (issue 26)."""
    proc = pyeval_cli("simulate", "holdem", "--players", "2", "--deals", "20k", "--seed", "1", "--out",
                      str(tmp_path / "t.json"))
    assert proc.returncode == 0, proc.stderr
    want = pyeval.simulate("holdem", 2, 20_000, seed=1, progress=False).to_dict()
    got = json.loads((tmp_path / "t.json").read_text())
    assert got["tables"] == json.loads(json.dumps(want["tables"])) and got["seed"] == 1


def test_out_writes_what_it_says(tmp_path):
    proc = pyeval_cli("simulate", "holdem", "--players", "2", "--deals", "20k", "--seed", "1", "--out",
                      str(tmp_path / "t.npz"))
    assert proc.returncode == 0, proc.stderr
    r = pyeval.SimulationResult.load(tmp_path / "t.npz")
    assert r == pyeval.simulate("holdem", 2, 20_000, seed=1, progress=False)
    proc = pyeval_cli("simulate", "holdem", "--players", "2", "--deals", "20k", "--seed", "1", "--out",
                      str(tmp_path / "t.csv"))
    assert proc.returncode == 0 and (tmp_path / "t.csv").read_text() == r.csv("hands")


# ---------------------------------------------------------------------------
# item 12: a closed pipe ends quietly
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["equity", "holdem", "AhAs", "KdKc"],
                                  ["simulate", "holdem", "--deals", "10k", "--seed", "1", "--json"]])
def test_closed_pipe_ends_quietly(argv):
    """``pyeval ... | head -1``; once a BrokenPipeError traceback."""
    proc = popen(*argv)
    proc.stdout.close()  # the reader is gone before anything is written
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert proc.returncode == 141 and "Traceback" not in err and "BrokenPipe" not in err and not err.strip(), err


def test_pipe_to_head():
    out = subprocess.run(f"'{PYEVAL}' equity holdem AhAs KdKc random | head -1", shell=True, capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.startswith("holdem (exact") and "Traceback" not in out.stderr


# ---------------------------------------------------------------------------
# item 13: Ctrl-C and progress
# ---------------------------------------------------------------------------

def _interrupt_after_the_bar(*argv, wait=1.0):
    proc = popen(*argv, "--progress")
    first = os.read(proc.stderr.fileno(), 1)  # the progress bar appears (after its 0.5 s delay): running
    assert first, proc.communicate()
    time.sleep(wait)
    assert proc.poll() is None, "finished before Ctrl-C"
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, time.perf_counter() - sent, out.decode(), first.decode() + err.decode()


def test_ctrl_c_stops_an_exact_stud_run():
    """The heads-up stud count (about 15 s here) once ignored Ctrl-C until it finished."""
    code, waited, out, err = _interrupt_after_the_bar("equity", "stud", "AsAd", "KhKd", "--exact")
    assert code == 130 and waited < 2.5, (code, waited, err)
    assert "interrupted" in err and "Traceback" not in err and "%" in err  # the bar showed a percentage


def test_ctrl_c_keeps_a_monte_carlo_partial_result():
    code, waited, out, err = _interrupt_after_the_bar("equity", "holdem", "AhAs", "KdKc", "random", "--samples",
                                                      "5G", "--seed", "1", "--json")
    assert code == 130 and waited < 2.5, (code, waited, err)
    d = json.loads(out)
    assert d["interrupted"] and 0 < d["outcomes"] < 5_000_000_000 and d["method"] == "monte-carlo"
    assert abs(sum(d["equity"]) - 1) < 1e-9 and "sampled so far" in err


def test_no_progress_bar_off_a_terminal():
    proc = pyeval_cli("equity", "holdem", "AhAs", "KdKc", "random", "--samples", "20M", "--seed", "1")
    assert proc.returncode == 0 and proc.stderr == ""


# ---------------------------------------------------------------------------
# item 14: the command line's own words
# ---------------------------------------------------------------------------

def test_messages_use_option_names():
    line = error_line(pyeval_cli("equity", "stud", "As", "Kd", "--exact"))
    assert "--samples" in line and "method=" not in line and "samples=" not in line and "stderr_target" not in line


@pytest.mark.parametrize("argv", [
    ["equity", "holdem", "AhAs", "KdKc", "--board", "Jh", "Th", "2c"],
    ["equity", "holdem", "--board", "Jh", "Th", "2c", "AhAs", "KdKc"],
])
def test_unquoted_board_gets_a_hint(argv):
    line = error_line(pyeval_cli(*argv))
    assert line.startswith("pyeval equity: error:")
    assert 'quote its cards, e.g. --board "Jh Th 2c"' in line


@pytest.mark.parametrize("argv", [
    ["simulate", "holdem", "--bogus"],
    ["simulate", "holdem", "--deals", "lots"],
    ["equity"],
    ["pushfold", "ten"],
    ["icm", "5000", "3000", "--payouts"],
    ["nonsense-command"],
])
def test_argument_errors_are_one_line_with_a_help_hint(argv):
    """Argument errors: one line naming the subcommand, and where the usage is (issue 38, item 13)."""
    line = error_line(pyeval_cli(*argv))
    assert ": error: " in line and "--help" in line and "usage:" not in line, line
    sub = argv[0] if argv[0] != "nonsense-command" else None
    assert line.startswith(f"pyeval {sub}: error:" if sub else "pyeval: error:"), line


@pytest.mark.parametrize("hand, token", [("QQ+,AJz", "'AJz'"), ("AKx", "'AKx'"), ("T9s-6s", "'T9s-6s'")])
def test_range_typos_name_the_bad_token(hand, token):
    line = error_line(pyeval_cli("equity", "holdem", hand, "random"))
    assert f"bad range token {token}" in line


def test_option_values_are_checked_by_name():
    for argv, option in ((["--seed", "-1"], "--seed"), (["--threads", "0"], "--threads"),
                         (["--stderr", "-0.1"], "--stderr"), (["--samples", "0"], "--samples")):
        proc = pyeval_cli("equity", "holdem", "AhAs", "KdKc", *argv)
        assert proc.returncode == 2 and f"argument {option}:" in proc.stderr.splitlines()[-1]


# ---------------------------------------------------------------------------
# item 15: --version, --json everywhere
# ---------------------------------------------------------------------------

def test_version():
    proc = pyeval_cli("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"pyeval {pyeval.__version__}"


@pytest.mark.parametrize("argv, key", [
    (["eval", "AsKsQsJsTs"], "description"),
    (["equity", "holdem", "AhAs", "KdKc"], "equity"),
    (["simulate", "holdem", "--players", "2", "--deals", "10k", "--seed", "1"], "tables"),
    (["caribbean", "AsKd7c5h2d", "--dealer", "7s"], "ev_raise"),
])
def test_json_on_every_subcommand(argv, key):
    proc = pyeval_cli(*argv, "--json")
    assert proc.returncode == 0, proc.stderr
    assert key in json.loads(proc.stdout)


def test_caribbean_json_is_the_decision():
    d = json.loads(pyeval_cli("caribbean", "AsKd7c5h2d", "--dealer", "7s", "--json").stdout)
    from pyeval import caribbean

    want = caribbean.decide("AsKd7c5h2d", "7s")
    assert d["action"] == want.action and Fraction(*d["ev_raise_exact"]) == want.ev_raise
    assert d["not_qualified"] + d["player_wins"] + d["ties"] + d["dealer_wins"] == 163_185


# ---------------------------------------------------------------------------
# item 16: help texts
# ---------------------------------------------------------------------------

def test_equity_help_lists_games_aliases_ranges_and_examples():
    text = pyeval_cli("equity", "--help").stdout
    for name in pyeval.GAMES:
        assert f"\n  {name} " in text, name
    from pyeval.core.games import ALIASES

    for alias in ALIASES:
        assert alias in text, alias
    assert "QQ+" in text and "AA**" in text and "Ah*" in text and "examples:" in text


@pytest.mark.parametrize("command", ["eval", "simulate", "caribbean"])
def test_every_subcommand_has_examples(command):
    text = pyeval_cli(command, "--help").stdout
    assert "examples:" in text and f"pyeval {command} " in text.split("examples:")[1]


def test_top_level_help_lists_games():
    text = pyeval_cli("--help").stdout
    assert "shortdeck-straight" in text and "examples:" in text


# ---------------------------------------------------------------------------
# acceptance: no traceback for bad input, on any subcommand
# ---------------------------------------------------------------------------

BAD = [
    ["eval"], ["eval", "AsAs"], ["eval", "Zz"], ["eval", "AsKs", "--board", "Qh"], ["eval", "As", "--kind", "nope"],
    ["eval", "AsKsQsJsTs", "--game", "nope"], ["eval", "AsKs", "--game", "holdem"],
    ["equity"], ["equity", "nope", "AhAs", "KdKc"], ["equity", "holdem", "AhAs"],
    ["equity", "holdem", "AhAs", "AhKc"], ["equity", "holdem", "AhAs", "KdKc", "--board", "1234567"],
    ["equity", "holdem", "AhAs", "KdKc", "--samples", "inf"], ["equity", "omaha", "AAKKQ", "random"],
    ["equity", "holdem", "AhAs", "KdKc", "--dead", "AhAh"], ["equity", "stud", "QQ+", "random"],
    ["equity", "holdem"] + ["random"] * 11, ["equity", "holdem-double-board", "AhAs", "KdKc", "--board", "a/b/c"],
    ["simulate"], ["simulate", "nope"], ["simulate", "holdem", "--players", "0"],
    ["simulate", "holdem", "--deals", "x"],
    ["simulate", "stud", "--study", "hilo"], ["simulate", "holdem", "--hands", "AsAs"],
    ["simulate", "holdem", "--players", "11"], ["simulate", "holdem", "--deals", "1k", "--out", "/dev/null/x.csv"],
    ["caribbean"], ["caribbean", "AsKd7c5h2d"], ["caribbean", "AsKd", "--dealer", "Qs"],
    ["caribbean", "AsKd7c5h2d", "--dealer", "As"], ["caribbean", "--house-edge", "--paytable", "x"],
    ["caribbean", "--house-edge", "--strategy", "best"], ["nope"],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a)[:40] for a in BAD])
def test_bad_input_never_shows_a_traceback(argv):
    proc = pyeval_cli(*argv)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and proc.stderr.strip()
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("pyeval") and "error" in last, proc.stderr
    assert np.all([not line.startswith("  File ") for line in proc.stderr.splitlines()])


def test_ctrl_c_while_the_subcommands_load_prints_one_line(monkeypatch, capsys):
    """A Ctrl-C that lands before the run (a slow start on a busy machine) ends the command the same
    way, with no traceback."""
    import importlib

    from pyeval import cli

    real = importlib.import_module

    def interrupted(name, *args):
        if name.startswith("pyeval.cli."):
            raise KeyboardInterrupt
        return real(name, *args)

    monkeypatch.setattr(cli.importlib, "import_module", interrupted)
    assert cli.main(["equity", "holdem", "AhAs", "KdKc"]) == 130
    assert capsys.readouterr().err == "pyeval: interrupted\n"


@pytest.mark.parametrize("hand, combos", [("AhAx", 3), ("QQ+,AK", 21)])
def test_a_seat_read_as_a_range_says_so(hand, combos):
    """A mistyped card (AhAx) is read as a range: the output names it and its combos (issue 38, item 14)."""
    proc = pyeval_cli("equity", "holdem", hand, "KdKc")
    assert proc.returncode == 0, proc.stderr
    note = [row for row in proc.stdout.splitlines() if "range" in row]
    assert len(note) == 1 and f"{hand}: {combos} combos" in note[0], proc.stdout
    if combos == 3:
        assert "As Ah, Ah Ad, Ah Ac" in note[0]


def test_known_hands_and_random_get_no_range_note():
    r = pyeval.equity("holdem", ["AhAs", "QQ+", "random"], samples=2000, seed=1)
    notes = [row for row in repr(r).splitlines() if "range" in row]
    assert len(notes) == 1 and notes[0].startswith("player 2 is a range: QQ+: 13 combos ("), notes  # AA: only AcAd
