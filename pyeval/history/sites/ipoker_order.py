"""iPoker's text export put back in the order the hand was played, for the two texts that write
some lines out of their place (``ipoker`` reads the lines, and takes the events, so ordered):

* PokerTracker's 2011 text writes the turn's header after some of the turn's actions
  (``late_header``: where the next street's header belongs);
* the Zone tables' text of 2018 writes each street's call before the bet it calls
  (``calls_after_bets``).
"""

from __future__ import annotations

from typing import Final

from pyeval.history.sites.assemble import street_total
from pyeval.history.sites.model import ZERO

__all__ = ["late_header", "calls_after_bets"]

_VOLUNTARY: Final = frozenset({"check", "call", "bet", "raise", "fold"})


def late_header(lines: list[str], at: int, street: str, events: list[tuple], what: str) -> int | None:
    """The index of the next street's header when the action at ``lines[at]`` comes after the
    flop's or the turn's betting is over (every player still in and not all-in has matched the
    top bet and acted since the last bet or raise): PokerTracker's 2011 text writes the turn's
    header after some of the turn's actions.  None when the action is in its place."""
    if street not in ("flop", "turn") or what.startswith(("wins ", "Shows ", "Mucks ")):
        return None
    acts = [e for e in events if e[2] == street and e[0] in _VOLUNTARY]
    players = {e[1] for e in events if e[1] is not None and e[0] != "deal"}
    live = players - {e[1] for e in events if e[0] == "fold" or e[5]}
    if not acts or len(live) < 2:
        return None
    last = max((j for j, e in enumerate(acts) if e[0] in ("bet", "raise")), default=0)
    acted = {e[1] for e in acts[last:]}
    top = max(street_total(events, n, street) for n in players)
    if not all(n in acted and street_total(events, n, street) == top for n in live):
        return None
    return next((j for j in range(at + 1, len(lines)) if lines[j].startswith(("*** TURN", "*** RIVER"))), None)


def calls_after_bets(events: list[tuple]) -> list[tuple]:
    """The events with a call the text writes before the bet it calls moved after that bet (the
    Zone tables' text of 2018 writes each street's call first): a call facing no bet on its
    street waits for the street's next bet."""
    out: list[tuple] = []
    waiting: list[tuple] = []
    for e in events:
        if waiting and (e[2] != waiting[0][2] or e[0] not in ("bet", "raise", "call", "check", "fold")):
            out += waiting  # no bet came: the call stays where the text put it (the checks refuse it)
            waiting = []
        if e[0] == "call" and street_total(out, e[1], e[2]) >= max(
                (street_total(out, n, e[2]) for n in {x[1] for x in out if x[2] == e[2] and x[1]}), default=ZERO):
            waiting.append(e)
            continue
        out.append(e)
        if waiting and e[0] in ("bet", "raise"):
            out += waiting
            waiting = []
    return out + waiting
