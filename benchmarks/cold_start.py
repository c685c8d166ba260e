"""First-call latency of every kind of query, in a fresh install and in later processes (issue 16, item 4).

Each kind runs as the first query of a new process (``python -c``), timed from before
``import pyeval`` to the answer, and as the whole process (interpreter start included):

- ``fresh``: the install as ``pip install`` left it (the package directory is restored from
  a snapshot taken right after the install before every repeat: no numba cache beyond what
  the install itself wrote);
- ``later``: the same query again in new processes, with whatever the first one left.

A fresh install to measure (from a clean clone of the branch, as the issue asks):

    git clone -b issue16 /work/wt16 /tmp/cold-src && python -m venv /tmp/cold-venv
    /tmp/cold-venv/bin/python -m pip install /tmp/cold-src
    python benchmarks/cold_start.py --python /tmp/cold-venv/bin/python --repeats 5 --markdown -

``--strip-cache`` measures the same install without the numba cache it shipped with (what a
wheel built with ``PYEVAL_NO_WARM=1``, or before issue 16, installs).  ``--numba-debug-cache``
prints what numba compiled, saved and loaded in the first run of each kind
(``NUMBA_DEBUG_CACHE=1``).  A ``NUMBA_CACHE_DIR`` in the environment is removed for the
children unless ``--keep-env``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyeval._warm import WARM_QUERIES as QUERIES  # one small query of every kind

CHILD = """
import time
t0 = time.perf_counter()
import pyeval
t1 = time.perf_counter()
{imports}
result = {query}
t2 = time.perf_counter()
print("TIMES", t1 - t0, t2 - t0)
"""


def package_dir(python: str) -> Path:
    out = subprocess.run([python, "-c", "import pyeval, os; print(os.path.dirname(pyeval.__file__))"],
                         capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    return Path(out.stdout.strip())


def run_child(python: str, query: str, env: dict) -> tuple[float, float, float, float, str]:
    """(import s, import + query s, whole process s, its CPU s, stderr) of one new process.  The CPU
    time (user + system, all threads) is the figure a busy machine disturbs least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    imports = "import pyeval.caribbean" if "pyeval.caribbean" in query else ""  # a submodule: part of its query
    proc = subprocess.run([python, "-c", CHILD.format(query=query, imports=imports)], capture_output=True, text=True,
                          env=env, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if proc.returncode != 0:
        raise RuntimeError(f"query failed: {query}\n{proc.stderr[-3000:]}")
    line = next(x for x in proc.stdout.splitlines() if x.startswith("TIMES"))
    imp, total = (float(x) for x in line.split()[1:])
    return imp, total, wall, cpu, proc.stderr


def restore(pkg: Path, snapshot: Path) -> None:
    shutil.rmtree(pkg)
    shutil.copytree(snapshot, pkg, symlinks=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--python", default=sys.executable, help="the interpreter of the install to measure")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--kind", action="append", choices=sorted(QUERIES), help="only these kinds (repeatable)")
    ap.add_argument("--strip-cache", action="store_true", help="without the shipped numba cache (*.nbi, *.nbc)")
    ap.add_argument("--numba-debug-cache", action="store_true", help="print numba's cache log of each first run")
    ap.add_argument("--keep-env", action="store_true", help="pass NUMBA_CACHE_DIR through to the children")
    ap.add_argument("--markdown", help="write a markdown table to this file ('-': stdout)")
    args = ap.parse_args(argv)
    env = dict(os.environ)
    if not args.keep_env:
        env.pop("NUMBA_CACHE_DIR", None)
    pkg = package_dir(args.python)
    if (Path(pkg).parent / "pyeval.egg-link").exists() or not os.access(pkg, os.W_OK):
        print(f"note: {pkg} is not a plain writable install", file=sys.stderr)
    kinds = args.kind or list(QUERIES)
    with tempfile.TemporaryDirectory() as tmp:
        original, snapshot = Path(tmp) / "original", Path(tmp) / "measured"
        shutil.copytree(pkg, original, symlinks=True)  # put back at the end, whatever happens
        shutil.copytree(pkg, snapshot, symlinks=True)
        if args.strip_cache:
            for f in [*snapshot.glob("__pycache__/*.nbi"), *snapshot.glob("__pycache__/*.nbc")]:
                f.unlink()
        rows = []
        try:
            for kind in kinds:
                fresh, later = [], []
                for r in range(args.repeats):
                    restore(pkg, snapshot)
                    child_env = dict(env, NUMBA_DEBUG_CACHE="1") if args.numba_debug_cache and r == 0 else env
                    *times, err = run_child(args.python, QUERIES[kind], child_env)
                    if args.numba_debug_cache and r == 0:
                        print(f"--- {kind}: numba cache log\n{err}", file=sys.stderr)
                    fresh.append(times)
                for _ in range(args.repeats):
                    later.append(run_child(args.python, QUERIES[kind], env)[:4])
                row = (kind, *(statistics.median(x[i] for x in fresh) for i in range(4)),
                       *(statistics.median(x[i] for x in later) for i in range(4)))
                rows.append(row)
                print(f"{kind:28s} fresh: import {row[1]:.2f} s, answer {row[2]:.2f} s, process {row[3]:.2f} s, "
                      f"CPU {row[4]:.2f} s | later: import {row[5]:.2f} s, answer {row[6]:.2f} s, "
                      f"process {row[7]:.2f} s, CPU {row[8]:.2f} s", flush=True)
        finally:
            restore(pkg, original)
    if args.markdown:
        load = os.getloadavg()
        stripped = " without its numba cache" if args.strip_cache else ""
        lines = [f"`{args.python}`, {pkg}{stripped}; median of {args.repeats} new processes per cell; load average "
                 f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end",
                 "", "| first query | fresh: import s | fresh: answer s | fresh: process s | fresh: CPU s | "
                 "later: import s | later: answer s | later: process s | later: CPU s |",
                 "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        lines += [f"| {r[0]} | " + " | ".join(f"{x:.2f}" for x in r[1:]) + " |" for r in rows]
        text = "\n".join(lines) + "\n"
        if args.markdown == "-":
            print(text)
        else:
            Path(args.markdown).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
