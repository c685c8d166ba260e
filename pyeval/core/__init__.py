"""The core layer: cards, the game declarations, the evaluators and their helpers.

Nothing here runs an equity engine or imports a module above it (tests/test_layers.py).
"""
