"""iPoker's hand histories: the client's XML (hold'em, short deck, Omaha 4/5, stud, five-card
stud; cash, sit-and-go and tournaments; the HEM "archive" and one-line "flat" exports of it) and
the text export of 2018 and after (``GAME #<id> Version:.. Uncalled:Y Texas Hold'em NL``).

XML: a ``<session>`` whose ``<general>`` names the game (``<gametype>Holdem NL €0.50/€1``; the
skins translate the limit, ``Holdem БЛ``; Omaha's card count is read from the pocket cards,
``PL €0.05/€0.10`` writes no game at all), then one ``<game>`` per hand: each ``<player>`` with
its stack (``chips``), what it put in (``bet``) and what it won (``win``, the uncalled part of a
bet included when ``bet`` includes it), and ``<round>``s of ``<action type=..>`` (numbers; the
actions of a round are ordered by ``no``, which the file does not always follow).  A split
piece is the session's ``<general>`` followed by one ``<game>`` element.  Cards are suit first
(``SA``, ``D10``), hidden ones ``X``.  The text export writes the same cards and money, and
``wins`` after the rake without the uncalled part.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.assemble import STUD, assemble, street_total
from pyeval.history.sites.hand_starts import line_starts
from pyeval.history.sites.ipoker_order import calls_after_bets, late_header
from pyeval.history.sites.ipoker_xml import game_elements
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import CODES, SIGNS, amount

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "ipoker"

_XML_GAME = re.compile(r"<game\s[^>]*gamecode=\"[^\"]*\"[^>]*>")
_TEXT_GAME_BODY: Final = re.compile(r"GAME #\d+[: ]")
"""A text hand's first line, kept where a line starts (Merge's text writes ``MERGE_GAME #``)."""
_GENERAL = re.compile(r"<session[^>]*>\s*<general>.*?</general>", re.S)
_FIELD = re.compile(r"<(\w+)>([^<]*)</\1>")
_STARTDATE: Final = re.compile(r"<startdate>([^<]*)</startdate>")  # _FIELD's matches of that name
_POINT_DECIMALS: Final = re.compile(r"\d\.\d{1,2}(?!\d)")
_COMMA_DECIMALS: Final = re.compile(r"\d,\d{2}(?!\d)|\d\.\d{3}(?!\d)")
_ISO_DATE: Final = re.compile(r"(\d{4})-(\d\d)-(\d\d)[ T](\d\d:\d\d:\d\d)")
_DAY_FIRST_DATE: Final = re.compile(r"(\d\d)[./](\d\d)[./](\d{4}) (\d\d:\d\d:\d\d)")
_STAKES: Final = re.compile(r"([^\s/]*\d[^\s/]*)/([^\s/]*\d[^\s/]*)\s*(?:Ante|$)")
_BRACKETED: Final = re.compile(r"\[([^\]]*)\]")
_TOTAL_POT: Final = re.compile(r"Total pot (\S+)(?: Rake (\S+))?")

_XML_KINDS = {"0": "fold", "1": "small-blind", "2": "big-blind", "3": "call", "4": "check", "5": "bet",
              "6": "raise-by", "7": "all-in", "15": "ante", "16": "bring-in", "23": "raise"}
"""iPoker's action types -> kinds (6: a raise written as what it adds; 7: an all-in written as what
it adds, a call or a raise; 8 and 9, sitting out and waiting for the big blind, move nothing)."""
_NOTHING = frozenset({"8", "9"})
_BOARD_CARDS = {"Flop": "flop", "Turn": "turn", "River": "river"}
_STUD_CARDS = {"Third Street": "3rd", "Second Street": "3rd", "Fourth Street": "4th", "Fifth Street": "5th",
               "Sixth Street": "6th", "River": "7th"}
_ROUND_STREETS = ("preflop", "preflop", "flop", "turn", "river")
_STUD_ROUNDS = ("3rd", "3rd", "3rd", "4th", "5th", "6th", "7th")


def detect(text: str) -> bool:
    """An XML session naming its game type, or a text hand's first line, in the first 3000
    characters: a ``<`` and each ``#`` found first (one character: the fastest search)."""
    if text.find("<", 0, 3000) >= 0 and text.find("<session", 0, 3000) >= 0 and text.find("<gametype>", 0, 3000) >= 0:
        return True
    at = text.find("#", 5, 3000)
    while at >= 0:  # a "GAME #" starting a line, then the pattern
        start = at - 5
        if (start == 0 or text[start - 1] == "\n") and text.find("GAME #", start, at + 1) == start and (
                _TEXT_GAME_BODY.match(text, start, 3000) is not None):
            return True
        at = text.find("#", at + 1, 3000)
    return False


