"""888poker's text hand histories (also written by its Cassava software and regional skins such as
888.ro): hold'em and Omaha hi and hi/lo, no-limit, pot-limit and fixed-limit, cash, sit-and-go
and tournaments.

Amounts are in brackets (``posts big blind [$0.10]``, ``collected [ $15,280 ]``) and every action's
amount is the chips it adds (a raise's too).  There is no all-in marker, no uncalled-bet line
and no rake line: the uncalled part of a bet is in what its player ``collected`` (``assemble``
returns it) and the rake is what the pots lost.  Locales write ``3.243 $`` (dot thousands) or
``0,01 $`` (comma decimals), chosen per hand from the amounts; the Dutch client writes the
court cards ``H``/``V``/``B`` (king, queen, jack) and the German-speaking ones ``8Pik`` (spades).
"""

from __future__ import annotations

import re
from decimal import Decimal

from pyeval.history.sites.assemble import Speakers, assemble, street_total
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount, currency_of

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "888poker"

_ID = re.compile(r"Hand History for Game (\d+)")
_STAKES = re.compile(r"^(.+?) Blinds (No Limit|Pot Limit|Fix Limit) (Holdem|OmahaHL|Omaha)( Jackpot table)? - "
                     r"\*\*\*(?: (\d\d) (\d\d) (\d{4}) (\d\d:\d\d:\d\d))?\s*$")
_TOURNAMENT = re.compile(r"^Tournament #(\d+)")
_TABLE = re.compile(r"^(?:Tournament #\d+ .*?- )?Table (.+?)(?: (\d+) Max)? \((Real Money|Practice Play)\)\s*$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \( ?([^()]*?) ?\)\s*$")
_NAMELESS = re.compile(r"^Seat \d+: +\(")
_BUTTON = re.compile(r"^Seat (\d+) is the button\s*$")
_BRACKET = re.compile(r"\[([^\]]*)\]")
_COLLECT = re.compile(r"^(.+) collected \[ ?(.+?) ?\]\s*$")
_DEAL = re.compile(r"^\*\* Dealing (down cards|flop|turn|river) \*\*\s*(?:\[ ?(.*?) ?\])?\s*$")
_LIMITS = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Fix Limit": "fixed-limit"}
_GAMES = {"Holdem": "holdem", "Omaha": "omaha", "OmahaHL": "omaha-hilo"}
_STREETS = {"down cards": "preflop", "flop": "flop", "turn": "turn", "river": "river"}
_POSTS = (("posts small blind ", "small-blind"), ("posts big blind ", "big-blind"), ("posts ante ", "ante"))
_ACTIONS = {"calls": "call", "bets": "bet", "raises": "raise"}
_RANKS = {"H": "K", "V": "Q", "B": "J", "10": "T",  # the Dutch client (heer, vrouw, boer)
          "E": "A", "Kn": "J", "D": "Q",  # the Norwegian one (ess, knekt, dame)
          # the Russian one (туз, король, дама, валет), and its cp1251 bytes read as cp1252
          "Т": "A", "К": "K", "Д": "Q", "В": "J", "Ò": "A", "Ê": "K", "Ä": "Q", "Â": "J"}
_SUITS = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c"}  # the German-speaking clients
_SPANISH_SUITS = {"p": "s", "t": "c", "d": "d", "c": "h"}  # picas, tréboles, diamantes, corazones
_CARD = re.compile(r"^(10|Kn|[2-9TJQKAHVBEDТКДВÒÊÄÂ])([shdcpt]|Pik|Herz|Karo|Kreuz)$")


_DANGLING = re.compile(r"#Game No : \d+\s*\Z")
_HEADER = re.compile(r"^\*{5} (?:888poker(?:\.[\w-]+)?|Cassava|888\.\w+(?: BLAST)?|Pacific Poker|LuckyAcePoker\.com) "
                     r"Hand History for Game", re.M)
"""The header of 888's text and its skins' (888poker.ca-on, 888.ro BLAST, LuckyAcePoker.com)."""


def detect(text: str) -> bool:
    return _HEADER.search(text[:3000]) is not None


