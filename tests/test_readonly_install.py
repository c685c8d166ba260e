"""A read-only install (issue 17, item 5): numba queries work without a writable cache.

The installed package is copied to a temporary directory and made read-only (``chmod -R
a-w``), and so is HOME; a child process imports that copy and runs queries that need the
numba kernels.  As root, permissions do not stop writes, so the child runs in its own mount
namespace with both directories bind-mounted read-only (``unshare -m``); the child checks
that it really cannot write there, so the test cannot pass on a writable tree.

Two copies (issue 16, item 4): without numba's cache (the kernels compile in the child, with one
warning), and with the cache compiled into the copy before it was made read-only, as setup.py
ships it in the wheel (the child reads it: nothing compiles, no warning).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import pyeval

CHECK_READ_ONLY = r"""
import os, sys, tempfile
for where in (sys.argv[1], os.environ["HOME"]) + tuple(filter(None, [os.environ.get("NUMBA_CACHE_DIR")])):
    try:
        tempfile.TemporaryFile(dir=where).close()
    except OSError:
        continue
    sys.exit(f"SETUP: {where} is writable")
"""

QUERIES = r"""
import sys
from numba.core import event
compiled = []


class Count(event.Listener):  # numba's compile events: fired for compilations, not for cache loads
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)

    def on_end(self, ev):
        pass


event.register("numba:compile", Count())
import pyeval
assert pyeval.__file__.startswith(sys.argv[1]), pyeval.__file__
import pyeval.caribbean
r = pyeval.equity("stud", ["AsAd7c", "KhKd2s"], method="monte-carlo", samples=20_000, seed=1)
hole, board = pyeval.deal("holdem", players=3, deals=1000, seed=2)
s = pyeval.simulate("holdem", 3, 20_000, seed=3, study="categories", progress=False)
# the queries that still run numba kernels: range sampling with more outcome patterns than a histogram holds
# (nine-handed hi/lo) and the caribbean tables
d = pyeval.equity("holdem-hilo", ["AKs,QQ+"] + ["random"] * 8, samples=2000, seed=1)
c = pyeval.caribbean.decide("AsKd7c5h2d", "Qs")
assert "numba" in sys.modules and abs(float(d.equity.sum()) - 1) < 1e-9 and c is not None
print("OK", round(float(r.equity.sum()), 9), hole.shape, s.outcomes)
print("COMPILED", len(compiled))
"""

CHILD = CHECK_READ_ONLY + QUERIES


def _can_mount_read_only(tmp: Path) -> bool:
    probe = tmp / "probe"
    probe.mkdir()
    cmd = f"mount --bind {probe} {probe} && mount -o remount,bind,ro {probe} && ! touch {probe}/x 2>/dev/null"
    try:
        return subprocess.run(["unshare", "-m", "sh", "-c", cmd], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _read_only_tree(root: Path) -> None:
    for path in [root, *root.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _writable_again(root: Path) -> None:
    for path in [root, *root.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)


@pytest.fixture(params=["no cache", "shipped cache"])
def read_only_install(tmp_path, request):
    """(site directory holding a read-only copy of pyeval, read-only HOME, read-only cache
    directory, whether root, the parameter): the copy without numba's cache, or with the cache
    compiled into it before it was made read-only (a wheel built by setup.py)."""
    root_user = os.geteuid() == 0
    if root_user and not _can_mount_read_only(tmp_path):
        pytest.skip("running as root without mount namespaces: cannot make a directory read-only")
    site, home = tmp_path / "site", tmp_path / "home"
    shutil.copytree(Path(pyeval.__file__).parent, site / "pyeval",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    home.mkdir()
    (tmp_path / "cache").mkdir()
    if request.param == "shipped cache":  # what setup.py does in the wheel: compile into the package
        proc = subprocess.run([sys.executable, "-c", QUERIES, str(site)], capture_output=True, text=True,
                              env=_child_env(site, home, None), cwd=str(home), timeout=600)
        assert proc.returncode == 0 and list((site / "pyeval").rglob("__pycache__/*.nbi")), proc.stderr[-4000:]
    for d in (site, home, tmp_path / "cache"):
        _read_only_tree(d)
    yield site, home, tmp_path / "cache", root_user, request.param
    for d in (site, home, tmp_path / "cache"):
        _writable_again(d)


def _child_env(site: Path, home: Path, numba_cache_dir: Path | None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_CACHE_DIR", "XDG_", "PYTHON"))}
    env.update(HOME=str(home), PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    if "LD_PRELOAD" in os.environ:  # the sanitizer run: keep its runtime and options
        env["LD_PRELOAD"] = os.environ["LD_PRELOAD"]
    if numba_cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(numba_cache_dir)
    return env


def _run_child(site: Path, home: Path, root_user: bool, numba_cache_dir: Path | None):
    env = _child_env(site, home, numba_cache_dir)
    argv = [sys.executable, "-c", CHILD, str(site)]
    if root_user:
        dirs = [site, home] + ([numba_cache_dir] if numba_cache_dir else [])
        mounts = " && ".join(f"mount --bind {d} {d} && mount -o remount,bind,ro {d}" for d in dirs)
        argv = ["unshare", "-m", "sh", "-c", mounts + ' && exec "$@"', "sh", *argv]
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=str(home), timeout=600)


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
@pytest.mark.parametrize("cache_dir", [False, True], ids=["no NUMBA_CACHE_DIR", "read-only NUMBA_CACHE_DIR"])
def test_numba_queries_run_from_a_read_only_install(read_only_install, cache_dir):
    site, home, cache, root_user, shipped = read_only_install
    proc = _run_child(site, home, root_user, cache if cache_dir else None)
    assert "SETUP:" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.startswith("OK 1.0 (1000, 3, 2) 20000"), proc.stdout
    assert "Traceback" not in proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "Warning" in line]
    compiled = int(proc.stdout.split("COMPILED")[1])
    if shipped == "shipped cache":  # read from the read-only package: nothing compiles, nothing to warn of
        assert compiled == 0 and not warnings, (compiled, proc.stderr)
    else:
        assert compiled > 0
        assert len(warnings) == 1 and "cannot cache" in warnings[0] and "NUMBA_CACHE_DIR" in proc.stderr, proc.stderr
