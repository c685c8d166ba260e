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
from typing import Final

from pyeval.core.cards import RANK_CHARS
from pyeval.history.sites.assemble import assemble, speakers_of, street_total
from pyeval.history.sites.model import PLAIN_CARDS, ZERO, Hand
from pyeval.history.sites.money import amount, currency_of
from pyeval.history.sites.text_lines import header_line, numbered_lines, one_space_off, seat_line

__all__ = ["SITE", "detect", "split", "parse"]

SITE: Final = "888poker"

_ID: Final = re.compile(r"Hand History for Game (\d+)")
_STAKES: Final = re.compile(r"^(.+?) Blinds (No Limit|Pot Limit|Fix Limit) (Holdem|OmahaHL|Omaha)( Jackpot table)? - "
                            r"\*\*\*(?: (\d\d) (\d\d) (\d{4}) (\d\d:\d\d:\d\d))?\s*$")
_TOURNAMENT: Final = re.compile(r"^Tournament #(\d+)")
_TABLE: Final = re.compile(r"^(?:Tournament #\d+ .*?- )?Table (.+?)(?: (\d+) Max)? \((Real Money|Practice Play)\)\s*$")
_TABLE_WORDS: Final[tuple[str, ...]] = ("Table ", "Tournament #")
"""How a line ``_TABLE`` matches starts (the lines before the seats are a table's, a tournament's and
the players' count: the pattern is tried only on the first two)."""
_NAMELESS: Final = re.compile(r"^Seat \d+: +\(")
_BUTTON: Final = re.compile(r"^Seat (\d+) is the button\s*$")
_COLLECT: Final = re.compile(r"^(.+) collected \[ ?(.+?) ?\]\s*$")
_LIMITS: Final = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Fix Limit": "fixed-limit"}
_GAMES: Final = {"Holdem": "holdem", "Omaha": "omaha", "OmahaHL": "omaha-hilo"}
_STREETS: Final = {"down cards": "preflop", "flop": "flop", "turn": "turn", "river": "river"}
_POSTS: Final[tuple[tuple[str, str], ...]] = (  # (typed: mypyc boxes an untyped tuple at every use)
    ("posts small blind ", "small-blind"), ("posts big blind ", "big-blind"), ("posts ante ", "ante"))
_ACTIONS: Final = {"calls": "call", "bets": "bet", "raises": "raise"}
_RANKS: Final = {"H": "K", "V": "Q", "B": "J", "10": "T",  # the Dutch client (heer, vrouw, boer)
                 "E": "A", "Kn": "J", "D": "Q",  # the Norwegian one (ess, knekt, dame)
                 # the Russian one (туз, король, дама, валет), and its cp1251 bytes read as cp1252
                 "Т": "A", "К": "K", "Д": "Q", "В": "J", "Ò": "A", "Ê": "K", "Ä": "Q", "Â": "J"}
_SUITS: Final = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c"}  # the German-speaking clients
_SPANISH_SUITS: Final = {"p": "s", "t": "c", "d": "d", "c": "h"}  # picas, tréboles, diamantes, corazones
_CARD: Final = re.compile(r"^(10|Kn|[2-9TJQKAHVBEDТКДВÒÊÄÂ])([shdcpt]|Pik|Herz|Karo|Kreuz)$")


_DANGLING: Final = re.compile(r"#Game No : \d+\s*\Z")
_HEADER: Final = re.compile(r"\*\*\*\*\* (?<![^\n]\*\*\*\*\* )"
                            r"(?:888poker(?:\.[\w-]+)?|Cassava|888\.\w+(?: BLAST)?|Pacific Poker|LuckyAcePoker\.com) "
                            r"Hand History for Game")
"""The header of 888's text and its skins' (888poker.ca-on, 888.ro BLAST, LuckyAcePoker.com), at
the start of a line: the lookbehind (no character but a line break before the stars) stands for
``^`` with ``re.M``, after the literal stars so that the engine skips ahead to them."""
_HEADER_WORD: Final = " Hand History for Game"


def detect(text: str) -> bool:
    return header_line(text, _HEADER_WORD, _HEADER, 3000)


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


_DECIMAL_COMMA: Final = re.compile(r",(?<=\d,)\d{1,2}(?!\d)")
_DOT_THOUSANDS: Final = re.compile(r"\.(?<=\d\.)\d{3}(?!\d)")
"""A digit, the mark, then two decimals or three digits of thousands (the patterns start at the
mark, a literal the engine skips ahead to, and look back for the digit before it)."""


def _decimal_mark(text: str) -> str:
    """"," when the hand's amounts use decimal commas (``0,01 $``) or dot thousands (``3.243``)."""
    if _DECIMAL_COMMA.search(text) or _DOT_THOUSANDS.search(text):
        return ","
    return "."


