"""From a site's actions to a ``Hand``: the step every reader outside the PokerStars-like family
ends with (Winamax, iPoker, 888poker, partypoker, Bovada).

A reader collects ``events`` in ``stars_text``'s tuple form
``(kind, name, street, amount, to, allin, cards, count, run, pot)`` (a raise's ``to`` is its
street total; a call's or a bet's ``amount`` the chips it adds), what each player won as the site
writes it, and the summary's own numbers when it has them.  ``assemble`` then

* gives each bet its street total and returns the uncalled part of a bet the text leaves in the
  pot (``stars_totals.street_totals``, the family's own rule);
* takes that part back out of what its player won when the site counts it as won (Winamax,
  888poker, iPoker and partypoker write the winner's whole return, uncalled chips included):
  ``collected`` is what came from the pots, as the model says;
* checks the site's summary against the actions (each player's stated net or stated won-minus-bet,
  the total pot) and refuses the hand, naming the player and both numbers, when they differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from pyeval.history.sites.model import INTO_POT, ZERO, Action, Hand
from pyeval.history.sites.stars_totals import by_seat, hole_of, nets_of, stakes_of, street_totals

__all__ = ["assemble", "street_total", "street_totals_of", "Speakers", "speakers_of", "STUD", "DRAW", "RAKE_CAP"]

RAKE_CAP: Final = Decimal("0.1")
"""The most a site rakes from a pot (a tenth; the sites' caps are 3-6 %)."""
STUD: Final = frozenset({"stud", "stud-hilo", "razz", "stud5"})
DRAW: Final = frozenset({"draw5", "draw-deuce7", "badugi"})


def assemble(*, site: str, hand_id: str, game: str, limit: str, names: list[str], seats: dict[str, int],
             stacks: dict[str, Decimal], events: list[tuple], won: dict[str, Decimal], source: str, line: int,
             header_money: Sequence[Decimal] = (), level: str = "", currency: str = "",
             tournament: str | None = None, table: str = "", max_seats: int | None = None,
             button: int | None = None, date: str = "", timezone: str = "", boards: Sequence[str] = (),
             shown: dict[str, str] | None = None, rake: Decimal | None = None, uncalled_in_won: str = "always",
             cash_out: dict[str, Decimal] | None = None, stated_net: dict[str, Decimal] | None = None,
             total: Decimal | None = None, language: str = "en") -> Hand:
    """The ``Hand`` of a reader's events (module docstring); ValueError with the reason when the
    numbers do not add up.  ``rake`` None: the site does not write it, it is what the pots lost.
    ``uncalled_in_won``: whether the site counts a returned bet in what the player won: "always"
    (Winamax, partypoker's new text), "never" (iPoker's text), "when-over" (888poker and Bovada,
    whose versions differ: when the winnings are more than the pots hold without it) or
    "when-over-or-all" (iPoker's XML, partypoker's old text: also when what the player won is
    exactly the returned bet).  A rake the site does not write is at most ``RAKE_CAP`` of the pot:
    more means a winner's line is missing."""
    shown = shown or {}
    cash_out = cash_out or {}
    big_blind = header_money[1] if len(header_money) > 1 else ZERO
    if limit == "fixed-limit" and game not in STUD and big_blind and any(
            e[0] == "big-blind" and e[3] == big_blind for e in events):
        header_money = [big_blind, 2 * big_blind]  # the header named the blinds: the bets are one and two big blinds
    events = street_totals(events, big_blind)
    _checks_facing_no_bet(events)
    returned: dict[str, Decimal] = {}
    involved = set(cash_out)
    dealt: dict[str, list[str]] = {}
    for e in events:  # (one pass: _take_back below changes only collections, whose players are in already)
        kind: str = e[0]  # (typed: compared as strings, not by the generic comparison)
        if kind == "uncalled":
            returned[e[1]] = returned.get(e[1], ZERO) + e[3]
        player: str | None = e[1]
        if player is not None:
            involved.add(player)
            if kind == "deal":
                dealt.setdefault(player, []).append(e[6])
    if uncalled_in_won in ("when-over", "when-over-or-all") and returned:
        into_pot = ZERO  # (what the pots hold without the returned chips, and what the players won: the same for each)
        for e in events:
            kind = e[0]
            if kind in INTO_POT:
                into_pot += e[3]
        into_pot -= sum(returned.values(), ZERO)
        total_won = sum(won.values(), ZERO)
        returned = {n: v for n, v in returned.items() if _counted_as_won(n, v, events, into_pot, total_won, won, rake,
                                                                          uncalled_in_won == "when-over-or-all")}
    elif uncalled_in_won == "never":
        returned = {}
    if returned:
        won = dict(won)  # (the caller's left as it was: _take_back takes the returned chips out)
        events = _take_back(events, returned, won)
    for n, v in won.items():
        if v:
            involved.add(n)
    players = [n for n in by_seat(names, seats) if n in involved]
    if len(players) < 2:
        raise ValueError("fewer than two players dealt in")
    index: dict[str, int] = {}
    seat_list: list[int] = []
    stack_list: list[Decimal] = []
    hole: list[str] = []
    collected: list[Decimal] = []
    for j, n in enumerate(players):  # (the players' lists in one pass)
        index[n] = j
        seat_list.append(seats[n])
        stack_list.append(stacks[n])
        hole.append(hole_of(dealt.get(n, _NONE_DEALT), shown.get(n, ""), game))
        collected.append(won.get(n, ZERO))
    cashed = [cash_out.get(n, ZERO) for n in players] if cash_out else [ZERO] * len(players)
    actions = [Action(e[0], None if e[1] is None else index[e[1]], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9])
               for e in events]  # (indexed: unpacking a tuple of unknown length iterates it, compiled)
    board_game = game not in STUD and game not in DRAW
    stakes = stakes_of(events, header_money if isinstance(header_money, list) else list(header_money), level, limit,
                       game, len(players))
    hand = Hand(site=site, id=hand_id, game=game, stakes=stakes, players=players, seats=seat_list,
                starting_stacks=stack_list, actions=actions, limit=limit, currency=currency, tournament=tournament,
                table=table, max_seats=max_seats, button=button, date=date, timezone=timezone, hole=hole,
                boards=(list(boards) or [""]) if board_game else [], collected=collected, cash_out=cashed,
                cash_out_fee=[ZERO] * len(players), sitting_out=[n for n in names if n not in involved],
                source=source, line=line, language=language)
    put_in = hand.put_in()
    pot = collected_sum = ZERO
    for j in range(len(players)):  # (the sums as sum() makes them, from ZERO in seat order: no generic call)
        chips = put_in[j]
        if chips > stack_list[j]:
            raise ValueError(f"{players[j]} puts {chips} into the pot but sat down with {stack_list[j]}")
        pot += chips
        collected_sum += collected[j]
    hand.net = nets_of(collected, cashed, put_in)
    hand.rake = pot - collected_sum if rake is None else rake
    if rake is None and hand.rake > RAKE_CAP * pot:
        raise ValueError(f"the winnings written ({collected_sum}) leave {hand.rake} of the {pot} pot to "
                         "nobody: a winner's line is missing")
    back = sum(returned.values(), ZERO) if returned else ZERO
    if collected_sum > pot:
        raise ValueError(f"the players collect {collected_sum + back}, more than the {pot + back} put in")
    for name, net in (stated_net or {}).items():
        if name in index and hand.net[index[name]] != net:
            raise ValueError(f"the summary gives {name} a net of {net}, the actions {hand.net[index[name]]}")
    if total is not None:
        # the total as written: before or after the rake; with the uncalled chips where they count as won
        with_returns = pot + back
        if total not in (pot, pot - hand.rake, with_returns, with_returns - hand.rake):
            raise ValueError(f"the summary's total pot {total} is not the {pot} put in")
    problems = hand.problems(put_in, nets_made_by_rule=True)  # (the nets above: by the rule, from put_in)
    if problems:
        raise ValueError("the hand does not add up: " + "; ".join(problems))
    return hand


