"""Run It Once Poker's text hand histories (euro amounts, splash the pot): the PokerStars-like
family (``stars_text``).

Run It Once's text of early 2019 (the hands of February to April seen; August's and later write
the total) writes a raise by a player who already has chips in on the street with the chips the
raise adds as its "to" (``raises €44.00 to €68`` after a €7 raise makes €75): the calls that
follow and the total pot count €75.  A hand is read as written first; when its numbers do not
add up and reading such raises as the chips they add makes them add up, that reading is taken
(the numbers decide, not a date: when the client changed is not known).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.model import Hand
from pyeval.history.sites.money import amount
from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "runitonce"

_SIGN: Final = re.compile(r"^\D*")
_MOVE: Final = re.compile(r"^(.+?): (posts small blind|posts big blind|calls|bets|raises) (\S+)(?: to (\S+))?(.*)$")


def _raise_totals(hand_text: str) -> str:
    """The hand with each raise's "to" the street total it makes (module docstring)."""
    lines = hand_text.split("\n")
    street_chips: dict[str, Decimal] = {}
    for k, x in enumerate(lines):
        if x.startswith("*** "):
            street_chips = {}
            continue
        m = _MOVE.match(x)
        if m is None:
            continue
        name, verb, first, to, rest = m.groups()
        had = street_chips.get(name, Decimal(0))
        if verb != "raises" or to is None:
            street_chips[name] = had + amount(first)
            continue
        total = had + amount(to)
        street_chips[name] = total
        if had:
            written = _SIGN.match(to)
            sign = written.group(0) if written else ""  # the currency sign, as written
            lines[k] = f"{name}: raises {first} to {sign}{total}{rest}"
    return "\n".join(lines)


_START: Final = r"^Run It Once Poker Hand #"
detect, split, _parse_as_written = reader_functions(SITE, _START, first_words=(_START[1:],))
_parse_raises_added = reader_functions(SITE, _START, _raise_totals)[2]


def parse(hand_text: str, source: str, line: int) -> Hand:
    """One hand: as written, else with early 2019's raises read as the chips they add (module
    docstring) when that adds up; else the reason the hand as written does not."""
    try:
        return _parse_as_written(hand_text, source, line)
    except ValueError:
        if " raises " not in hand_text:
            raise
        try:
            return _parse_raises_added(hand_text, source, line)
        except ValueError:
            pass
        raise