def split(text: str) -> list[tuple[int, str]]:
    """XML ``<game>`` elements, each after its session's ``<general>``, and text hands."""
    starts = [(m.start(), "xml") for m in _XML_GAME.finditer(text)]
    if "GAME #" in text:
        starts = sorted(starts + [(at, "text") for at in line_starts(_TEXT_GAME_BODY, text)])
    if not starts:
        return [(1, text)]
    pieces = []
    if text[:starts[0][0]].strip() and "<session" not in text[:starts[0][0]]:
        pieces.append((1, text[:starts[0][0]]))
    general = ""
    last = 0  # the last <game>'s start
    line, counted = 1, 0  # the line of the text at counted
    for j, (at, kind) in enumerate(starts):
        end = starts[j + 1][0] if j + 1 < len(starts) else len(text)
        line += text.count("\n", counted, at)
        counted = at
        if kind == "xml":
            session = _last_session(text, last, at)  # the session this game is in: the last before it
            general = session if session is not None else general
            last = at
            close = text.find("</game>", at, end)
            pieces.append((line, general + "\n" + text[at:close + 7 if close >= 0 else end]))
        else:
            body = text[at:end]
            cut = body.find("<?xml")
            pieces.append((line, body[:cut] if cut >= 0 else body))
    return pieces


def _last_session(text: str, start: int, end: int) -> str | None:
    """The last of ``_GENERAL.finditer(text, start, end)``'s matches, found with ``str.find`` (the
    pattern's lazy ``.*?`` tried ``</general>`` at every character of the session's fields)."""
    found = None
    pos = start
    end = min(end, len(text))
    while True:
        at = text.find("<session", pos, end)
        if at < 0:
            return found
        close = text.find(">", at + 8, end)  # ([^>]* takes up to the first ">")
        general = close + 1
        while 0 < general < end and text[general].isspace():
            general += 1
        if close >= 0 and general + 9 <= end and text.startswith("<general>", general):
            stop = text.find("</general>", general + 9, end)
            if stop >= 0:
                found = text[at:stop + 10]
                pos = stop + 10
                continue
        pos = at + 1


def parse(text: str, source: str, line: int) -> Hand:
    if _first_words(text, "GAME #"):
        return _parse_text(text, source, line)
    game_tag = _XML_GAME.search(text)
    if game_tag is None:
        raise ValueError("text outside any hand: no <game> element")
    return _parse_xml(text, source, line, game_tag)


def _first_words(text: str, words: str) -> bool:
    """``text.lstrip().startswith(words)`` without the stripped copy of the whole text."""
    start = 0
    while start < len(text) and text[start].isspace():
        start += 1
    return text.startswith(words, start)


def _mark(text: str) -> str:
    """"," when the amounts have decimal commas (``€51,18``) or dot thousands (``1.500`` chips, the
    Italian skins) and none a decimal point."""
    if _POINT_DECIMALS.search(text):
        return "."
    return "," if _COMMA_DECIMALS.search(text) else "."


def _cards(text: str) -> str:
    """``SA D10 X`` -> ``"AsTd??"``."""
    out = []
    for word in text.split():
        if word.upper() == "X":
            out.append("??")
            continue
        rank = word[1:].upper()
        out.append(("T" if rank == "10" else rank) + word[0].lower())
    return "".join(out)


def _currency(text: str) -> str:
    for code in CODES:
        if code in text:
            return code
    return next((SIGNS[s] for s in sorted(SIGNS, key=len, reverse=True) if s in text), "")


