"""The PokerStars-like family's hand after its lines are read: what the summary says each player
won, each bet's chips and street total (uncalled bets the text leaves out returned), the stakes
from the posts, a player's cards (``stars_text`` calls these)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.history.sites.model import ZERO, Stakes
from pyeval.history.sites.money import amount

__all__ = ["summary_of", "won_amounts", "street_totals", "stakes_of", "nets_of", "hole_of", "cards_text", "first_cards",
           "card_groups", "new_cards", "pot_of", "has_collections", "too_much_returned", "by_seat",
           "CARDS", "STUD", "IMPLICIT"]

STUD: Final = frozenset({"stud", "stud-hilo", "razz", "stud5"})
CARDS: Final = re.compile(r"\[([^\]]*)\]")
_WON: Final = re.compile(r"\b(?:won|collected) (\([^)]*\)|\S+)")


def first_cards(text: str) -> str | None:
    """What the first pair of brackets holds, as ``CARDS.search(text).group(1)`` (None when
    ``CARDS`` finds none), by ``str.find``."""
    opening = text.find("[")
    closing = text.find("]", opening + 1) if opening >= 0 else -1
    return text[opening + 1:closing] if closing >= 0 else None


def card_groups(text: str) -> list[str]:
    """What each pair of brackets holds, as ``CARDS.findall(text)``, by ``str.find`` (each group
    from a "[" to the first "]" after it; none after a "[" with no "]" after it)."""
    groups: list[str] = []
    opening = text.find("[")
    while opening >= 0:
        closing = text.find("]", opening + 1)
        if closing < 0:
            break
        groups.append(text[opening + 1:closing])
        opening = text.find("[", closing + 1)
    return groups


def cards_text(text: str) -> str:
    """Card text without spaces; a card the text hides ("X", "XX") as "??".  ValueError for text
    that is not cards (a PokerStars stud file deals ``[of]``)."""
    known = _CARDS_SEEN.get(text)
    if known is not None:  # (a hand history repeats its cards: the flop in the summary, a player's)
        return known
    cards = _cards_text(text)
    if len(_CARDS_SEEN) < _CARDS_SEEN_MAX:
        _CARDS_SEEN[text] = cards
    return cards


_CARDS_SEEN: Final[dict[str, str]] = {}
"""The card texts read, by their text."""
_CARDS_SEEN_MAX: Final = 100_000


def _cards_text(text: str) -> str:
    text = text.replace(" ", "")
    if "X" in text:
        text = text.replace("XX", "??").replace("X", "?")
    if not _all_cards(text):
        upper = "".join(c.upper() if k % 2 == 0 else c for k, c in enumerate(text))  # a rank in lower case: "ks"
        if _all_cards(upper):
            return upper
        raise ValueError(f"{text!r} is not card text (a card is a rank of {RANK_CHARS} and a suit of {SUIT_CHARS})")
    return text


def _all_cards(text: str) -> bool:
    """Whether the text is cards, each a rank then a suit (no generator: a loop, compiled)."""
    if len(text) % 2:
        return False
    for k in range(0, len(text), 2):
        if text[k] not in _RANKS or text[k + 1] not in _SUITS:
            return False
    return True


_RANKS: Final = frozenset(RANK_CHARS + "?")
_SUITS: Final = frozenset(SUIT_CHARS + "?")


def summary_of(lines: list[str], start: int, seat_player: dict[int, str], seat_numbers: dict[str, str], first: int
             ) -> tuple[Decimal | None, Decimal, Decimal, dict[str, Decimal], dict[str, str]]:
    """(total pot, rake and fees, splash, each player's winnings, cards shown) of the summary:
    ``lines[start:]`` (not copied), the first of them the text's line ``first``; ``seat_player``
    the players by their seats, ``seat_numbers`` by their seat number's text on its seat line
    (the same number written the same way: read without an ``int``)."""
    total: Decimal | None = None
    rake = splash = ZERO
    collected: dict[str, Decimal] = {}
    shown: dict[str, str] = {}
    for k in range(start, len(lines)):
        x = lines[k]
        if x.startswith("Seat "):  # (the commonest line first: a test a line less)
            colon = x.find(": ")
            number = x[5:colon] if colon >= 0 else x[5:]
            seated = seat_numbers.get(number)
            if seated is not None:
                name = seated
            else:
                try:
                    name = seat_player[int(number)]
                except (ValueError, KeyError):
                    raise ValueError(f"line {first + k - start}: a summary line for an empty seat: "
                                     f"{x[:60]!r}") from None
            rest = x[colon + 2 + len(name):] if colon >= 0 else ""
            won_texts = won_amounts(rest) if "won " in rest or "collected " in rest else _NOTHING_WON
            if won_texts:
                _add_won(collected, name, won_texts)
            elif name not in collected:  # (won nothing: 0, with no sum)
                collected[name] = ZERO
            elif won_texts is not _NOTHING_WON:  # (a word with no amount after it: 0)
                collected[name] = collected[name] + ZERO
            if "[" in rest and (" showed " in rest or " mucked " in rest):  # (no cards without a bracket)
                group = first_cards(rest)
                if group is not None:
                    shown[name] = cards_text(group)
        elif x.startswith("Total pot"):
            parts = x.split("|")
            words = parts[0][len("Total pot"):].split()
            if not words:
                raise ValueError(f"line {first + k - start}: a 'Total pot' line with no amount")
            total = amount(words[0])
            for part in parts[1:]:
                words = part.strip().rsplit(" ", 1)
                if len(words) != 2 or words[0].startswith(("Main pot", "Side pot")):
                    continue
                if words[0] in ("STP",):
                    splash += amount(words[1])
                else:
                    rake += amount(words[1])
    return total, rake, splash, collected, shown


_NOTHING_WON: Final[list[str]] = []
"""The amounts of a seat line without the words "won" and "collected" (never changed)."""


def _add_won(collected: dict[str, Decimal], name: str, won_texts: list[str]) -> None:
    """The amounts a summary's seat line says its player won, added to what the player won before
    (a hand run twice may have a seat line per run: Full Tilt); a single amount, the commonest,
    with no sum (a Decimal sum is a generic call: ``0 + won`` is ``won``)."""
    won = amount(won_texts[0].strip("()"))
    for j in range(1, len(won_texts)):
        won += amount(won_texts[j].strip("()"))
    before = collected.get(name)
    collected[name] = won if before is None else before + won


def won_amounts(text: str) -> list[str]:
    """``_WON.findall(text)``: the amount after each word "won" or "collected" (bracketed, or up to
    the next space), found with ``str.find`` (the engine tries the pattern at every character)."""
    starts: list[int] = []
    for word in ("won ", "collected "):
        at = text.find(word)
        while at >= 0:
            if at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "_"):  # (``\b``)
                starts.append(at)
            at = text.find(word, at + 1)
    if len(starts) > 1:
        starts.sort()
    found: list[str] = []
    end = 0
    for at in starts:
        if at < end:  # (within the amount before: the engine's matches do not overlap)
            continue
        begin = at + (4 if text[at] == "w" else 10)  # (after "won " or "collected ": the word found there)
        stop = text.find(")", begin + 1) + 1 if begin < len(text) and text[begin] == "(" else 0
        if stop <= 0:  # no bracket closed: the word up to the next white space
            stop = begin
            while stop < len(text) and not text[stop].isspace():
                stop += 1
            if stop == begin:
                continue
        found.append(text[begin:stop])
        end = stop
    return found


_LIVE: Final = frozenset({"small-blind", "big-blind", "straddle", "button-blind", "bring-in"})


def street_totals(events: list[tuple], big_blind: Decimal) -> list[tuple]:
    """Each bet, call and raise with the chips it moves (``amount``) and the street total it makes
    (``to``): the text gives a raise's total and a call's chips; a street's bets start at 0.  A
    street whose largest bet was not called and whose return the text does not write (older
    exports, a walk) gets its "uncalled" action: the excess goes back, as the rules say."""
    out: list[tuple] = []
    bets: dict[str, Decimal] = {}
    street = "preflop"
    returned = True
    for e in events:
        kind: str = e[0]  # (typed: compared as strings, not by the generic comparison)
        name: str | None = e[1]
        st: str = e[2]
        moves = kind in _MOVES
        if kind == "uncalled":
            returned = True
        if st != street and moves:
            if not returned:
                _return_excess(bets, street, out)
            bets, street = {}, st
        if name is None or not moves:
            out.append(e)
            continue
        returned = False
        known = bets.get(name)  # (None: the player's first chips on the street, no sum with 0 to make)
        had = ZERO if known is None else known
        if kind in ("raise", "complete", "straddle"):  # a straddle's amount is its total (GG straddles again)
            to = e[4]
            e = (kind, name, st, to if known is None else to - had, to, e[5], e[6], e[7], e[8], e[9])
        elif kind == "dead-blind" and e[9] == -1:  # both blinds at once: split into the dead and live parts
            live = min(e[3], big_blind) if big_blind else e[3]
            if e[3] > live:
                out.append(("dead-blind", name, st, e[3] - live, had, e[5], e[6], e[7], e[8], 0))
            to = had + live
            e = ("big-blind", name, st, live, to, e[5], e[6], e[7], e[8], 0)
        elif kind == "dead-blind":  # dead money, no part of a bet
            to = had
            e = (kind, name, st, e[3], had, e[5], e[6], e[7], e[8], e[9])
        else:
            to = e[3] if known is None else had + e[3]
            e = (kind, name, st, e[3], to, e[5], e[6], e[7], e[8], e[9])
        bets[name] = to
        out.append(e)
    if not returned:
        _return_excess(bets, street, out)
    return out


def _return_excess(bets: dict[str, Decimal], street: str, out: list[tuple]) -> None:
    """The street's largest bet, less the next largest, back to its player (when the largest is
    one player's alone)."""
    top_name = ""
    top = second = ZERO
    for name, bet in bets.items():
        if not top_name or bet > top:
            if top_name:
                second = top
            top_name, top = name, bet
        elif bet > second:
            second = bet
    if top_name and top > second:  # (compared, not subtracted: the return is made only when there is one)
        out.append(("uncalled", top_name, street, top - second, ZERO, False, "", 0, 0, IMPLICIT))


_BETS: Final = frozenset({"call", "bet", "raise", "complete"})
_MOVES: Final = _BETS | _LIVE | {"dead-blind"}
IMPLICIT: Final = -2
"""The ``pot`` mark of an uncalled bet's return the text does not write (``_return_excess``)."""


_POSTED: Final = frozenset({"small-blind", "big-blind", "ante", "bring-in", "straddle", "button-blind"})


def stakes_of(events: list[tuple], header: list[Decimal], level: str, limit: str, game: str, players: int) -> Stakes:
    largest: dict[str, Decimal] = {}  # each forced bet's largest post (the first of equal ones, as max gives)
    straddles: list[Decimal] = []
    ante_posters = 0
    for e in events:
        kind: str = e[0]
        if kind in _POSTED:
            if kind == "ante":
                ante_posters += 1
            if not e[5] or kind == "ante":  # a post all-in for less says nothing of the stakes
                value: Decimal = e[3]
                if kind == "straddle":
                    straddles.append(value)
                known = largest.get(kind)
                if known is None or value > known:
                    largest[kind] = value
    first = header[0] if header else ZERO
    second = header[1] if len(header) > 1 else ZERO
    small_bet = big_bet = ZERO
    if limit == "fixed-limit" or game in STUD:
        small_bet, big_bet = first, second
        small_blind = largest.get("small-blind", ZERO)
        big_blind = largest.get("big-blind", ZERO)
    elif second:  # the blinds posted (GG's tournament headers may name the next level's)
        small_blind = largest.get("small-blind", first)
        big_blind = largest.get("big-blind", second)
    else:
        small_blind, big_blind = ZERO, largest.get("button-blind", first)
    if (limit == "fixed-limit" or game in STUD) and not small_bet:
        small_bet, big_bet = _bets_unwritten(events, big_blind, game in STUD)
    ante = largest.get("ante", ZERO)
    big_blind_ante = ante_posters == 1 and players > 2 and ante >= big_blind > 0
    return Stakes(small_blind, big_blind, ante, "" if not ante else "big-blind" if big_blind_ante else "classic",
                  largest.get("bring-in", ZERO), small_bet, big_bet, tuple(straddles), level)


_SMALL_BET_STREETS: Final = frozenset({"preflop", "flop", "3rd", "4th"})


def _bets_unwritten(events: list[tuple], big_blind: Decimal, stud: bool) -> tuple[Decimal, Decimal]:
    """A fixed-limit hand's bet sizes when the text does not write them (tournament headers that
    name no stakes): the small bet is the big blind (board games), or stud's first full bet (a
    completion, else the smallest bet on third or fourth street, else half the smallest bet
    after them); the big bet twice that; (0, 0) when no full bet was made (nothing was sized by
    them)."""
    if not stud:
        return big_blind, 2 * big_blind
    completes = [e[4] for e in events if e[0] == "complete" and not e[5] and e[4] > 0]
    # (a fourth-street bet may be the big bet, over an open pair: the smallest is the small bet)
    bets = [e[4] for e in events if e[0] == "bet" and e[2] in _SMALL_BET_STREETS and not e[5] and e[4] > 0]
    small = min(completes or bets or [ZERO])
    if not small:  # the first full bet on fifth street or later: the big bet
        big = min([e[4] for e in events if e[0] == "bet" and not e[5] and e[4] > 0] or [ZERO])
        return big / 2, big
    return small, 2 * small


def hole_of(dealt: list[str], shown: str, game: str) -> str:
    """A player's cards: stud, the cards dealt in order with the shown ones filling the hidden
    places; other games, the cards shown, else the last cards dealt."""
    if game in STUD:
        cards: list[str] = []
        for j, group in enumerate(dealt):
            if j == 0 and len(group) == 2:  # third street, only the up card seen
                cards += ["??", "??"]
            cards += [group[a:a + 2] for a in range(0, len(group), 2)]
        if not shown:
            return "".join(cards) if any(c != "??" for c in cards) else ""
        shown_cards = [shown[a:a + 2] for a in range(0, len(shown), 2)]
        hidden = [c for c in shown_cards if c not in cards]
        filled = [hidden.pop(0) if c == "??" and hidden else c for c in cards]
        return "".join(filled + hidden) if len(filled) + len(hidden) == len(shown_cards) else shown
    return shown or (dealt[-1] if dealt else "")


def nets_of(collected: list[Decimal], cash_out: list[Decimal], put_in: list[Decimal]) -> list[Decimal]:
    """Each player's net: what they collected and cashed out less what they put in (a player who
    cashed out nothing, nearly all, with one subtraction: a Decimal sum is a generic call)."""
    nets: list[Decimal] = []
    for j in range(len(put_in)):
        cashed = cash_out[j]
        nets.append(collected[j] - put_in[j] if cashed is ZERO else collected[j] + cashed - put_in[j])
    return nets


def new_cards(before: str, board: str) -> str:
    """The cards of ``board`` (each two characters) that are not among the cards of ``before``,
    in their order: after the cards ``before`` starts the board with (the usual board line: the
    board so far, then the new cards), no card is looked up."""
    if not before:
        return board
    start = len(before) if len(before) % 2 == 0 and board.startswith(before) else 0
    seen: set[str] = set()
    for a in range(0, len(before), 2):
        seen.add(before[a:a + 2])
    new: list[str] = []
    for a in range(start, len(board), 2):
        card = board[a:a + 2]
        if card not in seen:
            new.append(card)
    return "".join(new)


def pot_of(put_in: list[Decimal]) -> Decimal:
    """``sum(put_in, ZERO)`` without the sums with ``ZERO`` itself (each player who put nothing
    in: a sum leaves the total as it was, a Decimal sum being a generic call)."""
    pot = ZERO
    for chips in put_in:
        if chips is not ZERO:
            pot = pot + chips
    return pot


def has_collections(events: list[tuple]) -> bool:
    """Whether an event is a "collect" (a loop: ``any`` over a generator builds one a call)."""
    for e in events:
        kind: str = e[0]
        if kind == "collect":
            return True
    return False


_LIVE_BETS: Final = frozenset({"small-blind", "big-blind", "straddle", "button-blind", "bring-in", "call", "bet",
                               "raise", "complete"})


def too_much_returned(events: list[tuple]) -> str:
    """The reason a hand whose total does not add up gives when an "Uncalled bet" line returns
    more than the part of the last bet no one called (Run It Once's ``Uncalled bet (€0.71)`` of
    a €0.21 bet), else ""."""
    street_bets: dict[str, Decimal] = {}
    street = ""
    for e in events:
        if e[0] in _LIVE_BETS and e[1] is not None:
            if e[2] != street:
                street_bets, street = {}, e[2]
            street_bets[e[1]] = e[4]
        elif e[0] == "uncalled" and e[9] != IMPLICIT:
            others = max((v for n, v in street_bets.items() if n != e[1]), default=ZERO)
            part = street_bets.get(e[1], ZERO) - others
            if e[3] > part:
                return (f"the uncalled bet returned to {e[1]} ({e[3]}) is more than the part of the bet no one "
                        f"called ({part})")
    return ""


def by_seat(names: list[str], seats: dict[str, int]) -> list[str]:
    """The names in the order of their seats (as ``sorted``: stable), the list itself when the
    seat lines wrote them in that order (nearly always)."""
    for j in range(1, len(names)):
        if seats[names[j]] < seats[names[j - 1]]:
            return sorted(names, key=seats.__getitem__)
    return names