def _cards(text: str, where: int, spanish: bool) -> str:
    """Cards in any of the clients' notations as "AhKd"; ``spanish``: the hand writes the Spanish
    suits (``7p``, ``8t``), where ``c`` is hearts (corazones)."""
    out = []
    for word in text.replace(",", " ").split():
        if not spanish and word in PLAIN_CARDS:
            out.append(word)  # the English notation, as pyeval writes it
            continue
        m = _CARD.match(word)
        if m is None or (m.group(2) in "pt" and not spanish):
            raise ValueError(f"line {where}: not a card: {word!r}")
        suit = _SPANISH_SUITS.get(m.group(2), "") if spanish else _SUITS.get(m.group(2), m.group(2))
        if not suit:  # (an English-only suit in a hand whose cards are written in the Spanish suits)
            raise ValueError(f"line {where}: {word!r} mixes the English suits into a hand in the Spanish ones")
        out.append(_RANKS.get(m.group(1), m.group(1)) + suit)
    return "".join(out)


_SPANISH_RANKS: Final[str] = RANK_CHARS  # (the ranks a Spanish card is written with: 2-9, T, J, Q, K, A)


def _spanish_card(text: str, suit: str) -> bool:
    """Whether a card with the Spanish suit ``suit`` (``p``, ``t``) is written: ``[`` or a space, a
    rank, the suit, then a space, comma or ``]`` (what ``p(?:(?<=[\\[ ][2-9TJQKA]p)|(?<=[\\[ ]10p))[ ,\\]]``
    finds, by ``str.find`` of the suit's letter: the engine looked at every character for it)."""
    at = text.find(suit)
    while at >= 0:
        if at >= 2 and at + 1 < len(text) and text[at + 1] in " ,]":
            if text[at - 1] in _SPANISH_RANKS and text[at - 2] in "[ ":
                return True
            if at >= 3 and text[at - 2] == "1" and text[at - 1] == "0" and text[at - 3] in "[ ":
                return True
        at = text.find(suit, at + 1)
    return False


def _spanish(text: str) -> bool:
    """Whether the hand writes the Spanish suits (``7p``, ``8t``).  A player's name may look like
    such a card (``Kp``): then the first card in brackets with a suit of one notation only
    decides (``p``, ``t`` Spanish; ``h``, ``s`` English)."""
    if not _spanish_card(text, "p") and not _spanish_card(text, "t"):
        return False
    at = text.find("[")
    while at >= 0:
        end = text.find("]", at)
        if end < 0:
            break
        for word in text[at + 1:end].replace(",", " ").split():
            if word[-1] in "pt":
                return True
            if word[-1] in "hs" and _CARD.match(word) is not None:
                return False
        at = text.find("[", end)
    return True


def parse(text: str, source: str, line: int) -> Hand:
    lines, numbers = numbered_lines(text, line)
    if len(lines) == 1 and lines[0].startswith("#Game No"):
        raise ValueError(f"the hand is cut short: the text ends after its first line {lines[0]!r}")
    k = 1 if lines and lines[0].startswith("#Game No") else 0  # the header's line
    if len(lines) <= k or (m_id := _ID.search(lines[k])) is None:
        raise ValueError("not an 888poker hand header")
    hand_id = m_id.group(1)
    if len(lines) < k + 2 or (st := _STAKES.match(lines[k + 1])) is None:
        raise ValueError(f"unknown stakes line: {lines[k + 1][:80] if len(lines) > k + 1 else ''!r}")
    mark = _decimal_mark(text)
    spanish = _spanish(text)
    blinds = [amount(v, mark) for v in st.group(1).split("/")]
    limit, game = _LIMITS[st.group(2)], _GAMES[st.group(3)]
    day, month, year, clock = st.group(5), st.group(6), st.group(7), st.group(8)
    tournament = None
    table_name, max_seats = "", None
    button = None
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    k += 2
    while k < len(lines) and not lines[k].startswith(("** ", "Dealt to")):
        x = lines[k]
        if x.startswith("Seat "):  # (neither a tournament's nor a table's line)
            if x.endswith(" is the button") and (b := _BUTTON.match(x)) is not None:
                button = int(b.group(1))
            elif (seat_parts := seat_line(x)) is not None:
                seat, seated, stack = seat_parts
                names.append(seated)
                seats[seated] = int(seat)
                stacks[seated] = amount(one_space_off(stack), mark)
            elif _NAMELESS.match(x):
                raise ValueError(f"line {numbers[k]}: a seat whose player has no name (the names are blank)")
            elif " posts " not in x:
                raise ValueError(f"line {numbers[k]}: unknown line {x[:70]!r}")
        else:
            if x.startswith("Tournament #") and (t := _TOURNAMENT.match(x)) is not None:
                tournament = t.group(1)
            if x.endswith(")") and x.startswith(_TABLE_WORDS) and (tb := _TABLE.match(x)) is not None:
                table_name, max_seats = tb.group(1), int(tb.group(2)) if tb.group(2) else None
            elif not x.startswith(("Total number of players", "Tournament #")) and " posts " not in x:
                raise ValueError(f"line {numbers[k]}: unknown line {x[:70]!r}")
        if " posts " in x:
            break
        k += 1
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    speakers = speakers_of(names)
    events: list[tuple] = []
    street = "preflop"
    board = ""
    shown: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    summary = False
    for j in range(k, len(lines)):
        x = lines[j]
        where = numbers[j]
        if x.startswith("** "):
            if x.startswith("** Summary **"):
                summary = True
                continue
            d = _deal_line(x)
            if d is None:
                raise ValueError(f"line {where}: unknown section {x[:60]!r}")
            street, dealt = d
            if dealt:
                cards = _cards(dealt, where, spanish)
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
        c = _collected(x)
        if c is not None and (collector := c[0]) in seats:
            got = amount(c[1], mark)
            won[collector] = won.get(collector, ZERO) + got
            events.append(("collect", collector, "showdown", got, ZERO, False, "", 0, 0, 0))
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


