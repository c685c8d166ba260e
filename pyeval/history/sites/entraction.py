"""Entraction's text hand histories (hold'em, Omaha 4/5 hi and hi/lo; no-limit, pot-limit and
fixed-limit; cash and tournaments).

A column layout: a player's name, padded to 28 characters, then the action and its amount in
brackets (``Kode9                       Raise       (0.57)``).  Every amount is the chips the action
adds (a raise's total is what the player had in on the street plus it); ``All-In`` does not say
whether it calls, bets or raises.  ``Payback`` returns the uncalled part of a bet; ``wins:`` is
what a player won after the rake (one line a pot half in hi/lo), ``Rake:`` the rake, the last
line of a cash hand (a tournament's has none: no rake).  A tournament's header writes no currency
and its table ``"<name> <tournament> <table>"``; a fixed-limit header writes the bets, the blinds
are the posts.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.core.cards import card_code, format_card
from pyeval.history.sites.allin_event import allin_event
from pyeval.history.sites.assemble import assemble, street_total, street_totals_of
from pyeval.history.sites.hand_starts import first_word_starts, pieces_at
from pyeval.history.sites.model import INTO_POT, PLAIN_CARDS, ZERO, Hand
from pyeval.history.sites.money import amount

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "entraction"
HAND_ID = re.compile(r"Game #\s*(\d+)")
"""The hand's id in its text (``registry``: a skipped hand's row names it)."""

_START = re.compile(r"^\ufeff?Game # \d+ - ", re.M)
"""A hand's first line (what ``split`` and ``detect`` find, by ``_START_WORDS`` and ``_START_BODY``)."""
_START_WORDS: Final[tuple[str, ...]] = ("Game # ", "\ufeffGame # ")
_START_BODY: Final = re.compile(r"\ufeff?Game # \d+ - ")
"""``_START`` without its ``^``, found by its first words at the start of a line (``first_word_starts``): led by
an optional character, the pattern is tried at every position of the text."""
_HEAD = re.compile(r"^\ufeff?Game # (\d+) - (.+?) (?:([A-Za-z]{3}) )?([\d.,]+)/([\d.,]+)(?: and ([\d.,]+) ante)?"
                   r" - Table \"(.*)\"\s*$")
_MAX = re.compile(r"^Players\(max (\d+)\):\s*$")
_SEAT = re.compile(r"^(.*?)\s+\((?:([A-Za-z]{3}) )?([\d.,]+) in seat (\d+)\)\s*$")
_POST = re.compile(r"^(Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn):\s+(.*?)\s+\(([\d.,]+)\)\s*$")
_WORDS: Final[tuple[str, ...]] = ("Fold", "Call", "Check", "Raise", "Bet", "All-In", "Payback", "Ante")
"""The actions' words (none ends another)."""
_AMOUNT: Final = re.compile(r"[\d.,]+")
_ACTION_ENDS: Final[tuple[str, ...]] = (")", "Ante", "Fold", "Check", "Call", "Bet", "Raise", "All-In", "Payback")
"""How a line the action pattern matches ends (the lines are stripped on the right)."""
_BOARD = re.compile(r"^(Flop|Turn|River)\s+(.*?)\s*$")
_SAYS = re.compile(r"^(.*?) (shows|wins|was dealt):\s+(.*?)\s*$")
_NO_SHOW = re.compile(r"^(.*?) didn't show hand(?: \((.*)\))?\s*$")
_POST_STARTS: Final[tuple[str, ...]] = ("Small Blind:", "Big Blind:", "Small + Big Blind:", "Blind out of turn:")
_BOARD_STARTS: Final[tuple[str, ...]] = ("Flop", "Turn", "River")
_RAKE = re.compile(r"^Rake:\s+(.*?)\s*$")
_ENDED = re.compile(r"^Game ended (\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)\s*(.*?)\s*$")
_TOURNAMENT_TABLE = re.compile(r" (\d+) (\d+)$")

GAMES = (("5-card omaha hi/lo", "omaha5-hilo"), ("5-card omaha high", "omaha5"), ("omaha hi/lo", "omaha-hilo"),
         ("omaha high", "omaha"), ("texas hold'em", "holdem"))
"""Entraction's game names (lower case, the more specific first) -> pyeval games."""
_LIMITS = (("no limit", "no-limit"), ("pot limit", "pot-limit"), ("fixed limit", "fixed-limit"))
_POSTS = {"Small Blind": "small-blind", "Big Blind": "big-blind", "Small + Big Blind": "both",
          "Blind out of turn": "big-blind"}
