"""Boss Media's XML hand histories (hold'em, Omaha hi and hi/lo, five-card draw; cash, sit-and-go
and tournaments; the export of 2013 and that of 2014).

One ``<HISTORY ...>`` element a hand (a file may wrap several in ``<ROOT>``): its attributes name
the game (``GAME="GAME_OMAHL"``), the limit (``NL``, ``PL``, ``FL``), the blinds (``STAKES``), the
currency and the time (``DATE``, seconds since 1970, UTC), and what the hero (the player whose
cards are dealt face up) won or lost (``WIN``/``LOSS``) and, since 2014, put in (``BET``).  Then a
``<PLAYER>`` a seat of the table (``STATE_EMPTY`` for an empty one: their number is the table's
size), an ``<ACTION>`` a post, deal, bet or board, and a ``<SHOWDOWN>`` whose ``<RESULT>``s say
what each player won (after the rake, the uncalled part of a bet not in it).

Cards are numbers, ``b`` for a card not seen: 0-12 diamonds, 13-25 clubs, 26-38 hearts, 39-51
spades, each suit from the ace up (A, 2, ..., K).  The hands' own words confirm it: 12 and 25 make
"a pair of kings", 38 12 17 4 45 "two pair, kings and fives" and a low of 7-6-5-3-2.

Amounts: a raise is the street total it makes; an all-in (``ACTION_ALLIN``) the street total too
(the player's stack at the start of the street); a call is the street total in the 2013 export
and the chips it adds in the 2014 one, so a call is worked out from the bet it calls (and the
written value checked against both readings).  Every ``HAND_BOARD`` writes the pot so far (after
the rake so far): each one is checked against the actions.  The 2011 export writes no ``RAKE`` on
a board and leaves a tournament's antes out of the text (``parse`` works them out).
"""

from __future__ import annotations

import html
import re
from datetime import datetime, timezone
from decimal import Decimal

from pyeval.core.cards import RANK_CHARS
from pyeval.history.sites.allin_event import allin_event
from pyeval.history.sites.assemble import assemble
from pyeval.history.sites.hand_starts import split_at
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount

__all__ = ["SITE", "detect", "split", "parse", "card_text"]

SITE = "bossmedia"
HAND_ID = re.compile(r"<HISTORY ID=\"([^\"]+)\"")
"""The hand's id in its text (``registry``: a skipped hand's row names it)."""

_START = re.compile(r"<HISTORY\b")
_PROLOG = re.compile(r"\s*(?:<\?xml[^>]*\?>)?\s*(?:<ROOT>)?\s*")
_KNOWN_TAGS = frozenset({"HISTORY", "PLAYER", "ACTION", "CARD", "SHOWDOWN", "RESULT", "ROOT", "?xml"})

GAMES = {"GAME_THM": "holdem", "GAME_OMA": "omaha", "GAME_OMATU": "omaha", "GAME_OMAHL": "omaha-hilo",
         "GAME_FCD": "draw5"}
"""Boss Media's games -> pyeval games (``OMATU``: Omaha at a turbo table)."""
_LIMITS = {"NL": "no-limit", "PL": "pot-limit", "FL": "fixed-limit"}
_KINDS = {"GAMEKIND_CASH": False, "GAMEKIND_SITGO": True, "GAMEKIND_TOURNAMENT": True}
_BOARDS = {"BOARD_FLOP": "flop", "BOARD_TURN": "turn", "BOARD_RIVER": "river"}
_BLINDS = {"HAND_SB": "small-blind", "HAND_BB": "big-blind", "HAND_DSB": "dead-blind", "HAND_AB": "both"}
"""``KIND`` of a ``HAND_BLINDS``: a dead small blind (a returning player's) is dead money; ``AB``
posts both blinds at once, the big blind live and the rest dead."""
_SUIT_ORDER = "dchs"
"""Boss Media's suits in the order of its card numbers (13 a suit, the ace first)."""


