"""Range analysis: per-combo equities, what a range holds on a board, the next card, and ICM.

The four entry points are exported from ``pyeval`` itself: ``combo_equities``,
``range_breakdown``, ``next_card`` and ``icm``; plots are in ``pyeval.analysis.plots``
(matplotlib, the ``plot`` extra).  Definitions and examples: docs/analysis.md.
"""

from pyeval.analysis.breakdown import RangeBreakdown, range_breakdown
from pyeval.analysis.combos import ComboEquities, combo_equities
from pyeval.analysis.icm import ICMResult, icm
from pyeval.analysis.next_card import NextCard, next_card

__all__ = ["ComboEquities", "ICMResult", "NextCard", "RangeBreakdown", "combo_equities", "icm", "next_card",
           "range_breakdown"]
