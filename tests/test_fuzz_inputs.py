"""Fuzzing every public entry point with junk (issue 8).

Every generated input must end in a result or in ValueError/TypeError with a
message: any other exception type fails the test, a segfault kills the run, and
a call that takes longer than ``PYEVAL_FUZZ_CALL_SECONDS`` (default 60) dumps
every thread's stack and exits the process (a hang never blocks CI).  Where the
answer is known the result is checked too: a valid hand in any dtype or memory
layout must give exactly the strength of its plain ``uint8`` copy, an integer
batch holding a bad code or a duplicate must raise ValueError naming the first
bad hand, and every strength lies in its documented range (docs/DESIGN.md).

Environment:
  PYEVAL_FUZZ_EXAMPLES=N       hypothesis examples per test (default 200); e.g. 20000 for a long run
  PYEVAL_FUZZ_CALL_SECONDS=S   per-call hang limit (default 60)
  PYEVAL_FUZZ_REPORT=path      also write the per-entry-point counts as JSON

The counts (inputs per entry point, and how each ended) are printed in pytest's
terminal summary.

Entry points: parse_cards, format_cards, cards.card_code, cards.format_card, the
nine evaluate_* functions, describe, hand_category, the ``pyeval eval``, ``equity``,
``simulate`` and ``caribbean`` command lines, and (last section) equity, best_keep, bring_in
and get_game.  Extension point: ``call(entry, fn, ...)`` is the only way an entry
point is invoked here, so a new one needs a strategy for its arguments and one
``@given`` test calling it through ``call`` (it then appears in the report).
"""

from __future__ import annotations

import contextlib
import faulthandler
import io
import json
import os
import threading
import time
from collections import Counter, defaultdict

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyeval
from pyeval.core import cards as pcards
from pyeval.core.describe import KINDS
from pyeval.core.evaluate import HIGH_CATEGORY_STARTS, HandStrength

EXAMPLES = int(os.environ.get("PYEVAL_FUZZ_EXAMPLES", "200"))
CALL_SECONDS = float(os.environ.get("PYEVAL_FUZZ_CALL_SECONDS", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)

# ----------------------------------------------------------------------------------------------
# Calling an entry point: outcome bookkeeping and the hang guard
# ----------------------------------------------------------------------------------------------

STATS: dict[str, Counter] = defaultdict(Counter)
EXPECTED = (ValueError, TypeError)


class Raised:
    """What ``call`` returns when the entry point raised ValueError/TypeError."""

    def __init__(self, exc: Exception):
        self.exc = exc
        self.message = str(exc)

    def __repr__(self):
        return f"Raised({type(self.exc).__name__}: {self.message[:200]})"


class _Watchdog:
    """One daemon thread: if a call runs longer than CALL_SECONDS, dump all stacks and exit.

    (faulthandler.dump_traceback_later starts a thread per arming, too slow per call; it is
    armed once per test below as the backstop for a hang that holds the GIL.)
    """

    def __init__(self):
        self.started_at = None
        self.entry = ""
        self.thread = None

    def arm(self, entry):
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="pyeval-fuzz-watchdog", daemon=True)
            self.thread.start()
        self.entry, self.started_at = entry, time.monotonic()

    def disarm(self):
        self.started_at = None

    def _run(self):
        while True:
            time.sleep(0.5)
            started = self.started_at
            if started is not None and time.monotonic() - started > CALL_SECONDS:
                os.write(2, f"\npyeval fuzz: {self.entry} hung for more than {CALL_SECONDS} s\n".encode())
                faulthandler.dump_traceback(all_threads=True)
                os._exit(70)


WATCHDOG = _Watchdog()


