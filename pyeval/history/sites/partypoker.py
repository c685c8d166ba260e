"""partypoker's text hand histories: hold'em (no-limit, pot-limit, fixed-limit), short deck, Omaha
hi and hi/lo, stud and stud hi/lo; cash, sit-and-go and tournaments; the cash-outs of 2026.

Two generations of the text share the start ``***** Hand History for Game <id> *****``:

* up to about 2019: the stake line names the game (``$0.05/$0.10 USD NL Texas Hold'em``; older
  cash tables write the table's maximum buy-in, ``$4 USD PL Omaha``, and the blinds are read from
  the posts), amounts in brackets (``calls [$0.10 USD]``) and each action's amount is the chips it
  adds, a raise's and an all-in's too (``raises [300]``, ``is all-In  [225]``).  The winner's
  ``wins $0.77 USD`` counts the uncalled part of a bet; there is no rake line;
* 2020 and after (and the e-mailed histories of 2008-2013): ``0.10/0.25 Omaha Hi Game Table (PL)``,
  ``calls (0.10)``, ``raises 2.40 to 2.65``, an ``is all-In.`` line after the action, and a summary
  with each player's balance, bet, collected and net, checked against the actions here.

A player who takes the cash-out (``opted for cash-out``, ``Cashed out  balance $23.01``) is paid
outside the pot: ``cash_out``, and the pot goes to the player who wins the run-out.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.assemble import STUD, Speakers, assemble, speakers_of, street_total
from pyeval.history.sites.hand_starts import pieces_at  # split_at's cut, at the starts found here
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount, currency_of
from pyeval.history.sites.partypoker_lines import decimal_mark, last_blinds, seat_line, section, stake_date
from pyeval.history.sites.text_lines import bracketed_all, in_brackets

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "partypoker"

_START = re.compile(r"(?:^[ \t\x00]*Game #\S+ starts\.[ \t]*\n(?:[ \t\x00]*\n)*)?"
                    r"(?:^[ \t\x00]*#Game No : \S+[ \t]*\n(?:[ \t\x00]*\n)*)?"
                    r"(?:^|\ufeff)[ \t\x00]*\*{5} Hand History [Ff]or Game", re.M)
"""A hand's start (the NUL characters: a UTF-16 file whose line ends were rewritten a byte at a time)."""
_ID = re.compile(r"Hand History [Ff]or Game (\w+)")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_TABLE = re.compile(r"^Table (.+?) \( ?(?:Real|Play) Money ?\)")
_TRNY = re.compile(r"(?:Trny: ?|Tournament #)(\d+)")
_LEVEL = re.compile(r"Level: ?(\d+)")
_WINS = re.compile(r"^(.+?) wins (.+?)(?: chips)?(?: from\s+(?:the )?(main pot|side pot #?(\d+)))?(?:\s+with .*)?\.?$")
_BALANCE = re.compile(r"^(.+?) (Cashed out\s+)?balance ([^,]+?)(?:, (.*?))?(?:\[.*)?$")
_BRACKET_GLUED = re.compile(r"^(\w+)\[")
"""``raises[ $25 USD ]`` (2012): the word and its amount without the space between."""
_NEW_RAISE = re.compile(r"^raises ([\d.,]+) to ([\d.,]+)$")

GAMES = (("double hold'em", None), ("short deck", "shortdeck"), ("omaha hi-lo", "omaha-hilo"),
         ("omaha hi/lo", "omaha-hilo"), ("omaha", "omaha"), ("7 card stud hi-lo", "stud-hilo"),
         ("7 card stud", "stud"), ("texas hold'em", "holdem"), ("texas holdem", "holdem"),
         ("nl holdem", "holdem"))
"""partypoker's game names (lower case, the more specific first) -> pyeval games; None: a game
pyeval does not play (Double Hold'em: three hole cards and a "point card" chosen on the flop)."""
_STREETS = {"down cards": "preflop", "": "3rd", "flop": "flop", "turn": "turn", "river": "river",
            "fourth street": "4th", "fifth street": "5th", "sixth street": "6th"}
_IGNORED: Final[tuple[str, ...]] = (
    "has joined the table", "has left the table", "is sitting out", "will be using", "could not respond",
    "did not respond", "time bank", "opens", "finished in", "- Selects point card", "is disconnected",
    "has been reconnected", "is connected", "Cash-out Premium", "probabilty is", "opted for cash-out",
    "Cashout Amount is", "sits out", "Forward Folds")
