"""``pyeval.equity``: each player's expected share of the pot, for every game.

>>> r = equity("holdem", ["AhAs", "KdKc"], method="exact")
>>> [round(float(x), 4) for x in r.equity]
[0.8126, 0.1874]
>>> r.outcomes
1712304
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pyeval import engine, exact_strategies
from pyeval._results import ResultEquality
from pyeval._threads import default_threads
from pyeval.batch import small_query
from pyeval.cards import (
    UNKNOWN_HAND_TEXT,
    check_distinct,
    check_not_blank,
    format_cards,
    format_codes,
    parse_cards,
    parse_partial,
)
from pyeval.checks import non_negative_number, positive_int, positive_number
from pyeval.games import Game, get_game

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pyeval._types import Board, Cards, GameName, Hand

__all__ = ["equity", "EquityResult", "DEFAULT_SAMPLES"]

DEFAULT_SAMPLES = 1_000_000
UNKNOWN_HAND = UNKNOWN_HAND_TEXT


@dataclass(eq=False)
class EquityResult(ResultEquality):
    """The answer to an equity query (``==`` compares every count and array by value).

    equity, win, tie   per player: expected pot share; P(winning the whole pot alone); P(sharing)
    method, outcomes   "exact" (outcomes enumerated) or "monte-carlo" (deals sampled)
    stderr             per player standard error of ``equity`` (zeros when exact)
    hi, lo, scoop, no_low   hi/lo games: expected share of each half pot (with no qualifying
                       low the low half goes to the high hand), P(scoop), P(no low)
    boards             multi-board games: expected share of each board's pot, (boards, players)
    units, wins, ties  exact integer counts; equity = units / (pot_units * outcomes)
    board              the known board cards, one text per board; [] when no board card is known
    """

    game: str
    hands: list[str]
    board: list[str]
    dead: str
    method: str
    outcomes: int
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    stderr: np.ndarray
    units: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    pot_units: int
    seed: int | None = None
    hi: np.ndarray | None = None
    lo: np.ndarray | None = None
    scoop: np.ndarray | None = None
    no_low: float | None = None
    boards: np.ndarray | None = None
    extra: dict = field(default_factory=dict)

    @property
    def side_pots(self) -> list[dict] | None:
        """With ``contributions=``: each pot's amount, eligible players and their shares."""
        return self.extra.get("side_pots")

    @property
    def expected_chips(self) -> np.ndarray | None:
        """With ``contributions=``: each player's expected chips back from all pots."""
        return self.extra.get("expected_chips")

    @property
    def fractions(self) -> list[Fraction]:
        """Exact equities (exact method only); they sum to exactly 1."""
        if self.method != "exact":
            raise ValueError("exact fractions exist only for method='exact'")
        return [Fraction(int(u), self.pot_units * self.outcomes) for u in self.units]

    def to_dict(self) -> dict:
        d = {
            "game": self.game, "hands": self.hands, "board": self.board, "dead": self.dead,
            "method": self.method, "outcomes": self.outcomes, "seed": self.seed,
            "equity": self.equity.tolist(), "win": self.win.tolist(), "tie": self.tie.tolist(),
            "stderr": self.stderr.tolist(),
        }
        if self.method == "exact":
            d["counts"] = {"pot_units": self.pot_units, "units": self.units.tolist(), "wins": self.wins.tolist(),
                           "ties": self.ties.tolist()}
        for name in ("hi", "lo", "scoop", "boards"):
            v = getattr(self, name)
            if v is not None:
                d[name] = v.tolist()
        if self.no_low is not None:
            d["no_low"] = self.no_low
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def __repr__(self) -> str:
        how = (f"exact, {self.outcomes:,} outcomes" if self.method == "exact"
               else f"Monte Carlo, {self.outcomes:,} samples, seed {self.seed}")
        head = f"{self.game} ({how})"
        if self.board and any(self.board):
            head += f", board {' / '.join(b for b in self.board if b) or '-'}"
        if self.dead:
            head += f", dead {self.dead}"
        cols = ["hand", "equity", "win", "tie"]
        if self.method != "exact":
            cols.append("± stderr")
        if self.hi is not None:
            cols += ["hi", "lo", "scoop"]
        if self.boards is not None:
            cols += [f"board {j + 1}" for j in range(len(self.boards))]
        width = max([len(h) for h in self.hands] + [6])
        lines = [head, "  ".join([f"{cols[0]:<{width}}"] + [f"{c:>9}" for c in cols[1:]])]
        for p, hand in enumerate(self.hands):
            cells = [f"{100 * self.equity[p]:8.3f}%", f"{100 * self.win[p]:8.3f}%", f"{100 * self.tie[p]:8.3f}%"]
            if self.method != "exact":
                cells.append(f"{100 * self.stderr[p]:8.3f}%")
            if self.hi is not None and self.lo is not None and self.scoop is not None:
                cells += [f"{100 * self.hi[p]:8.3f}%", f"{100 * self.lo[p]:8.3f}%", f"{100 * self.scoop[p]:8.3f}%"]
            if self.boards is not None:
                cells += [f"{100 * b[p]:8.3f}%" for b in self.boards]
            lines.append("  ".join([f"{hand:<{width}}"] + [f"{c:>9}" for c in cells]))
        if self.no_low is not None:
            lines.append(f"no qualifying low: {100 * self.no_low:.3f}%")
        return "\n".join(lines)


