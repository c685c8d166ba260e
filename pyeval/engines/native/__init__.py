"""The numba kernels (``cache=True``, compiled on first use, never on import): dealing and
enumerating (``deal_kernels``), tallies (``tally_kernels``), best-keep tallies (``keep_kernels``),
the range engine's exact and sampling kernels (``range_exact``, ``range_sample``).  The C core is
``pyeval.core._native``."""
