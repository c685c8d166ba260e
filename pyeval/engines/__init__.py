"""The engines: how a query is answered.  Front doors (pyeval.equity, pyeval.batch, ...) call them;
they import only pyeval.core, pyeval.ranges, pyeval.query and pyeval.results (tests/test_layers.py).

Here: ``engine`` (the layout of a deal, chunks, pattern tables, the C board engine's calls, Monte
Carlo), ``pool`` (the thread pool every engine runs its jobs on) and ``cluster`` (the Dask runner).
Folders: ``single/`` (exact strategies for one query of known and random hands), ``range/`` (the
range engine), ``batch/`` (many rows of one shape), ``native/`` (the numba kernels).
"""