@pytest.fixture(autouse=True)
def _hang_backstop():
    faulthandler.dump_traceback_later(max(600.0, CALL_SECONDS * 10) * max(1.0, EXAMPLES / 200), exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def call(entry: str, fn, *args, generated: bool = True, **kwargs):
    """Call ``fn``; return its result or a ``Raised``; fail on any other exception type.

    ``generated=False`` marks systematic (non-hypothesis) inputs, counted apart.
    """
    WATCHDOG.arm(entry)
    start = time.perf_counter()
    try:
        result = fn(*args, **kwargs)
    except EXPECTED as exc:
        result = Raised(exc)
    except Exception as exc:
        STATS[entry]["inputs"] += 1
        STATS[entry]["unexpected exception"] += 1
        raise AssertionError(f"{entry}: unexpected {type(exc).__name__}: {exc}") from exc
    finally:
        WATCHDOG.disarm()
        elapsed = time.perf_counter() - start
    stats = STATS[entry]
    stats["inputs"] += 1
    stats["generated"] += generated
    stats[type(result.exc).__name__ if isinstance(result, Raised) else "result"] += 1
    stats["max_ms"] = max(stats["max_ms"], round(elapsed * 1000))
    if isinstance(result, Raised):
        assert result.message.strip(), f"{entry}: {type(result.exc).__name__} without a message"
    return result


def report_lines() -> list[str]:
    outcomes = ["generated", "result", "ValueError", "TypeError", "exit 2", "unexpected exception"]
    heads = ["generated", "result", "ValueError", "TypeError", "CLI exit 2", "unexpected"]
    lines = [f"{'entry point':<26}{'inputs':>9}" + "".join(f"{h:>12}" for h in heads) + f"{'slowest ms':>12}"]
    for entry in sorted(STATS):
        s = STATS[entry]
        lines.append(f"{entry:<26}{s['inputs']:>9}" + "".join(f"{s[o]:>12}" for o in outcomes) + f"{s['max_ms']:>12}")
    total = sum(s["inputs"] for s in STATS.values())
    generated = sum(s["generated"] for s in STATS.values())
    bad = sum(s["unexpected exception"] for s in STATS.values())
    lines.append(f"{len(STATS)} entry points, {total} inputs ({generated} generated by hypothesis, the rest "
                 f"systematic), {bad} unexpected exceptions, 0 crashes/hangs "
                 f"(the process survived), PYEVAL_FUZZ_EXAMPLES={EXAMPLES}")
    return lines


class _SummaryPlugin:
    def pytest_terminal_summary(self, terminalreporter):
        if STATS:
            terminalreporter.section("pyeval fuzz report")
            for line in report_lines():
                terminalreporter.write_line(line)


@pytest.fixture(scope="module", autouse=True)
def _fuzz_report(request):
    plugin = _SummaryPlugin()
    request.config.pluginmanager.register(plugin, "pyeval-fuzz-report")
    yield
    path = os.environ.get("PYEVAL_FUZZ_REPORT")
    if path:
        with open(path, "w") as f:
            json.dump({"examples_per_test": EXAMPLES, "entry_points": {k: dict(v) for k, v in STATS.items()}}, f,
                      indent=1, sort_keys=True)


# ----------------------------------------------------------------------------------------------
# Strategies
# ----------------------------------------------------------------------------------------------

INT_DTYPES = ["u1", "i1", "i2", "u2", "i4", "u4", "i8", "u8", ">i4", ">u2", ">i8"]
OTHER_DTYPES = ["?", "f2", "f4", "f8", "c16", "U3", "S3", "M8[s]", "m8[s]", "O", "V2"]
EDGE_INTS = [-2**63, -2**31 - 1, -256, -129, -128, -1, 0, 1, 15, 16, 51, 52, 53, 127, 128, 255, 256, 65535, 65536,
             2**31 - 1, 2**32, 2**63 - 1, 2**64 - 1, 2**64, 2**100]
CARD_TEXTS = [r + s for r in pcards.RANK_CHARS for s in pcards.SUIT_CHARS]
ODD_CHARS = ("AKQJT98765432cdhsxXkKt10 ,;\t\n♠♥♦♣♤♡♢♧\u212a\u017f\u0130\u0131ＡＫ١٢\x00\ud7ff\U0001f0a1"
             "\u00a0\u2003")

card_codes = st.integers(0, 51)

HAS_EQUITY = hasattr(pyeval, "equity")
needs_equity = pytest.mark.skipif(not HAS_EQUITY, reason="pyeval.equity not available")
GAME_NAMES = sorted(pyeval.GAMES) if hasattr(pyeval, "GAMES") else []
STUD_GAMES = [n for n in GAME_NAMES if getattr(pyeval.GAMES[n], "bring_in", None)]
UNKNOWN_SPELLINGS = ["random", "xx", "?", "", "  RANDOM ", None]


def junk_option(valid, one_in=12):
    """Mostly a valid option value, junk one time in ``one_in``."""
    return st.sampled_from([False] * (one_in - 1) + [True]).flatmap(lambda junk: junk_scalars() if junk else valid)


def junk_scalars():
    return st.one_of(
        st.integers(), st.sampled_from(EDGE_INTS), st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=6), st.binary(max_size=4), st.none(), st.booleans(), st.complex_numbers(),
        st.sampled_from([np.int64(5), np.uint8(200), np.float32(3.0), np.bool_(True), np.str_("As"), object()]),
    )


def junk_values():
    """Anything at all: scalars, nested lists, dicts, sets."""
    return st.recursive(junk_scalars(), lambda inner: st.one_of(
        st.lists(inner, max_size=8), st.tuples(inner, inner), st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.frozensets(st.integers(-5, 60), max_size=6)), max_leaves=20)


def card_text_for(codes, draw) -> str:
    """Text of codes in a random spelling: case, '10', unicode suits, separators."""
    seps = draw(st.sampled_from(["", " ", ",", ", ", ";", "\t", "  \n"]))
    parts = []
    for c in codes:
        rank, suit = pcards.RANK_CHARS[c >> 2], pcards.SUIT_CHARS[c & 3]
        if rank == "T" and draw(st.booleans()):
            rank = "10"
        if draw(st.booleans()):
            rank = rank.lower()
        if draw(st.integers(0, 3)) == 0:
            suit = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[suit]
        elif draw(st.booleans()):
            suit = suit.upper()
        parts.append(rank + suit)
    return seps.join(parts)


@st.composite
def card_text(draw, max_cards=9):
    """(text, codes) of distinct cards spelled at random."""
    codes = draw(st.lists(card_codes, unique=True, max_size=max_cards))
    return card_text_for(codes, draw), codes


def junk_text():
    return st.one_of(
        st.text(max_size=40),
        st.text(alphabet=ODD_CHARS, max_size=40),
        st.builds(lambda tok, n: tok * n, st.sampled_from(CARD_TEXTS + ["x", "As ", "10h", "♠", "\u212as"]),
                  st.integers(1_000, 20_000)),  # huge
        st.builds(lambda t, junk: t[0] + junk, card_text(), st.text(alphabet=ODD_CHARS, min_size=1, max_size=4)),
    )


@st.composite
def hand_batches(draw, k_choices=range(0, 9), low=0):
    """(n, k) hands of distinct cards; sometimes corrupted with a bad code or a duplicate."""
    n = draw(st.integers(0, 6))
    k = draw(st.sampled_from(list(k_choices)))
    arr = random_rows(draw, n, k, low)
    if n > 1 and draw(st.integers(0, 4)) == 0:
        arr[:] = arr[:1]  # identical rows: the "broadcast" layout makes them zero-stride
    if n and k and draw(st.booleans()):
        for _ in range(draw(st.integers(1, 3))):
            i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, k - 1))
            kind = draw(st.sampled_from(["code", "dup", "low"]))
            if kind == "code":
                arr[i, j] = draw(st.sampled_from([52, 53, 63, 64, 100, 127, 128, 200, 254, 255, -1, 256, 1000]))
            elif kind == "dup" and k > 1:
                arr[i, j] = arr[i, (j + draw(st.integers(1, k - 1))) % k]
            else:
                arr[i, j] = draw(st.integers(0, 15))
    return arr


