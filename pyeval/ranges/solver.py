"""Weighted hold'em ranges as solvers write them (PioSolver, GTO+): ``hand:weight`` lists.

Reading (``Range.from_solver``): comma-separated (or whitespace-separated) entries, each a hand
class (``AA``, ``AKs``, ``AKo``, ``AK``) or one combo (``AhKh``), with an optional ``:weight``
(a frequency, usually 0..1; the default 1).  A later entry overrides an earlier one for the combos
they share (``AKs:0.5,AhKh:0.25``), as in PioSolver.  Blocks ``[w]...[/w]`` (weights in percent,
the Equilab / Flopzilla form GTO+ also imports) are read too.  Weight 0 drops a combo.

Writing (``Range.to_solver``): each class whose combos all share one weight as the class
(``AKs:0.5``, ``QQ`` for weight 1), the rest combo by combo (``AhKh:0.25``); weights are written
with ``repr`` (the shortest text that reads back to the same float), so
``Range.from_solver(r.to_solver()) == r`` exactly.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS, card_code
from pyeval.core.checks import weight_problem
from pyeval.ranges.classes import CLASS_INDEX, CLASS_MEMBERS, CLASS_NAMES, COMBO_INDEX, HOLDEM_COMBOS
from pyeval.ranges.generic import RangeError

if TYPE_CHECKING:
    from pyeval.ranges import Range

_BLOCK = re.compile(r"\[\s*([0-9.eE+-]+)\s*\](.*?)\[\s*/\s*[0-9.eE+-]*\s*\]", re.S)
_COMBO = re.compile(r"([2-9TJQKA])([cdhs])([2-9TJQKA])([cdhs])", re.I)


def _entry_combos(hand: str, text: str) -> list[int]:
    m = _COMBO.fullmatch(hand)
    if m:
        a, b = card_code(m.group(1) + m.group(2)), card_code(m.group(3) + m.group(4))
        if a != b:
            return [int(COMBO_INDEX[a, b])]
    name = hand[:2].upper() + hand[2:].lower()
    if name in CLASS_INDEX:
        return CLASS_MEMBERS[CLASS_INDEX[name]].tolist()
    if len(name) == 2 and name[0] != name[1] and name + "s" in CLASS_INDEX:
        return CLASS_MEMBERS[CLASS_INDEX[name + "s"]].tolist() + CLASS_MEMBERS[CLASS_INDEX[name + "o"]].tolist()
    if len(name) >= 2 and name[1] + name[0] + name[2:] in CLASS_INDEX:  # KAs
        return _entry_combos(name[1] + name[0] + name[2:], text)
    column = text.find(hand)
    raise RangeError(f"bad solver range entry {hand!r} at column {column + 1} of {text[:60]!r}: expected a hand "
                     "class (AA, AKs, AKo, AK) or a combo (AhKh), with an optional :weight")


def _entries(text: str) -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    pos = 0
    for m in _BLOCK.finditer(text):
        out += _plain_entries(text[pos:m.start()], 1.0, text)
        out += _plain_entries(m.group(2), float(m.group(1)) / 100, text)
        pos = m.end()
    return out + _plain_entries(text[pos:], 1.0, text)


def _plain_entries(chunk: str, default: float, text: str) -> list[tuple[str, float]]:
    out = []
    for entry in filter(None, re.split(r"[,\s]+", chunk)):
        hand, _, weight = entry.partition(":")
        try:
            w = float(weight) if weight else default
        except ValueError:
            raise RangeError(f"bad solver range entry {entry!r}: the weight {weight!r} is not a number") from None
        problem = weight_problem(w)
        if problem:
            raise RangeError(f"bad solver range entry {entry!r}: {problem}")
        out.append((hand, w))
    return out


def from_solver(text: str) -> tuple[np.ndarray, np.ndarray]:
    """The combos (n, 2) and weights of solver range text (``Range.from_solver`` makes the Range)."""
    weights = np.zeros(1326)
    for hand, w in _entries(text):
        weights[_entry_combos(hand, text)] = w
    keep = weights > 0
    if not keep.any():
        raise RangeError(f"the solver range {text[:60]!r} holds no hand")
    return HOLDEM_COMBOS[keep], weights[keep]


def to_solver(r: Range) -> str:
    if r.hole != 2 or r.lowest_card:
        raise ValueError("solver range text is for hold'em ranges (two cards, a 52-card deck)")
    weights = np.zeros(1326)
    weights[COMBO_INDEX[r.combos[:, 0], r.combos[:, 1]]] = r.weights
    out = []
    for k, name in enumerate(CLASS_NAMES):
        members = CLASS_MEMBERS[k]
        w = weights[members]
        if (w == w[0]).all():
            if w[0] > 0:
                out.append(name if w[0] == 1 else f"{name}:{float(w[0])!r}")
            continue
        for i in members[w > 0].tolist():
            a, b = HOLDEM_COMBOS[i]
            combo = f"{RANK_CHARS[a >> 2]}{SUIT_CHARS[a & 3]}{RANK_CHARS[b >> 2]}{SUIT_CHARS[b & 3]}"
            out.append(combo if weights[i] == 1 else f"{combo}:{float(weights[i])!r}")
    return ",".join(out)