def split(text: str) -> list[tuple[int, str]]:
    """Hands start at their ``#Game No`` line when there is one (it may follow the last line of
    the hand before without a line break), else at the ``*****`` header."""
    starts = []
    for m in _HEADER.finditer(text):
        at = m.start()
        before = text.rfind("#Game No", max(0, text.rfind("\n", 0, max(at - 1, 0)) - 200), at)
        starts.append(before if before >= 0 and "*****" not in text[before:at] else at)
    tail = _DANGLING.search(text, starts[-1] if starts else 0)
    if tail is not None:
        starts.append(tail.start())
    if not starts:
        return [(1, text)]
    pieces = [(1, text[:starts[0]])] if text[:starts[0]].strip() else []
    line = 1 + text.count("\n", 0, starts[0])
    for a, b in zip(starts, starts[1:] + [len(text)]):
        pieces.append((line, text[a:b]))
        line += text.count("\n", a, b)
    return pieces


def _decimal_mark(text: str) -> str:
    """"," when the hand's amounts use decimal commas (``0,01 $``) or dot thousands (``3.243``)."""
    if re.search(r"\d,\d{1,2}(?![\d])", text) or re.search(r"\d\.\d{3}(?![\d])", text):
        return ","
    return "."


def _cards(text: str, where: int, spanish: bool) -> str:
    """Cards in any of the clients' notations as "AhKd"; ``spanish``: the hand writes the Spanish
    suits (``7p``, ``8t``), where ``c`` is hearts (corazones)."""
    out = []
    for word in text.replace(",", " ").split():
        m = _CARD.match(word)
        if m is None or (m.group(2) in "pt" and not spanish):
            raise ValueError(f"line {where}: not a card: {word!r}")
        suit = _SPANISH_SUITS[m.group(2)] if spanish else _SUITS.get(m.group(2), m.group(2))
        out.append(_RANKS.get(m.group(1), m.group(1)) + suit)
    return "".join(out)


_SPANISH = re.compile(r"[\[ ](?:10|[2-9TJQKA])[pt][ ,\]]")


def parse(text: str, source: str, line: int) -> Hand:
    raw = text.split("\n")
    lines = [(line + k, x.rstrip()) for k, x in enumerate(raw) if x.strip()]
    if len(lines) == 1 and lines[0][1].startswith("#Game No"):
        raise ValueError(f"the hand is cut short: the text ends after its first line {lines[0][1]!r}")
    if lines and lines[0][1].startswith("#Game No"):
        lines = lines[1:]
    if not lines or (m_id := _ID.search(lines[0][1])) is None:
        raise ValueError("not an 888poker hand header")
    hand_id = m_id.group(1)
    if len(lines) < 2 or (st := _STAKES.match(lines[1][1])) is None:
        raise ValueError(f"unknown stakes line: {lines[1][1][:80] if len(lines) > 1 else ''!r}")
    mark = _decimal_mark(text)
    spanish = _SPANISH.search(text) is not None
    blinds = [amount(v, mark) for v in st.group(1).split("/")]
    limit, game = _LIMITS[st.group(2)], _GAMES[st.group(3)]
    day, month, year, clock = st.group(5), st.group(6), st.group(7), st.group(8)
    tournament = None
    table_name, max_seats = "", None
    button = None
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    k = 2
    while k < len(lines) and not lines[k][1].startswith(("** ", "Dealt to")):
        x = lines[k][1]
        if (t := _TOURNAMENT.match(x)) is not None:
            tournament = t.group(1)
        if (tb := _TABLE.match(x)) is not None:
            table_name, max_seats = tb.group(1), int(tb.group(2)) if tb.group(2) else None
        elif (b := _BUTTON.match(x)) is not None:
            button = int(b.group(1))
        elif (s := _SEAT.match(x)) is not None:
            names.append(s.group(2))
            seats[s.group(2)] = int(s.group(1))
            stacks[s.group(2)] = amount(s.group(3), mark)
        elif x.startswith("Seat ") and _NAMELESS.match(x):
            raise ValueError(f"line {lines[k][0]}: a seat whose player has no name (the names are blank)")
        elif not x.startswith(("Total number of players", "Tournament #")) and " posts " not in x:
            raise ValueError(f"line {lines[k][0]}: unknown line {x[:70]!r}")
        if " posts " in x:
            break
        k += 1
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    speakers = Speakers(names)
    events: list[tuple] = []
    street = "preflop"
    board = ""
    shown: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    summary = False
    for where, x in lines[k:]:
        if x.startswith("** "):
            if x.startswith("** Summary **"):
                summary = True
                continue
            d = _DEAL.match(x)
            if d is None:
                raise ValueError(f"line {where}: unknown section {x[:60]!r}")
            street = _STREETS[d.group(1)]
            if d.group(2):
                cards = _cards(d.group(2), where, spanish)
                board += cards
                events.append(("deal", None, street, ZERO, ZERO, False, cards, 0, 0, 0))
            continue
        if x.startswith("(") and x.endswith(")"):  # the best high hand after a hi/lo show
            continue
        if x.startswith("Dealt to "):
            name = speakers.at_start(x, len("Dealt to "))
            if name is None:
                raise ValueError(f"line {where}: cards dealt to a player with no seat: {x[:60]!r}")
            cards = _cards(_bracketed(x, where, last=True), where, spanish)
            events.append(("deal", name, street, ZERO, ZERO, False, cards, 0, 0, 0))
            continue
        c = _COLLECT.match(x)
        if c and c.group(1) in seats:
            got = amount(c.group(2), mark)
            won[c.group(1)] = won.get(c.group(1), ZERO) + got
            events.append(("collect", c.group(1), "showdown", got, ZERO, False, "", 0, 0, 0))
            continue
        name = speakers.at_start(x)
        if name is None:
            raise ValueError(f"line {where}: unknown line {x[:70]!r}")
        _action(name, x[len(name) + 1:], "showdown" if summary else street, events, shown, mark, spanish, where)
    if not summary:
        raise ValueError("the hand is cut short: no summary")
    if not won:
        raise ValueError("no player collects the pot")
    _return_uncovered_ante(events)
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=blinds,
                    currency="" if tournament or "Practice Play" in text[:400] else currency_of(st.group(1)) or "USD",
                    tournament=tournament, table=table_name, max_seats=max_seats, button=button,
                    date=f"{year}-{month}-{day}T{clock}" if year else "", boards=[board], shown=shown,
                    rake=ZERO if tournament else None,
                    uncalled_in_won="when-over")


