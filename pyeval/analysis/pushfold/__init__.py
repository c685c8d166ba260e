"""Push/fold equilibria: all-in or fold before the flop, solved over the 169 starting-hand classes.

Heads-up (``heads_up``: ``pushfold``; the class-pair equities ``equities``, the CFR+ ``solver``),
three-handed (``three_handed``: ``pushfold3``; ``equities3``, ``solver3``, and ``values3``: the
spot's numbers and each ending's value, chips or ICM) and charts over stack depths (``chart``:
``pushfold_chart``).  The entry points are exported from ``pyeval`` (docs/pushfold.md).
"""