def random_rows(draw, n, k, low=0):
    """(n, k) int64 rows of distinct cards low..51 (k <= 52 - low), from a drawn seed (fast)."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    keys = rng.random((n, 52 - low))
    return (np.argsort(keys, axis=1)[:, :min(k, 52 - low)] + low).astype(np.int64).reshape(n, k)


def fits(arr: np.ndarray, dtype) -> bool:
    info = np.iinfo(np.dtype(dtype))
    return arr.size == 0 or (int(arr.min()) >= info.min and int(arr.max()) <= info.max)


LAYOUTS = ["plain", "fortran", "strided", "negative", "readonly", "unaligned", "broadcast", "masked", "matrix",
           "list", "tuple", "nested-tuple"]


def relayout(arr: np.ndarray, how: str, draw):
    """The same values in another memory layout or container."""
    if how == "fortran":
        return np.asfortranarray(arr)
    if how == "strided" and arr.ndim:
        return np.repeat(arr, 2, axis=-1)[..., ::2]
    if how == "negative" and arr.ndim:
        return np.ascontiguousarray(arr[::-1])[::-1]
    if how == "readonly":
        out = arr.copy()
        out.flags.writeable = False
        return out
    if how == "unaligned" and arr.dtype != object:
        buf = bytearray(arr.nbytes + 1)
        out = np.frombuffer(buf, dtype=arr.dtype, offset=1, count=arr.size).reshape(arr.shape)
        out[...] = arr
        return out
    if how == "broadcast" and arr.ndim == 2 and len(arr):
        return np.broadcast_to(arr[:1], arr.shape) if (arr == arr[:1]).all() else arr
    if how == "masked":
        return np.ma.array(arr, mask=draw(hnp.arrays(bool, arr.shape)))
    if how == "matrix" and arr.ndim == 2:
        return np.asmatrix(arr)
    if how == "list":
        return arr.tolist()
    if how == "tuple" and arr.ndim:
        return tuple(arr.tolist())
    if how == "nested-tuple" and arr.ndim == 2:
        return tuple(tuple(r) for r in arr.tolist())
    return arr


@st.composite
def junk_arrays(draw):
    """numpy arrays of any dtype and shape (0-d to 3-d, empty sides), junk values."""
    dtype = np.dtype(draw(st.sampled_from(INT_DTYPES + OTHER_DTYPES)))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=8))
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        elements = st.one_of(st.integers(0, 51), st.sampled_from([v for v in EDGE_INTS if info.min <= v <= info.max]),
                             st.integers(info.min, info.max))
    elif dtype.kind == "U":
        elements = st.one_of(st.sampled_from(CARD_TEXTS),  # numpy drops trailing NULs
                             st.text(alphabet=ODD_CHARS, max_size=3).filter(lambda t: not t.endswith("\x00")))
    elif dtype.kind == "O":
        elements = junk_scalars()
    elif dtype.kind == "V":
        elements = st.binary(min_size=dtype.itemsize, max_size=dtype.itemsize)
    else:
        elements = None
    arr = draw(hnp.arrays(dtype, shape, elements=elements))
    return relayout(arr, draw(st.sampled_from(LAYOUTS)), draw)


@st.composite
def hand_inputs(draw, k_choices=range(0, 9), low=0):
    """Something passed as a hand or a batch of hands, and what it holds.

    Returns (value, known): known is (codes, single) when the content is known --
    codes the (n, k) int64 card codes, single whether value is one hand -- else None.
    """
    choice = draw(st.sampled_from(["batch", "batch", "batch", "text", "junk-array", "junk-value", "junk-text"]))
    if choice == "batch":
        arr = draw(hand_batches(k_choices, low))
        dtype = draw(st.sampled_from([d for d in INT_DTYPES if fits(arr, d)]))
        single = len(arr) == 1 and draw(st.booleans())
        typed = arr.astype(dtype)
        typed = typed[0] if single else typed
        return relayout(typed, draw(st.sampled_from(LAYOUTS)), draw), (arr, single)
    if choice == "text":
        codes = draw(st.lists(card_codes, unique=True, min_size=0, max_size=9))
        if draw(st.booleans()):
            return card_text_for(codes, draw), (np.array([codes], dtype=np.int64).reshape(1, -1), True)
        return [card_text_for([c], draw) for c in codes], (np.array([codes], dtype=np.int64).reshape(1, -1), True)
    if choice == "junk-array":
        return draw(junk_arrays()), None
    if choice == "junk-text":
        return draw(junk_text()), None
    return draw(junk_values()), None


# ----------------------------------------------------------------------------------------------
# Oracles
# ----------------------------------------------------------------------------------------------

# evaluator -> (card counts, lowest strength, highest strength, lowest card code)
EVALUATORS = {
    "evaluate_high": (range(5, 8), 1, 7462, 0),
    "evaluate_deuce7": (range(5, 8), 1, 7462, 0),
    "evaluate_razz": (range(5, 8), 1, 6175, 0),
    "evaluate_low8": (range(5, 8), 0, 56, 0),
    "evaluate_shortdeck": (range(5, 8), 1, 1404, 16),
    "evaluate_badugi": (range(4, 5), 1, 1092, 0),
    "evaluate_showing": (range(1, 5), 1, 2379, 0),
}


def bad_rows(codes: np.ndarray, low: int = 0) -> np.ndarray:
    """Rows of an (n, k) int array holding a code outside low..51 or a card twice."""
    if codes.size == 0:
        return np.zeros(len(codes), dtype=bool)
    out_of_range = ((codes < low) | (codes > 51)).any(axis=1)
    s = np.sort(codes, axis=1)
    dup = (s[:, 1:] == s[:, :-1]).any(axis=1) if codes.shape[1] > 1 else np.zeros(len(codes), dtype=bool)
    return out_of_range | dup


def check_strengths(entry, result, n, single, lo, hi):
    if single:
        # an int that knows its evaluator's kind (pyeval.core.evaluate.HandStrength; issue 26)
        assert isinstance(result, HandStrength) and result.kind in KINDS, \
            f"{entry}: single hand gave {type(result).__name__}"
        assert lo <= result <= hi, f"{entry}: strength {result} outside {lo}..{hi}"
    else:
        assert isinstance(result, np.ndarray) and result.dtype == np.int32 and result.shape == (n,), \
            f"{entry}: batch of {n} gave {result!r}"
        assert ((result >= lo) & (result <= hi)).all(), f"{entry}: strengths outside {lo}..{hi}: {result}"


def empty_list_refused(result, *codes) -> bool:
    """An empty Python list is ambiguous (no hands, or a hand of no cards): refusing it as a hand
    of 0 cards is fine (ValueError naming the expected card count)."""
    return any(c.size == 0 for c in codes) and isinstance(result, Raised) and (
        "dtype float64" in result.message or "expected, got 0" in result.message)


def check_against_spec(entry, result, known, counts, lo, hi, min_code, plain_call, c_checks):
    """With known integer content, the outcome is fully determined.

    ``c_checks``: the input reaches the C core unconverted (uint8), so the C core
    finds a bad code, not the Python range check, and the message names the hand.
    """
    codes, single = known
    n, k = codes.shape
    if empty_list_refused(result, codes):
        return
    if k not in counts:
        assert isinstance(result, Raised), f"{entry}: {k} cards should be refused, got {result!r}"
        return
    bad = bad_rows(codes, min_code)
    if bad.any():
        assert isinstance(result, Raised) and isinstance(result.exc, ValueError), \
            f"{entry}: bad hand accepted: {codes.tolist()} -> {result!r}"
        if not single and (c_checks or ((codes >= 0) & (codes <= 51)).all()):  # found in C: the hand is named
            first = int(np.argmax(bad))
            assert f"hand {first}:" in result.message, f"{entry}: expected hand {first} named: {result.message}"
        return
    assert not isinstance(result, Raised), f"{entry}: valid hands {codes.tolist()} refused: {result.message}"
    check_strengths(entry, result, n, single, lo, hi)
    expected = plain_call(codes.astype(np.uint8))
    got = np.atleast_1d(result)
    assert (got == expected).all(), f"{entry}: layout changed the answer: {got} != {expected}"


# ----------------------------------------------------------------------------------------------
# Cards: parse_cards, format_cards, card_code, format_card
# ----------------------------------------------------------------------------------------------

@FUZZ
@given(st.one_of(junk_text(), st.lists(st.one_of(junk_scalars(), st.sampled_from(CARD_TEXTS)), max_size=10),
                 junk_arrays(), junk_values()),
       st.booleans())
def test_fuzz_parse_cards_junk(value, allow_duplicates):
    result = call("parse_cards", pyeval.parse_cards, value, allow_duplicates=allow_duplicates)
    if isinstance(result, Raised):
        return
    assert isinstance(result, np.ndarray) and result.dtype == np.uint8 and result.ndim == 1
    assert (result < 52).all()
    if not allow_duplicates:
        assert len(np.unique(result)) == len(result)
    assert (pyeval.parse_cards(pyeval.format_cards(result), allow_duplicates=True) == result).all()


@FUZZ
@given(card_text(max_cards=20), st.booleans())
def test_fuzz_parse_cards_valid_text(text_codes, as_list):
    text, codes = text_codes
    value = text if not as_list else [text]
    result = call("parse_cards", pyeval.parse_cards, value)
    assert not isinstance(result, Raised), f"{text!r} refused: {result!r}"
    assert result.tolist() == codes


@FUZZ
@given(st.one_of(junk_arrays(), junk_values(), st.lists(card_codes, max_size=9), junk_text()),
       st.one_of(st.just(" "), st.text(max_size=3), junk_scalars()))
def test_fuzz_format_cards(value, sep):
    result = call("format_cards", pyeval.format_cards, value, sep=sep)
    if isinstance(result, Raised):
        return
    assert isinstance(result, (str, list))
    arr = np.asarray(value)
    assert arr.size == 0 or arr.dtype.kind in "iuO", f"format_cards accepted dtype {arr.dtype}: {result!r}"
    if arr.dtype.kind in "iu" and arr.ndim == 1 and sep == " ":
        assert pyeval.parse_cards(result, allow_duplicates=True).tolist() == arr.tolist()


@FUZZ
@given(st.one_of(junk_text(), junk_scalars(), st.sampled_from(CARD_TEXTS)))
def test_fuzz_card_code(value):
    result = call("cards.card_code", pcards.card_code, value)
    if not isinstance(result, Raised):
        assert type(result) is int and 0 <= result < 52
        assert pcards.card_code(pcards.format_card(result)) == result


@FUZZ
@given(st.one_of(junk_scalars(), card_codes))
def test_fuzz_format_card(value):
    result = call("cards.format_card", pcards.format_card, value)
    if not isinstance(result, Raised):
        assert isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
        assert pcards.card_code(result) == int(value)


# ----------------------------------------------------------------------------------------------
# Evaluators
# ----------------------------------------------------------------------------------------------

def _extra_args(name, draw_flag):
    if name == "evaluate_shortdeck":
        return {"trips_beat_straight": draw_flag}
    if name == "evaluate_showing":
        return {"low": draw_flag}
    return {}


@pytest.mark.parametrize("name", list(EVALUATORS))
@FUZZ
@given(data=st.data())
def test_fuzz_evaluator(name, data):
    counts, lo, hi, min_code = EVALUATORS[name]
    fn = getattr(pyeval, name)
    ks = sorted(set(range(0, 9)) | {counts.start - 1, counts.stop})
    value, known = data.draw(hand_inputs(ks, low=data.draw(st.sampled_from([0, min_code]))), label="hand")
    flag = data.draw(st.one_of(st.booleans(), junk_scalars()), label="flag")
    kwargs = _extra_args(name, flag)
    result = call(name, fn, value, **kwargs)
    if known is not None:
        c_checks = isinstance(value, np.ndarray) and value.dtype == np.uint8
        check_against_spec(name, result, known, counts, lo, hi, min_code, lambda u8: fn(u8, **kwargs), c_checks)
    elif not isinstance(result, Raised):
        arr = np.asarray(result)
        assert ((arr >= lo) & (arr <= hi)).all(), f"{name}: strengths outside {lo}..{hi}: {result}"


@st.composite
def omaha_inputs(draw):
    """(hole, board, known) where known = (hole codes, board codes, single hole, single board) or None."""
    if draw(st.integers(0, 3)) == 0:
        return draw(hand_inputs(range(2, 8)))[0], draw(hand_inputs(range(1, 7)))[0], None
    n = draw(st.integers(0, 5))
    h, b = draw(st.sampled_from([3, 4, 4, 5, 6, 7])), draw(st.sampled_from([2, 3, 4, 5, 5, 6]))
    rows = random_rows(draw, n, h + b)
    if n and draw(st.booleans()):
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, h + b - 1))
        rows[i, j] = draw(st.sampled_from([52, 255, 99])) if draw(st.booleans()) else rows[i, (j + 1) % (h + b)]
    hole, board = rows[:, :h], rows[:, h:]
    single_hole = n == 1 and draw(st.booleans())
    single_board = n == 1 and draw(st.booleans())
    if n > 1 and draw(st.booleans()):  # one board for every hand: broadcast
        board = board[:1]
        single_board = True
    hd = draw(st.sampled_from([d for d in INT_DTYPES if fits(hole, d)]))
    bd = draw(st.sampled_from([d for d in INT_DTYPES if fits(board, d)]))
    hv = hole.astype(hd)[0] if single_hole else hole.astype(hd)
    bv = board.astype(bd)[0] if single_board else board.astype(bd)
    hv = relayout(hv, draw(st.sampled_from(LAYOUTS)), draw)
    bv = relayout(bv, draw(st.sampled_from(LAYOUTS)), draw)
    return hv, bv, (hole, board, single_hole, single_board)


@pytest.mark.parametrize("name, lo", [("evaluate_omaha", 1), ("evaluate_omaha_low8", 0)])
@FUZZ
@given(omaha_inputs())
def test_fuzz_omaha(name, lo, case):
    hi = 7462 if name == "evaluate_omaha" else 56
    fn = getattr(pyeval, name)
    hole_v, board_v, known = case
    result = call(name, fn, hole_v, board_v)
    if known is None:
        if not isinstance(result, Raised):
            arr = np.asarray(result)
            assert ((arr >= lo) & (arr <= hi)).all()
        return
    hole, board, single_hole, single_board = known
    h, b = hole.shape[1], board.shape[1]
    if empty_list_refused(result, hole, board):
        return
    if not (4 <= h <= 6 and 3 <= b <= 5):
        assert isinstance(result, Raised) and isinstance(result.exc, ValueError), (h, b, result)
        return
    n = max(len(hole), len(board))
    if len(hole) != len(board) and not (single_board or single_hole):
        assert isinstance(result, Raised) and isinstance(result.exc, ValueError), result
        return
    if len(board) == 1 and single_board:
        board = np.repeat(board, len(hole), axis=0)
    whole = np.hstack([hole, board]) if len(hole) == len(board) else np.zeros((0, h + b), np.int64)
    bad = bad_rows(whole)
    if bad.any():
        assert isinstance(result, Raised) and isinstance(result.exc, ValueError), (whole.tolist(), result)
        return
    assert not isinstance(result, Raised), f"{name}: valid {whole.tolist()} refused: {result.message}"
    check_strengths(name, result, n, single_hole and single_board, lo, hi)
    expected = fn(hole.astype(np.uint8), board.astype(np.uint8))
    assert (np.atleast_1d(result) == expected).all()


# ----------------------------------------------------------------------------------------------
# describe, hand_category
# ----------------------------------------------------------------------------------------------

@st.composite
def strengths(draw):
    if draw(st.booleans()):
        return draw(st.one_of(st.integers(-10, 8000), st.integers(), st.sampled_from(EDGE_INTS)))
    if draw(st.booleans()):
        dtype = draw(st.sampled_from(INT_DTYPES))
        info = np.iinfo(np.dtype(dtype))
        elements = st.one_of(st.integers(max(info.min, -2), min(info.max, 7500)), st.integers(info.min, info.max))
        arr = draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=6),
                              elements=elements))
        return relayout(arr, draw(st.sampled_from(LAYOUTS)), draw)
    return draw(st.one_of(junk_arrays(), junk_values(), junk_text()))


def kinds():
    return st.one_of(st.sampled_from(list(KINDS)), st.text(max_size=12), junk_scalars(),
                     st.lists(st.integers(), max_size=2))


def _int_content(value):
    """The integer array behind value, or None when it is not an integer array/scalar."""
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    return arr if arr.dtype.kind in "iu" else None


@FUZZ
@given(strengths(), kinds())
def test_fuzz_describe(strength, kind):
    result = call("describe", pyeval.describe, strength, kind=kind)
    arr = _int_content(strength)
    valid_kind = isinstance(kind, str) and kind in KINDS
    if arr is not None and valid_kind:
        top = KINDS[kind][1]
        low = 0 if "low8" in kind else 1
        if arr.size == 0 or ((arr >= low) & (arr <= top)).all():
            assert not isinstance(result, Raised), f"describe({arr!r}, {kind!r}) refused: {result.message}"
        else:
            assert isinstance(result, Raised) and isinstance(result.exc, ValueError), result
            return
    if isinstance(result, Raised):
        return
    if isinstance(result, str):
        assert result and arr is not None and arr.ndim == 0
    else:
        assert isinstance(result, list) and all(isinstance(t, str) and t for t in result)
        assert arr is not None and len(result) == arr.size


@FUZZ
@given(strengths())
def test_fuzz_hand_category(strength):
    result = call("hand_category", pyeval.hand_category, strength)
    arr = _int_content(strength)
    if arr is not None and (arr.size == 0 or ((arr >= 1) & (arr <= 7462)).all()):
        assert not isinstance(result, Raised), result
        expected = np.array(pyeval.HIGH_CATEGORIES)[np.searchsorted(HIGH_CATEGORY_STARTS, arr, side="right") - 1]
        assert (np.asarray(result) == expected).all()
    elif arr is not None:
        assert isinstance(result, Raised) and isinstance(result.exc, ValueError), result


@pytest.mark.parametrize("kind", list(KINDS))
def test_describe_every_valid_strength(kind):
    """Not random: every strength of every kind has a description (no KeyError/IndexError in a corner)."""
    top = KINDS[kind][1]
    values = np.arange(0 if "low8" in kind else 1, top + 1)
    texts = call("describe", pyeval.describe, values, kind=kind, generated=False)
    assert len(texts) == len(values) and all(texts)


# ----------------------------------------------------------------------------------------------
# The command line
# ----------------------------------------------------------------------------------------------

def run_cli(entry, argv, generated=True):
    """``pyeval.cli.main(argv)`` in-process: exit 0 with output, or exit 2 with a one-line error."""
    from pyeval.cli import main

    out, err = io.StringIO(), io.StringIO()

    def run():
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                return main(argv)
            except SystemExit as exc:  # argparse usage error (e.g. a hand starting with '-')
                return f"SystemExit({exc.code})"

    code = call(entry, run, generated=generated)
    if code == "SystemExit(0)":  # a generated '-h' or '--help' asks for the help text: printed, exit 0
        assert {"-h", "--help"} & set(argv) and "usage:" in out.getvalue(), (argv, out.getvalue())
        return
    assert code in (0, 2, "SystemExit(2)"), (argv, code, err.getvalue())
    if code != 0:  # an error exit: counted apart from the successful runs
        STATS[entry]["result"] -= 1
        STATS[entry]["exit 2"] += 1
        assert "Traceback" not in err.getvalue() and err.getvalue().strip(), (argv, err.getvalue())
    if code == 2:
        assert err.getvalue().startswith("pyeval: error: "), err.getvalue()
    if code == 0:
        assert out.getvalue().strip()
        if "--json" in argv:
            json.loads(out.getvalue())
    return code


# Refused counts (no huge valid ones: a request for 10**12 deals is honoured, slowly).
CLI_BAD_COUNTS = ["0", "-5", "1.5e-3", "abc", "", "k", "M", "nan", "--", "1e3x", "0x10", "½", "１０"]


def cli_junk_words():
    return st.one_of(junk_text(), st.text(max_size=5).map(lambda t: "-" + t))


@st.composite
def cli_hands(draw, sizes):
    """Space-separated distinct cards, junk one time in four."""
    if draw(st.integers(0, 3)) == 0:
        return [draw(cli_junk_words())]
    pool = random_rows(draw, 1, 52)[0].tolist()
    return [card_text_for(pool[:draw(st.sampled_from(sizes))], draw).replace(" ", "") or "As"]


@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))
@given(cli_hands([4, 5, 5, 6, 7, 3]), junk_option(st.sampled_from(["high", "low8", "razz", "deuce7", "shortdeck",
                                                                  "badugi"]), 8).map(str),
       st.sampled_from([None, None, None, "2c3d4h", "2c3d4h5s6c", "7s"]), st.booleans())
def test_fuzz_cli_eval(hand, kind, board, as_json):
    argv = ["eval", *hand, "--kind", kind] + (["--board", board] if board is not None else []) + \
        (["--json"] if as_json else [])
    run_cli("cli eval", argv)


@needs_equity
@settings(FUZZ, max_examples=max(EXAMPLES // 4, 1))
@given(junk_option(st.sampled_from(["holdem", "omaha", "stud", "razz", "badugi", "shortdeck"]), 8).map(str),
       st.lists(st.one_of(st.just(["random"]), cli_hands([2, 2, 3, 4])), min_size=1, max_size=4),
       st.sampled_from([None, None, "", "Ah"]),
       st.sampled_from(["500", "1k", "2000", "1_500", " 800 "] * 3 + CLI_BAD_COUNTS), st.booleans())
def test_fuzz_cli_equity(game, hands, board, samples, as_json):
    argv = ["equity", game, *[w for h in hands for w in h], "--samples", samples, "--seed", "1"] + \
        (["--board", board] if board is not None else []) + (["--json"] if as_json else [])
    run_cli("cli equity", argv)


@settings(FUZZ, max_examples=max(EXAMPLES // 8, 1))
@given(junk_option(st.sampled_from(["holdem", "razz", "omaha-hilo", "stud", "badugi"]), 8).map(str),
       st.sampled_from(["2", "3", "0", "11", "x", "-1"]), st.sampled_from(["2k", "500", "0", "abc", "1e3x", "3k"]),
       st.lists(st.sampled_from(["starting-hands", "categories", "hilo", "bogus"]), max_size=2),
       st.sampled_from([None, "", "Ah", "AhKd2c", "junk", "AhAh"]),
       st.sampled_from([None, "/missing/x.csv", "x.parquet", "OUT.csv", "OUT.npz"]), st.booleans())
def test_fuzz_cli_simulate(tmp_path_factory, game, players, deals, studies, board, out, as_json):
    argv = ["simulate", game, "--players", players, "--deals", deals, "--seed", "1", "--threads", "1",
            "--no-progress"] + [w for s in studies for w in ("--study", s)] + \
        (["--board", board] if board is not None else []) + (["--json"] if as_json else [])
    if out is not None:
        where = tmp_path_factory.mktemp("out") / out if out.startswith("OUT") else out
        argv += ["--out", str(where)]
    run_cli("cli simulate", argv)


@settings(FUZZ, max_examples=max(EXAMPLES // 4, 1))
@given(cli_hands([5, 5, 5, 4, 6]), st.sampled_from(["Qs", "", "As", "xx", "Qs Kd", "2c", None]),
       st.sampled_from([None, "royal=250", "x", "royal=lots", "jokers=1", "flush=-1", "flush=5/0"]), st.booleans())
def test_fuzz_cli_caribbean(hand, dealer, paytable, as_json):
    argv = ["caribbean", *hand] + (["--dealer", dealer] if dealer is not None else []) + \
        (["--paytable", paytable] if paytable is not None else []) + (["--json"] if as_json else [])
    run_cli("cli caribbean", argv)


@needs_equity
@pytest.mark.parametrize("count", ["inf", "-inf", "1e999", "infk"])
def test_cli_samples_infinity(count):
    """Once an OverflowError traceback (int(float('inf'))); now a usage error."""
    assert run_cli("cli equity", ["equity", "holdem", "AhAs", "KdKc", "--samples", count], generated=False) != 0


# ----------------------------------------------------------------------------------------------
# Large inputs (not random): big batches through the C validation path
# ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(EVALUATORS))
def test_big_batch_first_bad_hand_named(name):
    counts, lo, hi, min_code = EVALUATORS[name]
    fn = getattr(pyeval, name)
    rng = np.random.default_rng(8)
    k = counts.stop - 1
    n = 200_000
    hands = (np.argsort(rng.random((n, 52 - min_code)), axis=1)[:, :k] + min_code).astype(np.uint8)
    good = call(name, fn, hands, generated=False)
    check_strengths(name, good, n, False, lo, hi)
    for bad_value in (52, 255):
        spoiled = hands.copy()
        spoiled[123_456, k - 1] = bad_value
        spoiled[150_000, 0] = bad_value
        result = call(name, fn, spoiled, generated=False)
        assert isinstance(result, Raised) and "hand 123456:" in result.message and str(bad_value) in result.message
    spoiled = hands.copy()
    if k > 1:
        spoiled[77_777, 1] = spoiled[77_777, 0]
        result = call(name, fn, spoiled, generated=False)
        assert isinstance(result, Raised) and "hand 77777: duplicate card" in result.message


def test_every_byte_in_every_position():
    """All 256 uint8 values as each card of a valid hand, for every evaluator and card count."""
    for name, (counts, lo, hi, min_code) in EVALUATORS.items():
        fn = getattr(pyeval, name)
        for k in counts:
            base = np.arange(52 - k, 52, dtype=np.uint8)  # k distinct high cards (valid in short deck too)
            batch = np.repeat(base[None, :], 256 * k, axis=0)
            for j in range(k):
                batch[j * 256:(j + 1) * 256, j] = np.arange(256)
            for i in range(len(batch)):
                result = call(name, fn, batch[i], generated=False)
                row = batch[i].astype(np.int64)[None, :]
                if bad_rows(row, min_code).any():
                    assert isinstance(result, Raised) and isinstance(result.exc, ValueError), (name, row, result)
                else:
                    check_strengths(name, result, 1, True, lo, hi)


# ----------------------------------------------------------------------------------------------
# Equity: equity, best_keep, bring_in, get_game
# ----------------------------------------------------------------------------------------------
# Generated queries stay cheap: Monte Carlo with at most a few thousand samples, and exact
# enumeration only when every hand is known and the board is nearly complete.

@st.composite
def equity_queries(draw):
    """(args, kwargs, must_fail): must_fail is True when the query is known to be invalid."""
    if not GAME_NAMES or draw(st.integers(0, 9)) == 0:  # junk all over
        return (draw(st.one_of(junk_text(), junk_scalars())), draw(junk_values())), \
            {"method": "monte-carlo", "samples": 500}, False
    name = draw(st.sampled_from(GAME_NAMES))
    g = pyeval.GAMES[name]
    spelled = draw(st.sampled_from([name, name.upper(), name.replace("-", "_"), f"  {name} "]))
    players = draw(st.sampled_from([2] * 8 + [3] * 4 + [4, 5, g.max_players, 0, 1, g.max_players + 1]))
    pool = random_rows(draw, 1, 52 - g.lowest_card, g.lowest_card)[0].tolist()

    def take(n):  # the next n cards of the shuffled deck (fewer when it runs out)
        out = pool[:n]
        del pool[:n]
        return out

    must_fail = players < 2 or players > g.max_players
    hands, all_known = [], True
    for _ in range(players):
        kind = draw(st.sampled_from(["full", "full", "partial", "unknown"]))
        if kind == "unknown":
            hands.append(draw(st.sampled_from(UNKNOWN_SPELLINGS)))
            all_known = False
            continue
        n = g.hole if kind == "full" else draw(st.integers(0, g.hole))
        all_known &= n == g.hole
        codes = take(n)
        all_known &= len(codes) == g.hole
        hands.append(card_text_for(codes, draw) if draw(st.booleans()) else codes)
    boards = []
    for _ in range(g.boards if g.board else 0):
        n = draw(st.integers(0, g.board))
        boards.append(card_text_for(take(n), draw))
    board = (boards[0] if len(boards) == 1 else boards) if boards else ""
    dead_codes = take(draw(st.integers(0, 3)))
    dead = card_text_for(dead_codes, draw) if draw(st.booleans()) else dead_codes
    corruption = draw(st.sampled_from(["none"] * 12 + ["duplicate", "low card", "junk hand", "junk board",
                                                      "junk dead", "too many board cards"]))
    known_hands = [i for i, h in enumerate(hands) if isinstance(h, list) and h]
    if corruption == "duplicate" and known_hands:
        i = draw(st.sampled_from(known_hands))
        others = [c for j, h in enumerate(hands) if j != i and isinstance(h, list) for c in h] + \
            (dead_codes if isinstance(dead, list) else [])
        if others:
            hands[i] = hands[i][:-1] + [draw(st.sampled_from(others))]
            must_fail = True
    elif corruption == "low card" and g.lowest_card and known_hands:
        i = draw(st.sampled_from(known_hands))
        hands[i] = hands[i][:-1] + [draw(st.integers(0, g.lowest_card - 1))]
        must_fail = True
    elif corruption == "junk hand" and hands:
        hands[draw(st.integers(0, len(hands) - 1))] = draw(junk_values())
    elif corruption == "junk board":
        board = draw(st.one_of(junk_values(), junk_text()))
    elif corruption == "junk dead":
        dead = draw(st.one_of(junk_values(), junk_text()))
    elif corruption == "too many board cards" and g.board and g.boards == 1:
        board = card_text_for([c for c in range(g.lowest_card, 52)][-(g.board + 1):], draw)
        must_fail = True
    near_complete = bool(boards) and all(len(pyeval.parse_cards(b)) >= g.board - 1 for b in boards) \
        and g.boards == 1
    exact_ok = all_known and near_complete and corruption == "none" and players <= 4
    kwargs = {"board": board, "dead": dead,
              "method": draw(junk_option(st.sampled_from(["exact", "auto", "monte-carlo", "mc"] if exact_ok
                                                         else ["monte-carlo", "mc"]))),
              "samples": draw(junk_option(st.integers(1, 3000))),
              "seed": draw(junk_option(st.integers(0, 2**64))),
              "threads": draw(junk_option(st.sampled_from([None, 1, 2]))),
              # a valid stderr_target costs a full round of 2**21 deals: rare
              "stderr_target": draw(st.sampled_from([None] * 40 + [0.05, 0.0, -1.0, float("nan"), "0.1"]))}
    if kwargs["samples"] is None or isinstance(kwargs["samples"], float) and kwargs["samples"] > 5000:
        kwargs["samples"] = 1000  # the default (a million) is too slow for fuzzing
    if isinstance(kwargs["samples"], int) and not isinstance(kwargs["samples"], bool) and kwargs["samples"] > 5000:
        kwargs["samples"] = 5000
    return (spelled, hands), kwargs, must_fail


def check_equity_result(entry, r, players):
    assert isinstance(r, pyeval.EquityResult), f"{entry}: returned {type(r).__name__}"
    eq = np.asarray(r.equity, dtype=float)
    assert eq.shape == (players,), f"{entry}: {eq.shape} equities for {players} players"
    assert np.isfinite(eq).all() and (eq >= -1e-12).all() and (eq <= 1 + 1e-12).all(), eq
    assert abs(eq.sum() - 1) < 1e-9, f"{entry}: equities sum to {eq.sum()}"
    for name in ("win", "tie"):
        v = np.asarray(getattr(r, name), dtype=float)
        assert ((v >= 0) & (v <= 1 + 1e-12)).all(), (name, v)
    if r.method == "exact":
        assert int(np.sum(r.units)) == r.pot_units * r.outcomes
    repr(r)
    r.to_json()


@needs_equity
@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))
@given(equity_queries())
def test_fuzz_equity(query):
    args, kwargs, must_fail = query
    result = call("equity", pyeval.equity, *args, **kwargs)
    if must_fail:
        assert isinstance(result, Raised), f"invalid query accepted: {args} {kwargs} -> {result!r}"
    if not isinstance(result, Raised):
        check_equity_result("equity", result, len(args[1]))


@needs_equity
@settings(FUZZ, max_examples=max(EXAMPLES // 4, 1))
@given(st.sampled_from(["irish", "aviation"] * 3 + ["holdem", "junk"]), st.sampled_from([3, 4, 4, 4, 0, 2, 5]),
       junk_option(st.sampled_from([0] * 6 + [1, -1, 5])), st.data())
def test_fuzz_best_keep(game, dealt, player, data):
    cards = [c for c in random_rows(data.draw, 1, 52)[0].tolist()]
    hands = [card_text_for(cards[:dealt], data.draw), data.draw(st.sampled_from(["random", "KdKc", "7s"]))]
    if cards[dealt] == 0:
        hands.append("xx")
    result = call("best_keep", pyeval.best_keep, game, hands, player=player, method="monte-carlo", samples=300,
                  seed=1)
    if not isinstance(result, Raised):
        assert isinstance(result, list) and result
        eqs = [k.equity for k in result]
        assert eqs == sorted(eqs, reverse=True) and all(0 <= e <= 1 for e in eqs)


@needs_equity
@FUZZ
@given(junk_option(st.lists(card_codes, unique=True, min_size=2, max_size=8).map(pyeval.format_cards), one_in=3)
       | st.lists(card_codes, max_size=10) | junk_text() | junk_values() | junk_arrays(),
       junk_option(st.sampled_from(STUD_GAMES or ["stud"]), one_in=4))
def test_fuzz_bring_in(up_cards, game):
    result = call("bring_in", pyeval.bring_in, up_cards, game)
    if not isinstance(result, Raised):
        n = len(pyeval.parse_cards(up_cards))
        assert type(result) is int and 0 <= result < n


@needs_equity
@FUZZ
@given(st.one_of(st.sampled_from(GAME_NAMES or ["holdem"]), junk_text(), junk_values()))
def test_fuzz_get_game(name):
    result = call("get_game", pyeval.get_game, name)
    if not isinstance(result, Raised):
        assert isinstance(result, pyeval.Game)


@needs_equity
@pytest.mark.parametrize("seed", [float("inf"), float("-inf")])
def test_equity_seed_infinity(seed):
    """Once an OverflowError (int(inf)); a seed of +-inf must be refused with ValueError/TypeError."""
    result = call("equity", pyeval.equity, "holdem", ["AhAs", "KdKc"], method="monte-carlo",
                  samples=100, seed=seed, generated=False)
    assert isinstance(result, Raised)