def card_text(link: str) -> str:
    """A card's number as text (``"12"`` -> ``"Kd"``); ``"b"`` (not seen) -> ``""``; ValueError
    for anything else."""
    if link == "b":
        return ""
    if not link.isdigit() or int(link) > 51:
        raise ValueError(f"not a card number: {link!r}")
    n = int(link)
    return RANK_CHARS[(n - 1) % 13] + _SUIT_ORDER[n // 13]


def detect(text: str) -> bool:
    return text.find('<HISTORY ID="', 0, 3000) >= 0


def split(text: str) -> list[tuple[int, str]]:
    """One piece a ``<HISTORY>`` element; an XML declaration and ``<ROOT>`` before the first are
    not a hand and are dropped (anything else before it is a piece of its own)."""
    pieces = split_at(_START, text)
    if len(pieces) > 1 and _START.search(pieces[0][1]) is None and _PROLOG.fullmatch(pieces[0][1]):
        pieces = pieces[1:]
    return pieces


class _Element:
    """One element of the hand: its tag, attributes, the cards inside it, and its line."""

    __slots__ = ("tag", "attrs", "cards", "line")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag = tag
        self.attrs = attrs
        self.cards: list[str] = []
        self.line = line

    def money(self, name: str) -> Decimal:
        value = self.attrs.get(name)
        if value is None or value == "":
            raise ValueError(f"line {self.line}: <{self.tag}> has no {name}")
        return amount(value)


def _elements(text: str, line: int) -> list[_Element]:
    r"""The hand's elements in order (``CARD``s put in the element that holds them); ValueError for an
    unknown element, text outside the elements, or a hand cut short.

    The tags are those the pattern ``<(/?)([A-Za-z?]\w*)([^>]*)>`` finds (leftmost, not
    overlapping: a ``<`` that starts no tag is text between tags), found with ``str.find``."""
    out: list[_Element] = []
    pos = 0
    where = line
    closed = False
    at = text.find("<")
    while at >= 0:
        name_at = at + 2 if at + 1 < len(text) and text[at + 1] == "/" else at + 1
        name_end = _name_end(text, name_at)
        close = text.find(">", name_end) if name_end > name_at else -1
        if close < 0:
            if name_end > name_at:
                break  # no ">" after this "<": none after any later one either
            at = text.find("<", at + 1)  # "<" not followed by a name: text, not a tag
            continue
        between = text[pos:at]
        if between:
            if between != "\n" and not between.isspace():
                raise ValueError(f"line {where}: text outside the XML elements: {between.strip()[:60]!r}")
            where += between.count("\n")
        pos = close + 1
        closing = name_at > at + 1
        tag = text[name_at:name_end]
        inside = text[name_end:close]
        at = text.find("<", pos)
        if tag == "CARD" and not closing:  # most elements: the cards inside an action or a result
            holder = out[-1] if out else None
            if holder is None or holder.tag not in ("ACTION", "RESULT"):
                raise ValueError(f"line {where}: a card outside an action or a result")
            holder.cards.append(card_text(_link(inside)))
            continue
        if tag not in _KNOWN_TAGS:
            raise ValueError(f"line {where}: unknown element <{'/' if closing else ''}{tag}>")
        if closing:
            closed = closed or tag == "HISTORY"
        elif tag in ("HISTORY", "PLAYER", "ACTION", "SHOWDOWN", "RESULT"):
            out.append(_Element(tag, _attributes(inside), where))
        if "\n" in inside:
            where += inside.count("\n")
    if text[pos:].strip():
        raise ValueError(f"text after the last element: {text[pos:].strip()[:60]!r}")
    if not closed:
        raise ValueError("the hand is cut short: no </HISTORY>")
    return out


def _name_end(text: str, at: int) -> int:
    r"""Where a tag's name starting at ``at`` ends (``[A-Za-z?]\w*``); ``at`` when none starts there."""
    if at >= len(text):
        return at
    first = ord(text[at])
    if not (first == 63 or 97 <= first <= 122 or 65 <= first <= 90):  # ?, a-z, A-Z
        return at
    end = at + 1
    size = len(text)
    while end < size and _word(text[end]):
        end += 1
    return end


def _word(c: str) -> bool:
    """Whether a character is one ``\\w`` matches (ASCII decided by its code, without a call)."""
    code = ord(c)
    if code < 128:
        return 97 <= code <= 122 or 65 <= code <= 90 or 48 <= code <= 57 or code == 95
    return c.isalnum()


def _link(inside: str) -> str:
    """A ``CARD``'s number: its ``LINK`` when that is all the tag holds, else the tag's text."""
    if inside.startswith(' LINK="') and inside.endswith('"') and inside.find('"', 7) == len(inside) - 1:
        return inside[7:-1]
    return inside.strip()


def _attributes(inside: str) -> dict[str, str]:
    r"""A tag's ``name="value"`` pairs (what ``(\w+)="([^"]*)"`` finds: leftmost, not overlapping),
    entities in the values read."""
    attrs: dict[str, str] = {}
    pos = 0
    while True:
        eq = inside.find('="', pos)
        if eq < 0:
            return attrs
        end = inside.find('"', eq + 2)
        if end < 0:
            return attrs  # no closing quote here: none for a later value either
        start = eq
        while start > pos and _word(inside[start - 1]):
            start -= 1
        if start == eq:  # no name before the "=": the pattern goes on from the next character
            pos = eq + 1
            continue
        value = inside[eq + 2:end]
        attrs[inside[start:eq]] = html.unescape(value) if "&" in value else value
        pos = end + 1


class _Betting:
    """The chips of the hand so far: each player's stack left and bet on the street, the pot."""

    __slots__ = ("left", "bets", "pot", "raked", "ante_payers")

    def __init__(self, stacks: dict[str, Decimal], ante_payers: int) -> None:
        self.left = dict(stacks)
        self.bets: dict[str, Decimal] = {}
        self.pot = ZERO
        self.raked = ZERO  # the rake taken so far that an older board's pot (no RAKE) leaves unsaid
        self.ante_payers = ante_payers  # until the first pot written: the players an unwritten ante is owed by

    def ante(self, name: str, chips: Decimal, where: int) -> None:
        """Dead money: in the pot, no part of a bet."""
        self.put(name, chips, where)
        self.bets[name] -= chips
        self.pot += chips

    def put(self, name: str, chips: Decimal, where: int) -> None:
        if chips > self.left[name]:
            raise ValueError(f"line {where}: {name} puts in {chips} with {self.left[name]} left")
        self.left[name] -= chips
        self.bets[name] = self.bets.get(name, ZERO) + chips

    def top(self) -> Decimal:
        return max(self.bets.values(), default=ZERO)

    def end_street(self) -> Decimal:
        """The pot after the street, the uncalled part of its largest bet back to its player."""
        ordered = sorted(self.bets.items(), key=lambda kv: kv[1], reverse=True)
        if ordered:
            excess = ordered[0][1] - (ordered[1][1] if len(ordered) > 1 else ZERO)
            self.left[ordered[0][0]] += excess
            self.pot -= excess
        self.pot += sum(self.bets.values(), ZERO)
        self.bets = {}
        return self.pot


class _UnwrittenAntes(ValueError):
    """The first pot written exceeds the chips put in by the same ante from every player."""

    def __init__(self, ante: Decimal) -> None:
        super().__init__(f"an unwritten ante of {ante}")
        self.ante = ante


def parse(text: str, source: str, line: int) -> Hand:
    """The hand.  A tournament's antes the export may leave out: its pots count them (the blinds
    and bets plus the same sum from every player with chips), its stacks are after them (the next
    hand's stack is this one plus the net less the next ante) and so are the hero's ``WIN``/``LOSS``;
    such an ante is posted first from a stack that starts that much higher."""
    try:
        return _parse(text, source, line, ZERO)
    except _UnwrittenAntes as unwritten:
        return _parse(text, source, line, unwritten.ante)


def _parse(text: str, source: str, line: int, ante: Decimal) -> Hand:
    elements = _elements(text, line)
    if not elements or elements[0].tag != "HISTORY":
        raise ValueError("not a Boss Media hand: no <HISTORY> element")
    head = elements[0].attrs
    hand_id = head.get("ID", "")
    game = GAMES.get(head.get("GAME", ""))
    if game is None:
        raise ValueError(f"unknown Boss Media game {head.get('GAME', '')!r}")
    limit = _LIMITS.get(head.get("LIMIT", ""))
    if limit is None:
        raise ValueError(f"unknown Boss Media limit {head.get('LIMIT', '')!r}")
    game_kind = head.get("GAMEKIND", "")
    if game_kind not in _KINDS:
        raise ValueError(f"unknown Boss Media game kind {game_kind!r}")
    stakes = head.get("STAKES", "").split("/")
    if len(stakes) != 2:
        raise ValueError(f"the stakes {head.get('STAKES', '')!r} are not small/big blind")
    header_money = [amount(s) for s in stakes]
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    button: int | None = None
    k = 1
    while k < len(elements) and elements[k].tag == "PLAYER":
        p = elements[k]
        k += 1
        if p.attrs.get("STATE") in ("STATE_EMPTY", "STATE_RESERVED"):  # reserved: held for a player not seated yet
            continue
        name = p.attrs.get("NAME", "")
        if not name or name in seats or not p.attrs.get("SEAT", "").isdigit():
            raise ValueError(f"line {p.line}: a seat without a name or a number, or a name seated twice")
        names.append(name)
        seats[name] = int(p.attrs["SEAT"])
        stacks[name] = p.money("AMOUNT")
        if p.attrs.get("DEALER") == "Y":
            button = seats[name]
    if len(names) < 2:
        raise ValueError("fewer than two seated players")
    events: list[tuple] = []
    shown: dict[str, str] = {}
    held: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    hero: str | None = None
    tournament = _KINDS[game_kind]
    payers = [n for n in names if stacks[n] > 0]
    antes_written = any(e.attrs.get("TYPE") == "HAND_ANTE" for e in elements)
    betting = _Betting(stacks, len(payers) if tournament and not antes_written and not ante else 0)
    for name in payers if ante else []:
        stacks[name] += ante
        betting.left[name] += ante
        betting.ante(name, ante, line)
        events.append(("ante", name, "preflop", ante, ante, False, "", 0, 0, 0))
    street = "preflop"
    board: list[str] = []
    rake = total = None
    for e in elements[k:]:
        if e.tag == "PLAYER":
            raise ValueError(f"line {e.line}: a seat after the actions")
        if e.tag == "HISTORY":
            raise ValueError(f"line {e.line}: a second <HISTORY> in the hand")
        if e.tag == "SHOWDOWN":
            _check_pot(e, betting)
            rake, total = e.money("RAKE"), e.money("POT")
            street = "showdown"
            continue
        who = e.attrs.get("PLAYER")
        if who is not None and who not in seats:
            raise ValueError(f"line {e.line}: a player with no seat: {who!r}")
        if e.tag == "RESULT":
            if who is None or rake is None:
                raise ValueError(f"line {e.line}: a result without a player or outside the showdown")
            got = e.money("WIN")
            won[who] = won.get(who, ZERO) + got
            if got:
                events.append(("collect", who, "showdown", got, ZERO, False, "", 0, 0, 0))
            if all(e.cards):
                shown[who] = "".join(e.cards)
            continue
        if rake is not None:
            raise ValueError(f"line {e.line}: an action after the showdown")
        kind = e.attrs.get("TYPE", "")
        if kind == "HAND_BOARD":
            street = _board(e, game, street, board, betting, events)
        elif who is None:
            raise ValueError(f"line {e.line}: an action without a player: {kind!r}")
        elif kind == "HAND_DEAL":
            if e.cards and all(e.cards):
                hero = hero or who
                held[who] = "".join(e.cards)
                events.append(("deal", who, street, ZERO, ZERO, False, held[who], 0, 0, 0))
        elif kind == "CHANGECARD":
            _draw(e, who, street, events, held)
        else:
            _bet(e, kind, who, street, betting, events, header_money[1])
    if rake is None or total is None:
        raise ValueError("the hand is cut short: no showdown")
    if sum(won.values(), ZERO) != total:
        raise ValueError(f"the results pay {sum(won.values(), ZERO)} of the {total} pot")
    shown = {n: shown.get(n) or held.get(n, "") for n in names}  # a draw changes the cards held
    stated = {}
    if hero is not None and head.get("WIN") and head.get("LOSS"):
        stated[hero] = amount(head["WIN"]) - amount(head["LOSS"]) - (ante if hero in payers else ZERO)
    hand = assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=header_money,
                    currency="" if tournament else head.get("TABLECURRENCY", ""),
                    tournament=(head.get("TABLETOURNEYID") or head.get("TABLE", "")) if tournament else None,
                    table=head.get("TABLE", ""), max_seats=k - 1, button=button, date=_date(head.get("DATE", "")),
                    timezone="UTC" if head.get("DATE") else "", boards=["".join(board)] if board else [],
                    shown=shown, rake=rake, uncalled_in_won="never", stated_net=stated, total=total, language="en")
    if hero is not None and head.get("BET"):
        put = hand.put_in()[hand.players.index(hero)]
        if put != amount(head["BET"]):
            raise ValueError(f"the header says {hero} bet {head['BET']}, the actions {put}")
    return hand