class Speakers:
    """Which seated player a line starts with (``"Bob calls [2]"`` -> ``"Bob"``): the longest name
    the line starts with, followed by a space; the names are looked up by the line's first
    character (a string of one character is a shared object whose hash is kept: no substring
    made and hashed a line), longest first."""

    __slots__ = ("names", "longest_first", "by_first_word", "by_first_char")

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)
        self.longest_first = sorted(names, key=len, reverse=True)
        self.by_first_word: dict[str, list[str]] = {}
        self.by_first_char: dict[str, list[str]] = {}
        for n in self.longest_first:
            self.by_first_word.setdefault(n.split(" ", 1)[0], []).append(n)
            # (an empty name is followed by the line's space: found under " ")
            self.by_first_char.setdefault(n[:1] or " ", []).append(n)

    def at_start(self, line: str, start: int = 0) -> str | None:
        names = self.by_first_char.get(line[start:start + 1])
        if names is None:
            return None
        for n in names:  # (longest first; a slice compared: startswith with a start is slow compiled)
            after = start + len(n)
            if line[after:after + 1] == " " and (line.startswith(n) if start == 0 else line[start:after] == n):
                return n
        return None


def speakers_of(names: Sequence[str]) -> Speakers:
    """``Speakers(names)``, made once for a table's players (a table's hands share them, and
    making one sorts and groups the names: about 2 us)."""
    key = tuple(names)
    speakers = _SPEAKERS_SEEN.get(key)
    if speakers is None:
        speakers = Speakers(key)
        if len(_SPEAKERS_SEEN) < _SPEAKERS_SEEN_MAX:
            _SPEAKERS_SEEN[key] = speakers
    return speakers


