"""pyeval: a high-throughput poker hand evaluator and equity calculator.

Cards are integer codes 0..51 (``4 * rank + suit``; see ``pyeval.cards``);
every evaluator returns strengths where higher is better.

>>> import pyeval
>>> pyeval.describe(pyeval.evaluate_high("As Ks Qs Js Ts"))
'Royal flush'
"""

from pyeval._version import __version__
from pyeval.analysis import combo_equities, icm, next_card, range_breakdown
from pyeval.batch import BatchEquityResult, equity_batch
from pyeval.best_five import BestFive, best_five
from pyeval.cards import format_cards, parse_cards
from pyeval.deal import deal, showdown
from pyeval.describe import describe, hand_category
from pyeval.equity import EquityResult, equity
from pyeval.evaluate import (
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
from pyeval.games import GAMES, Game, get_game
from pyeval.keep import best_keep
from pyeval.ranges import CLASS_NAMES, Range, parse_range, preflop_equity, preflop_matrix, preflop_order
from pyeval.simulate import SimulationResult, simulate
from pyeval.stud import bring_in

__all__ = [
    "BatchEquityResult",
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
    "range_breakdown",
    "showdown",
    "simulate",
    "Range",
    "__version__",
]
