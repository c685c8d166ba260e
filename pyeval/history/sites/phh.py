"""A site's ``Hand`` as PHH text (``Hand.to_phh``): the fields and actions pokerkit replays to the
site's final stacks (the rake aside: PHH has no rake, so pokerkit pays the winners the whole pot;
``finishing_stacks`` are the site's).

PHH orders the players from the small blind round to the button (heads-up: the big blind, then
the button), writes the posted blinds and straddles by that order, amounts as the site wrote them.
PHH has variants for some games only (``VARIANT``); a hand of another game, or one whose posts do
not fit PHH's positions (a dead blind, a second big blind), is a ``ValueError`` saying why.  A
hand run twice is written with its first board (PHH runs a board once): its finishing stacks are
the site's, of both runs.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model calls this module (``Hand.to_phh``): no import back at run time
    from pyeval.history.sites.model import Hand

__all__ = ["to_phh", "VARIANT"]

VARIANT = {
    ("holdem", "no-limit"): "NT", ("holdem", "cap-no-limit"): "NT", ("holdem", "fixed-limit"): "FT",
    ("omaha", "pot-limit"): "PO", ("omaha-hilo", "fixed-limit"): "FO/8", ("shortdeck", "no-limit"): "NS",
}
"""(pyeval game, limit) -> PHH variant."""
_POSTS = frozenset({"small-blind", "big-blind", "straddle", "button-blind"})
_BETTING = {"fold": "f", "check": "cc", "call": "cc"}
_HOLE = {"holdem": 2, "omaha": 4, "omaha-hilo": 4, "shortdeck": 2}


def _text(x: Decimal) -> str:
    text = format(x.normalize(), "f") if x else "0"
    return text


def _order(hand: Hand) -> list[int]:
    """Player indices in PHH order: from the seat after the button round to the button."""
    n = len(hand.players)
    sb = next((a.player for a in hand.actions if a.kind == "small-blind" and a.player is not None), None)
    bb = next((a.player for a in hand.actions if a.kind == "big-blind" and a.player is not None), None)
    if bb is None:
        raise ValueError("PHH needs a big blind; this hand has none posted")
    if n == 2:
        return [bb, 1 - bb]
    if sb is None:
        raise ValueError("PHH needs the small blind's seat; nobody posted a small blind in this hand")
    order = [(sb + k) % n for k in range(n)]
    if order[1] != bb:
        raise ValueError("the big blind was posted out of position (not after the small blind)")
    return order


def to_phh(hand: Hand) -> str:
    """The hand as PHH text (see the module docstring)."""
    variant = VARIANT.get((hand.game, hand.limit))
    if variant is None:
        raise ValueError(f"PHH has no variant for {hand.limit or 'this'} {hand.game} "
                         f"(PHH writes: {', '.join(f'{lim} {g}' for g, lim in VARIANT)})")
    if hand.splash:
        raise ValueError(f"the site added {hand.splash} to the pot (splash the pot): PHH has no field for it")
    order = _order(hand)
    n = len(order)
    p_of = {player: k + 1 for k, player in enumerate(order)}  # player index -> PHH p number
    antes = [Decimal(0)] * n
    blinds = [Decimal(0)] * n
    for a in hand.actions:
        if a.player is None:
            continue
        k = p_of[a.player] - 1
        if a.kind == "ante":
            antes[k] += a.amount
        elif a.kind in _POSTS:
            if a.kind == "big-blind" and a.player != order[1 if n > 2 else 0]:
                raise ValueError(f"{hand.players[a.player]} posted a second big blind (a new player's post): PHH "
                                 "posts one big blind, at the big blind's seat")
            if blinds[k]:
                raise ValueError(f"{hand.players[a.player]} posted twice ({a.kind}): PHH posts one blind a seat")
            nominal = {"small-blind": hand.stakes.small_blind, "big-blind": hand.stakes.big_blind}.get(a.kind)
            # a blind posted all-in for less: PHH names the blind, pokerkit posts what the stack holds
            blinds[k] = max(a.amount, nominal) if a.allin and nominal else a.amount
        elif a.kind in ("dead-blind", "bring-in"):
            raise ValueError(f"{hand.players[a.player]} posted a {a.kind}: PHH has no such post")
    if any(0 < antes[k] < max(antes) and antes[k] >= hand.starting_stacks[order[k]] for k in range(n)):
        raise ValueError("an ante posted all-in for less than the others': pokerkit pays every ante into the pots "
                         "that player can win, the sites only as much of each as the player matched")
    if n == 2 and blinds[0] == blinds[1]:
        raise ValueError("heads-up with equal blinds: pokerkit cannot tell the big blind from the small one and lets "
                         "the wrong player act first")
    if n == 2:  # pokerkit posts heads-up blinds and antes the other way round
        blinds, antes = blinds[::-1], antes[::-1]
    hole_count = _HOLE[hand.game]
    actions = [f"d dh p{p_of[i]} {hand.hole[i] if _whole(hand.hole[i], hole_count) else '??' * hole_count}"
               for i in order]
    board_done = 0
    first_board = hand.boards[0] if hand.boards else ""
    last_bet = max((j for j, a in enumerate(hand.actions) if a.kind in _BETTING or a.kind in ("bet", "raise")),
                   default=-1)
    left = list(hand.starting_stacks)
    for a in hand.actions:
        if a.player is not None and a.kind in ("ante", "small-blind", "big-blind", "straddle", "button-blind",
                                               "call", "bet", "raise"):
            left[a.player] -= a.amount
            if a.allin and left[a.player] > 0:
                raise ValueError(f"{hand.players[a.player]} reached the cap of a cap game: PHH has no capped games")
        elif a.kind == "fold" and left[a.player] <= 0:  # type: ignore[index]
            raise ValueError(f"{hand.players[a.player]} folded all-in (a player sitting out): PHH cannot "  # type: ignore[index]
                             "write a fold by a player with no chips")
    calls = _unanswerable(hand)
    for j in _in_turn(hand, order):
        a = hand.actions[j]
        if j == last_bet + 1:
            actions += _showdown(hand, order, p_of, last_bet, calls)
        if a.kind == "deal" and a.player is None:
            if a.run == 0:
                actions.append(f"d db {a.cards}")
                board_done += len(a.cards)
            continue
        if a.player is None:
            continue
        p = p_of[a.player]
        if a.kind in _BETTING or j in calls:
            actions.append(f"p{p} {_BETTING.get(a.kind, 'cc')}")
        elif a.kind in ("bet", "raise"):
            actions.append(f"p{p} cbr {_text(a.to)}")
    if last_bet + 1 >= len(hand.actions):
        actions += _showdown(hand, order, p_of, last_bet, calls)
    if board_done < len(first_board):
        actions.append(f"d db {first_board[board_done:]}")
    stacks = [hand.starting_stacks[i] for i in order]
    finishing = [hand.starting_stacks[i] + hand.net[i] - hand.cash_out[i] for i in order]
    lines = [
        f"variant = '{variant}'",
        f"antes = [{', '.join(map(_text, antes))}]",
        f"blinds_or_straddles = [{', '.join(map(_text, blinds))}]",
    ]
    if variant in ("FT", "FO/8"):
        lines += [f"small_bet = {_text(hand.stakes.small_bet)}", f"big_bet = {_text(hand.stakes.big_bet)}"]
    else:
        lines.append(f"min_bet = {_text(hand.stakes.big_blind or max(blinds))}")
    lines += [
        f"starting_stacks = [{', '.join(map(_text, stacks))}]",
        "actions = [" + ", ".join(f"'{x}'" for x in actions) + "]",
        "players = [" + ", ".join(_quoted(hand.players[i]) for i in order) + "]",
        f"finishing_stacks = [{', '.join(map(_text, finishing))}]",
        f"hand = {_quoted(hand.id)}",
        f"venue = {_quoted(hand.site)}",
        f"seats = [{', '.join(str(hand.seats[i]) for i in order)}]",
    ]
    if hand.table:
        lines.append(f"table = {_quoted(hand.table)}")
    if hand.currency:
        lines.append(f"currency = '{hand.currency}'")
    if hand.date:
        day, _, time = hand.date.partition("T")
        y, m, d = day.split("-")
        lines += [f"year = {int(y)}", f"month = {int(m)}", f"day = {int(d)}", f"time = {time}"]
    return "\n".join(lines) + "\n"


def _in_turn(hand: Hand, order: list[int]) -> list[int]:
    """The indices of ``hand.actions`` in the order PHH writes them: the text's, except a
    preflop fold written before the first player to act has acted (888poker: a player folding
    before the deal), which is moved to that player's turn in the first round."""
    indices = list(range(len(hand.actions)))
    if len(order) < 3 or any(a.kind == "straddle" for a in hand.actions):
        return indices
    turn = order[2:] + order[:2]
    seat_rank = {player: k for k, player in enumerate(turn)}
    acts = [j for j, a in enumerate(hand.actions)
            if a.street == "preflop" and a.player is not None and a.kind in ("fold", "check", "call", "bet", "raise")]
    rank = {j: seat_rank[hand.actions[j].player] for j in acts}  # type: ignore[index]  # acts have players
    first = next((j for j in acts if hand.actions[j].player == turn[0]), None)
    if first is None:
        return indices
    early = [j for j in acts if j < first and hand.actions[j].kind == "fold"]
    if not early:
        return indices
    round_one = [first]  # the first round: the actions after the first actor's while the seats go round
    for j in acts:
        if j > first:
            if rank[j] <= rank[round_one[-1]]:
                break
            round_one.append(j)
    for j in early:
        indices.remove(j)
        after = next((i for i in round_one if rank[i] > rank[j]), None)
        indices.insert(indices.index(after) if after is not None else indices.index(round_one[-1]) + 1, j)
    return indices


