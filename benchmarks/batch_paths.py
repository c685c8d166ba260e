"""``equity_batch`` on two trees: the same batches' results (bit for bit) and their times, each
tree in its own process, rounds interleaved (issue 37: the batch's rows priced by the strategy
registry must give the same results, and no batch path may get slower).

    git archive <old commit> | tar -x -C /tmp/base && cp pyeval/_core.abi3.so /tmp/base/pyeval/
    python benchmarks/batch_paths.py /tmp/base . [rounds]

Every batch mixes the shapes a path is chosen for (known hands and random ones, flop to river and
preflop, dead cards, hi/lo, double board, stud and draw streets) with ``method`` exact, auto and
Monte Carlo (a fixed seed).  A result is compared by its ``to_json()`` text (every count and
float); a time is the median over the rounds of one call's CPU time of the calling thread (one
thread: on a loaded machine a long call is preempted, a short one mostly not).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile

BATCHES = [  # name, game, rows of hands, boards (None: none), dead (None), method, samples
    ("hold'em flop, known, exact", "holdem", [["AhKh", "QsQd"], ["7c7d", "AsKd"], ["JcTc", "9h9s"]] * 100,
     ["2c3d4h", "2h8s9d", "QhJd2s"] * 100, None, "exact", None),
    ("hold'em turn 3-way, auto", "holdem", [["AhKh", "QsQd", "8c8d"], ["7c7d", "AsKd", "Tc9c"]] * 100,
     ["2c3d4hKc", "2h8s9dJh"] * 100, None, "auto", None),
    ("hold'em river vs random, auto", "holdem", [["AhKh", "random"], ["7c7d", "random"]] * 200,
     ["2c3d4hKc5s", "2h8s9dJh3c"] * 200, None, "auto", None),
    ("hold'em flop vs random, dead, exact", "holdem", [["AhKh", "random"], ["7c7d", "random"]] * 20,
     ["2c3d4h", "2h8s9d"] * 20, ["Ts", ""] * 20, "exact", None),
    ("hold'em preflop, known, exact", "holdem", [["AhAs", "KdKc"], ["AhKh", "QsQd"], ["7c7d", "AsKd"]] * 4,
     None, None, "exact", None),
    ("hold'em preflop vs random, auto (heavy rows)", "holdem", [["AhKh", "random"]] * 2, None, None, "auto", None),
    ("hold'em flop, two random, auto (sampled rows)", "holdem", [["AhKh", "random", "random"]] * 2,
     ["2c3d4h"] * 2, None, "auto", None),
    ("hold'em flop, Monte Carlo", "holdem", [["AhKh", "QsQd"], ["7c7d", "random"]] * 20, ["2c3d4h"] * 40, None,
     "monte-carlo", 20_000),
    ("Omaha flop, known, exact", "omaha", [["AhKhQdJd", "2c3c4d5d"], ["AsKsTd9d", "7h7c8h8c"]] * 20,
     ["6s8d9h", "2h3s4c"] * 20, None, "exact", None),
    ("Omaha hi/lo turn vs random, auto", "omaha-hilo", [["AhKh2d3d", "random"]] * 10, ["5c6c7dTs"] * 10, None,
     "auto", None),
    ("double-board Omaha turn, exact", "omaha-double-board", [["AhKhQdJd", "2c3c4d5d"]] * 10,
     [["6s8d9hTc", "2h3s4c5h"]] * 10, None, "exact", None),
    ("stud 6th street, heads-up, exact", "stud", [["AhKh2c3d4s5s", "QsQd7c8c9dTd"]] * 20, None, None, "exact", None),
    ("stud hi/lo 5th street, heads-up, auto", "stud-hilo", [["AhKh2c3d4s", "QsQd7c8c9d"]] * 4, None, None, "auto",
     None),
    ("razz 6th street, 3-way, exact", "razz", [["Ah2h3c4d5s6s", "QsQd7c8c9dTd", "2s3s4h5h6h7h"]] * 10, None, None,
     "exact", None),
    ("five-card draw, keep 3 vs 4, exact", "draw5", [["AhAsAd", "KcKdKhQs"]] * 4, None, None, "exact", None),
    ("stud 3rd street 3-way, Monte Carlo", "stud", [["AhKh2c", "QsQd7c", "8h9hTh"]] * 4, None, None, "monte-carlo",
     20_000),
]

RUNNER = r'''
import json, statistics, sys, time, hashlib
import pyeval
batches = json.loads(open(sys.argv[1]).read())
out = []
for name, game, hands, board, dead, method, samples in batches:
    f = lambda: pyeval.equity_batch(game, hands, board=board, dead=dead, method=method, samples=samples, seed=7,
                                    threads=1)
    text = f().to_json()
    t0 = time.thread_time(); f(); t = time.thread_time() - t0
    reps = max(1, min(5, int(1.0 / max(t, 1e-6))))
    ts = [t]
    for _ in range(reps - 1):
        t0 = time.thread_time(); f(); ts.append(time.thread_time() - t0)
    out.append([hashlib.sha256(text.encode()).hexdigest(), statistics.median(ts)])
print(json.dumps(out))
'''


def run(tree: str, spots: str) -> list:
    env = dict(os.environ, PYTHONPATH=tree)
    proc = subprocess.run([sys.executable, "-c", RUNNER, spots], capture_output=True, text=True, env=env, cwd=tree)
    if proc.returncode:
        sys.exit(f"{tree}: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def main() -> None:
    trees = {"before": os.path.abspath(sys.argv[1]), "after": os.path.abspath(sys.argv[2])}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print("load average before:", os.getloadavg())
    digests: dict[str, set] = {k: set() for k in trees}
    times: dict[str, list[list[float]]] = {k: [[] for _ in BATCHES] for k in trees}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(BATCHES, f)
    for _ in range(rounds):
        for k, tree in trees.items():
            for i, (digest, t) in enumerate(run(tree, f.name)):
                digests[k].add((i, digest))
                times[k][i].append(t)
    print("load average after:", os.getloadavg())
    same = digests["before"] == digests["after"]
    print(f"| batch ({rounds} rounds, CPU ms per call) | before | after | after/before | same result |")
    print("| --- | ---: | ---: | ---: | --- |")
    for i, (name, *_rest) in enumerate(BATCHES):
        b, a = statistics.median(times["before"][i]), statistics.median(times["after"][i])
        equal = {d for j, d in digests["before"] if j == i} == {d for j, d in digests["after"] if j == i}
        print(f"| {name} | {b * 1e3:.2f} | {a * 1e3:.2f} | {a / b:.2f} | {'yes' if equal else 'NO'} |")
    print("every result the same:", same)
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
