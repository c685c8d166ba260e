"""C kernels against the numba kernels they replaced, warm, in one process: each call runs with one
set patched into the kernel module, then the other (the order alternates by round; the first round
only warms both), and one markdown row per call gives the medians of CPU time (all threads) and wall
time, the ratio numba / C (above 1: C faster), and whether both gave the same answer.  Used by
benchmarks/deal_kernels.py and benchmarks/sim_kernels.py."""

from __future__ import annotations

import os
import statistics
import time


def print_comparison(module, numba_twins, calls: dict, repeats: int, threads: int, same, what: str = "call") -> None:
    """``calls``: label -> f(threads) returning the answer to compare; ``numba_twins()``: the numba
    kernels under ``module``'s names."""
    c_kernels = {name: getattr(module, name) for name in vars(numba_twins())}
    print(f"| {what} | C: CPU s | C: wall s | numba: CPU s | numba: wall s | numba / C (CPU) | same answer |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for label, call in calls.items():
        runs: dict[str, list] = {"C": [], "numba": []}
        answers = {}
        for r in range(repeats + 1):  # the first round warms both (numba's cache load)
            for impl in ("C", "numba") if r % 2 else ("numba", "C"):
                kernels = c_kernels if impl == "C" else vars(numba_twins())
                for name, fn in kernels.items():
                    setattr(module, name, fn)
                c0, w0 = time.process_time(), time.perf_counter()
                answers[impl] = call(threads)
                if r:
                    runs[impl].append((time.process_time() - c0, time.perf_counter() - w0))
        for name, fn in c_kernels.items():
            setattr(module, name, fn)
        med = {k: [statistics.median(x[i] for x in v) for i in range(2)] for k, v in runs.items()}
        print(f"| {label} | {med['C'][0]:.3f} | {med['C'][1]:.3f} | {med['numba'][0]:.3f} | {med['numba'][1]:.3f} | "
              f"{med['numba'][0] / med['C'][0]:.2f} | {same(answers['C'], answers['numba'])} |", flush=True)
    print(f"\nthreads={threads}, median of {repeats}; load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
