"""Batch evaluators over the C core: one C call per batch (the GIL is released), no Python loop per hand.

Every evaluator takes one hand (text, a list of cards, or a 1-D array of codes)
and returns an ``int`` (a ``HandStrength``: an int that also knows its ``kind``, the evaluator's
scale, for ``describe`` and ``hand_category``), or a batch (a 2-D integer array, one hand per
row) and returns an ``int32`` array.  Strengths: higher is better, equal is a tie
(docs/DESIGN.md gives every range).  ``uint8`` C-contiguous input is used
without a copy.  A long batch is cut into one slice per thread (``threads``, default every
usable core; batches under 262,144 hands run on the calling thread).  ``out``, an int32 array of
one element per hand, receives a batch's strengths instead of a new array (a loop over many
batches then allocates nothing; a new array of millions of strengths costs a sixth of the call
in page faults), and is returned.

>>> evaluate_high("As Ks Qs Js Ts")
7462
>>> evaluate_high(np.array([[0, 4, 8, 12, 51], [51, 47, 43, 39, 35]], dtype=np.uint8)).tolist()
[5854, 7462]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core._threads import default_threads, run_slices
from pyeval.core.cards import DECK_SIZE, format_card, parse_card_text, parse_cards, reject_bytes

if TYPE_CHECKING:
    from pyeval.core._types import Cards

__all__ = [
    "NO_LOW", "HIGH_CATEGORIES", "HandStrength", "evaluate_high", "evaluate_low8", "evaluate_razz", "evaluate_deuce7",
    "evaluate_shortdeck", "evaluate_badugi", "evaluate_showing", "evaluate_omaha", "evaluate_omaha_low8",
]

NO_LOW = 0
"""Strength returned by the 8-or-better low evaluators when there is no qualifying low."""

HIGH_CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
                   "four of a kind", "straight flush")
# Lowest high strength of each category (docs/DESIGN.md).
HIGH_CATEGORY_STARTS = np.array([1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453])
SHORTDECK_LOWEST_CODE = 16  # the six of clubs


class HandStrength(int):
    """One hand's strength, as a single-hand call returns it: an ``int`` (it compares, hashes,
    prints and serialises as one; arithmetic on it gives a plain int) that also says which
    evaluator made it, ``kind`` (``"high"``, ``"low8"``, ``"razz"``, ...: the kinds of
    ``pyeval.describe``).  Strengths of different kinds overlap (a razz wheel, 6175, is a
    queen-high flush as a high strength), so ``describe`` and ``hand_category`` read the kind from
    here when none is given, and refuse a ``kind=`` on another scale.  One subclass per kind
    (``HandStrength.of(kind)``), the kind a class attribute: making one costs a plain int's call.

    >>> s = evaluate_razz("As 2d 3c 4h 5s Kd Kc")
    >>> s, s.kind, s == 6175
    (6175, 'razz', True)
    """

    __slots__ = ()
    kind: str = "high"
    _BY_KIND: dict[str, type[HandStrength]] = {}

    @classmethod
    def of(cls, kind: str) -> type[HandStrength]:
        """The HandStrength class of ``kind``."""
        return cls._BY_KIND[kind]


def _strength_class(kind: str) -> type[HandStrength]:
    name = "".join(part.capitalize() for part in kind.split("-")) + "Strength"
    made = type(name, (HandStrength,), {"__slots__": (), "kind": kind, "__module__": __name__, "__qualname__": name,
                                    "__doc__": f"A {kind} strength (see HandStrength)."})
    globals()[name] = made  # a module attribute, so that pickle finds it by name
    return made


HandStrength._BY_KIND.update({kind: _strength_class(kind) for kind in (
    "high", "omaha", "low8", "omaha-low8", "razz", "deuce7", "shortdeck", "shortdeck-straight", "badugi",
    "showing", "showing-low")})


def parse_hand(cards) -> np.ndarray:
    return parse_cards(cards, allow_duplicates=True)


def _holds_bool(rows: list | tuple) -> bool:
    """Whether a hand or a list of hands given as Python sequences holds a bool."""
    return any(isinstance(x, (bool, np.bool_)) or (isinstance(x, (list, tuple)) and _holds_bool(x)) for x in rows)


def _holds_code(rows: list | tuple) -> bool:
    """Whether a hand or a list of hands given as Python sequences holds a number (beside text)."""
    return any(isinstance(x, (int, float, np.number)) or (isinstance(x, (list, tuple)) and _holds_code(x))
               for x in rows)


def as_hands(cards, counts: range, what: str) -> tuple[np.ndarray, bool]:
    """Validate shape and dtype; return (C-contiguous uint8 array of shape (n, k), single_hand).

    Values are range-checked here unless already uint8 (the C core rejects
    codes 52..255 and duplicates itself, in the same pass as the evaluation).
    """
    reject_bytes(cards, what)
    if isinstance(cards, str):
        arr, single = parse_hand(cards)[None, :], True
    else:
        if type(cards) is np.ndarray:
            raw = cards
        else:  # also an ndarray subclass: its plain data (a masked array's mask is not a card filter)
            try:
                raw = np.asarray(cards)
            except ValueError as exc:
                raise ValueError(f"{what}: hands must all have the same number of cards ({exc})") from None
            if raw.size == 0 and raw.dtype == np.float64:  # [] or [[]]: numpy's default dtype, not floats
                raw = raw.astype(np.uint8)
            if raw.dtype.kind in "iu" and isinstance(cards, (list, tuple)) and _holds_bool(cards):
                raise TypeError(f"{what}: card codes must be integers 0..51, got a bool")  # numpy made it 0 or 1
        if raw.dtype.kind in "US" or raw.dtype == object:
            if isinstance(cards, (list, tuple)) and _holds_code(cards):  # numpy made the codes text
                raise TypeError(f"{what}: a hand mixes card codes and card text; give all codes or all text")
            if raw.ndim == 1:
                arr, single = parse_hand(raw.tolist())[None, :], True
            elif raw.ndim == 2:
                arr, single = np.stack([parse_hand(row) for row in raw.tolist()]) if len(raw) else \
                    np.zeros((0, raw.shape[1]), np.uint8), False
            else:
                raise ValueError(f"{what}: expected one hand or a 2-D batch of hands, got {raw.ndim} dimensions")
        else:
            if raw.dtype.kind == "b" or raw.dtype.kind not in "iu":
                raise TypeError(f"{what}: card codes must be integers 0..51, got dtype {raw.dtype}")
            if raw.ndim not in (1, 2):
                raise ValueError(f"{what}: expected one hand (k,) or a batch (n, k), got shape {raw.shape}")
            single = raw.ndim == 1
            arr = raw[None, :] if single else raw
            if arr.dtype != np.uint8:
                if arr.size and (arr.min() < 0 or arr.max() >= DECK_SIZE):
                    bad = arr[(arr < 0) | (arr >= DECK_SIZE)][0]
                    raise ValueError(f"{what}: bad card code {int(bad)}: codes are 0..51")
                arr = arr.astype(np.uint8)
            arr = np.ascontiguousarray(arr)
    k = arr.shape[1]
    if k not in counts:
        raise ValueError(f"{what}: hands of {counts.start} to {counts.stop - 1} cards expected, got {k}"
                         if len(counts) > 1 else f"{what}: hands of {counts.start} cards expected, got {k}")
    return arr, single


def _explain_bad_hand(hand: np.ndarray, index: int, what: str, min_code: int = 0) -> ValueError:
    where = f"{what}: hand {index}" if index >= 0 else what
    seen = set()
    for c in hand.tolist():
        if not 0 <= c < DECK_SIZE:
            return ValueError(f"{where}: bad card code {c}: codes are 0..51")
        if c < min_code:
            return ValueError(f"{where}: card {format_card(c)} is not in the 36-card short deck (6 to A)")
        if c in seen:
            return ValueError(f"{where}: duplicate card {format_card(c)}")
        seen.add(c)
    return ValueError(f"{where}: invalid hand")


@lru_cache(maxsize=4096)
def _text_codes(text: str) -> bytes:
    # The parse is parse_card_text's; the bytes are kept too, as they cost a tenth of this path's call.
    return bytes(parse_card_text(text))  # raises, naming the bad card, as the batch path would


def _one_hand(cards, counts: range) -> bytes | np.ndarray | None:
    """The codes of one hand given as short text, a list or tuple of integer codes or a 1-D uint8 array,
    of a card count in ``counts``; None for anything else, which the batch path takes (and explains, if
    it is wrong).  A loop over single hands pays this path's ~2 us a call, not the batch path's ~10 us."""
    codes: bytes | np.ndarray
    if type(cards) is str:
        if len(cards) > 64:
            return None
        codes = _text_codes(cards)
    elif type(cards) in (list, tuple):
        try:
            codes = bytes(cards)  # integers 0..255 (the C core refuses 52 and up), else the batch path explains
        except (TypeError, ValueError):
            return None
        if bool in map(type, cards):  # bytes() took it for 0 or 1
            return None
    elif type(cards) is np.ndarray and cards.dtype == np.uint8 and cards.ndim == 1 and cards.flags.c_contiguous:
        codes = cards  # the C core checks the codes
    else:
        return None
    return codes if len(codes) in counts else None


def _cards_arg(codes: bytes | np.ndarray):
    return codes if type(codes) is bytes else ffi.from_buffer("uint8_t[]", codes)  # cffi passes bytes as is


def _out_array(out, n: int, inputs: tuple[np.ndarray, ...], what: str) -> np.ndarray:
    """The int32 array of n strengths to write: a new one, or the caller's ``out`` once checked."""
    if out is None:
        return np.empty(n, dtype=np.int32)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"{what}: out must be a numpy int32 array, not {type(out).__name__}")
    if out.dtype != np.int32:
        raise TypeError(f"{what}: out must have dtype int32, not {out.dtype}")
    if out.shape != (n,):
        raise ValueError(f"{what}: out must have shape ({n},), one strength per hand, not {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError(f"{what}: out must be C-contiguous and writeable")
    if any(np.may_share_memory(out, a) for a in inputs):
        raise ValueError(f"{what}: out must not overlap the cards")
    return out


def _single_refuses_out(out, what: str) -> None:
    if out is not None:
        raise ValueError(f"{what}: out is for a batch of hands; one hand's strength is returned as an int")


def _evaluate(cards, counts: range, what: str, evaluator: int, batch_fn: Callable, *option: int, min_code: int = 0,
              threads: int | None = None, out: np.ndarray | None = None, kind: str = "high"):
    """One hand through pyeval_eval_one (``evaluator``, ``option``), else a batch through ``batch_fn``, cut
    into one slice per thread; the strength (a HandStrength of ``kind``), or the batch's strengths."""
    codes = _one_hand(cards, counts)
    if codes is not None:
        _single_refuses_out(out, what)
        if threads is not None:
            default_threads(threads)  # checked as for a batch (None, the default, needs no check)
        strength = lib.pyeval_eval_one(evaluator, _cards_arg(codes), len(codes), *(option or (0,)))
        if strength < 0:  # a bad code or a repeated card (the card count was checked)
            raise _explain_bad_hand(np.frombuffer(codes, np.uint8), -1, what, min_code)
        return HandStrength._BY_KIND[kind](strength)
    nthreads = default_threads(threads)
    arr, single = as_hands(cards, counts, what)
    if single:
        _single_refuses_out(out, what)
    n, k = arr.shape
    out = _out_array(out, n, (arr,), what)

    def run(lo: int, hi: int) -> int:
        return batch_fn(ffi.from_buffer("uint8_t[]", arr[lo:hi]), hi - lo, k, *option,
                        ffi.from_buffer("int32_t[]", out[lo:hi]))

    status = run_slices(run, n, nthreads) if n else -1
    if status != -1:
        raise _explain_bad_hand(arr[status], -1 if single else status, what, min_code)
    return HandStrength._BY_KIND[kind](out[0]) if single else out


def evaluate_high(cards: Cards, threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """Best high hand of 5, 6 or 7 cards (1..7462; 7462 is a royal flush).

    >>> evaluate_high("Qh Qd Qc 2s 2h") > evaluate_high("Jh Jd Jc As Ah")
    True
    """
    return _evaluate(cards, range(5, 8), "evaluate_high", lib.PYEVAL_EVAL_HIGH,
                     lib.pyeval_eval_high, threads=threads, out=out)


def evaluate_deuce7(cards: Cards, threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """2-7 lowball of 5 to 7 cards (best five): aces high, straights and flushes count (7462 = 7-5-4-3-2).

    >>> evaluate_deuce7("7c 5d 4h 3s 2c")
    7462
    """
    return _evaluate(cards, range(5, 8), "evaluate_deuce7", lib.PYEVAL_EVAL_DEUCE7, lib.pyeval_eval_deuce7,
                     threads=threads, out=out, kind="deuce7")


def evaluate_razz(cards: Cards, threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """A-5 low (razz) of 5 to 7 cards, no qualifier, pairs count against (6175 = 5-4-3-2-A).

    >>> evaluate_razz("As 2d 3c 4h 5s Kd Kc")
    6175
    """
    return _evaluate(cards, range(5, 8), "evaluate_razz", lib.PYEVAL_EVAL_RAZZ,
                     lib.pyeval_eval_razz, threads=threads, out=out, kind="razz")


def evaluate_low8(cards: Cards, threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """A-5 eight-or-better low of 5 to 7 cards: 1..56 (56 = 5-4-3-2-A) or ``NO_LOW`` (0).

    >>> evaluate_low8("As 2d 3c 4h 5s"), evaluate_low8("9s 2d 3c 4h 5s")
    (56, 0)
    """
    return _evaluate(cards, range(5, 8), "evaluate_low8", lib.PYEVAL_EVAL_LOW8,
                     lib.pyeval_eval_low8, threads=threads, out=out, kind="low8")


def evaluate_shortdeck(cards: Cards, trips_beat_straight: bool = True,
                       threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """Short-deck (36 cards, 6 to A) high hand of 5 to 7 cards (1..1404).

    Flush beats full house; A-6-7-8-9 is the lowest straight.  By default three
    of a kind beats a straight (the common tournament rule);
    ``trips_beat_straight=False`` gives the other order.

    >>> evaluate_shortdeck("9s 8s 7s 6s As")  # the lowest straight flush
    1399
    """
    return _evaluate(cards, range(5, 8), "evaluate_shortdeck", lib.PYEVAL_EVAL_SHORTDECK, lib.pyeval_eval_shortdeck,
                     int(bool(trips_beat_straight)), min_code=SHORTDECK_LOWEST_CODE, threads=threads, out=out,
                     kind="shortdeck" if trips_beat_straight else "shortdeck-straight")


def evaluate_badugi(cards: Cards, threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """Badugi of 4 cards (1..1092; 1092 = 4-3-2-A of four suits; four-card badugis are 378 and up).

    >>> evaluate_badugi("Ac 2d 3h 4s")
    1092
    """
    return _evaluate(cards, range(4, 5), "evaluate_badugi", lib.PYEVAL_EVAL_BADUGI, _badugi, threads=threads, out=out,
                     kind="badugi")


def _badugi(cards, n, k, out):  # pyeval_eval_badugi takes no card count: always four
    return lib.pyeval_eval_badugi(cards, n, out)


def evaluate_showing(cards: Cards, low: bool = False,
                     threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """Stud up-cards (1 to 4): pairs, trips and kickers, no straights or flushes; higher is better.

    ``low=True`` ranks for razz (the lowest showing hand is best, ace low).

    >>> evaluate_showing("Ks Kd Qc") > evaluate_showing("As Qd Qc")
    True
    >>> evaluate_showing("As Ad") > evaluate_showing("Ks Kd")
    True
    """
    return _evaluate(cards, range(1, 5), "evaluate_showing", lib.PYEVAL_EVAL_SHOWING, lib.pyeval_eval_showing,
                     int(bool(low)), threads=threads, out=out, kind="showing-low" if low else "showing")


def _omaha_batch(hole, board, what: str):
    h, h_single = as_hands(hole, range(4, 7), f"{what} hole cards")
    b, b_single = as_hands(board, range(3, 6), f"{what} board")
    single = h_single and b_single
    if h.shape[0] != b.shape[0]:
        if b_single:
            b = np.ascontiguousarray(np.broadcast_to(b, (h.shape[0], b.shape[1])))
        elif h_single:
            h = np.ascontiguousarray(np.broadcast_to(h, (b.shape[0], h.shape[1])))
        else:
            raise ValueError(f"{what}: {h.shape[0]} hole-card rows but {b.shape[0]} board rows")
    return h, b, single


def _call_omaha(fn, low8: bool, hole, board, what, threads, out):
    kind = "omaha-low8" if low8 else "omaha"
    h1, b1 = _one_hand(hole, range(4, 7)), _one_hand(board, range(3, 6))
    if h1 is not None and b1 is not None:
        _single_refuses_out(out, what)
        if threads is not None:
            default_threads(threads)
        strength = lib.pyeval_eval_omaha_one(int(low8), _cards_arg(h1), len(h1),
                                             _cards_arg(b1), len(b1))
        if strength < 0:
            raise _explain_bad_hand(np.concatenate([np.frombuffer(h1, np.uint8), np.frombuffer(b1, np.uint8)]), -1,
                                    what)
        return HandStrength._BY_KIND[kind](strength)
    nthreads = default_threads(threads)
    h, b, single = _omaha_batch(hole, board, what)
    if single:
        _single_refuses_out(out, what)
    n, hk, bk = h.shape[0], h.shape[1], b.shape[1]
    out = _out_array(out, n, (h, b), what)

    def run(lo: int, hi: int) -> int:
        return fn(ffi.from_buffer("uint8_t[]", h[lo:hi]), hk, hk, ffi.from_buffer("uint8_t[]", b[lo:hi]), bk, bk,
                  hi - lo, ffi.from_buffer("int32_t[]", out[lo:hi]))

    status = run_slices(run, n, nthreads) if n else -1
    if status != -1:
        raise _explain_bad_hand(np.concatenate([h[status], b[status]]), -1 if single else status, what)
    return HandStrength._BY_KIND[kind](out[0]) if single else out


def evaluate_omaha(hole: Cards, board: Cards,
                   threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """Omaha high: exactly two of 4-6 hole cards with exactly three of 3-5 board cards (1..7462).

    ``hole`` (n, h) and ``board`` (n, b) batches; a single board (or hand) is broadcast.

    One spade in the hand makes no flush on a four-spade board:

    >>> from pyeval import hand_category
    >>> hand_category(evaluate_omaha("As Kd Qc Jh", "2s 5s 8s Js Kh"))
    'two pair'
    """
    return _call_omaha(lib.pyeval_eval_omaha, False, hole, board, "evaluate_omaha", threads, out)


def evaluate_omaha_low8(hole: Cards, board: Cards,
                        threads: int | None = None, out: np.ndarray | None = None) -> int | np.ndarray:
    """Omaha eight-or-better low (exactly 2 hole + 3 board): 1..56, or ``NO_LOW`` (0).

    >>> evaluate_omaha_low8("As 2h Kd Qc", "3d 4c 5s Kh Ks")
    56
    """
    return _call_omaha(lib.pyeval_eval_omaha_low8, True, hole, board, "evaluate_omaha_low8", threads, out)


def _shortdeck_straight(cards):
    return evaluate_shortdeck(cards, trips_beat_straight=False)


def _showing_low(cards):
    return evaluate_showing(cards, low=True)


EVALUATORS: dict[str, Callable] = {
    "high": evaluate_high, "low8": evaluate_low8, "razz": evaluate_razz, "deuce7": evaluate_deuce7,
    "shortdeck": evaluate_shortdeck, "shortdeck-straight": _shortdeck_straight, "badugi": evaluate_badugi,
    "showing": evaluate_showing, "showing-low": _showing_low,
}
"""Evaluator of each kind a game declares (``Game.high``, ``Game.low``), on a player's own cards."""
