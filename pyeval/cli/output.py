"""The command line's one output layer: every subcommand's ``--json``, ``--csv``, ``--out``,
``--plot``, ``--force`` and ``--progress`` go through here (issue 26).

    add_options(parser, plot=...)     the options, with the same words on every subcommand
    check(args)                       paths and optional dependencies, before any work
    watching(args, desc)              the progress bar (and, for Monte Carlo, the partial result)
    emit(args, result, ...)           stdout (one format only), the files, "wrote PATH", exit code

The result objects speak one protocol (``pyeval.core._results.Result``: ``to_dict``,
``to_json``, ``to_csv``), so this layer never needs to know which subcommand it serves.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pyeval.core import _progress
from pyeval.core._results import json_text, require, write_text

__all__ = ["PLOT_FORMATS", "STDOUT", "add_options", "add_progress", "check", "check_path", "emit", "watching"]

STDOUT = "-"
PLOT_FORMATS = (".png", ".svg", ".pdf")
OUT_FORMATS = (".csv", ".json")
"""What ``--out`` writes by default (a subcommand whose result saves more adds ``.npz``)."""
FOLDER_FORMATS = (".parquet",)
"""Outputs that are folders of chunk files written as the work goes (``pyeval strength table``): an
existing one is resumed, not overwritten, so it needs no ``--force``."""


def add_progress(p: argparse.ArgumentParser) -> None:
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar on stderr (default: when stderr is a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")


def add_options(p: argparse.ArgumentParser, *, plot: str | None = None, table: str = "the result's table",
                out: tuple[str, ...] = OUT_FORMATS, progress: bool = True) -> None:
    """The output options, worded alike everywhere.  ``plot``: what ``--plot`` draws (None: the
    subcommand has no plot); ``out``: the extensions ``--out`` takes; ``progress``: whether the
    subcommand can run for seconds (then it takes ``--progress/--no-progress``)."""
    g = p.add_argument_group("output (one of --json, --csv - and --out - on stdout)")
    g.add_argument("--json", action="store_true", help="print the whole result as JSON")
    g.add_argument("--csv", metavar="PATH", help=f"write {table} as CSV (- for stdout)")
    g.add_argument("--out", metavar="PATH",
                   help=f"write the result, in the format of the extension: {', '.join(out)} (- for CSV on stdout)")
    if plot:
        g.add_argument("--plot", metavar="PATH", help=f"{plot} ({', '.join(PLOT_FORMATS)}; needs matplotlib)")
    g.add_argument("--force", action="store_true", help="overwrite output files that exist (else refused)")
    if progress:
        add_progress(p)
    p.set_defaults(out_formats=out, has_output=True, **({} if plot else {"plot": None}),
                   **({} if progress else {"progress": False}))


def check_path(flag: str, path: str, force: bool, formats: tuple[str, ...] | None = None) -> None:
    """Refuse a path that cannot be written, or that exists without ``--force``: before the work,
    so that no result is lost to a typo."""
    p = Path(path)
    if formats and p.suffix.lower() not in formats:
        raise ValueError(f"{flag} {path}: unknown format {p.suffix or '(no extension)'!r}; write "
                         + ", ".join(formats[:-1]) + (" or " if len(formats) > 1 else "") + formats[-1])
    resumable = p.suffix.lower() in FOLDER_FORMATS and (formats is None or p.suffix.lower() in formats)
    if p.is_dir() and not resumable:
        raise ValueError(f"{flag} {path}: is a folder")
    if p.exists() and resumable and not p.is_dir():
        raise ValueError(f"{flag} {path}: is a file, not a folder of chunks")
    folder = p.parent
    if not folder.is_dir():
        raise ValueError(f"{flag} {path}: no folder {str(folder)!r}")
    if p.exists() and not force and not resumable:
        raise ValueError(f"{flag} {path}: exists; add --force to overwrite it")
    if not os.access(folder, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise ValueError(f"{flag} {path}: not writable")


def _files(args: argparse.Namespace) -> list[tuple[str, str]]:
    return [(flag, path) for flag, path in (("--csv", args.csv), ("--out", args.out), ("--plot", args.plot))
            if path and path != STDOUT]


def check(args: argparse.Namespace) -> None:
    """Every output option of a parsed command line, before any work (``pyeval.cli`` calls this
    for every subcommand that has the options)."""
    to_stdout = [flag for flag, on in (("--json", args.json), ("--csv -", args.csv == STDOUT),
                                       ("--out -", args.out == STDOUT)) if on]
    if len(to_stdout) > 1:
        raise ValueError(f"{', '.join(to_stdout)}: only one output can go to stdout; keep one, and write the "
                         "others to files (--csv PATH, --out PATH)")
    if args.plot == STDOUT:
        raise ValueError("--plot writes a picture: give a file name (.png, .svg or .pdf), not -")
    seen: dict[str, str] = {}
    for flag, path in _files(args):
        formats = PLOT_FORMATS if flag == "--plot" else args.out_formats if flag == "--out" else None
        check_path(flag, path, args.force, formats)
        key = os.path.realpath(path)
        if key in seen:
            raise ValueError(f"{seen[key]} and {flag} both write {path}: give each its own file")
        seen[key] = flag
    if args.plot:
        try:
            require("matplotlib", "plot")
        except ImportError as exc:
            raise ValueError(f"--plot needs matplotlib: {exc}") from None


def show_bar(args: argparse.Namespace) -> bool:
    """``--progress``/``--no-progress``, else a bar when stderr is a terminal."""
    progress = getattr(args, "progress", None)
    return sys.stderr.isatty() if progress is None else bool(progress)


@contextmanager
def watching(args: argparse.Namespace, desc: str, keep_partial: bool = False) -> Iterator[_progress.Watch]:
    """The run's progress bar (per ``show_bar``); ``keep_partial``: Ctrl-C during Monte Carlo
    sampling ends the sampling and the call returns the deals so far (``watch.interrupted``)."""
    with _progress.watching(_progress.Watch(bar=show_bar(args), keep_partial=keep_partial, desc=desc)) as watch:
        yield watch


def _csv(result: Any, partial: str | None) -> str:
    head = f"# partial: interrupted, {partial}\n" if partial else ""
    return head + result.to_csv()


def _dict(result: Any, partial: str | None) -> dict:
    d = result.to_dict()
    if partial:
        d["interrupted"] = True
    return d


def write_out(result: Any, path: str, partial: str | None = None) -> list[Path]:
    """``--out PATH``: the result in the format of the extension (``check`` vetted it)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".npz":
        result.save(path)
    else:
        write_text(json_text(_dict(result, partial)) + "\n" if suffix == ".json" else _csv(result, partial), path)
    return [Path(path)]


