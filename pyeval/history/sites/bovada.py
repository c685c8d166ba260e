"""Bovada / Ignition / Bodog hand histories: recognised, each hand refused naming the format
(``unread``): players are named by their position, which moves with the button, so a player
cannot be followed from hand to hand, and the 2012 text leaves out the street markers."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "bovada"
detect, split, parse = refusing_reader(r"^\ufeff?(?:Bovada|Ignition|Bodog) Hand #", "Bovada text",
                                       "pyeval has no reader for Bovada's text yet (players named by position)")
