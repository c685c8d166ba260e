"""Full Tilt's own text (``Full Tilt Poker Game #``, to 2013), rewritten line by line into the
PokerStars-like family's words so that one parser (``stars_text``) reads both: the actions have
no colon (``X raises to $20``, ``X antes $0.40``, ``X wins the pot ($12.50)``), a line
``name: text`` is chat, and a hand run twice has ``*** RIVER 1 ***`` and ``*** SUMMARY 1 ***``.
"""

from __future__ import annotations

import re
from typing import Final

from pyeval.history.sites.assemble import Speakers, speakers_of
from pyeval.history.sites.text_lines import run_marker, seat_parts, word_at

__all__ = ["to_family_text", "OLD_START", "a_line_starts_full", "header_parts"]

OLD_START: Final = r"Full Tilt Poker Game #|FullTiltPoker Game #"

_HEADER_STARTS: Final[tuple[str, ...]] = ("Full Tilt Poker Game #", "FullTiltPoker Game #")


def header_parts(x: str) -> tuple[str, str] | None:
    """A hand's id and the header after it, as the pattern
    ``^(?:Full Tilt Poker|FullTiltPoker) Game #(\\d+): (.*)$`` reads a line without a line break."""
    for start in _HEADER_STARTS:
        if x.startswith(start):
            colon = x.find(": ", len(start))
            if colon > len(start) and x[len(start):colon].isdecimal():
                return x[len(start):colon], x[colon + 2:]
    return None


_RUN: Final[dict[str, str]] = {"1": "FIRST", "2": "SECOND", "3": "THIRD"}
_RUN_LABELS: Final[frozenset[str]] = frozenset({"FLOP", "TURN", "RIVER", "SHOW DOWN", "SUMMARY"})
"""The sections a hand run twice numbers (``*** RIVER 2 ***``, ``*** SUMMARY 1 ***``)."""
_STUD: Final = {"2ND STREET": "2nd STREET", "3RD STREET": "3rd STREET", "4TH STREET": "4th STREET",
                 "5TH STREET": "5th STREET", "6TH STREET": "6th STREET", "7TH STREET": "RIVER"}
_POSTS: Final[tuple[tuple[str, str], ...]] = (
    ("posts the small blind of ", "posts small blind "),
    ("posts the big blind of ", "posts big blind "),
    ("posts a dead small blind of ", "posts missed blind "),
    ("posts ", "posts big blind "),
)
"""A post in the family's words: the first of these words that an amount follows (a character
not a space), replaced."""
_SEPARATOR: Final = re.compile(r"^\*+ # \d+ \*+$")
_STATUS_ENDS: Final[tuple[str, ...]] = (" sits down", " stands up", " has joined the table", " has left the table",
                                        " is sitting out", " sits out")
"""(Every tuple tested against is typed ``tuple[str, ...]``: mypyc keeps a tuple of a fixed length
as its items, and built a new tuple object for every ``startswith``/``endswith`` call.)"""
_STATUS_LAST: Final[frozenset[str]] = frozenset([end[-1] for end in _STATUS_ENDS])
"""The last characters of ``_STATUS_ENDS`` (an action's line ends with none of them but "checks")."""
_ADDS: Final = re.compile(r" adds \S+$")
_OBSERVER: Final = re.compile(r"^[^:]* \(Observer\): ")
_LOW_RANKS: Final = re.compile(r"^\([0-9TJQKA,]+\)$")


def _status(x: str, first: str) -> bool:
    """Whether a line (``first``: its first character) is about the table, not the hand (a player
    not seated in it may sit down mid-hand), observers' chat, or a low hand's ranks on a line of
    their own (each pattern tried only when its words are in the line)."""
    if first == "(" and _LOW_RANKS.match(x) is not None or x[-1] in _STATUS_LAST and x.endswith(_STATUS_ENDS):
        return True
    if " adds " in x and _ADDS.search(x) is not None:
        return True
    colon = x.find(":")  # (" (Observer): " ends at the line's first colon; most lines have none)
    return colon >= 11 and x[colon - 11:colon + 2] == " (Observer): " and _OBSERVER.match(x) is not None


_SUMMARY_WINS: Final = re.compile(r"\s+wins the (?:main |side )?pot(?: \d+)? \((\S+)\)")
_WINS: Final = re.compile(r"^(?:wins|ties for) (?:the )?(?:(?:high|low) )?(main pot|side pot|pot)(?: (\d+))? \((\S+)\)")
_IGNORED: Final[tuple[str, ...]] = (
    "has ", "adds ", "stands up", "sits down", "is feeling", "is sitting out", "sits out", "is dealt", "is low with",
    "is high with", "has been disconnected", "has reconnected", "has returned", "has timed out",
    "finished the tournament", "seconds left to act", "shows two pair", "shows a ", "shows high card", "shows three",
    "shows four", "shows the nuts", "shows a straight", "shows a flush", "shows a full", "leaves the table",
    "joins the table")
