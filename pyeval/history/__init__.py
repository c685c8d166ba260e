"""All-in EV and luck over hand histories (PHH and the sites' own text): ``pyeval.allin_ev``
(docs/history.md), ``pyeval.read_hands`` (docs/site-histories.md).

Layers inside: ``reader`` (the fast PHH reader, the record), ``replay`` (pokerkit's replay, for
what the fast reader declines), ``sites`` (the sites' hand histories: the ``Hand`` model, one
reader per format, their records for the all-in EV), ``sources`` (paths, folders, text, parallel
reading), ``hands`` (``read_hands``), ``allin`` (pots, equity rows through the batch engine, EV),
``result`` and ``plot``.
"""

from __future__ import annotations

import os
import time
from typing import Any

from pyeval.core import _progress
from pyeval.history.allin import contradicted, count_rows, hand_values, pot_rows, showdown_rows
from pyeval.history.hands import read_hands
from pyeval.history.prize import NotValued, Payouts, check_payouts, payouts_of, prize_values
from pyeval.history.reader import HandRecord
from pyeval.history.result import AllinEVResult, HandTable, PlayerTable, name_sessions, player_rows
from pyeval.history.sources import collect_paths, gc_paused, is_text, read_source
from pyeval.query.parse import check_client

__all__ = ["allin_ev", "read_hands", "AllinEVResult", "HandRecord"]


def allin_ev(source: Any, *, player: str | None = None, method: str = "exact", progress: Any = None,
             client: Any = None, payouts: Any = None) -> AllinEVResult:
    """All-in EV, actual winnings and luck over hand histories.

    source    a .phh/.phhs file, a folder (read recursively), a list of paths, PHH text, or
              pokerkit ``HandHistory`` objects
    player    only the hands this player sat in, and only this player's row
    method    equities: "exact" (rows too large to enumerate are sampled and marked), or
              "monte-carlo"
    progress  True: a bar on stderr; a callable: ``progress(done, total)``; default none
              (``pyeval.core._progress.reporting``)
    client    a Dask ``Client``: the files are read on the cluster, a task per chunk of files
    payouts   tournament hands also in prize equity by ICM: the prizes of places 1, 2, ... (or a
              dict of them by tournament id); the hands gain ``prize_actual``, ``prize_ev`` and
              ``prize_luck``, the players the same sums (``pyeval.history.prize``: the ICM is
              that of the stacks at the hand's table, a final table's; with more places than
              players at the table, the places below them count as paid already)

    A hand is an all-in when betting is over before the last card (every player still in is
    all-in or has called, at most one is not all-in), two or more players contest it and every
    contesting hand is shown.  Each pot (by contributions, uncalled bets returned) is shared by
    the exact equities of its players on the cards dealt then; EV = sum of equity x pot (after
    rake) - chips put in; actual = finishing stack - starting stack; luck = actual - EV; z = total
    luck / sqrt(sum of the all-ins' payoff variances).  Each hand is checked first
    (``pyeval.history.validate``): a hand the PHH specification or the rules forbid, a file that
    is not PHH or cannot be read, a hand that needs pokerkit when it is missing, is left out and
    listed in ``.skipped`` (file, line, reason).  ValueError names a missing path, and a source
    with no hand histories; TypeError a source or client of the wrong kind.
    """
    _check_arguments(source, player, method, client)
    prizes = check_payouts(payouts)
    given = source
    started = time.perf_counter()
    # the collector off throughout: a million hands are millions of objects, none in a cycle
    with gc_paused(), _progress.reporting(progress, "allin-ev") as reported:
        watch = reported if reported is not None else _progress.Watch()  # no report: counted, not shown
        if isinstance(source, (str, os.PathLike, list, tuple)) and _is_paths(source):
            source = collect_paths(source)
            watch.add_total(len(source))
            records = read_source(source, client=client, advance=watch.advance, collected=True)
        else:
            records = read_source(source, client=client, advance=watch.advance)
        read_seconds = time.perf_counter() - started
        _refuse_without_hands(given, records)
        if player is not None:
            records = _sat_in(records, player)
        pots, rows = pot_rows(records)
        complete, final_rows = showdown_rows(records, pots)
        watch.add_total(len(rows) + len(final_rows))
        count_rows(rows + final_rows, method if method == "exact" else "monte-carlo", advance=watch.advance)
        _skip_contradicted(records, pots, complete, final_rows)
        equity_seconds = time.perf_counter() - started - read_seconds
        if prizes is not None:  # each tournament all-in's runouts valued by ICM: counted as a step each
            watch.add_total(sum(1 for h in pots if records[h].tournament is not None and records[h].skipped is None))
        result = _summarise(records, pots, rows, player, prizes, watch.advance)
    result.seconds = {"read": read_seconds, "equity": equity_seconds,
                      "tables": time.perf_counter() - started - read_seconds - equity_seconds}
    return result


def _check_arguments(source: Any, player: Any, method: Any, client: Any) -> None:
    """TypeError for a source, player or client of the wrong kind; ValueError for a method."""
    kinds = "a path, a folder, a list of paths, PHH text or pokerkit HandHistory objects"
    if isinstance(source, (bytes, bytearray)):
        raise TypeError(f"source must be {kinds}, got bytes (decode PHH text first)")
    items = source if isinstance(source, (list, tuple)) else [source]
    if not isinstance(source, (str, os.PathLike, list, tuple)) or not (
            all(isinstance(s, (str, os.PathLike)) for s in items) or all(_is_hand_history(s) for s in items)):
        bad = next((s for s in items if not isinstance(s, (str, os.PathLike)) and not _is_hand_history(s)), source)
        raise TypeError(f"source must be {kinds}, got {type(bad).__name__}")
    if player is not None and not isinstance(player, str):
        raise TypeError(f"player must be a player's name (str) or None, got {type(player).__name__}")
    if method not in ("exact", "monte-carlo", "mc"):
        raise ValueError(f"method must be 'exact' or 'monte-carlo', got {method!r}")
    check_client(client)


