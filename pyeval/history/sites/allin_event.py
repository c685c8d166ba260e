"""An all-in the text writes as the chips it puts in, without saying whether it calls, bets or
raises (Boss Media's ``ACTION_ALLIN``, Entraction's ``All-In``): which it is follows from the bets
of the street so far."""

from __future__ import annotations

from decimal import Decimal

from pyeval.history.sites.model import ZERO

__all__ = ["allin_event"]


def allin_event(name: str, street: str, had: Decimal, chips: Decimal, top: Decimal) -> tuple:
    """The event (``assemble``'s tuple form) of ``name`` putting ``chips`` more in, all-in, having
    ``had`` in on the street, facing a largest bet of ``top``: a call when it makes no more than
    ``top``, a bet on a street without one, else a raise to what it makes."""
    if had + chips <= top:
        return ("call", name, street, chips, ZERO, True, "", 0, 0, 0)
    if top == 0:
        return ("bet", name, street, chips, ZERO, True, "", 0, 0, 0)
    return ("raise", name, street, ZERO, had + chips, True, "", 0, 0, 0)