def _parse_xml(text: str, source: str, line: int, game_tag: re.Match[str]) -> Hand:
    game_at = game_tag.start()
    general, gametype, currency = _session(text, game_at)
    game_attributes, elements, money = game_elements(text, game_tag)
    hand_id = game_attributes.get("gamecode", "")
    cut = "</game>" not in text  # read when the actions still add up to each player's bet= (cut after them)
    mark = _mark(" ".join(money))
    players: list[dict[str, str]] = []
    pocket: dict[str, str] = {}
    rounds: list[tuple[int, list[tuple[int, dict[str, str]]], list[tuple[str, str, str]]]] = []
    for tag, a, content in elements:
        if tag == "player":
            players.append(a)
        elif tag == "round":
            rounds.append((int(a.get("no", len(rounds))), [], []))
        elif tag == "action" and rounds:
            rounds[-1][1].append((int(a.get("no", 0)), a))
        elif tag == "cards" and rounds:
            rounds[-1][2].append((a.get("type", ""), a.get("player", ""), content))
            if a.get("type") == "Pocket":
                pocket[a.get("player", "")] = content
    seated = [p for p in players if p.get("name")]
    if len(seated) < 2:
        stranger = next((a.get("player") for r in rounds for _, a in r[1]
                         if a.get("player") not in {p.get("name") for p in seated}), None)
        raise ValueError("fewer than two players in the hand" + (f": {stranger!r} acts but has no player element"
                                                                  if stranger else ""))
    if not [p for p in seated if "bet" in p or "win" in p]:
        raise ValueError("a partial export: no player element says what was bet or won (bet=, win=)")
    names = [p["name"] for p in seated]
    unseated = next((p["name"] for p in seated if "seat" not in p), None)
    if unseated is not None:
        raise ValueError(f"player {unseated!r} has no seat (a player element without seat=)")
    seats = {p["name"]: int(p["seat"]) for p in seated}
    stacks = {p["name"]: amount(p.get("chips", "0"), mark) for p in seated}
    stated_bet = {p["name"]: amount(p.get("bet", "0"), mark) for p in seated}
    stated_win = {p["name"]: amount(p.get("win", "0"), mark) for p in seated}
    game, limit = _game(gametype, pocket, rounds)
    stakes = _stakes(gametype, mark)
    big_blind = stakes[1] if len(stakes) > 1 and limit != "fixed-limit" else ZERO
    events: list[tuple] = []
    board = ""
    shown: dict[str, str] = {}
    stud = game in STUD
    for number, actions, cards in rounds if _ascending(rounds) else sorted(rounds, key=lambda r: r[0]):
        if number < 0:
            raise ValueError(f"a round numbered {number} (rounds are numbered from 0)")
        street = _STUD_ROUNDS[min(number, 6)] if stud else _ROUND_STREETS[min(number, 4)]
        for kind, who, content in cards:
            if kind in _BOARD_CARDS and not stud:
                dealt = _cards(content)
                board += dealt
                events.append(("deal", None, _BOARD_CARDS[kind], ZERO, ZERO, False, dealt, 0, 0, 0))
            elif who in seats:
                dealt = _cards(content)
                if stud and kind in _STUD_CARDS:
                    events.append(("deal", who, _STUD_CARDS[kind], ZERO, ZERO, False, dealt, 0, 0, 0))
                elif "?" not in dealt and dealt:
                    shown[who] = dealt
                    events.append(("deal", who, street, ZERO, ZERO, False, dealt, 0, 0, 0))
        for _, a in actions if _ascending(actions) else sorted(actions, key=lambda x: x[0]):
            _xml_action(a, street, events, seats, big_blind, mark)
    if stud:  # the stud cards are dealt street by street: the hole is what the deals show
        shown = {}
    events += [("collect", n, "showdown", v, ZERO, False, "", 0, 0, 0) for n, v in stated_win.items() if v]
    totals = _totals(events)
    for n in names:
        if stated_bet[n] != totals.get(n, ZERO):
            raise ValueError(_bet_mismatch(n, stated_bet[n], stacks[n], events, cut))
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won={n: v for n, v in stated_win.items() if v}, source=source, line=line,
                    header_money=stakes, currency=currency,
                    tournament=general.get("tournamentcode") or (_tournament(general) if not stakes else None),
                    table=general.get("tablename", ""),
                    button=next((int(p["seat"]) for p in seated if p.get("dealer") == "1"), None),
                    date=_iso_date(dates[-1] if (dates := _STARTDATE.findall(text, game_at)) else ""),
                    boards=[board], shown=shown,
                    uncalled_in_won="when-over-or-all")


def _ascending(numbered: list[tuple]) -> bool:
    """Whether the items' numbers (their first value) never go down: the order ``sorted`` by the
    number keeps them in (the file's usual order)."""
    for k in range(1, len(numbered)):
        if numbered[k][0] < numbered[k - 1][0]:
            return False
    return True


def _session(text: str, game_at: int) -> tuple[dict[str, str], str, str]:
    """The ``<general>`` fields of a hand's session (``text`` before its ``<game>`` at ``game_at``),
    the game type and the currency they name: read once for the hands that follow one another in a
    file (the last session read kept, compared with the text in place rather than cut out of it)."""
    for head, found in _SESSIONS.items():  # (one entry)
        if len(head) == game_at and text.startswith(head):
            return found
    head = text[:game_at]
    _SESSIONS.clear()
    fields = dict(_FIELD.findall(head))
    gametype = " ".join(fields.get("gametype", "").split())
    found = _SESSIONS[head] = (fields, gametype, _currency(fields.get("tablecurrency", "") or gametype))
    return found