def _is_hand_history(item: Any) -> bool:
    return type(item).__name__ == "HandHistory" and hasattr(item, "state_actions")


def _refuse_without_hands(source: Any, records: list[HandRecord]) -> None:
    """ValueError when nothing was read: no files, or every hand skipped (the first reasons)."""
    if any(r.skipped is None for r in records):
        return
    if isinstance(source, (list, tuple)):
        named = ", ".join(map(str, source[:3])) + (", ..." if len(source) > 3 else "") if source else "[]"
    else:
        named = "the text given" if is_text(source) else str(source)
    why = "".join(f"; {r.source}:{r.line}: {r.skipped}" for r in records[:3])
    more = f" (and {len(records) - 3:,} more skipped)" if len(records) > 3 else ""
    raise ValueError(f"no hand histories in {named}" + (f": every hand skipped{why}{more}" if records else ""))


def _skip_contradicted(records: list[HandRecord], pots: dict, complete: set[int], final_rows: list) -> None:
    """An all-in whose finishing stacks its own showdown does not pay is skipped, not valued."""
    by_hand: dict[int, list] = {h: [] for h in complete}
    for row in final_rows:
        by_hand[row.hand].append(row)
    for h, rows in by_hand.items():
        reason = contradicted(records[h], pots[h], rows)
        if reason is not None:
            records[h].skipped = reason
            records[h].line = records[h].finishing_line or records[h].line


def _is_paths(source: Any) -> bool:
    if isinstance(source, (list, tuple)):
        return all(isinstance(s, (str, os.PathLike)) for s in source)
    return isinstance(source, os.PathLike) or not is_text(source)


def _sat_in(records: list[HandRecord], player: str) -> list[HandRecord]:
    mine = [r for r in records if r.skipped is not None or player in r.players]
    if all(r.skipped is not None for r in mine):
        names = sorted({n for r in records for n in r.players})
        shown = ", ".join(names[:20]) + (", ..." if len(names) > 20 else "")
        raise ValueError(f"no hand with player {player!r} (players: {shown})")
    return mine


def _summarise(records: list[HandRecord], pots: dict, rows: list, player: str | None,
               payouts: Payouts | None = None, advance: Any = None) -> AllinEVResult:
    rows_of: dict[int, list] = {}
    for pot_row in rows:
        rows_of.setdefault(pot_row.hand, []).append(pot_row)
    hands: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    shares: list[tuple[list[float], list[bool]]] = []  # per hand row: each player's variance, all-in or not
    for h, r in enumerate(records):
        if r.skipped is not None:
            skipped.append({"source": r.source, "line": r.line, "hand": r.hand, "reason": r.skipped})
            continue
        actual = [f - s for f, s in zip(r.finishing, r.starting)]
        if r.cash_out:  # paid or taken outside the pot: part of the actual, not of the pots
            actual = [a + c for a, c in zip(actual, r.cash_out)]
        row: dict[str, Any] = {"source": r.source, "hand": r.hand if r.hand is not None else str(r.index + 1),
                               "variant": r.variant, "game": r.game, "street": r.allin_street,
                               "players": r.players, "actual": actual, "ev": actual, "luck": [0] * len(actual),
                               "pots": [], "rake": r.rake if r.site else max(sum(r.starting) - sum(r.finishing), 0),
                               "note": r.note, "site": r.site, "stakes": r.stakes, "big_blind": r.unit or None,
                               "date": r.date, "session": ""}
        hands.append(row)
        if payouts is not None:
            _add_prizes(row, r, pots.get(h), payouts, rows_of.get(h, []))
            if h in pots and r.tournament is not None and advance is not None:
                advance(1)
        if h not in pots:  # not an all-in: ev = actual, no luck
            shares.append(([0.0] * len(actual), [False] * len(actual)))
            continue
        values = hand_values(r, pots[h], rows_of.get(h, []))
        row["ev"], row["pots"] = values["ev"], values["pots"]
        row["luck"] = [a - e for a, e in zip(actual, row["ev"])]
        shares.append((values["variance"], list(r.contesting)))
    if payouts is not None and all(row["prize_ev"] is None for row in hands):
        raise ValueError("payouts= values tournament hands in prize equity, and no tournament hand it names was read")
    name_sessions(hands)
    return AllinEVResult(HandTable(hands), PlayerTable(player_rows(hands, shares, player)), skipped, shares=shares,
                         only=player)


def _add_prizes(row: dict[str, Any], record: HandRecord, hand_pots: list | None, payouts: Payouts,
                hand_rows: list) -> None:
    """A tournament hand's actual, EV and luck in prize equity (None: a cash hand, or a
    tournament ``payouts`` does not name)."""
    prizes = payouts_of(record, payouts)
    row["prize_actual"] = row["prize_ev"] = row["prize_luck"] = None
    if prizes is None or len(record.players) < 2:
        return
    try:
        values = prize_values(record, hand_pots, prizes, hand_rows)
    except NotValued as e:
        row["note"] = "; ".join(filter(None, [row["note"], str(e)]))
        return
    row["prize_actual"], row["prize_ev"] = values["actual"], values["ev"]
    row["prize_luck"] = [a - e for a, e in zip(values["actual"], values["ev"])]
    if not values["exact"]:
        row["note"] = "; ".join(filter(None, [row["note"], "prize EV from sampled runouts"]))
