"""Range queries before and after a change to the range engine (issue 37): the same results, the
same path, no path slower.

    python benchmarks/range_before_after.py record OUT.json      # to_dict() of every query, its path
    python benchmarks/range_before_after.py compare A.json B.json
    python benchmarks/range_before_after.py time OLD_ROOT NEW_ROOT [rounds [words...]]   # alternate rounds, medians

(``PYTHONPATH=.`` from a worktree's root for ``record``: the script's folder is not the package's.)

``record`` runs in whatever ``pyeval`` is imported (``PYTHONPATH=/work/main`` for main's code).  The
path a query takes is seen by wrapping the range engine's path functions (whichever names the code
has), so the record shows the path chosen as well as the answer; a refusal records its message.
``time`` runs ``record``-style timing in a child process per code base, alternating, and prints
each query's median seconds and the ratio new/old.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

QUERIES: list[tuple[str, str, tuple, dict]] = [
    # (name, function, args, kwargs): the function is pyeval.<name> or range_equity
    ("table AA v KK", "equity", ("holdem", ["AA", "KK"]), {"method": "exact"}),
    ("table QQ+,AKs v 15%", "equity", ("holdem", ["QQ+,AKs", "15%"]), {}),
    ("table AKs v random", "equity", ("holdem", ["AKs", "random"]), {}),
    ("table weighted classes", "equity", ("holdem", ["AA:0.5,KK,AKs:0.25", "QQ+:0.75,JJ"]), {}),
    ("assignments 3-way preflop", "equity", ("holdem", ["AA", "KK", "QQ"]), {"method": "exact"}),
    ("assignments hand v range preflop", "equity", ("holdem", ["AhKh", "QQ+"]), {"method": "exact"}),
    ("flop hand v range", "equity", ("holdem", ["AhKh", "QQ+"]), {"board": "Qd7c2h"}),
    ("flop range v range", "equity", ("holdem", ["QQ+,AK", "22-99"]), {"board": "Kd8c2s"}),
    ("flop 3-way ranges", "equity", ("holdem", ["QQ+", "AK", "TT-88"]), {"board": "Kd8c2s"}),
    ("turn range v random", "equity", ("holdem", ["TT+,AQ+", "random"]), {"board": "Kd8c2s5h"}),
    ("river ranges", "equity", ("holdem", ["TT+,AQ+", "20%"]), {"board": "Kd8c2s5h9d"}),
    ("turn dead cards", "equity", ("holdem", ["AK,QQ", "JJ+"]), {"board": "Kd8c2s", "dead": "3h4h"}),
    ("weighted flop", "equity", ("holdem", ["AA:0.5,KK", "QQ:0.25,JJ"]), {"board": "2c7d9h"}),
    ("weights far apart (split)", "equity", ("holdem", ["AA:1e12,KK:1", "QQ:1e12,JJ:1"]), {"board": "2c7d9h"}),
    ("solver text", "equity", ("holdem", ["solver:[50]QQ,JJ[/50],AKs:0.75", "TT+"]), {"board": "Ah9c4d"}),
    ("holdem-hilo ranges", "equity", ("holdem-hilo", ["A2s,A3s", "QQ+"]), {"board": "4h7d9c"}),
    ("partial hand v range", "equity", ("holdem", ["QQ+", "As*", "random"]), {"board": "2c7dTh9s"}),
    ("folded 30%", "equity", ("holdem", ["AhKh", "QQ+"]), {"board": "Qd7c2h", "folded": ["30%"]}),
    ("folded random", "equity", ("holdem", ["AKo", "QQ+"]), {"folded": ["random"], "method": "exact"}),
    ("folded range preflop", "equity", ("holdem", ["AKo", "QQ+"]), {"folded": ["AA,KK"], "method": "exact"}),
    ("folded hand, mc", "equity", ("holdem", ["AKo", "QQ+"]), {"folded": ["JJ"], "samples": 50_000, "seed": 3}),
    ("omaha AAKK v AA**", "equity", ("omaha", ["AAKK", "AA**ds"]), {"board": "Kh7d2c"}),
    ("omaha range v random mc", "equity", ("omaha", ["AA**ds", "random"]), {"samples": 40_000, "seed": 1}),
    ("omaha-hilo ranges", "equity", ("omaha-hilo", ["AA2*", "KKQQ"]), {"board": "3h7d9c", "method": "exact"}),
    ("shortdeck ranges", "equity", ("shortdeck", ["AA,KK", "QQ+,AKs"]), {"board": "9h7d6c"}),
    ("shortdeck preflop", "equity", ("shortdeck", ["AK", "TT"]), {"method": "exact"}),
    ("mc 3-way seed", "equity", ("holdem", ["QQ+", "random", "random"]), {"samples": 20_000, "seed": 1}),
    ("mc stderr target", "equity", ("holdem", ["QQ+", "AK"]), {"stderr_target": 0.01, "seed": 5}),
    ("mc double board", "equity", ("holdem-double-board", ["QQ+", "AK"]), {"samples": 20_000, "seed": 2}),
    ("auto goes mc", "equity", ("holdem", ["random", "random", "QQ+", "AK"]), {"seed": 4, "samples": 20_000}),
    ("exact refused", "equity", ("holdem", ["random", "random", "random", "QQ+", "AK"]), {"method": "exact"}),
    ("exact refused, priced", "equity", ("holdem", ["20%", "20%", "20%"]), {"method": "exact"}),
    ("exact refused omaha", "equity", ("omaha", ["AA**", "KK**", "random"]), {"method": "exact"}),
    ("error: stud range", "equity", ("stud", ["AA,KK", "random"]), {}),
    ("error: empty range", "equity", ("holdem", ["AA", "KK"]), {"board": "AhAsAd"}),
    ("error: duplicate", "equity", ("holdem", ["AhKh", "QQ+"]), {"board": "Ah7c2d"}),
    ("error: too many with folders", "equity", ("holdem", ["AA", "KK"]), {"folded": ["random"] * 9}),
    ("error: contributions", "equity", ("holdem", ["AA", "KK"]), {"contributions": [1, 2]}),
    ("error: folded not a list", "equity", ("holdem", ["AA", "KK"]), {"folded": "QQ"}),
    ("combo_equities exact", "combo_equities", ("holdem", "AA,KK", "QQ"), {"board": "2c7d9h", "method": "exact"}),
    ("combo_equities preflop", "combo_equities", ("holdem", "AK,QQ+", ["15%"]), {}),
    ("combo_equities vs random", "combo_equities", ("holdem", "random", "AA"), {"board": "2c7d9h"}),
    ("combo_equities mc", "combo_equities", ("holdem", "22+,AK", ["QQ+", "random"]), {"samples": 30_000, "seed": 7}),
    ("combo_equities folded", "combo_equities", ("holdem", "AK", "QQ+"), {"folded": ["JJ+"], "method": "exact"}),
    ("combo_equities omaha", "combo_equities", ("omaha", "AAKK", "QQ**"), {"board": "2c7d9h"}),
    ("range_breakdown", "range_breakdown", ("holdem", "AA,KK,AKs", "Kd7h2h"), {}),
    ("range_breakdown hand, dead", "range_breakdown", ("holdem", "AhKh", "Kd7h2h"), {"dead": "3c"}),
    ("range_breakdown random omaha", "range_breakdown", ("omaha", "AAKK,QQJJds", "Kd7h2h5s"), {}),
    ("range_breakdown shortdeck weighted", "range_breakdown", ("shortdeck", "AA:0.5,KK,AKs:0.3", "Kd7h6h"), {}),
    ("error: breakdown duplicate", "range_breakdown", ("holdem", "AA", "Kd7h2h"), {"dead": "Kd"}),
    ("range_breakdown v opp", "range_breakdown", ("holdem", "AA,KK,AKs", "Kd7h2h"), {"opponents": "QQ+,AK"}),
    ("forced table", "range_equity", ("holdem", ["AA,KK", "QQ"]), {"_path": "table"}),
    ("forced sweep", "range_equity", ("holdem", ["AK,QQ", "JJ+"]), {"board": "Kd8c2s", "_path": "sweep"}),
    ("forced assignments", "range_equity", ("holdem", ["AK,QQ", "JJ+"]), {"board": "Kd8c2s", "_path": "assignments"}),
    ("forced board-major", "range_equity", ("holdem", ["AK,QQ", "JJ+"]), {"board": "Kd8c2s", "_path": "board_major"}),
]

PATH_FUNCTIONS = ["table", "sweep", "board_major", "assignments"]


def _watch(paths: list[str]) -> None:
    """Wrap the range engine's path functions (old and new names) to record which ran."""
    from pyeval.engines.range import sampling, spot, weights

    cls = spot.RangeSpot
    for name in PATH_FUNCTIONS:
        for attr in (f"_run_{name}", f"run_{name}"):
            if hasattr(cls, attr):
                setattr(cls, attr, _recording(getattr(cls, attr), name, paths))
    for module, attr, name in ((weights, "run_split", "split"), (weights, "combine_split", "split"),
                               (sampling, "run_monte_carlo", "monte-carlo")):
        if hasattr(module, attr):
            setattr(module, attr, _recording(getattr(module, attr), name, paths))
    try:  # after issue 37 the split's combination is called from the strategies module
        from pyeval.engines.range import strategies
    except ImportError:
        return
    strategies.combine_split = _recording(strategies.combine_split, "split", paths)