def _collected(x: str) -> tuple[str, str] | None:
    """(player, amount as written) of ``Bob collected [ $1.50 ]``, None when ``x`` is not such a
    line: what ``_COLLECT`` matches on a line without trailing spaces, read by string operations:
    the player's name runs to the last `` collected [`` whose bracket closes the line and holds
    something (``(.+)`` is greedy), the amount less one space at each end (but one character at
    least: `` ?(.+?) ?``)."""
    if not x.endswith("]"):
        return None
    at = x.rfind(" collected [")
    while at >= 1:
        inner = x[at + 12:-1]
        if inner:
            start = 1 if len(inner) >= 2 and inner[0] == " " else 0
            end = len(inner) - 1 if len(inner) - start >= 2 and inner[-1] == " " else len(inner)
            return x[:at], inner[start:end]
        at = x.rfind(" collected [", 0, at)
    return None


def _deal_line(x: str) -> tuple[str, str] | None:
    """(street, cards as written) of a section line ``** Dealing flop ** [ 2c, 3d, 4s ]`` (no
    cards: ""), None when ``x`` is not one: what ``^\\*\\* Dealing (down cards|flop|turn|river)
    \\*\\*\\s*(?:\\[ ?(.*?) ?\\])?\\s*$`` matches on a line, read by string operations."""
    if not x.startswith("** Dealing "):
        return None
    end = x.find(" **", 11)
    if end < 0:
        return None
    street = _STREETS.get(x[11:end])
    if street is None:
        return None
    rest = x[end + 3:].strip()  # (the spaces on both sides of the brackets)
    if not rest:
        return street, ""
    if rest[0] != "[" or rest[-1] != "]":
        return None
    return street, one_space_off(rest[1:-1])


def _bracketed(text: str, where: int, last: bool = False) -> str:
    """The first (``last``: the last) ``[...]`` of a line; ValueError naming the line when it has none.
    The brackets are taken from the left, each ``[`` closed by the next ``]`` (a ``[`` inside
    is text)."""
    found = ""
    seen = False
    at = text.find("[")
    while at >= 0:
        close = text.find("]", at + 1)
        if close < 0:
            break
        found, seen = text[at + 1:close], True
        if not last:
            break
        at = text.find("[", close + 1)
    if not seen:
        raise ValueError(f"line {where}: no [amount] or [cards] in {text[:60]!r}")
    return found


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


_BETTING: Final = frozenset({"small-blind", "big-blind", "dead-blind", "call", "bet", "raise"})


def _action(name: str, what: str, street: str, events: list, shown: dict, mark: str, spanish: bool,
            where: int) -> None:
    if what.startswith("posts "):  # (every forced bet)
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
    space = what.find(" ")
    word = what if space < 0 else what[:space]  # (the first word, without the list a split makes)
    if word in ("folds", "checks"):
        events.append(("fold" if word == "folds" else "check", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif (bet_kind := _ACTIONS.get(word)) is not None:
        chips = amount(_bracketed(what, where), mark)
        to = street_total(events, name, street) + chips if word == "raises" else ZERO  # 888 writes what it adds
        events.append((bet_kind, name, street, chips, to, False, "", 0, 0, 0))
    elif word in ("shows", "mucks"):
        cards = _cards(_bracketed(what, where), where, spanish)
        if word == "shows":
            shown[name] = cards
        events.append(("show" if word == "shows" else "muck", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
    elif what.startswith(("did not show", "does not show")):
        events.append(("muck", name, "showdown", ZERO, ZERO, False, "", 0, 0, 0))
    else:
        raise ValueError(f"line {where}: unknown action {name} {what[:60]!r}")
