"""Reading PHH hand histories into what the all-in EV needs (``HandRecord``).

Two readers give the same records:

* the fast reader (this module): plain PHH files of the board games with blinds (no-limit and
  limit hold'em, short deck, Omaha, Omaha hi/lo) with whole-chip amounts and ``finishing_stacks``.
  It reads the ``key = value`` lines itself (``tomllib`` where a value spans lines or carries
  comments) and walks the ``actions`` list with a few integers per player: no state machine.
  Most hands are not walked at all: when the actions are the plain ones (``_ACTIONS``) and no
  stack can have gone all-in (each is above the ante plus the largest bet of every street,
  ``_no_allin``), the hand is not an all-in and only its stacks are read.
  It declines anything else (returns None): a draw, a bring-in, chips that are not integers,
  a stack that the blinds and antes would put all-in, a file without ``finishing_stacks``;
* pokerkit's replay (``pyeval.history.replay``): everything the fast reader declines.

``tests/test_history.py`` checks the two hand for hand on every file of the shared PHH data.
"""

from __future__ import annotations

import functools
import importlib
import operator
import re
from dataclasses import dataclass, field
from typing import Any

from pyeval.core.games import GAMES

__all__ = ["HandRecord", "VARIANTS", "BOARD_STREETS", "read_fast", "parse_fields", "split_hands", "hands_with_lines",
           "field_line", "betting_over", "cards_at_allin", "set_allin"]

VARIANTS = {
    "NT": "holdem", "FT": "holdem", "NS": "shortdeck-straight", "PO": "omaha", "FO/8": "omaha-hilo",
    "F7S": "stud", "F7S/8": "stud-hilo", "FR": "razz", "N2L1D": "draw-deuce7", "F2L3D": "draw-deuce7", "FB": "badugi",
}
"""The PHH specification's variant codes -> the pyeval game that ranks hands as pokerkit does
(short deck: a straight beats three of a kind, a flush a full house, as pokerkit and the Triton
hand ``phua-xuan-2019.phh`` play it; tests/test_history_variants.py).  Any other code is refused
for the hand: it is skipped with the reason."""
FAST_VARIANTS = {"NT", "FT", "NS", "PO", "FO/8"}
"""The board games with blinds that the fast reader walks."""
DRAW_GAMES = {"draw-deuce7", "badugi"}
BOARD_STREETS = {0: "preflop", 3: "flop", 4: "turn"}
"""The street of an all-in by the board cards dealt (board games)."""


@dataclass(slots=True)
class HandRecord:
    """One hand, as the all-in EV reads it.

    finishing     each seat's stack at the end (actual winnings = finishing - starting)
    allin_street  the street at which betting ended with cards to come ("preflop", "flop", "turn",
                  "3rd".."6th" in stud), or None when the hand is not an all-in
    put_in        each seat's chips in the pot at the all-in (uncalled bets returned); None when
                  not an all-in
    contesting    each seat still in the hand at the all-in
    board, holes  the cards dealt at the all-in: the board, each seat's hand ("" when unknown)
    dead          cards seen out of the deck at the all-in (stud: folded players' up cards)
    line          the line of the file the hand starts on (a skipped hand: the line of the fault)
    skipped       why the hand is not read (invalid, or not readable here), else None
    final_board, final_holes   an all-in's cards at the end: the board, each contesting hand
                  (as shown; "" unknown), to check the finishing stacks (at ``finishing_line``)
    antes         each seat's antes inside ``put_in``: dead money of the main pot (empty when
                  none, or when trimmed antes count as bets, as pokerkit plays them)
    note          why a hand whose betting ended early is not counted (a mucked hand), or why
                  a hand is skipped (an unknown variant)
    unit          the hand's big blind, for results in big blinds (PHH: the largest blind or
                  straddle, else the small bet, else the bring-in; 0 when none)
    site, stakes, date, tournament    a site's hand (``pyeval.history.sites``): the site, the
                  stakes as text, the start time, the tournament's id; "", "", "", None for PHH
    cash_out      a site's hand: each seat's cash-out or insurance money, outside the pot (actual
                  = finishing - starting + cash_out); empty when none
    """

    source: str
    index: int
    hand: str | None
    variant: str
    game: str | None
    players: list[str]
    starting: list[Any]
    finishing: list[Any]
    rake: Any = 0
    allin_street: str | None = None
    put_in: list[Any] | None = None
    contesting: list[bool] = field(default_factory=list)
    board: str = ""
    holes: list[str] = field(default_factory=list)
    dead: str = ""
    note: str | None = None
    reader: str = "fast"
    antes: list[Any] = field(default_factory=list)
    line: int = 1
    skipped: str | None = None
    final_board: str = ""
    final_holes: list[str] = field(default_factory=list)
    finishing_line: int = 0
    site: str = ""
    unit: Any = 0
    stakes: str = ""
    date: str = ""
    cash_out: list[Any] = field(default_factory=list)
    tournament: str | None = None

    def same_reading(self, other: HandRecord) -> bool:
        """The fields both readers produce, compared (not the reader's name)."""
        names = ("variant", "game", "players", "starting", "finishing", "allin_street", "put_in", "contesting",
                 "board", "holes", "dead", "note", "antes")
        return all(getattr(self, n) == getattr(other, n) for n in names)


