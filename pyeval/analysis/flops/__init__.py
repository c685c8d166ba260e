"""Two ranges on every flop at once: ``pyeval.flop_report`` (issue 42).

isomorphism  the flops up to suit isomorphism and their weights
texture      a flop's suits, pairing, high card, connectedness and texture group
exact        hold'em and short deck: exact per-combo counts on every flop (the C flop sweep)
sampled      Omaha: per-flop Monte Carlo through the range engine
report       the entry point: ranges, flops, counts, hand classes
result       ``FlopReport`` (rows, ``by``, the result protocol) and ``FlopGroups``
plots        the report's plots (matplotlib)
"""

from pyeval.analysis.flops.report import flop_report
from pyeval.analysis.flops.result import FlopGroups, FlopReport

__all__ = ["flop_report", "FlopReport", "FlopGroups"]
