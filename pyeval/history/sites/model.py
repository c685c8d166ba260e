"""One hand as a poker site wrote it: the record every site reader returns (issue 40).

This docstring is the contract between the site readers (``pyeval/history/sites/<site>.py``) and
everything that uses their hands (``read_hands``, ``allin_ev``, ``Hand.to_phh``, the CLI).

**Money is exact: ``decimal.Decimal``** in the units the site writes (dollars, euros, tournament
chips), never float: ``Decimal("0.05")``, ``Decimal("1500")``.  A reader turns the site's text
into plain numbers (``$1,234.50``, ``1.234,50 €``, ``(0.10)`` -> ``Decimal("1234.50")``...) with
``pyeval.history.sites.money.amount`` and names the currency once, on the hand (``currency``).

**Seat order.** ``players``, ``seats``, ``starting_stacks``, ``hole``, ``net``, ``collected``,
``cash_out`` are lists of the same length, one entry per player dealt into the hand, in the order
of the seat numbers (``seats`` ascending).  A player listed on a seat line but sitting out (not
dealt in, posting nothing) is not in them: the name is in ``sitting_out``.  Actions name a player
by this index (``Action.player``).

**Cards** are text of two characters a card, rank then suit, no spaces: ``"AhKd"``, ``"Th9c"``
(tens as ``T``); ``""`` for a hand never seen.  ``hole[i]`` is every card of player i the text
shows (dealt to the hero, shown or mucked at showdown; stud: down and up cards in the order dealt,
a hidden one as ``"??"`` when the later cards are known).  ``boards`` has one entry per run of the
board: the whole board of that run (``["Js9hJhQs2d", "Js9hJhQs5h"]`` for a hand run twice from
the river; a run that shares the first cards repeats them), ``[""]`` when no card was dealt,
``[]`` for stud and draw games.

**The numbers a hand must satisfy** (``Hand.problems`` says which fails; the tests check every
hand read):

* ``net[i] = collected[i] + cash_out[i] - put_in[i]`` where ``put_in`` is what player i moved into
  the pot (``Hand.put_in()``: the actions' amounts, uncalled bets returned);
* chips are conserved: ``sum(net) == -rake + splash + sum(cash_out)`` (the site keeps the rake,
  adds the splash, and pays or receives the cash-out outside the pot);
* ``collected[i]`` is what the site's summary says player i won (all pots, all runs).

Fields
------
site             the site that wrote the text ("pokerstars", "ggpoker", "winamax", "ipoker",
                 "888poker", "partypoker", "wpn-acr", "fulltilt", "runitonce", ...): the
                 reader's ``SITE``
id               the hand's id as the site writes it (text: some are not numbers)
game             pyeval's game name (``pyeval.core.games.GAMES``: "holdem", "omaha-hilo",
                 "shortdeck", "stud", "razz", "draw-deuce7", ...)
limit            "no-limit", "pot-limit", "fixed-limit", "cap-no-limit" or "cap-pot-limit" ("" when
                 not written)
stakes           ``Stakes``: blinds, antes, bring-in, straddles, tournament level
currency         ISO code of the money ("USD", "EUR", "GBP", ...); "" for tournament chips and
                 play money
tournament       the tournament's id (text), None for a cash game
table            the table's name as written
max_seats        the table size as written (None when not written)
button           the button's seat number (None when not written, e.g. stud)
date             the start time as written by the site, ISO 8601 ("2025-08-02T11:24:53"),
                 local to the site's clock (``timezone`` says which, "" when not written)
players, seats, starting_stacks     the players dealt in (seat order), their seat numbers, their
                 stacks before the hand (Decimal)
hole             the cards of each player the text shows (see Cards)
boards           one board per run (see Cards)
actions          every action in order (``Action``): forced bets, bets, deals, draws, shows,
                 returned bets, pots collected, cash-outs
rake             everything the site took from the pots (rake, jackpot and other fees)
splash           money the site added to the pot ("splash the pot", "STP"), 0 when none
collected        what each player won from the pots (the summary's amounts)
net              each player's result as the site states it: won minus put in, plus cash-out
cash_out         money each player received (+) or paid (-) for an all-in cash-out or insurance,
                 outside the pot (0 when none); fees are in ``cash_out_fee``
cash_out_fee     the site's fee on each player's cash-out (0 when none)
sitting_out      names on seat lines that were not dealt in
source, line     the file (or "<text>") and the line the hand starts on (1 = the first)
language         the language of the text ("en", "fr", "pt", ...)
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from decimal import Decimal
from typing import Any, Final

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.core.games import GAMES

__all__ = ["Hand", "Stakes", "Action", "Skipped", "ACTION_KINDS", "STREETS", "ZERO", "PLAIN_CARDS"]

ZERO: Final = Decimal(0)

STREETS = ("preflop", "flop", "turn", "river", "3rd", "4th", "5th", "6th", "7th", "draw1", "draw2", "draw3",
           "showdown")
"""Streets an action is on: the board games' four, stud's third to seventh, the draw games'
betting after each draw (``draw1`` is the betting after the first draw; before it is ``preflop``),
and ``showdown`` (shows, collections and returns after the betting)."""

ACTION_KINDS = {
    "ante": "posts an ante (dead money of the main pot; ``Stakes.ante_kind`` says classic or big-blind)",
    "small-blind": "posts the small blind",
    "big-blind": "posts the big blind",
    "button-blind": "posts a button blind (short deck)",
    "straddle": "posts a straddle (a live blind bigger than the big blind)",
    "dead-blind": "posts a dead small blind (returning player: dead money, not part of a bet)",
    "bring-in": "stud's forced bet on third street",
    "fold": "folds",
    "check": "checks",
    "call": "calls ``amount`` more",
    "bet": "bets ``amount``",
    "raise": "raises, putting in ``amount`` more, to a street total of ``to``",
    "complete": "stud: completes the bring-in to a full bet (``amount`` more, ``to`` in all)",
    "deal": "cards dealt to ``player`` (``cards``); a board card has ``player`` None",
    "discard": "draw games: ``player`` discards ``cards`` (text when shown, else ``count`` cards)",
    "stand-pat": "draw games: keeps every card",
    "show": "shows ``cards`` at showdown",
    "muck": "mucks (``cards`` when the text says which)",
    "uncalled": "the uncalled part of a bet, ``amount``, goes back to ``player``",
    "collect": "``player`` collects ``amount`` from a pot (``pot``: 0 the main pot, k side pot k; ``run``)",
    "cash-out": "``player`` receives (+) or pays (-) ``amount`` for a cash-out or insurance",
}
"""Every ``Action.kind``, with what it means."""


STAKES_FIELDS: Final[tuple[str, ...]] = ("small_blind", "big_blind", "ante", "ante_kind", "bring_in", "small_bet",
                                          "big_bet", "straddles", "level")
"""``Stakes``' fields, in the order of its ``__init__``."""


