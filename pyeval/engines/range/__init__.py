"""The range engine: a range ``Spot`` (read by pyeval.query.range_spot) answered by priced
strategies (``strategies``: weight split, preflop table, board-major, sweep, assignments, Monte
Carlo) over the engine's view of the spot and its exact paths' counts (``spot``); the deal model
and ``range_equity`` (``equity``), folded players (``folded``), weights and the split by weight
class (``weights``), suit symmetry (``symmetry``), range Monte Carlo (``sampling``) and
per-combo counts (``combo_tally``)."""
