"""pyeval: a high-throughput poker hand evaluator and equity calculator.

Cards are integer codes 0..51 (``4 * rank + suit``; see ``pyeval.core.cards``);
every evaluator returns strengths where higher is better.

>>> import pyeval
>>> pyeval.describe(pyeval.evaluate_high("As Ks Qs Js Ts"))
'Royal flush'
"""

from typing import TYPE_CHECKING

from pyeval._version import __version__
from pyeval.batch import BatchEquityResult, equity_batch
from pyeval.core.best_five import BestFive, best_five
from pyeval.core.cards import format_cards, parse_cards
from pyeval.core.describe import describe, hand_category
from pyeval.core.evaluate import (
    HIGH_CATEGORIES,
    NO_LOW,
    evaluate_badugi,
    evaluate_deuce7,
    evaluate_high,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_low8,
    evaluate_razz,
    evaluate_shortdeck,
    evaluate_showing,
)
from pyeval.core.games import GAMES, Game, get_game
from pyeval.core.stud import bring_in
from pyeval.equity import EquityResult, equity
from pyeval.keep import best_keep
from pyeval.ranges import CLASS_NAMES, Range, parse_range, preflop_equity, preflop_matrix, preflop_order
from pyeval.sim.deal import deal, showdown
from pyeval.sim.simulate import SimulationResult, simulate

if TYPE_CHECKING:
    from pyeval.analysis.breakdown import range_breakdown
    from pyeval.analysis.combos import combo_equities
    from pyeval.analysis.flops import flop_report
    from pyeval.analysis.icm import icm
    from pyeval.analysis.next_card import next_card
    from pyeval.analysis.pushfold.chart import pushfold_chart
    from pyeval.analysis.pushfold.entry import pushfold
    from pyeval.history import allin_ev, read_hands

_ON_FIRST_USE = {"combo_equities": "pyeval.analysis", "flop_report": "pyeval.analysis", "icm": "pyeval.analysis",
                 "next_card": "pyeval.analysis",
                 "pushfold": "pyeval.analysis", "pushfold_chart": "pyeval.analysis",
                 "range_breakdown": "pyeval.analysis", "allin_ev": "pyeval.history",
                 "read_hands": "pyeval.history"}
"""Imported when first asked for: pyeval.analysis loads the range kernels, and with them numba,
which ``import pyeval`` should not pay for (about a second)."""

def __getattr__(name: str) -> object:
    import importlib

    if name in _ON_FIRST_USE:
        value = getattr(importlib.import_module(_ON_FIRST_USE[name]), name)
        globals()[name] = value
        return value
    if name in ("caribbean", "strength"):  # subpackages imported when first asked for (caribbean loads numba)
        return importlib.import_module(f"pyeval.{name}")
    raise AttributeError(f"module 'pyeval' has no attribute {name!r}")

__all__ = [
    "BatchEquityResult",
    "allin_ev",
    "read_hands",
    "BestFive",
    "CLASS_NAMES",
    "EquityResult",
    "GAMES",
    "Game",
    "HIGH_CATEGORIES",
    "NO_LOW",
    "SimulationResult",
    "best_five",
    "best_keep",
    "bring_in",
    "combo_equities",
    "deal",
    "describe",
    "equity",
    "equity_batch",
    "evaluate_badugi",
    "evaluate_deuce7",
    "evaluate_high",
    "evaluate_low8",
    "evaluate_omaha",
    "evaluate_omaha_low8",
    "evaluate_razz",
    "evaluate_shortdeck",
    "evaluate_showing",
    "flop_report",
    "format_cards",
    "get_game",
    "icm",
    "hand_category",
    "next_card",
    "parse_cards",
    "parse_range",
    "preflop_equity",
    "preflop_matrix",
    "preflop_order",
    "pushfold",
    "pushfold_chart",
    "range_breakdown",
    "showdown",
    "simulate",
    "Range",
    "__version__",
]
