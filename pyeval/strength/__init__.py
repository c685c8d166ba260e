"""Hand strength for every hold'em state (issue 41): canonical states and their features.

``index``/``cards`` number the suit-isomorphic states (pyeval/strength/states.py).
"""

from pyeval.strength.states import SHORT_DECK_STATES, STATES, STREETS, cards, count, index

__all__ = ["SHORT_DECK_STATES", "STATES", "STREETS", "cards", "count", "index"]