def _unanswerable(hand: Hand) -> set[int]:
    """The bets and raises (indices in ``hand.actions``) nobody can answer, which pokerkit plays
    as calls: every other player still in has folded or is all-in at or below the bet to call
    (888poker writes such a call as a raise, the excess returned), or the player's own stack
    does not cover more than the call."""
    left = list(hand.starting_stacks)
    bets = [Decimal(0)] * len(left)
    folded = [False] * len(left)
    street = ""
    found = set()
    for j, a in enumerate(hand.actions):
        p = a.player
        if p is None:
            continue
        if a.kind == "fold":
            folded[p] = True
        if a.kind not in ("small-blind", "big-blind", "straddle", "button-blind", "call", "bet", "raise"):
            if a.kind == "ante":
                left[p] -= a.amount
            continue
        if a.street != street:
            street, bets = a.street, [Decimal(0)] * len(left)
        if a.kind in ("bet", "raise"):
            top = max(bets)
            answerable = any(q != p and not folded[q] and left[q] + bets[q] > top for q in range(len(left)))
            if not answerable or left[p] <= top - bets[p]:
                found.add(j)
        left[p] -= a.amount
        bets[p] += a.amount
    return found


def _showdown(hand: Hand, order: list[int], p_of: dict[int, int], last_bet: int,
              calls: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The players still in show (``sm`` with the cards the text shows, else a muck), in the order
    pokerkit asks: the last to bet or raise on the final street first (a raise written as a call,
    ``calls``, is none), else the first in PHH order, then round the table."""
    folded = {a.player for a in hand.actions if a.kind == "fold"}
    still = [i for i in order if i not in folded]
    if len(still) < 2:
        return []
    street = hand.actions[last_bet].street if last_bet >= 0 else "preflop"
    aggressor = next((a.player for j, a in reversed(list(enumerate(hand.actions[:last_bet + 1])))
                      if a.street == street and a.kind in ("bet", "raise") and a.player in still and j not in calls),
                     None)
    first = order.index(aggressor) if aggressor is not None else 0
    rotated = [order[(first + k) % len(order)] for k in range(len(order))]
    hole = _HOLE[hand.game]
    return [f"p{p_of[i]} sm {hand.hole[i]}" if _whole(hand.hole[i], hole) else f"p{p_of[i]} sm"
            for i in rotated if i in still]


def _whole(cards: str, count: int) -> bool:
    """Whether a hand's every card is known."""
    return len(cards) == 2 * count and "?" not in cards


def _quoted(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
