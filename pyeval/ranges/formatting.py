"""Hold'em ranges written compactly (``QQ+,AKs,KQo:0.5``): the text of a Range's combos."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from pyeval.core.cards import RANK_CHARS, format_card
from pyeval.ranges.classes import CLASS_INDEX, CLASS_SIZES, COMBO_CLASS, COMBO_INDEX, HOLDEM_COMBOS, class_combos

if TYPE_CHECKING:
    from pyeval.ranges import Range


def with_weight(token: str, w: float) -> str:
    return token if w == 1 else f"{token}:{w!r}"


def format_holdem(r: Range) -> str:
    idx = COMBO_INDEX[r.combos[:, 0], r.combos[:, 1]]
    groups: dict[float, set[int]] = {}
    for i, w in zip(idx.tolist(), r.weights.tolist()):
        groups.setdefault(w, set()).add(i)
    tokens = []
    for w in sorted(groups, key=lambda x: (x != 1, -x)):
        tokens += [with_weight(t, w) for t in _holdem_tokens(groups[w])]
    return ",".join(tokens)


def _holdem_tokens(present: set[int]) -> list[str]:
    counts = np.bincount(COMBO_CLASS[np.fromiter(present, np.int64, len(present))], minlength=169)
    full = (counts == CLASS_SIZES).tolist()
    used: set[int] = set()
    out: list[str] = []

    def take(name):
        used.update(class_combos(name).tolist())

    # pairs, from aces down
    pairs = [r for r in range(12, -1, -1) if full[CLASS_INDEX[RANK_CHARS[r] * 2]]]
    for run in _runs(pairs):
        top, bottom = run[0], run[-1]
        for r in run:
            take(RANK_CHARS[r] * 2)
        a, b = RANK_CHARS[top] * 2, RANK_CHARS[bottom] * 2
        out.append(f"{b}+" if top == 12 and len(run) > 1 else a if len(run) == 1 else f"{b}-{a}")
    for hi in range(12, 0, -1):
        suited = {lo for lo in range(hi) if full[CLASS_INDEX[RANK_CHARS[hi] + RANK_CHARS[lo] + "s"]]}
        offsuit = {lo for lo in range(hi) if full[CLASS_INDEX[RANK_CHARS[hi] + RANK_CHARS[lo] + "o"]]}
        both = suited & offsuit
        for kind, kickers in (("", both), ("s", suited - both), ("o", offsuit - both)):
            for run in _runs(sorted(kickers, reverse=True)):
                for lo in run:
                    for k in ("s", "o") if kind == "" else (kind,):
                        take(RANK_CHARS[hi] + RANK_CHARS[lo] + k)
                h = RANK_CHARS[hi]
                upper, lower = h + RANK_CHARS[run[0]] + kind, h + RANK_CHARS[run[-1]] + kind
                if len(run) == 1:
                    out.append(upper)
                elif run[0] == hi - 1:
                    out.append(lower + "+")
                else:
                    out.append(f"{upper}-{lower}")
    for i in sorted(present - used):
        a, b = HOLDEM_COMBOS[i]
        out.append(format_card(int(a)) + format_card(int(b)))
    return out


def _runs(ranks_desc: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for r in ranks_desc:
        if runs and runs[-1][-1] == r + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    return runs
