"""Hand generation and thin adapters around peer evaluators, for benchmarks.

Every adapter converts pyeval's card codes (``code = 4 * rank + suit``, rank
0 = deuce .. 12 = ace, suits c, d, h, s = 0..3, see docs/DESIGN.md) into the
peer's own card objects ONCE, in ``prepare``, outside any timing; ``run`` is
then the peer's fastest Python path over the whole prepared sample, and
``keys`` turns what ``run`` returned into an int64 array where a bigger key is
a better hand and equal keys are a tie (so it can be checked against pyeval
with :func:`orderings_agree`).

Peers (all optional, ``pip install pyeval[bench]``):

* phevaluator: ``phevaluator._pheval.evaluate_{5,6,7}cards`` and
  ``evaluate_omaha_cards`` (its C functions, called per hand).  Card ids are
  ``rank * 4 + suit`` with rank 0 = deuce and suits c, d, h, s = 0..3, i.e.
  the same integers as ours.  It returns 1..7462 with 1 = royal flush.
* eval7: ``eval7.evaluate`` on a list of ``eval7.Card``, per hand.  Higher
  is better (not dense).
* treys: ``Evaluator().evaluate(hand, board)`` (``PLOEvaluator`` for Omaha),
  per hand, pure Python.  1..7462, lower is better.
* pokerkit: ``<HandClass>.from_game(hole, board)``, per hand, pure Python,
  the only peer with every variant benchmarked here.
* poker-equity (Rust, PyO3): ``poker_equity.score_batch(kernel, hands)``, a
  *batch* call on card strings (``"AhKh..."``); lower is better.  Its
  ``deuce_seven`` kernel is right on 5-card hands only (skipped otherwise).

The calls are made with ``list(itertools.starmap(f, args))`` /
``list(map(f, args))``, which is the cheapest way to call a function once per
hand from Python, so the peer rates are best cases for per-hand use.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import starmap
from typing import Any, ClassVar

import numpy as np

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
CARD_TEXT = [RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(52)]

# kind -> (shape of the inputs, pyeval function, default cards per hand)
KINDS: dict[str, tuple[str, str]] = {
    "high7": ("evaluate_high", "7 cards"),
    "high6": ("evaluate_high", "6 cards"),
    "high5": ("evaluate_high", "5 cards"),
    "omaha": ("evaluate_omaha", "4 hole + 5 board"),
    "omaha_low8": ("evaluate_omaha_low8", "4 hole + 5 board"),
    "low8": ("evaluate_low8", "7 cards (stud/8 low)"),
    "razz": ("evaluate_razz", "7 cards"),
    "deuce7": ("evaluate_deuce7", "5 cards"),
    "badugi": ("evaluate_badugi", "4 cards"),
}
DEFAULT_CARDS = {
    "high7": 7,
    "high6": 6,
    "high5": 5,
    "low8": 7,
    "razz": 7,
    "deuce7": 5,
    "badugi": 4,
}
OMAHA_KINDS = ("omaha", "omaha_low8")
OMAHA_HOLE, OMAHA_BOARD = 4, 5


# ---------------------------------------------------------------------------
# hands
# ---------------------------------------------------------------------------


def deal(n: int, k: int, seed: int = 0, lowest: int = 0) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards each, as an (n, k) uint8 array.

    Cards are drawn from codes ``lowest``..51 (``lowest=16``: the 36-card short
    deck, sixes to aces).

    Uniform over ordered k-tuples of distinct cards: rows are drawn i.i.d. and
    the ones holding a duplicate are redrawn (about 35% of rows for k = 7 at
    the first round), which is fast and needs no (n, 52) temporary.
    """
    if not 1 <= k <= 52 - lowest:
        raise ValueError(f"k must be in 1..{52 - lowest}, got {k}")
    rng = np.random.default_rng(seed)
    out = rng.integers(lowest, 52, size=(n, k), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        s = np.sort(out[todo], axis=1)
        bad = (s[:, 1:] == s[:, :-1]).any(axis=1)
        todo = todo[bad]
        out[todo] = rng.integers(lowest, 52, size=(todo.size, k), dtype=np.uint8)
    return out


def make_inputs(kind: str, n: int, seed: int = 0, cards: int | None = None) -> tuple[np.ndarray, ...]:
    """The arrays pyeval's evaluator for ``kind`` takes, for ``n`` random hands.

    Omaha: ``(hole (n, 4), board (n, 5))`` from 9 distinct cards per row;
    every other kind: ``(cards (n, k),)``.
    """
    if kind in OMAHA_KINDS:
        allc = deal(n, OMAHA_HOLE + OMAHA_BOARD, seed)
        return (
            np.ascontiguousarray(allc[:, :OMAHA_HOLE]),
            np.ascontiguousarray(allc[:, OMAHA_HOLE:]),
        )
    k = cards or DEFAULT_CARDS[kind]
    return (deal(n, k, seed),)


def texts(arr: np.ndarray) -> list[list[str]]:
    """Rows of card codes -> rows of card strings ('As', 'Td', ...)."""
    return [[CARD_TEXT[c] for c in row] for row in arr.tolist()]


# ---------------------------------------------------------------------------
# ordering checks
# ---------------------------------------------------------------------------


def orderings_agree(a: np.ndarray, b: np.ndarray) -> int:
    """Number of adjacent pairs (after sorting) where two keyings of the same
    hands disagree; 0 means there is a strictly increasing map from the values
    of ``a`` to those of ``b``, i.e. every pairwise comparison (win, tie or
    loss) agrees."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    if a.shape != b.shape:
        raise ValueError(f"shape mismatch {a.shape} vs {b.shape}")
    order = np.lexsort((b, a))
    da = np.diff(a[order])
    db = np.diff(b[order])
    return int(np.count_nonzero((db < 0) | ((da == 0) != (db == 0))))


def pair_agreement(a: np.ndarray, b: np.ndarray, pairs: int = 100_000, seed: int = 1) -> float:
    """Share of random pairs (i, j) where sign(a_i - a_j) == sign(b_i - b_j)."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    rng = np.random.default_rng(seed)
    i = rng.integers(0, a.size, pairs)
    j = rng.integers(0, a.size, pairs)
    return float(np.mean(np.sign(a[i] - a[j]) == np.sign(b[i] - b[j])))


# ---------------------------------------------------------------------------
# adapters
# ---------------------------------------------------------------------------


def one_core(cpu: int) -> None:
    """Run this process and the peers' Rust thread pools on one thread, pinned to ``cpu`` (-1: not pinned)."""
    os.environ.setdefault("RAYON_NUM_THREADS", "1")
    if cpu >= 0 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})


