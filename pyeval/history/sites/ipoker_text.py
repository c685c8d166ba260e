"""iPoker's text export, and what iPoker's two formats read alike (``ipoker`` reads the XML):

* the text of 2018 and after (``GAME #<id> Version:.. Uncalled:Y Texas Hold'em NL``), and
  PokerTracker's and the HEM archive's texts of iPoker's hands (``GAME #<id>: Texas Hold'em``):
  the same cards and money as the XML, and ``wins`` after the rake without the uncalled part;
* its lines put back in the order the hand was played, for the two texts that write some out of
  their place: PokerTracker's 2011 text writes the turn's header after some of the turn's actions
  (``late_header``), the Zone tables' text of 2018 writes each street's call before the bet it
  calls (``calls_after_bets``);
* what both formats read alike: the cards (suit first, ``SA D10``, hidden ones ``X``), the decimal
  mark of the amounts, the currency, the chips a player put in (what the XML's ``bet=`` states), a
  raise or an all-in written as the chips it adds, a tournament's id in its name.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.assemble import assemble, street_total, street_totals_of
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import CODES, SIGNS, amount

__all__ = ["SITE", "parse_text", "late_header", "calls_after_bets", "decimal_mark", "card_text", "currency_named",
           "put_in", "tournament_id", "chips_added"]

SITE = "ipoker"

_BRACKETED: Final = re.compile(r"\[([^\]]*)\]")
_TOTAL_POT: Final = re.compile(r"Total pot (\S+)(?: Rake (\S+))?")
_TEXT_HEAD = re.compile(r"^GAME #(\d+):?(?: Version:\S+ Uncalled:\S+)? +(.+?) +(?:(NL|PL|FL|L) +)?"
                        r"(?:(\S+)/(\S+)|Tournament)(?: +-)? +(\d{4})[-/](\d\d)[-/](\d\d) (\d\d:\d\d:\d\d)"
                        r"(?:/(\w+))?\s*$")
"""The text's first line, as the client writes it since 2018 (``GAME #<id> Version:20.11.3.12
Uncalled:Y Texas Hold'em NL €5/€10 2021-04-05 17:43:14/GMT``) and as PokerTracker wrote the
hands it converted from iPoker's XML (``GAME #<id>: Texas Hold'em  NL $0.05/$0.10 2011-10-12
02:52:19``, ``... NL  Tournament 2011-06-15 ...``, ``2011/01/23``, the HEM archive's ``GAME #<id>:
Omaha 50/100 - 2013-08-01 ...`` without a limit)."""
_TEXT_SEAT = re.compile(r"^Seat (\d+): (.+) \((\S+) in chips\)( DEALER)?(?: \(REBUY\))?(?: \(ADDON\))?\s*$")
_TEXT_ACTIONS = {"Post SB": "small-blind", "Post BB": "big-blind", "Post Ante": "ante", "SB": "small-blind",
                 "BB": "big-blind", "Call": "call", "Bet": "bet", "Raise (NF)": "raise", "Raise to": "raise-by",
                 "Raise": "raise-by", "Fold": "fold", "Check": "check", "Allin": "all-in"}
"""The text's action words -> kinds: ``Raise (NF)`` gives the new street total; ``Raise`` and
the HEM archive's ``Raise to`` give what the raise adds (iPoker's "raise by", XML type 6; the
archive's "to" is not a total: its calls say so), ``Allin`` what the all-in adds (type 7).  The
archive writes the blinds without ``Post``."""
_TEXT_GAMES = {"texas hold'em": "holdem", "omaha": "omaha", "omaha hi-lo": "omaha-hilo"}
_TEXT_SKIP = ("Table ", "Server ", "<")
"""Lines of no chips or cards: the table's name (read apart), the archive's ``Server
poker2.ipoker.com``, an XML line of a file that mixes both."""


def parse_text(text: str, source: str, line: int, moved: int = 0) -> Hand:
    """``moved``: street headers moved up so far (``late_header``)."""
    lines = [x.strip() for x in text.strip().split("\n") if x.strip()]
    head = _TEXT_HEAD.match(lines[0])
    if head is None:
        raise ValueError(f"unknown iPoker text header {lines[0][:80]!r}")
    hand_id, game_text, limit_word = head.group(1), " ".join(head.group(2).lower().split()), head.group(3) or ""
    game = _TEXT_GAMES.get(game_text)
    if game is None:
        raise ValueError(f"unknown iPoker game {head.group(2)!r}")
    limit = {"NL": "no-limit", "PL": "pot-limit", "FL": "fixed-limit", "L": "fixed-limit"}.get(limit_word, "")
    mark = decimal_mark(text)
    stakes = [amount(head.group(4), mark), amount(head.group(5), mark)] if head.group(4) else []
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    button = None
    table = lines[1][len("Table "):] if len(lines) > 1 and lines[1].startswith("Table ") else ""
    events: list[tuple] = []
    street = "preflop"
    board = ""
    shown: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    total = rake = None
    summary = False
    for k, x in enumerate(lines[1:], 2):
        s = _TEXT_SEAT.match(x)
        if s:
            names.append(s.group(2))
            seats[s.group(2)] = int(s.group(1))
            stacks[s.group(2)] = amount(s.group(3), mark)
            button = int(s.group(1)) if s.group(4) else button
            continue
        if x.startswith("***"):
            label = x.split("***")[1].strip()
            summary = summary or label == "SUMMARY"
            street = {"HOLE CARDS": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river"}.get(label, street)
            cards = _BRACKETED.search(x)
            if cards:
                dealt = card_text(cards.group(1))
                dealt = dealt[len(board):] if dealt.startswith(board) else dealt  # the archive repeats the board
                board += dealt
                events.append(("deal", None, street, ZERO, ZERO, False, dealt, 0, 0, 0))
            continue
        if x.startswith("Total pot"):
            m = _TOTAL_POT.match(x)
            if m is None:
                raise ValueError(f"line {line + k - 1}: unknown total line {x[:60]!r}")
            total, rake = amount(m.group(1), mark), amount(m.group(2), mark) if m.group(2) else ZERO
            continue
        if x.startswith("Dealt to "):
            who = next((n for n in names if x.startswith(f"Dealt to {n} [")), None)
            if who:
                events.append(("deal", who, street, ZERO, ZERO, False, card_text(x[x.index("[") + 1:x.index("]")]), 0,
                               0, 0))
            continue
        if x.startswith(_TEXT_SKIP):
            continue
        who, _, what = x.partition(":")
        what = what.strip()
        if who not in seats:
            raise ValueError(f"line {line + k - 1}: unknown line {x[:70]!r}")
        if not what:  # PokerTracker's "Name:" of no words: iPoker's sitting out or waiting (XML types 8, 9)
            continue
        header = late_header(lines, k - 1, street, events, what) if moved < 3 else None
        if header is not None:  # the next street's header belongs before this line: read the lines so ordered
            order = lines[:k - 1] + [lines[header]] + lines[k - 1:header] + lines[header + 1:]
            return parse_text("\n".join(order), source, line, moved + 1)
        _text_action(who, what, street, events, shown, won, stakes, seats, mark, line + k - 1)
    if not summary:
        raise ValueError("the hand is cut short: no summary")
    events = calls_after_bets(events)
    gross = put_in(events)
    over = next((n for n in names if gross.get(n, ZERO) > stacks[n]), None)
    if over is not None:  # the summary may still add up: PokerTracker's converter counted the excess as won
        raise ValueError(f"{over}'s bets come to {gross[over]}, more than the {stacks[over]} he sat down with")
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=stakes,
                    currency="" if not stakes else currency_named(head.group(4)),
                    tournament=_text_tournament(table) if not stakes else None, table=table,
                    button=button, date=f"{head.group(6)}-{head.group(7)}-{head.group(8)}T{head.group(9)}",
                    timezone=head.group(10) or "", boards=[board], shown=shown, rake=rake, total=total,
                    uncalled_in_won="never" if "Uncalled:Y" in lines[0] else "when-over-or-all")


def _text_tournament(table: str) -> str:
    """``Table <name>, <table id>, <tournament id> (Tournament: ...)`` -> the tournament's id."""
    m = re.search(r",\s*(\d+)\s*\(Tournament:", table)
    return m.group(1) if m else tournament_id({"tablename": table})


