"""Results: the integer tallies the engines count (``tally``) and the result objects built from
them (``equity_result``).  Imports only pyeval.core, pyeval.ranges and pyeval.query."""
