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

This module finds the hands and reads the XML's; ``ipoker_xml`` reads its tags and attributes,
``ipoker_text`` the text export and what both formats read alike.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.assemble import STUD, assemble
from pyeval.history.sites.hand_starts import line_starts
from pyeval.history.sites.ipoker_text import (
    SITE,
    card_text,
    chips_added,
    currency_named,
    decimal_mark,
    parse_text,
    put_in,
    tournament_id,
)
from pyeval.history.sites.ipoker_xml import Tag, game_elements
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount

__all__ = ["SITE", "detect", "split", "parse"]

_XML_GAME = re.compile(r"<game\s[^>]*gamecode=\"[^\"]*\"[^>]*>")
_TEXT_GAME_BODY: Final = re.compile(r"GAME #\d+[: ]")
"""A text hand's first line, kept where a line starts (Merge's text writes ``MERGE_GAME #``)."""
_GENERAL = re.compile(r"<session[^>]*>\s*<general>.*?</general>", re.S)
_FIELD = re.compile(r"<(\w+)>([^<]*)</\1>")
_STARTDATE: Final = re.compile(r"<startdate>([^<]*)</startdate>")  # _FIELD's matches of that name
_ISO_DATE: Final = re.compile(r"(\d{4})-(\d\d)-(\d\d)[ T](\d\d:\d\d:\d\d)")
_DAY_FIRST_DATE: Final = re.compile(r"(\d\d)[./](\d\d)[./](\d{4}) (\d\d:\d\d:\d\d)")
_STAKES: Final = re.compile(r"([^\s/]*\d[^\s/]*)/([^\s/]*\d[^\s/]*)\s*(?:Ante|$)")

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
    starts = [(at, "xml") for at in _game_starts(text)]
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
        return parse_text(text, source, line)
    game_tag = None
    for head in _SESSIONS:  # (one entry: the last session read, whose game started right after it)
        game_tag = _game_tag_after(text, head)
    if game_tag is None:
        game_tag = _game_tag(text)
    if game_tag is None:
        raise ValueError("text outside any hand: no <game> element")
    return _parse_xml(text, source, line, game_tag)


def _game_starts(text: str) -> list[int]:
    """Where ``_XML_GAME.finditer(text)``'s matches start (``_game_tag`` after each one's end)."""
    starts: list[int] = []
    found = _game_tag(text, 0)
    while found is not None:
        starts.append(found.start())
        found = _game_tag(text, found.end())
    return starts


def _game_tag(text: str, start: int = 0) -> re.Match[str] | None:
    """``_XML_GAME.search(text, start)``, the pattern tried only where a ``<game`` starts (a search
    tried it at every character of the session's fields before the game)."""
    at = text.find("<game", start)
    while at >= 0:
        found = _XML_GAME.match(text, at)
        if found is not None:
            return found
        at = text.find("<game", at + 1)
    return None


def _game_tag_after(text: str, head: str) -> re.Match[str] | None:
    """``_XML_GAME.search(text)`` when ``text`` starts with ``head`` and the pattern matches right
    after it, else None; ``head`` is a text whose own first match started right after it (a hand's
    session).  No earlier place can match: a match there would have matched in ``head``'s own text
    too, over its game tag, whatever of it the match spans (``[^>]*``, the quoted value or the
    ``[^>]*`` after it: each reaches the same way into that tag).  The session's fields are not
    searched for a ``<game`` a hand."""
    if not text.startswith(head):
        return None
    return _XML_GAME.match(text, len(head))


def _last_start_date(text: str, start: int) -> str:
    """The last of ``_STARTDATE.findall(text, start)``, "" when none: looked for from the end, each
    ``<startdate>`` tried once (a match holds no ``<`` but its closing tag's, so none holds another)."""
    at = text.rfind("<startdate>", start)
    while at >= 0:
        close = text.find("<", at + 11)
        if close >= 0 and text.find("</startdate>", close, close + 12) == close:
            return text[at + 11:close]
        at = text.rfind("<startdate>", start, at)
    return ""


def _first_words(text: str, words: str) -> bool:
    """``text.lstrip().startswith(words)`` without the stripped copy of the whole text."""
    start = 0
    while start < len(text) and text[start].isspace():
        start += 1
    return text.startswith(words, start)


def _cards_once(text: str, read: dict[str, str]) -> str:
    """``card_text(text)``, kept in ``read``."""
    found = read.get(text)
    if found is None:
        found = read[text] = card_text(text)
    return found


