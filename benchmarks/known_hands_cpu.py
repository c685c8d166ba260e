"""Known hands preflop, exact, one thread: CPU time per query here and in OMPEval (issue 39).

    python benchmarks/known_hands_cpu.py --ompeval /tmp/ompeval_bench [--base /work/main] [--rounds 5]

On a loaded machine wall clocks measure the queue, not the work: this sibling of random_opponent.py
times CPU seconds instead.  pyeval: time.process_time around ``pyeval.equity`` (median of REPEATS
warm calls a round).  OMPEval: its process's CPU time (rusage) for ``exact 1 + REPEATS`` runs less that
for ``exact 1``, divided by REPEATS (its start-up and tables cancel).  ``--base``: an older tree, same
clock, in its own process.  The table gives the medians over the rounds and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

from random_opponent import KNOWN, ms

REPEATS = 10
SPOTS = KNOWN + [(["AhKh", "QsQd", "7c6c", "2d2h", "JcTc", "9s8s", "AdQc", "5h5c", "KsJd"], "", "")]
OMPEVAL_MOST_HANDS = 6

TIMER = """
import statistics, sys, time, pyeval
hands, board, dead, repeats = sys.argv[1].split(","), sys.argv[2], sys.argv[3], int(sys.argv[4])
pyeval.equity("holdem", hands, board=board, dead=dead, method="exact", threads=1)
times = []
for _ in range(repeats):
    t = time.process_time()
    pyeval.equity("holdem", hands, board=board, dead=dead, method="exact", threads=1)
    times.append(time.process_time() - t)
print(statistics.median(times))
"""


def cpu_of(cmd: list[str]) -> float:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if status:
        raise RuntimeError(f"{cmd} failed")
    return usage.ru_utime + usage.ru_stime


def ompeval_cpu(binary: str, hands: list[str], board: str, dead: str) -> float:
    args = [board or "-", dead or "-", *hands]
    return (cpu_of([binary, "exact", str(1 + REPEATS), *args]) - cpu_of([binary, "exact", "1", *args])) / REPEATS


def pyeval_cpu(tree: str, hands: list[str], board: str, dead: str) -> float:
    out = subprocess.run([sys.executable, "-c", TIMER, ",".join(hands), board, dead, str(REPEATS)], check=True,
                         capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=tree), cwd="/").stdout
    return float(out.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ompeval", required=True)
    ap.add_argument("--base")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print(f"load average before: {os.getloadavg()}")
    ours, theirs, base = ([[] for _ in SPOTS] for _ in range(3))
    for _ in range(args.rounds):
        for i, (hands, board, dead) in enumerate(SPOTS):
            ours[i].append(pyeval_cpu(here, hands, board, dead))
            if len(hands) <= OMPEVAL_MOST_HANDS:
                theirs[i].append(ompeval_cpu(args.ompeval, hands, board, dead))
            if args.base:
                base[i].append(pyeval_cpu(args.base, hands, board, dead))
    print(f"load average after: {os.getloadavg()}\n")
    head = f"| preflop, exact, one thread, CPU ({args.rounds} x {REPEATS}) | pyeval | OMPEval | OMPEval / pyeval |"
    print(head + (" pyeval before | before / now |" if args.base else ""))
    print("| --- | ---: | ---: | ---: |" + (" ---: | ---: |" if args.base else ""))
    for i, (hands, board, dead) in enumerate(SPOTS):
        now = statistics.median(ours[i])
        them = f"{ms(statistics.median(theirs[i]))} | {statistics.median(theirs[i]) / now:.1f}x" if theirs[i] \
            else "(six hands at most) |"
        row = f"| {' vs '.join(hands)}{' on ' + board if board else ''}{', dead ' + dead if dead else ''} | " \
              f"{ms(now)} | {them} |"
        if args.base:
            row += f" {ms(statistics.median(base[i]))} | {statistics.median(base[i]) / now:.1f}x |"
        print(row)


if __name__ == "__main__":
    main()