"""Lines of no chips or cards (``Hero Forward Folds``: the fold the hero chose ahead of his turn,
written again as ``Hero folds`` when it comes)."""
_IGNORED_LINES = re.compile(r"^(?:Player .+ finished in |Your time bank |Congratulations to player |[^ ]+: |\x00*$)")
"""Lines that are no action: places in a tournament, the client's messages, chat, the NUL
characters of concatenated UTF-16 files."""
_GAME_LINES: Final[tuple[str, ...]] = ("Game #", "#Game No")
"""The lines before a hand's start that are not the hand's (``Game #<id> starts.``)."""
_SEAT_WORDS: Final[tuple[str, ...]] = ("Seat", "seat")
_NO_ACTIONS: Final[tuple[str, ...]] = ("Dealt to ", ">", "Creating ", "There was no qualifying", "Trny", "Blinds",
                                       "Stakes")
"""The starts of the lines before the summary that are not a player's action (cards dealt, notes)."""
_MUCKS: Final[tuple[str, ...]] = ("does not show", "doesn't show", "mucks")


def _ignored(x: str) -> bool:
    """Whether one of ``_IGNORED`` is in ``x`` (a loop: ``any`` of a generator is a closure compiled)."""
    for words in _IGNORED:
        if words in x:
            return True
    return False


_VERBS = re.compile(r"^(\S+(?: \S+)?) (?:posts|calls|bets|raises|folds|checks|is all-In|completes|bring-ins)\b")


def detect(text: str) -> bool:
    """A hand's start in the first 3000 characters (``_START``; its words looked for first)."""
    return bool(_starts(text, 3000, first=True))


def split(text: str) -> list[tuple[int, str]]:
    return pieces_at(text, _starts(text))


_ANCHOR: Final = "***** Hand History "
"""The literal words of every hand's start (``_START``)."""


def _starts(text: str, end: int = -1, first: bool = False) -> list[int]:
    """Where ``_START`` matches in ``text[:end]`` (``end`` -1: the whole text), as its ``finditer``
    finds them (``first``: the first one only).  The pattern has no literal first word (it may
    start at a ``Game #.. starts.`` line before the hand's): searched over the whole text, the
    engine tries it at every character.  It is searched instead over the lines before each
    ``***** Hand History `` that it may start on (``_lines_before``), ending there."""
    found: list[int] = []
    size = len(text) if end < 0 else min(end, len(text))
    pos = 0
    while True:
        anchor = text.find(_ANCHOR, pos, size)
        stop = anchor + len(_ANCHOR) + len("For Game")  # where a match ending at this anchor ends
        if anchor < 0 or stop > size:
            return found
        m = _START.search(text, max(pos, _lines_before(text, anchor)), stop)
        if m is None:  # (not a hand's start: the next one starts after this anchor)
            pos = anchor + 1
        else:
            found.append(m.start())
            if first:
                return found
            pos = m.end()


def _lines_before(text: str, anchor: int) -> int:
    """The start of the first of the lines before ``anchor``'s that a hand's start may take in (blank
    lines, ``Game #<id> starts.``, ``#Game No : <id>``): no match of ``_START`` ending at the anchor
    starts before it."""
    start = text.rfind("\n", 0, anchor) + 1
    while start > 0:
        before = text.rfind("\n", 0, start - 1) + 1
        words = text[before:start - 1].lstrip(" \t\x00")
        if words and not words.startswith(("Game #", "#Game No : ")):
            break
        start = before
    return start


def _blind(text: str) -> Decimal:
    """A blind of ``Blinds(..)``: ``1.200`` is written with dot thousands, ``1,200`` with commas."""
    return amount(text, "," if _DOT_THOUSANDS.fullmatch(text) else ".")


_DOT_THOUSANDS: Final = re.compile(r"\d{1,3}(?:\.\d{3})+")