def _recording(fn, name, paths):
    def wrapped(*a, **k):
        paths.append(name)
        return fn(*a, **k)

    return wrapped


def _function(name: str):
    import pyeval

    if name == "range_equity":
        from pyeval.engines.range.equity import range_equity

        return range_equity
    return getattr(pyeval, name)


def _solver(x):
    """``"solver:TEXT"``: a Range read from solver text (Range.from_solver)."""
    if isinstance(x, list):
        return [_solver(y) for y in x]
    if isinstance(x, str) and x.startswith("solver:"):
        from pyeval.ranges import Range

        return Range.from_solver(x[len("solver:"):])
    return x


def run(query) -> dict:
    name, fn, args, kwargs = query
    try:
        r = _function(fn)(*map(_solver, args), **kwargs)
    except (ValueError, TypeError, NotImplementedError) as e:
        return {"error": f"{type(e).__name__}: {e}"}
    return {"result": json.loads(r.to_json())}


def record(out: str) -> None:
    paths: list[str] = []
    _watch(paths)
    rows = {}
    for q in QUERIES:
        paths.clear()
        row = run(q)
        row["paths"] = sorted(set(paths))  # the paths that ran (a split runs its parts' paths too)
        rows[q[0]] = row
    with open(out, "w") as f:
        json.dump(rows, f, indent=1, sort_keys=True)


