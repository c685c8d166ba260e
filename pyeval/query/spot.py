"""The ``Spot``: one equity query read once, with every check and limit applied.

``read_spot`` turns what a caller passes (game, hands, board, dead cards, method, samples, seed,
threads) into an immutable ``Spot``: each seat's known cards and the text its result shows, the
boards, the dead cards.  The engines answer a Spot (``pyeval.engines.strategies``) and the result
renders from it (``pyeval.results.equity_result.spot_result``), so a hand is parsed once per
query.  Plain card text (``"AhKh"``, ``"random"``) is read through a cache: scripts repeat their
hands, and a small query is worth a few microseconds.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

from pyeval.core._threads import default_threads
from pyeval.core.cards import format_cards, format_codes, is_unknown_hand, parse_card_text
from pyeval.core.games import Game, get_game
from pyeval.query.parse import (
    check_query,
    codes_tuple,
    hand_text,
    parse_boards,
    parse_hand,
    read_cards_argument,
    resolve_method,
)

__all__ = ["Spot", "read_spot", "read_plain_spot", "plain_seats", "RANDOM"]

RANDOM = "random"
"""The text a result shows for an unknown hand."""


@dataclass(frozen=True, eq=False, init=False)
class Spot:
    """One equity query, read and checked.

    game        the Game
    holes       per seat, the known cards (codes; () for an unknown hand, fewer than ``game.hole``
                for a partial hand or a stud/draw hand so far)
    texts       per seat, the text the result shows ("random" for an unknown hand)
    boards      the known board cards, one tuple per board (stud: the community card, if any)
    dead        the dead cards
    method      "auto", "exact" or "monte-carlo" ("mc"), after ``resolve_method``
    samples, stderr_target, seed   as asked (seed an int or None), checked
    threads     worker threads, resolved (every usable core when not asked)
    community   stud's shared last card forced (a side pot among fewer players keeps the
                deal of the whole table)
    memo        what the engines derive from the spot (its layout, its prices), built once
    ranges      a range query's seats (``pyeval.query.range_spot.RangeSeats``: every seat's range,
                the folded players), or None; ``holes`` then holds the known hands' cards only
                and ``texts`` each seat's range text
    """

    game: Game
    holes: tuple[tuple[int, ...], ...]
    texts: tuple[str, ...]
    boards: tuple[tuple[int, ...], ...]
    dead: tuple[int, ...]
    method: str
    samples: int | None
    stderr_target: float | None
    seed: int | None
    threads: int
    community: bool
    memo: dict
    ranges: Any

    def __init__(self, game: Game, holes: tuple, texts: tuple, boards: tuple, dead: tuple, method: str = "auto",
                 samples: int | None = None, stderr_target: float | None = None, seed: int | None = None,
                 threads: int = 1, community: bool = False, memo: dict | None = None, ranges: Any = None):
        # frozen: the fields are set once here, in one step (a small query is worth the microsecond)
        object.__setattr__(self, "__dict__", {
            "game": game, "holes": holes, "texts": texts, "boards": boards, "dead": dead, "method": method,
            "samples": samples, "stderr_target": stderr_target, "seed": seed, "threads": threads,
            "community": community, "memo": {} if memo is None else memo, "ranges": ranges})

    @classmethod
    def of_fields(cls, fields: dict) -> Spot:
        """The spot of these fields (every one but ``memo``), with a memo of its own."""
        spot = object.__new__(cls)
        object.__setattr__(spot, "__dict__", {**fields, "memo": {}})
        return spot

    @property
    def players(self) -> int:
        return len(self.holes)

    @property
    def drawn(self) -> tuple[int, ...]:
        """The seats with no known card (unknown hands)."""
        return tuple(p for p, h in enumerate(self.holes) if not h)

    @property
    def known_board(self) -> int:
        """Known cards on the first board."""
        return len(self.boards[0]) if self.boards else 0

    def without(self, seats: list[int]) -> Spot:
        """The spot among the other seats, the left seats' known cards dead (a side pot: the
        left seats' unknown cards are exchangeable with the deck, so leaving them out is exact)."""
        keep = [p for p in range(self.players) if p not in seats]
        gone = tuple(c for p in seats for c in self.holes[p])
        return replace(self, holes=tuple(self.holes[p] for p in keep), texts=tuple(self.texts[p] for p in keep),
                       dead=self.dead + gone, memo={})


