"""The command line's one output layer (issue 26, item 4): every subcommand takes the same
output options, checks its paths and optional dependencies before any work, refuses to overwrite
without --force, writes "wrote PATH" on stderr, never mixes two formats on stdout, and ends every
user error with one line and exit code 2.  The installed ``pyeval`` entry point, in a subprocess."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_run import error_line, popen, pyeval_cli

import pyeval
from pyeval.cli import build_parser

PHH = Path(__file__).parent / "data" / "phh" / "heads-up.phh"
SITE_FILE = Path(__file__).parent / "data" / "site_hands" / "side_pot.txt"

# One small, quick and reproducible spot per subcommand ("{phh}": a hand history file; "{folder}":
# a new folder each run).
SPOTS = {
    "eval": ["eval", "AhKh", "--board", "QhJhTh2c3d"],
    "equity": ["equity", "holdem", "AhAs", "KdKc", "--board", "Qd8c2s"],
    "caribbean": ["caribbean", "AsKd7c5h2d", "--dealer", "Qs"],
    "simulate": ["simulate", "holdem", "--players", "2", "--deals", "10k", "--seed", "1"],
    "combos": ["combos", "holdem", "QQ+,AK", "JJ-88", "--board", "Kd8c2s"],
    "breakdown": ["breakdown", "holdem", "QQ+,AK", "--board", "Kd8c2s"],
    "flops": ["flops", "holdem", "QQ+,AK", "JJ-88", "--flops", "Kd8c2s,9h8h7c"],
    "next-card": ["next-card", "holdem", "AhAs", "KdKc", "--board", "7c8c2d"],
    "icm": ["icm", "5000", "3000", "2000", "--payouts", "50", "30", "20"],
    "pushfold": ["pushfold", "8"],
    "allin-ev": ["allin-ev", "{phh}"],
    "hands": ["hands", str(SITE_FILE)],
    "history": ["history", "convert", str(SITE_FILE), "--to", "phh", "{folder}"],
    "strength": ["strength", "table", "river", "--stop", "20", "--bins", "4"],
}
PLOTS = {  # the subcommands that draw, with what makes them draw
    "combos": SPOTS["combos"],
    "breakdown": SPOTS["breakdown"],
    "flops": SPOTS["flops"],
    "pushfold": ["pushfold", "--chart", "6", "8"],
    "allin-ev": SPOTS["allin-ev"],
}
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def phh() -> str:
    return str(PHH)


def run(argv: list[str], phh: str, *more: str, **kwargs) -> subprocess.CompletedProcess:
    import tempfile

    argv = [phh if a == "{phh}" else str(Path(tempfile.mkdtemp()) / "out") if a == "{folder}" else a for a in argv]
    proc = pyeval_cli(*argv, *more, **kwargs)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _no_timing(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "elapsed"}


def test_every_subcommand_is_covered():
    """A new subcommand joins SPOTS (and the output options), it is not left out."""
    sub = next(a for a in build_parser()._actions if a.__class__.__name__ == "_SubParsersAction")
    assert set(sub.choices) == set(SPOTS)


@pytest.mark.parametrize("command", sorted(SPOTS))
def test_json_out_and_csv_in_one_run(command, phh, tmp_path):
    """--json on stdout, --out x.json and --csv x.csv as files, each with its "wrote" line."""
    out, table = tmp_path / "r.json", tmp_path / "r.csv"
    proc = run(SPOTS[command], phh, "--json", "--out", str(out), "--csv", str(table))
    assert proc.returncode == 0, proc.stderr
    shown = json.loads(proc.stdout)
    assert _no_timing(json.loads(out.read_text())) == _no_timing(shown)
    assert proc.stderr.splitlines() == [f"wrote {table}", f"wrote {out}"]
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert rows and all(set(r) == set(rows[0]) for r in rows)


@pytest.mark.parametrize("command", sorted(SPOTS))
def test_csv_on_stdout_is_the_csv_file(command, phh, tmp_path):
    """--csv - prints exactly what --csv PATH writes (and nothing else on stdout), and --out -
    prints the same CSV."""
    table = tmp_path / "r.csv"
    assert run(SPOTS[command], phh, "--csv", str(table)).returncode == 0
    proc = run(SPOTS[command], phh, "--csv", "-")
    assert proc.returncode == 0 and proc.stdout == table.read_text() and proc.stderr == ""
    header = next(csv.reader(io.StringIO(proc.stdout)))
    assert len(header) >= 2
    assert run(SPOTS[command], phh, "--out", "-").stdout == proc.stdout


@pytest.mark.parametrize("command", sorted(SPOTS))
def test_an_existing_file_is_refused_without_force(command, phh, tmp_path):
    table = tmp_path / "r.csv"
    table.write_text("keep me\n")
    for flag in ("--csv", "--out"):
        line = error_line(run(SPOTS[command], phh, flag, str(table)))
        assert f"{flag} {table}: exists; add --force" in line
        assert table.read_text() == "keep me\n"
    proc = run(SPOTS[command], phh, "--csv", str(table), "--force")
    assert proc.returncode == 0 and table.read_text() != "keep me\n" and f"wrote {table}" in proc.stderr


@pytest.mark.parametrize("command", sorted(SPOTS))
@pytest.mark.parametrize("flag, path, words", [
    ("--csv", "/nonexistent/c.csv", "no folder '/nonexistent'"),
    ("--out", "/nonexistent/c.json", "no folder '/nonexistent'"),
    ("--out", "{tmp}/c.xlsx", "unknown format '.xlsx'"),  # not .parquet: pyeval strength writes that
    ("--csv", "{tmp}", "is a folder"),
])
def test_bad_output_paths_end_in_one_line(command, flag, path, words, phh, tmp_path):
    line = error_line(run(SPOTS[command], phh, flag, path.format(tmp=tmp_path)))
    assert words in line


@pytest.mark.parametrize("command", sorted(SPOTS))
def test_two_formats_never_share_stdout(command, phh):
    for pair in (["--json", "--csv", "-"], ["--json", "--out", "-"], ["--csv", "-", "--out", "-"]):
        line = error_line(run(SPOTS[command], phh, *pair))
        assert "only one output can go to stdout" in line


@pytest.mark.parametrize("command", sorted(set(SPOTS) - {"eval"}))
def test_progress_options_on_every_long_subcommand(command, phh):
    """--progress and --no-progress are taken; off a terminal and without --progress, no bar."""
    for flag in ("--progress", "--no-progress"):
        assert run(SPOTS[command], phh, flag).returncode == 0
    assert run(SPOTS[command], phh).stderr == ""


def test_eval_is_instant_and_takes_no_progress_option(phh):
    proc = run(SPOTS["eval"], phh, "--progress")
    assert proc.returncode == 2 and "unrecognized arguments: --progress" in proc.stderr


def test_progress_shows_a_bar_on_a_long_chart():
    proc = pyeval_cli("pushfold", "--chart", "2", "4", "6", "8", "10", "12", "--progress")
    assert proc.returncode == 0 and "pushfold chart" in proc.stderr and "%" in proc.stderr


@pytest.mark.parametrize("command", sorted(PLOTS))
def test_plots(command, phh, tmp_path):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "p.png"
    proc = run(PLOTS[command], phh, "--plot", str(picture))
    assert proc.returncode == 0, proc.stderr
    assert picture.read_bytes()[:8] == PNG and proc.stderr == f"wrote {picture}\n"
    assert "exists; add --force" in error_line(run(PLOTS[command], phh, "--plot", str(picture)))
    assert "unknown format '.gif'" in error_line(run(PLOTS[command], phh, "--plot", str(tmp_path / "p.gif")))
    assert "no folder" in error_line(run(PLOTS[command], phh, "--plot", "/nonexistent/g.png"))


@pytest.mark.parametrize("command", sorted(set(SPOTS) - set(PLOTS)))
def test_no_plot_where_nothing_is_drawn(command, phh, tmp_path):
    proc = run(SPOTS[command], phh, "--plot", str(tmp_path / "p.png"))
    assert proc.returncode == 2 and "unrecognized arguments: --plot" in proc.stderr


def _without_matplotlib(*argv: str) -> subprocess.CompletedProcess:
    """``pyeval ARGV`` in a Python where ``import matplotlib`` fails."""
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            "from pyeval.cli import main\n"
            f"sys.exit(main({list(argv)!r}))")
    env = {**os.environ, "PYTHONPATH": str(Path(pyeval.__file__).parents[1])}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.parametrize("argv", [
    ["combos", "holdem", "random", "random", "random", "--samples", "40G", "--seed", "1"],  # hours of work
    ["pushfold", "--chart"],
    ["breakdown", "holdem", "random", "--board", "Kd8c2s", "--against", "random", "--samples", "40G"],
])
def test_plot_without_matplotlib_is_refused_before_the_work(argv, tmp_path):
    start = time.perf_counter()
    proc = _without_matplotlib(*argv, "--plot", str(tmp_path / "p.png"))
    line = error_line(proc)
    assert "--plot needs matplotlib" in line and '".[plot]"' in line
    assert time.perf_counter() - start < 30 and not (tmp_path / "p.png").exists()


def test_output_paths_are_checked_before_the_work():
    """Once the whole run, then a FileNotFoundError traceback."""
    start = time.perf_counter()
    for argv in (["combos", "holdem", "random", "random", "random", "--samples", "40G", "--csv", "/nonexistent/c.csv"],
                 ["icm", *map(str, range(1, 30)), "--payouts", "5", "3", "--samples", "300M", "--out", "/x/y.json"],
                 ["simulate", "holdem", "--deals", "40G", "--csv", "/nonexistent/s.csv"]):
        assert "no folder" in error_line(pyeval_cli(*argv))
    assert time.perf_counter() - start < 30


def test_simulate_checks_every_table_file_before_the_run(tmp_path):
    """--out t.csv writes the other tables beside it (t.features.csv): refused up front if one exists."""
    (tmp_path / "t.features.csv").write_text("keep me\n")
    line = error_line(pyeval_cli("simulate", "holdem", "--deals", "40G", "--out", str(tmp_path / "t.csv")))
    assert "t.features.csv: exists; add --force" in line and not (tmp_path / "t.csv").exists()
    proc = pyeval_cli("simulate", "holdem", "--players", "2", "--deals", "10k", "--seed", "1", "--out",
                      str(tmp_path / "t.npz"))
    assert proc.returncode == 0 and proc.stderr == f"wrote {tmp_path / 't.npz'}\n"
    assert pyeval.SimulationResult.load(tmp_path / "t.npz").outcomes == 10_000


def test_next_card_prints_its_table_with_random_and_ranges():
    """Once only ``NextCard(..., 47 cards)``."""
    want = pyeval.next_card("holdem", ["AhKh", "random"], "Jh8h2c")
    proc = pyeval_cli("next-card", "holdem", "AhKh", "random", "--board", "Jh8h2c")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines if line[:2] == "  " and line.split()[0] in want.cards}
    assert list(rows) == want.cards and len(rows) == 47
    for i, card in enumerate(want.cards):
        assert rows[card] == [f"{float(want.prob[i]):.4f}", f"{want.equity[i, 0]:.4f}", f"{want.equity[i, 1]:.4f}"]
    assert f"Ah Kh {float(want.mean_fraction[0]):.4f}" in proc.stdout
    ranges = pyeval_cli("next-card", "holdem", "AhKh", "QQ+,AKs", "--board", "Jh8h2c").stdout
    assert len([line for line in ranges.splitlines() if line[:4] == "  2h"]) == 1


@pytest.mark.parametrize("argv", [
    ["eval", "AhKh", "--board", "Qh Jh Th 2c 3d"],
    ["eval", "As2sKdQd", "--board", "3c4hKh8d9c", "--game", "omaha-hilo"],
    ["equity", "holdem", "AhAs", "KdKc", "--board", "Qd8c2s"],
    ["simulate", "holdem", "--players", "2", "--deals", "1k", "--seed", "1", "--board", "Qd8c2s"],
    ["combos", "holdem", "QQ+,AK", "JJ-88", "--board", "Kd8c2s"],
    ["breakdown", "holdem", "QQ+,AK", "--board", "Kd8c2s"],
    ["next-card", "holdem", "AhAs", "KdKc", "--board", "7c8c2d"],
])
def test_board_is_a_list_of_board_texts_in_every_json(argv):
    """Once a list in equity and simulate, a string in eval, combos, breakdown and next-card."""
    d = json.loads(pyeval_cli(*argv, "--json").stdout)
    board = "".join(argv[argv.index("--board") + 1].split())
    assert d["board"] == [" ".join(board[i:i + 2] for i in range(0, len(board), 2))]


def test_no_python_in_the_text():
    """Once ``(all: .tables['hands'])``, and ``(categories: pyeval.caribbean.CATEGORIES)`` in a help."""
    text = pyeval_cli("simulate", "holdem", "--players", "2", "--deals", "10k", "--seed", "1").stdout
    assert "first 10" in text and ".tables" not in text and "[" + "'" not in text
    for command in SPOTS:
        assert "pyeval." not in pyeval_cli(command, "--help").stdout, command
    from pyeval.caribbean import CATEGORIES
    from pyeval.cli.caribbean import PAYTABLE_CATEGORIES

    assert PAYTABLE_CATEGORIES == CATEGORIES


def _interrupt(*argv: str) -> tuple[int, dict, str]:
    proc = popen(*argv, "--progress", "--json")
    first = os.read(proc.stderr.fileno(), 1)  # the bar is up (after its 0.5 s delay): sampling
    assert first, proc.communicate()
    time.sleep(1.0)
    assert proc.poll() is None, "finished before Ctrl-C"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, json.loads(out), (first + err).decode()


def test_ctrl_c_keeps_a_partial_icm():
    code, d, err = _interrupt("icm", *map(str, range(1000, 21000, 1000)), "--payouts", "40", "25", "15", "10",
                              "--samples", "50M", "--seed", "1")
    assert code == 130 and d["interrupted"] and 2 <= d["outcomes"] < 50_000_000, err
    assert all(r["stderr"] > 0 for r in d["rows"]) and "finishing orders drawn so far" in err
    assert "Traceback" not in err


def test_ctrl_c_keeps_partial_combos():
    code, d, err = _interrupt("combos", "omaha", "AA**", "random", "--board", "Ks8s2d", "--samples", "5G",
                              "--seed", "1")
    assert code == 130 and d["interrupted"] and d["method"] == "monte-carlo", err
    samples = sum(r["outcomes"] for r in d["rows"])
    assert 0 < samples < 5_000_000_000 and "sampled so far" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["icm", *map(str, range(1, 31)), "--payouts", "5", "3", "--samples", "100M"],
    ["next-card", "omaha", "random", "random", "random", "--board", "Kd8c2s"],
    ["equity", "holdem", "AhAs", "KdKc", "--samples", "100G"],
])
def test_errors_in_the_command_lines_words(argv):
    """Once ``give samples=66,666,666``, ``ask pyeval.equity``, ``(pyeval.query.limits.MAX_SAMPLES)``."""
    line = error_line(pyeval_cli(*argv))
    assert "--samples" in line and "samples=" not in line and "pyeval." not in line
