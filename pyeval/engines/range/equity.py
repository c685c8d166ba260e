"""Equity when players hold ranges (``pyeval.equity`` delegates here when a hand is a range).

The deal model.  Each player holds one combo of his range; a deal is a choice of one combo per
player, all disjoint from each other, the board and the dead cards, with probability
proportional to the product of the combo weights; then the board is completed uniformly from
the cards left.  ``random`` is the range of every combo with equal weights; a known hand is a
range of one combo (a partial hand: every completion of it).  With a random player the deal is
exactly the fair deal of ``pyeval.equity``.

Exact.  Every valid (assignment, board) pair is counted once, with the assignment's weight;
card removal is exact (combos that touch the board, the dead cards, a known hand or each other
never meet).  Counts stay integers: weights are scaled to exact integers with the same ratios
(pyeval/engines/range/weights.py; weights far apart are counted by weight class in Python integers);
with weights all 1, ``outcomes`` is the number of (assignment, board) pairs and
``wins``/``ties`` are plain counts.  The cheapest of four paths
is taken (estimated work; ``method="auto"`` enumerates within ``EXACT_BUDGET``):

* preflop table: heads-up hold'em without board or dead cards, both ranges unions of whole
  classes (one weight per class, ``random`` included): the shipped exact class matrix
  (``pyeval.ranges.preflop_counts``) gives the counts at once.
* assignments: every disjoint assignment is enumerated; suit isomorphism (the suit
  permutations that fix the boards, the dead cards and every weighted range map assignments to
  assignments with the same outcomes) leaves one assignment per orbit, counted with the orbit's
  size; each is an all-known-hands query to the C board enumerator (``pyeval_board_patterns``),
  whose outcome-pattern histograms are summed.  Best preflop.
* board-major: every board completion once; all combos of all ranges are evaluated on it
  (C batch), then every valid assignment's showdown is tallied (C).  Best on the turn and
  river, and on the flop with many assignments.
* heads-up sweep (two hole cards, one board, high only): per board both ranges are evaluated,
  sorted (radix sort on strengths) and swept; per-card prefix sums remove the combos that
  share a card, so each combo's wins/ties/outcomes against the whole other range cost O(1).

The enumeration kernels of these paths (assignments, canonical keys, evaluation rows, the sweep,
the board-major tally) are C (csrc/range_exact.c through pyeval/engines/native/range_exact.py): an exact range
query loads no numba.

Monte Carlo.  Unbiased weighted sampling with card removal by rejection: every range player
draws a combo by weight, independently; if any two collide, the whole draw is rejected and
redrawn (so the accepted draws have exactly the deal distribution above: no redraw bias from
drawing players one after another); random players then take uniform cards from what is left,
and the board is completed uniformly (rejection against the cards in use), with xoshiro256**,
one stream per fixed-size chunk: the same seed gives the same answer for any thread count.  C
draws, evaluates and counts each deal, also per combo (``by_combo``; csrc/range_sample.c, one
board or two); where the outcome patterns are too many to histogram (9-10 players in hi/lo or on two boards) numba
draws, the C core evaluates and numba tallies: the same deals for a seed either way
(pyeval/engines/range/sampling.py).
A random hand's combos are not tracked in Monte Carlo (``by_combo`` is None for it).

>>> r = range_equity("holdem", ["AA", "KK"], method="exact")
>>> r.wins.tolist(), r.ties.tolist(), r.outcomes
([50371344, 10986372], [285228, 285228], 61642944)
"""

from __future__ import annotations

import secrets

import numpy as np

from pyeval.core._threads import default_threads
from pyeval.core.cards import check_distinct, format_cards, is_unknown_hand, parse_cards
from pyeval.core.games import get_game
from pyeval.engines.range.spot import RangePlayer, RangeSpot
from pyeval.query.limits import DEFAULT_SAMPLES, EXACT_BUDGET
from pyeval.query.parse import check_query, hand_text, parse_boards, parse_hand, resolve_method
from pyeval.ranges import Range, is_range_entry, parse_range
from pyeval.ranges.classes import all_of
from pyeval.results.equity_result import RangeEquityResult

__all__ = ["range_equity", "RangeEquityResult"]



# ---------------------------------------------------------------------------
# players
# ---------------------------------------------------------------------------


