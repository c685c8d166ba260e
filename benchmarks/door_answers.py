"""The answers of the front doors moved onto ``read_spot`` (issue 37): ``next_card``, ``best_keep``,
``simulate``/``deal`` with known cards, and ``allin_ev`` over the PHH files, recorded as
``to_dict()`` (errors as their messages) so that a change can be checked to change nothing.

    python benchmarks/door_answers.py --record /tmp/before.json     # on the old code
    python benchmarks/door_answers.py --compare /tmp/before.json    # on the new code: the differences

Not a unit test: it records the engine against itself, to show a refactoring kept every answer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this checkout's pyeval

import pyeval  # noqa: E402
from pyeval.analysis.next_card import next_card  # noqa: E402
from pyeval.keep import best_keep  # noqa: E402

PHH = "/work/shared/data/phh"


def _calls() -> list[tuple[str, object]]:
    nc = [
        (("holdem", ["AhAs", "KdKc"], "7c8c2d"), {}),
        (("holdem", ["AhAs", "KdKc"], "7c8c2d5h"), {}),
        (("holdem", ["AhKh", "random"], "Qh7d2c"), {}),
        (("holdem", ["AhKh", "random"], "Qh7d2c9s"), {"dead": "2h3h"}),
        (("holdem", ["AhAs", "KdKc", "QsJs"], ""), {}),
        (("holdem", ["AhAs", "QQ+"], "7c8c2d"), {}),
        (("holdem", ["AhAs", "KK,QQ", "random"], "7c8c2d5h"), {}),
        (("omaha", ["AhAsKdKc", "QsJsTs9s"], "2c3d4h"), {}),
        (("shortdeck", ["AhAs", "KdKc"], "7c8c9d"), {}),
        (("holdem-hilo", ["AhKh", "2s3s"], "4c5d9h"), {}) if "holdem-hilo" in pyeval.GAMES else
        (("omaha-hilo", ["AhKh2c3c", "2s3sKdKc"], "4c5d9h"), {}),
        (("holdem", ["AhAs", "AhKd"], "7c8c2d"), {}),  # error: duplicate
        (("holdem", ["AhAs", "KdKc"], "7c8c"), {}),  # error: 2 board cards
        (("holdem", ["AhAs"], "7c8c2d"), {}),  # error: one hand
        (("holdem", ["AhAsKd", "KdKc"], "7c8c2d"), {}),  # error: hole count
        (("shortdeck", ["AhAs", "2d2c"], "7c8c9d"), {}),  # error: not in deck
        (("holdem", ["ah as", "kd kc"], "7c 8c 2d"), {}),  # spaced, lower case
    ]
    bk = [
        (("irish", ["AhAsKdQc", "random"]), {"board": "Ad7c2s", "method": "exact"}),
        (("irish", ["AhAsKdQc", "7c7d"]), {"board": "Ad8c2s"}),
        (("irish", ["AhAsKdQc", "random"]), {"board": "Ad7c2s", "method": "monte-carlo", "samples": 20000,
                                             "seed": 3}),
        (("aviation", ["AhAsKdQc", "7c7d"]), {}),
        (("aviation", ["AhAsKdQc", "random"]), {"samples": 4096, "seed": 5}),
        (("irish", ["random", "AhAsKdQc"]), {"board": "Ad7c2s", "player": 1, "method": "exact"}),
        (("irish", ["AhAsKdQc", "KhKs"]), {"board": "Ad7c2s", "dead": "3c"}),
        (("irish", ["AhAsKdQc", "AhKs"]), {"board": "Ad7c2s"}),  # error: duplicate
        (("irish", ["AhAsKd", "KhKs"]), {"board": "Ad7c2s"}),  # error: hand size
        (("holdem", ["AhAs", "KhKs"]), {}),  # error: no discards
    ]
    sims = [
        ({"game": "holdem", "players": 2, "deals": 20000, "seed": 1, "hands": ["AhAs"], "study": "categories"}),
        ({"game": "holdem", "players": 3, "deals": 20000, "seed": 2, "board": "7c8c2d"}),
        ({"game": "holdem", "players": 2, "deals": 20000, "seed": 3, "dead": "AhAs", "study": "starting-hands"}),
        ({"game": "omaha-hilo", "players": 2, "deals": 10000, "seed": 4, "study": "hilo", "board": "2c3d"}),
        ({"game": "razz", "players": 3, "deals": 10000, "seed": 5, "hands": ["As2s3s"]}),
        ({"game": "holdem", "players": 2, "deals": 100, "seed": 1, "hands": ["AhAs", "AhKd"]}),  # error
        ({"game": "holdem", "players": 2, "deals": 100, "seed": 1, "hands": ["AhAs"], "board": "Ah2c3d"}),  # error
    ]
    out: list[tuple[str, object]] = []
    for args, kw in nc:
        out.append((f"next_card{args}{kw}", lambda a=args, k=kw: next_card(*a, **k).to_dict()))
    for args, kw in bk:
        out.append((f"best_keep{args}{kw}", lambda a=args, k=kw: best_keep(*a, **k).to_list()))
    for kw in sims:
        out.append((f"simulate{kw}", lambda k=kw: _sim_dict(pyeval.simulate(**k, threads=1))))
    out.append(("deal holdem", lambda: _arrays(pyeval.deal("holdem", 3, deals=5, seed=9, board="7c8c",
                                                               hands=["AhAs"]))))
    if os.path.isdir(PHH):
        for name in sorted(os.listdir(PHH)):
            path = os.path.join(PHH, name)
            if name.endswith(".phh") or name in ("wsop",):
                out.append((f"allin_ev {name}", lambda p=path: _ev_dict(pyeval.allin_ev(p))))
        out.append(("allin_ev phh", lambda: _ev_dict(pyeval.allin_ev(PHH))))
        out.append(("allin_ev phh mc", lambda: _ev_dict(pyeval.allin_ev(PHH, method="monte-carlo"))))
        out.append(("allin_ev pluribus/30", lambda: _ev_dict(pyeval.allin_ev(os.path.join(PHH, "pluribus", "30")))))
        out.append(("allin_ev pluribus/30 mc", lambda: _ev_dict(pyeval.allin_ev(os.path.join(PHH, "pluribus", "30"),
                                                                                method="monte-carlo"))))
    return out


def _arrays(d) -> dict:
    return {"hole": d.hole.tolist(), "board": d.board.tolist()}


def _sim_dict(r) -> dict:
    d = r.to_dict()
    d.pop("elapsed", None)
    d.pop("seconds", None)
    return d


def _ev_dict(r) -> dict:
    d = r.to_dict()
    for k in list(d):
        if "seconds" in k or k in ("elapsed", "timing"):
            d.pop(k)
    return d


def _plain(x):
    """JSON-safe, floats as repr so that equal means bit for bit."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return _plain(x.tolist())
    if isinstance(x, (float, np.floating)):
        return repr(float(x))
    if isinstance(x, np.integer):
        return int(x)
    return x


def record() -> dict:
    answers = {}
    for name, call in _calls():
        t = time.perf_counter()
        try:
            answers[name] = {"ok": _plain(call())}
        except (ValueError, TypeError) as e:
            answers[name] = {"error": f"{type(e).__name__}: {e}"}
        print(f"{time.perf_counter() - t:7.2f}s  {name[:100]}", file=sys.stderr)
    return answers


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--record")
    ap.add_argument("--compare")
    a = ap.parse_args()
    answers = record()
    if a.record:
        with open(a.record, "w") as f:
            json.dump(answers, f, indent=0, sort_keys=True)
    if a.compare:
        with open(a.compare) as f:
            before = json.load(f)
        diff = [k for k in before if before[k] != answers.get(k)]
        for k in diff:
            print(f"DIFFERENT {k}\n  before {str(before[k])[:300]}\n  after  {str(answers.get(k))[:300]}")
        print(f"{len(before) - len(diff)} of {len(before)} answers the same")
        return 1 if diff else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
