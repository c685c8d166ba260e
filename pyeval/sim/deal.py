"""Building blocks for simulations: ``deal`` random deals, ``showdown`` them, in batches.

    >>> import pyeval
    >>> hole, board = pyeval.deal("holdem", players=6, deals=100_000, seed=1)
    >>> hole.shape, board.shape, hole.dtype.name
    ((100000, 6, 2), (100000, 5), 'uint8')
    >>> s = pyeval.showdown("holdem", hole, board)
    >>> s.high.shape, s.shares.shape
    ((100000, 6), (100000, 6))
    >>> bool((s.units.sum(axis=1) == s.pot_units).all())  # every pot shared out exactly
    True

One C call deals a whole batch and one C call per evaluator scores it; no
Python loop runs per deal.  Cards are uint8 codes ``4 * rank + suit`` (docs/DESIGN.md).

Streams.  ``deal(..., seed=s, chunk=c)`` draws from the xoshiro256** stream
``pyeval.engines.engine.chunk_seed(s, c)``; ``pyeval.simulate`` deals its chunk c (of
``pyeval.sim.simulate.CHUNK`` deals) from that same stream, so any chunk of a
simulation can be re-dealt and inspected with ``deal(..., deals=CHUNK, seed=s, chunk=c)``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from pyeval.core._results import ResultEquality
from pyeval.core.cards import format_cards
from pyeval.core.checks import non_negative_int, positive_int
from pyeval.core.games import Game, get_game
from pyeval.engines import engine
from pyeval.query.spot import RANDOM, read_spot
from pyeval.results.tally import POT
from pyeval.sim import _sim_kernels

if TYPE_CHECKING:
    from pyeval.core._types import Board, Cards, GameName, Hand

__all__ = ["deal", "showdown", "Deal", "Showdown", "DealSpec", "deal_spec"]


@dataclass(frozen=True, eq=False)
class DealSpec:
    """How one deal is laid out for a query (known cards, live deck), after validation.

    A deal is a vector of ``V = boards * board_n + players * hole`` cards: the boards
    (board 0 first), then each player's hole cards.  ``template`` holds the known cards,
    ``pick_pos[u]`` is where the u-th drawn card goes.
    """

    game: Game
    players: int
    hole: int
    board_n: int
    boards: int
    deck: np.ndarray
    template: np.ndarray
    pick_pos: np.ndarray
    known: tuple = ()

    @property
    def k(self) -> int:
        """Cards per evaluation row (hole + one board)."""
        return self.hole + self.board_n

    @property
    def rows(self) -> int:
        """Evaluation rows per deal (one per player and board)."""
        return self.boards * self.players


def default_seed(seed) -> int:
    if seed is None:
        return secrets.randbits(63)
    return non_negative_int(seed, "seed")


def deal_spec(game: GameName, players: int | None = None, board: Board = "", dead: Cards = "",
              hands: Sequence[Hand] | None = None) -> DealSpec:
    """Validate a deal query and lay it out (see ``deal`` for the arguments)."""
    g = get_game(game)
    if hands is not None:
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
            raise TypeError("hands must be a list with one entry per player, e.g. ['AhAs', 'random']")
        hands = list(hands)
        if players is None:
            players = len(hands)
        elif len(hands) > players:
            raise ValueError(f"{len(hands)} hands given for {players} players")
        hands = hands + ["random"] * (players - len(hands))
    if players is None:
        raise ValueError("players is required (or give hands=[...], one per player)")
    players = positive_int(players, "players")
    if players > g.max_players:
        raise ValueError(f"too many players for {g.name}: {players} (at most {g.max_players})")
    # the cards read once (read_spot: every check and limit); a lone player's table is read with
    # one more unknown seat, dropped after (an equity query has two players at least)
    seats = list(hands) if hands else [RANDOM] * players
    spot = read_spot(g, seats + [RANDOM] * (players < 2), board, "" if dead is None else dead)
    holes = [np.array(h, np.uint8) for h in spot.holes[:players]]
    boards = [np.array(b, np.uint8) for b in spot.boards]
    dead_cards = np.array(spot.dead, np.uint8)
    layout = engine.build_layout(g, holes, boards, dead_cards)
    hole, board_n, n_boards = layout.hole, layout.board, layout.boards
    known_boards = list(layout.known_boards) or [np.zeros(0, np.uint8) for _ in range(n_boards)]
    hole_at = n_boards * board_n
    V = hole_at + players * hole
    template = np.zeros(V, np.uint8)
    picks: list[int] = []
    for b in range(n_boards):
        kb = known_boards[b] if b < len(known_boards) else np.zeros(0, np.uint8)
        template[b * board_n:b * board_n + len(kb)] = kb
        picks += range(b * board_n + len(kb), (b + 1) * board_n)
    for p in range(players):
        h = holes[p]
        at = hole_at + p * hole
        template[at:at + len(h)] = h
        picks += range(at + len(h), at + hole)
    known = (tuple(format_cards(h) for h in holes), tuple(format_cards(b) for b in known_boards),
             format_cards(dead_cards))
    return DealSpec(g, players, hole, board_n, n_boards, np.ascontiguousarray(layout.deck, np.uint8), template,
                    np.array(picks, np.int64), known)


class Deal(NamedTuple):
    """Dealt cards: ``hole`` (n, players, h) and ``board`` (n, b), or (n, boards, b) for
    multi-board games; uint8 codes.  Unpacks as ``hole, board = pyeval.deal(...)``."""

    hole: np.ndarray
    board: np.ndarray


def deal(game: GameName, players: int | None = None, deals: int = 1, seed: int | None = None, board: Board = "",
         dead: Cards = "", hands: Sequence[Hand] | None = None,
         chunk: int = 0) -> Deal:
    """Deal ``deals`` random deals of ``game``, one C call for the batch.

    game      a name from ``pyeval.GAMES``
    players   players at the table (default: ``len(hands)``)
    deals     how many deals (``n=``, its old name, still works for a release)
    seed      seed of the stream (``None``: a random one); ``chunk`` picks the stream
              ``engine.chunk_seed(seed, chunk)``, the one ``pyeval.simulate`` uses for its chunk
    board     known board cards (the rest are dealt); double-board games take two boards
    dead      cards out of play
    hands     known cards per player (``"random"``, or a partial hand completed at random: in
              board games its missing cards are written ``*``, ``"AsAd**"``)

    Every deal is a fair deal of the live cards.  Stud with too few cards for everyone
    (8 players) deals the last card as one community card: hole (n, 8, 6), board (n, 1).

    >>> hole, board = deal("omaha", 2, 3, seed=7, board="AhKd2c", hands=["AsAd2s3s"])
    >>> hole.shape, board.shape, board[:, :3].tolist() == [[50, 45, 0]] * 3
    ((3, 2, 4), (3, 5), True)
    """
    spec = deal_spec(game, players, board, dead, hands)
    n, chunk = non_negative_int(deals, "deals"), non_negative_int(chunk, "chunk")
    cards = np.empty((n, len(spec.template)), np.uint8)
    _sim_kernels.deal_cards(spec.deck.copy(), engine.chunk_seed(default_seed(seed), chunk), spec.template,
                           spec.pick_pos, cards)
    return split_cards(spec, cards)


def split_cards(spec: DealSpec, cards: np.ndarray) -> Deal:
    """(n, V) deal vectors -> Deal(hole (n, players, h), board (n, b) or (n, boards, b))."""
    n = cards.shape[0]
    at = spec.boards * spec.board_n
    hole = cards[:, at:].reshape(n, spec.players, spec.hole)
    board = cards[:, :at]
    if spec.boards > 1:
        board = board.reshape(n, spec.boards, spec.board_n)
    return Deal(hole, board)


@dataclass(eq=False)
class Showdown(ResultEquality):
    """Per-deal showdown results (``n`` deals, ``players`` players).

    high     high strengths (n, players) int32, (n, boards, players) for multi-board games;
             higher is better (the game's high evaluator: razz and 2-7 rank lows this way)
    low      8-or-better low strengths, same shape (0 = no qualifying low), or None
    units    pot units won (n, players) int64; a whole pot is ``pot_units``
    shares   fraction of the pot won (n, players) float64; each row sums to 1
    winners  (n, players) bool: won some of the pot
    scoops   (n, players) bool: won the whole pot alone
    """

    game: str
    high: np.ndarray
    low: np.ndarray | None
    units: np.ndarray
    shares: np.ndarray
    winners: np.ndarray
    scoops: np.ndarray
    pot_units: int = POT

    def __repr__(self) -> str:
        n, players = self.shares.shape
        mean = " ".join(f"{100 * x:.2f}%" for x in self.shares.mean(axis=0)) if n else "-"
        return f"Showdown({self.game}: {n:,} deals x {players} players; average pot share {mean})"


def evaluate_rows(spec_game: Game, rows: np.ndarray, hole: int, board_n: int, boards: int,
                  players: int) -> tuple[np.ndarray, np.ndarray | None]:
    """Strengths of evaluation rows (m, boards * players, k) -> high, low (m, boards, players)."""
    m = rows.shape[0]
    flat = rows.reshape(-1, rows.shape[-1])
    hi = engine.evaluate_block(spec_game.high, spec_game.use, flat, hole, board_n, spec_game.lowest_card)
    hi = hi.reshape(m, boards, players)
    lo = None
    if spec_game.low:
        lo = engine.evaluate_block(spec_game.low, spec_game.use, flat, hole, board_n, spec_game.lowest_card)
        lo = lo.reshape(m, boards, players)
    return hi, lo


def showdown(game: GameName, hole: np.ndarray, board: np.ndarray | None = None) -> Showdown:
    """Show down a batch of complete deals: strengths, winners and pot shares, vectorised.

    hole    (n, players, h) card codes (h: the game's showdown hole cards)
    board   (n, b) board cards, (n, boards, b) for multi-board games, None for stud and
            draw games (stud with the shared community card: (n, 1))

    Each board plays for an equal share of the pot; in hi/lo games half of it goes to the
    best qualifying low, or all of it to the high hand when nobody qualifies; tied hands
    split their share equally (``units`` are exact integers, the pot is ``pot_units``).

    Memory: the result takes about 22 bytes per player per deal (26 in hi/lo games) beside the
    input: 1.3 GB for 10 million six-handed deals; the work runs ``SHOWDOWN_CHUNK`` deals at a
    time, so nothing else grows with ``n`` (stream longer runs through ``pyeval.simulate``).

    >>> s = showdown("holdem", [[[51, 50], [47, 46]]], [[0, 5, 10, 15, 21]])  # AsAh, KsKh; 2c 3d 4h 5s 7d
    >>> from pyeval import hand_category
    >>> s.shares.tolist(), hand_category(s.high[0]).tolist()
    ([[1.0, 0.0]], ['straight', 'one pair'])
    """
    g = get_game(game)
    hole = _as_cards(hole, 3, "hole")
    n, players, h = hole.shape
    if players < 1 or players > g.max_players:
        raise ValueError(f"{g.name}: 1 to {g.max_players} players, got {players}")
    if board is None:
        board = np.zeros((n, 0), np.uint8)
    board = _as_cards(board, None, "board")
    if board.ndim == 2:
        board = board[:, None, :]
    if board.ndim != 3 or board.shape[0] != n:
        raise ValueError(f"board must be (n, b) or (n, boards, b) with n = {n} deals, got shape {board.shape}")
    boards, b = board.shape[1], board.shape[2]
    shortage = g.stud_shortage and h == g.hole - 1 and b == 1 and boards == 1
    if not shortage:
        if h != g.hole:
            raise ValueError(f"{g.name} shows down {g.hole} hole cards per player, got {h}")
        if b != g.board or (g.board and boards != g.boards):
            want = f"{g.boards} boards of {g.board} cards" if g.boards > 1 else f"{g.board} board cards"
            raise ValueError(f"{g.name} shows down with {want}, got {boards} x {b}")
    hi = np.empty((n, boards, players), np.int32)
    lo = np.empty((n, boards, players), np.int32) if g.low else None
    units = np.empty((n, players), np.int64)
    for start in range(0, n, SHOWDOWN_CHUNK):  # temporaries (rows, checks) for one chunk at a time
        part = slice(start, min(n, start + SHOWDOWN_CHUNK))
        _showdown_chunk(g, hole[part], board[part], start, hi[part], None if lo is None else lo[part], units[part])
    squeeze = (lambda a: a[:, 0, :]) if boards == 1 else (lambda a: a)
    return Showdown(g.name, squeeze(hi), None if lo is None else squeeze(lo), units, units / POT, units > 0,
                    units == POT)


SHOWDOWN_CHUNK = 1 << 18
"""Deals ``showdown`` checks and evaluates at a time: its temporaries stay within ~20 MB."""


def _showdown_chunk(g: Game, hole: np.ndarray, board: np.ndarray, first: int, hi, lo, units) -> None:
    """Check and show down deals first.. (hole (m, players, h), board (m, boards, b)) into the
    given slices of the result arrays."""
    m, players, h = hole.shape
    boards, b = board.shape[1], board.shape[2]
    cards = np.concatenate([board.reshape(m, boards * b), hole.reshape(m, players * h)], axis=1)
    where = np.zeros(2, np.int64)
    bad = _sim_kernels.check_deals(cards, g.lowest_card, where)
    if bad >= 0:
        code = int(where[1])
        what = f"code {code}" if code >= 52 else format_cards([code])
        if code < g.lowest_card:
            raise ValueError(f"deal {first + bad}: card {what} is not in the {g.deck_size}-card deck of {g.name}")
        raise ValueError(f"deal {first + bad}: " + (f"bad card {what}: codes are 0..51" if code >= 52
                                                    else f"duplicate card {what}"))
    rows = np.empty((m, boards, players, h + b), np.uint8)
    rows[..., :h] = hole[:, None, :, :]
    rows[..., h:] = board[:, :, None, :]
    hi[:], lo_part = evaluate_rows(g, rows.reshape(m, boards * players, h + b), h, b, boards, players)
    if lo is not None:
        lo[:] = lo_part
    _sim_kernels.showdown_shares(hi, lo if lo is not None else hi, lo is not None, POT, units)


def _as_cards(a, ndim, what: str) -> np.ndarray:
    arr = np.asarray(a)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{what}: card codes must be integers 0..51, got dtype {arr.dtype}")
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{what} must be an array of shape (n, players, h), got shape {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.size and (arr.min() < 0 or arr.max() > 255):
            raise ValueError(f"{what}: bad card code {int(arr[(arr < 0) | (arr > 255)][0])}: codes are 0..51")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)
