"""``pyeval simulate``: ready studies over millions of random deals.

    pyeval simulate holdem --players 6 --deals 100M --study starting-hands --out table.csv
    pyeval simulate omaha-hilo --players 4 --deals 10M --study hilo --study categories --out hilo.npz
    pyeval simulate holdem --players 9 --deals 1G --seed 7 --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pyeval.cli import check_quoted, output
from pyeval.cli.equity import non_negative_int, parse_count, positive_int
from pyeval.cli.help import games_help
from pyeval.core._results import install_hint, write_text
from pyeval.sim.simulate import STUDIES, make_plan, simulate, table_names

SCHEDULER_TIMEOUT = 10.0
"""Seconds ``--scheduler`` waits for the Dask scheduler to answer."""
OUT_FORMATS = (".csv", ".json", ".npz")


def connect_scheduler(address: str):
    """A Dask client of the scheduler at ``address`` (``--scheduler``), or a ValueError saying why not."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError(f"--scheduler needs Dask: {install_hint('dask')}") from None
    try:
        return Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise ValueError(f"--scheduler {address}: no Dask scheduler answered within {SCHEDULER_TIMEOUT:g} s "
                         f"({type(exc).__name__}: {exc})") from None


def _targets(names: list[str], out: str) -> list[Path]:
    """The files --out writes: one file, or with .csv one per table (the first at PATH, the
    others beside it as NAME.TABLE.csv)."""
    path = Path(out)
    if path.suffix.lower() != ".csv":
        return [path]
    return [path if i == 0 else path.with_name(f"{path.stem}.{name}{path.suffix}") for i, name in enumerate(names)]


def _write(result, out: str, partial: str | None) -> list[Path]:
    """``--out``: with .csv a CSV per table, else as every result does."""
    if Path(out).suffix.lower() != ".csv":
        return output.write_out(result, out, partial)
    head = f"# partial: interrupted, {partial}\n" if partial else ""
    targets = _targets(list(result.tables), out)
    for target, name in zip(targets, result.tables):
        write_text(head + result.csv(name), target)
    return targets


def run(args: argparse.Namespace) -> int:
    check_quoted(args)
    if args.out and args.out != output.STDOUT:  # the other tables' files too, before the run
        plan = make_plan(args.game, args.players, args.deals, args.seed, args.study, args.board or "",
                         args.dead or "", args.hands)
        for path in _targets(table_names(plan), args.out)[1:]:
            output.check_path("--out", str(path), args.force)
    client = connect_scheduler(args.scheduler) if args.scheduler else None
    try:
        r = simulate(args.game, args.players, args.deals, seed=args.seed, study=args.study,
                     board=args.board or "", dead=args.dead or "", hands=args.hands, threads=args.threads,
                     progress=output.show_bar(args), client=client)
    finally:
        if client is not None:
            client.close()
    partial = f"{r.outcomes:,} of {r.requested:,} deals (seed {r.seed})" if r.interrupted else None
    text = (f"{r}\n{r.outcomes:,} deals in {r.elapsed:.2f} s ({r.deals_per_second / 1e6:.2f} M deals/s), "
            f"seed {r.seed}")
    return output.emit(args, r, text=text, partial=partial, out=_write)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate", help="simulate millions of deals: starting hands, hand categories, hi/lo",
        description="Deal random deals and run ready studies, on all cores (or a Dask cluster), in bounded "
                    "memory. Studies: " + ", ".join(STUDIES) + " (default: starting-hands in board games, "
                    "categories in stud and draw games).",
        epilog="Ctrl-C stops cleanly and writes what finished (a CSV then starts with a '# partial' line). "
               "The same --seed gives the same tables for any "
               "thread count and on a cluster.\n\nexamples:\n"
               "  pyeval simulate holdem --players 6 --deals 100M --out hands.csv\n"
               "  pyeval simulate omaha-hilo --players 4 --deals 10M --study hilo --study categories --out hilo.npz\n"
               "  pyeval simulate razz --players 4 --deals 1M --json\n"
               "  pyeval simulate holdem --players 2 --hands AsAh --board \"Kd 8c 2s\"\n\n" + games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="game name or alias (list below)")
    p.add_argument("--players", type=positive_int, default=6, help="players dealt in (default 6)")
    p.add_argument("--deals", type=parse_count, default=10_000_000, help="deals, e.g. 100M (default 10M)")
    p.add_argument("--study", action="append", choices=list(STUDIES) + ["hands", "hi-lo"],
                   help="study to run (repeat for several; default: starting-hands in board games, categories in stud "
                        "and draw games)")
    p.add_argument("--seed", type=non_negative_int, help="seed (default: a random one, printed)")
    p.add_argument("--board", help="known board cards")
    p.add_argument("--dead", help="dead cards")
    p.add_argument("--hands", nargs="+", help="known hands, one per player (random for an unknown one)")
    p.add_argument("--threads", type=positive_int, help="worker threads (default: all cores)")
    p.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786): run the chunks on the cluster")
    output.add_options(p, table="the first table", out=OUT_FORMATS)
    p.set_defaults(func=run)
