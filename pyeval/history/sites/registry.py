"""How a site reader plugs in, how a file's bytes become text, and which reader reads a text.

A site reader is a module ``pyeval/history/sites/<module>.py`` named in ``READ_MODULES`` that
declares:

``SITE``                        the site's name, as ``Hand.site`` writes it ("pokerstars")
``detect(text) -> bool``        whether the text (a whole file, decoded) is this site's format;
                                it looks at the start of the text only, and must be cheap
``split(text) -> [(line, hand_text), ...]``   the text cut into hands, each with the line of the
                                text it starts on (1 = the first); nothing dropped (text that is
                                not a hand is a piece of its own, which ``parse`` refuses)
``HAND_ID`` (optional)          a compiled pattern whose group 1 is a hand's id in its text, for
                                the row of a hand skipped (else the text's first ``#<id>``)
``parse(hand_text, source, line) -> Hand``    one hand (``pyeval.history.sites.model.Hand``,
                                ``source`` and ``line`` set), or ``ValueError`` whose message is
                                the reason the hand is skipped (one sentence naming the defect:
                                "the hand is cut short: no summary", "unknown game 'Mixed ...'")

The first reader in ``READERS`` whose ``detect`` says yes reads the file (``site=`` forces one).
A text no reader detects is one skipped row: "not a hand history pyeval reads".
"""

from __future__ import annotations

import codecs
import importlib
from functools import cache
from types import ModuleType

from pyeval.history.sites.model import Hand, Skipped

__all__ = ["READERS", "READ_MODULES", "decode", "reader", "readers", "detect", "read_text", "sites", "check_site"]

READ_MODULES: tuple[str, ...] = (
    # one module a line: the PokerStars-like text family first (issue 40's core), the other sites after
    "pokerstars",
    "ggpoker",
    "runitonce",
    "fulltilt",
    "wpn",
    "winamax",
    "poker888",
    "partypoker",
    "ipoker",
    "bovada",
    "merge",
    "bossmedia",
    "entraction",
    "microgaming",
    "igt",
    "ongame",
)
"""The readers of the sites pyeval reads."""
READERS: tuple[str, ...] = READ_MODULES
"""The reader modules, in the order their ``detect`` is asked (a more specific format first)."""


@cache
def reader(module: str) -> ModuleType:
    """The reader module ``pyeval.history.sites.<module>``."""
    return importlib.import_module(f"pyeval.history.sites.{module}")


@cache
def readers() -> tuple[ModuleType, ...]:
    """The reader modules, in ``READERS`` order (made once: ``detect`` asks them for every file)."""
    return tuple(reader(m) for m in READERS)


def sites() -> list[str]:
    """The sites read (their ``SITE``), in ``READERS`` order: ``read_hands(site=)`` takes these."""
    return [reader(m).SITE for m in READ_MODULES]


def check_site(site: object) -> None:
    """``site=``: None or a site read; ValueError naming the sites read (TypeError for a site that
    is not a str)."""
    if site is None or isinstance(site, str) and site in sites():
        return
    if not isinstance(site, str):
        raise TypeError(f"site must be a site's name (str) or None, got {type(site).__name__}")
    raise ValueError(f"unknown site {site!r}; sites read: {', '.join(sites())}")


def detect(text: str) -> ModuleType | None:
    """The reader of a text, or None."""
    for module in readers():
        if module.detect(text):
            return module
    return None


def decode(data: bytes) -> str:
    """A file's bytes as text: UTF-8 (a BOM dropped), UTF-16 with a BOM (or without one when most
    of every other byte of the start is zero), else the sites' legacy encoding cp1252 (latin-1 for the five
    bytes cp1252 leaves undefined).  Line ends become ``\\n``."""
    if data.startswith(codecs.BOM_UTF8):
        text = data[3:].decode("utf-8", errors="replace")
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = data.decode("utf-16", errors="replace")
    elif _zeros(data[1:200:2]) and not _zeros(data[0:200:2]):
        text = data.decode("utf-16-le", errors="replace")
    elif _zeros(data[0:200:2]) and not _zeros(data[1:200:2]):
        text = data.decode("utf-16-be", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = "".join(_cp1252(b) for b in data) if _has_undefined(data) else data.decode("cp1252")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.lstrip("\ufeff")


def _zeros(half: bytes) -> bool:
    """Whether most of these bytes are zero (UTF-16 text without a BOM: every other byte of
    ASCII text)."""
    return len(half) >= 2 and half.count(0) * 2 > len(half)


_UNDEFINED = frozenset({0x81, 0x8D, 0x8F, 0x90, 0x9D})


def _has_undefined(data: bytes) -> bool:
    return any(b in data for b in (b"\x81", b"\x8d", b"\x8f", b"\x90", b"\x9d"))


def _cp1252(b: int) -> str:
    return chr(b) if b in _UNDEFINED else bytes([b]).decode("cp1252")


def read_text(text: str, source: str, site: str | None = None, module: ModuleType | None = None
              ) -> tuple[list[Hand], list[Skipped]]:
    """The hands of one file's text (``site``: the reader's ``SITE``; ``module``: the reader
    ``detect`` gave the caller; else detected), and a row for every piece not read."""
    check_site(site)
    if site is not None:
        module = next(m for m in readers() if m.SITE == site)
    elif module is None:
        module = detect(text)
    if module is None:
        if not text.strip():
            return [], [Skipped(source, 1, "the file is empty")]
        return [], [Skipped(source, 1, "not a hand history pyeval reads (no site's format recognised at the start "
                                       "of the text)")]
    hands: list[Hand] = []
    skipped: list[Skipped] = []
    for line, hand_text in module.split(text):
        try:
            hands.append(module.parse(hand_text, source, line))
        except ValueError as e:
            skipped.append(Skipped(source, line, str(e), module.SITE, _hand_id(module, hand_text)))
    return hands, skipped


def _hand_id(module: ModuleType, hand_text: str) -> str:
    """A skipped hand's id: the reader's ``HAND_ID`` pattern when it declares one, else the first
    ``#<id>`` of the text."""
    pattern = getattr(module, "HAND_ID", None)
    if pattern is not None:
        found = pattern.search(hand_text)
        return found.group(1) if found else ""
    return _first_id(hand_text)


def _first_id(hand_text: str) -> str:
    """A hand's id for a skipped row: the first ``#<digits>`` of its text, else ""."""
    at = hand_text.find("#")
    if at < 0:
        return ""
    end = at + 1
    while end < len(hand_text) and (hand_text[end].isalnum() or hand_text[end] in "-"):
        end += 1
    return hand_text[at + 1:end]