_SESSIONS: Final[dict[str, tuple[dict[str, str], str, str]]] = {}


def _bet_mismatch(name: str, stated: Decimal, stack: Decimal, events: list[tuple], cut: bool) -> str:
    """Why a player's ``bet=`` is not what his actions put in: the hand cut short, no action of
    his, a bet more than his stack, or his own forced bet counted twice or left out (the 2011
    tournament clients and some cash hands of 2017-2019, when he raises: the pots he wins and his
    next stack follow the actions)."""
    put = _totals(events).get(name, ZERO)
    said = f"{name}'s actions put in {put}, the player element says {stated}"
    forced = [e for e in events if e[1] == name and e[0] in ("ante", "small-blind", "big-blind", "bring-in")]
    if cut:
        return f"the hand is cut short: no </game>, and {said}"
    if not any(e[1] == name and e[0] not in ("deal", "collect") for e in events):
        return f"{name}'s player element says bet {stated}, but no action of {name}'s is in the hand"
    if stated > stack:
        return f"{said}: more than the {stack} {name} sat down with"
    if forced and abs(stated - put) == forced[0][3]:
        return f"{said}: {name}'s {forced[0][0]} of {forced[0][3]} " + ("counted twice" if stated > put else "left out")
    return said


def _iso_date(text: str) -> str:
    """``2014-01-06 10:33:13`` or the 2021 clients' ``18.05.2021 18:26:13`` as ISO 8601."""
    m = _ISO_DATE.match(text.strip())
    if m:
        return f"{m.group(1)}-{m.group(2)}-{m.group(3)}T{m.group(4)}"
    m = _DAY_FIRST_DATE.match(text.strip())
    return f"{m.group(3)}-{m.group(2)}-{m.group(1)}T{m.group(4)}" if m else ""


def _totals(events: list[tuple]) -> dict[str, Decimal]:
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


def _tournament(general: dict[str, str]) -> str:
    m = _TOURNAMENT_ID.search(general.get("tournamentname", "") + general.get("tablename", ""))
    return m.group(1) if m else general.get("tournamentname", "") or general.get("tablename", "?")


_TOURNAMENT_ID: Final = re.compile(r"\(#?(\d+)\)")


def _game(gametype: str, pocket: dict[str, str], rounds: list) -> tuple[str, str]:
    lower = gametype.lower()
    words = lower.split()
    limit = ("no-limit" if "nl" in words or "бл" in words else "pot-limit" if "pl" in words or "pot" in words
             else "fixed-limit" if "l" in words or "lh" in words or "limit" in words else "")
    hilo = "hi-lo" in lower or "h/l" in lower or "hi/lo" in lower
    if "5 card stud" in lower:
        return "stud5", "fixed-limit"
    if "7 card stud" in lower:
        return ("stud-hilo" if hilo else "stud"), "fixed-limit"
    if "six plus" in lower or "6+" in lower:
        return "shortdeck", limit
    if "holdem" in lower or lower.startswith("lh "):
        return "holdem", limit
    counts = {len(v.split()) for v in pocket.values()}
    if "omaha" in lower or (limit and not any(w.isalpha() and len(w) > 2 for w in words if w not in ("pot",
                                                                                                      "limit"))):
        size = max(counts, default=4)
        game = {4: "omaha", 5: "omaha5", 6: "omaha6"}.get(size)
        if game is None:
            raise ValueError(f"an Omaha hand with {size} pocket cards")
        return (game + "-hilo" if hilo else game), limit
    raise ValueError(f"unknown iPoker game {gametype!r}")


def _stakes(gametype: str, mark: str) -> list[Decimal]:
    """The blinds the game type names (read once a session: its hands share it)."""
    key = (gametype, mark)
    found = _STAKES_READ.get(key)
    if found is None:
        m = _STAKES.search(gametype.replace("x2 Limit ", ""))
        found = [amount(m.group(1), mark), amount(m.group(2), mark)] if m else []
        if len(_STAKES_READ) >= 100:
            _STAKES_READ.clear()
        _STAKES_READ[key] = found
    return list(found)


_STAKES_READ: Final[dict[tuple[str, str], list[Decimal]]] = {}


