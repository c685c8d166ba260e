"""Full Tilt's own text (``Full Tilt Poker Game #``, to 2013), rewritten line by line into the
PokerStars-like family's words so that one parser (``stars_text``) reads both: the actions have
no colon (``X raises to $20``, ``X antes $0.40``, ``X wins the pot ($12.50)``), a line
``name: text`` is chat, and a hand run twice has ``*** RIVER 1 ***`` and ``*** SUMMARY 1 ***``.
"""

from __future__ import annotations

import re

from pyeval.history.sites.assemble import Speakers

__all__ = ["to_family_text", "OLD_START"]

OLD_START = r"Full Tilt Poker Game #|FullTiltPoker Game #"

_HEADER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #(\d+): (.*)$")
_SEAT = re.compile(r"^Seat (\d+): (.*) \(([^()]*)\)(.*)$")
_RUN = {"1": "FIRST", "2": "SECOND", "3": "THIRD"}
_MARKER = re.compile(r"^\*\*\* (FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) ([123]) \*\*\*(.*)$")
_STUD = {"2ND STREET": "2nd STREET", "3RD STREET": "3rd STREET", "4TH STREET": "4th STREET", "5TH STREET": "5th STREET",
         "6TH STREET": "6th STREET", "7TH STREET": "RIVER"}
_ACTIONS = (
    (re.compile(r"^posts the small blind of (\S+)(.*)$"), r"posts small blind \1\2"),
    (re.compile(r"^posts the big blind of (\S+)(.*)$"), r"posts big blind \1\2"),
    (re.compile(r"^posts a dead small blind of (\S+)(.*)$"), r"posts missed blind \1\2"),
    (re.compile(r"^posts (\S+)(.*)$"), r"posts big blind \1\2"),
    (re.compile(r"^antes (\S+)(.*)$"), r"posts the ante \1\2"),
    (re.compile(r"^raises to (\S+)(.*)$"), r"raises \1 to \1\2"),
    (re.compile(r"^mucks$"), "mucks hand"),
)
_SEPARATOR = re.compile(r"^\*+ # \d+ \*+$")
_STATUS_ENDS = (" sits down", " stands up", " has joined the table", " has left the table", " is sitting out",
                " sits out")
_ADDS = re.compile(r" adds \S+$")
_OBSERVER = re.compile(r"^[^:]* \(Observer\): ")
_LOW_RANKS = re.compile(r"^\([0-9TJQKA,]+\)$")


def _status(x: str) -> bool:
    """Whether a line is about the table, not the hand (a player not seated in it may sit down
    mid-hand), observers' chat, or a low hand's ranks on a line of their own (each pattern tried
    only when its words are in the line)."""
    return (x.endswith(_STATUS_ENDS) or " adds " in x and _ADDS.search(x) is not None
            or "(Observer): " in x and _OBSERVER.match(x) is not None
            or x[0] == "(" and _LOW_RANKS.match(x) is not None)


_SUMMARY_WINS = re.compile(r"\s+wins the (?:main |side )?pot(?: \d+)? \((\S+)\)")
_WINS = re.compile(r"^(?:wins|ties for) (?:the )?(?:(?:high|low) )?(main pot|side pot|pot)(?: (\d+))? \((\S+)\)")
_IGNORED = ("has ", "adds ", "stands up", "sits down", "is feeling", "is sitting out", "sits out", "is dealt",
            "is low with", "is high with", "has been disconnected", "has reconnected", "has returned",
            "has timed out", "finished the tournament", "seconds left to act", "shows two pair", "shows a ",
            "shows high card", "shows three", "shows four", "shows the nuts", "shows a straight", "shows a flush",
            "shows a full", "leaves the table", "joins the table")


