"""Time pyeval's batch evaluators against peer libraries on the same hands.

Usage (from the repository root)::

    python benchmarks/compare_peers.py                      # high7, 1M hands
    python benchmarks/compare_peers.py --kind all --markdown benchmarks/results.md
    python benchmarks/compare_peers.py --kind omaha --n 200000 --n-slow 2000

Everything runs in one process, pinned to one CPU (``--cpu``), on hands drawn
once per kind (seeded, distinct cards per hand).  pyeval evaluates the whole
batch in one call; each peer is called per hand (or, for poker-equity, as one
batch of card strings) on the first ``--n-peer`` hands, ``--n-slow`` for the
pure-Python peers (treys, pokerkit).  Card conversion to each peer's objects
happens once, untimed.  Each timing is the median of ``--repeats`` runs with
the garbage collector off, after one small warm-up run.  The ratio column is
pyeval's hands/s over the peer's, measured in the same run.

Unless ``--verify 0``, every evaluator's output on the first ``--verify``
hands is checked for the same ordering (every pairwise win/tie/loss agrees)
as pyeval's; with ``--oracle`` also against the brute-force reference in
tests/reference.py (slow, pure Python: keep ``--verify`` in the thousands).
Peers that are not installed are skipped with a note.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import peers  # benchmarks/ is sys.path[0] when run as a script

HERE = Path(__file__).resolve().parent

ALL_KINDS = list(peers.KINDS)


def pin_to_cpu(cpu: int) -> str:
    if cpu < 0 or not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def time_median(run, prepared, repeats: int) -> tuple[float, list[float], object]:
    times = []
    result = None
    for _ in range(repeats):
        result = None
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            result = run(prepared)
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return statistics.median(times), times, result


def oracle_keys(kind: str, arrays: tuple[np.ndarray, ...]) -> np.ndarray:
    """Brute-force reference keys from tests/reference.py, densified to ints."""
    sys.path.insert(0, str(HERE.parent / "tests"))
    import reference as ref

    if kind in peers.OMAHA_KINDS:
        fn = ref.omaha_high_key if kind == "omaha" else ref.omaha_low8_key
        raw = [fn(h, b) for h, b in zip(arrays[0].tolist(), arrays[1].tolist(), strict=True)]
    else:
        fn = {
            "low8": ref.low8_key,
            "razz": ref.razz_key,
            "deuce7": ref.deuce7_key,
            "badugi": ref.badugi_key,
        }.get(kind, ref.high_key)
        raw = [fn(row) for row in arrays[0].tolist()]
    index = {k: i + 1 for i, k in enumerate(sorted({k for k in raw if k is not None}))}
    return np.array([0 if k is None else index[k] for k in raw], dtype=np.int64)


def check(keys: np.ndarray, against: np.ndarray | None) -> str:
    if against is None:
        return "-"
    m = min(len(keys), len(against))
    bad = peers.orderings_agree(against[:m], keys[:m])
    return f"ok ({m:,})" if bad == 0 else f"MISMATCH: {bad} of {m:,}"


def bench_kind(kind: str, args) -> dict:
    arrays = peers.make_inputs(kind, args.n, seed=args.seed, cards=args.cards)
    shape = " + ".join(f"({a.shape[0]:,}, {a.shape[1]})" for a in arrays)
    print(
        f"\n== {kind}: {peers.KINDS[kind][1]}, input {shape} uint8, seed {args.seed}",
        flush=True,
    )

    n_verify = min(args.verify, args.n)
    oracle = None
    if args.oracle and n_verify:
        t0 = time.perf_counter()
        oracle = oracle_keys(kind, tuple(a[:n_verify] for a in arrays))
        print(
            f"   reference keys for {n_verify:,} hands in {time.perf_counter() - t0:.1f}s",
            flush=True,
        )

    rows = []
    notes = []
    cases = []
    py_case, py_note = peers.pyeval_case(kind)
    if py_case is None:
        notes.append(py_note)
    else:
        cases.append((py_case, py_note, args.n))
    for peer in peers.PEERS:
        if kind not in peer.kinds:
            continue
        ok, note = peer.available()
        if not ok:
            notes.append(note)
            continue
        n_p = min(args.n, args.n_slow if peer.slow else (args.n_peer or args.n))
        cases.append((peer.case(kind), note, n_p))

    py_keys = None
    py_rate = None
    for case, note, n_c in cases:
        sub = tuple(a[:n_c] for a in arrays)
        try:
            prepared = case.prepare(*sub)
            case.run(case.prepare(*(a[: min(1000, n_c)] for a in arrays)))  # warm-up
            med, times, result = time_median(case.run, prepared, args.repeats)
        except peers.Unsupported as exc:
            notes.append(f"{case.name}: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001 - report and go on with the others
            notes.append(f"{case.name}: failed ({type(exc).__name__}: {exc})")
            continue
        del prepared
        keys = case.keys(result[:n_verify]) if n_verify else None
        if case.name == "pyeval":
            py_keys, py_rate = keys, n_c / med
        rate = n_c / med
        row = {
            "evaluator": note,
            "how": case.how,
            "hands": n_c,
            "median_s": med,
            "spread": (min(times), max(times)),
            "rate": rate,
            "vs_pyeval": "-" if case.name == "pyeval" else check(keys, py_keys),
            "vs_reference": check(keys, oracle),
        }
        rows.append(row)
        ratio = f"pyeval {py_rate / rate:8.1f}x" if py_rate and case.name != "pyeval" else " " * 16
        print(
            f"   {note:<22} {n_c:>10,} hands  median {med:9.4f}s  {fmt_rate(rate):>8} hands/s  {ratio}  "
            f"[order vs pyeval {row['vs_pyeval']}, vs reference {row['vs_reference']}]",
            flush=True,
        )
    for row in rows:
        is_pyeval = row["evaluator"].startswith("pyeval")
        row["ratio"] = py_rate / row["rate"] if py_rate and not is_pyeval else None
    for note in notes:
        print(f"   skipped: {note}", flush=True)
    return {"kind": kind, "shape": shape, "rows": rows, "notes": notes}


def fmt_rate(rate: float) -> str:
    return f"{rate / 1e6:.2f} M" if rate >= 1e5 else f"{rate / 1e3:.2f} k"


def markdown(results: list[dict], args, header: str) -> str:
    out = [header, "", "| kind | pyeval hands/s | fastest peer | its hands/s | pyeval / fastest peer |"]
    out.append("| --- | ---: | --- | ---: | ---: |")
    for res in results:
        py = [r for r in res["rows"] if r["evaluator"].startswith("pyeval")]
        others = [r for r in res["rows"] if not r["evaluator"].startswith("pyeval")]
        best = max(others, key=lambda r: r["rate"], default=None)
        py_rate = fmt_rate(py[0]["rate"]) if py else "-"
        best_name = best["evaluator"] if best else "-"
        best_rate = fmt_rate(best["rate"]) if best else "-"
        ratio = f"{best['ratio']:,.1f}x" if best and best["ratio"] else "-"
        out.append(f"| {res['kind']} | {py_rate} | {best_name} | {best_rate} | {ratio} |")
    out.append("")
    for res in results:
        out.append(f"### {res['kind']} ({peers.KINDS[res['kind']][1]}; input {res['shape']})")
        out.append("")
        out.append(
            "| evaluator | call timed | hands | median s | best s | hands/s | pyeval / this | order vs pyeval |"
            + (" order vs reference |" if args.oracle else "")
        )
        out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |" + (" --- |" if args.oracle else ""))
        for r in res["rows"]:
            ratio = "-" if r["ratio"] is None else f"{r['ratio']:,.1f}x"
            line = (
                f"| {r['evaluator']} | {r['how']} | {r['hands']:,} | {r['median_s']:.4f} | {r['spread'][0]:.4f} | "
                f"{fmt_rate(r['rate'])} | {ratio} | {r['vs_pyeval']} |"
            )
            if args.oracle:
                line += f" {r['vs_reference']} |"
            out.append(line)
        for note in res["notes"]:
            out.append(f"\nSkipped: {note}")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--kind",
        action="append",
        choices=[*ALL_KINDS, "all"],
        help="what to evaluate (repeatable; default high7)",
    )
    ap.add_argument(
        "--n",
        type=int,
        default=1_000_000,
        help="hands in pyeval's batch (default 1,000,000)",
    )
    ap.add_argument(
        "--n-peer",
        type=int,
        default=None,
        help="hands for the C/Rust peers (default: --n)",
    )
    ap.add_argument(
        "--n-slow",
        type=int,
        default=5_000,
        help="hands for the pure-Python peers treys and pokerkit (default 5,000)",
    )
    ap.add_argument(
        "--repeats",
        type=int,
        default=5,
        help="timed runs per evaluator; the median is reported",
    )
    ap.add_argument(
        "--cards",
        type=int,
        default=None,
        help="cards per hand for low8/razz/deuce7 (5..7; defaults 7, 7, 5)",
    )
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument(
        "--verify",
        type=int,
        default=5_000,
        help="hands checked for ordering agreement (0 = off)",
    )
    ap.add_argument(
        "--oracle",
        action="store_true",
        help="also check against tests/reference.py (slow)",
    )
    ap.add_argument("--cpu", type=int, default=0, help="CPU to pin to (-1: do not pin)")
    ap.add_argument(
        "--markdown",
        metavar="PATH",
        help="write the tables as markdown ('-' for stdout)",
    )
    args = ap.parse_args(argv)
    # single-threaded peers: set before any of them is imported (they are
    # imported lazily, by peers.Peer.case)
    for var in ("RAYON_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(var, "1")

    kinds = args.kind or ["high7"]
    if "all" in kinds:
        kinds = ALL_KINDS
    pinned = pin_to_cpu(args.cpu)
    header = (
        f"Machine: {cpu_model()}, {os.cpu_count()} CPUs, {pinned}; Python {platform.python_version()}, "
        f"numpy {np.__version__}; load average {os.getloadavg()[0]:.2f}; "
        f"--n {args.n:,} --n-peer {args.n_peer or args.n:,} --n-slow {args.n_slow:,} "
        f"--repeats {args.repeats} --seed {args.seed}"
    )
    print(header)
    results = [bench_kind(kind, args) for kind in dict.fromkeys(kinds)]
    if args.markdown:
        text = markdown(results, args, header)
        if args.markdown == "-":
            print()
            print(text)
        else:
            Path(args.markdown).write_text(text + "\n")
            print(f"\nwrote {args.markdown}")
    mismatches = [
        r
        for res in results
        for r in res["rows"]
        if r["vs_pyeval"].startswith("MISMATCH") or r["vs_reference"].startswith("MISMATCH")
    ]
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
