"""Reading a query's hands, boards and dead cards, and the checks every equity query shares
(moved out of pyeval/equity.py so that the engines import them from below)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pyeval.core.cards import (
    check_distinct,
    check_not_blank,
    format_cards,
    format_codes,
    is_unknown_hand,
    parse_cards,
    parse_partial,
    reject_bytes,
)
from pyeval.core.checks import no_number, positive_int, positive_number
from pyeval.core.games import Game
from pyeval.query.limits import MAX_SAMPLES

_CARD_CONTAINERS = (str, list, tuple, set, frozenset, np.ndarray)
"""What a card argument may be: text, or a list, tuple, set or array of card text or codes."""
NOT_SEATS = (str, bytes, Mapping, set, frozenset)
"""Sized values that are no list of seats (a set has no order: its players would be shuffled)."""


def check_cards_type(value, what: str) -> None:
    """TypeError naming the argument (``dead``, ``board``, ``player 2's hand``) when ``value``
    cannot hold cards: ``dead must be card text or a list of cards, got int`` (bytes: the cards'
    own refusal, named)."""
    reject_bytes(value, what)
    if not isinstance(value, _CARD_CONTAINERS):
        raise TypeError(f"{what} must be card text or a list of cards, got {type(value).__name__}")


def naming(error: Exception, what: str) -> Exception:
    """The error of reading argument ``what``, its message starting with the argument's name."""
    text = str(error)
    if text.startswith(what):
        return error
    return (TypeError if isinstance(error, TypeError) else ValueError)(f"{what}: {text}")


def read_cards_argument(value, what: str) -> np.ndarray:
    """``parse_cards`` of a card argument (``dead``), every error naming it."""
    check_cards_type(value, what)
    try:
        return parse_cards(value)
    except (TypeError, ValueError) as e:
        raise naming(e, what) from None


def check_seats_type(values, what: str, example: str) -> None:
    """TypeError naming the argument unless ``values`` is a list (or tuple, array) of seats."""
    if isinstance(values, NOT_SEATS) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} must be a list with one entry per player, e.g. {example}, got "
                        f"{type(values).__name__}")


def check_contributions(contributions, players: int) -> None:
    """``contributions=``: a list of the chips each player put in (the numbers are checked where
    the pots are built, ``pyeval.core.pots.side_pots``)."""
    check_seats_type(contributions, "contributions", "[100, 100, 40]")
    if len(contributions) != players:
        raise ValueError(f"contributions needs one entry per player ({players}), got {len(contributions)}")


CLIENT_METHODS = ("submit", "map", "gather", "run")
"""What pyeval calls on a Dask client (the cluster engine, ``allin_ev``, the flop reports)."""


def check_client(client) -> None:
    """``client=``: None or a ``dask.distributed.Client``: TypeError for anything without the
    methods pyeval calls on one (every front door that takes ``client=`` checks it here)."""
    if client is not None and not all(callable(getattr(client, name, None)) for name in CLIENT_METHODS):
        raise TypeError(f"client must be a dask.distributed Client or None, got {type(client).__name__}")


def resolve_method(method, samples, stderr_target):
    """``samples=`` or ``stderr_target=`` without a method means Monte Carlo, as ``--samples``
    does on the command line; with ``method="exact"`` they are a contradiction."""
    if not isinstance(method, str):  # (an array would compare element by element below)
        raise TypeError(f"method must be 'auto', 'exact' or 'monte-carlo', got {type(method).__name__}")
    asked = samples is not None or stderr_target is not None
    if method == "auto" and asked:
        return "monte-carlo"
    if method == "exact" and asked:
        raise ValueError("samples= and stderr_target= set a Monte Carlo run; method='exact' enumerates every outcome")
    return method


