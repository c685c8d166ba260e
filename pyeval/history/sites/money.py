"""Money as the sites write it -> ``Decimal`` (exact): one place for currency signs, thousands
separators and decimal commas.

>>> amount("$1,234.50"), amount("1.234,50 €", decimal=","), amount("(0.10)"), amount("1 500")
(Decimal('1234.50'), Decimal('1234.50'), Decimal('0.10'), Decimal('1500'))
>>> currency_of("€2.50"), currency_of("2,50 €"), currency_of("1500")
('EUR', 'EUR', '')
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Final

__all__ = ["amount", "currency_of", "SIGNS", "CODES"]

SIGNS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR", "₽": "RUB", "R$": "BRL", "C$": "CAD",
         "A$": "AUD", "\x80": "EUR"}
"""Currency signs -> ISO codes ("\\x80" is the euro of cp1252 read as latin-1)."""
CODES: Final = frozenset({"USD", "EUR", "GBP", "CAD", "AUD", "BRL", "CNY", "INR", "RUB", "RSD", "SEK", "DKK", "NOK",
                          "CHF", "PLN", "CZK", "HUF", "RON", "BGN", "MXN", "JPY", "T$", "FPP", "SC"})

_NOT_NUMBER: Final = re.compile(r"[^0-9.,\-]")


def amount(text: str, decimal: str = ".") -> Decimal:
    """The number in a site's money text: signs, codes, spaces, brackets dropped; ``decimal`` is
    the decimal mark the site writes ("." or ","), the other mark separates thousands.  ValueError
    naming the text when it holds no number."""
    seen = _SEEN_POINT if decimal == "." else _SEEN_COMMA
    known = seen.get(text)
    if known is not None:  # a hand history repeats its amounts: each is read once (Decimal is immutable)
        return known
    value = _amount(text, decimal)
    if len(seen) < _SEEN_MAX:
        seen[text] = value
    return value


_SEEN_POINT: Final[dict[str, Decimal]] = {}
_SEEN_COMMA: Final[dict[str, Decimal]] = {}
"""The amounts read, by their text, one table per decimal mark (a text means another number
with the other mark)."""
_SEEN_MAX: Final = 100_000


def _amount(text: str, decimal: str) -> Decimal:
    digits = _NOT_NUMBER.sub("", text)
    thousands = "," if decimal == "." else "."
    digits = digits.replace(thousands, "")
    if decimal == ",":
        digits = digits.replace(",", ".")
    try:
        if not digits or digits in ("-", "."):
            raise InvalidOperation
        return Decimal(digits)
    except InvalidOperation:
        raise ValueError(f"not an amount: {text!r}") from None


def currency_of(text: str) -> str:
    """The ISO code of the currency a money text names ("" when none: chips)."""
    # the code written first (a set's order changes with the process's hash seed)
    at = [(text.find(code), code) for code in _MONEY_CODES if code in text]
    if at:
        return min(at)[1]
    for sign in _SIGNS_LONGEST_FIRST:
        if sign in text:
            return SIGNS[sign]
    return ""


_SIGNS_LONGEST_FIRST: Final = sorted(SIGNS, key=len, reverse=True)
_MONEY_CODES: Final = sorted(CODES - {"T$", "FPP", "SC"})
