"""The site readers compiled with mypyc (``pyeval/history/sites/compiled.py``) read exactly what
their Python sources read: every hand and every skipped row of the shared site files and of the
repository's own fixtures, compared as plain data between this process (compiled modules) and a
child process that imports the sources (``PYEVAL_PURE_PYTHON=1``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import site_checks as sc

import pyeval
from pyeval.history.sites import compiled

DUMP = r"""
import json, sys
from pathlib import Path
from pyeval.history.sites.compiled import status
from pyeval.history.sites.registry import decode, read_text
out = {"compiled": status(), "files": {}}
for path in sys.argv[1:]:
    hands, skipped = read_text(decode(Path(path).read_bytes()), path)
    out["files"][path] = {"hands": [h.to_dict() for h in hands], "skipped": [s.to_dict() for s in skipped]}
json.dump(out, sys.stdout)
"""


def _site_files() -> list[str]:
    files = sorted(str(p) for p in sc.FIXTURES.rglob("*") if p.is_file())
    if sc.SHARED.is_dir():
        files += sorted(str(p) for p in sc.SHARED.rglob("*") if p.is_file() and p.suffix in (".txt", ".xml"))
    return files


def _dump(files: list[str], pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYEVAL_PURE_PYTHON"}
    if pure:
        env["PYEVAL_PURE_PYTHON"] = "1"
    proc = subprocess.run([sys.executable, "-c", DUMP, *files], env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_the_readers_are_compiled_in_a_build_with_mypyc():
    if compiled.pure_python_requested():
        pytest.skip("PYEVAL_PURE_PYTHON is set: the sources are imported on purpose")
    missing = [name for name, is_compiled in compiled.status().items() if not is_compiled]
    assert not missing, (f"{missing} run as Python: the build did not compile them (is mypy installed? "
                         "`python setup.py build_ext --inplace` prints why)")


def test_compiled_and_python_readers_read_the_same_hands():
    files = _site_files()
    assert len(files) > 10
    pure = _dump(files, pure=True)
    built = _dump(files, pure=False)
    assert not any(pure["compiled"].values())  # the child really ran the sources
    if not compiled.pure_python_requested():
        assert all(built["compiled"].values())
    assert pure["files"].keys() == built["files"].keys()
    hands = 0
    for path in files:
        assert pure["files"][path] == built["files"][path], path
        hands += len(pure["files"][path]["hands"])
    assert hands > (1000 if sc.SHARED.is_dir() else 5)


def test_a_compiled_module_older_than_its_source_is_named(tmp_path, monkeypatch):
    source = tmp_path / "money.py"
    built = tmp_path / "money.cpython-311-x86_64-linux-gnu.so"
    built.write_bytes(b"")
    source.write_text("")
    os.utime(built, (1_000_000, 1_000_000))
    monkeypatch.setattr(compiled, "_HERE", tmp_path)
    assert [s.split(" ")[0] for s in compiled.stale()] == [built.name]
    os.utime(built, None)
    os.utime(source, (1_000_000, 1_000_000))
    assert compiled.stale() == []
    # a rebuild that leaves a module's shim as it was: the group's library is what counts
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    group = tmp_path / "_compiled__mypyc.cpython-311-x86_64-linux-gnu.so"
    group.write_bytes(b"")
    assert compiled.stale() == []
    os.utime(group, (1_500_000, 1_500_000))
    assert len(compiled.stale()) == 1
    (tmp_path / "gone.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # a module taken off the list
    assert any("gone" in s and "no longer compiled" in s for s in compiled.stale())


def test_every_compiled_module_is_a_site_module():
    here = Path(compiled.__file__).parent
    assert all((here / f"{name}.py").is_file() for name in compiled.MODULES)


def test_the_records_compiled_keep_what_a_record_does():
    """``Hand`` and ``Action`` are plain classes (compiled with the readers): equal by their
    fields, a repr naming them, pickled and copied whole, no attribute beyond their fields."""
    import copy
    import pickle

    from pyeval.history.sites.model import ACTION_FIELDS, HAND_FIELDS, Action

    hand = pyeval.read_hands(str(sc.FIXTURES / "winamax_allin.txt")).hands[0]
    assert pickle.loads(pickle.dumps(hand)) == hand and copy.deepcopy(hand) == hand
    assert pickle.loads(pickle.dumps(hand)).to_dict() == hand.to_dict()
    skipped = pyeval.read_hands("PokerStars Hand #1: cut\nshort\n").skipped[0]
    assert pickle.loads(pickle.dumps(skipped)) == skipped
    assert list(hand.to_dict()) == list(HAND_FIELDS)
    first = hand.actions[0]
    assert repr(first).startswith("Action(kind=") and all(f"{f}=" in repr(first) for f in ACTION_FIELDS)
    assert first == Action(*(getattr(first, f) for f in ACTION_FIELDS))
    assert first != Action("fold", first.player, first.street) and hand != copy.deepcopy(hand).__class__(
        *(getattr(hand, f) for f in HAND_FIELDS[:-1]), language="xx")
    with pytest.raises(AttributeError):
        hand.nickname = "x"  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        hash(first)  # mutable and compared by value, as the dataclass was


def test_the_readers_doctests_pass_on_their_sources():
    """mypyc keeps no docstrings, so the compiled modules' examples are run on the sources."""
    code = ("import doctest, importlib, json\n"
            "from pyeval.history.sites.compiled import MODULES, PACKAGE\n"
            "out = {}\n"
            "for name in MODULES:\n"
            "    r = doctest.testmod(importlib.import_module(f'{PACKAGE}.{name}'))\n"
            "    out[name] = [r.attempted, r.failed]\n"
            "print(json.dumps(out))\n")
    env = dict(os.environ, PYEVAL_PURE_PYTHON="1")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout.splitlines()[-1])
    assert set(results) == set(compiled.MODULES)
    assert all(failed == 0 for _, failed in results.values()), (results, proc.stdout[-3000:])
    assert results["money"][0] >= 2  # the module's examples ran
