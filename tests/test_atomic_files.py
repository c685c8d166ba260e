"""Files are written whole or not at all (issue 38, item 7): a full disk part-way through leaves the
old file as it was and no temporary file beside it; the error is one line, exit code 2."""

from __future__ import annotations

import errno
import os
import resource
import signal
import stat
import subprocess
import sys

import pytest
from cli_run import error_line, pyeval_cli

import pyeval

OLD = '{"old": "result"}\n'


def _small_files(limit: int = 2048):
    """In the child: files stop growing at ``limit`` bytes (EFBIG, as a full disk stops them)."""
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@pytest.mark.parametrize("out", ["keep.json", "keep.csv"])
def test_a_failed_write_keeps_the_old_file(tmp_path, out):
    target = tmp_path / out
    target.write_text(OLD)
    proc = pyeval_cli("simulate", "holdem", "--players", "2", "--deals", "10k", "--seed", "1", "--out", str(target),
                      "--force", "--no-progress", preexec_fn=_small_files())
    line = error_line(proc)
    assert f"cannot write {target}" in line, line
    assert target.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == [out]  # no temporary file left


def test_a_written_file_is_whole_and_keeps_its_mode(tmp_path):
    target = tmp_path / "t.json"
    target.write_text(OLD)
    target.chmod(0o640)
    proc = pyeval_cli("equity", "holdem", "AhAs", "KdKc", "--out", str(target), "--force")
    assert proc.returncode == 0, proc.stderr
    assert '"equity"' in target.read_text() and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]


def _full_disk(monkeypatch):
    def fsync(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", fsync)


def test_library_to_csv_on_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    result = pyeval.equity("holdem", ["AhAs", "KdKc"])
    target = tmp_path / "e.csv"
    target.write_text(OLD)
    _full_disk(monkeypatch)
    with pytest.raises(OSError) as info:
        result.to_csv(target)
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(target)
    assert target.read_text() == OLD and [p.name for p in tmp_path.iterdir()] == ["e.csv"]


def test_simulation_npz_on_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    result = pyeval.simulate("holdem", 2, 1000, seed=1, progress=False)
    target = tmp_path / "s.npz"
    target.write_bytes(b"old")
    _full_disk(monkeypatch)
    with pytest.raises(OSError, match="No space left"):
        result.save(target)
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["s.npz"]


def test_cli_full_disk_in_process(tmp_path, monkeypatch, capsys):
    from pyeval import cli

    target = tmp_path / "e.json"
    target.write_text(OLD)
    _full_disk(monkeypatch)
    assert cli.main(["equity", "holdem", "AhAs", "KdKc", "--out", str(target), "--force"]) == 2
    err = capsys.readouterr().err
    assert err == f"pyeval: error: cannot write {target}: No space left on device\n"
    assert target.read_text() == OLD and [p.name for p in tmp_path.iterdir()] == ["e.json"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_stdout_to_a_full_device_is_one_line_exit_2():
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "pyeval.cli", "equity", "holdem", "AhAs", "KdKc"], stdout=full,
                              stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 2
    assert proc.stderr == "pyeval: error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_device_is_written_in_place_not_replaced(capsys):
    from pyeval import cli

    assert cli.main(["equity", "holdem", "AhAs", "KdKc", "--csv", "/dev/full", "--force"]) == 2
    assert capsys.readouterr().err.startswith("pyeval: error: cannot write /dev/full: No space left")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
