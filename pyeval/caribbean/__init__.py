"""Casino Stud Poker (Caribbean stud): exact decisions and the exact house edge.

The game (docs ``RULES.md``, last section): the player antes 1, gets five cards and
sees one of the dealer's five cards (the up-card).  The player folds (loses the
ante) or raises two antes.  The dealer qualifies with ace-king high or better.
Dealer does not qualify: the ante wins 1:1 and the raise is returned.  Dealer
qualifies: a better player hand wins 1:1 on the ante and the pay table on the
raise, a worse one loses ante and raise (-3), equal hands push (0).  Every amount
here is in antes.

Two questions are answered exactly:

* :func:`decide` -- the expected value of raising for one player hand and dealer
  up-card, over all ``C(46, 4) = 163,185`` dealer completions, against folding (-1).
* :func:`house_edge` -- the player's expected loss per ante over every player hand,
  dealer up-card and dealer completion (19,933,230,517,200 deals), as an exact
  fraction, for a pay table and a playing strategy.

The house edge is counted, not enumerated: the player's hands are reduced to
their 134,459 classes under the 24 relabellings of the suits, every 5-card hand
is sorted by strength (one batch call of :func:`pyeval.evaluate_high`), and one
sweep from the weakest strength to the strongest keeps, for every card ``u`` and
every set ``S`` of up to four other cards, how many dealer hands seen so far
contain ``u`` and ``S``.  Inclusion-exclusion over the player's five cards then
gives, for every class and up-card at once, how many dealer completions are
below, equal to and above the player's hand (and below ace-king).  On the
project's 2-core machine the first :func:`house_edge` of a process takes about
7 s (15 s when numba compiles the kernels, cached afterwards); the counts are
then kept, and each further strategy or pay table takes under a second.

Example::

    >>> from pyeval.caribbean import decide
    >>> d = decide("AsKd7c5h2d", "7s")      # ace-king pairing the up-card: raise
    >>> d.action, d.outcomes
    ('raise', 163185)
    >>> decide("AsKd7c5h2d", "Qs").action   # no match, nothing to back it: fold
    'fold'
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pyeval.caribbean.counts import Tables, build_tables
from pyeval.caribbean.rules import (
    CATEGORIES,
    CATEGORY_TEXT,
    COMPLETIONS,
    DEALS,
    DEFAULT_PAYTABLE,
    SITUATIONS,
    STRATEGIES,
    CardsLike,
    Number,
    StrategyFn,
    card_text,
    category_of,
    check_situation,
    completion_index,
    evaluate_hand,
    exact_number,
    qualifier,
    validate_paytable,
)
from pyeval.core._results import Result, fraction_pair

__all__ = [
    "CATEGORIES",
    "COMPLETIONS",
    "DEALS",
    "DEFAULT_PAYTABLE",
    "STRATEGIES",
    "Decision",
    "HouseEdge",
    "ReturnRow",
    "decide",
    "house_edge",
    "validate_paytable",
]

# ---------------------------------------------------------------------------
# the decision
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision(Result):
    """The exact value of raising one situation, from :func:`decide`.

    Counts are over the ``outcomes`` = 163,185 dealer completions; EVs are in antes.
    """

    hand: tuple[int, ...]
    dealer_up: int
    category: str
    not_qualified: int
    player_wins: int
    ties: int
    dealer_wins: int
    win_payout: Number
    ev_raise: Fraction
    ev_fold: Fraction = Fraction(-1)
    outcomes: int = COMPLETIONS

    @property
    def action(self) -> str:
        """``'raise'`` when raising has the strictly higher EV, else ``'fold'``."""
        return "raise" if self.ev_raise > self.ev_fold else "fold"

    @property
    def raise_gain(self) -> Fraction:
        """EV of raising minus EV of folding."""
        return self.ev_raise - self.ev_fold

    @property
    def probabilities(self) -> dict[str, Fraction]:
        """Exact probabilities of the four outcomes of a raise."""
        t = self.outcomes
        return {
            "dealer does not qualify": Fraction(self.not_qualified, t),
            "player wins": Fraction(self.player_wins, t),
            "push": Fraction(self.ties, t),
            "dealer wins": Fraction(self.dealer_wins, t),
        }

    def to_dict(self) -> dict:
        """JSON-ready: exact values as [numerator, denominator] beside their floats."""
        return {"hand": " ".join(card_text(c) for c in self.hand), "dealer_up": card_text(self.dealer_up),
                "category": self.category, "action": self.action, "ev_raise": float(self.ev_raise),
                "ev_raise_exact": fraction_pair(self.ev_raise), "ev_fold": float(self.ev_fold),
                "not_qualified": self.not_qualified, "player_wins": self.player_wins, "ties": self.ties,
                "dealer_wins": self.dealer_wins, "outcomes": self.outcomes, "win_payout": float(self.win_payout),
                "win_payout_exact": fraction_pair(self.win_payout)}

    def rows(self) -> list[dict]:
        """One row per outcome of a raise: its exact probability (as a float)."""
        return [{"outcome": name, "probability": float(p)} for name, p in self.probabilities.items()]

    def __repr__(self) -> str:
        cards = " ".join(card_text(c) for c in self.hand)
        return (f"Decision({cards} against {card_text(self.dealer_up)}: {self.action}, EV raise "
                f"{float(self.ev_raise):+.6f}, fold {float(self.ev_fold):+.6f} antes)")

    def __str__(self) -> str:
        cards = " ".join(card_text(c) for c in self.hand)
        kind = "high card" if self.category == "high-card" else CATEGORY_TEXT[self.category]
        lines = [
            f"hand {cards} ({kind}), dealer shows {card_text(self.dealer_up)}",
            f"  EV raise {float(self.ev_raise):+.6f} antes (exact {self.ev_raise})",
            f"  EV fold  {float(self.ev_fold):+.6f} antes",
            f"  decision: {self.action.upper()} (by {float(abs(self.raise_gain)):.6f} antes)",
        ]
        for name, p in self.probabilities.items():
            n = {"dealer does not qualify": self.not_qualified, "player wins": self.player_wins,
                 "push": self.ties, "dealer wins": self.dealer_wins}[name]
            lines.append(f"  {name:<24} {float(p):9.6f}  ({n:,} of {self.outcomes:,})")
        return "\n".join(lines)


def decide(
    hand: CardsLike, dealer_up: CardsLike, paytable: Mapping[str, float | Fraction] | None = None
) -> Decision:
    """Exact EV of raising versus folding for one hand and dealer up-card.

    ``hand`` is five cards (text such as ``"AsKd7c5h2d"``, codes, or card
    strings), ``dealer_up`` one card not in the hand.  Every one of the
    ``C(46, 4) = 163,185`` ways to complete the dealer's hand is evaluated
    with :func:`pyeval.evaluate_high`.  Raising returns +1 when the dealer
    does not qualify, ``1 + 2 * payout`` when the player wins, 0 on a tie and
    -3 when the dealer wins; folding returns -1.

    >>> d = decide("AsKd7c5h2d", "7s")
    >>> d.action, d.not_qualified + d.player_wins + d.ties + d.dealer_wins
    ('raise', 163185)
    >>> round(float(d.ev_raise), 6), d.ev_fold
    (-0.989919, Fraction(-1, 1))
    >>> decide("QsJd7c5h2d", "Kc").action   # below ace-king: never raise
    'fold'
    >>> decide("2c2d5h7s9c", "Ac").action
    'raise'

    Raises ValueError on a hand that is not 5 distinct cards, an up-card in the
    hand, or a malformed pay table.
    """
    codes, up = check_situation(hand, dealer_up)
    table = validate_paytable(paytable)
    q = qualifier()
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.array(codes + [up], dtype=np.uint8))
    dealer = np.empty((COMPLETIONS, 5), dtype=np.uint8)
    dealer[:, 0] = up
    dealer[:, 1:] = deck[completion_index()]
    ds = evaluate_hand(dealer)
    ps = int(evaluate_hand(np.array([codes], dtype=np.uint8))[0])
    cat = CATEGORIES[int(category_of(np.array([ps]))[0])]
    nq = int(np.count_nonzero(ds < q))
    if ps >= q:
        win = int(np.count_nonzero((ds >= q) & (ds < ps)))
        tie = int(np.count_nonzero(ds == ps))
    else:
        win = tie = 0
    lose = COMPLETIONS - nq - win - tie
    payout = 1 + 2 * Fraction(table[cat])
    ev = (nq + win * payout - 3 * lose) / Fraction(COMPLETIONS)
    return Decision(
        hand=tuple(codes), dealer_up=up, category=cat, not_qualified=nq, player_wins=win,
        ties=tie, dealer_wins=lose, win_payout=exact_number(payout), ev_raise=ev,
    )


# ---------------------------------------------------------------------------
# the house edge
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ReturnRow:
    """One event of the return table: ``count`` deals of 19,933,230,517,200
    with net result ``payout`` antes."""

    event: str
    payout: Number
    count: int
    probability: Fraction
    contribution: Fraction


@dataclass(frozen=True)
class HouseEdge(Result):
    """The exact return of a strategy and pay table, from :func:`house_edge`.

    ``total_return`` is the player's net result summed over all ``outcomes``
    (every deal: player hand, up-card and dealer completion), in antes: an int for an
    integer pay table.
    ``house_edge = -total_return / outcomes`` per ante;
    ``element_of_risk`` is the loss per unit wagered (ante plus raise);
    ``raise_frequency`` is the share of (hand, up-card) situations raised.
    """

    strategy: str
    paytable: dict[str, Number]
    outcomes: int
    total_return: Number
    total_wagered: int
    raised_situations: int
    events: tuple[ReturnRow, ...]
    seconds: float = field(compare=False)  # == compares the answer, not how long it took

    @property
    def expected_return(self) -> Fraction:
        """Player's expected net result per ante (negative: the house wins)."""
        return Fraction(self.total_return) / self.outcomes

    @property
    def house_edge(self) -> Fraction:
        """Player's expected loss per ante."""
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        """Player's expected loss per unit wagered (ante + raise)."""
        return -Fraction(self.total_return) / self.total_wagered

    @property
    def raise_frequency(self) -> Fraction:
        """Share of (player hand, up-card) situations in which the player raises."""
        return Fraction(self.raised_situations, SITUATIONS)

    @property
    def average_wager(self) -> Fraction:
        """Expected ante + raise per hand, in antes."""
        return Fraction(self.total_wagered, self.outcomes)

    def format_table(self) -> str:
        """The return table as text."""
        width = max(len(r.event) for r in self.events)
        lines = [f"Caribbean stud, strategy {self.strategy}", "",
                 f"{'event':<{width}}  {'net':>5}  {'combinations':>20}  {'probability':>11}  {'return':>10}"]
        for r in self.events:
            pays = f"{float(r.payout):+g}"
            lines.append(f"{r.event:<{width}}  {pays:>5}  {r.count:>20,}  "
                         f"{float(r.probability):11.8f}  {float(r.contribution):+10.6f}")
        lines.append(f"{'total':<{width}}  {'':>5}  {self.outcomes:>20,}  {1:11.8f}  "
                     f"{float(self.expected_return):+10.6f}")
        lines += [
            "",
            f"house edge       {float(self.house_edge) * 100:.4f}% of the ante (exact {self.house_edge})",
            f"element of risk  {float(self.element_of_risk) * 100:.4f}% of the total bet",
            f"raise frequency  {float(self.raise_frequency) * 100:.4f}%",
            f"average wager    {float(self.average_wager):.6f} antes",
            f"computed in {self.seconds:.1f} s",
        ]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """JSON-ready: exact values as [numerator, denominator] beside their floats."""
        exact = {"house_edge": self.house_edge, "element_of_risk": self.element_of_risk,
                 "raise_frequency": self.raise_frequency, "average_wager": self.average_wager}
        d = {"strategy": self.strategy, "paytable": {k: float(v) for k, v in self.paytable.items()},
             "outcomes": self.outcomes, "total_return": float(self.total_return),
             "total_return_exact": fraction_pair(self.total_return), "total_wagered": self.total_wagered}
        for name, value in exact.items():
            d[name], d[name + "_exact"] = float(value), fraction_pair(value)
        d["events"] = self.rows()
        return d

    def rows(self) -> list[dict]:
        """One row per event of the return table."""
        return [{"event": r.event, "payout": float(r.payout), "count": r.count, "probability": float(r.probability),
                 "contribution": float(r.contribution)} for r in self.events]

    def __repr__(self) -> str:
        return (f"HouseEdge({self.strategy}: house edge {float(self.house_edge) * 100:.4f}% of the ante, "
                f"element of risk {float(self.element_of_risk) * 100:.4f}%, raise frequency "
                f"{float(self.raise_frequency) * 100:.2f}%, over {self.outcomes:,} deals)")

    def __str__(self) -> str:
        return self.format_table()