def parse_hand(hand, game: Game, p: int) -> np.ndarray:
    """A player's known cards.  Missing cards are dealt by the engines; in board games they
    must be written out (``Ah*``, ``Ah??``: ``Game.partial_hands``), so that a short hand is not
    a silent typo."""
    check_not_blank(hand, f"player {p + 1}'s hand")
    if is_unknown_hand(hand):
        return np.zeros(0, np.uint8)
    reject_bytes(hand, f"player {p + 1}'s hand")
    if not isinstance(hand, _CARD_CONTAINERS):
        raise TypeError(f"player {p + 1}'s hand must be card text, a list of cards or 'random', got "
                        f"{type(hand).__name__}")
    partial = parse_partial(hand) if isinstance(hand, str) else None
    if partial is not None:
        cards, missing = partial
        check_distinct(cards)
    else:
        cards, missing = parse_cards_of(hand, game, p), 0
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


def parse_cards_of(hand, game: Game, p: int) -> np.ndarray:
    """parse_cards, with an error naming the player; text that is no hand may be a mistyped
    range: then the range parser's message names the bad token."""
    try:
        return parse_cards(hand)
    except TypeError as exc:
        raise TypeError(f"player {p + 1}: {exc}") from None
    except ValueError as exc:
        if not isinstance(hand, str):
            raise ValueError(f"player {p + 1}: {exc}") from None
        from pyeval.ranges import parse_range

        if game.family not in ("holdem", "omaha"):
            raise ValueError(f"player {p + 1}: {exc}") from None
        try:
            parse_range(hand, game)
        except ValueError as range_exc:
            raise ValueError(f"player {p + 1}: {hand.strip()!r} is neither cards ({exc}) nor a range "
                             f"({range_exc})") from None
        raise ValueError(f"player {p + 1}: {hand.strip()!r} is a range; give cards here") from None


def hand_text(known, game: Game) -> str:
    """A parsed hand (codes) as text; a board game's missing cards as ``*``."""
    text = format_codes(codes_tuple(known))
    missing = game.hole - len(known)
    if missing and not game.partial_hands:
        text = " ".join([text] * bool(text) + ["*"] * missing)
    return text


def parse_boards(board, game: Game) -> list[np.ndarray]:
    """The boards of a query (one per board of the game; stud: the community card, if any),
    every error naming ``board``."""
    if board is not None:
        check_cards_type(board, "board")
    try:
        return _boards(board, game)
    except (TypeError, ValueError) as e:
        raise naming(e, "board") from None


def _boards(board, game: Game) -> list[np.ndarray]:
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
    for b in boards:
        if len(b) > game.community_cards:
            if game.board == 0:
                raise ValueError(f"{game.name} has no board" + (" (only the one community card of a short deck)"
                                                                 if game.stud_shortage else ""))
            raise ValueError(f"{game.name} boards have at most {game.board} cards, got {len(b)}")
    if game.board == 0:
        return [b for b in boards if len(b)]
    return boards


def check_query(g: Game, hands, method: str, samples, stderr_target, seed, threads=None) -> int | None:
    """The checks every equity query shares (explicit hands or ranges); returns the seed as an int.
    A value of the wrong type is a TypeError naming the argument."""
    check_seats_type(hands, "hands", "['AhAs', 'KdKc']")
    if len(hands) < 2:
        raise ValueError(f"equity needs at least 2 players, got {len(hands)}")
    if len(hands) > g.max_players:
        raise ValueError(f"too many players for {g.name}: {len(hands)} (at most {g.max_players})")
    if method not in ("auto", "exact", "monte-carlo", "mc"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    # no number: TypeError; a number of the wrong kind (7.5 deals, True): ValueError (``core.checks``)
    for value, what, kind in ((samples, "samples", "positive integer or None"),
                              (stderr_target, "stderr_target", "positive number or None"),
                              (threads, "threads", "positive integer or None")):
        if value is not None:
            no_number(value, what, kind)
    if samples is not None:
        positive_int(samples, "samples", MAX_SAMPLES, " (pyeval.query.limits.MAX_SAMPLES)")
    if stderr_target is not None:
        positive_number(stderr_target, "stderr_target")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
        raise TypeError(f"seed must be a non-negative integer, got {seed!r}")
    if seed is not None and seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed}")
    return None if seed is None else int(seed)


def codes_tuple(cards) -> tuple:
    return cards if isinstance(cards, tuple) else tuple(np.asarray(cards).tolist())