# ---------------------------------------------------------------------------
# fields
# ---------------------------------------------------------------------------

_QUOTED = re.compile(r"'([^']*)'|\"([^\"]*)\"")
_SECTION = re.compile(r"^\s*\[[^\]]*\]\s*$", re.M)


def _value(text: str) -> Any:
    """A one-line TOML value of the kinds PHH writes, or raise ValueError."""
    if text[0] == "[":
        if text[-1] != "]":
            raise ValueError(text)
        inner = text[1:-1].strip()
        if not inner:
            return []
        if inner[0] in "'\"":
            return [a or b for a, b in _QUOTED.findall(inner)]
        items = inner.split(",")
        try:
            return list(map(int, items))
        except ValueError:
            return [_value(x.strip()) for x in items if x.strip()]
    if text[0] in "'\"":
        if len(text) < 2 or text[-1] != text[0] or text[0] in text[1:-1]:
            raise ValueError(text)
        return text[1:-1]
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return float(text)


def parse_fields(text: str) -> dict[str, Any]:
    """The fields of one PHH hand: the ``key = value`` lines read directly when each is one
    plain line, else the whole text through ``tomllib``.  ValueError when it is not TOML."""
    fields = fields_of(text)
    raw = fields.get("actions")
    if isinstance(raw, RawActions):
        fields["actions"] = raw.parse()
    return fields


class RawActions(str):
    """An ``actions`` value of the plain grammar (``_ACTIONS``), kept as text: most hands are
    read without splitting it (``_no_allin``)."""

    __slots__ = ()

    def parse(self) -> list[str]:
        return _QUOTED_ITEM.findall(self)


_ACTION = r"(?:d dh p\d+ [^'\s]+|d db [^'\s]+|p\d+ (?:f|cc|cbr \d+|sm(?: [^'\s]+)?))"
_ACTIONS = re.compile(rf"\[(?:'{_ACTION}'(?:, '{_ACTION}')*)?\]")
"""A one-line ``actions`` list of the plain actions of a board game with blinds, single-quoted."""
_LINES = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*) = (.*)$", re.M)
"""The ``key = value`` lines read without tomllib (each value on one line)."""
_QUOTED_ITEM = re.compile(r"'([^']*)'")
_STREET_OR_BET = re.compile(r"d db |cbr (\d+)")


def fields_of(text: str) -> dict[str, Any]:
    """``parse_fields``, with a plain ``actions`` list left as ``RawActions`` text."""
    if "#" not in text:  # a comment: tomllib
        pairs = _LINES.findall(text)
        if pairs and (len(pairs) == text.count("\n") + (text[-1:] != "\n") or not _LINES.sub("", text).strip()):
            plain: dict[str, Any] = {}
            try:
                for key, value in pairs:
                    value = value.strip()
                    plain[key] = (RawActions(value) if key == "actions" and _ACTIONS.fullmatch(value)
                                  else _value(value))
                return plain
            except (ValueError, IndexError):
                pass
    toml = _toml()
    try:
        fields: dict[str, Any] = toml.loads(text)
    except toml.TOMLDecodeError as e:
        raise ValueError(f"not PHH (TOML): {e}") from None
    return fields


def _toml() -> Any:
    """tomllib (Python 3.11+), else tomli (which pokerkit's extra brings on 3.10)."""
    for name in ("tomllib", "tomli"):
        try:
            return importlib.import_module(name)
        except ImportError:
            pass
    raise ImportError('reading PHH with comments or values over several lines needs Python 3.11 or tomli: '
                      'python -m pip install tomli')


def split_hands(text: str) -> list[str]:
    """The hands of a ``.phhs`` text (``[name]`` sections), or the text itself (one hand)."""
    return [hand for _, hand in hands_with_lines(text)]


def hands_with_lines(text: str) -> list[tuple[int, str]]:
    """``split_hands``, each hand with the line of the file its text starts on (1 = the first)."""
    if not text.startswith("[") and "\n[" not in text:
        return [(1, text)]
    heads = list(_SECTION.finditer(text))
    if not heads:
        return [(1, text)]
    ends = [h.start() for h in heads[1:]] + [len(text)]
    return [(text.count("\n", 0, h.end()) + 1, text[h.end():end]) for h, end in zip(heads, ends)]


