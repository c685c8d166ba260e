"""A query whose seats may hold ranges, read once into a ``Spot`` (``read_range_spot``).

``read_spot`` (pyeval.query.spot) reads the query's common part (game, method, samples, seed,
threads, the boards and dead cards, the known hands, every card distinct and in the deck) with
each range seat standing in as an unknown hand; this module then reads each seat's range (a
known hand is a range of one combo, a partial hand every completion of it, ``random`` every
combo) and the folded players (``folded=``, dealt and never shown down), and applies the range
checks: hold'em and Omaha only, the table's seat count with the folders, card removal (combos
touching the board, the dead cards or a hand some other seat always holds are gone; an emptied
range is an error), and enough cards left for the deal.  The result is the ``Spot`` with
``ranges`` set (``RangeSeats``), which the range engine answers (pyeval.engines.range).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from pyeval.core.cards import check_distinct, format_cards, is_unknown_hand
from pyeval.core.games import Game, get_game
from pyeval.query.parse import NOT_SEATS, check_seats_type, codes_tuple, hand_text, parse_hand
from pyeval.query.spot import Spot, read_spot
from pyeval.ranges import Range, is_range_entry, parse_range
from pyeval.ranges.classes import all_of

__all__ = ["RangeSeat", "RangeSeats", "read_range_spot"]


@dataclass(frozen=True)
class RangeSeat:
    """One seat of a range query.  kind: "range", "hand" (known cards: one combo, or every
    completion of a partial hand) or "random" (every combo of the live deck, equal weights; its
    combos are listed by the engine when needed).  text: what the result shows.  range: the
    combos after card removal (None for "random")."""

    kind: str
    text: str
    range: Range | None = None


@dataclass(frozen=True)
class RangeSeats:
    """The seats of a range query: the players who show down, then the folders kept (random
    folders are left out: they change nothing, pyeval/engines/range/folded.py); ``folded`` is
    every folder's text, the random ones included (the result lists them)."""

    seats: tuple[RangeSeat, ...]
    folders: int = 0
    folded: tuple[str, ...] = ()

    @property
    def active(self) -> int:
        return len(self.seats) - self.folders

    def restricted(self, keep: list) -> RangeSeats:
        """Seat p cut to the combos at positions keep[p] (None: all of them), all weights 1."""
        seats = []
        for seat, idx in zip(self.seats, keep):
            if idx is not None:
                r = seat.range
                assert r is not None, "only a listed range is cut"
                seat = replace(seat, range=Range(r.combos[idx], None, r.hole, None, r.lowest_card, r.family))
            seats.append(seat)
        return replace(self, seats=tuple(seats))


def read_range_spot(game, hands, board="", dead="", method: str = "auto", samples=None, seed=None, threads=None,
                    stderr_target=None, *, folded=None, tracked: int | None = None,
                    keep_random_folders: bool = False) -> Spot:
    """The range query as a checked ``Spot`` with ``ranges`` set.  ``tracked``: the seat whose
    random hand is listed combo by combo (``combo_equities`` of a random range);
    ``keep_random_folders``: keep random folders in the deal (tests: they change nothing)."""
    g = get_game(game)
    if g.family not in ("holdem", "omaha"):
        raise ValueError(f"ranges are supported in hold'em and Omaha games, not {g.name} "
                         "(give explicit hands or 'random')")
    if folded is not None and (isinstance(folded, (*NOT_SEATS, Range)) or not hasattr(folded, "__iter__")):
        raise TypeError(f"folded must be a list with one range per folded player, e.g. ['random', '30%'], got "
                        f"{type(folded).__name__}")
    check_seats_type(hands, "hands", "['AhAs', 'QQ+']")
    if type(keep_random_folders) is not bool:
        raise TypeError(f"keep_random_folders must be True or False, got {type(keep_random_folders).__name__}")
    if tracked is not None and type(tracked) is not int:
        raise TypeError(f"tracked must be a seat's index or None, got {type(tracked).__name__}")
    if tracked is not None and not 0 <= tracked < len(hands):
        raise ValueError(f"tracked must be a seat's index (0 to {len(hands) - 1}), got {tracked}")
    kinds = _kinds(hands, g, tracked) if not isinstance(hands, (str, bytes)) and hasattr(hands, "__iter__") else []
    stand_ins = [h if k[0] == "hand" else "random" for h, k in zip(hands, kinds)] if kinds else hands
    spot = read_spot(g, stand_ins, board, dead, method, samples, seed, threads, stderr_target)
    seats = [_seat(h, k, known, g, p) for p, (h, k, known) in enumerate(zip(hands, kinds, spot.holes))]
    folders = _folders(list(folded) if folded is not None else [], g, len(seats))
    if folders and len(seats) + len(folders) > g.max_players:
        raise ValueError(f"too many players for {g.name}: {len(seats)} and {len(folders)} folded (at most "
                         f"{g.max_players})")
    folded_text = tuple(f.text for f in folders)
    table = len(seats) + len(folders)  # every folder sits at the table, a random one included
    if not keep_random_folders:  # a random folder changes nothing (pyeval/engines/range/folded.py): left out
        folders = [f for f in folders if f.kind != "random"]
    seats += folders
    known = np.array([c for b in spot.boards for c in b] + list(spot.dead), np.uint8)
    fixed = [s.range.combos[0] for s in seats[len(seats) - len(folders):]
             if s.kind == "hand" and s.range is not None and len(s.range) == 1]
    if fixed:  # the folders' known hands against every other card (read_spot checked the rest)
        everything = np.concatenate([*(np.array(h, np.uint8) for h in spot.holes), *fixed, known]).astype(np.uint8)
        check_distinct(everything, "(cards must be distinct across hands, board and dead)")
        if g.lowest_card and (everything < g.lowest_card).any():
            bad = everything[everything < g.lowest_card][0]
            raise ValueError(f"card {format_cards([bad])} is not in the {g.deck_size}-card deck of {g.name}")
    seats = _removed(seats, known)
    live = g.deck_size - len(known)
    need = sum(g.board - len(b) for b in spot.boards) if spot.boards else g.board * g.boards
    need += g.hole * table
    if need > live:
        raise ValueError(f"this deal needs {need} more cards but only {live} remain in the deck")
    texts = tuple(s.text for s in seats[:len(hands)])
    return Spot(g, spot.holes, texts, spot.boards, spot.dead, spot.method, spot.samples, spot.stderr_target, spot.seed,
                spot.threads, spot.community, None, RangeSeats(tuple(seats), len(folders), folded_text))


