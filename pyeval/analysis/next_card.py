"""``pyeval.next_card``: every possible next card of a flop or turn spot, each player's equity
after it, and each player's outs; and, for a preflop or flop spot, who leads on each street.

The equities are exact queries of the engines, one per card (``pyeval.equity_batch`` rows for
known and random hands, ``pyeval.equity`` per card with ranges): the card's probability is its
share of the spot's outcomes (uniform for known hands), so the cards' equities averaged with
those probabilities are the spot's equity exactly.

A player's *outs* are the cards after which his hand (the best he makes with the board so far,
the high half in hi/lo games) is strictly the best of all; on the river card that is winning the
pot outright.  ``winning_cards``: the cards after which he wins outright whatever else comes
(read from the exact counts, so for any opponents).  *By street*: for each street still to
come, the probability that each player's hand is strictly the best once that street is dealt
(``ahead``) or shares the best (``tied``); known hands only.

>>> import pyeval
>>> t = next_card("holdem", ["AhAs", "KdKc"], "7c8c2d")
>>> len(t), t.mean_fraction == pyeval.equity("holdem", ["AhAs", "KdKc"], board="7c8c2d").fractions
(45, True)
>>> t.outs[1]
['Kh', 'Ks']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from pyeval.batch import equity_batch
from pyeval.core import _progress
from pyeval.core._results import ResultEquality, board_list
from pyeval.core.cards import format_cards, is_unknown_hand
from pyeval.core.games import get_game
from pyeval.engines import engine, strategies
from pyeval.equity import equity
from pyeval.query.limits import NEXT_CARD_LIMIT
from pyeval.query.spot import RANDOM, Spot, read_spot
from pyeval.ranges import Range, is_range_entry, parse_range
from pyeval.ranges.classes import all_of
from pyeval.results.protocol import Table
from pyeval.results.tally import POT

__all__ = ["next_card", "NextCard", "STREETS"]

STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


@dataclass(eq=False)
class NextCard(Table, ResultEquality):
    """The next card of a spot (``next_card``).

    cards       the possible next cards, as texts (empty for a preflop spot)
    units       (cards, players) exact pot units after each card; outcomes (cards,) its outcomes
    wins, ties  (cards, players) exact counts after each card (``win``, ``tie``: as probabilities)
    equity      (cards, players) each player's equity after each card; ``fractions``: exactly,
                ``fractions[card][player]``
    mean, mean_fraction   per player: the cards' equities averaged with their probabilities (the
                spot's equity), as floats and exactly
    ahead       (cards, players) whether the player's hand is strictly the best after the card
                (known hands only; None otherwise)
    by_street   per street to come: {"street", "ahead": [Fraction], "tied": [Fraction]} (preflop and
                flop spots, known hands), else []
    """

    game: str
    hands: list[str]
    board: str
    dead: str
    cards: list[str]
    units: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    outcomes: np.ndarray
    ahead: np.ndarray | None
    by_street: list[dict[str, Any]]

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def equity(self) -> np.ndarray:
        return self.units / (POT * self.outcomes[:, None].astype(np.float64))

    @property
    def prob(self) -> list[Fraction]:
        """Each card's probability of coming next."""
        total = int(self.outcomes.sum())
        return [Fraction(int(n), total) for n in self.outcomes]

    @property
    def win(self) -> np.ndarray:
        """(cards, players) P(winning the whole pot alone) after each card."""
        return self.wins / self.outcomes[:, None].astype(np.float64)

    @property
    def tie(self) -> np.ndarray:
        """(cards, players) P(sharing the pot) after each card."""
        return self.ties / self.outcomes[:, None].astype(np.float64)

    @property
    def method(self) -> str:
        """Always "exact": every next card is counted exactly."""
        return "exact"

    @property
    def fractions(self) -> list[list[Fraction]]:
        """Each player's exact equity after each card, ``[card][player]`` (``equity``'s shape).
        (Before issue 26 a method of the player: ``fractions(p)`` is ``[f[p] for f in fractions]``.)"""
        return [[Fraction(int(u), POT * int(n)) for u in units] for units, n in
                zip(self.units.tolist(), self.outcomes.tolist())]

    @property
    def mean_fraction(self) -> list[Fraction]:
        """Per player, the cards' equities averaged with their probabilities: the spot's equity,
        exactly.  (Before issue 26 a method of the player: ``mean_fraction(p)`` is
        ``mean_fraction[p]``.)"""
        total = POT * int(self.outcomes.sum())
        return [Fraction(int(u), total) for u in self.units.sum(axis=0).tolist()]

    @property
    def mean(self) -> np.ndarray:
        """Per player, the spot's equity (``mean_fraction`` as floats)."""
        return np.array([float(f) for f in self.mean_fraction], np.float64)

    @property
    def outs(self) -> list[list[str]] | None:
        """Per player, the cards after which his hand is strictly the best (known hands only)."""
        if self.ahead is None:
            return None
        return [[c for c, a in zip(self.cards, self.ahead[:, p]) if a] for p in range(len(self.hands))]

    @property
    def winning_cards(self) -> list[list[str]]:
        """Per player, the cards after which he wins the pot outright whatever else comes (on the
        river card: he wins outright); from the exact counts, so for any opponents."""
        return [[c for c, w, n in zip(self.cards, self.wins[:, p], self.outcomes) if w == n]
                for p in range(len(self.hands))]

    def rows(self) -> list[dict[str, Any]]:
        out = []
        eq = self.equity
        prob = self.prob
        for i, c in enumerate(self.cards):
            row: dict[str, Any] = {"card": c, "prob": float(prob[i]), "outcomes": int(self.outcomes[i])}
            for p in range(len(self.hands)):
                row[f"equity_{p + 1}"] = float(eq[i, p])
                if self.ahead is not None:
                    row[f"ahead_{p + 1}"] = bool(self.ahead[i, p])
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        street = [{"street": s["street"], "ahead": [float(x) for x in s["ahead"]],
                   "tied": [float(x) for x in s["tied"]]} for s in self.by_street]
        return {"game": self.game, "hands": self.hands, "board": board_list(self.board), "dead": self.dead,
                "method": self.method, "mean_equity": self.mean.tolist() if len(self) else None,
                "outs": self.outs, "winning_cards": self.winning_cards, "by_street": street, "rows": self.rows()}

    def __repr__(self) -> str:
        lines = [f"NextCard({self.game}, {' vs '.join(self.hands)}, board {self.board or '-'}: {len(self)} cards)"]
        if self.outs is not None and len(self):
            for p, h in enumerate(self.hands):
                lines.append(f"  {h}: {len(self.outs[p])} outs {' '.join(self.outs[p])}")
        for s in self.by_street:
            ahead = ", ".join(f"{float(a):.4f}" for a in s["ahead"])
            lines.append(f"  ahead on the {s['street']}: {ahead}")
        return "\n".join(lines)

    def __str__(self) -> str:
        """The summary, then the whole table: each next card, its probability and every
        player's equity after it (what the command line prints)."""
        lines = [repr(self)]
        if not len(self):
            return lines[0]
        names = [h if len(h) <= 14 else h[:13] + "~" for h in self.hands]
        widths = [max(8, len(n)) for n in names]
        spot = "  ".join(f"{n} {float(self.mean_fraction[p]):.4f}" for p, n in enumerate(names))
        lines += [f"  equity over every next card: {spot}",
                  "  card    prob  " + "  ".join(n.rjust(w) for n, w in zip(names, widths))]
        eq, prob = self.equity, self.prob
        for i, c in enumerate(self.cards):
            cells = "  ".join(f"{eq[i, p]:.4f}".rjust(w) for p, w in enumerate(widths))
            lines.append(f"  {c:<4}  {float(prob[i]):.4f}  {cells}")
        return "\n".join(lines)


