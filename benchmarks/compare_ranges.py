"""pyeval ranges vs eval7: same queries, same run.

``--per-sample`` (issue 16, item 5): range Monte Carlo time per sample against eval7's
``py_all_hands_vs_range`` (each hero combo against the villain range, Monte Carlo) and
``py_hand_vs_range_monte_carlo``, and against pyeval's numba sampler (the path before
csrc/range_sample.c, same deals), taken in turn in one process, medians of ``--repeats``.
eval7 0.1.11 has no multiway range function: the 3-way rows have no peer.
"""
import argparse
import sys
import time

import eval7
import numpy as np

import pyeval


def t(f, reps=3):
    f()  # warm (numba cache load, lazy tables)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter(); out = f(); times.append(time.perf_counter() - t0)
    return min(times), out

def cards(s): return [eval7.Card(s[i:i+2]) for i in range(0, len(s), 2)]
WIDE = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"


def per_sample(n: int, repeats: int) -> None:
    """ns per sample, medians of repeats taken in turn; ratios to eval7 and to the numba path."""
    from pyeval.engines.range import sampling as range_sampling

    c_sampler = range_sampling._c_sampler
    r20, r30 = str(pyeval.parse_range("20%")), str(pyeval.parse_range("30%"))
    spots = [("hand vs wide range, preflop", "AhKh", WIDE, ""), ("hand vs wide range, flop", "AhKh", WIDE, "2c7dTh"),
             ("narrow vs wide range, preflop", "QQ+,AKs", WIDE, ""),
             ("narrow vs wide range, flop", "QQ+,AKs", WIDE, "2c7dTh"),
             ("20% vs 30%, preflop", r20, r30, ""), ("20% vs 30%, flop", r20, r30, "Kd8c2s"),
             ("3-way QQ+,AKs vs 20% vs 30%, preflop", "QQ+,AKs", r20, ""),
             ("3-way QQ+,AKs vs 20% vs 30%, flop", "QQ+,AKs", r20, "Kd8c2s")]
    print("CPU ns per sample (process CPU time: what the run cost whatever else the machine ran), wall ns in ()")
    print("| spot | eval7 | pyeval C, 1 thread | pyeval numba (old), 1 thread | pyeval C, 2 threads "
          "| eval7 / C, CPU (wall) | numba / C, CPU | C 2 threads: CPU / wall |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, hero, vil, board in spots:
        hands = [hero, vil] if not label.startswith("3-way") else [hero, vil, r30]

        def ours(threads, seed, numba=False):
            if numba:
                range_sampling._c_sampler = lambda deals: None
            try:
                pyeval.equity("holdem", hands, board=board, method="monte-carlo", samples=n, seed=seed,
                              threads=threads)
            finally:
                range_sampling._c_sampler = c_sampler
            return n

        if len(hands) == 2:
            hr, vr = eval7.HandRange(hero), eval7.HandRange(vil)
            if len(hr.hands) == 1:
                def peer():
                    eval7.py_hand_vs_range_monte_carlo(cards(hero), vr, cards(board), n)
                    return n
            else:
                per = max(1, n // len(hr.hands))

                def peer():
                    eval7.py_all_hands_vs_range(hr, vr, cards(board), per)
                    return per * len(hr.hands)
        else:
            peer = None
        runs = {"eval7": peer, "c1": lambda s: ours(1, s), "numba": lambda s: ours(1, s, True),
                "c2": lambda s: ours(2, s)}
        wall: dict = {k: [] for k in runs}
        cpu: dict = {k: [] for k in runs}
        ours(1, 0), ours(1, 0, True)  # warm
        for rep in range(repeats):
            for k, f in runs.items():
                if f is None:
                    continue
                t0, c0 = time.perf_counter(), time.process_time()
                m = f() if k == "eval7" else f(rep)
                wall[k].append((time.perf_counter() - t0) / m * 1e9)
                cpu[k].append((time.process_time() - c0) / m * 1e9)
        w = {k: float(np.median(v)) if v else float("nan") for k, v in wall.items()}
        c = {k: float(np.median(v)) if v else float("nan") for k, v in cpu.items()}
        cells = [f"{c[k]:.0f} ({w[k]:.0f})" if wall[k] else "no peer" for k in ("eval7", "c1", "numba", "c2")]
        vs_peer = f"{c['eval7'] / c['c1']:.2f}x ({w['eval7'] / w['c1']:.2f}x)" if wall["eval7"] else "-"
        print(f"| {label} | {' | '.join(cells)} | {vs_peer} | {c['numba'] / c['c1']:.2f}x | {c['c2'] / w['c2']:.2f} |",
              flush=True)


ap = argparse.ArgumentParser()
ap.add_argument("--per-sample", action="store_true")
ap.add_argument("--n", type=int, default=1_000_000)
ap.add_argument("--repeats", type=int, default=5)
args = ap.parse_args()
if args.per_sample:
    per_sample(args.n, args.repeats)
    sys.exit(0)
N = args.n
rows = []
def row(name, secs, result, note=""):
    rows.append((name, secs, result, note)); print(f"{name:70s} {secs*1000:10.1f} ms  {result}  {note}", flush=True)

for label, hero, vil, board in [("hand vs range, preflop", "AhKh", "QQ+,AJs+,KQs,AKo", ""),
                                ("hand vs range, flop", "AhKh", WIDE, "2c7dTh"),
                                ("hand vs range, turn", "AhKh", WIDE, "2c7dTh3s")]:
    hr = eval7.HandRange(vil)
    s, e = t(lambda: eval7.py_hand_vs_range_monte_carlo(cards(hero), hr, cards(board), N))
    row(f"{label}: eval7 py_hand_vs_range_monte_carlo {N:,}", s, round(e, 4))
    s, r = t(lambda: pyeval.equity("holdem", [hero, vil], board=board, method="exact"))
    row(f"{label}: pyeval exact ({r.extra.get('source','engine')[:5]})", s, round(float(r.equity[0]), 4), f"{r.outcomes:,} outcomes")
    for th in (1, 2):
        s, r = t(lambda: pyeval.equity("holdem", [hero, vil], board=board, method="monte-carlo", samples=N, seed=1, threads=th))
        row(f"{label}: pyeval monte-carlo {N:,}, {th} thread(s)", s, round(float(r.equity[0]), 4), f"± {r.stderr[0]:.4f}")

# river: eval7's exact works only on a complete board
hero, vil, board = "AhKh", WIDE, "2c7dTh3s9d"
hr = eval7.HandRange(vil)
s, e = t(lambda: eval7.py_hand_vs_range_exact(cards(hero), hr, cards(board)), reps=20)
row("hand vs range, river: eval7 py_hand_vs_range_exact", s, round(e, 4))
rng_obj = pyeval.parse_range(vil)
s, r = t(lambda: pyeval.equity("holdem", [hero, rng_obj], board=board, method="exact"), reps=20)
row("hand vs range, river: pyeval exact", s, round(float(r.equity[0]), 4))

# range vs range: eval7 py_all_hands_vs_range (Monte Carlo per hero combo)
for label, hero, vil, board, iters in [("range vs range, preflop", "QQ+,AKs", WIDE, "", 50_000),
                                       ("range vs range, flop", "QQ+,AKs", WIDE, "2c7dTh", 50_000),
                                       ("range vs range, preflop 20% vs 30%", str(pyeval.parse_range("20%")),
                                        str(pyeval.parse_range("30%")), "", 5_000),
                                       ("range vs range, flop 20% vs 30%", str(pyeval.parse_range("20%")),
                                        str(pyeval.parse_range("30%")), "Kd8c2s", 5_000)]:
    h, v = eval7.HandRange(hero), eval7.HandRange(vil)
    s, e = t(lambda: eval7.py_all_hands_vs_range(h, v, cards(board), iters), reps=1)
    total = len(h.hands) * iters
    row(f"{label}: eval7 py_all_hands_vs_range {iters:,}/combo ({total:,})", s, round(float(np.mean(list(e.values()))), 4), "mean over hero combos")
    s, r = t(lambda: pyeval.equity("holdem", [hero, vil], board=board, method="exact"), reps=1)
    row(f"{label}: pyeval exact ({r.extra.get('source','engine')[:5]})", s, round(float(np.nanmean(r.combo_equity[0])), 4), f"mean over hero combos; overall {r.equity[0]:.4f}")
    for th in (1, 2):
        s, r = t(lambda: pyeval.equity("holdem", [hero, vil], board=board, method="monte-carlo", samples=total, seed=1, threads=th), reps=1)
        row(f"{label}: pyeval monte-carlo {total:,}, {th} thread(s)", s, round(float(r.equity[0]), 4), f"overall ± {r.stderr[0]:.4f}")
