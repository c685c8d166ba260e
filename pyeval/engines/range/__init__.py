"""The range engine: a query whose players hold ranges (``equity`` reads it into a ``spot``),
folded players (``folded``), weighted ranges split by weight class (``weights``), suit symmetry
(``symmetry``), range Monte Carlo (``sampling``) and per-combo counts (``combo_tally``)."""