_NOT_ACTIONS: Final[tuple[str, ...]] = ("Players agree", "Board:", "Pot ")
_IGNORED_VERBS: Final = frozenset(x.partition(" ")[0] for x in _IGNORED)
"""The first words of ``_IGNORED`` (each has a space): a line is tested against the whole list only
when it starts with one of them."""


def a_line_starts_full(text: str, end: int) -> bool:
    """Whether a line of ``text[:end]`` starts with ``Full``, as every Full Tilt hand's first line
    does: looked for from the text's ``F`` characters (few, and found at the speed of memory), so
    that another site's text is told no in a fraction of a microsecond."""
    at = text.find("F", 0, end)
    while at >= 0:
        if (at == 0 or text[at - 1] == "\n") and text[at:at + 4] == "Full" and at + 4 <= end:
            return True
        at = text.find("F", at + 1, end)
    return False


def to_family_text(text: str) -> str:
    """One Full Tilt hand in the family's words (ValueError when its first line is not a Full
    Tilt header)."""
    lines = text.strip().split("\n")
    head = header_parts(lines[0].strip())
    if head is None:
        raise ValueError(f"not a Full Tilt hand header: {lines[0][:60]!r}")
    out = [f"Full Tilt Poker Game #{head[0]}: {_header(head[1])}"]
    names: list[str] = []
    button = ""
    speakers: Speakers | None = None  # (the seat lines read: the actions have begun)
    chat: tuple[str, ...] = ()
    summary = False
    for raw in lines[1:]:
        x = raw.strip()
        if not x:
            continue
        first = x[0]  # (a line is tested for a literal start only when its first character is that's)
        if first == "S":
            if speakers is None and x.startswith("Seat "):  # (a seat line before the actions)
                seat = seat_parts(x)
                if seat is not None:
                    seat_number, seated, stack, rest = seat
                    names.append(seated)
                    rest = rest.replace(", is sitting out", " is sitting out")
                    out.append(f"Seat {seat_number}: {seated} ({stack} in chips){rest}")
                    continue
            if x.startswith("Seats: "):  # the table's size (tournament exports)
                continue
        elif first == "T" and x.startswith("The button is in seat #"):
            button = x.rsplit("#", 1)[1]
            continue
        if speakers is None:
            speakers = speakers_of(names)
            chat = tuple([n + ":" for n in names])
        if first == "*" and " # " in x and _SEPARATOR.match(x) or _status(x, first):
            continue
        if first == "*" and x.startswith("***"):
            closing = x.find("***", 4)  # (a line of stars only, "******", has none after its first three)
            run = run_marker(x, closing, _RUN_LABELS)
            if run is not None:
                label, run_number = run
                if label == "SUMMARY":
                    summary = True  # the run's summary: its seat lines follow
                    continue
                x = f"*** {_RUN[run_number]} {label} ***{x[closing + 3:]}"
            else:
                label = x[4:closing].strip() if closing >= 0 else ""
                if label in _STUD:
                    x = x.replace(label, _STUD[label], 1)
                elif label == "SUMMARY":
                    if summary:
                        continue
                    summary = True
            out.append(x)
            continue
        if summary:
            if first == "S" and x.startswith("Seat "):
                if " wins the " in x:  # a hand run twice: the side pot, won once, on the first summary
                    x = _SUMMARY_WINS.sub(r" collected (\1)", x)
                out.append(x.replace(", mucked", ""))
            elif first == "T" and x.startswith("Total pot"):
                out.append(x)
            continue
        if first == "U" and x.startswith("Uncalled bet of "):
            amount, _, who = x[len("Uncalled bet of "):].partition(" returned to ")
            out.append(f"Uncalled bet ({amount}) returned to {who}")
            continue
        if first == "D" and x.startswith("Dealt to "):
            out.append(x)
            continue
        if (first == "P" or first == "B") and x.startswith(_NOT_ACTIONS):
            continue
        name = speakers.at_start(x)
        if name is None:
            if not x.startswith(chat):  # (chat dropped)
                out.append(x)  # the parser names it if it is not a line it knows
            continue
        what = x[len(name) + 1:]
        if ", and is " in what:  # capped (a cap game's cap reached): no more betting, as all-in
            what = what.replace(", and is all in", " and is all-in").replace(", and is capped", " and is all-in")
        space = what.find(" ")
        verb = what[:space] if space >= 0 else what
        if verb == "wins" or verb == "ties":
            w = _WINS.match(what)
            if w:
                kind, number, amount = w.groups()
                pot = "main pot" if kind == "main pot" else "side pot" if kind == "side pot" else "pot"
                out.append(f"{name} collected {amount} from {pot}" + (f" (run {number})" if number else ""))
                continue
        elif verb in _IGNORED_VERBS and what.startswith(_IGNORED):
            continue
        out.append(f"{name}: {_action(verb, what)}")
    out.insert(1, f"Table '' Seat #{button} is the button" if button else "Table ''")
    return "\n".join(out)