def _board(e: _Element, game: str, street: str, board: list[str], betting: _Betting, events: list) -> str:
    """A ``HAND_BOARD``: the next street (the draw in five-card draw), its new cards dealt; the pot
    it writes checked against the bets."""
    _check_pot(e, betting)
    if game == "draw5":
        if street != "preflop" or e.cards:
            raise ValueError(f"line {e.line}: a second draw or board cards in five-card draw")
        return "draw1"
    nxt = _BOARDS.get(e.attrs.get("VALUE", ""))
    if nxt is None:
        raise ValueError(f"line {e.line}: unknown board {e.attrs.get('VALUE', '')!r}")
    want = {"flop": 3, "turn": 4, "river": 5}[nxt]
    if len(e.cards) != want or not all(e.cards) or e.cards[:len(board)] != board:
        raise ValueError(f"line {e.line}: the {nxt} is not the board so far and {want - len(board)} new cards")
    events.append(("deal", None, nxt, ZERO, ZERO, False, "".join(e.cards[len(board):]), 0, 0, 0))
    board[:] = e.cards
    return nxt


def _check_pot(e: _Element, betting: _Betting) -> None:
    """The pot a ``HAND_BOARD`` or the ``SHOWDOWN`` writes (after the rake so far) is what the
    actions put in (the uncalled part of the street's largest bet returned).

    The older export's boards write no ``RAKE``: their pot is after a rake left unsaid (0.20 at a
    flop, 0.19 at the turn with nothing bet between), so it may fall short of the chips put in by
    a rake that never shrinks and never exceeds the showdown's ``RAKE``; the showdown always
    writes it."""
    pot = betting.end_street()
    payers, betting.ante_payers = betting.ante_payers, 0
    unpaid = e.money("POT") + e.money("RAKE") - pot if "RAKE" in e.attrs else e.money("POT") - pot
    if payers and unpaid > 0 and unpaid % payers == 0:
        raise _UnwrittenAntes(unpaid / payers)
    if e.tag == "ACTION" and "RAKE" not in e.attrs:
        raked = pot - e.money("POT")
        if not betting.raked <= raked <= pot:
            raise ValueError(f"line {e.line}: the pot written ({e.attrs['POT']}, no rake) is not the {pot} put in "
                             f"less a rake of at least the {betting.raked} taken before")
        betting.raked = raked
        return
    if e.money("POT") + e.money("RAKE") != pot or e.money("RAKE") < betting.raked:
        raise ValueError(f"line {e.line}: the pot written ({e.attrs['POT']} and {e.attrs['RAKE']} rake) is not the "
                         f"{pot} put in")


