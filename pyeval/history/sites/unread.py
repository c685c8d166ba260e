"""Formats of the smaller sites that pyeval recognises but does not read: each hand of such a
file is one skipped row naming the site and the format ("Boss Media XML hand not read: ..."), so a
folder that mixes them with the sites read loses nothing silently.  One module a site
(``bossmedia``, ``entraction``, ``igt``, ``merge``, ``microgaming``, ``ongame``) declares its
hand start and calls ``refusing_reader``."""

from __future__ import annotations

import re
from collections.abc import Callable

from pyeval.history.sites.model import Hand
from pyeval.history.sites.stars_text import split_at

__all__ = ["refusing_reader"]


def refusing_reader(start: str, format_name: str, why: str
                    ) -> tuple[Callable[[str], bool], Callable[[str], list[tuple[int, str]]], Callable[..., Hand]]:
    """``detect``, ``split`` and a ``parse`` that refuses every hand: hands start where ``start``
    matches; the reason names ``format_name`` and ``why`` it is not read."""
    pattern = re.compile(start, re.M)

    def detect(text: str) -> bool:
        return pattern.search(text[:3000]) is not None

    def split(text: str) -> list[tuple[int, str]]:
        pieces = split_at(pattern, text)
        if len(pieces) > 1 and pattern.search(pieces[0][1]) is None:  # a file header before the first hand
            pieces[:2] = [(1, pieces[0][1] + pieces[1][1])]
        return pieces

    def parse(hand_text: str, source: str, line: int) -> Hand:
        raise ValueError(f"{format_name} hand not read: {why}")

    return detect, split, parse