def _player(entry, g, p: int, tracked: bool = False) -> RangePlayer:
    """Player p's hand, range or random hand.  A ``tracked`` random hand is kept as the range of
    every combo, so that its combos are counted one by one (combo_equities of 'random')."""
    if tracked and (is_unknown_hand(entry) or isinstance(entry, (str, Range)) and is_range_entry(entry, g)
                    and parse_range(entry, g).is_random):
        r = parse_range("random" if is_unknown_hand(entry) else entry, g)
        if g.lowest_card:
            keep = (r.combos >= g.lowest_card).all(axis=1)
            r = Range(r.combos[keep], None, r.hole, None, g.lowest_card, r.family)
        return RangePlayer("range", "random", Range(r.combos, None, r.hole, None, g.lowest_card, r.family))
    if is_unknown_hand(entry):
        return RangePlayer("random", "random")
    if isinstance(entry, Range) or (isinstance(entry, str) and is_range_entry(entry, g)):
        r = parse_range(entry, g)
        if r.hole != g.hole:
            raise ValueError(f"player {p + 1}: {g.name} ranges hold {g.hole}-card hands, got {r.hole}")
        if g.lowest_card:
            keep = (r.combos >= g.lowest_card).all(axis=1)
            r = Range(r.combos[keep], r.weights[keep], r.hole, None, g.lowest_card, r.family)
        if r.is_random:
            return RangePlayer("random", "random")
        text = " ".join(entry.split()) if isinstance(entry, str) else str(r)  # the user's own notation
        return RangePlayer("range", text, r)
    cards = parse_hand(entry, g, p)  # the explicit-hand rules of pyeval.equity (Ah* for a missing card)
    if len(cards) == g.hole:
        return RangePlayer("hand", format_cards(cards), Range(cards[None, :], None, g.hole, None, g.lowest_card,
                                                          g.family))
    rest = [c for c in range(g.lowest_card, 52) if c not in set(cards.tolist())]
    fills = all_of(rest, g.hole - len(cards))
    combos = np.hstack([np.tile(cards, (len(fills), 1)), fills])
    return RangePlayer("hand", hand_text(cards, g) if len(cards) else "random",
                   Range(combos, None, g.hole, None, g.lowest_card, g.family))


def _folders(folded, g, first: int) -> list[RangePlayer]:
    """The folded players of ``folded=`` (ranges, ``random`` or known hands), as range players."""
    if folded is None:
        return []
    if isinstance(folded, (str, bytes, Range)) or not hasattr(folded, "__iter__"):
        raise TypeError("folded must be a list with one range per folded player, e.g. ['random', '30%']")
    out = []
    for k, entry in enumerate(folded):
        try:
            out.append(_player(entry, g, first + k))
        except ValueError as e:
            raise ValueError(f"folded player {k + 1} ({entry!r}): {e}") from e
    return out


# ---------------------------------------------------------------------------
# entry point
# ---------------------------------------------------------------------------


def range_equity(game, hands, board="", dead="", method: str = "auto", samples: int | None = None,
                 seed: int | None = None, threads: int | None = None, stderr_target: float | None = None,
                 contributions=None, folded=None, _path: str | None = None, _tracked: int | None = None,
                 _keep_random_folders: bool = False) -> RangeEquityResult:
    """``pyeval.equity`` where any player may hold a range (text or a :class:`~pyeval.ranges.Range`);
    same arguments and result, plus ``by_combo``.  ``method="auto"`` enumerates when the
    estimated work (assignments / symmetries x boards x players) is within
    ``pyeval.query.limits.EXACT_BUDGET``, else samples.  ``folded``: the folded players' ranges (or
    hands), dealt with the others and never shown down (pyeval/engines/range/folded.py)."""
    try:
        return _range_equity(game, hands, board, dead, method, samples, seed, threads, stderr_target, contributions,
                             folded, _path, _tracked, _keep_random_folders)
    except OverflowError:  # products of weights far apart in several ranges, beyond a float
        raise ValueError("the ranges' weights are too far apart to express their equities as floats (several "
                         "ranges with weights 1e50 times apart); bring the weights closer together") from None