def _parse_xml(text: str, source: str, line: int, game_tag: re.Match[str]) -> Hand:
    game_at = game_tag.start()
    general, gametype, currency = _session(text, game_at)
    game_attributes, elements, money = game_elements(text, game_tag)
    hand_id = game_attributes.get("gamecode", "")
    # read when the actions still add up to each player's bet= (cut after them); split's pieces end with it
    cut = not text.endswith("</game>") and "</game>" not in text
    mark = decimal_mark(" ".join(money))
    players: list[Tag] = []
    pocket: dict[str, str] = {}
    rounds: list[tuple[int, list[tuple[int, Tag]], list[tuple[str, str, str]]]] = []
    for element in elements:
        tag = element.tag
        if tag == "player":
            players.append(element)
        elif tag == "round":
            rounds.append((int(element.no) if element.no is not None else len(rounds), [], []))
        elif tag == "action" and rounds:
            rounds[-1][1].append((int(element.no) if element.no is not None else 0, element))
        elif tag == "cards" and rounds:
            kind = element.type
            who = element.player or ""
            rounds[-1][2].append((kind or "", who, element.content))
            if kind == "Pocket":
                pocket[who] = element.content
    seated = [p for p in players if p.name]
    if len(seated) < 2:
        stranger = next((a.player for r in rounds for _, a in r[1] if a.player not in {p.name for p in seated}), None)
        raise ValueError("fewer than two players in the hand" + (f": {stranger!r} acts but has no player element"
                                                                  if stranger else ""))
    if not [p for p in seated if p.bet is not None or p.win is not None]:
        raise ValueError("a partial export: no player element says what was bet or won (bet=, win=)")
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    stated_bet: dict[str, Decimal] = {}
    stated_win: dict[str, Decimal] = {}
    for p in seated:
        name = p.name or ""
        if p.seat is None:
            raise ValueError(f"player {name!r} has no seat (a player element without seat=)")
        names.append(name)
    for p in seated:  # (every seat, then every stack, bet and win read: the first error as before)
        seats[p.name or ""] = int(p.seat or "")
    for p in seated:
        stacks[p.name or ""] = amount(p.chips if p.chips is not None else "0", mark)
    for p in seated:
        stated_bet[p.name or ""] = amount(p.bet if p.bet is not None else "0", mark)
    for p in seated:
        stated_win[p.name or ""] = amount(p.win if p.win is not None else "0", mark)
    game, limit = _game(gametype, pocket, rounds)
    stakes = _stakes(gametype, mark)
    big_blind = stakes[1] if len(stakes) > 1 and limit != "fixed-limit" else ZERO
    events: list[tuple] = []
    board = ""
    shown: dict[str, str] = {}
    stud = game in STUD
    dealt_read: dict[str, str] = {}  # each card text of the hand read once (the hidden pockets' "X X")
    for number, actions, cards in rounds if _ascending(rounds) else sorted(rounds, key=lambda r: r[0]):
        if number < 0:
            raise ValueError(f"a round numbered {number} (rounds are numbered from 0)")
        street = _STUD_ROUNDS[min(number, 6)] if stud else _ROUND_STREETS[min(number, 4)]
        for kind, who, content in cards:
            if kind in _BOARD_CARDS and not stud:
                dealt = _cards_once(content, dealt_read)
                board += dealt
                events.append(("deal", None, _BOARD_CARDS[kind], ZERO, ZERO, False, dealt, 0, 0, 0))
            elif who in seats:
                dealt = _cards_once(content, dealt_read)
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
    totals = put_in(events)
    for n in names:
        if stated_bet[n] != totals.get(n, ZERO):
            raise ValueError(_bet_mismatch(n, stated_bet[n], stacks[n], events, cut))
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won={n: v for n, v in stated_win.items() if v}, source=source, line=line,
                    header_money=stakes, currency=currency,
                    tournament=general.get("tournamentcode") or (tournament_id(general) if not stakes else None),
                    table=general.get("tablename", ""),
                    button=_dealer_seat(seated),
                    date=_iso_date(_last_start_date(text, game_at)),
                    boards=[board], shown=shown,
                    uncalled_in_won="when-over-or-all")


def _ascending(numbered: list[tuple]) -> bool:
    """Whether the items' numbers (their first value) never go down: the order ``sorted`` by the
    number keeps them in (the file's usual order)."""
    for k in range(1, len(numbered)):
        if numbered[k][0] < numbered[k - 1][0]:
            return False
    return True


def _dealer_seat(seated: list[Tag]) -> int | None:
    for p in seated:
        if p.dealer == "1":
            return int(p.seat or "")
    return None


