"""The results of ``pyeval.allin_ev``: the hands, the players, and the run (the result protocol)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pyeval.results.protocol import Result, plain

__all__ = ["HandTable", "PlayerTable", "AllinEVResult"]


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
    whose betting ended early does not count, or why it is skipped)."""


    def __repr__(self) -> str:
        allins = sum(1 for r in self.records if r["street"] is not None)
        return f"HandTable({len(self.records):,} hands, {allins:,} all-ins)"


@dataclass(eq=False)
class PlayerTable(_Records):
    """One row per player: player, hands, allins, actual, ev (all-in adjusted winnings), luck
    (actual - ev), z (luck in standard deviations of the all-ins' outcomes)."""


    def __repr__(self) -> str:
        lines = [f"{'player':<20} {'hands':>8} {'allins':>7} {'actual':>14} {'ev':>14} {'luck':>12} {'z':>6}"]
        for r in self.records:
            z = "" if r["z"] is None or math.isnan(r["z"]) else f"{r['z']:.2f}"
            lines.append(f"{r['player'][:20]:<20} {r['hands']:>8,} {r['allins']:>7,} {r['actual']:>14,.2f} "
                         f"{r['ev']:>14,.2f} {r['luck']:>12,.2f} {z:>6}")
        return "\n".join(lines)


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

    def curves(self, player: str) -> tuple[list[float], list[float]]:
        """Cumulative actual and all-in adjusted winnings of ``player`` over the hands played."""
        actual, adjusted = [0.0], [0.0]
        for r in self.hands.records:
            if player in r["players"]:
                i = r["players"].index(player)
                actual.append(actual[-1] + r["actual"][i])
                adjusted.append(adjusted[-1] + r["ev"][i])
        return actual, adjusted

    def plot(self, path: str | None = None, player: str | None = None, top: int = 8) -> Any:
        """Cumulative actual winnings against all-in adjusted winnings over the hands, for
        ``player``, else the ``top`` players with the most hands (matplotlib: the ``plot`` extra);
        written to ``path`` if given."""
        from pyeval.history.plot import winnings_plot

        return winnings_plot(self, path, player, top)