def field_line(hand_text: str, field: str | None) -> int:
    """The line (counted from 0 within the hand's text) where ``field`` is set, else 0."""
    if field is None:
        return 0
    m = re.search(rf"^\s*{re.escape(field)}\s*=", hand_text, re.M)
    return hand_text.count("\n", 0, m.start()) if m else 0


# ---------------------------------------------------------------------------
# the fast reader
# ---------------------------------------------------------------------------

_INT = frozenset({int})
_NUMBER = frozenset({int, float})


def _is_chips(values: Any, seats: int, kinds: frozenset[type] = _INT) -> bool:
    return isinstance(values, list) and len(values) == seats and set(map(type, values)) <= kinds


def read_fast(fields: dict[str, Any], source: str, index: int) -> HandRecord | None:
    """The record of one hand of a board game with blinds, or None (the replay reads it)."""
    variant = fields.get("variant")
    if variant not in FAST_VARIANTS:
        return None
    starting = fields.get("starting_stacks")
    finishing = fields.get("finishing_stacks")
    actions = fields.get("actions")
    if not isinstance(starting, list) or not isinstance(actions, (list, RawActions)):
        return None
    seats = len(starting)
    antes = fields.get("antes", [0] * seats)
    blinds = fields.get("blinds_or_straddles", [0] * seats)
    if not (_is_chips(starting, seats) and _is_chips(finishing, seats, _NUMBER) and _is_chips(antes, seats)
            and _is_chips(blinds, seats)) or seats < 2:
        return None
    trimmed = bool(fields.get("ante_trimming_status"))
    if trimmed and len(set(antes) - {0}) > 1:
        return None  # trimmed uneven antes: pokerkit's rule
    if seats == 2:  # heads-up, pokerkit posts the other seat's entry (the button is the small blind)
        antes, blinds = antes[::-1], blinds[::-1]
    if any(s <= a + b for s, a, b in zip(starting, antes, blinds)):
        return None  # posting puts a player all-in
    if isinstance(actions, RawActions):
        if _no_allin(actions, starting, antes, blinds, seats):
            return HandRecord(source, index, _hand_id(fields), variant, VARIANTS[variant], _names(fields, seats),
                              list(starting), list(finishing or []), unit=max(blinds))
        actions = actions.parse()
    stacks = [s - a - b for s, a, b in zip(starting, antes, blinds)]
    put_in = [a + b for a, b in zip(antes, blinds)]
    bets = list(blinds)  # this street's bets (antes are dead money)
    folded = [False] * seats
    holes = [""] * seats
    shown: list[str | None] = [None] * seats  # showdown: cards shown, "" mucked, None not seen
    board = ""
    allin: tuple[str, list[int], list[bool]] | None = None
    still_in = live = seats  # players not folded; of those, not all-in (checked cheaply after each action)
    for action in actions:
        if not isinstance(action, str):
            return None
        parts = action.split()
        if not parts:
            return None
        if parts[0] == "d":
            if len(parts) < 3:
                return None
            if parts[1] == "db":
                _return_uncalled(bets, stacks, put_in)
                bets = [0] * seats
                board += parts[2]
            elif parts[1] == "dh" and len(parts) == 4 and parts[2][:1] == "p":
                holes[int(parts[2][1:]) - 1] = parts[3]
            else:
                return None
            continue
        if parts[0][:1] != "p" or len(parts) < 2:
            return None
        try:
            p = int(parts[0][1:]) - 1
        except ValueError:
            return None
        if not 0 <= p < seats:
            return None
        what = parts[1]
        if what == "f":
            folded[p] = True
            still_in -= 1
            live -= stacks[p] > 0
        elif what == "cc" or what == "cbr" and len(parts) == 3 and parts[2].isdigit():
            paid = min(max(bets) - bets[p], stacks[p]) if what == "cc" else int(parts[2]) - bets[p]
            if paid < 0 or paid > stacks[p] or folded[p] or paid == 0 and what == "cbr":
                return None
            bets[p] += paid
            stacks[p] -= paid
            put_in[p] += paid
            live -= paid > 0 and stacks[p] == 0
        elif what == "sm":
            if len(parts) == 3 and parts[2] == "-":  # the cards already known (the deal)
                shown[p] = "" if "?" in holes[p] else holes[p]
            else:
                shown[p] = "" if len(parts) < 3 or "?" in parts[2] else parts[2]
            continue
        else:
            return None  # a draw, a bring-in, a note: the replay reads it
        if allin is None and live <= 1 and still_in >= 2 and len(board) < 10:  # five cards of two characters
            allin = betting_over(bets, stacks, folded, put_in, board)
    _return_uncalled(bets, stacks, put_in)
    record = HandRecord(source, index, _hand_id(fields), variant, VARIANTS[variant], _names(fields, seats),
                        list(starting), list(finishing or []), unit=max(blinds))
    if allin is not None:
        street, at_allin, contesting = allin
        cards = [cards_at_allin(holes[i], shown[i]) for i in range(seats)]
        set_allin(record, street, at_allin, contesting, board[:2 * _board_cards(street)], cards, "")
        if not trimmed and any(antes):
            record.antes = list(antes)
        record.final_board = board
        record.final_holes = [(s or h) if c else "" for s, h, c in zip(shown, holes, contesting)]
    return record


