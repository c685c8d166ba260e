"""Hand strength for every hold'em state, 52-card or short deck (issue 41, docs/strength.md).

``index``/``cards`` number the suit-isomorphic states (states.py); ``features`` gives exact EHS,
EHS², potentials and river-EHS histograms of any states (state_features.py).
"""

from pyeval.strength.state_features import Features, features
from pyeval.strength.states import SHORT_DECK_STATES, STATES, STREETS, cards, count, deck_states, index
from pyeval.strength.tables import StrengthTable, table

__all__ = ["SHORT_DECK_STATES", "STATES", "STREETS", "Features", "StrengthTable", "cards", "count", "deck_states",
           "features", "index", "table"]
