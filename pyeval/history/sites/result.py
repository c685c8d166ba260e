"""What ``pyeval.read_hands`` returns: the hands read and the pieces skipped (the result protocol)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pyeval.history.sites.model import Hand, Skipped
from pyeval.results.protocol import Result, plain

__all__ = ["HandsResult"]


@dataclass(eq=False)
class HandsResult(Result):
    """Hands read from site hand histories.

    hands     the ``Hand`` of every hand read, in file order
    skipped   a ``Skipped`` row (source, line, site, id, reason) for every hand or file not read

    ``rows()`` (and so ``to_frame``, ``to_csv``): one row per hand: source, line, site, id, game,
    limit, stakes, currency, tournament, date, players, seats, starting_stacks, hole, boards, rake,
    net (amounts as exact decimal text).  ``to_dict()``: every hand whole (``Hand.to_dict``, the
    actions too) and the skipped rows.
    """

    hands: list[Hand] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for h in self.hands:
            d = h.to_dict()
            out.append({k: d[k] for k in _ROW} | {"stakes": str(h.stakes)})
        return out

    def to_dict(self) -> dict[str, Any]:
        return plain({"hands": [h.to_dict() for h in self.hands], "skipped": [s.to_dict() for s in self.skipped]})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandsResult):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __len__(self) -> int:
        return len(self.hands)

    def __repr__(self) -> str:
        sites = Counter(h.site for h in self.hands)
        games = Counter(h.game for h in self.hands)
        text = f"HandsResult({len(self.hands):,} hands"
        if self.skipped:
            text += f", {len(self.skipped):,} skipped"
        text += ")"
        if sites:
            text += "\n  sites: " + ", ".join(f"{s} {n:,}" for s, n in sites.most_common())
            text += "\n  games: " + ", ".join(f"{g} {n:,}" for g, n in games.most_common())
        return text

    def skipped_lines(self) -> list[str]:
        """One line per piece skipped: ``file:line: reason``."""
        return [f"{s.source}:{s.line}: {s.reason}" for s in self.skipped]


_ROW = ("source", "line", "site", "id", "game", "limit", "currency", "tournament", "date", "players", "seats",
        "starting_stacks", "hole", "boards", "rake", "net")
