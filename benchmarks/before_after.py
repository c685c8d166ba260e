"""Before/after in one run: the exact spots of benchmarks/random_opponent.py, Omaha and hi/lo
spots against a random hand, a side-pot spot, and three batch spots, timed in an older tree and
this one, rounds interleaved, each tree in its own process (the median of warm calls, one thread).

    git archive <old commit> | tar -x -C /tmp/base && cp pyeval/_core.abi3.so /tmp/base/pyeval/
    python benchmarks/before_after.py /tmp/base . 5 [cpu]

``cpu``: each call timed in CPU time of the calling thread (every spot runs on one thread), not
wall-clock: on a loaded machine a long call is preempted and a short one mostly not.
"""
import json
import os
import statistics
import subprocess
import sys

TREES = {"before": os.path.abspath(sys.argv[1]), "after": os.path.abspath(sys.argv[2])}
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
CLOCK = "thread_time" if len(sys.argv) > 4 and sys.argv[4] == "cpu" else "perf_counter"
TIMER = r'''
import statistics, sys, time, json, pyeval
import numpy as np
spots = json.loads(sys.argv[1])
clock = getattr(time, sys.argv[2])
out = []
for kind, game, hands, board, dead in spots:
    if kind == "single":
        f = lambda: pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=1)
        reps = 40
    elif kind == "sidepots":
        f = lambda: pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=1,
                                  contributions=[100, 60, 20])
        reps = 40
    else:
        n = 2000
        rows = [hands] * n
        f = lambda: pyeval.equity_batch(game, rows, board=[board] * n, method="exact", threads=1)
        reps = 5
    t0 = clock(); f(); first = clock() - t0
    reps = max(3, min(reps, int(0.5 / max(first, 1e-6))))
    ts = []
    for _ in range(reps):
        t = clock(); f(); ts.append(clock() - t)
    out.append(statistics.median(ts) / (n if kind == "batch" else 1))
print(json.dumps(out))
'''
SPOTS = [
 ("single", "holdem", ["AhKh", "random"], "Qh7d2c", ""),
 ("single", "holdem", ["KhQh", "random"], "As8d3c", ""),
 ("single", "holdem", ["AhKh", "QsQd", "random"], "Jh7d2c", ""),
 ("single", "holdem", ["AhKh", "random"], "Qh7d2c5s", ""),
 ("single", "holdem", ["AhKh", "QsQd"], "Jh7d2c", ""),
 ("single", "holdem", ["AhKh", "QsQd"], "Jh7d2c5s", ""),
 ("single", "holdem", ["AhKh", "QsQd", "7c6c"], "", ""),
 ("single", "omaha-hilo", ["As2sKdQd", "AhKh3c4c"], "5s6d7h", ""),
 ("single", "holdem", ["AhKh", "random"], "", ""),
 ("single", "holdem", ["AhKh", "random"], "", "2c"),
 ("single", "omaha", ["AsKsQdJd", "random"], "2s7h9cTd", ""),
 ("single", "omaha-hilo", ["As2sKdQd", "random"], "5s6d7hKc", ""),
 ("single", "holdem-hilo", ["AhKh", "random"], "Qh7d2c", ""),
 ("sidepots", "holdem", ["AhKh", "QsQd", "7c7d"], "Jh7h2c", ""),
 ("single", "stud", ["AhKhQh9c2d3s", "7c7d8s9s2h3h"], "", ""),
 ("single", "stud-hilo", ["AhKh3c4d5s9h", "2c2d2h9s9c7h"], "", ""),
 ("single", "razz", ["Ah2c3d4s5h9d", "7c8c9c2h3h6s", "KdKcQh6dThTs"], "", ""),
 ("single", "draw-deuce7", ["2c3d4h", "7s5d6c8h"], "", ""),
 ("batch", "holdem", ["AhKh", "random"], "Qh7d2c", ""),
 ("batch", "holdem", ["AhKh", "QsQd"], "Jh7d2c5s", ""),
 ("batch", "holdem", ["AhKh", "QsQd", "random"], "Jh7d2c5s", ""),
]


def main() -> None:
    res: dict[str, list[list[float]]] = {k: [[] for _ in SPOTS] for k in TREES}
    print("load average before:", os.getloadavg())
    for _ in range(ROUNDS):
        for k, tree in TREES.items():
            env = dict(os.environ, PYTHONPATH=tree)
            o = subprocess.run([sys.executable, "-c", TIMER, json.dumps(SPOTS), CLOCK], capture_output=True, text=True,
                               env=env, cwd="/")
            if o.returncode:
                print(o.stderr[-2000:])
                sys.exit(1)
            for i, t in enumerate(json.loads(o.stdout)):
                res[k][i].append(t)
    print("load average after:", os.getloadavg())
    clock = "CPU time" if CLOCK == "thread_time" else "wall-clock"
    print(f"| spot ({ROUNDS} rounds, median of warm calls, one thread, {clock}) | before | after | after / before |")
    print("| --- | ---: | ---: | ---: |")
    for i, (kind, game, hands, board, _) in enumerate(SPOTS):
        b, a = statistics.median(res["before"][i]), statistics.median(res["after"][i])
        name = f"{kind}: {game} {' '.join(hands)} / {board or 'preflop'}" + (" (per row)" if kind == "batch" else "")
        print(f"| {name} | {b*1e6:,.1f} us | {a*1e6:,.1f} us | {a/b:.2f} |")


if __name__ == "__main__":
    main()
