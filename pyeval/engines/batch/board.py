"""The C board batch's constants (csrc/board_batch.c), shared by pyeval.batch (the batch of many
rows) and the row strategy of pyeval.engines.strategies (a batch of one row)."""

from __future__ import annotations

UNKNOWN = 255  # csrc/board_batch.c's UNKNOWN_CARD




C_TALLY_PATTERNS = 1024
"""Batches of at most this many outcome patterns per row are tallied in C (a small matrix
product per row); larger ones return histograms, tallied by numpy."""
