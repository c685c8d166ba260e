"""The checks a PHH hand passes before it is read and valued (issue 36): what the PHH
specification and the rules forbid, found from the fields alone, with the field that holds it.

``check_hand(fields)`` raises ``InvalidHand(reason, field)``; the reader skips the hand and
names its file, line and reason (``allin_ev(...).skipped``).  The rules of play themselves
(whose turn, a bet's size) are pokerkit's to check when it replays a hand.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pyeval.core.checks import non_negative_number

__all__ = ["InvalidHand", "check_hand", "CARD"]

CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
"""One card of PHH text: a rank, a suit (lower case), or ``??`` for a card not seen."""
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")
_WHOLE = frozenset({int})
_SEAT = re.compile(r"p([0-9]+)")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_PLAYER_ACTIONS = {"f": 0, "cc": 0, "cbr": 1, "sm": (0, 1), "sd": (0, 1), "pb": 0}
"""A player's action -> the number of words after it (fold, check/call, bet/raise, show/muck,
stand pat/discard, bring-in); ``#`` starts a note."""
BOARD_DEALS = {"holdem": (3, 1, 1), "shortdeck-straight": (3, 1, 1), "omaha": (3, 1, 1), "omaha-hilo": (3, 1, 1)}
"""Board cards dealt street by street, per game with a board."""


class InvalidHand(ValueError):
    """A hand the specification or the rules forbid: ``reason``, and the ``field`` holding it."""

    def __init__(self, reason: str, field: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.field = reason, field


def _numbers(fields: dict[str, Any], name: str, seats: int | None, required: bool = False) -> list[Any] | None:
    value = fields.get(name)
    if value is None:
        if required:
            raise InvalidHand(f"no {name}", name)
        return None
    if type(value) is list and set(map(type, value)) <= _WHOLE and min(value, default=0) >= 0:
        pass  # whole chips, the usual case: checked at once
    else:
        try:  # the one rule of a number >= 0 (pyeval.core.checks)
            if not isinstance(value, list):
                raise ValueError(name)
            for v in value:
                non_negative_number(v, name)
        except ValueError:
            raise InvalidHand(f"{name} must be a list of numbers >= 0, got {value!r}"[:200], name) from None
    if seats is not None and len(value) != seats:
        raise InvalidHand(f"{name} has {len(value)} entries for {seats} players", name)
    return value


def cards_of(text: str, where: str, field: str = "actions") -> list[str]:
    """The cards of a PHH card text, or InvalidHand naming the bad text."""
    if not _CARDS.fullmatch(text):
        raise InvalidHand(f"bad card text {text!r} in {where!r}", field)
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def check_hand(fields: dict[str, Any], game: str | None, draw: bool = False) -> None:
    """Every check below, or InvalidHand at the first that fails.  ``draw``: a draw game (cards
    are discarded and dealt again, so a showdown is not the first deal)."""
    starting = _numbers(fields, "starting_stacks", None, required=True)
    assert starting is not None
    seats = len(starting)
    if seats < 2:
        raise InvalidHand(f"{seats} player(s): a hand needs two or more", "starting_stacks")
    for name in ("antes", "blinds_or_straddles", "finishing_stacks"):
        _numbers(fields, name, seats)
    players = fields.get("players")
    if players is not None:
        if not isinstance(players, list) or len(players) != seats:
            raise InvalidHand(f"players must name each of the {seats} seats", "players")
        twice = [n for n, k in Counter(map(str, players)).items() if k > 1]
        if twice:
            raise InvalidHand(f"player {twice[0]!r} sits twice", "players")
    finishing = fields.get("finishing_stacks")
    if finishing is not None and sum(finishing) > sum(starting) + 1e-9:
        raise InvalidHand(f"finishing stacks add up to {sum(finishing):,}, more than the {sum(starting):,} "
                          f"the players started with", "finishing_stacks")
    actions = fields.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidHand("actions must be a list of texts", "actions")
    _check_actions(actions, seats, game, draw)


def _seat(word: str, seats: int, action: str) -> int:
    m = _SEAT.fullmatch(word)
    if m is None:
        raise InvalidHand(f"no player {word!r} in {action!r}", "actions")
    seat = int(m.group(1))
    if not 1 <= seat <= seats:
        raise InvalidHand(f"no seat {seat} in {action!r} (seats 1 to {seats})", "actions")
    return seat - 1


def _check_actions(actions: list[str], seats: int, game: str | None, draw: bool) -> None:
    """Each action's grammar, seats, card text; no card twice; shown cards equal to those dealt;
    the board dealt street by street as the game deals it."""
    dealt: list[list[str]] = [[] for _ in range(seats)]
    seen: set[str] = set()
    boards: list[int] = []
    streets = BOARD_DEALS.get(game or "")
    for action in actions:
        words = action.split("#")[0].split()
        if not words:
            raise InvalidHand(f"empty action {action!r}", "actions")
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                seat = _seat(words[2], seats, action)
                cards = cards_of(words[3], action)
                dealt[seat].extend(cards)
            elif len(words) == 3 and words[1] == "db":
                cards = cards_of(words[2], action)
                if "??" in cards:
                    raise InvalidHand(f"a board card not seen in {action!r}", "actions")
                boards.append(len(cards))
                if streets is not None and (len(boards) > len(streets) or len(cards) != streets[len(boards) - 1]):
                    street = ("flop", "turn", "river")[min(len(boards), 3) - 1] if len(boards) <= 3 else "board"
                    raise InvalidHand(f"{'a ' + street if len(boards) <= 3 else 'a fourth board deal'} of "
                                      f"{len(cards)} card(s) in {action!r} ({game} deals 3, 1 and 1)", "actions")
            else:
                raise InvalidHand(f"unknown dealing action {action!r}", "actions")
            for c in cards:
                if c != "??" and c in seen and not draw:
                    raise InvalidHand(f"card {c} dealt twice ({action!r})", "actions")
                seen.add(c)
            continue
        seat = _seat(words[0], seats, action)
        if len(words) < 2 or words[1] not in _PLAYER_ACTIONS:
            raise InvalidHand(f"unknown action {action!r}", "actions")
        what, rest = words[1], words[2:]
        allowed = _PLAYER_ACTIONS[what]
        if len(rest) not in (allowed if isinstance(allowed, tuple) else (allowed,)):
            raise InvalidHand(f"malformed action {action!r}", "actions")
        if what == "cbr" and not _AMOUNT.fullmatch(rest[0]):
            raise InvalidHand(f"bad amount in {action!r}", "actions")
        if what == "sm" and rest and rest[0] != "-" and not draw:
            _check_shown(cards_of(rest[0], action), dealt[seat], seen, action)
        if what == "sm" and rest and rest[0] != "-" and draw:
            cards_of(rest[0], action)
        if what == "sd" and rest:
            cards_of(rest[0], action)


def _check_shown(shown: list[str], dealt: list[str], seen: set[str], action: str) -> None:
    """Shown cards are the cards dealt: those dealt face up or known by the deal must be shown
    as dealt, and a card shown that was hidden must not be out elsewhere."""
    if dealt and len(shown) != len(dealt):
        raise InvalidHand(f"{len(shown)} cards shown for {len(dealt)} dealt in {action!r}", "actions")
    for was, now in zip(dealt, shown):
        if was != "??" and now != "??" and was != now:
            raise InvalidHand(f"shown cards differ from those dealt ({''.join(dealt)}) in {action!r}", "actions")
        if was == "??" and now != "??":
            if now in seen:
                raise InvalidHand(f"card {now} shown in {action!r} is already out", "actions")
            seen.add(now)