def to_family_text(text: str) -> str:
    """One Full Tilt hand in the family's words (ValueError when its first line is not a Full
    Tilt header)."""
    lines = text.strip().split("\n")
    head = _HEADER.match(lines[0].strip())
    if head is None:
        raise ValueError(f"not a Full Tilt hand header: {lines[0][:60]!r}")
    out = [f"Full Tilt Poker Game #{head.group(1)}: {_header(head.group(2))}"]
    names: list[str] = []
    button = ""
    body: list[str] = []
    for raw in lines[1:]:
        x = raw.strip()
        if not x:
            continue
        s = _SEAT.match(x) if not names or not body else None
        if s and not body:
            names.append(s.group(2))
            rest = s.group(4).replace(", is sitting out", " is sitting out")
            out.append(f"Seat {s.group(1)}: {s.group(2)} ({s.group(3)} in chips){rest}")
            continue
        if x.startswith("Seats: "):  # the table's size (tournament exports)
            continue
        if x.startswith("The button is in seat #"):
            button = x.rsplit("#", 1)[1]
            continue
        body.append(x)
    speakers = Speakers(names)
    chat = tuple(n + ":" for n in names)
    out.insert(1, f"Table '' Seat #{button} is the button" if button else "Table ''")
    summary = False
    for x in body:
        if x[0] == "*" and _SEPARATOR.match(x) or _status(x):
            continue
        if x.startswith("***"):
            m = _MARKER.match(x)
            if m:
                if m.group(1) == "SUMMARY":
                    summary = True  # the run's summary: its seat lines follow
                    continue
                x = f"*** {_RUN[m.group(2)]} {m.group(1)} ***{m.group(3)}"
            else:
                label = x[4:x.index("***", 4)].strip() if x.count("***") >= 2 else ""
                if label in _STUD:
                    x = x.replace(label, _STUD[label], 1)
                elif label == "SUMMARY":
                    if summary:
                        continue
                    summary = True
            out.append(x)
            continue
        if summary:
            if x.startswith("Seat "):
                if " wins the " in x:  # a hand run twice: the side pot, won once, on the first summary
                    x = _SUMMARY_WINS.sub(r" collected (\1)", x)
                out.append(x.replace(", mucked", ""))
            elif x.startswith("Total pot"):
                out.append(x)
            continue
        if x.startswith("Uncalled bet of "):
            amount, _, who = x[len("Uncalled bet of "):].partition(" returned to ")
            out.append(f"Uncalled bet ({amount}) returned to {who}")
            continue
        if x.startswith("Dealt to "):
            out.append(x)
            continue
        if x.startswith(("Players agree", "Board:", "Pot ")):
            continue
        name = speakers.at_start(x)
        if name is None:
            if x.startswith(chat):
                continue  # chat
            out.append(x)  # the parser names it if it is not a line it knows
            continue
        # capped (a cap game's cap reached): no more betting, as all-in
        what = x[len(name) + 1:].replace(", and is all in", " and is all-in").replace(", and is capped",
                                                                                      " and is all-in")
        w = _WINS.match(what)
        if w:
            kind, number, amount = w.groups()
            pot = "main pot" if kind == "main pot" else "side pot" if kind == "side pot" else "pot"
            out.append(f"{name} collected {amount} from {pot}" + (f" (run {number})" if number else ""))
            continue
        if what.startswith(_IGNORED):
            continue
        for pattern, replacement in _ACTIONS:
            if pattern.match(what):
                what = pattern.sub(replacement, what)
                break
        out.append(f"{name}: {what}")
    return "\n".join(out)


def _header(rest: str) -> str:
    """The header after the id: the game's words kept (``stars_text`` finds the game and limit in
    them), the stakes put in brackets as PokerStars writes them, the tournament's id named."""
    parts = [p.strip() for p in rest.split(" - ")]
    tournament = re.search(r"\((\d+)\), Table", rest)
    stakes = next((p for p in parts if re.fullmatch(r"[^\s/]*\d[\d.,KkMm]*/[^\s/]*\d[\d.,KkMm]*(?: Ante \S+)?", p)),
                  "")
    game = next((p for p in parts if re.search(r"Hold'em|Omaha|Stud|Razz|Draw|Badugi|Irish|Courchevel", p)
                 and not p.startswith("Table ")), "")  # (not a table's name: "Table David's Draw (6 max)")
    game = re.sub(r"^\$[\d,]+ ", "Cap ", game)  # "$400 Pot Limit Omaha": a pot-limit game capped at $400
    game = (game.replace("NL ", "No Limit ").replace("PL ", "Pot Limit ").replace("FL ", "Limit ")
            .replace("CAP No Limit", "No Limit Cap"))
    date = next((p for p in parts if re.search(r"\d{4}/\d{1,2}/\d{1,2}", p)), "")
    time = next((p for p in parts if re.fullmatch(r"\d{1,2}:\d{2}:\d{2} [A-Z]+", p)), "")
    blinds = stakes.split(" Ante ")[0]
    blinds = re.sub(r"(\d)[Kk]", r"\g<1>000", blinds)
    head = f"Tournament #{tournament.group(1)}, " if tournament else ""
    return f"{head}{game} ({blinds}) - {date.split(' [')[0]} {time}"