def _bracketed(text: str, where: int, last: bool = False) -> str:
    """The first (``last``: the last) ``[...]`` of a line; ValueError naming the line when it has none."""
    found = _BRACKET.findall(text)
    if not found:
        raise ValueError(f"line {where}: no [amount] or [cards] in {text[:60]!r}")
    return found[-1] if last else found[0]


def _return_uncovered_ante(events: list[tuple]) -> None:
    """A BLAST tournament's last hand: every player antes all his stack and nobody bets; the part
    of the biggest ante no other player covers goes back to its player (888 does not write it)."""
    antes = [e for e in events if e[0] == "ante"]
    if len(antes) < 2 or any(e[0] in _BETTING for e in events):
        return
    ordered = sorted(antes, key=lambda e: e[3], reverse=True)
    excess = ordered[0][3] - ordered[1][3]
    if excess > 0:
        events.append(("uncalled", ordered[0][1], "preflop", excess, ZERO, False, "", 0, 0, 0))


_BETTING = frozenset({"small-blind", "big-blind", "dead-blind", "call", "bet", "raise"})


def _action(name: str, what: str, street: str, events: list, shown: dict, mark: str, spanish: bool,
            where: int) -> None:
    for prefix, kind in _POSTS:
        if what.startswith(prefix):
            chips = amount(_bracketed(what, where), mark)
            events.append((kind, name, street, chips, chips, False, "", 0, 0, 0))
            return
    if what.startswith("posts dead blind "):  # a returning player's dead small blind and live big blind
        dead, live = (amount(v, mark) for v in _bracketed(what, where).split("+"))
        events.append(("dead-blind", name, street, dead, ZERO, False, "", 0, 0, 0))
        events.append(("big-blind", name, street, live, live, False, "", 0, 0, 0))
        return
    word = what.split(" ", 1)[0]
    if word in ("folds", "checks"):
        events.append(("fold" if word == "folds" else "check", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif word in _ACTIONS:
        chips = amount(_bracketed(what, where), mark)
        to = street_total(events, name, street) + chips if word == "raises" else ZERO  # 888 writes what it adds
        events.append((_ACTIONS[word], name, street, chips, to, False, "", 0, 0, 0))
    elif word in ("shows", "mucks"):
        cards = _cards(_bracketed(what, where), where, spanish)
        if word == "shows":
            shown[name] = cards
        events.append(("show" if word == "shows" else "muck", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
    elif what.startswith(("did not show", "does not show")):
        events.append(("muck", name, "showdown", ZERO, ZERO, False, "", 0, 0, 0))
    else:
        raise ValueError(f"line {where}: unknown action {name} {what[:60]!r}")
