"""The ``pyeval`` command line.

    pyeval eval "AsKsQsJsTs"               describe and score a hand, show the five cards it plays
    pyeval eval --kind low8 "8s6d4h2cAs"   any evaluator (high, low8, razz, deuce7, shortdeck, badugi)
    pyeval equity holdem AhAs KdKc         equity of a showdown (see ``pyeval equity --help``)
    pyeval simulate holdem --players 6     studies over millions of random deals
    pyeval caribbean AsKd7c5h2d --dealer Qs

Every subcommand takes the output options of ``pyeval.cli.output`` (``--json``, ``--csv``,
``--out``, ``--force``; ``--plot`` where it draws; ``--progress`` where it can run for seconds).
Bad input ends with a one-line ``pyeval: error: ...`` and exit code 2 (argument errors:
``pyeval SUBCOMMAND: error: ...`` and a pointer to ``--help``); an output that cannot be written (a full
disk, ``> /dev/full``) too, and an old file is kept whole (``pyeval.core.files``); Ctrl-C with exit code
130; a closed output pipe (``| head``) quietly, with exit code 141 (128 + SIGPIPE, as a shell reports it).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from typing import NoReturn

from pyeval._version import __version__
from pyeval.cli import output
from pyeval.core.cards import parse_cards

# Subcommand modules: each exposes ``register(subparsers)``.
SUBCOMMANDS = ["pyeval.cli.evaluate", "pyeval.cli.equity", "pyeval.cli.caribbean", "pyeval.cli.simulate",
               "pyeval.cli.analysis", "pyeval.cli.flops", "pyeval.cli.pushfold", "pyeval.cli.history",
               "pyeval.cli.strength"]

# The library's argument names in its messages, and the command line's words for them.
_CLI_WORDS = [
    (re.compile(r"method='monte-carlo' \(with samples= or stderr_target=\)"), "--samples N or --stderr X"),
    (re.compile(r"method='monte-carlo'(?: \(samples=\))?"), "--samples N (Monte Carlo)"),
    (re.compile(r"method='exact'"), "--exact"),
    (re.compile(r"\bstderr_target\b=?"), "--stderr"),
    (re.compile(r"\bsamples=(?=\s|$|,)|\bsamples(?= must)"), "--samples"),
    (re.compile(r"\b(seed|threads|players|deals)(?= must)"), r"--\1"),
    (re.compile(r"\bsamples=(?=\d)"), "--samples "),
    (re.compile(r" \(pyeval\.query\.limits\.MAX_SAMPLES\)"), ""),
    (re.compile(r"\bpyeval\.equity\b"), "pyeval equity"),
]


def cli_words(message: str) -> str:
    """A library message in the command line's words (``samples=`` -> ``--samples``)."""
    for pattern, words in _CLI_WORDS:
        message = pattern.sub(words, message)
    return message


def _one_card(word: str) -> bool:
    try:
        return len(parse_cards(word)) == 1
    except (ValueError, TypeError):
        return False


def unquoted(argv: list[str], option: str) -> list[str]:
    """Single cards right after ``option``'s value: a board typed without quotes
    (``--board Jh Th 2c``), whose other cards were read as hands."""
    for i, word in enumerate(argv[:-1]):
        if word == option:
            rest = []
            for w in argv[i + 2:]:
                if w.startswith("-") or not _one_card(w):
                    break
                rest.append(w)
            return rest
    return []


def check_quoted(args: argparse.Namespace, options: tuple[str, ...] = ("--board", "--dead")) -> None:
    """A usage error with a hint to quote, for an option whose cards were typed as several words."""
    for option in options:
        value = getattr(args, option.lstrip("-"), None)
        rest = unquoted(getattr(args, "argv", []), option) if isinstance(value, str) else []
        if rest:
            args.parser.error(f"{option} takes one word: quote its cards, e.g. {option} "
                              f"\"{' '.join([str(value), *rest])}\" ({' '.join(rest)} were read as other arguments)")


class Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors: ``pyeval SUBCOMMAND: error: ...`` and where the usage
    is (``--help``), exit code 2 (subcommands get this class too: argparse makes them alike)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {cli_words(message)}; see {self.prog} --help\n")


def build_parser() -> argparse.ArgumentParser:
    from pyeval.cli.help import games_help

    parser = Parser(
        prog="pyeval", description="Poker hand evaluation and equity.",
        epilog="examples:\n"
               "  pyeval eval AhKh --board QhJhTh2c3d\n"
               "  pyeval equity holdem AhAs KdKc\n"
               "  pyeval equity omaha-hilo As2sKdQd AhKh3c4c --board 5s6d7h --exact\n"
               "  pyeval simulate holdem --players 6 --deals 10M --out hands.csv\n"
               "  pyeval caribbean AsKd7c5h2d --dealer Qs\n"
               "Each subcommand has its own help: pyeval equity --help.\n\n" + games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"pyeval {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    for p in sub.choices.values():
        p.set_defaults(parser=p)  # a subcommand's own usage errors: args.parser.error(...)
    return parser


def _quiet_broken_pipe() -> int:
    """The reader went away (``| head``): no traceback, no further writes."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush goes nowhere
    except (OSError, ValueError):
        pass
    return 141


def main(argv: list[str] | None = None) -> int:
    """The ``pyeval`` command: its exit status.  Ctrl-C at any point after this module loaded (while the
    subcommands load, too) ends it with status 130 and one line, no traceback."""
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return 130


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    args, extra = parser.parse_known_args(argv)
    args.argv = argv
    if extra:  # in the subcommand's words: its usage, and a hint when a board was not quoted
        sub = getattr(args, "parser", parser)
        if sub is not parser:
            check_quoted(args)
        sub.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        if getattr(args, "has_output", False):
            output.check(args)  # paths and optional dependencies, before any work
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, inside the handlers below
        return code
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full): one line, no traceback
        if exc.filename is not None:  # a file named on the command line (--csv, --plot, --out)
            print(f"pyeval: error: cannot write {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"pyeval: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        _quiet_broken_pipe()  # the interpreter's last flush of the same stdout must not fail again
        return 2
    except (ValueError, TypeError, OverflowError) as exc:
        print(f"pyeval: error: {cli_words(str(exc))}", file=sys.stderr)
        return 2
    except ImportError as exc:  # an optional dependency (its message names the extra that installs it)
        print(f"pyeval: error: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print("pyeval: error: out of memory (ask for less: fewer players or samples, or Monte Carlo)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
