"""iPoker's XML read by string operations: a ``<game>``'s ``<player>``, ``<action>``, ``<cards>``
and ``<round>`` elements and their attributes, as the patterns ``_TAG`` (in the tests) and
``ATTRS`` find them, without trying a pattern at every character (``ipoker`` makes the hand of
them).  The money attributes' values, as written, tell ``ipoker`` the decimal mark."""

from __future__ import annotations

import html
import re
from typing import Final

__all__ = ["ATTRS", "MONEY_VALUES", "TAG_FIELDS", "Tag", "game_elements", "elements", "attributes"]

ATTRS: Final = re.compile(r"(\w+)=\"([^\"]*)\"")
"""A tag's attributes as the pattern reads them: ``attributes`` reads what it reads."""
MONEY_VALUES: Final = re.compile(r"(?:sum|chips|win|bet)=\"([^\"]*)\"")
"""The attributes whose amounts say the decimal mark."""

TAG_FIELDS: Final[tuple[str, ...]] = ("name", "seat", "chips", "bet", "win", "dealer", "no", "type", "player", "sum",
                                      "actiontxt")
"""The attributes of a game's elements that ``ipoker`` reads (``Tag``'s fields, in this order)."""
_FIELD_OF: Final[dict[str, int]] = {name: k for k, name in enumerate(TAG_FIELDS)}


class Tag:
    """A game's ``<player>``, ``<action>``, ``<cards>`` or ``<round>`` element: the attributes of
    ``TAG_FIELDS`` as read and unescaped (None: not written; the last when written twice, as a dict
    of them would keep) and the text of a ``<cards>`` element.  Read straight into the fields:
    no dict of every attribute a tag."""

    def __init__(self, tag: str, content: str) -> None:
        self.tag = tag
        self.content = content
        self.name: str | None = None
        self.seat: str | None = None
        self.chips: str | None = None
        self.bet: str | None = None
        self.win: str | None = None
        self.dealer: str | None = None
        self.no: str | None = None
        self.type: str | None = None
        self.player: str | None = None
        self.sum: str | None = None
        self.actiontxt: str | None = None

    def put(self, field: int, value: str | None) -> None:
        """Set the field ``TAG_FIELDS[field]``."""
        if field == 0:
            self.name = value
        elif field == 1:
            self.seat = value
        elif field == 2:
            self.chips = value
        elif field == 3:
            self.bet = value
        elif field == 4:
            self.win = value
        elif field == 5:
            self.dealer = value
        elif field == 6:
            self.no = value
        elif field == 7:
            self.type = value
        elif field == 8:
            self.player = value
        elif field == 9:
            self.sum = value
        elif field == 10:
            self.actiontxt = value

    def fields(self) -> dict[str, str]:
        """The fields written, by name (what a dict of the tag's attributes holds of ``TAG_FIELDS``)."""
        values = (self.name, self.seat, self.chips, self.bet, self.win, self.dealer, self.no, self.type,
                  self.player, self.sum, self.actiontxt)
        return {name: value for name, value in zip(TAG_FIELDS, values) if value is not None}

    def __repr__(self) -> str:
        return f"Tag({self.tag!r}, {self.fields()!r}, {self.content!r})"


def game_elements(text: str, game_tag: re.Match[str]) -> tuple[dict[str, str], list[Tag], list[str]]:
    """The ``<game>`` tag's attributes (as written), the game's elements (``elements``, as ``Tag``s:
    attributes read and unescaped) and its money attributes' values as written
    (``MONEY_VALUES.findall`` from the ``<game>`` tag on)."""
    game_at = game_tag.start()
    money: list[str] = []
    game, plain = attributes(game_tag.group(0)[5:-1], money, False)
    found: list[Tag] = []
    layouts: dict[str, _Layout] = {}  # each tag's names as last written: its elements repeat them
    for tag, start, end, content in _element_spans(text, game_at):
        layout = layouts.get(tag)
        if layout is None:
            layout = layouts[tag] = _Layout()
        element = Tag(tag, content)
        _, written = _attributes_in(text, start, end, money, True, layout, element)
        plain = plain + written if plain >= 0 and written >= 0 else -1
        found.append(element)
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
    return _attributes_in(attrs, 0, len(attrs), money, unescape, _Layout(), None)


class _Layout:
    """The attributes of the tag last read with a name: the texts before each value (`` seat=``),
    the names they write and whether each is a money attribute (a key's name and money-ness never
    change: a tag that repeats the last one's keys looks neither up)."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.names: list[str] = []
        self.money: list[bool] = []
        self.fields: list[int] = []  # each name's place in TAG_FIELDS, -1: none


def _attributes_in(text: str, start: int, end: int, money: list[str], unescape: bool,
                   layout: _Layout, into: Tag | None) -> tuple[dict[str, str], int]:
    """``attributes`` of ``text[start:end]``, read in place.  ``layout``: the tag last read with
    this name, its keys compared in place before one is cut out and looked up (updated here).
    ``into``: a ``Tag`` given the attributes of its fields, the dict returned then the shared empty
    ``_INTO_TAG`` (no dict made a tag; but when the pattern reads them)."""
    found: dict[str, str] = {} if into is None else _INTO_TAG
    escaped = unescape and text.find("&", start, end) >= 0  # (looked for once a tag: few values have an entity)
    pos = start
    count = 0
    keys = layout.keys
    while True:
        # the last tag's key at this place, followed by its quote: the first quote is where it says
        predicted = False
        opening = -1
        if count < len(keys):
            key = keys[count]
            opening = pos + len(key)
            predicted = opening < end and ord(text[opening]) == 34 and text.find(key, pos, opening) == pos
        if not predicted:
            opening = text.find('"', pos, end)
            if opening < 0:  # an even number of quotes, every name plain
                return found, count
        closing = text.find('"', opening + 1, end)
        if closing < 0:  # an odd number of quotes
            break
        if predicted:
            name = layout.names[count]
            is_money = layout.money[count]
            field = layout.fields[count]
        else:  # (a key with no quote in it, not the last tag's here)
            key = text[pos:opening]
            found_name = _KEY_NAMES.get(key)
            name = _key_name(key) if found_name is None else found_name
            is_money = name in _MONEY_KEYS
            field = _FIELD_OF.get(name, -1)
            if count < len(keys):
                keys[count] = key
                layout.names[count] = name
                layout.money[count] = is_money
                layout.fields[count] = field
            else:
                keys.append(key)
                layout.names.append(name)
                layout.money.append(is_money)
                layout.fields.append(field)
        if not name:
            break
        if into is None or field >= 0 or is_money:  # (a value no one reads is not cut out)
            value = text[opening + 1:closing]
            if is_money:
                money.append(value)
            if into is None:
                found[name] = html.unescape(value) if escaped and "&" in value else value
            elif field >= 0:
                into.put(field, html.unescape(value) if escaped and "&" in value else value)
        count += 1
        pos = closing + 1
    attrs = text[start:end]
    found = {k: html.unescape(v) if escaped and "&" in v else v for k, v in ATTRS.findall(attrs)}
    if into is not None:  # the pattern's reading, not what was put before the name that is not plain
        for field, name in enumerate(TAG_FIELDS):
            into.put(field, found.get(name))
    return found, -1


_INTO_TAG: Final[dict[str, str]] = {}
"""What ``_attributes_in`` returns for a tag read into a ``Tag`` (never written to)."""


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