def resolve_method(method, samples, stderr_target):
    """``samples=`` or ``stderr_target=`` without a method means Monte Carlo, as ``--samples``
    does on the command line; with ``method="exact"`` they are a contradiction."""
    asked = samples is not None or stderr_target is not None
    if method == "auto" and asked:
        return "monte-carlo"
    if method == "exact" and asked:
        raise ValueError("samples= and stderr_target= set a Monte Carlo run; method='exact' enumerates every outcome")
    return method


def _is_unknown(hand) -> bool:
    return hand is None or (isinstance(hand, str) and hand.strip().lower() in UNKNOWN_HAND)


def _parse_hand(hand, game: Game, p: int) -> np.ndarray:
    """A player's known cards.  Missing cards are dealt by the engines; in board games they
    must be written out (``Ah*``, ``Ah??``: ``Game.partial_hands``), so that a short hand is not
    a silent typo."""
    check_not_blank(hand, f"player {p + 1}'s hand")
    if _is_unknown(hand):
        return np.zeros(0, np.uint8)
    partial = parse_partial(hand) if isinstance(hand, str) else None
    if partial is not None:
        cards, missing = partial
        check_distinct(cards)
    else:
        cards, missing = _parse_cards_of(hand, game, p), 0
    total = len(cards) + missing
    if total > game.hole:
        if missing == 0 and game.dealt_cards > game.hole and len(cards) <= game.dealt_cards:
            raise ValueError(f"player {p + 1}: {game.name} goes to showdown with {game.hole} hole cards; "
                             f"choose the keep first (pyeval.best_keep ranks every keep)")
        raise ValueError(f"player {p + 1}: {game.name} hands have at most {game.hole} cards, got {total}")
    if total < game.hole and not game.partial_hands:
        shown = format_cards(cards) or "none"
        raise ValueError(f"player {p + 1}: {game.name} deals {game.hole} hole cards, got {total} ({shown}); write "
                         f"each missing card as * or ?? (e.g. '{format_cards(cards, '')}{'*' * (game.hole - total)}') "
                         f"to have it dealt at random, or 'random' for an unknown hand")
    return cards


def _parse_cards_of(hand, game: Game, p: int) -> np.ndarray:
    """parse_cards, with an error naming the player; text that is no hand may be a mistyped
    range: then the range parser's message names the bad token."""
    try:
        return parse_cards(hand)
    except ValueError as exc:
        if not isinstance(hand, str):
            raise ValueError(f"player {p + 1}: {exc}") from None
        from pyeval.ranges import _family, parse_range

        if _family(game) not in ("holdem", "omaha"):
            raise ValueError(f"player {p + 1}: {exc}") from None
        try:
            parse_range(hand, game)
        except ValueError as range_exc:
            raise ValueError(f"player {p + 1}: {hand.strip()!r} is neither cards ({exc}) nor a range "
                             f"({range_exc})") from None
        raise ValueError(f"player {p + 1}: {hand.strip()!r} is a range; give cards here") from None


def hand_text(known, game: Game) -> str:
    """A parsed hand (codes) as text; a board game's missing cards as ``*``."""
    text = format_codes(_codes(known))
    missing = game.hole - len(known)
    if missing and not game.partial_hands:
        text = " ".join([text] * bool(text) + ["*"] * missing)
    return text