class Stakes:
    """The forced bets of a hand (Decimal; 0 when none).

    small_blind, big_blind   the blinds (limit games: the blinds, not the bets)
    ante             each player's ante (classic), or the big blind's ante (``ante_kind``)
    ante_kind        "" (no ante), "classic" (every player posts ``ante``), "big-blind" (the big
                     blind posts one ante for the table), "button" (the button posts it)
    bring_in         stud's bring-in
    small_bet, big_bet   fixed-limit bet sizes (0 when not written)
    straddles        the straddles posted this hand, in order
    level            a tournament's level as written ("IV", "12"), "" for a cash game

    Immutable, equal and hashed by its fields' values, as the frozen dataclass it was (setting a
    field raises ``dataclasses.FrozenInstanceError``); a plain class for the reason ``Action`` is
    one (a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` in
    Python: about 1.6 us a hand).
    """

    __slots__ = STAKES_FIELDS
    small_blind: Decimal
    big_blind: Decimal
    ante: Decimal
    ante_kind: str
    bring_in: Decimal
    small_bet: Decimal
    big_bet: Decimal
    straddles: tuple[Decimal, ...]
    level: str

    def __init__(self, small_blind: Decimal = ZERO, big_blind: Decimal = ZERO, ante: Decimal = ZERO,
                 ante_kind: str = "", bring_in: Decimal = ZERO, small_bet: Decimal = ZERO, big_bet: Decimal = ZERO,
                 straddles: tuple[Decimal, ...] = (), level: str = "") -> None:
        # (object.__setattr__: this class's own refuses every field; compiled, these are plain stores)
        object.__setattr__(self, "small_blind", small_blind)
        object.__setattr__(self, "big_blind", big_blind)
        object.__setattr__(self, "ante", ante)
        object.__setattr__(self, "ante_kind", ante_kind)
        object.__setattr__(self, "bring_in", bring_in)
        object.__setattr__(self, "small_bet", small_bet)
        object.__setattr__(self, "big_bet", big_bet)
        object.__setattr__(self, "straddles", straddles)
        object.__setattr__(self, "level", level)

    def _values(self) -> tuple[Any, ...]:
        return (self.small_blind, self.big_blind, self.ante, self.ante_kind, self.bring_in, self.small_bet,
                self.big_bet, self.straddles, self.level)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stakes):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return _repr(self, STAKES_FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Stakes, self._values())

    @property
    def unit(self) -> Decimal:
        """The big blind of the hand, for results "in big blinds" (stud and limit games without
        blinds: the small bet, else the bring-in)."""
        return self.big_blind or self.small_bet or self.bring_in or self.ante

    def __str__(self) -> str:
        """How ``.by("stakes")`` names the stakes: "0.05/0.10", "0.05/0.10 ante 0.01",
        "level IV 100/200"."""
        if self.big_blind:
            text = f"{_plain(self.small_blind)}/{_plain(self.big_blind)}"
        elif self.small_bet:
            text = f"{_plain(self.small_bet)}/{_plain(self.big_bet)}"
        else:
            text = f"bring-in {_plain(self.bring_in)}"
        if self.ante:
            text += f" ante {_plain(self.ante)}" + (" (big blind)" if self.ante_kind == "big-blind" else "")
        if self.level:
            text = f"level {self.level} {text}"
        return text