def parse(text: str, source: str, line: int) -> Hand:
    lines: list[tuple[int, str]] = []
    for k, x in enumerate(text.replace("\ufeff", "").split("\n")):
        x = x.strip(" \t\x00")
        if x and not x.startswith(_GAME_LINES):
            lines.append((line + k, x))
    if not lines or (m_id := _ID.search(lines[0][1])) is None:
        raise ValueError("not a partypoker hand header")
    hand_id = m_id.group(1)
    if len(lines) < 2:
        raise ValueError("the hand is cut short after its first line")
    head = lines[1][1]
    lower = head.lower()
    known: tuple[str, str | None] | None = None
    for written, named_game in GAMES:
        if written in lower:
            known = (written, named_game)
            break
    if known is None:
        raise ValueError(f"unknown partypoker game: {head[:80]!r}")
    if known[1] is None:
        raise ValueError(f"partypoker {known[0].title()} is not a game pyeval plays (three hole cards and a point "
                         "card chosen on the flop)")
    game = known[1]
    new = " Game Table (" in head
    limit = _limit(head, game)
    mark = decimal_mark(text)
    tournament_match = _TRNY.search(text) if "Trny" in text or "Tourney" in head else None
    tournament = tournament_match.group(1) if tournament_match else None
    if tournament is None and ("Buy-in" in head or "Tourney" in head):
        tournament = _sit_and_go_id(lines) or "?"
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    table, button = "", None
    k = 2
    while k < len(lines) and not lines[k][1].startswith("** "):
        x = lines[k][1]
        if (s := seat_line(x) if x.startswith(_SEAT_WORDS) else None) is not None:
            seat, seated, stack = s
            names.append(seated)
            seats[seated] = int(seat)
            stacks[seated] = amount(stack, mark)
        elif " posts " in x:
            break
        else:
            if x.startswith("Table ") and (t := _TABLE.match(x)) is not None:
                table = t.group(1)
            if " is the button" in x and (b := _BUTTON.search(x)) is not None:
                button = int(b.group(1))
        k += 1
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    blinds_match = None  # the last: a new level is written after the seats
    if "Blinds" in text or "Stakes" in text:
        blinds_match = last_blinds(text)
    speakers = speakers_of(names)
    by_length = speakers.longest_first
    events: list[tuple] = []
    if not new and blinds_match and game not in STUD and " posts small blind" not in text and (
            " posts big blind" not in text):
        acting = {n for _, x in lines[k:] for n in speakers.by_first_word.get(x.partition(" ")[0], ())
                  if x.startswith(n + " ")}  # (a line starting with a name and a space has its first word)
        events = _unwritten_blinds(blinds_match, names, seats, stacks, button, acting, limit)
    street = "preflop"
    board = ""
    shown: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    summary_won: dict[str, Decimal] = {}
    net: dict[str, Decimal] = {}
    cash: dict[str, Decimal] = {}
    rake: Decimal | None = None
    summary = False
    lines_left = lines[:k - 1:-1]  # the lines still to read, the next one last
    while lines_left:
        where, x = lines_left.pop()
        if x.startswith("** "):
            if x.startswith("** Summary"):
                summary = True
                continue
            sec = section(x)
            label = sec[0].lower() if sec is not None else ""
            if label not in _STREETS or sec is None:
                raise ValueError(f"line {where}: unknown section {x[:60]!r}")
            dealt = sec[1]
            street = _STREETS[label]
            if street == "river" and game in STUD:
                street = "7th"
            if dealt:
                cards = _cards(dealt)
                board += cards
                events.append(("deal", None, street, ZERO, ZERO, False, cards, 0, 0, 0))
            continue
        if summary:
            rake = _summary_line(x, speakers, mark, summary_won, net, cash, shown, where, rake)
            continue
        if x.startswith(_NO_ACTIONS):
            if x.startswith("Dealt to "):
                name = speakers.at_start(x, len("Dealt to "))
                if name is None:
                    raise ValueError(f"line {where}: cards dealt to a player with no seat: {x[:60]!r}")
                groups = bracketed_all(x)
                if not groups:
                    raise ValueError(f"line {where}: cards dealt with no cards written: {x[:60]!r}")
                events.append(("deal", name, street, ZERO, ZERO, False, _cards(groups[-1]), 0, 0, 0))
            continue
        wins = x.count(" wins ")
        if wins > 1:  # two winners' lines run together: "...Queens.Player4 wins $27,36 USD..."
            for other in by_length:
                x = x.replace(f".{other} wins ", f".\n{other} wins ")
            if "\n" in x:
                first, rest = x.split("\n", 1)
                lines_left.append((where, rest))
                x = first
        w = _WINS.match(x) if wins else None  # (the pattern needs " wins ")
        if w is not None:
            winner, written, side = w.group(1, 2, 4)  # (a method call)
            if winner in seats:
                got = amount(written, mark)
                won[winner] = won.get(winner, ZERO) + got
                pot = int(side) if side else 0
                events.append(("collect", winner, "showdown", got, ZERO, False, "", 0, 0, pot))
                continue
        name = speakers.at_start(x)
        if name is not None and (cut := x.find(" is sitting out", len(name))) >= 0 and x[cut + 15:].strip():
            lines_left.append((where, x[cut + 15:].strip()))  # the Mac client's "is sitting outBob posts ..."
            continue
        if name is None:
            if _IGNORED_LINES.match(x) or _ignored(x):
                continue
            if (v := _VERBS.match(x)) is not None:
                raise ValueError(f"line {where}: {v.group(1)!r} acts but has no seat line: {x[:60]!r}")
            raise ValueError(f"line {where}: unknown line {x[:70]!r}")
        what = x[len(name) + 1:].strip().rstrip(".")
        if (bracket := what.find("[")) > 0 and what[bracket - 1] != " ":  # (else the pattern cannot match)
            what = _BRACKET_GLUED.sub(r"\1 [", what)
        try:
            _action(name, what, street, events, shown, mark, where)
        except ValueError:
            v = _VERBS.match(x)
            if v is not None and v.group(1) not in seats:  # "Hero Name raises" for a seat "Hero"
                raise ValueError(f"line {where}: {v.group(1)!r} acts but has no seat line: {x[:60]!r}") from None
            raise
    if not won and not summary_won and not cash:
        raise ValueError("the hand is cut short: nobody wins the pot")
    if not won:  # the new text writes the winnings in the summary only
        won = summary_won
        events += [("collect", n, "showdown", v, ZERO, False, "", 0, 0, 0) for n, v in won.items() if v]
    _all_in_with_the_stack(events, stacks)
    header_money = _header_money(head, blinds_match, mark, events, game, limit)
    date, zone = stake_date(head)
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=header_money,
                    level=m.group(1) if (m := _LEVEL.search(text)) else "",
                    currency="" if tournament else currency_of(head) or "USD", tournament=tournament, table=table,
                    button=button or None, boards=[board], shown=shown, date=date, timezone=zone,
                    rake=ZERO if rake is None and tournament else rake,
                    uncalled_in_won="always" if new else "when-over-or-all", cash_out=cash, stated_net=net or None)