def _no_allin(actions: str, starting: list[int], antes: list[int], blinds: list[int], seats: int) -> bool:
    """True when no player can have put in a whole stack, read from the ``actions`` text without
    walking it: a player's chips in are at most the ante plus, street by street, the largest bet
    made (the blinds before the flop); a stack above that bound is never all-in, so the hand is
    not an all-in (nor a hand whose betting ended early: a mucked hand).  The walk reads the rest."""
    if _other_seat(seats).search(actions):
        return False
    bound, top = 0, max(blinds)
    for amount in _STREET_OR_BET.findall(actions):
        if amount:
            top = max(top, int(amount))
        else:  # a board card dealt: a new street
            bound, top = bound + top, 0
    return min(map(operator.sub, starting, antes)) > bound + top


@functools.cache
def _other_seat(seats: int) -> re.Pattern[str]:
    """A player action of a seat other than 1..seats."""
    numbers = "|".join(str(i) for i in range(seats, 0, -1))  # the longer first: p10 is not p1
    return re.compile(rf"'p(?!(?:{numbers}) )")


def _board_cards(street: str) -> int:
    return {"preflop": 0, "flop": 3, "turn": 4}[street]


def betting_over(bets, stacks, folded, put_in, board) -> tuple[str, list[int], list[bool]] | None:
    """(street, chips in at that point with the uncalled excess returned, who contests) when
    betting is over with cards to come: two or more in, at most one not all-in, and that one
    has called the largest bet."""
    contesting = [not f for f in folded]
    if sum(contesting) < 2:
        return None
    top = max(bets)
    live = [i for i, c in enumerate(contesting) if c and stacks[i] > 0]
    if len(live) > 1 or any(bets[i] < top for i in live):
        return None
    at_allin = list(put_in)
    ordered = sorted(bets, reverse=True)
    excess = ordered[0] - ordered[1]
    if excess:
        at_allin[bets.index(ordered[0])] -= excess
    return BOARD_STREETS[len(board) // 2], at_allin, contesting


def _return_uncalled(bets: list[int], stacks: list[int], put_in: list[int]) -> None:
    """The street's largest bet, beyond the next largest, goes back to its player."""
    ordered = sorted(bets, reverse=True)
    excess = ordered[0] - ordered[1]
    if excess:
        p = bets.index(ordered[0])
        bets[p] -= excess
        stacks[p] += excess
        put_in[p] -= excess


def cards_at_allin(dealt: str, shown: str | None) -> str:
    """A hand at the all-in: the dealt cards, those unknown then ("??") read from the showdown;
    "" when mucked or unknown."""
    if shown:
        return shown[:len(dealt)]
    return "" if shown == "" or "?" in dealt else dealt


def set_allin(record: HandRecord, street: str, put_in: list, contesting: list[bool], board: str,
               cards: list[str], dead: str) -> None:
    """Fills the all-in fields, or the note saying why the hand does not count."""
    record.contesting = contesting
    hidden = [record.players[i] for i, c in enumerate(contesting) if c and not _whole(record.game, cards[i])]
    if hidden:
        record.note = "not every contesting hand shown: " + ", ".join(hidden)
        return
    record.allin_street, record.put_in, record.board, record.dead = street, put_in, board, dead
    record.holes = [c if contesting[i] else "" for i, c in enumerate(cards)]


def whole_hand(cards: str, count: int) -> bool:
    """Whether a hand of ``count`` cards is known card by card (none hidden as ``?``, none
    missing): the one test ``set_allin``, the all-in showdown and ``Hand.to_phh`` make."""
    return len(cards) == 2 * count and "?" not in cards


def _whole(game: str | None, cards: str) -> bool:
    """Whether a contesting hand's cards are all known: none hidden (``?``) and, in a board game,
    as many as the game deals (a player who showed two of his four Omaha cards is not)."""
    g = GAMES.get(game) if game is not None else None
    if g is None or g.board == 0:  # stud: the cards held at the all-in, however many
        return bool(cards) and "?" not in cards
    return whole_hand(cards, g.hole)


def _hand_id(fields: dict[str, Any]) -> str | None:
    hand = fields.get("hand")
    return None if hand is None else str(hand)


def _names(fields: dict[str, Any], seats: int) -> list[str]:
    names = fields.get("players")
    if isinstance(names, list) and len(names) == seats:
        return [str(n) for n in names]
    return [f"p{i + 1}" for i in range(seats)]
