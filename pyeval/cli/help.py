"""Help texts the subcommands share: the games with their aliases, the range syntax."""

from __future__ import annotations

from collections.abc import Iterable

from pyeval.core.games import ALIASES, GAMES


def games_help(games: Iterable[str] | None = None) -> str:
    """One line per game: its name, what it is, and the other names it answers to."""
    names = list(games or GAMES)
    aliases: dict[str, list[str]] = {}
    for alias, name in ALIASES.items():
        aliases.setdefault(name, []).append(alias)
    width = max(len(n) for n in names)
    lines = ["games (and their aliases):"]
    for n in names:
        also = f" (also {', '.join(aliases[n])})" if n in aliases else ""
        lines.append(f"  {n:<{width}}  {GAMES[n].description}{also}")
    return "\n".join(lines)


RANGE_HELP = """\
hands: cards (AhAs or "Ah As"); random (or xx) for an unknown hand; a missing card written * or ??
  (Ah* = the ace of hearts and any card); stud: the cards so far; draw games: the cards kept.
ranges (hold'em and Omaha games), comma-separated, e.g. "QQ+,AKs,A5s-A2s":
  QQ  QQ+  22-55  AKs  AKo  AK  A2s+  K9s-K6s  T9s-65s  AsK*  15%  random  AKs:0.5 (a weight)
  Omaha: AA** (two aces and any two), As**, AAKKds (double suited), ss (single suited), rainbow"""