def _kinds(hands, g: Game, tracked: int | None) -> list[tuple[str, Range | None]]:
    """Each seat's kind and its range read (None for a hand or a random one): "tracked" (a random
    hand listed combo by combo), "random", "range" or "hand"."""
    out: list[tuple[str, Range | None]] = []
    for p, h in enumerate(hands):
        r = parse_range(h, g) if isinstance(h, Range) or isinstance(h, str) and is_range_entry(h, g) else None
        if p == tracked and (is_unknown_hand(h) or r is not None and r.is_random):
            out.append(("tracked", r if r is not None else parse_range("random", g)))
        elif is_unknown_hand(h):
            out.append(("random", None))
        else:
            out.append(("range" if r is not None else "hand", r))
    return out


def _seat(entry, kind: tuple[str, Range | None], known: tuple, g: Game, p: int) -> RangeSeat:
    """Seat p's range (``kind``: from ``_kinds``; ``known``: a hand's cards as read_spot read them)."""
    what, r = kind
    if what == "tracked":  # every combo of the deck, listed, so that each is counted
        assert r is not None
        return RangeSeat("range", "random", Range(_in_deck(r, g).combos, None, r.hole, None, g.lowest_card, r.family))
    if what == "random":
        return RangeSeat("random", "random")
    if what == "range":
        assert r is not None
        if r.hole != g.hole:
            raise ValueError(f"player {p + 1}: {g.name} ranges hold {g.hole}-card hands, got {r.hole}")
        r = _in_deck(r, g)
        if r.is_random:
            return RangeSeat("random", "random")
        text = " ".join(entry.split()) if isinstance(entry, str) else str(r)  # the user's own notation
        return RangeSeat("range", text, r)
    cards = np.array(known, np.uint8)
    if len(cards) == g.hole:
        return RangeSeat("hand", format_cards(cards), Range(cards[None, :], None, g.hole, None, g.lowest_card,
                                                            g.family))
    rest = [c for c in range(g.lowest_card, 52) if c not in set(known)]
    fills = all_of(rest, g.hole - len(cards))
    combos = np.hstack([np.tile(cards, (len(fills), 1)), fills])
    return RangeSeat("hand", hand_text(cards, g) if len(cards) else "random",
                     Range(combos, None, g.hole, None, g.lowest_card, g.family))


def _in_deck(r: Range, g: Game) -> Range:
    """The range's combos in the game's deck (short deck: no card below a six)."""
    if not g.lowest_card:
        return r
    keep = (r.combos >= g.lowest_card).all(axis=1)
    return Range(r.combos[keep], r.weights[keep], r.hole, None, g.lowest_card, r.family)


def _folders(folded: list, g: Game, first: int) -> list[RangeSeat]:
    """The folded players (ranges, ``random`` or known hands), as seats."""
    out = []
    for k, entry in enumerate(folded):
        try:
            kind = _kinds([entry], g, None)[0]
            known = codes_tuple(parse_hand(entry, g, first + k)) if kind[0] == "hand" else ()
            out.append(_seat(entry, kind, known, g, first + k))
        except (TypeError, ValueError) as e:
            raise type(e)(f"folded player {k + 1} ({entry!r}): {e}") from e
    return out


def _removed(seats: list[RangeSeat], known: np.ndarray) -> list[RangeSeat]:
    """Card removal: combos touching the board or the dead cards, then combos touching a card some
    other seat always holds (a known hand), are gone; an emptied range is an error."""
    out = []
    for p, s in enumerate(seats):
        if s.range is not None and len(known):
            cut = s.range.without(known)
            s = replace(s, range=cut)
            if len(cut) == 0:
                raise ValueError(f"player {p + 1}: no hand of the range {s.text!r} is possible with this board and "
                                 "dead cards")
        out.append(s)
    for p, s in enumerate(out):
        if s.range is None:
            continue
        held = np.uint64(0)
        for q, other in enumerate(out):  # the seats before p as already cut
            if q != p and other.range is not None:
                held |= np.bitwise_and.reduce(other.range.masks)
        if held:
            keep = (s.range.masks & held) == 0
            if not keep.all():
                r = s.range
                cut = Range(r.combos[keep], r.weights[keep], r.hole, None, r.lowest_card, r.family)
                out[p] = replace(s, range=cut)
                if len(cut) == 0:
                    raise ValueError(f"no deal is possible: every hand of player {p + 1}'s range collides with "
                                     "another player's cards")
    return out