def _unwritten_blinds(blinds: re.Match[str], names: list[str], seats: dict[str, int], stacks: dict[str, Decimal],
                      button: int | None, acting: set[str], limit: str) -> list:
    """The blinds the tournament texts of 2005-2012 do not write: the two players after the button
    (heads-up: the button and the other), the amounts of ``Blinds(..)`` (fixed limit's
    ``Stakes(200/400)`` are the bets: the blinds are half the small bet and the small bet)."""
    if button is None:
        raise ValueError("the text writes no blinds and no button")
    order = sorted((n for n in names if n in acting), key=lambda n: (seats[n] <= button, seats[n]))
    if len(order) < 2:
        raise ValueError("the text writes no blinds")
    if len(order) == 2:
        order = order[::-1]
    small, big = _blind(blinds.group(1)), _blind(blinds.group(2))
    if limit == "fixed-limit":
        small, big = small / 2, small
    sb, bb = min(small, stacks[order[0]]), min(big, stacks[order[1]])
    return [("small-blind", order[0], "preflop", sb, sb, sb == stacks[order[0]], "", 0, 0, 0),
            ("big-blind", order[1], "preflop", bb, bb, bb == stacks[order[1]], "", 0, 0, 0)]


def _all_in_with_the_stack(events: list, stacks: dict[str, Decimal]) -> None:
    """An all-in puts in the whole stack: the text sometimes writes the last chip short."""
    if not _any_all_in(events):  # (nothing to set right)
        return
    spent: dict[str, Decimal] = {}
    bets: dict[str, Decimal] = {}
    street = ""
    for j, e in enumerate(events):
        kind, name = e[0], e[1]
        if name is None or kind not in _MOVES:
            continue
        if e[2] != street:
            street, bets = e[2], {}
        before = bets.get(name, ZERO)
        added = e[4] - before if kind in ("raise", "complete") else e[3]
        if e[5] and kind != "ante":
            left = stacks[name] - spent.get(name, ZERO)
            if added != left and abs(added - left) <= 1:  # one chip off
                added = left
                events[j] = e[:3] + ((ZERO, before + added) if kind in ("raise", "complete") else (added, e[4])) + e[5:]
        spent[name] = spent.get(name, ZERO) + added
        if kind != "ante" and kind != "dead-blind":
            bets[name] = before + added