def _action(verb: str, what: str) -> str:
    """An action's words after the name in the family's words (the same when they are)."""
    if verb == "posts":
        for words, family in _POSTS:
            if what.startswith(words) and word_at(what, len(words)):
                return family + what[len(words):]
    elif verb == "antes":
        if what.startswith("antes ") and word_at(what, len("antes ")):
            return "posts the ante " + what[len("antes "):]
    elif verb == "raises":
        to = word_at(what, len("raises to ")) if what.startswith("raises to ") else ""
        if to:
            return f"raises {to} to {what[len('raises to '):]}"
    elif what == "mucks":
        return "mucks hand"
    return what


_TOURNAMENT: Final = re.compile(r"\((\d+)\), Table")
_STAKES: Final = re.compile(r"[^\s/]*\d[\d.,KkMm]*/[^\s/]*\d[\d.,KkMm]*(?: Ante \S+)?")
_GAME_WORDS: Final = re.compile(r"Hold'em|Omaha|Stud|Razz|Draw|Badugi|Irish|Courchevel")
_DATE: Final = re.compile(r"\d{4}/\d{1,2}/\d{1,2}")
_TIME: Final = re.compile(r"\d{1,2}:\d{2}:\d{2} [A-Z]+")
_CAP_AMOUNT: Final = re.compile(r"^\$[\d,]+ ")
_THOUSANDS: Final = re.compile(r"(\d)[Kk]")
_STAKES_PART: Final = 1
_GAME_PART: Final = 2
_DATE_PART: Final = 4
_TIME_PART: Final = 8
_PART_KINDS: Final[dict[str, int]] = {}
"""What each part of a header is (a table's parts repeat in its every hand; a time, which does
not, is not kept)."""
_GAMES_AND_BLINDS: Final[dict[tuple[str, str], str]] = {}
_CACHE_MAX: Final = 10_000


def _header(rest: str) -> str:
    """The header after the id: the game's words kept (``stars_text`` finds the game and limit in
    them), the stakes put in brackets as PokerStars writes them, the tournament's id named."""
    stakes = game = date = time = ""
    for part in rest.split(" - "):
        p = part.strip()
        kind = _part_kind(p)
        if kind & _STAKES_PART and not stakes:
            stakes = p
        if kind & _GAME_PART and not game:
            game = p
        if kind & _DATE_PART and not date:
            date = p
        if kind & _TIME_PART and not time:
            time = p
    tournament = _TOURNAMENT.search(rest) if "), Table" in rest else None
    head = f"Tournament #{tournament.group(1)}, " if tournament else ""
    return f"{head}{_game_and_blinds(game, stakes)} - {date.split(' [')[0]} {time}"


def _part_kind(p: str) -> int:
    """Which of the header's facts a part of it (between `` - ``) can be (a bit each)."""
    kind = _PART_KINDS.get(p)
    if kind is None:
        if _TIME.fullmatch(p):  # (a new one a hand, not kept; it has neither a "/" nor a game's words)
            return _TIME_PART
        # (a game's words are not a table's name: "Table David's Draw (6 max)")
        kind = ((_STAKES_PART if _STAKES.fullmatch(p) else 0)
                | (_GAME_PART if _GAME_WORDS.search(p) and not p.startswith("Table ") else 0)
                | (_DATE_PART if _DATE.search(p) else 0))
        if len(_PART_KINDS) >= _CACHE_MAX:
            _PART_KINDS.clear()
        _PART_KINDS[p] = kind
    return kind


def _game_and_blinds(game: str, stakes: str) -> str:
    """``No Limit Hold'em ($0.50/$1)``: the game in the family's words, the blinds without the ante."""
    key = (game, stakes)
    words = _GAMES_AND_BLINDS.get(key)
    if words is None:
        game = _CAP_AMOUNT.sub("Cap ", game)  # "$400 Pot Limit Omaha": a pot-limit game capped at $400
        game = (game.replace("NL ", "No Limit ").replace("PL ", "Pot Limit ").replace("FL ", "Limit ")
                .replace("CAP No Limit", "No Limit Cap"))
        blinds = _THOUSANDS.sub(r"\g<1>000", stakes.split(" Ante ")[0])
        words = f"{game} ({blinds})"
        if len(_GAMES_AND_BLINDS) >= _CACHE_MAX:
            _GAMES_AND_BLINDS.clear()
        _GAMES_AND_BLINDS[key] = words
    return words
