"""iPoker's XML read by string operations: a ``<game>``'s ``<player>``, ``<action>``, ``<cards>``
and ``<round>`` elements and their attributes, as the patterns ``_TAG`` (in the tests) and
``ATTRS`` find them, without trying a pattern at every character (``ipoker`` makes the hand of
them).  The money attributes' values, as written, tell ``ipoker`` the decimal mark."""

from __future__ import annotations

import html
import re
from typing import Final

__all__ = ["ATTRS", "MONEY_VALUES", "game_elements", "elements", "attributes"]

ATTRS: Final = re.compile(r"(\w+)=\"([^\"]*)\"")
"""A tag's attributes as the pattern reads them: ``attributes`` reads what it reads."""
MONEY_VALUES: Final = re.compile(r"(?:sum|chips|win|bet)=\"([^\"]*)\"")
"""The attributes whose amounts say the decimal mark."""

Element = tuple[str, dict[str, str], str]
"""A tag's name, its attributes (read and unescaped) and the text of a ``<cards>`` element."""


def game_elements(text: str, game_tag: re.Match[str]) -> tuple[dict[str, str], list[Element], list[str]]:
    """The ``<game>`` tag's attributes (as written), the game's elements (``elements``, attributes
    read and unescaped) and its money attributes' values as written (``MONEY_VALUES.findall`` from
    the ``<game>`` tag on)."""
    game_at = game_tag.start()
    money: list[str] = []
    game, plain = attributes(game_tag.group(0)[5:-1], money, False)
    found: list[Element] = []
    layouts: dict[str, _Layout] = {}  # each tag's names as last written: its elements repeat them
    for tag, start, end, content in _element_spans(text, game_at):
        layout = layouts.get(tag)
        if layout is None:
            layout = layouts[tag] = _Layout()
        read, written = _attributes_in(text, start, end, money, True, layout)
        plain = plain + written if plain >= 0 and written >= 0 else -1
        found.append((tag, read, content))
    if plain != text.count("=", game_at):  # an "=" not after a plain name: the values as the pattern finds them
        money = MONEY_VALUES.findall(text, game_at)
    return game, found, money


def elements(text: str, start: int) -> list[tuple[str, str, str]]:
    """The ``<player>``, ``<action>``, ``<cards>`` and ``<round>`` tags from ``start`` on, each as
    (name, its attributes' text, the text of a ``<cards>`` element), where the pattern
    ``<(player|action|cards|round)\\b([^>]*?)(?:/>|>([^<]*)</cards>|>)`` finds them."""
    return [(name, text[at:end], content) for name, at, end, content in _element_spans(text, start)]


def _element_spans(text: str, start: int) -> list[tuple[str, int, int, str]]:
    """``elements`` with each tag's attributes as where they start and end in ``text``: found with
    ``str.find`` (the pattern's lazy attribute text tried its three endings at every character)."""
    found: list[tuple[str, int, int, str]] = []
    size = len(text)
    at = text.find("<", start)
    while at >= 0:
        name = _ELEMENT_NAMES.get(text[at + 1:at + 2], "")
        after = at + 1 + len(name)
        if not name or text.find(name, at + 1, after) < 0 or (  # (a word character after it: "<players>")
                after < size and (text[after].isalnum() or text[after] == "_")):
            at = text.find("<", at + 1)
            continue
        close = text.find(">", after)
        if close < 0:
            break
        at = text.find("<", close + 1)
        if close > after and text[close - 1] == "/":
            found.append((name, after, close - 1, ""))
        elif at >= 0 and text.find("</cards>", at, at + 8) == at:
            found.append((name, after, close, text[close + 1:at]))
            at = text.find("<", at + 8)
        else:
            found.append((name, after, close, ""))
    return found


_ELEMENT_NAMES: Final[dict[str, str]] = {"a": "action", "c": "cards", "p": "player", "r": "round"}


def attributes(attrs: str, money: list[str], unescape: bool) -> tuple[dict[str, str], int]:
    """A tag's ``name="value"`` pairs as ``ATTRS.findall`` finds them (unescaped when ``unescape``):
    read between the quotes when every name is written plainly (white space, a word, ``=``), else
    read with the pattern; and how many names were plain (-1: the pattern), the plain money
    attributes' values (``_MONEY_NAMES``, also as the end of a name) added to ``money`` as written
    (when the pattern reads them, some may have been added: the caller reads them again)."""
    return _attributes_in(attrs, 0, len(attrs), money, unescape, _Layout())


class _Layout:
    """The attributes of the tag last read with a name: the texts before each value (`` seat=``),
    the names they write and whether each is a money attribute (a key's name and money-ness never
    change: a tag that repeats the last one's keys looks neither up)."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.names: list[str] = []
        self.money: list[bool] = []


def _attributes_in(text: str, start: int, end: int, money: list[str], unescape: bool,
                   layout: _Layout) -> tuple[dict[str, str], int]:
    """``attributes`` of ``text[start:end]``, read in place.  ``layout``: the tag last read with
    this name, its keys compared in place before one is cut out and looked up (updated here)."""
    found: dict[str, str] = {}
    escaped = unescape and text.find("&", start, end) >= 0  # (looked for once a tag: few values have an entity)
    pos = start
    count = 0
    while True:
        opening = text.find('"', pos, end)
        if opening < 0:  # an even number of quotes, every name plain
            return found, count
        closing = text.find('"', opening + 1, end)
        if closing < 0:  # an odd number of quotes
            break
        keys = layout.keys
        key = keys[count] if count < len(keys) else ""
        if count < len(keys) and opening - pos == len(key) and text.find(key, pos, opening) == pos:
            name = layout.names[count]
            is_money = layout.money[count]
        else:
            key = text[pos:opening]
            found_name = _KEY_NAMES.get(key)
            name = _key_name(key) if found_name is None else found_name
            is_money = name in _MONEY_KEYS
            if count < len(keys):
                keys[count] = key
                layout.names[count] = name
                layout.money[count] = is_money
            else:
                keys.append(key)
                layout.names.append(name)
                layout.money.append(is_money)
        if not name:
            break
        value = text[opening + 1:closing]
        if is_money:
            money.append(value)
        found[name] = html.unescape(value) if escaped and "&" in value else value
        count += 1
        pos = closing + 1
    attrs = text[start:end]
    return {k: html.unescape(v) if escaped and "&" in v else v for k, v in ATTRS.findall(attrs)}, -1


def _key_name(key: str) -> str:
    """The name of an attribute's text before its value (`` seat=``), "" when not written plainly;
    kept in ``_KEY_NAMES`` (a file's tags repeat a few names)."""
    name = key[:-1].lstrip()
    if not key.endswith("=") or not name or not (name.isalnum() or name.replace("_", "a").isalnum()):
        name = ""
    if len(_KEY_NAMES) >= _KEY_NAMES_MAX:
        _KEY_NAMES.clear()
        _MONEY_KEYS.clear()
    if name.endswith(_MONEY_NAMES):
        _MONEY_KEYS.add(name)
    _KEY_NAMES[key] = name
    return name


_KEY_NAMES: Final[dict[str, str]] = {}
_MONEY_KEYS: Final[set[str]] = set()
"""The names of ``_KEY_NAMES`` that end as a money attribute's (``_MONEY_NAMES``)."""
_KEY_NAMES_MAX: Final = 1000
_MONEY_NAMES: Final[tuple[str, ...]] = ("sum", "chips", "win", "bet")
