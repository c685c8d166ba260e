"""The query layer: reading and checking what a query names (hands, boards, dead cards, the
method, the sample count and seed), shared by the engines and the front doors.  Imports only
pyeval.core and pyeval.ranges (tests/test_layers.py)."""
