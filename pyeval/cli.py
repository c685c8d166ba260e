"""The ``pyeval`` command line.

    pyeval eval "AsKsQsJsTs"               describe and score a hand
    pyeval eval --kind low8 "8s6d4h2cAs"   any evaluator (high, low8, razz, deuce7, shortdeck, badugi)
    pyeval equity holdem AhAs KdKc         equity of a showdown (see ``pyeval equity --help``)
    pyeval caribbean AsKd7c5h2d --dealer Qs
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Subcommand modules: each exposes ``register(subparsers)``.
SUBCOMMANDS = ["pyeval.cli_eval", "pyeval.cli_equity", "pyeval.cli_caribbean", "pyeval.cli_simulate"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyeval", description="Poker hand evaluation and equity.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (ValueError, TypeError) as exc:
        print(f"pyeval: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
