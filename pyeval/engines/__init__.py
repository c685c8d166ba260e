"""The engines: layouts, tallies, the thread pool, exact strategies, Monte Carlo, the range
engine and the Dask runner.  Front doors (pyeval.equity, pyeval.batch, ...) call them; they
import only pyeval.core, pyeval.ranges, pyeval.query and pyeval.results (tests/test_layers.py)."""
