"""Many queries of one shape at once, for ``pyeval.equity_batch``: board rows in C (``board``),
stud and draw rows in C (``stud``), and the rows' jobs (``rows``)."""