def _xml_action(a: dict[str, str], street: str, events: list, seats: dict, big_blind: Decimal, mark: str) -> None:
    code = a.get("type", "")
    name = a.get("player", "")
    if code in _NOTHING:
        return
    kind = _XML_KINDS.get(code)
    if kind is None:
        raise ValueError(f"unknown iPoker action type {code} ({a.get('actiontxt', '')!r}) of {name!r}")
    if name not in seats:
        raise ValueError(f"{name!r} acts but has no seat")
    if a.get("sum") == "DP":  # disconnect protection: all-in with what he has in, his stack kept
        raise ValueError(f"{name} is all-in by disconnect protection (sum=\"DP\") with chips behind: an action "
                         "pyeval's hands cannot hold")
    chips = amount(a.get("sum", "0") or "0", mark)
    if kind in ("fold", "check"):
        events.append((kind, name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif kind in ("raise-by", "all-in"):
        _adds(name, chips, kind == "all-in", street, events, seats)
    elif kind == "raise":
        events.append(("raise", name, street, ZERO, chips, False, "", 0, 0, 0))
    elif kind == "big-blind" and big_blind and chips > big_blind:  # a returning player's big blind and dead small
        events.append(("dead-blind", name, street, chips - big_blind, ZERO, False, "", 0, 0, 0))
        events.append(("big-blind", name, street, big_blind, big_blind, False, "", 0, 0, 0))
    else:
        events.append((kind, name, street, chips, chips if kind != "ante" else chips, False, "", 0, 0, 0))


def _adds(name: str, chips: Decimal, allin: bool, street: str, events: list, seats: dict) -> None:
    """An action written as the chips it adds (XML types 6 and 7, the text's ``Allin`` and
    ``Raise``): a call when it reaches no more than the street's top bet (an all-in), else a bet
    or a raise to the player's new street total."""
    to = street_total(events, name, street) + chips
    top = max((street_total(events, n, street) for n in seats), default=ZERO)
    if to <= top and (allin or top):  # (an all-in of no more chips, as before any bet: a call of 0)
        if not allin and to < top:
            raise ValueError(f"{name} raises {chips} to {to}, short of the {top} bet, and is not all-in")
        events.append(("call", name, street, chips, ZERO, allin, "", 0, 0, 0))
    elif top == 0:
        events.append(("bet", name, street, chips, ZERO, allin, "", 0, 0, 0))
    else:
        events.append(("raise", name, street, ZERO, to, allin, "", 0, 0, 0))


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


def _parse_text(text: str, source: str, line: int, moved: int = 0) -> Hand:
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
    mark = _mark(text)
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
                dealt = _cards(cards.group(1))
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
                events.append(("deal", who, street, ZERO, ZERO, False, _cards(x[x.index("[") + 1:x.index("]")]), 0,
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
            return _parse_text("\n".join(order), source, line, moved + 1)
        _text_action(who, what, street, events, shown, won, stakes, seats, mark, line + k - 1)
    if not summary:
        raise ValueError("the hand is cut short: no summary")
    events = calls_after_bets(events)
    gross = _totals(events)
    over = next((n for n in names if gross.get(n, ZERO) > stacks[n]), None)
    if over is not None:  # the summary may still add up: PokerTracker's converter counted the excess as won
        raise ValueError(f"{over}'s bets come to {gross[over]}, more than the {stacks[over]} he sat down with")
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=stakes,
                    currency="" if not stakes else _currency(head.group(4)),
                    tournament=_text_tournament(table) if not stakes else None, table=table,
                    button=button, date=f"{head.group(6)}-{head.group(7)}-{head.group(8)}T{head.group(9)}",
                    timezone=head.group(10) or "", boards=[board], shown=shown, rake=rake, total=total,
                    uncalled_in_won="never" if "Uncalled:Y" in lines[0] else "when-over-or-all")


def _text_tournament(table: str) -> str:
    """``Table <name>, <table id>, <tournament id> (Tournament: ...)`` -> the tournament's id."""
    m = re.search(r",\s*(\d+)\s*\(Tournament:", table)
    return m.group(1) if m else _tournament({"tablename": table})


def _text_action(who: str, what: str, street: str, events: list, shown: dict, won: dict, stakes: list, seats: dict,
                 mark: str, where: int) -> None:
    if what.startswith("wins "):
        got = amount(what[5:], mark)
        won[who] = won.get(who, ZERO) + got
        events.append(("collect", who, "showdown", got, ZERO, False, "", 0, 0, 0))
        return
    if what.startswith(("Shows ", "Mucks ")) and "[" in what:
        cards = _cards(what[what.index("[") + 1:what.index("]")])
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
                _adds(who, chips, allin or kind == "all-in", street, events, seats)
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
