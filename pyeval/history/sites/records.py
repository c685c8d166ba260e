"""A site's ``Hand`` as the all-in EV reads hands (``pyeval.history.reader.HandRecord``): the same
record the PHH readers make, so ``allin_ev`` values site hands with its one pipeline (pots by
``core.pots.side_pots``, equities by the batch engine).

The actions are walked once with each player's chips in and this street's bets; the all-in is
the first point where betting is over with cards to come (``reader.betting_over``, the rule the
PHH reader uses).  Antes and dead blinds are dead money of the main pot.  A hand run twice is
valued once, on the cards at the all-in (the EV does not change); its actual is what the runs
paid.  Cash-outs and insurance are outside the pot: the record's stacks are the table's, its
``cash_out`` the money the site paid or took, which the actual includes.
"""

from __future__ import annotations

from decimal import Decimal

from pyeval.core.games import get_game
from pyeval.history.reader import HandRecord, betting_over, set_allin
from pyeval.history.sites.model import ZERO, Hand

__all__ = ["record_of", "STUD_GAMES"]

STUD_GAMES = frozenset({"stud", "stud-hilo", "razz", "stud5"})
_DRAW_GAMES = frozenset({"draw5", "draw-deuce7", "badugi"})
_STUD_HELD = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7}
_LAST_STREET = {"stud5": 5}
"""Cards each player holds at the last deal (seven-card games: 7)."""
_FIRST_HELD = {"stud5": 2}
"""Cards each player holds at the first betting round of a game whose streets are counted by
the deals (five-card stud: its readers name both of its first two rounds "3rd")."""
_ORDINAL = {2: "2nd", 3: "3rd"}
_INTO_BET = frozenset({"small-blind", "big-blind", "button-blind", "straddle", "bring-in", "call", "bet", "raise",
                       "complete"})
_DEAD = frozenset({"ante", "dead-blind"})


def _number(x: Decimal) -> int | float:
    return int(x) if x == x.to_integral_value() else float(x)


def record_of(hand: Hand, index: int) -> HandRecord:
    """The all-in EV's record of one site hand (``index``: its place in the run)."""
    n = len(hand.players)
    starting = [_number(s) for s in hand.starting_stacks]
    finishing = [_number(s + net - c) for s, net, c in zip(hand.starting_stacks, hand.net, hand.cash_out)]
    record = HandRecord(hand.source, index, hand.id, "", hand.game, list(hand.players), starting, finishing,
                        rake=_number(hand.rake - hand.splash), line=hand.line, site=hand.site,
                        unit=_number(hand.big_blind), stakes=str(hand.stakes), date=hand.date,
                        cash_out=[_number(c) for c in hand.cash_out] if any(hand.cash_out) else [],
                        tournament=hand.tournament)
    if hand.game in _DRAW_GAMES:
        return record  # before the last draw the draws are choices; after it no card is to come
    allin = _allin(hand)
    if allin is not None:
        street, put_in, contesting, board, dead, held, dead_money = allin
        if hand.game in STUD_GAMES:
            cards = [_stud_cards(hand.hole[i], held) if contesting[i] else "" for i in range(n)]
        else:
            cards = [hand.hole[i] if contesting[i] else "" for i in range(n)]
        set_allin(record, street, [_number(p) for p in put_in], contesting, board, cards, dead)
        if record.put_in is not None:
            if any(dead_money):
                record.antes = [_number(d) for d in dead_money]
            if len(hand.boards) == 1 and hand.game not in STUD_GAMES:
                record.final_board = hand.boards[0]
                record.final_holes = [hand.hole[i] if contesting[i] else "" for i in range(n)]
            elif hand.game in STUD_GAMES:
                record.final_holes = [hand.hole[i] if contesting[i] and "?" not in hand.hole[i] else ""
                                      for i in range(n)]
    notes = []
    if len(hand.boards) > get_game(hand.game).boards:
        notes.append(f"run {len(hand.boards)} times: actual is what the runs paid")
    if any(hand.cash_out):
        paid = ", ".join(f"{hand.players[i]} {'+' if c > 0 else ''}{c}" for i, c in enumerate(hand.cash_out) if c)
        notes.append(f"cash-out: actual includes the money paid outside the pot ({paid})")
    if notes and record.note is None:
        record.note = "; ".join(notes)
    return record


def _stud_cards(hole: str, held: int) -> str:
    cards = hole[:2 * held]
    return "" if "?" in cards or len(cards) < 2 * held else cards


def _allin(hand: Hand) -> tuple | None:
    """(street, chips in at the all-in, contesting, board, dead cards, cards held, dead money) at the
    first point where betting is over with cards to come, else None."""
    n = len(hand.players)
    stacks = list(hand.starting_stacks)
    put_in = [ZERO] * n
    dead_money = [ZERO] * n
    bets = [ZERO] * n
    folded = [False] * n
    capped = [False] * n  # all-in, or capped in a cap game: bets no more
    board = ""
    stud = hand.game in STUD_GAMES
    seen: list[list[str]] = [[] for _ in range(n)]  # stud: each player's cards seen so far
    street = ""
    counted = hand.game in _FIRST_HELD  # streets counted by the deals: a deal after betting opens the next
    held = _FIRST_HELD.get(hand.game, 0) - 1
    dealt = False  # a deal since the last bet
    someone_allin = any(s <= 0 for s in stacks)  # till then betting is never over with two players in
    for a in hand.actions:
        p = a.player
        if a.kind == "deal":
            if p is None:
                if a.run == 0:
                    board += a.cards
            elif stud:
                seen[p].append(a.cards)
                dealt = True
            continue
        if p is None:
            continue
        if a.kind in _INTO_BET or a.kind in _DEAD:
            if counted and dealt and a.kind not in _DEAD:
                held, dealt, street, bets = held + 1, False, a.street, [ZERO] * n
            elif a.street != street and not counted:
                street, bets = a.street, [ZERO] * n
            stacks[p] -= a.amount
            put_in[p] += a.amount
            if a.kind in _DEAD:
                dead_money[p] += a.amount
            else:
                bets[p] += a.amount
            capped[p] = capped[p] or a.allin
            someone_allin = someone_allin or a.allin or stacks[p] <= 0
        elif a.kind == "uncalled":
            stacks[p] += a.amount
            put_in[p] -= a.amount
            bets[p] -= a.amount
            continue
        elif a.kind == "fold":
            folded[p] = True
        else:
            continue
        if a.kind in _DEAD or a.kind in ("small-blind", "big-blind", "button-blind", "straddle", "bring-in"):
            continue  # betting has not started
        if not someone_allin:
            continue  # every player in has chips behind: betting goes on (``betting_over`` would say None)
        if counted and held >= _LAST_STREET[hand.game] or stud and street == "7th" or not stud and len(board) >= 10:
            return None  # no card to come
        over = betting_over(bets, [ZERO if c else s for c, s in zip(capped, stacks)], folded, put_in, board)
        if over is not None:
            named, at_allin, contesting = over
            if stud:
                held = held if counted else _STUD_HELD[street]
                # the folded players' cards seen (one not seen, ``??``, is no dead card)
                dead = "".join(g[k:k + 2] for i in range(n) if folded[i] for g in seen[i]
                               for k in range(0, len(g), 2) if "?" not in g[k:k + 2])
                return _ORDINAL.get(held, f"{held}th"), at_allin, contesting, "", dead, held, dead_money
            return named, at_allin, contesting, board, "", 0, dead_money
    return None
