"""A site's ``Hand`` as PHH text (``Hand.to_phh``): the fields and actions pokerkit replays to the
site's final stacks (the rake aside: PHH has no rake, so pokerkit pays the winners the whole pot;
``finishing_stacks`` are the site's).

PHH orders the players from the small blind round to the button (heads-up: the big blind, then
the button), writes the posted blinds and straddles by that order, amounts as the site wrote them.
PHH has variants for some games only (``VARIANT``); a hand of another game, or one whose posts do
not fit PHH's positions (a dead blind, a second big blind), is a ``ValueError`` saying why.  A
hand run twice is written with its first board (PHH runs a board once): its finishing stacks are
the site's, of both runs.

Stud (``STUD_VARIANT``) is written in seat order: pokerkit picks the bring-in and each street's
opener from the up cards, so each street's cards are dealt as the text shows them (``??`` for an
unseen down card) and a hand whose text hides an up card is refused, as is a fourth-street big
bet (pokerkit's fixed-limit stud has no double bet on an open pair), and a hand whose bets' size
is nowhere (a text that does not write it, a hand nobody bet in).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.core.games import get_game
from pyeval.history.reader import whole_hand

if TYPE_CHECKING:  # the model calls this module (``Hand.to_phh``): no import back at run time
    from pyeval.history.sites.model import Hand

__all__ = ["to_phh", "VARIANT", "STUD_VARIANT"]

VARIANT = {
    ("holdem", "no-limit"): "NT", ("holdem", "cap-no-limit"): "NT", ("holdem", "fixed-limit"): "FT",
    ("omaha", "pot-limit"): "PO", ("omaha-hilo", "fixed-limit"): "FO/8", ("shortdeck", "no-limit"): "NS",
}
"""(pyeval game, limit) -> PHH variant (the board games)."""
STUD_VARIANT = {"stud": "F7S", "stud-hilo": "F7S/8", "razz": "FR"}
"""pyeval's stud games -> PHH variant: fixed-limit only (a limit of "" is a site that does not
write it, WPN: its stud tables are fixed-limit).  Five-card stud has none."""
_STUD_STREETS = ("3rd", "4th", "5th", "6th", "7th")
_STUD_BETTING = ("bring-in", "fold", "check", "call", "bet", "raise", "complete")
_POSTS = frozenset({"small-blind", "big-blind", "straddle", "button-blind"})
_BETTING = {"fold": "f", "check": "cc", "call": "cc"}
_CHIPS_IN = ("ante", "small-blind", "big-blind", "straddle", "button-blind", "bring-in", "call", "bet", "raise",
             "complete")
"""The actions that move a player's chips into the pot."""


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
    stud = STUD_VARIANT.get(hand.game) if hand.limit in ("fixed-limit", "") else None
    if variant is None and stud is None:
        writes = [f"{lim} {g}" for g, lim in VARIANT] + [f"fixed-limit {g}" for g in STUD_VARIANT]
        raise ValueError(f"PHH has no variant for {hand.limit or 'this'} {hand.game} (PHH writes: {', '.join(writes)})")
    if hand.splash:
        raise ValueError(f"the site added {hand.splash} to the pot (splash the pot): PHH has no field for it")
    _check_chips(hand)
    if (stud is not None or variant in ("FT", "FO/8")) and not hand.stakes.small_bet:
        raise ValueError("the text writes no fixed-limit bet sizes and no full bet was made to tell them: PHH "
                         "needs small_bet and big_bet")
    if stud is not None:
        return _stud_phh(hand, stud)
    assert variant is not None
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
    hole_count = get_game(hand.game).hole
    actions = [f"d dh p{p_of[i]} {hand.hole[i] if whole_hand(hand.hole[i], hole_count) else '??' * hole_count}"
               for i in order]
    board_done = 0
    first_board = hand.boards[0] if hand.boards else ""
    last_bet = max((j for j, a in enumerate(hand.actions) if a.kind in _BETTING or a.kind in ("bet", "raise")),
                   default=-1)
    calls = _unanswerable(hand)
    later: list[str] = []  # a showdown written after the board (below)
    for j in _in_turn(hand, order):
        a = hand.actions[j]
        if j == last_bet + 1:
            shows = _showdown(hand, order, p_of, last_bet, calls)
            if sum(1 for x in shows if not x.endswith(" sm")) < 2:
                # all but one muck: shown before the rest of an all-in's board, the mucks would
                # end the hand in pokerkit with the board undealt; the site dealt it first
                later = shows
            else:
                actions += shows
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
    actions += later
    lines = [
        f"variant = '{variant}'",
        f"antes = [{', '.join(map(_text, antes))}]",
        f"blinds_or_straddles = [{', '.join(map(_text, blinds))}]",
    ]
    if variant in ("FT", "FO/8"):
        lines += [f"small_bet = {_text(hand.stakes.small_bet)}", f"big_bet = {_text(hand.stakes.big_bet)}"]
    else:
        lines.append(f"min_bet = {_text(hand.stakes.big_blind or max(blinds))}")
    return _written(hand, order, lines, actions)