def _plain(x: Decimal) -> str:
    """A Decimal without exponent or needless trailing zeros beyond cents: 2, 0.05, 0.25."""
    text = format(x, "f")
    if "." in text:
        whole, frac = text.split(".")
        frac = frac.rstrip("0")
        text = whole + ("." + frac.ljust(2, "0") if frac else "")
    return text


ACTION_FIELDS: Final = ("kind", "player", "street", "amount", "to", "allin", "cards", "count", "run", "pot")
"""``Action``'s fields, in the order of its ``__init__``."""
HAND_FIELDS: Final = ("site", "id", "game", "stakes", "players", "seats", "starting_stacks", "actions", "limit",
                      "currency", "tournament", "table", "max_seats", "button", "date", "timezone", "hole", "boards",
                      "rake", "splash", "collected", "net", "cash_out", "cash_out_fee", "sitting_out", "source",
                      "line", "language")
"""``Hand``'s fields, in the order of its ``__init__`` (``to_dict``'s keys)."""


class Action:
    """One line of the hand's text that moves chips or cards.

    kind      one of ``ACTION_KINDS``
    player    the index of the player in ``Hand.players`` (None: the dealer, e.g. a board card)
    street    one of ``STREETS``
    amount    chips moved: into the pot (forced bets, call, bet, raise, complete), back to the player
              (uncalled), out of a pot (collect), received/paid outside it (cash-out); else 0
    to        bet and raise: the player's total on this street after the action; else 0
    allin     the text says the player is all-in with this action (or capped: in a cap game,
              the cap is reached and the player bets no more, as if all-in)
    cards     the cards of a deal, discard, show or muck ("" when none or unknown)
    count     cards discarded (draw games: the text says how many even when not which)
    run       the run of the board (0 first; 1 the second of a hand run twice): board deals, shows
              and collections after the board splits
    pot       collect: 0 the main pot, k the k-th side pot

    A plain class rather than a dataclass: compiled with the readers (``compiled.MODULES``), its
    ``__init__`` is compiled too (a dataclass's is generated Python: building the records was about
    a tenth of reading PokerStars text, which read 11% faster with these classes).
    """

    __slots__ = ACTION_FIELDS

    def __init__(self, kind: str, player: int | None, street: str, amount: Decimal = ZERO, to: Decimal = ZERO,
                 allin: bool = False, cards: str = "", count: int = 0, run: int = 0, pot: int = 0) -> None:
        self.kind = kind
        self.player = player
        self.street = street
        self.amount = amount
        self.to = to
        self.allin = allin
        self.cards = cards
        self.count = count
        self.run = run
        self.pot = pot

    def _values(self) -> tuple[Any, ...]:
        return (self.kind, self.player, self.street, self.amount, self.to, self.allin, self.cards, self.count,
                self.run, self.pot)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._values() == other._values()

    def __repr__(self) -> str:
        return _repr(self, ACTION_FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, self._values())