_NONE_DEALT: Final[list[str]] = []
"""The cards dealt to a player the text deals none (read only: one list, not one a player)."""

_SPEAKERS_SEEN: Final[dict[tuple[str, ...], Speakers]] = {}
_SPEAKERS_SEEN_MAX: Final = 10_000


_LIVE_CHIPS: Final = frozenset({"small-blind", "big-blind", "straddle", "button-blind", "bring-in", "call", "bet",
                                "raise", "complete"})


def street_total(events: list[tuple], name: str, street: str) -> Decimal:
    """What ``name`` has bet so far on ``street`` (live blinds included): the base of a raise the
    text writes as the chips it adds (888poker, partypoker, iPoker's "raise by")."""
    total = ZERO
    for e in events[_street_start(events, street):]:
        if e[1] == name and e[2] == street and e[0] in _LIVE_CHIPS:
            total = e[4] if e[0] in ("raise", "complete") else total + e[3]
    return total


def street_totals_of(events: list[tuple], street: str) -> dict[str, Decimal]:
    """``street_total`` of every player who has bet on ``street`` (the others: 0), in one pass
    over the events instead of one a player."""
    totals: dict[str, Decimal] = {}
    for e in events[_street_start(events, street):]:
        if e[2] == street and e[0] in _LIVE_CHIPS and e[1] is not None:
            totals[e[1]] = e[4] if e[0] in ("raise", "complete") else totals.get(e[1], ZERO) + e[3]
    return totals


def _street_start(events: list[tuple], street: str) -> int:
    """Where the street's last run of bets starts: after the last live chips of another street."""
    start = len(events)
    while start > 0 and not (events[start - 1][2] != street and events[start - 1][0] in _LIVE_CHIPS):
        start -= 1
    return start


def _checks_facing_no_bet(events: list[tuple]) -> None:
    """A check is only allowed when the player has matched every bet of the street: a text that
    checks facing a bet leaves out a post (partypoker's silent blinds)."""
    bets: dict[str, Decimal] = {}
    top = ZERO  # the street's largest bet (max(bets.values(), default=ZERO), kept as the bets come)
    street = ""
    for e in events:
        kind: str = e[0]  # (typed locals: compared as strings, not by the generic comparison)
        check = kind == "check"
        if check or kind in _LIVE_CHIPS:
            on: str = e[2]
            player = e[1]  # (None for no one: kept as the event has it)
            if on != street:
                bets, street, top = {}, on, ZERO
            if check:
                if bets.get(player, ZERO) < top:
                    raise ValueError(f"{player} checks facing a bet of {max(bets.values())} with "
                                     f"{bets.get(player, ZERO)} in: the text leaves out a post")
                continue
            to: Decimal = e[4]
            before = bets.get(player)
            bets[player] = to
            if len(bets) == 1 or to > top:
                top = to
            elif before is not None and to < before:  # (a bet made smaller: the largest may be another's)
                top = max(bets.values())


def _counted_as_won(name: str, chips: Decimal, events: list[tuple], into_pot: Decimal, total: Decimal,
                    won: dict[str, Decimal], rake: Decimal | None, whole: bool) -> bool:
    """Whether the site counted ``name``'s returned ``chips`` in what he won (the sites whose
    versions differ): yes when the winnings (``total``) are more than the pots hold without the
    returned chips (``into_pot``); when a line collects exactly that amount (``whole``: or all he
    won is that amount) and the pots still add up without it: to the rake written, else to a
    rake of at most ``RAKE_CAP``."""
    if total > into_pot:
        return won.get(name, ZERO) >= chips
    own_line = any(e[0] == "collect" and e[1] == name and e[3] == chips for e in events)
    if not (own_line or (whole and won.get(name) == chips)):
        return False
    left = into_pot - (total - chips)  # the rake if the line is the returned bet
    return left == rake if rake is not None else ZERO <= left <= RAKE_CAP * into_pot


def _take_back(events: list[tuple], returned: dict[str, Decimal], won: dict[str, Decimal]) -> list[tuple]:
    """Events and winnings without the uncalled chips the site counted as won (from the player's
    last collections first)."""
    left = dict(returned)
    out: list[tuple] = []  # (the events kept, last first: one pass from the end, reversed once)
    for k in range(len(events) - 1, -1, -1):
        e = events[k]
        kind: str = e[0]
        if kind == "collect":
            chips: Decimal = e[3]
            owed = left.get(e[1])
            if owed:
                part = min(chips, owed)
                left[e[1]] = owed - part
                chips = chips - part
                e = e[:3] + (chips,) + e[4:]
            if not chips:
                continue  # (a collection that was all the returned bet)
        out.append(e)
    out.reverse()
    for name, chips in returned.items():
        if won.get(name, ZERO) < chips:
            raise ValueError(f"{name}'s uncalled {chips} is not in what the summary says {name} won "
                             f"({won.get(name, ZERO)})")
        won[name] -= chips
    return out