def _parse_boards(board, game: Game) -> list[np.ndarray]:
    if board is None or (isinstance(board, str) and not board.strip()):
        return [np.zeros(0, np.uint8) for _ in range(game.boards)] if game.board else []
    if game.boards > 1:
        if isinstance(board, str):
            parts = [b for b in board.replace("|", "/").split("/")]
        else:
            parts = list(board)
        if len(parts) != game.boards or not all(isinstance(b, str) or b is None for b in parts):
            raise ValueError(f"{game.name} takes {game.boards} boards, e.g. ['AhKd2c', '7s7d9h'] or 'AhKd2c/7s7d9h'")
        boards = [parse_cards(b or "") for b in parts]
    else:
        boards = [parse_cards(board)]
    limit = game.board if game.board else (1 if game.stud_shortage else 0)
    for b in boards:
        if len(b) > limit:
            if game.board == 0:
                raise ValueError(f"{game.name} has no board" + (" (only the one community card of a short deck)"
                                                                 if game.stud_shortage else ""))
            raise ValueError(f"{game.name} boards have at most {game.board} cards, got {len(b)}")
    if game.board == 0:
        return [b for b in boards if len(b)]
    return boards


def check_query(g: Game, hands, method: str, samples, stderr_target, seed) -> int | None:
    """The checks every equity query shares (explicit hands or ranges); returns the seed as an int."""
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
        raise TypeError("hands must be a list with one entry per player, e.g. ['AhAs', 'KdKc']")
    if len(hands) < 2:
        raise ValueError(f"equity needs at least 2 players, got {len(hands)}")
    if len(hands) > g.max_players:
        raise ValueError(f"too many players for {g.name}: {len(hands)} (at most {g.max_players})")
    if method not in ("auto", "exact", "monte-carlo", "mc"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    if samples is not None:
        positive_int(samples, "samples", engine.MAX_SAMPLES, " (pyeval.engine.MAX_SAMPLES)")
    if stderr_target is not None:
        positive_number(stderr_target, "stderr_target")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
        raise TypeError(f"seed must be a non-negative integer, got {seed!r}")
    if seed is not None and seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed}")
    return None if seed is None else int(seed)


