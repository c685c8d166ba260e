"""Type aliases for the public signatures.  Modules import them under ``TYPE_CHECKING`` only,
and each alias is a string, so nothing here is evaluated at run time."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

import numpy as np

if TYPE_CHECKING:
    from pyeval.core.games import Game
    from pyeval.ranges import Range

__all__ = ["Board", "Cards", "FilePath", "GameName", "Hand", "Strength"]

Cards: TypeAlias = "str | Sequence[int] | np.ndarray"
"""Cards as text (``"As Kd"``, ``"AsKd"``) or integer codes 0..51 (``4 * rank + suit``)."""

GameName: TypeAlias = "str | Game"
"""A game's name or alias (``"holdem"``, ``"plo"``) or its declaration (``pyeval.GAMES[...]``)."""

Hand: TypeAlias = "str | Sequence[int] | np.ndarray | Range | None"
"""One player's entry: cards, ``"random"`` (or None), or range text / a Range where the game takes ranges."""

Board: TypeAlias = "str | Sequence[int] | np.ndarray | Sequence[str] | None"
"""The known board cards; a list of one text per board in the double-board games."""

Strength: TypeAlias = "int | np.integer | Sequence[int] | np.ndarray"
"""A strength from an evaluator (higher is better), or an array of them."""

FilePath: TypeAlias = "str | os.PathLike[str]"
"""A file's path."""