def _kind(entry: Any, g: Any) -> str:
    if is_unknown_hand(entry):
        return "random"
    if isinstance(entry, Range) or (isinstance(entry, str) and is_range_entry(entry, g)):
        r = parse_range(entry, g)
        if not (r.weights == r.weights[0]).all():
            raise ValueError("next_card takes ranges without weights (each card's probability comes from "
                             "its unweighted count of deals)")
        return "range"
    return "hand"


def _strengths(g: Any, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """(boards, players) strength of each known hand on each board (the high half)."""
    nb, k = boards.shape
    P, h = holes.shape
    rows = np.empty((nb, P, h + k), np.uint8)
    rows[:, :, :h] = holes[None]
    rows[:, :, h:] = boards[:, None, :]
    flat = np.ascontiguousarray(rows.reshape(nb * P, h + k))
    return engine.evaluate_block(g.high, g.use, flat, h, k, g.lowest_card).reshape(nb, P)


def _leads(s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    best = s.max(axis=1, keepdims=True)
    top = s == best
    alone = top & (top.sum(axis=1, keepdims=True) == 1)
    return alone, top & ~alone




def _check_price(first: Spot, cards: int) -> None:
    """ValueError with the estimate when counting every next card exactly is beyond
    ``NEXT_CARD_LIMIT`` (priced by the strategy registry on the first card's spot)."""
    cost = strategies.exact_choice(first)[1] * cards
    if cost > NEXT_CARD_LIMIT:
        raise ValueError(f"counting all {cards} next cards exactly needs about {cost:,} hand evaluations (about "
                         f"{cost * 40e-9 / 60:,.1f} minutes on one core), beyond the limit of {NEXT_CARD_LIMIT:,}; "
                         "give a hand or a narrower range for the random players, or ask pyeval.equity with "
                         "samples= for the boards you care about")


@_progress.reports_progress("{game} next card")
def next_card(game: str, hands: list, board: str, dead: str = "", threads: int | None = None, *,
              progress: Any = None) -> NextCard:
    """Every possible next card of a spot on the flop or turn with each player's exact equity
    after it and each player's outs; for a preflop or flop spot, the probability that each
    player leads after each street to come.  Board games with one board; hands as in
    ``pyeval.equity`` (known hands, ``"random"``, unweighted ranges)."""
    g = get_game(game)
    if g.board == 0 or g.boards != 1 or g.discards:
        raise ValueError(f"next_card is for games with one board and no discards, not {g.name}")
    if not isinstance(board, str):
        raise TypeError("board must be card text such as 'Ah7c2d' ('' preflop)")
    if isinstance(hands, str) or not isinstance(hands, (list, tuple)) or len(hands) < 2:
        raise TypeError("hands must be a list of at least two entries")
    kinds = [_kind(h, g) for h in hands]
    # the known hands, the board and the dead cards read once (read_spot: every check and limit);
    # a range seat is read there as an unknown hand, and by the range reader of pyeval.equity below
    # (issue 37: ranges are not yet read by read_spot)
    spot = read_spot(g, [RANDOM if k == "range" else h for h, k in zip(hands, kinds)], board, dead or "",
                     "exact", threads=threads)
    partial = next((p for p, (h, k) in enumerate(zip(spot.holes, kinds)) if k == "hand" and len(h) != g.hole), None)
    if partial is not None:
        raise ValueError(f"player {partial + 1}: next_card takes whole hands ({g.name} hands hold {g.hole} cards), "
                         f"'random' or a range, got {hands[partial]!r}")
    b = np.array(spot.boards[0] if spot.boards else (), np.uint8)
    d = np.array(spot.dead, np.uint8)
    if len(b) not in (0, 3, 4):
        raise ValueError(f"next_card takes a preflop, flop or turn spot (0, 3 or 4 board cards), got {len(b)}")
    used = {c for h in spot.holes for c in h} | set(b.tolist()) | set(d.tolist())
    live = np.array([c for c in range(g.lowest_card, 52) if c not in used], np.uint8)
    unknown_cards = g.hole * sum(k != "hand" for k in kinds)
    if len(live) < g.board - len(b) + unknown_cards:
        raise ValueError(f"no card is left to deal the rest of this spot ({len(live)} live cards for "
                         f"{g.board - len(b) + unknown_cards}): give fewer dead cards")
    texts = [str(hand) if k == "range" else text for hand, k, text in zip(hands, kinds, spot.texts)]
    P = len(hands)
    all_known = all(k == "hand" for k in kinds)
    known = [np.array(h, np.uint8) for h in spot.holes]

    cards: list[str] = []
    units = np.zeros((0, P), np.int64)
    wins = ties = units
    outcomes = np.zeros(0, np.int64)
    ahead = None
    if len(b) in (3, 4):
        boards_text = [format_cards(np.append(b, c)) for c in live]
        if all(k != "range" for k in kinds):  # one batch of rows
            _check_price(replace(spot, boards=(spot.boards[0] + (int(live[0]),),), memo={}), len(live))
            rows = equity_batch(g.name, [list(texts)] * len(live), board=boards_text,
                                dead=[format_cards(d)] * len(live) if len(d) else None, method="exact",
                                threads=spot.threads)
            units, wins, ties = rows.units.astype(np.int64), rows.wins.astype(np.int64), rows.ties.astype(np.int64)
            outcomes = rows.outcomes.astype(np.int64)
        else:
            try:
                res = [equity(g.name, list(hands), board=bt, dead=dead, method="exact", threads=spot.threads)
                       for bt in boards_text]
            except ValueError as exc:
                if "beyond the" not in str(exc):
                    raise
                raise ValueError("next_card counts every next card exactly, and one card of this spot alone is "
                                 "beyond the exact budget of ranges; give narrower ranges, or ask pyeval.equity "
                                 "with samples= for the boards you care about") from None
            units = np.array([r.units for r in res], np.int64)
            wins = np.array([r.wins for r in res], np.int64)
            ties = np.array([r.ties for r in res], np.int64)
            outcomes = np.array([r.outcomes for r in res], np.int64)
        cards = [format_cards([c]) for c in live]
        if all_known:
            holes = np.stack(known).astype(np.uint8)
            with_card = np.hstack([np.tile(b, (len(live), 1)), live[:, None]]).astype(np.uint8)
            ahead = _leads(_strengths(g, holes, with_card))[0]
    by_street = []
    if all_known and len(b) in (0, 3):
        holes = np.stack(known).astype(np.uint8)
        for k in (3, 4, 5):
            if k <= len(b):
                continue
            extra = all_of(live, k - len(b))  # every street completion once, equally likely
            boards = np.hstack([np.tile(b, (len(extra), 1)), extra]).astype(np.uint8)
            alone, shared = _leads(_strengths(g, holes, boards))
            n = len(boards)
            by_street.append({"street": STREETS[k], "ahead": [Fraction(int(x), n) for x in alone.sum(axis=0)],
                              "tied": [Fraction(int(x), n) for x in shared.sum(axis=0)]})
    return NextCard(g.name, texts, format_cards(b) if len(b) else "", format_cards(d) if len(d) else "", cards,
                    units, wins, ties, outcomes, ahead, by_street)