def equity(game: GameName, hands: Sequence[Hand], board: Board = "", dead: Cards = "", method: str = "auto",
           samples: int | None = None, seed: int | None = None, threads: int | None = None,
           stderr_target: float | None = None, contributions: Sequence[float] | None = None, client: Any = None, *,
           _community: bool = False) -> EquityResult:
    """Each player's share of the pot when all remaining cards are dealt and all hands show down.

    game       a name from ``pyeval.GAMES`` (or an alias)
    hands      one entry per player: cards (text or codes); ``"random"`` / ``"xx"`` is an unknown
               hand.  Stud hands are the cards so far and draw hands the cards kept: the rest is
               dealt from the live deck.  In board games a hand has all its hole cards, or writes
               each missing one as ``*`` or ``??`` (``"Ah*"``: the ace of hearts and a random
               card); a short hand without them is an error (``Game.partial_hands``)
    board      0-5 cards; double-board games take two boards (``["AhKd2c", "7s7d9h"]``); in stud
               the community card dealt when the deck runs short
    dead       cards out of play
    method     "exact" (every outcome), "monte-carlo", or "auto" (exact when the cheapest exact
               strategy's price, ``pyeval.exact_strategies.exact_cost``, is within ``EXACT_BUDGET``, else Monte
               Carlo); "exact" refuses at once work priced beyond ``pyeval.engine.EXACT_LIMIT``
    samples    Monte Carlo deals (default 1,000,000), or the cap with ``stderr_target``; either
               of them without ``method`` means Monte Carlo; at most ``pyeval.engine.MAX_SAMPLES``
               (50 billion), a larger count is refused at once
    seed       Monte Carlo seed: the same seed gives the same result for any thread count
    threads    worker threads (default: all cores)
    stderr_target  Monte Carlo until every player's standard error is at most this (``samples`` caps it)
    contributions  chips each player put in: the pots are built from them (main pot, then side pots
               by all-in level) and each is shared among the players eligible for it; the result's
               ``side_pots`` and ``expected_chips`` hold each pot and the chips each player expects back
    client     a ``dask.distributed.Client``: the Monte Carlo chunks run as Dask tasks, with the
               same result as on one machine for the same seed (``pyeval.cluster``); exact
               enumeration, ranges and side pots run locally

    >>> r = equity("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], board="5s6d7h", method="exact")
    >>> r.outcomes, round(float(r.equity.sum()), 12)
    (820, 1.0)
    """
    g = get_game(game)
    method = resolve_method(method, samples, stderr_target)
    if method in ("auto", "exact") and samples is None and stderr_target is None and contributions is None \
            and client is None and not _community and (threads is None or type(threads) is int and threads >= 1) \
            and (seed is None or type(seed) is int and seed >= 0):  # anything else: the general path's checks
        r = small_query(g, hands, board, dead)  # the lean path of small exact queries: one C call
        if r is not None:
            return r
    if not isinstance(hands, (str, bytes)) and hasattr(hands, "__iter__"):
        from pyeval.ranges import is_range_entry  # ranges (QQ+, AKs, 15%, AA**ds): pyeval.range_equity

        if any(is_range_entry(h, g) for h in hands):
            from pyeval.range_equity import range_equity

            return range_equity(g, hands, board=board, dead=dead, method=method, samples=samples, seed=seed,
                                threads=threads, stderr_target=stderr_target, contributions=contributions)
    if contributions is not None:
        return _with_side_pots(g, hands, board, dead, contributions, method=method, samples=samples, seed=seed,
                               threads=threads, stderr_target=stderr_target)
    seed = check_query(g, hands, method, samples, stderr_target, seed)
    holes = [_parse_hand(h, g, p) for p, h in enumerate(hands)]
    boards = _parse_boards(board, g)
    dead_cards = parse_cards(dead) if dead is not None and len(dead) else np.zeros(0, np.uint8)
    everything = np.concatenate([*holes, *boards, dead_cards]).astype(np.uint8)
    check_distinct(everything, "(cards must be distinct across hands, board and dead)")
    if g.lowest_card and (everything < g.lowest_card).any():
        bad = everything[everything < g.lowest_card][0]
        raise ValueError(f"card {format_cards([bad])} is not in the {g.deck_size}-card deck of {g.name}")
    layout = engine.build_layout(g, holes, boards, dead_cards, community=_community)
    nthreads = default_threads(threads)
    cost = exact_strategies.exact_cost(layout) if method in ("exact", "auto") else 0  # sampling needs no price
    if method == "exact" and cost > engine.EXACT_LIMIT:
        raise ValueError(f"exact enumeration of {layout.outcomes:,} outcomes needs about {cost:,} hand evaluations, "
                         f"beyond the limit of {engine.EXACT_LIMIT:,}; use method='monte-carlo' (with samples= or "
                         f"stderr_target=)")
    use_exact = method == "exact" or (method == "auto" and cost <= engine.EXACT_BUDGET)
    if use_exact:
        tally = exact_strategies.run_exact(layout, nthreads)
        used_seed = None
    else:
        used_seed = seed if seed is not None else secrets.randbits(63)
        n = int(samples) if samples is not None else DEFAULT_SAMPLES
        runner = None
        if client is not None:  # issue 6: the chunks as Dask tasks, keyed by the query and the chunk
            from pyeval import cluster

            runner = cluster.job_runner(client, (g.name, [h.tobytes() for h in holes], [b.tobytes() for b in boards],
                                                 dead_cards.tobytes(), _community))
        if stderr_target is not None:
            tally = engine.run_monte_carlo(layout, 0, used_seed, nthreads, float(stderr_target), max_samples=n
                                           if samples is not None else 2_000_000_000, runner=runner)
        else:
            tally = engine.run_monte_carlo(layout, n, used_seed, nthreads, runner=runner)
    return _result(g, layout, tally, hands, boards, dead_cards, "exact" if use_exact else "monte-carlo", used_seed)


def _result(g: Game, layout, t: engine.Tally, hands, boards, dead, method: str, seed) -> EquityResult:
    return make_result(g, layout.parts, layout.boards, layout.known_holes, t, hands, boards, dead, method, seed,
                       community=g.stud_shortage and layout.board == 1)


def part_shares(parts: list, n_boards: int, low: bool, part_units: np.ndarray, no_qualifier: np.ndarray,
                outcomes) -> dict:
    """hi, lo, no_low (hi/lo games) and per-board shares (multi-board games) from integer part tallies,
    for one query (part_units (parts, players)) or for rows ((n, parts, players), outcomes (n,))."""
    out = {}
    n = np.asarray(outcomes)[..., None]
    if low:
        half = engine.POT // n_boards // 2
        hi_idx = [j for j, p in enumerate(parts) if p[3] < 0]
        lo_idx = [j for j, p in enumerate(parts) if p[3] >= 0]
        out["hi"] = part_units[..., hi_idx, :].sum(axis=-2) / (half * len(hi_idx) * n)
        out["lo"] = part_units[..., lo_idx, :].sum(axis=-2) / (half * len(lo_idx) * n)
        out["no_low"] = no_qualifier[..., lo_idx].sum(axis=-1) / (len(lo_idx) * n[..., 0])
    if n_boards > 1:
        per_board = engine.POT // n_boards
        out["boards"] = np.stack([part_units[..., [j for j, p in enumerate(parts) if p[1] == b], :].sum(axis=-2)
                                  for b in range(n_boards)], axis=-2) / (per_board * n[..., None])
    return out


