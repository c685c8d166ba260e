"""pokerkit's replay of a hand history into a ``HandRecord``: every variant pokerkit plays, and
the reference the fast reader is checked against (pokerkit: the ``history`` extra)."""

from __future__ import annotations

import warnings
from typing import Any

from pyeval.core._results import install_hint
from pyeval.history.reader import DRAW_GAMES, VARIANTS, HandRecord, cards_at_allin, set_allin

__all__ = ["require_pokerkit", "replay", "STUD_STREETS"]

STUD_STREETS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th"}
"""The street of a stud all-in by the cards each player holds."""


def require_pokerkit() -> Any:
    """pokerkit, or an ImportError saying how to install it."""
    try:
        import pokerkit
    except ImportError as e:
        raise ImportError(f"pokerkit is needed to read this hand history; install it with: {install_hint('history')}"
                          ) from e
    return pokerkit


def _chips(values: Any) -> list[Any]:
    """Amounts as int, or float where not whole (pokerkit reads decimals as Decimal)."""
    return [int(v) if v == int(v) else float(v) for v in values]


def _text(cards: Any) -> str:
    return "".join(f"{c.rank.value}{c.suit.value}" for c in cards)


def _known(cards: Any) -> str:
    """The cards as text, or "" when any is unknown."""
    text = _text(cards)
    return "" if "?" in text else text


def replay(hh: Any, source: str, index: int) -> HandRecord:
    """The record of one pokerkit ``HandHistory``, by replaying it; ValueError when pokerkit
    cannot (the message names the source)."""
    variant = str(hh.variant)
    game = VARIANTS.get(variant)
    seats = len(hh.starting_stacks)
    names = [str(n) for n in hh.players] if hh.players and len(hh.players) == seats else \
        [f"p{i + 1}" for i in range(seats)]
    starting = _chips(hh.starting_stacks)
    blinds = _chips(hh.blinds_or_straddles or [0])
    unit = max(blinds) or _chips([hh.small_bet or hh.bring_in or 0])[0]
    record = HandRecord(source, index, None if hh.hand is None else str(hh.hand), variant, game, names, starting,
                        list(starting), reader="pokerkit", unit=unit)
    if game is None:
        record.skipped = f"variant {variant} is not played by pyeval"  # a code pokerkit knows and pyeval does not
        if hh.finishing_stacks is not None:
            record.finishing = _chips(hh.finishing_stacks)
        return record
    try:
        with warnings.catch_warnings():  # pokerkit's advice (a card it would not deal): the hand is read as written
            warnings.simplefilter("ignore")
            allin, shown, antes, final_board = _walk(hh, game, record)
    except Exception as e:  # an action the rules refuse (real files have some); pokerkit's own asserts too
        record.game, record.skipped = None, f"pokerkit cannot replay it: {str(e) or type(e).__name__}"
        if hh.finishing_stacks is not None:
            record.finishing = _chips(hh.finishing_stacks)
        return record
    if allin is not None:
        street, put_in, contesting, board, dealt, dead = allin
        cards = [cards_at_allin(dealt[i], shown[i]) for i in range(seats)]
        set_allin(record, street, put_in, contesting, board, cards, dead)
        if record.put_in is not None:
            record.antes = antes
            record.final_board = final_board
            record.final_holes = [(shown[i] or dealt[i]) if contesting[i] else "" for i in range(seats)]
    return record


def _walk(hh: Any, game: str, record: HandRecord) -> tuple[tuple | None, list[str | None], list[Any], str]:
    """Replays the hand: (street, chips in, contesting, board, hands, dead cards) at the all-in
    or None, each seat's showdown (cards shown, "" mucked, None not seen), the antes posted
    as dead money (empty when none, or when pokerkit trims them into bets), and the board at the
    end."""
    from pokerkit import HoleCardsShowingOrMucking, HoleDealing

    seats = len(record.starting)
    shown: list[str | None] = [None] * seats
    up: list[list[Any]] = [[] for _ in range(seats)]  # stud: each player's up cards so far
    seen = 0
    allin = None
    state = None
    for state, action in hh.state_actions:
        for op in state.operations[seen:]:
            if isinstance(op, HoleDealing):
                up[op.player_index].extend(c for c, face_up in zip(op.cards, op.statuses) if face_up)
            elif isinstance(op, HoleCardsShowingOrMucking):
                shown[op.player_index] = _known(op.hole_cards)
        seen = len(state.operations)
        if allin is None and action is not None and _may_end_betting(action, state):
            allin = _betting_over(state, game, record, up)
    if state is not None:
        # the file's result where it has one: pokerkit gives an odd chip that a file may split in halves
        record.finishing = _chips(hh.finishing_stacks if hh.finishing_stacks is not None else state.stacks)
    antes: list[Any] = []
    if state is not None and not state.ante_trimming_status:
        antes = _chips(state.get_effective_ante(i) for i in range(seats))
        antes = antes if any(antes) else []
    final_board = "" if state is None else _known(c for cards in state.board_cards for c in cards)
    return allin, shown, antes, final_board


def _may_end_betting(action: str, state: Any) -> bool:
    """After a fold, call or bet; or after the last hole card dealt when nobody is to act (a
    player all in by posting a blind that the others' blinds already cover)."""
    parts = action.split()
    if parts[1] in ("f", "cc", "cbr"):
        return True
    return (parts[1] == "dh" and state.actor_index is None
            and not any(map(len, state.hole_dealing_statuses)))  # a card still to deal


def _betting_over(state: Any, game: str, record: HandRecord, up: list[list[Any]]) -> tuple | None:
    """The all-in point (see ``_walk``) when betting is over with cards to come, else None."""
    if game in DRAW_GAMES:
        return None  # before the last draw the draws are choices; after it no card is to come
    contesting = [bool(s) for s in state.statuses]
    if sum(contesting) < 2:
        return None
    top = max(state.bets)
    live = [i for i, c in enumerate(contesting) if c and state.stacks[i] > 0]
    if len(live) > 1 or any(state.bets[i] < top for i in live):
        return None
    board = _text(c for cards in state.board_cards for c in cards)
    dealt = [_text(state.hole_cards[i]) if contesting[i] else "" for i in range(len(contesting))]
    if game.startswith(("stud", "razz")):
        held = max(len(d) for d in dealt) // 2
        if held >= 7:
            return None
        street = STUD_STREETS[held]
        dead = _text(c for i, cards in enumerate(up) if not contesting[i] for c in cards)
    else:
        if len(board) >= 10:
            return None
        street, dead = {0: "preflop", 3: "flop", 4: "turn"}[len(board) // 2], ""
    put_in = [s - k for s, k in zip(record.starting, _chips(state.stacks))]
    bets = _chips(state.bets)
    ordered = sorted(bets, reverse=True)  # an uncalled excess still in front of its player
    if ordered[0] > ordered[1]:
        put_in[bets.index(ordered[0])] -= ordered[0] - ordered[1]
    return street, put_in, contesting, board, dealt, dead