def _strategy_name(strategy) -> str:
    if callable(strategy):
        return getattr(strategy, "__name__", "custom")
    if not isinstance(strategy, str):
        raise ValueError(f"strategy must be a name or a callable, got {strategy!r}")
    key = strategy.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)} or a callable")
    return key


def _raise_mask(t: Tables, name: str, strategy, pay: list[Fraction]) -> np.ndarray:
    """(n, 52) bool: raise in this (class, up-card)?  False where not valid."""
    q = qualifier()
    n = len(t.reps)
    if callable(strategy):
        out = np.zeros((n, 52), dtype=bool)
        for c in range(n):
            hand = t.reps[c].copy()
            hand.setflags(write=False)
            for u in np.flatnonzero(t.valid[c]):
                out[c, u] = bool(strategy(hand, int(u)))
        return out
    if name == "always-raise":
        return t.valid.copy()
    if name == "pair-or-better":
        return t.valid & (t.category >= CATEGORIES.index("pair"))[:, None]
    if name == "ak-or-better":
        return t.valid & (t.strength >= q)[:, None]
    # optimal: nq + win * (1 + 2 pay) - 3 lose > -COMPLETIONS, in exact integers
    denom = math.lcm(*(p.denominator for p in pay))
    a = [int((1 + 2 * p) * denom) for p in pay]
    bound = COMPLETIONS * (max(a) + 4 * denom) * 4
    dtype = np.int64 if bound < 2**62 else object
    a_cls = np.array(a, dtype=dtype)[t.category.astype(np.int64)][:, None]
    lhs = (t.nq.astype(dtype) * denom + t.win.astype(dtype) * a_cls
           - 3 * denom * t.lose.astype(dtype))
    return t.valid & (lhs > -COMPLETIONS * denom)