def read_spot(game, hands, board="", dead="", method: str = "auto", samples=None, seed=None, threads=None,
              stderr_target=None, community: bool = False, *, seats: tuple | None = None) -> Spot:
    """The query as a checked ``Spot``: players and method (``check_query``), each hand
    (``parse_hand``: partial hands, the keep of a draw game, the game's hole count), the boards
    (``parse_boards``), the dead cards, every card distinct and in the game's deck, the threads.
    ``seats``: ``plain_seats(hands, game)`` when the caller has it (it is not read twice)."""
    return Spot.of_fields(_read(game, hands, board, dead, method, samples, seed, threads, stderr_target, community,
                                seats))


def _read(game, hands, board, dead, method, samples, seed, threads, stderr_target, community, seats) -> dict:
    """read_spot's fields (all but the memo)."""
    g = get_game(game)
    method = resolve_method(method, samples, stderr_target)
    seed = check_query(g, hands, method, samples, stderr_target, seed, threads)
    if type(community) is not bool:
        raise TypeError(f"community must be True or False, got {type(community).__name__}")
    if seats is not None and (type(seats) is not tuple or len(seats) != 4):
        raise TypeError(f"seats must be plain_seats(hands, game) or None, got {type(seats).__name__}")
    plain = seats if seats is not None else _plain_seats(hands, g.hole)
    if plain is not None:
        holes, texts, seen, n = plain
    else:
        holes, texts, seen, n = _hands(hands, g)
    plain_board = _plain_board(board, g.boards, g.board) if type(board) is str else None
    if plain_board is not None:
        boards, board_mask, board_n = plain_board
    else:
        boards = tuple(codes_tuple(b) for b in parse_boards(board, g))
        board_mask, board_n = functools.reduce(int.__or__, map(_mask, boards), 0), sum(map(len, boards))
    if dead is None or type(dead) is str and not dead:
        dead_codes: tuple[int, ...] | None = ()
    else:
        dead_codes = _plain_cards(dead) if type(dead) is str else None
        if dead_codes is None:
            dead_codes = codes_tuple(read_cards_argument(dead, "dead"))
    assert dead_codes is not None
    seen |= board_mask | _mask(dead_codes)
    n += board_n + len(dead_codes)
    if seen.bit_count() != n or seen & ((1 << g.lowest_card) - 1):
        _check_cards(g, [*holes, *boards, dead_codes])  # raises, naming the card
    return {"game": g, "holes": holes, "texts": texts, "boards": boards, "dead": dead_codes, "method": method,
            "samples": samples, "stderr_target": stderr_target, "seed": seed, "threads": default_threads(threads),
            "community": community, "ranges": None}


def read_plain_spot(game, hands, board="", dead="", method: str = "auto", samples=None, seed=None, threads=None,
                    stderr_target=None) -> Spot | None:
    """``read_spot`` of the common query, read once per distinct query and then copied: every seat
    a whole hand in card text or an unknown hand, the board and dead cards text (or None).  None
    when the query is anything else (a range, a partial hand, codes): ``read_spot`` reads those.
    Scripts repeat their queries, and a small query is worth the microsecond (issue 37)."""
    if type(hands) not in (list, tuple) or type(board) is not str or dead is not None and type(dead) is not str:
        return None
    try:
        fields = _read_plain(game, tuple(hands), board, dead, method, samples, seed, threads, stderr_target)
    except TypeError:  # a seat or argument that cannot be a cache key, or refused: read_spot reads (and words) it
        return None
    return None if fields is None else Spot.of_fields(fields)


@functools.lru_cache(maxsize=4096, typed=True)  # typed: threads=True is not threads=1
def _read_plain(game, hands: tuple, board: str, dead: str | None, method, samples, seed, threads,
                stderr_target) -> dict | None:
    g = get_game(game)
    seats = _plain_seats(hands, g.hole)
    if seats is None:
        return None
    return _read(g, hands, board, dead, method, samples, seed, threads, stderr_target, False, seats)