def _text_action(who: str, what: str, street: str, events: list, shown: dict, won: dict, stakes: list, seats: dict,
                 mark: str, where: int) -> None:
    if what.startswith("wins "):
        got = amount(what[5:], mark)
        won[who] = won.get(who, ZERO) + got
        events.append(("collect", who, "showdown", got, ZERO, False, "", 0, 0, 0))
        return
    if what.startswith(("Shows ", "Mucks ")) and "[" in what:
        cards = card_text(what[what.index("[") + 1:what.index("]")])
        if "?" not in cards:
            shown[who] = cards
        events.append(("show" if what[0] == "S" else "muck", who, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
        return
    allin = " Allin" in what
    words = what.replace(" Allin", "")
    for prefix, kind in _TEXT_ACTIONS.items():
        if words == prefix or words.startswith(prefix + " "):
            chips = amount(words[len(prefix):], mark) if words != prefix else ZERO
            if kind in ("raise-by", "all-in"):
                chips_added(who, chips, allin or kind == "all-in", street, events, seats)
            elif kind == "raise":
                events.append(("raise", who, street, ZERO, chips, allin, "", 0, 0, 0))
            elif kind in ("fold", "check"):
                events.append((kind, who, street, ZERO, ZERO, False, "", 0, 0, 0))
            elif kind == "big-blind" and len(stakes) > 1 and chips > stakes[1]:  # both blinds: the dead small one
                events.append(("dead-blind", who, street, chips, ZERO, allin, "", 0, 0, -1))
            else:
                events.append((kind, who, street, chips, chips, allin, "", 0, 0, 0))
            return
    raise ValueError(f"line {where}: unknown action {who}: {what[:60]!r}")


# -- the text's lines in the order the hand was played ----------------------------------------

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


# -- what both formats read alike ------------------------------------------------------------


def decimal_mark(text: str) -> str:
    """"," when the amounts have decimal commas (``€51,18``) or dot thousands (``1.500`` chips, the
    Italian skins) and none a decimal point: what the patterns ``\\d\\.\\d{1,2}(?!\\d)`` (a point) and
    ``\\d,\\d{2}(?!\\d)|\\d\\.\\d{3}(?!\\d)`` (a comma) find, looked for only at each mark (the
    patterns were tried at every character of the hand's amounts)."""
    point_thousands = False  # a "1.500": the comma pattern's second branch
    at = text.find(".")
    while at >= 0:  # the point pattern: a digit, ".", one or two digits and no third
        if at > 0 and _is_digit(text, at - 1):
            digits = _digits_after(text, at)
            if digits == 1 or digits == 2:
                return "."
            point_thousands = point_thousands or digits == 3
        at = text.find(".", at + 1)
    if point_thousands:
        return ","
    at = text.find(",")
    while at >= 0:  # the comma pattern's first branch: a digit, ",", two digits and no third
        if at > 0 and _is_digit(text, at - 1) and _digits_after(text, at) == 2:
            return ","
        at = text.find(",", at + 1)
    return "."


def _is_digit(text: str, at: int) -> bool:
    """Whether ``text[at]`` is what the patterns' ``\\d`` matches (a Unicode decimal digit)."""
    code = ord(text[at])
    return 48 <= code <= 57 if code < 128 else text[at].isdecimal()


def _digits_after(text: str, at: int) -> int:
    """How many digits follow ``text[at]`` (counted up to four: the patterns look at three)."""
    count = 0
    k = at + 1
    while k < len(text) and count < 4 and _is_digit(text, k):
        count += 1
        k += 1
    return count


def card_text(text: str) -> str:
    """``SA D10 X`` -> ``"AsTd??"``: each word read once (``_CARD_WORDS``: a file's hands repeat the
    52 cards)."""
    out = []
    for word in text.split():
        card = _CARD_WORDS.get(word)
        if card is None:
            card = _card_word(word)
            if len(_CARD_WORDS) >= 1000:
                _CARD_WORDS.clear()
            _CARD_WORDS[word] = card
        out.append(card)
    return "".join(out)


def _card_word(word: str) -> str:
    """One card of ``card_text``: ``D10`` -> ``Td``, ``X`` -> ``??``."""
    if word.upper() == "X":
        return "??"
    rank = word[1:].upper()
    return ("T" if rank == "10" else rank) + word[0].lower()


_CARD_WORDS: Final[dict[str, str]] = {}


def currency_named(text: str) -> str:
    for code in CODES:
        if code in text:
            return code
    return next((SIGNS[s] for s in sorted(SIGNS, key=len, reverse=True) if s in text), "")


def put_in(events: list[tuple]) -> dict[str, Decimal]:
    """Each player's chips into the pot before any return (what ``bet=`` states): a raise's
    street total less what the player had in on the street."""
    total: dict[str, Decimal] = {}
    street_bets: dict[str, dict[str, Decimal]] = {}  # street -> player -> his bet on it (no tuple made an event)
    for e in events:
        kind: str = e[0]
        if kind == "raise" or kind == "complete" or kind in _BETS:
            name: str = e[1]
            bets = street_bets.get(e[2])
            if bets is None:
                bets = street_bets[e[2]] = {}
            if kind == "raise" or kind == "complete":
                had = bets.get(name, ZERO)
                total[name] = total.get(name, ZERO) + e[4] - had
                bets[name] = e[4]
            else:
                total[name] = total.get(name, ZERO) + e[3]
                bets[name] = bets.get(name, ZERO) + e[3]
        elif kind == "ante" or kind == "dead-blind":
            total[e[1]] = total.get(e[1], ZERO) + e[3]
    return total


_BETS: Final[frozenset[str]] = frozenset({"small-blind", "big-blind", "call", "bet", "bring-in"})


def tournament_id(general: dict[str, str]) -> str:
    m = _TOURNAMENT_ID.search(general.get("tournamentname", "") + general.get("tablename", ""))
    return m.group(1) if m else general.get("tournamentname", "") or general.get("tablename", "?")


_TOURNAMENT_ID: Final = re.compile(r"\(#?(\d+)\)")


def chips_added(name: str, chips: Decimal, allin: bool, street: str, events: list, seats: dict) -> None:
    """An action written as the chips it adds (XML types 6 and 7, the text's ``Allin`` and
    ``Raise``): a call when it reaches no more than the street's top bet (an all-in), else a bet
    or a raise to the player's new street total."""
    totals = street_totals_of(events, street)  # (one pass over the events, not one a player)
    to = totals.get(name, ZERO) + chips
    top = ZERO
    for k, n in enumerate(seats):  # max(street_total(events, n, street) for n in seats): the first largest
        total = totals.get(n, ZERO)
        if k == 0 or total > top:
            top = total
    if to <= top and (allin or top):  # (an all-in of no more chips, as before any bet: a call of 0)
        if not allin and to < top:
            raise ValueError(f"{name} raises {chips} to {to}, short of the {top} bet, and is not all-in")
        events.append(("call", name, street, chips, ZERO, allin, "", 0, 0, 0))
    elif top == 0:
        events.append(("bet", name, street, chips, ZERO, allin, "", 0, 0, 0))
    else:
        events.append(("raise", name, street, ZERO, to, allin, "", 0, 0, 0))
