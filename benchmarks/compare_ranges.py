"""pyeval ranges vs eval7: same queries, same run."""
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
N = 1_000_000
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
