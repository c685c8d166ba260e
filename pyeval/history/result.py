"""The results of ``pyeval.allin_ev``: the hands, the players, and the run (the result protocol)."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from pyeval.history.allin import z_score
from pyeval.results.protocol import Result, plain

__all__ = ["HandTable", "PlayerTable", "AllinEVResult", "player_rows", "name_sessions", "SESSION_GAP", "GROUPS"]

SESSION_GAP = timedelta(minutes=30)
"""A session ends when this long passes without a hand (the trackers' rule)."""
GROUPS = ("stakes", "session", "site", "game", "source")
"""The hand columns ``AllinEVResult.by`` splits the player table by."""


def player_rows(hands: list[dict[str, Any]], shares: list[tuple[list[float], list[bool]]],
                player: str | None = None, key: str | None = None) -> list[dict[str, Any]]:
    """The per-player table of hand rows (``shares``: each row's payoff variances and all-in
    players), one row per player, or per (value of the hand column ``key``, player).

    bb100 and allin_adjusted_bb100 are actual and all-in adjusted winnings per 100 hands in big
    blinds of each hand's stakes, over the hands whose big blind is known (None when none is).
    With prize values (``allin_ev(payouts=)``): prize_actual, prize_ev and prize_luck, summed over
    the tournament hands valued (None for a player with none)."""
    prized = any("prize_ev" in row for row in hands)
    prizes: dict[tuple[Any, str], list[float]] = {}
    # per group and player: hands, allins, actual, ev, luck, variance, actual in bb, ev in bb, hands in bb
    totals: dict[tuple[Any, str], list[Any]] = {}
    for row, (variance, allin) in zip(hands, shares):
        group = row[key] if key is not None else None
        bb = row.get("big_blind")
        for i, name in enumerate(row["players"]):
            t = totals.get((group, name))
            if t is None:
                t = totals[(group, name)] = [0, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0]
            t[0] += 1
            if prized and row.get("prize_ev") is not None:
                p = prizes.get((group, name)) or [0.0, 0.0, 0.0]
                prizes[(group, name)] = [p[0] + row["prize_actual"][i], p[1] + row["prize_ev"][i],
                                         p[2] + row["prize_luck"][i]]
            t[1] += allin[i]
            t[2] += row["actual"][i]
            t[3] += row["ev"][i]
            t[4] += row["luck"][i]
            t[5] += variance[i]
            if bb:
                t[6] += row["actual"][i] / bb
                t[7] += row["ev"][i] / bb
                t[8] += 1
    out = []
    for (group, name), t in totals.items():
        if player is not None and name != player:
            continue
        entry: dict[str, Any] = {} if key is None else {key: group}
        entry.update({"player": name, "hands": t[0], "allins": t[1], "actual": t[2], "ev": t[3], "luck": t[4],
                      "z": z_score(t[4], t[5]),
                      "bb100": 100 * t[6] / t[8] if t[8] else None,
                      "allin_adjusted_bb100": 100 * t[7] / t[8] if t[8] else None})
        if prized:
            summed = prizes.get((group, name))
            entry.update(zip(("prize_actual", "prize_ev", "prize_luck"), summed or (None, None, None)))
        out.append(entry)
    return out


def name_sessions(hands: list[dict[str, Any]]) -> None:
    """Fills each hand row's ``session``: the start of its session ("2025-08-02 11:24"), hands
    with a date in time order, a new session after ``SESSION_GAP`` without a hand; a hand with no
    date (PHH) is in its file's session (the file's name)."""
    dated = []
    for k, row in enumerate(hands):
        try:
            dated.append((datetime.fromisoformat(row["date"]), k))
        except (TypeError, ValueError):
            row["session"] = os.path.basename(row["source"])
    dated.sort()
    label, last = "", None
    for when, k in dated:
        if last is None or when - last > SESSION_GAP:
            label = when.strftime("%Y-%m-%d %H:%M")
        hands[k]["session"] = label
        last = when


@dataclass(eq=False)
class _Records(Result):
    """A table kept as its rows: one dict a row."""

    records: list[dict[str, Any]] = field(default_factory=list)

    def rows(self) -> list[dict[str, Any]]:
        return self.records

    def __len__(self) -> int:
        return len(self.records)


@dataclass(eq=False)
class HandTable(_Records):
    """One row per hand: source, hand, variant, game, street (of the all-in; None when the hand is
    not one), players, actual, ev, luck (per player, in the order of ``players``; ev = actual
    when not an all-in), pots (amount, players eligible, their equities), rake, note (why a hand
    whose betting ended early does not count, or why it is skipped; a cash-out, a hand run
    twice), site ("" for PHH), stakes (as text), big_blind (None when not known), date (as the
    site wrote it, ISO 8601; "" for PHH), session (``name_sessions``); with ``allin_ev(payouts=)``,
    prize_actual, prize_ev, prize_luck (per player in prize equity; None for a cash hand)."""


    def __repr__(self) -> str:
        allins = sum(1 for r in self.records if r["street"] is not None)
        return f"HandTable({len(self.records):,} hands, {allins:,} all-ins)"


@dataclass(eq=False)
class PlayerTable(_Records):
    """One row per player (``AllinEVResult.by``: per group and player, the group's column first):
    player, hands, allins, actual, ev (all-in adjusted winnings), luck (actual - ev), z (luck in
    standard deviations of the all-ins' outcomes), bb100 and allin_adjusted_bb100 (actual and
    all-in adjusted winnings per 100 hands, in big blinds of each hand's stakes; None when no
    hand's big blind is known); with ``allin_ev(payouts=)``, prize_actual, prize_ev and
    prize_luck (winnings in prize equity by ICM over the tournament hands; None without any)."""


    def __repr__(self) -> str:
        group = next((k for k in GROUPS if self.records and k in self.records[0]), None)
        head = f"{group:<22} " if group else ""
        lines = [head + f"{'player':<20} {'hands':>8} {'allins':>7} {'actual':>14} {'ev':>14} {'luck':>12} {'z':>6}"
                 f" {'bb/100':>8} {'adj bb/100':>10}" + (f" {'prize':>9} {'prize ev':>9}" if self._prized() else "")]
        for r in self.records:
            z = "" if r["z"] is None or math.isnan(r["z"]) else f"{r['z']:.2f}"
            bb = "" if r["bb100"] is None else f"{r['bb100']:.1f}"
            adjusted = "" if r["allin_adjusted_bb100"] is None else f"{r['allin_adjusted_bb100']:.1f}"
            lines.append((f"{str(r[group])[:22]:<22} " if group else "")
                         + f"{r['player'][:20]:<20} {r['hands']:>8,} {r['allins']:>7,} {r['actual']:>14,.2f} "
                         f"{r['ev']:>14,.2f} {r['luck']:>12,.2f} {z:>6} {bb:>8} {adjusted:>10}"
                         + (_prize_cells(r) if self._prized() else ""))
        return "\n".join(lines)

    def _prized(self) -> bool:
        return bool(self.records) and "prize_ev" in self.records[0]


def _prize_cells(row: dict[str, Any]) -> str:
    """A player's prize actual and EV (``allin_ev(payouts=)``), blank without tournament hands."""
    if row["prize_ev"] is None:
        return f" {'':>9} {'':>9}"
    return f" {row['prize_actual']:>9,.2f} {row['prize_ev']:>9,.2f}"


@dataclass(eq=False)
class AllinEVResult(Result):
    """All-in EV over hand histories.

    hands     HandTable, one row per hand read
    players   PlayerTable, one row per player (the result's own rows)
    skipped   the hands not read, one dict each: source (the file), line, hand, reason (a hand
              the PHH specification or the rules forbid, a file that is not PHH or cannot be
              read, a hand that needs pokerkit when it is not installed, one it cannot replay)
    seconds   time spent reading ("read"), counting equities ("equity") and making the tables
              ("tables")
    """

    hands: HandTable
    players: PlayerTable
    skipped: list[dict[str, Any]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    shares: list[tuple[list[float], list[bool]]] = field(default_factory=list, repr=False, compare=False)
    only: str | None = field(default=None, repr=False, compare=False)

    def by(self, column: str) -> PlayerTable:
        """The player table split by a hand column: "stakes", "session" (hands with no 30-minute
        break; ``SESSION_GAP``), "site", "game" or "source": one row per (value, player), the
        value first.  ValueError for another column."""
        if column not in GROUPS:
            raise ValueError(f"by() splits by one of {', '.join(GROUPS)}; got {column!r}")
        return PlayerTable(player_rows(self.hands.records, self.shares, self.only, column))

    def rows(self) -> list[dict[str, Any]]:
        return self.players.rows()

    def to_dict(self) -> dict[str, Any]:
        return plain({"players": self.players.rows(), "hands": self.hands.rows(), "skipped": self.skipped})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AllinEVResult):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        allins = sum(1 for r in self.hands.records if r["street"] is not None)
        head = f"AllinEVResult({len(self.hands):,} hands, {allins:,} all-ins"
        if self.skipped:
            head += f", {len(self.skipped):,} skipped"
        return head + ")\n" + repr(self.players)

    def skipped_lines(self) -> list[str]:
        """One line per hand skipped: ``file:line: reason``."""
        return [f"{s['source']}:{s['line']}: {s['reason']}" for s in self.skipped]

    def curves(self, player: str, big_blinds: bool = False) -> tuple[list[float], list[float]]:
        """Cumulative actual and all-in adjusted winnings of ``player`` over the hands played (in
        big blinds of each hand's stakes with ``big_blinds``: ValueError when a hand's big blind
        is not known)."""
        actual, adjusted = [0.0], [0.0]
        for r in self.hands.records:
            if player in r["players"]:
                i = r["players"].index(player)
                unit: Any = 1
                if big_blinds:
                    unit = r.get("big_blind")
                    if not unit:
                        raise ValueError(f"hand {r['hand']} of {r['source']} has no known big blind: plot in chips")
                actual.append(actual[-1] + r["actual"][i] / unit)
                adjusted.append(adjusted[-1] + r["ev"][i] / unit)
        return actual, adjusted

    def in_big_blinds(self, player: str | None = None) -> bool:
        """Whether every hand (of ``player``) has a known big blind: the plot is then in big blinds."""
        return all(r.get("big_blind") for r in self.hands.records if player is None or player in r["players"])

    def plot(self, path: str | None = None, player: str | None = None, top: int = 8, unit: str = "auto") -> Any:
        """Cumulative actual winnings against all-in adjusted winnings over the hands, for
        ``player``, else the ``top`` players with the most hands (matplotlib: the ``plot`` extra);
        written to ``path`` if given.  ``unit``: "bb" (big blinds of each hand's stakes), "chips",
        or "auto" (big blinds when every hand drawn has a known big blind)."""
        from pyeval.history.plot import winnings_plot

        return winnings_plot(self, path, player, top, unit)