def version_of(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


class Unsupported(Exception):
    """A peer cannot evaluate these inputs (raised by ``Case.prepare``)."""


@dataclass
class Case:
    """One evaluator on one kind: ``run(prepare(*arrays))`` is what is timed."""

    name: str
    how: str
    per_hand: bool
    prepare: Callable[..., Any]
    run: Callable[[Any], Any]
    keys: Callable[[Any], np.ndarray]


class Peer:
    name = ""
    dist = ""
    module = ""
    kinds: Sequence[str] = ()
    slow = False  # pure-Python peers: time a smaller sample

    def available(self) -> tuple[bool, str]:
        try:
            importlib.import_module(self.module)
        except Exception as exc:  # noqa: BLE001 - any import failure means "skip"
            return False, f"{self.dist} not importable ({type(exc).__name__}: {exc})"
        return True, f"{self.dist} {version_of(self.dist)}"

    def case(self, kind: str) -> Case | None:
        raise NotImplementedError


class PhEvaluator(Peer):
    name = "phevaluator"
    dist = "phevaluator"
    module = "phevaluator._pheval"
    kinds = ("high5", "high6", "high7", "omaha")

    def case(self, kind):
        from phevaluator import _pheval

        if kind == "omaha":
            fn = _pheval.evaluate_omaha_cards

            def prepare(hole, board):
                # board first, then hole: evaluate_omaha_cards(b1..b5, h1..h4)
                return [tuple(r) for r in np.hstack([board, hole]).tolist()]

            how = "_pheval.evaluate_omaha_cards per hand"
        else:
            k = int(kind[-1])
            fn = getattr(_pheval, f"evaluate_{k}cards")

            def prepare(cards):
                return [tuple(r) for r in cards.tolist()]  # ids == our codes

            how = f"_pheval.evaluate_{k}cards per hand"
        return Case(
            self.name,
            how,
            True,
            prepare,
            lambda args: list(starmap(fn, args)),
            lambda res: 7463 - np.asarray(res, dtype=np.int64),
        )


class Eval7(Peer):
    name = "eval7"
    dist = "eval7"
    module = "eval7"
    kinds = ("high5", "high6", "high7")

    def case(self, kind):
        import eval7

        card = [eval7.Card(t) for t in CARD_TEXT]
        fn = eval7.evaluate

        def prepare(cards):
            return [[card[c] for c in row] for row in cards.tolist()]

        return Case(
            self.name,
            "eval7.evaluate(list of Card) per hand",
            True,
            prepare,
            lambda args: list(map(fn, args)),
            lambda res: np.asarray(res, dtype=np.int64),
        )


class Treys(Peer):
    name = "treys"
    dist = "treys"
    module = "treys"
    kinds = ("high5", "high6", "high7", "omaha")
    slow = True

    def case(self, kind):
        import treys

        card = [treys.Card.new(t) for t in CARD_TEXT]
        if kind == "omaha":
            fn = treys.PLOEvaluator().evaluate
            how = "PLOEvaluator().evaluate(hole, board) per hand"

            def prepare(hole, board):
                return [
                    ([card[c] for c in h], [card[c] for c in b])
                    for h, b in zip(hole.tolist(), board.tolist(), strict=True)
                ]
        else:
            fn = treys.Evaluator().evaluate
            how = "Evaluator().evaluate(hand, board) per hand"

            def prepare(cards):
                return [([card[c] for c in row[:2]], [card[c] for c in row[2:]]) for row in cards.tolist()]

        return Case(
            self.name,
            how,
            True,
            prepare,
            lambda args: list(starmap(fn, args)),
            lambda res: 7463 - np.asarray(res, dtype=np.int64),
        )


class PokerKit(Peer):
    name = "pokerkit"
    dist = "pokerkit"
    module = "pokerkit"
    kinds = (
        "high5",
        "high6",
        "high7",
        "omaha",
        "omaha_low8",
        "low8",
        "razz",
        "deuce7",
        "badugi",
    )
    slow = True

    _CLASSES: ClassVar[dict[str, str]] = {
        "high5": "StandardHighHand",
        "high6": "StandardHighHand",
        "high7": "StandardHighHand",
        "omaha": "OmahaHoldemHand",
        "omaha_low8": "OmahaEightOrBetterLowHand",
        "low8": "EightOrBetterLowHand",
        "razz": "RegularLowHand",
        "deuce7": "StandardLowHand",
        "badugi": "BadugiHand",
    }

    def case(self, kind):
        import pokerkit

        cls = getattr(pokerkit, self._CLASSES[kind])
        card = [next(iter(pokerkit.Card.parse(t))) for t in CARD_TEXT]
        from_game = cls.from_game

        if kind in OMAHA_KINDS:

            def prepare(hole, board):
                return [
                    ([card[c] for c in h], [card[c] for c in b])
                    for h, b in zip(hole.tolist(), board.tolist(), strict=True)
                ]
        else:

            def prepare(cards):
                return [([card[c] for c in row], ()) for row in cards.tolist()]

        if kind in ("low8", "omaha_low8"):

            def one(hole, board):
                try:
                    return from_game(hole, board)
                except ValueError:  # no qualifying low
                    return None

            def run(args):
                return list(starmap(one, args))
        else:

            def run(args):
                return list(starmap(from_game, args))

        def keys(res):
            if cls.low:  # entry.index: 0 = best low
                return np.array(
                    [-1_000_000 if h is None else -h.entry.index for h in res],
                    dtype=np.int64,
                )
            return np.array([h.entry.index for h in res], dtype=np.int64)

        return Case(self.name, f"{cls.__name__}.from_game per hand", True, prepare, run, keys)


class PokerEquity(Peer):
    name = "poker-equity"
    dist = "poker-equity"
    module = "poker_equity"
    kinds = ("high5", "high6", "high7", "low8", "razz", "deuce7", "badugi")

    _KERNELS: ClassVar[dict[str, str]] = {
        "high5": "high",
        "high6": "high",
        "high7": "high",
        "low8": "low_a5",
        "razz": "low_a5",
        "deuce7": "deuce_seven",
        "badugi": "badugi",
    }

    def case(self, kind):
        import poker_equity

        kernel = self._KERNELS[kind]
        score_batch = poker_equity.score_batch

        def prepare(cards):
            if kernel == "deuce_seven" and cards.shape[1] != 5:
                # checked: on 6 or 7 cards it does not return the best five's rank
                raise Unsupported("poker-equity's deuce_seven kernel scores 5-card hands only")
            return ["".join(CARD_TEXT[c] for c in row) for row in cards.tolist()]

        def keys(res):
            s = np.asarray(res, dtype=np.int64)
            if kind == "low8":
                # low_a5 is the razz ranking (0 = 5-4-3-2-A, pairs count); its
                # best 56 classes are exactly the 8-or-better lows, and with
                # >= 5 distinct low ranks the razz best five IS the best low.
                return np.where(s < 56, 56 - s, 0)
            return -s

        how = f"score_batch('{kernel}', strings), one batch call"
        if kind == "low8":
            how += " + qualifier post-filter (untimed)"
        return Case(self.name, how, False, prepare, lambda args: score_batch(kernel, args), keys)


PEERS: list[Peer] = [PhEvaluator(), Eval7(), PokerEquity(), Treys(), PokerKit()]


# ---------------------------------------------------------------------------
# pyeval itself
# ---------------------------------------------------------------------------


def pyeval_case(kind: str) -> tuple[Case | None, str]:
    """pyeval's batch evaluator for ``kind`` or (None, why not)."""
    try:
        import pyeval
    except Exception as exc:  # noqa: BLE001
        return None, f"pyeval not importable ({type(exc).__name__}: {exc})"
    fname = KINDS[kind][0]
    fn = getattr(pyeval, fname, None)
    if fn is None:
        return None, f"pyeval.{fname} does not exist yet"

    def prepare(*arrays):
        return arrays

    return Case(
        "pyeval",
        f"pyeval.{fname}(array), one call",
        False,
        prepare,
        lambda arrays: fn(*arrays),
        lambda res: np.asarray(res, dtype=np.int64),
    ), f"pyeval {version_of('pyeval') or '(source tree)'}"