class Hand:
    """One hand read from a site's text (the fields: this module's docstring).  A plain class
    for the reason ``Action`` is one; ``to_dict`` gives it as plain data."""

    __slots__ = HAND_FIELDS

    def __init__(self, site: str, id: str, game: str, stakes: Stakes, players: list[str], seats: list[int],
                 starting_stacks: list[Decimal], actions: list[Action], limit: str = "", currency: str = "",
                 tournament: str | None = None, table: str = "", max_seats: int | None = None,
                 button: int | None = None, date: str = "", timezone: str = "", hole: list[str] | None = None,
                 boards: list[str] | None = None, rake: Decimal = ZERO, splash: Decimal = ZERO,
                 collected: list[Decimal] | None = None, net: list[Decimal] | None = None,
                 cash_out: list[Decimal] | None = None, cash_out_fee: list[Decimal] | None = None,
                 sitting_out: list[str] | None = None, source: str = "<text>", line: int = 1,
                 language: str = "en") -> None:
        self.site = site
        self.id = id
        self.game = game
        self.stakes = stakes
        self.players = players
        self.seats = seats
        self.starting_stacks = starting_stacks
        self.actions = actions
        self.limit = limit
        self.currency = currency
        self.tournament = tournament
        self.table = table
        self.max_seats = max_seats
        self.button = button
        self.date = date
        self.timezone = timezone
        self.hole: list[str] = [] if hole is None else hole
        self.boards: list[str] = [] if boards is None else boards
        self.rake = rake
        self.splash = splash
        self.collected: list[Decimal] = [] if collected is None else collected
        self.net: list[Decimal] = [] if net is None else net
        self.cash_out: list[Decimal] = [] if cash_out is None else cash_out
        self.cash_out_fee: list[Decimal] = [] if cash_out_fee is None else cash_out_fee
        self.sitting_out: list[str] = [] if sitting_out is None else sitting_out
        self.source = source
        self.line = line
        self.language = language

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in HAND_FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._values() == other._values()

    def __repr__(self) -> str:
        return _repr(self, HAND_FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Hand, self._values())

    def put_in(self) -> list[Decimal]:
        """What each player moved into the pot: forced bets, calls, bets and raises, less the
        uncalled bets returned."""
        out = [ZERO] * len(self.players)
        for a in self.actions:
            player = a.player  # (each field read once: a read of an optional int boxes and checks it)
            if player is None:
                continue
            kind = a.kind
            if kind in _INTO_POT:
                out[player] += a.amount
            elif kind == "uncalled":
                out[player] -= a.amount
        return out

    def problems(self, put_in: list[Decimal] | None = None, nets_made_by_rule: bool = False) -> list[str]:
        """What contradicts the contract's numbers (empty when the hand adds up): lengths, the
        net of each player, chips conserved (``put_in``: ``self.put_in()`` when the caller has it;
        ``nets_made_by_rule``: the caller set each net to ``collected + cash_out - put_in`` from the
        same lists, as ``assemble`` does, so they are not compared again)."""
        n = len(self.players)
        found: list[str] = []
        if not (len(self.seats) == len(self.starting_stacks) == len(self.hole) == len(self.net) == len(self.collected)
                == len(self.cash_out) == n):  # (each named only when one differs: getattr is slow compiled)
            for name in ("seats", "starting_stacks", "hole", "net", "collected", "cash_out"):
                if len(getattr(self, name)) != n:
                    found.append(f"{name} has {len(getattr(self, name))} entries for {n} players")
            return found
        deals = _BOARD_GAME_HOLE.get(self.game, 0)
        if deals:
            for i in range(n):  # (by index: zip iterates generically, compiled)
                cards = self.hole[i]
                if len(cards) > 2 * deals:  # (a game read for another: Omaha5 taken for Omaha)
                    found.append(f"{self.players[i]} shows {len(cards) // 2} cards in {self.game}, which deals {deals}")
        if put_in is None or len(put_in) != n:
            put_in = self.put_in()
        net_sum = cash_out_sum = ZERO
        for i in range(n):
            net, cash_out = self.net[i], self.cash_out[i]
            net_sum += net
            if cash_out is not ZERO:  # (nearly everyone's: adding ZERO to a sum begun at ZERO changes nothing)
                cash_out_sum += cash_out
            if nets_made_by_rule:
                continue
            expected = self.collected[i] + cash_out - put_in[i]
            if net != expected:
                found.append(f"{self.players[i]}: net {net} but collected {self.collected[i]} + cash-out "
                             f"{cash_out} - put in {put_in[i]} = {expected}")
        if net_sum != -self.rake + self.splash + cash_out_sum:
            found.append(f"chips not conserved: the nets sum to {net_sum}, the rake is {self.rake}, "
                         f"the splash {self.splash} and the cash-outs {cash_out_sum}")
        return found

    def to_phh(self) -> str:
        """The hand as PHH text that pokerkit replays to the site's final stacks
        (``pyeval.history.sites.phh``; ValueError for a game or posts PHH cannot write)."""
        from pyeval.history.sites.phh import to_phh

        return to_phh(self)

    @property
    def big_blind(self) -> Decimal:
        """The hand's unit for "big blinds" (``Stakes.unit``)."""
        return self.stakes.unit

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data (Decimal as text, exact; actions as dicts)."""
        out: dict[str, Any] = {}
        for name in HAND_FIELDS:
            value = getattr(self, name)
            if name == "stakes":
                value = {k: _text(getattr(value, k)) for k in STAKES_FIELDS}
            elif name == "actions":
                value = [{k: _text(getattr(a, k)) for k in ACTION_FIELDS} for a in value]
            else:
                value = _text(value)
            out[name] = value
        return out




PLAIN_CARDS: Final = frozenset(rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS)
"""Every card as the contract writes it (``"Ah"``, ``"Td"``): a reader's card already so written
needs no other reading (``pyeval.core.cards``' reading of card text is Python, not compiled)."""
_BOARD_GAME_HOLE: Final = {name: g.dealt or g.hole for name, g in GAMES.items() if g.board}
"""The hole cards each board game deals (a hand shows no more; Irish deals four, keeps two)."""
_INTO_POT: Final = frozenset({"ante", "small-blind", "big-blind", "button-blind", "straddle", "dead-blind", "bring-in",
                       "call", "bet", "raise", "complete"})


def _repr(record: object, names: tuple[str, ...]) -> str:
    """``Name(field=value, ...)``, as a dataclass writes itself."""
    return f"{type(record).__name__}({', '.join(f'{n}={getattr(record, n)!r}' for n in names)})"


def _text(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_text(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Skipped:
    """A hand not read: the file, the line its text starts on (or the line of the fault), the
    site when known, the hand's id when known, and the reason (one sentence naming the defect)."""

    source: str
    line: int
    reason: str
    site: str = ""
    id: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "line": self.line, "site": self.site, "id": self.id, "reason": self.reason}

    def __reduce__(self) -> tuple[Any, ...]:
        return (Skipped, (self.source, self.line, self.reason, self.site, self.id))

INTO_POT: Final = _INTO_POT
"""The action kinds that move chips into the pot (``Hand.put_in``), for the readers that add them
up themselves (``pyeval.history.sites.assemble``)."""
