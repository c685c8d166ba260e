"""Exact strategies for one query of known hands (and random ones): the priced list that
``method="exact"``/``"auto"`` chooses from (``exact_strategies``), the two-hand counts
(``two_hand``, ``two_hand_hilo``).  The layout, tallies and Monte Carlo they share are in
``pyeval.engines.engine``."""