def _session(text: str, game_at: int) -> tuple[dict[str, str], str, str]:
    """The ``<general>`` fields of a hand's session (``text`` before its ``<game>`` at ``game_at``),
    the game type and the currency they name: read once for the hands that follow one another in a
    file (the last session read kept, compared with the text in place rather than cut out of it)."""
    for head, found in _SESSIONS.items():  # (one entry)
        if len(head) == game_at and text.startswith(head):
            return found
    head = text[:game_at]
    _SESSIONS.clear()
    fields = _fields(head)
    gametype = " ".join(fields.get("gametype", "").split())
    found = _SESSIONS[head] = (fields, gametype, currency_named(fields.get("tablecurrency", "") or gametype))
    return found


_SESSIONS: Final[dict[str, tuple[dict[str, str], str, str]]] = {}


def _fields(text: str) -> dict[str, str]:
    """``dict(_FIELD.findall(text))``, each ``<name>`` tried once with ``str.find`` (the pattern was
    tried at every character): a name of word characters up to the first ``>``, its text up to the
    next ``<``, which must close it."""
    found: dict[str, str] = {}
    at = text.find("<")
    while at >= 0:
        close = text.find(">", at + 1)
        if close < 0:
            break
        name = text[at + 1:close]
        if name.isalnum() or name.replace("_", "a").isalnum():  # (\w+)
            end = text.find("<", close + 1)
            closing = "</" + name + ">"
            if end >= 0 and text.find(closing, end, end + len(closing)) == end:
                found[name] = text[close + 1:end]
                at = text.find("<", end + len(closing))
                continue
        at = text.find("<", at + 1)
    return found


def _bet_mismatch(name: str, stated: Decimal, stack: Decimal, events: list[tuple], cut: bool) -> str:
    """Why a player's ``bet=`` is not what his actions put in: the hand cut short, no action of
    his, a bet more than his stack, or his own forced bet counted twice or left out (the 2011
    tournament clients and some cash hands of 2017-2019, when he raises: the pots he wins and his
    next stack follow the actions)."""
    put = put_in(events).get(name, ZERO)
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
    date = text.strip()
    if _ISO_DATE.match(date) is not None:  # (19 characters, each group at its place: no group taken)
        return date[:10] + "T" + date[11:19]
    m = _DAY_FIRST_DATE.match(date)
    return f"{m.group(3)}-{m.group(2)}-{m.group(1)}T{m.group(4)}" if m else ""


def _game(gametype: str, pocket: dict[str, str], rounds: list) -> tuple[str, str]:
    """The game and limit a game type names (Omaha's card count from the pocket cards): kept for the
    game types whose game needs no pocket cards (a file's hands repeat their session's)."""
    found = _NAMED_GAMES.get(gametype)
    if found is None:
        found = _game_of(gametype, pocket)
        if not found[0].startswith("omaha"):
            if len(_NAMED_GAMES) >= 100:
                _NAMED_GAMES.clear()
            _NAMED_GAMES[gametype] = found
    return found


_NAMED_GAMES: Final[dict[str, tuple[str, str]]] = {}


def _game_of(gametype: str, pocket: dict[str, str]) -> tuple[str, str]:
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


def _xml_action(a: Tag, street: str, events: list, seats: dict, big_blind: Decimal, mark: str) -> None:
    code = a.type or ""
    name = a.player or ""
    if code in _NOTHING:
        return
    kind = _XML_KINDS.get(code)
    if kind is None:
        raise ValueError(f"unknown iPoker action type {code} ({a.actiontxt or ''!r}) of {name!r}")
    if name not in seats:
        raise ValueError(f"{name!r} acts but has no seat")
    if a.sum == "DP":  # disconnect protection: all-in with what he has in, his stack kept
        raise ValueError(f"{name} is all-in by disconnect protection (sum=\"DP\") with chips behind: an action "
                         "pyeval's hands cannot hold")
    chips = amount(a.sum or "0", mark)
    if kind in ("fold", "check"):
        events.append((kind, name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif kind in ("raise-by", "all-in"):
        chips_added(name, chips, kind == "all-in", street, events, seats)
    elif kind == "raise":
        events.append(("raise", name, street, ZERO, chips, False, "", 0, 0, 0))
    elif kind == "big-blind" and big_blind and chips > big_blind:  # a returning player's big blind and dead small
        events.append(("dead-blind", name, street, chips - big_blind, ZERO, False, "", 0, 0, 0))
        events.append(("big-blind", name, street, big_blind, big_blind, False, "", 0, 0, 0))
    else:
        events.append((kind, name, street, chips, chips if kind != "ante" else chips, False, "", 0, 0, 0))