def _written(hand: Hand, order: list[int], lines: list[str], actions: list[str]) -> str:
    """The PHH text: ``lines`` (the variant's fields), then the stacks, ``actions``, the players,
    the site's finishing stacks and where and when the hand was played."""
    stacks = [hand.starting_stacks[i] for i in order]
    finishing = [hand.starting_stacks[i] + hand.net[i] - hand.cash_out[i] for i in order]
    lines = lines + [
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


def _check_chips(hand: Hand) -> None:
    """Refuse what PHH cannot write about the stacks: a cap game's cap reached (an "all-in" with
    chips left) and a fold by a player with no chips (a player sitting out)."""
    left = list(hand.starting_stacks)
    for a in hand.actions:
        if a.player is not None and a.kind in _CHIPS_IN:
            left[a.player] -= a.amount
            if a.allin and left[a.player] > 0:
                raise ValueError(f"{hand.players[a.player]} reached the cap of a cap game: PHH has no capped games")
        elif a.kind == "fold" and left[a.player] <= 0:  # type: ignore[index]
            raise ValueError(f"{hand.players[a.player]} folded all-in (a player sitting out): PHH cannot "  # type: ignore[index]
                             "write a fold by a player with no chips")


def _stud_phh(hand: Hand, variant: str) -> str:
    """A stud hand as PHH: the players in seat order (pokerkit picks the bring-in and each
    street's opener from the up cards, so every up card must be known), each street's cards dealt
    (``??`` for a down card the text does not show), ``pb`` for the bring-in, ``cbr`` to the
    street's total for a completion, bet or raise; when the betting ends with two players or more
    still in, they show (``sm``) the cards they hold, then the streets left are dealt."""
    n = len(hand.players)
    order = list(range(n))
    antes = [Decimal(0)] * n
    bring_in = hand.stakes.bring_in
    for a in hand.actions:
        if a.player is None:
            continue
        if a.kind == "ante":
            antes[a.player] += a.amount
        elif a.kind == "bring-in" and (not a.allin or not bring_in):
            bring_in = a.amount  # as posted (some headers do not say; all-in for less: pokerkit posts the stack)
        elif a.kind in _POSTS or a.kind == "dead-blind":
            raise ValueError(f"{hand.players[a.player]} posted a {a.kind} in stud: PHH's stud has no blinds")
    streets = _stud_streets(hand)
    cards = [_stud_cards(hand, i, streets) for i in order]
    calls = _unanswerable(hand)
    folded: set[int] = set()
    dealt = 0  # the streets dealt so far
    actions: list[str] = []

    def deal_to(street: int) -> None:
        nonlocal dealt
        while dealt <= street:
            for i in order:
                if i not in folded:
                    slots = cards[i][:3] if dealt == 0 else [cards[i][dealt + 2]]
                    if dealt < 4 and slots[-1] == "??":
                        raise ValueError(f"the text does not show {hand.players[i]}'s up card on "
                                         f"{_STUD_STREETS[dealt]} street: PHH's stud needs every up card "
                                         "(pokerkit picks the bring-in and the opener from them)")
                    actions.append(f"d dh p{i + 1} {''.join(slots)}")
            dealt += 1

    for j, a in enumerate(hand.actions):
        if a.player is None or a.kind not in _STUD_BETTING:
            continue
        deal_to(streets[a.street])
        p = a.player + 1
        if streets[a.street] == 1 and a.kind == "bet" and a.to > hand.stakes.small_bet and not a.allin:
            # sites let any player bet the big bet when someone shows a pair on fourth street
            pair = " (an open pair showing)" if any(c[2][0] == c[3][0] != "?" for c in cards) else ""
            raise ValueError(f"{hand.players[a.player]} bet {_text(a.to)}, the big bet, on fourth street{pair}: "
                             "pokerkit's fixed-limit stud bets only the small bet there, so PHH cannot replay it")
        if a.kind == "bring-in":
            actions.append(f"p{p} pb")
        elif a.kind in _BETTING or j in calls:
            actions.append(f"p{p} {_BETTING.get(a.kind, 'cc')}")
        else:
            actions.append(f"p{p} cbr {_text(a.to)}")
        if a.kind == "fold":
            folded.add(a.player)
    still = [i for i in order if i not in folded]
    if len(still) > 1:
        # a showdown: pokerkit asks the players still in to show or muck when the betting ends
        # (before the streets left to deal when they are all-in), then deals the rest, and
        # asks again for the seventh street's card, dealt down
        deal_to(0)
        while True:
            held = dealt + 2
            for i in still:
                shown = "".join(cards[i][:held])
                actions.append(f"p{i + 1} sm {shown}" if "??" not in shown else f"p{i + 1} sm")
            if held == 7:
                break
            deal_to(len(_STUD_STREETS) - 1)
    lines = [
        f"variant = '{variant}'",
        f"antes = [{', '.join(map(_text, antes))}]",
        f"bring_in = {_text(bring_in)}",
        f"small_bet = {_text(hand.stakes.small_bet)}",
        f"big_bet = {_text(hand.stakes.big_bet)}",
    ]
    return _written(hand, order, lines, actions)


def _stud_streets(hand: Hand) -> dict[str, int]:
    """Each street name the hand's deals and bets use -> the stud street it is (0: third street),
    by the order they first appear: the readers' names need not be stud's (WPN's text calls the
    first round preflop and the fourth street "Third street")."""
    streets: dict[str, int] = {}
    for a in hand.actions:
        if a.player is not None and (a.kind == "deal" or a.kind in _STUD_BETTING) and a.street != "showdown":
            streets.setdefault(a.street, len(streets))
    if len(streets) > len(_STUD_STREETS):
        raise ValueError(f"the hand's actions name {len(streets)} streets ({', '.join(streets)}): PHH's stud has five")
    return streets


def _stud_cards(hand: Hand, player: int, streets: dict[str, int]) -> list[str]:
    """The seven cards of a stud player in the order dealt (two down, four up, one down), ``??``
    for a card the text does not show: the up cards from the deals, the down cards from the cards
    the text shows (``hole``) that were not dealt up."""
    slots = ["??"] * 7
    third: list[str] = []
    for a in hand.actions:
        if a.kind == "deal" and a.player == player and a.cards:
            got = _cards(hand, player, a.cards)
            if streets[a.street] == 0:
                third += got
            else:
                slots[streets[a.street] + 2] = got[-1]
    if len(third) > 3:
        raise ValueError(f"{hand.players[player]} is dealt {len(third)} cards on third street: PHH's stud deals three")
    slots[3 - len(third):3] = third  # two down and one up, or the up card alone
    known = set(slots)
    down = [c for c in _cards(hand, player, hand.hole[player]) if c != "??" and c not in known]
    for k, card in zip((0, 1, 6), down):
        if slots[k] == "??":
            slots[k] = card
    return slots


def _cards(hand: Hand, player: int, text: str) -> list[str]:
    """``text`` split into cards; a ValueError naming one that is no card (PHH would not load it)."""
    cards = [text[k:k + 2] for k in range(0, len(text), 2)]
    for c in cards:
        if c != "??" and (len(c) != 2 or c[0] not in RANK_CHARS or c[1] not in SUIT_CHARS):
            raise ValueError(f"the text gives {hand.players[player]} a card {c!r}, which is no card: "
                             "PHH cannot write it")
    return cards


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
        if a.kind not in _CHIPS_IN or a.kind == "ante":
            if a.kind == "ante":
                left[p] -= a.amount
            continue
        if a.street != street:
            street, bets = a.street, [Decimal(0)] * len(left)
        if a.kind in ("bet", "raise", "complete"):
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
    hole = get_game(hand.game).hole
    return [f"p{p_of[i]} sm {hand.hole[i]}" if whole_hand(hand.hole[i], hole) else f"p{p_of[i]} sm"
            for i in rotated if i in still]


def _quoted(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