def _any_all_in(events: list) -> bool:
    for e in events:
        if e[5]:
            return True
    return False


_MOVES = frozenset({"ante", "small-blind", "big-blind", "button-blind", "dead-blind", "bring-in", "call", "bet",
                    "raise", "complete"})


def _limit(head: str, game: str) -> str:
    if "(NL)" in head or " NL " in f" {head}":
        return "no-limit"
    if "(PL)" in head or " PL " in f" {head}":
        return "pot-limit"
    return "fixed-limit"


_SIT_AND_GO: Final = re.compile(r"\((\d+)\) Table #")


def _sit_and_go_id(lines: list[tuple[int, str]]) -> str | None:
    for _, x in lines[2:6]:
        m = _SIT_AND_GO.search(x)
        if m:
            return m.group(1)
    return None


_STAKE_BLINDS: Final = re.compile(r"^\$?([\d.,]+)/\$?([\d.,]+)\s")


def _header_money(head: str, blinds: re.Match[str] | None, mark: str, events: list, game: str, limit: str
                  ) -> list[Decimal]:
    """The blinds (a fixed-limit game: its bets): the tournament's ``Blinds(..)``, the new stake
    line's ``0.10/0.25``, the old one's ``$0.05/$0.10``; else (the old cash line names the maximum
    buy-in) the posted blinds."""
    if blinds is not None:
        return [_blind(blinds.group(1)), _blind(blinds.group(2))]
    m = _STAKE_BLINDS.match(head)
    if m:
        return [amount(m.group(1), mark), amount(m.group(2), mark)]
    posted = {e[0]: e[3] for e in events if e[0] in ("small-blind", "big-blind")}
    if game in STUD or limit == "fixed-limit":
        return []
    return [posted.get("small-blind", ZERO), posted.get("big-blind", ZERO)]


def _cards(text: str) -> str:
    return text.replace(",", " ").replace(" ", "")


_POSTS: Final[tuple[tuple[str, str], ...]] = (("posts big blind + dead", "dead-blind-both"),
          ("posts small blind", "small-blind"), ("posts big blind", "big-blind"), ("posts ante", "ante"),
          ("bring-ins", "bring-in"), ("posts dead blind", "dead-blind"), ("posts button blind", "button-blind"))
_POST_WORDS: Final[tuple[str, ...]] = ("posts ", "bring-ins")
"""The first words of every ``_POSTS`` prefix."""


def _chips(what: str, mark: str) -> Decimal:
    """The amount in ``[$0.10 USD]`` or ``(0.10)``."""
    written = in_brackets(what)
    if written is None:
        written = in_brackets(what, "(", ")", innermost=True)
    if written is None:
        raise ValueError(f"no amount in {what!r}")
    if mark == "." and "," in written and _COMMA_ONLY.fullmatch(written):  # "big blind + dead [0,35 €]" in a
        return amount(written, ",")  # hand of decimal points (2011): the only amount written the other way
    return amount(written, mark)


_COMMA_ONLY: Final = re.compile(r"[^\d.]*\d+,\d{2}[^\d.]*")