"""The posts: ``Small + Big Blind`` (a returning player's) is the big blind live and the rest
dead; a blind out of turn (a new player's) is a live big blind."""
_STREETS = {"Flop": ("flop", 3), "Turn": ("turn", 4), "River": ("river", 5)}
_BETS = {"Call": "call", "Bet": "bet"}


def detect(text: str) -> bool:
    # the literal first: another site's text says no without the pattern
    if text.find("Game # ", 0, 3000) < 0:
        return False
    return bool(first_word_starts(_START_WORDS, _START_BODY, text, 3000, first=True))


def split(text: str) -> list[tuple[int, str]]:
    return pieces_at(text, first_word_starts(_START_WORDS, _START_BODY, text))


def _cards(text: str, where: int) -> str:
    """``"9d - 5d - Ad"`` -> ``"9d5dAd"``; ValueError for anything that is not cards."""
    try:
        return "".join([c if c in PLAIN_CARDS else format_card(card_code(c)) for c in text.split(" - ")])
    except ValueError:
        raise ValueError(f"line {where}: not cards: {text[:40]!r}") from None


def parse(text: str, source: str, line: int) -> Hand:
    lines = text.split("\n")
    head = _HEAD.match(lines[0].rstrip())
    if head is None:
        raise ValueError(f"not an Entraction hand header: {lines[0][:80]!r}")
    hand_id, game_text, currency, first, second, _ante, table = head.groups()
    lower = game_text.lower()
    game = next((g for name, g in GAMES if lower.startswith(name)), None)
    if game is None:
        raise ValueError(f"unknown Entraction game {game_text!r}")
    limit = next((v for k, v in _LIMITS if lower.endswith(k)), "")
    if not limit:
        raise ValueError(f"unknown Entraction limit in {game_text!r}")
    tourney = _TOURNAMENT_TABLE.search(table) if currency is None else None
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    max_seats: int | None = None
    button: int | None = None
    events: list[tuple] = []
    street = "preflop"
    board = ""
    shown: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    rake: Decimal | None = None
    date = zone = ""
    for k in range(1, len(lines)):
        x = lines[k].rstrip()
        where = line + k
        if not x:
            continue
        # each pattern is tried (in this order) only on a line whose literal start or end it needs
        act = _action_line(x) if x.endswith(_ACTION_ENDS) else None
        closed = x.endswith(")")
        if act is not None and act[0] in seats:
            _action(act[0], act[1], act[2], street, events, stacks, where)
        elif closed and not events and (m := _SEAT.match(x)):
            name = m.group(1).strip()
            if name in seats:
                raise ValueError(f"line {where}: {name} is seated twice")
            names.append(name)
            seats[name], stacks[name] = int(m.group(4)), amount(m.group(3))
        elif closed and x.startswith(_POST_STARTS) and (m := _POST.match(x)):
            name = _seated(m.group(2), seats, where)
            chips = amount(m.group(3))
            kind = _POSTS[m.group(1)]
            if kind == "both":  # street_totals splits it into the live big blind and the dead rest
                events.append(("dead-blind", name, street, chips, ZERO, False, "", 0, 0, -1))
            else:
                events.append((kind, name, street, chips, chips, False, "", 0, 0, 0))
        elif x.startswith(_BOARD_STARTS) and (m := _BOARD.match(x)):
            street, want = _STREETS[m.group(1)]
            cards = _cards(m.group(2), where)
            if len(cards) != 2 * want or not cards.startswith(board):
                raise ValueError(f"line {where}: the {street} is not the board so far and its new cards")
            events.append(("deal", None, street, ZERO, ZERO, False, cards[len(board):], 0, 0, 0))
            board = cards
        elif (" wins:" in x or " shows:" in x or " was dealt:" in x) and (m := _SAYS.match(x)):
            name = _seated(_hero_case(m.group(1), m.group(2), seats), seats, where)
            if m.group(2) == "wins":
                got = amount(m.group(3))
                won[name] = won.get(name, ZERO) + got
                events.append(("collect", name, "showdown", got, ZERO, False, "", 0, 0, 0))
            elif m.group(2) == "shows":
                shown[name] = _cards(m.group(3).split(" (")[0], where)
                events.append(("show", name, "showdown", ZERO, ZERO, False, shown[name], 0, 0, 0))
            else:
                events.append(("deal", name, street, ZERO, ZERO, False, _cards(m.group(3), where), 0, 0, 0))
        elif " didn't show hand" in x and (m := _NO_SHOW.match(x)):
            name = _seated(m.group(1), seats, where)
            cards = _cards(m.group(2), where) if m.group(2) else ""
            if cards:
                shown[name] = cards
            events.append(("muck", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
        elif x.startswith("Rake:") and (m := _RAKE.match(x)):
            rake = amount(m.group(1))
        elif x.startswith("Game ended ") and (m := _ENDED.match(x)):
            date, zone = f"{m.group(1)}T{m.group(2)}", m.group(3)
        elif x.startswith("Players(max ") and (m := _MAX.match(x)):
            max_seats = int(m.group(1))
        elif x.startswith("Dealer:"):
            button = seats.get(x[len("Dealer:"):].strip())
            if button is None:
                raise ValueError(f"line {where}: the dealer has no seat: {x[7:].strip()[:40]!r}")
        elif act is not None:
            raise ValueError(f"line {where}: a player with no seat: {x.split('  ')[0][:40]!r}")
        else:
            raise ValueError(f"line {where}: unknown line {x[:70]!r}")
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    if not won:
        raise ValueError("the hand is cut short: nobody wins")
    if rake is None and not tourney:  # a cash hand ends with its rake: the winners' lines are all there
        raise ValueError("the hand is cut short: no rake line")
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=[amount(first), amount(second)],
                    currency="" if tourney or currency in (None, "Fun") else currency.upper(),
                    tournament=tourney.group(1) if tourney else None, table=table, max_seats=max_seats,
                    button=button, date=date, timezone=zone, boards=[board] if board else [], shown=shown,
                    rake=rake if rake is not None else ZERO, uncalled_in_won="never", language="en")


def _action_line(x: str) -> tuple[str, str, str | None] | None:
    r"""An action line's name, word and amount (None when it is no action line): what
    ``^(.*?)\s+(<word>)\s*(?:\(([\d.,]+)\))?\s*$`` matches in a line stripped on the right, read
    from its end: the amount in the last brackets, the word before it, the name up to the
    whitespace before the word (the shortest name the pattern allows)."""
    amount: str | None = None
    end = len(x)
    if x.endswith(")"):
        k = x.rfind("(")
        if k < 0 or _AMOUNT.fullmatch(x, k + 1, end - 1) is None:
            return None
        amount = x[k + 1:end - 1]
        end = len(x[:k].rstrip())
    for word in _WORDS:
        if x.endswith(word, 0, end):
            at = end - len(word)
            name_end = len(x[:at].rstrip())
            return (x[:name_end], word, amount) if name_end < at else None
    return None


def _hero_case(name: str, verb: str, seats: dict[str, int]) -> str:
    """The seated name of the hero's "was dealt" line, which may write it in other case ("hero was
    dealt" for the seat of "Hero": the name as typed at log-in); only when one seated name matches."""
    name = name.strip()
    if verb != "was dealt" or name in seats:
        return name
    same = [n for n in seats if n.casefold() == name.casefold()]
    return same[0] if len(same) == 1 else name


def _seated(name: str, seats: dict[str, int], where: int) -> str:
    name = name.strip()
    if name not in seats:
        raise ValueError(f"line {where}: a player with no seat: {name[:40]!r}")
    return name


def _action(name: str, word: str, money: str | None, street: str, events: list, stacks: dict[str, Decimal],
            where: int) -> None:
    """One action of the column layout; every amount is the chips it adds."""
    if word in ("Fold", "Check"):
        if money:
            raise ValueError(f"line {where}: {name} {word.lower()}s with an amount")
        events.append((word.lower(), name, street, ZERO, ZERO, False, "", 0, 0, 0))
        return
    if not money:
        raise ValueError(f"line {where}: {name} {word} without an amount")
    chips = amount(money)
    if word == "Payback":
        events.append(("uncalled", name, street, chips, ZERO, False, "", 0, 0, 0))
        return
    left = stacks[name] - _put_in(events, name)
    if chips > left:
        raise ValueError(f"line {where}: {name} puts in {chips} with {left} left")
    if word == "Ante":
        events.append(("ante", name, street, chips, chips, chips == left, "", 0, 0, 0))
    elif word in _BETS:
        events.append((_BETS[word], name, street, chips, ZERO, chips == left, "", 0, 0, 0))
    elif word == "Raise":
        to = street_total(events, name, street) + chips
        events.append(("raise", name, street, chips, to, chips == left, "", 0, 0, 0))
    elif chips != left:
        raise ValueError(f"line {where}: {name} is all-in for {chips} with {left} left")
    else:  # All-In: a call, a bet or a raise, by what it makes
        totals = street_totals_of(events, street)
        top = max((totals.get(n, ZERO) for n in stacks), default=ZERO)
        events.append(allin_event(name, street, totals.get(name, ZERO), chips, top))


def _put_in(events: list, name: str) -> Decimal:
    """What ``name`` has put in so far (bets returned taken back)."""
    total = ZERO
    for e in events:
        if e[1] == name:
            total += -e[3] if e[0] == "uncalled" else e[3] if e[0] in INTO_POT else ZERO
    return total