def _draw(e: _Element, who: str, street: str, events: list, held: dict[str, str]) -> None:
    """A ``CHANGECARD``: ``COUNT`` cards discarded; the hand after the draw (the hero's: which were
    discarded and which dealt)."""
    count = int(e.attrs["COUNT"]) if e.attrs.get("COUNT", "").isdigit() else -1
    if street != "draw1" or not 0 <= count <= len(e.cards):
        raise ValueError(f"line {e.line}: a draw of {e.attrs.get('COUNT', '')!r} cards outside the draw")
    if not count:
        events.append(("stand-pat", who, street, ZERO, ZERO, False, "", 0, 0, 0))
        return
    before = held.get(who, "")
    after = e.cards
    discarded = new = ""
    if before and all(after):
        old = [before[a:a + 2] for a in range(0, len(before), 2)]
        discarded = "".join(c for c in old if c not in after)
        new = "".join(c for c in after if c not in old)
        if len(discarded) != 2 * count or len(new) != 2 * count:
            raise ValueError(f"line {e.line}: {who} draws {count} cards, the cards say otherwise")
        held[who] = "".join(after)
    events.append(("discard", who, street, ZERO, ZERO, False, discarded, count, 0, 0))
    if new:
        events.append(("deal", who, street, ZERO, ZERO, False, new, 0, 0, 0))