def _range_equity(game, hands, board="", dead="", method: str = "auto", samples: int | None = None,
                  seed: int | None = None, threads: int | None = None, stderr_target: float | None = None,
                  contributions=None, folded=None, _path: str | None = None, _tracked: int | None = None,
                  _keep_random_folders: bool = False) -> RangeEquityResult:
    g = get_game(game)
    method = resolve_method(method, samples, stderr_target)
    if contributions is not None:
        raise NotImplementedError("side pots (contributions=) are not supported with ranges")
    if g.family not in ("holdem", "omaha"):
        raise ValueError(f"ranges are supported in hold'em and Omaha games, not {g.name} "
                         "(give explicit hands or 'random')")
    seed = check_query(g, hands, method, samples, stderr_target, seed)
    nthreads = default_threads(threads)

    players = [_player(h, g, p, p == _tracked) for p, h in enumerate(hands)]
    folders = _folders(folded, g, len(hands))
    seats = len(players) + len(folders)  # every folder sits at the table, a random one included
    if folders and seats > g.max_players:
        raise ValueError(f"too many players for {g.name}: {len(hands)} and {len(folders)} folded (at most "
                         f"{g.max_players})")
    folded_text = [f.text for f in folders]
    if not _keep_random_folders:  # a random folder changes nothing (range_folded.py): left out
        folders = [f for f in folders if f.kind != "random"]
    players += folders
    boards = parse_boards(board, g)
    dead_cards = parse_cards(dead) if dead is not None else np.zeros(0, np.uint8)
    fixed = [pl.rng.combos[0] for pl in players if pl.kind == "hand" and pl.rng is not None and len(pl.rng) == 1]
    everything = np.concatenate([*fixed, *boards, dead_cards]).astype(np.uint8)
    check_distinct(everything, "(cards must be distinct across hands, board and dead)")
    if g.lowest_card and (everything < g.lowest_card).any():
        bad = everything[everything < g.lowest_card][0]
        raise ValueError(f"card {format_cards([bad])} is not in the {g.deck_size}-card deck of {g.name}")
    known = np.concatenate([*boards, dead_cards]).astype(np.uint8) if boards or len(dead_cards) else \
        np.zeros(0, np.uint8)
    for p, pl in enumerate(players):
        if pl.rng is not None:
            pl.rng = pl.rng.without(known) if len(known) else pl.rng
            if len(pl.rng) == 0:
                raise ValueError(f"player {p + 1}: no hand of the range {pl.text!r} is possible with this "
                                 "board and dead cards")
    # cards a player always holds (a known hand) are out of everyone else's reach
    for p, pl in enumerate(players):
        if pl.rng is None:
            continue
        held = np.uint64(0)
        for q, other in enumerate(players):
            if q != p and other.rng is not None:
                held |= np.bitwise_and.reduce(other.rng.masks)
        if held:
            keep = (pl.rng.masks & held) == 0
            if not keep.all():
                r = pl.rng
                pl.rng = Range(r.combos[keep], r.weights[keep], r.hole, None, r.lowest_card, r.family)
                if len(pl.rng) == 0:
                    raise ValueError(f"no deal is possible: every hand of player {p + 1}'s range collides with "
                                     "another player's cards")
    live = np.array([c for c in range(g.lowest_card, 52) if c not in set(known.tolist())], np.uint8)
    n_boards = len(boards) if boards else g.boards
    missing = [g.board - (len(boards[j]) if boards else 0) for j in range(n_boards)]
    need = sum(missing) + g.hole * seats
    if need > len(live):
        raise ValueError(f"this deal needs {need} more cards but only {len(live)} remain in the deck")

    spot = RangeSpot(g, players, boards, dead_cards, known, live, missing, nthreads, len(folders))
    spot.folded_text = folded_text
    use_exact = False
    if _path is not None:  # tests: force an exact path ("table", "sweep" or "assignments")
        spot.exact_cost()
        spot.use_table, spot.use_sweep, spot.use_board_major = (_path == "table", _path == "sweep",
                                                                _path == "board_major")
        return spot.run_exact()
    if method in ("auto", "exact"):
        cost = spot.exact_cost()
        if method == "exact":
            if cost is None or cost > EXACT_BUDGET * 50:
                raise ValueError("exact enumeration of these ranges is beyond the budget "
                                 f"({EXACT_BUDGET * 50:,} hand evaluations); use method='monte-carlo'")
            use_exact = True
        else:
            use_exact = cost is not None and cost <= EXACT_BUDGET
    if use_exact:
        return spot.run_exact()
    used_seed = int(seed) if seed is not None else secrets.randbits(63)
    n = int(samples) if samples is not None else DEFAULT_SAMPLES
    cap = n if samples is not None else 2_000_000_000
    return spot.run_monte_carlo(n, used_seed, None if stderr_target is None else float(stderr_target), cap)