def emit(args: argparse.Namespace, result: Any, *, text: str | None = None,
         plot: Callable[[str], object] | None = None, partial: str | None = None,
         out: Callable[[Any, str, str | None], list[Path]] = write_out) -> int:
    """Write the files asked for (each whole or not at all, ``pyeval.core.files.replacing``; each
    followed by a "wrote PATH" line on stderr), then stdout:
    JSON, CSV or the result as text (``text``, default ``str(result)``).  ``partial``: the run was
    interrupted (Ctrl-C) and this says how far it got; the output says so and the exit code is 130.
    ``out``: how ``--out`` writes (a subcommand whose result is several files gives its own)."""
    written: list[Path] = []
    if args.csv and args.csv != STDOUT:
        write_text(_csv(result, partial), args.csv)
        written.append(Path(args.csv))
    if args.out and args.out != STDOUT:
        written += out(result, args.out, partial)
    if args.plot:
        if plot is None:
            raise ValueError("--plot draws nothing here")
        plot(args.plot)
        written.append(Path(args.plot))
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    if args.json:
        print(json_text(_dict(result, partial)))
    elif STDOUT in (args.csv, args.out):
        sys.stdout.write(_csv(result, partial))
    else:
        print(str(result) if text is None else text)
    if partial:
        print(f"pyeval: interrupted: {partial}", file=sys.stderr)
        return 130
    return 0
