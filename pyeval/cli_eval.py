"""``pyeval eval``: describe and score one hand with any evaluator."""

from __future__ import annotations

import argparse
import json

from pyeval import evaluate as ev
from pyeval.describe import describe

EVALUATORS = {
    "high": (ev.evaluate_high, "high"),
    "low8": (ev.evaluate_low8, "low8"),
    "razz": (ev.evaluate_razz, "razz"),
    "deuce7": (ev.evaluate_deuce7, "deuce7"),
    "shortdeck": (ev.evaluate_shortdeck, "shortdeck"),
    "badugi": (ev.evaluate_badugi, "badugi"),
}


def run(args: argparse.Namespace) -> int:
    if args.board is not None:
        kind = "omaha-low8" if args.kind == "low8" else "omaha"
        fn = ev.evaluate_omaha_low8 if args.kind == "low8" else ev.evaluate_omaha
        strength = fn(args.hand, args.board)
    else:
        fn, kind = EVALUATORS[args.kind]
        strength = fn(args.hand)
    text = describe(strength, kind=kind)
    if args.json:
        print(json.dumps({"hand": args.hand, "kind": kind, "strength": strength, "description": text}))
    else:
        print(f"{text} (strength {strength})")
    return 0


def register(sub) -> None:
    p = sub.add_parser("eval", help="describe and score a hand", description="Describe and score one hand.")
    p.add_argument("hand", help='cards, e.g. "AsKsQsJsTs" or "As Ks Qs Js Ts"')
    p.add_argument("--kind", choices=sorted(EVALUATORS), default="high", help="evaluator (default: high)")
    p.add_argument("--board", help="Omaha: evaluate HAND as hole cards with exactly 2 + 3 from this board")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)