def compare(a: str, b: str) -> int:
    old, new = json.load(open(a)), json.load(open(b))
    bad = 0
    for name in old:
        if old[name] != new.get(name):
            bad += 1
            o, n = old[name], new.get(name) or {}
            print(f"DIFFERENT: {name}: paths {o.get('paths')} -> {n.get('paths')}; error {o.get('error')!r} -> "
                  f"{n.get('error')!r}; result same: {o.get('result') == n.get('result')}")
    print(f"{len(old) - bad} of {len(old)} queries the same (results bit for bit, paths, messages)")
    return 1 if bad else 0


def time_child(repeats: int, only: list[str]) -> None:
    """In a child: each query's best of ``repeats`` warm runs (seconds), as JSON on stdout
    (``only``: the queries whose names hold one of these words, else all)."""
    out = {}
    for q in _chosen(only):
        run(q)  # warm: tables loaded, kernels compiled
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            run(q)
            times.append(time.perf_counter() - t0)
        out[q[0]] = min(times)
    print(json.dumps(out))


def _chosen(only: list[str]) -> list:
    return [q for q in QUERIES if not only or any(w in q[0] for w in only)]


def time_both(old_root: str, new_root: str, rounds: int, only: list[str]) -> None:
    import os

    samples: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for _ in range(rounds):
        for label, root in (("old", old_root), ("new", new_root)):
            env = {**os.environ, "PYTHONPATH": root}
            out = subprocess.run([sys.executable, __file__, "time-child", "3", *only], env=env, cwd=root, check=True,
                                 capture_output=True, text=True).stdout
            for k, v in json.loads(out.splitlines()[-1]).items():
                samples[label].setdefault(k, []).append(v)
    print("| query | old ms | new ms | new/old |\n|---|---:|---:|---:|")
    for name, *_ in _chosen(only):
        o, n = statistics.median(samples["old"][name]), statistics.median(samples["new"][name])
        print(f"| {name} | {o * 1e3:.2f} | {n * 1e3:.2f} | {n / o:.2f} |")


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "record":
        record(sys.argv[2])
    elif cmd == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    elif cmd == "time-child":
        time_child(int(sys.argv[2]), sys.argv[3:])
    elif cmd == "time":
        time_both(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 5, sys.argv[5:])
