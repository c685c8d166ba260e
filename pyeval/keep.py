"""``best_keep``: in games with discards (Irish, Aviation), rank every keep by its equity.

The discards are declared in ``pyeval.core.games`` (``Game.discards``: when each is made and how
many cards go); a keep is ranked at the discard the hand is at:

* the last discard (Irish after the flop, Aviation's second one after the flop): each keep's
  equity against the other hands, the discarded cards dead;
* a discard with another to come (Aviation before the flop): each keep is valued with the later
  discard made by the same rule: on every board of the later discard (every flop) the player
  keeps the cards with the best equity on that board, and the keep's value is the average of
  that best equity over the boards.  The player chooses on the flop knowing only the flop.

The opponents (the model).  Other players are given as they show down: a known hand of the
showdown's hole cards, or ``"random"``.  A random opponent holds a uniformly random hand of
the unseen cards: exactly an opponent who discards at random (his discards are unseen cards
like the rest of the deck).  Opponents are not modelled as discarding by the same rule.

Exact and Monte Carlo.  With known opponents, a two-discard keep is exact: every board is
enumerated once, each candidate final hand is shown down on it, and the shares are summed per
board of the later discard.  With a random opponent that count is too large; Monte Carlo
samples the later discard's boards (flops) and, on each, ``FLOP_DEALS`` deals of the rest
(turn, river, the random hands), shared by every candidate hand: the choice on a flop is made
on that flop's own deals, so a value is optimistic by at most about the noise of those deals
(about 1.5% of equity; the ranking uses the same flops for every keep).  ``stderr`` is the
flop-to-flop standard error.

>>> ranked = best_keep("irish", ["AhAsKdQc", "random"], board="Ad7c2s", method="exact")
>>> ranked[0].keep
'Ah As'
>>> ranked = best_keep("aviation", ["AhAsKdQc", "7c7d"])   # before the flop: keep three
>>> ranked[0].keep, ranked[0].method
('Ah As Qc', 'exact')
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from pyeval.core import _progress
from pyeval.core._results import Result
from pyeval.core.cards import check_distinct, format_cards, format_codes, parse_cards
from pyeval.core.games import Game, get_game
from pyeval.engines import engine, pool, strategies
from pyeval.query.limits import DEFAULT_SAMPLES
from pyeval.query.parse import codes_tuple, hand_text
from pyeval.query.spot import RANDOM, Spot, read_spot
from pyeval.results.equity_result import EquityResult
from pyeval.results.tally import POT

if TYPE_CHECKING:
    from pyeval.core._types import Board, Cards, GameName

__all__ = ["best_keep", "Keep", "Keeps", "FLOP_DEALS"]

FLOP_DEALS = 1024
"""Monte Carlo deals of the rest of the hand on each sampled board of a later discard."""


@dataclass(eq=False)
class Keep(Result):
    """One keep: its cards, the discarded cards, and its equity.

    result   the equity query of a last-discard keep (None for a keep with a discard to come)
    stderr   Monte Carlo standard error of ``equity``; None when exact
    method, seed, outcomes   "exact" or "monte-carlo", the Monte Carlo seed (None when exact), and the
             deals counted (a keep with a discard to come: its boards x the deals after each)
    then     a keep with a discard to come: how often each later keep is made, over the boards
             of that discard (e.g. ``{"Ah As": 0.81, ...}``)
    """

    keep: str
    discard: str
    equity: float
    result: EquityResult | None = None
    stderr: float | None = None
    method: str = "exact"
    then: dict | None = None
    seed: int | None = None
    outcomes: int | None = None

    def to_dict(self) -> dict:
        d = {"keep": self.keep, "discard": self.discard, "equity": self.equity, "stderr": self.stderr,
             "method": self.method, "seed": self.seed, "outcomes": self.outcomes}
        if self.then is not None:
            d["then"] = self.then
        if self.result is not None:
            d["result"] = self.result.to_dict()
        return d

    def rows(self) -> list[dict]:
        return [{"keep": self.keep, "discard": self.discard, "equity": self.equity, "stderr": self.stderr,
                 "method": self.method, "seed": self.seed, "outcomes": self.outcomes}]

    def __repr__(self) -> str:
        se = f" ± {100 * self.stderr:.3f}%" if self.stderr else ""
        return f"Keep({self.keep!r}, discard {self.discard!r}: equity {100 * self.equity:.3f}%{se}, {self.method})"


class Keeps(list):
    """The keeps, best first (a list of :class:`Keep`), shown as a table."""

    def to_list(self) -> list[dict]:
        return [k.to_dict() for k in self]

    def __repr__(self) -> str:
        if not self:
            return "Keeps([])"
        width = max(len(k.keep) for k in self)
        dwidth = max(max(len(k.discard) for k in self), 7)
        lines = [f"{'keep':<{width}}  {'discard':<{dwidth}}  {'equity':>9}  {'± stderr':>9}  then"]
        for k in self:
            then = ", ".join(f"{h} {100 * f:.0f}%" for h, f in sorted(k.then.items(), key=lambda t: -t[1]) if f) \
                if k.then else ""
            lines.append(f"{k.keep:<{width}}  {k.discard:<{dwidth}}  {100 * k.equity:8.3f}%  "
                         f"{'' if k.stderr is None else format(100 * k.stderr, '8.3f') + '%':>9}  {then}".rstrip())
        return "\n".join(lines)


def _stage(g: Game, cards: int, board: int, player: int) -> tuple[int, tuple | None]:
    """(cards discarded now, the later discard or None) for a hand of ``cards`` cards."""
    if not g.discards:
        raise ValueError(f"{g.name} has no discards (best_keep is for games such as irish and aviation)")
    made, before = g.dealt_cards - cards, 0
    for i, (at, count) in enumerate(g.discards):
        if before == made:
            later = g.discards[i + 1] if i + 1 < len(g.discards) else None
            if board < at:
                raise ValueError(f"{g.name}: this discard is made with {at} board cards showing, got {board}; "
                                 "give the board")
            if later is not None and board >= later[0]:
                raise ValueError(f"{g.name}: with {board} board cards the hand has made its discard of {count} "
                                 f"card(s) already; give the {cards - count} cards kept")
            return count, later
        before += count
    sizes = sorted({g.dealt_cards - sum(c for _, c in g.discards[:i]) for i in range(len(g.discards))})
    raise ValueError(f"{g.name}: best_keep needs a hand of {' or '.join(map(str, sizes))} cards for player "
                     f"{player + 1}, got {cards}")


@_progress.reports_progress("{game} best keep")
def best_keep(game: GameName, hands: Sequence[Cards], board: Board = "", dead: Cards = "", player: int = 0, *,
              method: str = "auto", samples: int | None = None, seed: int | None = None, threads: int | None = None,
              stderr_target: float | None = None, client: Any = None, progress: Any = None) -> Keeps:
    """Every keep of ``hands[player]`` at its next discard, best first, with its equity against
    the other hands (the discards become dead cards).  See the module docstring for the model.

    Other players' hands are given as they will show down (their keeps) or ``"random"``.
    ``method``, ``samples``, ``seed``, ``threads``, ``stderr_target`` and ``client`` are
    :func:`pyeval.equity`'s; for a keep with a discard to come, ``samples`` is the Monte Carlo
    deal count (spread over the sampled boards, ``FLOP_DEALS`` each), ``method="auto"`` is exact
    with known opponents, and ``stderr_target`` and ``client`` are not taken.  ``progress``: as
    every long call's (``pyeval.core._progress.reporting``).
    """
    g = get_game(game)
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
        raise TypeError("hands must be a list with one entry per player, e.g. ['AhAsKdQc', 'random']")
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < len(hands):
        raise ValueError(f"player must be 0..{len(hands) - 1}, got {player!r}")
    # the chooser's hand holds more cards than a showdown's, so read_spot reads it as dead cards
    # (every card checked once, with the others' hands, the board and the dead cards)
    if dead is not None and not isinstance(dead, (str, list, tuple, np.ndarray)):
        raise TypeError(f"dead must be card text such as 'Qc 7d' or a list of cards, got {type(dead).__name__}")
    cards = parse_cards(hands[player])
    dead_cards = parse_cards(dead) if dead is not None and len(dead) else parse_cards("")
    check_distinct(np.concatenate([dead_cards, cards]).astype(np.uint8),
                   "(cards must be distinct across hands, board and dead)")
    seats = [RANDOM if p == player else h for p, h in enumerate(hands)]
    spot = read_spot(g, seats, board, np.concatenate([dead_cards, cards]).astype(np.uint8), method, samples, seed,
                     threads, stderr_target)
    count, later = _stage(g, len(cards), spot.known_board, player)
    spot = replace(spot, dead=spot.dead[:len(dead_cards)], memo={})  # the spot of the other hands
    if later is not None:
        if stderr_target is not None or client is not None:
            raise TypeError("best_keep takes no stderr_target= or client= for a keep with a discard to come")
        return _two_discards(spot, player, cards, count, later)
    out = Keeps()
    for keep in combinations(range(len(cards)), len(cards) - count):
        kept = codes_tuple(cards[list(keep)])
        discarded = codes_tuple(cards[[i for i in range(len(cards)) if i not in keep]])
        holes, texts = list(spot.holes), list(spot.texts)
        holes[player], texts[player] = kept, hand_text(kept, g)
        r = strategies.answer(replace(spot, holes=tuple(holes), texts=tuple(texts), dead=spot.dead + discarded,
                                      memo={}), client)
        out.append(Keep(format_codes(kept), format_codes(discarded), float(r.equity[player]), r,
                        None if r.stderr is None else float(r.stderr[player]), r.method, seed=r.seed,
                        outcomes=r.outcomes))
    out.sort(key=lambda k: -k.equity)
    return out


def _two_discards(spot: Spot, player: int, cards: np.ndarray, count: int, later) -> Keeps:
    """Keeps valued with the later discard made by the same rule (module docstring); ``spot``:
    the other hands (the chooser's seat unknown), the board and the dead cards."""
    g, method, threads = spot.game, spot.method, spot.threads
    others = [np.array(h, np.uint8) for p, h in enumerate(spot.holes) if p != player]
    board = np.array(spot.boards[0] if spot.boards else (), np.uint8)
    dead = np.array(spot.dead, np.uint8)
    n = len(cards)
    finals = list(combinations(range(n), n - count - later[1]))  # the hands that can show down
    keeps = list(combinations(range(n), n - count))
    known = all(len(h) == g.hole for h in others)
    if method == "exact" and not known:
        raise ValueError("exact valuation of a keep with a discard to come needs every opponent's hand; "
                         "use method='monte-carlo' (samples=)")
    holes = [cards[list(f)] for f in finals] + others
    wide = engine.build_layout(g, holes, [board], dead)  # every final hand in its seat: one deal, all shown down
    showdown = engine.build_layout(g, holes[:1] + others, [board], dead)  # one final hand against the others
    stage_cards = later[0] - len(board)
    used_seed: int | None = None
    if method != "monte-carlo" and known:
        acc, per_board = _exact_counts(wide, showdown, len(finals), stage_cards, threads), None
        how, deals_each = "exact", _deals_per_board(wide, stage_cards)
    else:
        n_samples = int(spot.samples or DEFAULT_SAMPLES)
        used_seed = spot.seed if spot.seed is not None else secrets.randbits(63)
        acc, per_board = _sampled_counts(g, holes, board, dead, showdown, len(finals), stage_cards, n_samples,
                                         used_seed, threads)
        how, deals_each = "monte-carlo", per_board
    out = Keeps()
    for keep in keeps:
        options_k = [i for i, f in enumerate(finals) if set(f) <= set(keep)]
        best = acc[:, options_k].max(axis=1)
        chosen = np.array(options_k)[acc[:, options_k].argmax(axis=1)]
        scale = POT * (per_board if per_board is not None else _deals_per_board(wide, stage_cards))
        values = best / scale
        stderr = None if how == "exact" else float(values.std(ddof=1) / math.sqrt(len(values)))
        then = {format_cards(cards[list(finals[i])]): float(np.mean(chosen == i)) for i in options_k}
        discarded = cards[[i for i in range(n) if i not in keep]]
        out.append(Keep(format_cards(cards[list(keep)]), format_cards(discarded), float(values.mean()), None,
                        stderr, how, then, used_seed, int(len(values) * deals_each)))
    out.sort(key=lambda k: -k.equity)
    return out


def _deals_per_board(wide: engine.Layout, stage_cards: int) -> int:
    """Deals of the rest of the hand that follow one board of the later discard (exact)."""
    missing = wide.board - len(wide.known_boards[0])
    return math.comb(len(wide.deck) - stage_cards, missing - stage_cards)


def _exact_counts(wide: engine.Layout, showdown: engine.Layout, finals: int, stage_cards: int,
                  threads: int) -> np.ndarray:
    """(boards of the later discard, finals) pot units: every deal once, each final hand shown down."""
    total = wide.outcomes
    deck_pos = np.full(52, -1, np.int64)
    deck_pos[wide.deck] = np.arange(len(wide.deck))
    known = len(wide.known_boards[0])
    acc = np.zeros((math.comb(len(wide.deck), stage_cards), finals), np.int64)

    from pyeval.engines.native import keep_kernels

    def work(job):
        n, start = job
        rows = engine.deal_rows(wide, n, start, None)
        part = np.zeros_like(acc)
        keep_kernels.tally_keeps(engine.row_strengths(wide, rows), rows[0, :, wide.hole + known:], deck_pos,
                                 finals, showdown.split, showdown.fallback, stage_cards, engine.BINOM, part)
        return part

    jobs = [(min(engine.CHUNK, total - s), s) for s in range(0, total, engine.CHUNK)]
    pool.run_pool(work, jobs, threads, acc.__iadd__)
    return acc


def _sampled_counts(g: Game, holes, board, dead, showdown, finals: int, stage_cards: int, samples: int, seed: int,
                    threads: int) -> tuple[np.ndarray, int]:
    """Monte Carlo: sampled boards of the later discard, ``FLOP_DEALS`` deals of the rest on each."""
    flops = max(2, -(-samples // FLOP_DEALS))
    base = engine.build_layout(g, holes, [board], dead)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    picks = [rng.choice(base.deck, stage_cards, replace=False) for _ in range(flops)]
    deck_pos = np.full(52, -1, np.int64)
    acc = np.zeros((flops, finals), np.int64)
    from pyeval.engines.native import keep_kernels

    def work(f):
        layout = engine.build_layout(g, holes, [np.concatenate([board, picks[f]]).astype(np.uint8)], dead)
        rows = engine.deal_rows(layout, FLOP_DEALS, None, engine.chunk_seed(seed, f))
        part = np.zeros((1, finals), np.int64)
        keep_kernels.tally_keeps(engine.row_strengths(layout, rows), rows[0, :, :0], deck_pos, finals,
                                 showdown.split, showdown.fallback, 0, engine.BINOM, part)
        return f, part[0]

    def add(res):
        acc[res[0]] = res[1]

    pool.run_pool(work, list(range(flops)), threads, add)
    return acc, FLOP_DEALS
