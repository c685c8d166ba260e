"""Hand histories written in another language, turned into the English of the same site's client
(one table a language; the readers then read English only).

Portuguese (PokerStars' Brazilian client) is the language the shared site files show besides
English; a text in a language with no table is read as it is (and refused line by line when the
reader meets words it does not know).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["translate", "PORTUGUESE"]

PORTUGUESE: Final[tuple[tuple[str, str], ...]] = (
    ("Mão PokerStars #", "PokerStars Hand #"),
    ("Torneio #", "Tournament #"),
    ("Nível ", "Level "),
    ("Mesa '", "Table '"),
    ("Lugar #", "Seat #"),
    ("Lugar ", "Seat "),
    (" é o botão", " is the button"),
    (", em fichas)", " in chips)"),
    (" em fichas)", " in chips)"),
    (": coloca ante ", ": posts the ante "),
    (": paga o small blind ", ": posts small blind "),
    (": paga o big blind ", ": posts big blind "),
    ("*** CARTAS DA MÃO ***", "*** HOLE CARDS ***"),
    ("*** SUMÁRIO ***", "*** SUMMARY ***"),
    (": desiste", ": folds"),
    (": iguala ", ": calls "),
    (": passa", ": checks"),
    (": aposta ", ": bets "),
    (" e está all-in", " and is all-in"),
    (": mostra ", ": shows "),
    ("Aposta não-igualada (", "Uncalled bet ("),
    (") voltou para ", ") returned to "),
    (" do pote", " from pot"),
    ("Total pote ", "Total pot "),
    ("| comissão ", "| Rake "),
    ("Mesa [", "Board ["),
    (" recebeu (", " collected ("),
    (" está sit out", " is sitting out"),
    (" (Botão)", " (button)"),
    (" desistiu ", " folded "),
)
_RAISE: Final = re.compile(r": aumenta (\S+) para (\S+)")
_DEALT: Final = re.compile(r"^(.+) recebe \[", re.M)
_COLLECTED: Final = re.compile(r"^(.+) recebeu (\S+) from pot", re.M)


def translate(text: str) -> tuple[str, str]:
    """(the text in English, its language: "en", "pt")."""
    if not text.startswith("Mão "):
        return text, "en"
    for a, b in PORTUGUESE:
        text = text.replace(a, b)
    text = _RAISE.sub(r": raises \1 to \2", text)
    text = _DEALT.sub(r"Dealt to \1 [", text)
    text = _COLLECTED.sub(r"\1 collected \2 from pot", text)
    return text, "pt"
