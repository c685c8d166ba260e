"""Every street's hand-strength table built end to end with the command, as a user would
(issue 41): ``pyeval strength table STREET [--game GAME] --out DIR.parquet`` under
``/usr/bin/time -v`` (wall, CPU, peak resident memory), then the folder read with pandas, its rows
counted against the street's states, and random rows checked against ``features()`` (preflop,
which features() refuses: every class's EHS against ``pyeval.equity``'s exact count).  Each folder
is deleted once checked.

    python benchmarks/strength_command.py [--games holdem shortdeck] [--streets river turn flop preflop]
        [--check 1000] [--dir /tmp] [--keep]

Run from the repository (the ``pyeval`` command on PATH imports the package found first on
PYTHONPATH, so ``PYTHONPATH=.`` times this tree).  Prints one line a table and the load average;
benchmarks/RESULTS.md keeps them.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HIST_CHECK_COLUMNS = 50  # the command's default bins


def timed_command(argv: list[str]) -> dict[str, float]:
    """Run argv under /usr/bin/time -v: wall and CPU seconds, peak resident MB."""
    proc = subprocess.run(["/usr/bin/time", "-v", *argv], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    err = proc.stderr

    def field(name: str) -> str:
        m = re.search(rf"{re.escape(name)}: (.+)", err)
        assert m, name
        return m.group(1).strip()

    parts = [float(x) for x in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
    wall = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    return {"wall": wall, "user": float(field("User time (seconds)")), "sys": float(field("System time (seconds)")),
            "rss_mb": int(field("Maximum resident set size (kbytes)")) / 1024}


def check_folder(folder: Path, street: str, game: str, n_check: int, rng: np.random.Generator) -> dict[str, float]:
    """Read the folder with pandas, count its rows, check random rows against features()."""
    import pandas as pd
    import pyarrow.parquet as pq

    import pyeval
    from pyeval.strength import cards, deck_states, features, index

    total = deck_states(game)[street]
    rows = sum(pq.ParquetFile(f).metadata.num_rows for f in sorted(folder.glob("*.parquet")))
    wide = total > 20_000_000  # the 52-card river: 10 GB as one frame; read the columns a user would
    t = time.perf_counter()
    frame = pd.read_parquet(folder, columns=["index", "ehs", "ehs2"] if wide else None)
    read = time.perf_counter() - t
    assert rows == total == len(frame), (rows, total, len(frame))
    assert (frame["index"].to_numpy() == np.arange(total)).all(), "rows out of index order"
    if street == "preflop":  # every class's EHS against the exact equity against a random hand
        hole, _ = cards("preflop", np.arange(total), game=game)
        for i, h in enumerate(hole):
            r = pyeval.equity(game, [pyeval.format_cards(h), "random"])
            assert abs(frame["ehs"].iloc[i] - float(r.fractions[0])) < 1e-12, (i, pyeval.format_cards(h))
        return {"read": read, "rows": rows, "checked": total}
    pick = np.sort(rng.choice(total, min(n_check, total), replace=False))
    sample = (pd.read_parquet(folder, filters=[("index", "in", pick.tolist())]) if wide else
              frame.iloc[pick]).reset_index(drop=True)
    assert (sample["index"].to_numpy() == pick).all()
    hole, board = cards(street, pick, game=game)
    f = features(hole, board, bins=HIST_CHECK_COLUMNS, game=game)
    assert (sample["ehs"].to_numpy() == f.ehs).all() and (sample["ehs2"].to_numpy() == f.ehs2).all()
    assert (sample["runouts"].to_numpy() == f.runouts).all()
    for j in range(HIST_CHECK_COLUMNS):
        assert (sample[f"hist_{j}"].to_numpy() == f.counts[:, 22 + j]).all(), j
    assert (index(hole, board, game=game) == pick).all()
    return {"read": read, "rows": rows, "checked": len(pick)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", nargs="+", default=["holdem", "shortdeck"])
    ap.add_argument("--streets", nargs="+", default=["river", "turn", "flop", "preflop"])
    ap.add_argument("--check", type=int, default=1000, help="random rows checked against features() a table")
    ap.add_argument("--dir", default="/tmp", help="where the folders go (the 52-card river is a few GB)")
    ap.add_argument("--keep", action="store_true", help="keep the folders")
    a = ap.parse_args()
    rng = np.random.default_rng(41)
    print(f"{time.strftime('%H:%M:%S', time.gmtime())} UTC, load {os.getloadavg()}, "
          f"free {shutil.disk_usage(a.dir).free / 1e9:.0f} GB in {a.dir}", flush=True)
    totals = {g: {"wall": 0.0, "cpu": 0.0, "rss": 0.0} for g in a.games}
    for game in a.games:
        for street in a.streets:
            folder = Path(a.dir) / f"pyeval-strength-{game}-{street}.parquet"
            shutil.rmtree(folder, ignore_errors=True)
            argv = ["pyeval", "strength", "table", street, "--game", game, "--out", str(folder), "--no-progress"]
            load = os.getloadavg()[0]
            m = timed_command(argv)
            size = sum(f.stat().st_size for f in folder.glob("*.parquet")) / 1e9
            c = check_folder(folder, street, game, a.check, rng)
            cpu = m["user"] + m["sys"]
            totals[game]["wall"] += m["wall"]
            totals[game]["cpu"] += cpu
            totals[game]["rss"] = max(totals[game]["rss"], m["rss_mb"])
            print(f"{' '.join(argv[:-3])} ...: wall {m['wall']:.1f} s, CPU {cpu:.1f} s, peak RSS {m['rss_mb']:.0f} MB, "
                  f"{c['rows']:,} rows in {len(list(folder.glob('*.parquet')))} files, {size:.2f} GB; "
                  f"pandas read {c['read']:.1f} s; {c['checked']:,} rows checked; load {load:.1f} -> "
                  f"{os.getloadavg()[0]:.1f}", flush=True)
            if not a.keep:
                shutil.rmtree(folder)
    for game, t in totals.items():
        print(f"{game}, every street: wall {t['wall']:.0f} s = {t['wall'] / 60:.1f} min, CPU {t['cpu']:.0f} s, "
              f"peak RSS {t['rss']:.0f} MB")
    print(f"{time.strftime('%H:%M:%S', time.gmtime())} UTC, load {os.getloadavg()}", file=sys.stdout)


if __name__ == "__main__":
    main()
