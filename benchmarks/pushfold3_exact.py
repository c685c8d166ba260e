"""Three-handed push/fold: the exact solve (issue 36 item 7) against the code before it, in the
same run: ``python benchmarks/pushfold3_exact.py OLD_CHECKOUT [repeats] [spots]`` (spots: indices
into ``SPOTS``, comma-separated; default all).

Each repeat runs one fresh process per checkout (alternating, the checkout's ``pyeval`` first on
``sys.path``) that loads the three-way tables, then times ``pyeval.pushfold(spot, players=3)``
at each spot; prints per spot the median wall time of each and their ratio, and whether the new
result is exact."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

NEW = Path(__file__).resolve().parents[1]
SPOTS = [([15, 10, 5], [50, 30, 20]), ([15, 10, 5], None), ([10, 10, 10], None), ([10, 10, 10], [50, 30, 20]),
         ([6, 9, 12], None), ([15, 15, 15], None)]

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import pyeval
from pyeval.analysis.pushfold.equities3 import order_probabilities, triple_weights
triple_weights(); order_probabilities()
out = []
for stacks, payouts in json.loads(sys.argv[2]):
    t = time.perf_counter()
    r = pyeval.pushfold(stacks, players=3, payouts=payouts, stacks=[] if payouts else None)
    out.append([time.perf_counter() - t, bool(getattr(r, "exact", False)), r.iterations])
print(json.dumps(out))
"""


def run(root: Path, spots: list) -> list[list]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(root), json.dumps(spots)], capture_output=True,
                          text=True, check=True, cwd=root)
    return json.loads(done.stdout.splitlines()[-1])


def main(old: Path, repeats: int = 3, spots: list | None = None) -> None:
    spots = SPOTS if spots is None else spots
    times: dict[str, list[list[float]]] = {"old": [], "new": []}
    exact: list[bool] = []
    iterations: list[int] = []
    for _ in range(repeats):
        for name, root in (("old", old), ("new", NEW)):
            rows = run(root, spots)
            times[name].append([t for t, _, _ in rows])
            if name == "new":
                exact, iterations = [e for _, e, _ in rows], [n for _, _, n in rows]
    total_old = total_new = 0.0
    for k, (stacks, payouts) in enumerate(spots):
        a = statistics.median(r[k] for r in times["old"])
        b = statistics.median(r[k] for r in times["new"])
        total_old, total_new = total_old + a, total_new + b
        model = "chip EV" if payouts is None else f"ICM {payouts}"
        print(f"{str(stacks):14} {model:18} old {a:6.1f} s  new {b:6.1f} s  ratio {b / a:5.2f}  "
              f"exact {exact[k]} after {iterations[k]} iterations")
    print(f"all: old {total_old:.1f} s, new {total_new:.1f} s, ratio {total_new / total_old:.2f}")


if __name__ == "__main__":
    chosen = [SPOTS[int(k)] for k in sys.argv[3].split(",")] if len(sys.argv) > 3 else None
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 3, chosen)