def house_edge(
    paytable: Mapping[str, float | Fraction] | None = None,
    strategy: str | StrategyFn = "optimal",
    *,
    progress: bool = False,
) -> HouseEdge:
    """The exact house edge of Caribbean stud for a pay table and strategy.

    Every deal is counted: 2,598,960 player hands x 47 dealer up-cards x
    163,185 dealer completions = 19,933,230,517,200.  ``strategy`` is one of
    ``"optimal"`` (raise exactly when raising has the higher EV, as
    :func:`decide`), ``"always-raise"``, ``"pair-or-better"``, ``"ak-or-better"``
    (raise with ace-king high or better), or a callable ``(hand, up_card) ->
    bool`` called with a read-only uint8 array of five card codes and the
    up-card code; a callable is asked once per suit class of the hand and
    up-card, so it must not depend on how the suits are named.  ``progress``
    shows a tqdm bar (if tqdm is installed) while the counting tables are built (the first call of
    a process; later calls reuse them and take about a second).

    >>> r = house_edge()                                        # doctest: +SKIP
    >>> round(float(r.house_edge) * 100, 3), round(float(r.element_of_risk) * 100, 3)  # doctest: +SKIP
    (5.224, 2.555)
    """
    name = _strategy_name(strategy)
    table = validate_paytable(paytable)
    t0 = time.perf_counter()
    t = build_tables(progress=progress)
    pay = [Fraction(table[c]) for c in CATEGORIES]
    raised = _raise_mask(t, name, strategy, pay)
    raised &= t.valid
    w = t.weight[:, None]
    folded = t.valid & ~raised

    def total(a: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Weighted per-class sums (int64) of a (n, 52) count array where mask."""
        return (np.where(mask, a, 0).astype(np.int64) * w).sum(axis=1)

    nq = int(total(t.nq, raised).sum())
    tie = int(total(t.tie, raised).sum())
    lose = int(total(t.lose, raised).sum())
    win_cls = total(t.win, raised)
    wins = [int(win_cls[t.category == k].sum()) for k in range(len(CATEGORIES))]
    fold = int((folded.sum(axis=1).astype(np.int64) * t.weight).sum()) * COMPLETIONS
    raised_sit = int((raised.sum(axis=1).astype(np.int64) * t.weight).sum())

    rows: list[tuple[str, Fraction, int]] = []
    for k in reversed(range(len(CATEGORIES))):
        rows.append((f"player wins with {CATEGORY_TEXT[CATEGORIES[k]]}", 1 + 2 * pay[k], wins[k]))
    rows += [
        ("dealer does not qualify", Fraction(1), nq),
        ("push", Fraction(0), tie),
        ("dealer wins", Fraction(-3), lose),
        ("fold", Fraction(-1), fold),
    ]
    events = tuple(
        ReturnRow(event=e, payout=exact_number(p), count=n, probability=Fraction(n, DEALS),
                  contribution=p * n / DEALS)
        for e, p, n in rows
    )
    counted = sum(r.count for r in events)
    if counted != DEALS:  # pragma: no cover - an internal invariant
        raise AssertionError(f"return table counts {counted} deals, expected {DEALS}")
    total_return = sum((p * n for _, p, n in rows), Fraction(0))
    return HouseEdge(
        strategy=name, paytable=table, outcomes=DEALS, total_return=exact_number(total_return),
        total_wagered=DEALS + 2 * raised_sit * COMPLETIONS, raised_situations=raised_sit,
        events=events, seconds=time.perf_counter() - t0,
    )
