"""Range analysis: per-combo equities, what a range holds on a board, two ranges on every flop,
the next card, ICM, and push/fold equilibria.

The entry points are exported from ``pyeval`` itself: ``combo_equities``, ``range_breakdown``,
``flop_report`` (pyeval/analysis/flops/, docs/flops.md),
``next_card``, ``icm``, ``pushfold`` (heads-up or three-handed: ``players=``) and ``pushfold_chart``;
plots are in ``pyeval.analysis.plots``
(matplotlib, the ``plot`` extra).  Definitions and examples: docs/analysis.md.
"""

from pyeval.analysis.breakdown import RangeBreakdown, range_breakdown
from pyeval.analysis.combos import ComboEquities, combo_equities
from pyeval.analysis.flops import FlopGroups, FlopReport, flop_report
from pyeval.analysis.icm import ICMResult, icm
from pyeval.analysis.next_card import NextCard, next_card
from pyeval.analysis.pushfold.chart import PushFoldChart, pushfold_chart
from pyeval.analysis.pushfold.entry import pushfold
from pyeval.analysis.pushfold.heads_up import PushFoldResult
from pyeval.analysis.pushfold.three_handed import PushFold3Result

__all__ = ["ComboEquities", "FlopGroups", "FlopReport", "ICMResult", "NextCard", "PushFold3Result", "PushFoldChart",
           "PushFoldResult", "RangeBreakdown", "combo_equities", "flop_report", "icm", "next_card", "pushfold",
           "pushfold_chart", "range_breakdown"]