def _action(name: str, what: str, street: str, events: list, shown: dict, mark: str, where: int) -> None:
    if what.startswith(_POST_WORDS):  # (one test for the posts' seven prefixes)
        for prefix, kind in _POSTS:
            if what.startswith(prefix):
                chips = _chips(what, mark)
                if kind == "dead-blind-both":  # the big blind and the dead small one: live what the big blind posted
                    live = next((e[3] for e in events if e[0] == "big-blind"), chips)
                    if chips > live:
                        events.append(("dead-blind", name, street, chips - live, ZERO, False, "", 0, 0, 0))
                    events.append(("big-blind", name, street, min(chips, live), min(chips, live), False, "", 0, 0, 0))
                    return
                events.append((kind, name, street, chips, chips if kind != "dead-blind" else ZERO, False, "", 0, 0, 0))
                return
    space = what.find(" ")
    word = what[:space] if space >= 0 else what
    if what in ("folds", "checks"):
        events.append(("fold" if word == "folds" else "check", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif word in ("calls", "bets") or what.startswith("double bets"):
        kind = "call" if word == "calls" else "bet"
        events.append((kind, name, street, _chips(what, mark), ZERO, False, "", 0, 0, 0))
    elif word in ("raises", "completes"):
        m = _NEW_RAISE.match(what)
        if m:
            to = amount(m.group(2), mark)
        else:  # the old text: what the raise adds
            to = street_total(events, name, street) + _chips(what, mark)
        events.append(("raise" if word == "raises" else "complete", name, street, ZERO, to, False, "", 0, 0, 0))
    elif what == "is all-In":  # the new text: the action before put the player all-in
        for j in range(len(events) - 1, -1, -1):
            if events[j][1] == name:
                events[j] = events[j][:5] + (True,) + events[j][6:]
                break
    elif what.startswith("is all-In"):  # the old text: the all-in's chips, a call or a raise
        chips = _chips(what, mark)
        to = street_total(events, name, street) + chips
        top = max((street_total(events, n, street) for n in {e[1] for e in events if e[1] is not None}),
                  default=ZERO)
        if to > top:
            events.append(("raise" if top else "bet", name, street, chips, to if top else ZERO, True, "", 0, 0, 0))
        else:
            events.append(("call", name, street, chips, ZERO, True, "", 0, 0, 0))
    elif word in ("shows", "doesn't") and (written := in_brackets(what)) is not None:
        cards = _cards(written)
        shown[name] = cards
        events.append(("show" if word == "shows" else "muck", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
    elif word.startswith("shows") and what.endswith(" for low"):  # "shows8,5,3,2,A  for low": names the low of
        return  # the cards the line before shows
    elif what.startswith(_MUCKS):
        events.append(("muck", name, "showdown", ZERO, ZERO, False, "", 0, 0, 0))
    elif _ignored(what):
        return
    else:
        raise ValueError(f"line {where}: unknown action {name} {what[:60]!r}")


_RAKE: Final = re.compile(r"Rake: \$?([\d.,]+)")
_COLLECTED: Final = re.compile(r"collected \$?([\d.,]+)")
_NET: Final = re.compile(r"net ([+-]?)\$?([\d.,]+)")
_LOST: Final = re.compile(r"lost \$?([\d.,]+)")


def _summary_line(x: str, speakers: Speakers, mark: str, collected: dict, net: dict, cash: dict, shown: dict,
                  where: int, rake: Decimal | None) -> Decimal | None:
    """One line of the new text's summary; returns the rake (when the line states it)."""
    if x.startswith(("Main Pot:", "Pot:")):
        m = _RAKE.search(x)
        return amount(m.group(1), mark) if m else ZERO
    if x.startswith("Board:"):
        return rake
    name = speakers.at_start(x)
    b = _BALANCE.match(x) if name else None
    if b is None or name is None:
        raise ValueError(f"line {where}: unknown summary line {x[:70]!r}")
    cashed, detail = b.group(2, 4)
    detail = detail or ""
    # (each pattern tried only where its first word is)
    got = _COLLECTED.search(detail) if "collected " in detail else None
    if cashed:  # cashed out: paid outside the pot
        cash[name] = amount(got.group(1), mark) if got else ZERO
    elif got:
        collected[name] = amount(got.group(1), mark)
    m = _NET.search(detail) if "net " in detail else None
    if m:
        net[name] = amount(m.group(2), mark) * (-1 if m.group(1) == "-" else 1)
    elif (lost := _LOST.search(detail) if "lost " in detail else None) is not None:
        net[name] = -amount(lost.group(1), mark)
    else:
        net[name] = ZERO
    cards = in_brackets(x)  # (the first of _BRACKET.findall)
    if cards is not None:
        shown[name] = _cards(cards)
    return rake