def _codes(cards) -> tuple:
    return cards if isinstance(cards, tuple) else tuple(np.asarray(cards).tolist())


def make_result(g: Game, parts: list, n_boards: int, known_holes: list, t: engine.Tally, hands, boards, dead,
                method: str, seed, community: bool = False, texts: list[str] | None = None) -> EquityResult:
    """The result object of one query from its tally (shared by the engines and pyeval.batch);
    ``texts``: the hands' texts when the caller has them."""
    n = t.outcomes
    pot = engine.POT
    r = EquityResult(
        game=g.name,
        hands=texts if texts is not None else ["random" if _is_unknown(h) else hand_text(known, g)
                                                for h, known in zip(hands, known_holes)],
        board=[format_codes(_codes(b)) for b in boards] if any(len(b) for b in boards) else [],
        dead=format_codes(_codes(dead)),
        method=method,
        outcomes=n,
        equity=_ratios(t.units, pot * n),
        win=_ratios(t.wins, n),
        tie=_ratios(t.ties, n),
        stderr=np.zeros(len(known_holes)) if method == "exact" else engine.standard_errors(t),
        units=t.units,
        wins=t.wins,
        ties=t.ties,
        pot_units=pot,
        seed=seed,
    )
    if g.low or n_boards > 1:
        shares = part_shares(parts, n_boards, bool(g.low), t.part_units, t.no_qualifier, n)
        if g.low:
            r.hi, r.lo, r.scoop, r.no_low = shares["hi"], shares["lo"], r.win, float(shares["no_low"])
        r.boards = shares.get("boards")
    r.extra["community_card"] = community
    r.extra["sample_counts"] = {"sumsq": t.sumsq, "part_units": t.part_units, "no_qualifier": t.no_qualifier}
    if sum(t.units.tolist()) != pot * n:
        raise RuntimeError(f"internal error: the pot shares sum to {int(t.units.sum())} units, not {pot * n}")
    return r


def _ratios(counts: np.ndarray, denominator: int) -> np.ndarray:
    """counts / denominator as float64, exactly as numpy divides (each side a float64 first), but
    through a list: for a few players that is several times faster than a numpy division."""
    if not denominator:
        return counts / denominator  # numpy's answer (nan, with its warning) for an empty tally
    d = float(denominator)
    return np.array([float(c) / d for c in counts.tolist()])


def side_pots(contributions) -> list[tuple[float, list[int]]]:
    """Split chips put in into (amount, eligible players) pots, main pot first.

    >>> side_pots([100, 40, 100])
    [(120, [0, 1, 2]), (120, [0, 2])]
    """
    chips = [non_negative_number(c, "contributions") for c in contributions]
    chips = [int(c) if c.is_integer() else c for c in chips]
    pots: list[tuple[float, list[int]]] = []
    previous: float = 0
    for level in sorted(set(c for c in chips if c > 0)):
        amount = sum(min(c, level) - min(c, previous) for c in chips)
        pots.append((amount, [p for p, c in enumerate(chips) if c >= level]))
        previous = level
    return pots


def _with_side_pots(g: Game, hands, board, dead, contributions, **options) -> EquityResult:
    """Each pot is won by the best hand among the players who paid into it.  A pot's share
    among its eligible players is their equity with the others' known cards dead: the others'
    unknown cards are exchangeable with the rest of the deck, so leaving them out is exact."""
    if len(contributions) != len(hands):
        raise ValueError(f"contributions needs one entry per player ({len(hands)}), got {len(contributions)}")
    full = equity(g, hands, board=board, dead=dead, **options)
    community = full.extra.get("community_card", False)
    expected = np.zeros(len(hands))
    pots = []
    for amount, eligible in side_pots(contributions):
        if len(eligible) == 1:
            shares = np.array([1.0])
        else:
            others = [p for p in range(len(hands)) if p not in eligible and not _is_unknown(hands[p])]
            extra_dead = [c for p in others for c in _parse_hand(hands[p], g, p).tolist()]
            base_dead = parse_cards(dead).tolist() if dead is not None and len(dead) else []
            r = equity(g, [hands[p] for p in eligible], board=board, dead=base_dead + extra_dead,
                       _community=community, **options)
            shares = r.equity
        for p, s in zip(eligible, shares):
            expected[p] += amount * s
        pots.append({"amount": amount, "eligible": eligible, "shares": [float(x) for x in shares]})
    full.extra["side_pots"] = pots
    full.extra["expected_chips"] = expected
    return full