def _hands(hands, g: Game) -> tuple[tuple, tuple, int, int]:
    """(known cards, result texts, the cards as bits, how many cards) of the seats."""
    holes, texts, seen, n = [], [], 0, 0
    for p, h in enumerate(hands):
        plain = _plain_hand(h, g.hole) if isinstance(h, str) else None
        if plain is None:
            known = codes_tuple(parse_hand(h, g, p))
            plain = known, RANDOM if is_unknown_hand(h) else hand_text(known, g), _mask(known)
        holes.append(plain[0])
        texts.append(plain[1])
        seen |= plain[2]
        n += len(plain[0])
    return tuple(holes), tuple(texts), seen, n


def _plain_seats(hands, hole: int) -> tuple[tuple, tuple, int, int] | None:
    """``_plain_hands`` of a list or tuple of seats, or None."""
    if type(hands) not in (list, tuple):
        return None
    try:
        return _plain_hands(tuple(hands), hole)
    except TypeError:  # a seat that cannot be a cache key (codes as an array): not plain
        return None


@functools.lru_cache(maxsize=4096)
def _plain_hands(hands: tuple, hole: int) -> tuple[tuple, tuple, int, int] | None:
    """``_hands`` of seats that are all plain text (``_plain_hand``), cached as a whole: scripts
    ask the same hands again and again; None when a seat is anything else."""
    seats = [_plain_hand(h, hole) if isinstance(h, str) else None for h in hands]
    holes, texts, seen, n = [], [], 0, 0
    for seat in seats:
        if seat is None:
            return None
        holes.append(seat[0])
        texts.append(seat[1])
        seen |= seat[2]
        n += len(seat[0])
    return tuple(holes), tuple(texts), seen, n


def _check_cards(g: Game, groups: list[tuple[int, ...]]) -> None:
    """Every card once, and in the game's deck."""
    seen = 0
    for cards in groups:
        for c in cards:
            if seen >> c & 1:
                raise ValueError(f"duplicate card {format_codes((c,))} (cards must be distinct across hands, board "
                                 f"and dead)")
            seen |= 1 << c
    if g.lowest_card and seen & ((1 << g.lowest_card) - 1):
        bad = next(c for cards in groups for c in cards if c < g.lowest_card)
        raise ValueError(f"card {format_cards([bad])} is not in the {g.deck_size}-card deck of {g.name}")


@functools.lru_cache(maxsize=4096)
def _mask(codes: tuple[int, ...]) -> int:
    """The cards as bits (a repeated card counted once: read_spot compares the count)."""
    m = 0
    for c in codes:
        m |= 1 << c
    return m


@functools.lru_cache(maxsize=4096)
def _plain_hand(text: str, hole: int) -> tuple[tuple[int, ...], str, int] | None:
    """(codes, the result's text, the cards as bits) of a whole hand in compact card text or an unknown hand, or None
    for anything else (read by ``parse_hand``, which words any error)."""
    if is_unknown_hand(text):
        return (), RANDOM, 0
    codes = _plain_cards(text)
    if codes is None or len(codes) != hole or len(set(codes)) != hole:
        return None
    return codes, format_codes(codes), _mask(codes)


def _plain_cards(text: str) -> tuple[int, ...] | None:
    """The codes of short card text (parse_card_text caches them), or None."""
    if len(text) > 64:
        return None
    try:
        return parse_card_text(text)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def _plain_board(text: str, n_boards: int, size: int) -> tuple[tuple[tuple[int, ...], ...], int, int] | None:
    """(boards, the cards as bits, how many cards) of one board of a one-board game as plain text,
    or None (``parse_boards`` reads the rest, and words any error)."""
    if n_boards != 1 or not size or not text.strip():
        return None
    codes = _plain_cards(text)
    if codes is None or len(codes) > size:
        return None
    return (codes,), _mask(codes), len(codes)


def plain_seats(hands, g: Game) -> tuple | None:
    """The seats read (for ``read_spot(..., seats=)``) when every one is a whole hand of ``g`` in
    card text or an unknown hand (never a range), else None."""
    return _plain_seats(hands, g.hole)