def _bet(e: _Element, kind: str, who: str, street: str, betting: _Betting, events: list, big_blind: Decimal) -> None:
    """A post or a betting action, with the chips it moves worked out from the bets so far."""
    had = betting.bets.get(who, ZERO)
    left = betting.left[who]
    if kind == "HAND_ANTE":
        chips = e.money("VALUE")
        betting.ante(who, chips, e.line)
        events.append(("ante", who, street, chips, chips, chips == left, "", 0, 0, 0))
    elif kind == "HAND_BLINDS":
        blind = _BLINDS.get(e.attrs.get("KIND", ""))
        if blind is None:
            raise ValueError(f"line {e.line}: unknown blind {e.attrs.get('KIND', '')!r}")
        if blind == "small-blind" and any(ev[0] == "small-blind" for ev in events):
            blind = "dead-blind"  # a second small blind (a new or returning player's) is dead: the pots count it so
        chips = e.money("VALUE")
        betting.put(who, chips, e.line)
        live = {"small-blind": chips, "big-blind": chips, "dead-blind": ZERO}.get(blind, min(chips, big_blind))
        betting.bets[who] -= chips - live  # the dead part: in the pot, no part of a bet
        betting.pot += chips - live
        if blind == "both":  # street_totals splits it into the live big blind and the dead rest (pot -1)
            events.append(("dead-blind", who, street, chips, ZERO, chips == left, "", 0, 0, -1))
        else:
            events.append((blind, who, street, chips, chips, chips == left, "", 0, 0, 0))
    elif kind == "ACTION_FOLD":
        events.append(("fold", who, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif kind == "ACTION_CHECK":
        events.append(("check", who, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif kind == "ACTION_CALL":
        chips = min(betting.top() - had, left)
        value = e.money("VALUE")
        if chips <= 0 or value not in (chips, had + chips):
            raise ValueError(f"line {e.line}: {who} calls {value}, not the {chips} to call")
        betting.put(who, chips, e.line)
        events.append(("call", who, street, chips, ZERO, chips == left, "", 0, 0, 0))
    elif kind == "ACTION_BET":
        chips = e.money("VALUE")
        if betting.top() > had:
            raise ValueError(f"line {e.line}: {who} bets facing a bet")
        betting.put(who, chips, e.line)
        events.append(("bet", who, street, chips, ZERO, chips == left, "", 0, 0, 0))
    elif kind == "ACTION_RAISE":
        to = e.money("VALUE")
        if to <= betting.top():
            raise ValueError(f"line {e.line}: {who} raises to {to}, no more than the {betting.top()} bet")
        betting.put(who, to - had, e.line)
        events.append(("raise", who, street, to - had, to, to - had == left, "", 0, 0, 0))
    elif kind == "ACTION_ALLIN":
        value = e.money("VALUE")
        if left <= 0 or value not in (had + left, left):
            raise ValueError(f"line {e.line}: {who} is all-in for {value} with {left} left")
        events.append(allin_event(who, street, had, left, betting.top()))
        betting.put(who, left, e.line)
    else:
        raise ValueError(f"line {e.line}: unknown action {kind!r}")


def _date(seconds: str) -> str:
    """``DATE`` (seconds since 1970, UTC) as ISO 8601."""
    if not seconds.isdigit():
        return ""
    return datetime.fromtimestamp(int(seconds), tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
