"""Every game, declared once.  The engines read these declarations and nothing else
about a game (no per-game branches elsewhere).

>>> GAMES["omaha-hilo"].use, GAMES["omaha-hilo"].low
('omaha', 'low8')
>>> get_game("plo").name
'omaha'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Game:
    """A poker variant, as far as showdown and equity are concerned.

    hole          cards each player holds at showdown
    board         community cards per board (0: stud and draw games)
    boards        number of boards; each board plays for an equal share of the pot
    use           "any": best hand from hole + board cards; "omaha": exactly 2 hole + 3 board
    high          evaluator of the main half: "high", "shortdeck" (trips beat a straight),
                  "shortdeck-straight" (a straight beats trips), "razz" (A-5 low), "deuce7", "badugi"
    low           evaluator of the low half ("low8": 8-or-better qualifier), or None
    lowest_card   lowest card code in the deck (16 = the six of clubs for short deck)
    max_players   players allowed at the table
    stud_shortage  the last card is dealt as one community card when the deck runs short (RULES.md)
    dealt         hole cards dealt before discards (Irish, Aviation), else equal to ``hole``
    discards      the discards, in order: (board cards showing when it is made, cards discarded)
    bring_in      stud's third-street forced bet: "lowest" up-card (ace high) or "highest" (razz, ace low)
    """

    name: str
    hole: int
    board: int = 0
    boards: int = 1
    use: str = "any"
    high: str = "high"
    low: str | None = None
    lowest_card: int = 0
    max_players: int = 10
    stud_shortage: bool = False
    dealt: int | None = None
    discards: tuple[tuple[int, int], ...] = ()
    bring_in: str | None = None
    description: str = ""

    @property
    def deck_size(self) -> int:
        return 52 - self.lowest_card

    @property
    def dealt_cards(self) -> int:
        return self.dealt if self.dealt is not None else self.hole

    @property
    def partial_hands(self) -> bool:
        """Whether a hand may hold fewer cards than ``hole``, the rest dealt by the engines.

        In stud a hand is the cards dealt so far and in draw games the cards kept: both are
        short during the deal.  In board games every hole card is dealt at once, so a short
        hand is a mistake unless its missing cards are written out (``"Ah*"``, ``"Ah??"``).
        """
        return self.board == 0

    @property
    def family(self) -> str:
        """The range family: "holdem" (two hole cards, any of them with the board), "omaha" (exactly two with three
        of the board) or "other" (stud, draw, the four-card hold'em variants): the families the
        range syntax and the range engine know."""
        if self.board and self.use == "omaha":
            return "omaha"
        if self.board and self.use == "any" and self.hole == 2:
            return "holdem"
        return "other"

    @property
    def community_cards(self) -> int:
        """Most board cards a deal shows: the board, or in stud the one community card of a short deck."""
        return self.board if self.board else int(self.stud_shortage)

    def deals_community_card(self, need: int, live: int, shown: int, forced: bool = False) -> bool:
        """Whether stud's last card is dealt as one community card (RULES.md): when the players
        need more cards (``need``) than remain (``live``), or it is already shown (``shown``) or
        ``forced`` (a side pot among fewer players keeps the deal of the whole table).  A shown
        community card when the deck does not run short is refused."""
        if not self.stud_shortage:
            return False
        if shown and not forced and need <= live + shown:
            raise ValueError(f"{self.name} deals a community card only when the deck runs short (RULES.md: the "
                             f"players need {need} more card{'s' * (need != 1)} and {live + shown} remain); "
                             "give no board")
        return need > live or forced or bool(shown)

    def pot_parts(self, n_boards: int, pot: int) -> tuple[tuple[str, int, int, int], ...]:
        """The parts of a pot of ``pot`` units: (evaluator, board, units, fallback part or -1) per
        board, the low half falling back to the high half when no low qualifies."""
        parts: list[tuple[str, int, int, int]] = []
        share = pot // n_boards
        for j in range(n_boards):
            if self.low:
                hi = len(parts)
                parts.append((self.high, j, share // 2, -1))
                parts.append((self.low, j, share // 2, hi))
            else:
                parts.append((self.high, j, share, -1))
        return tuple(parts)

    @cached_property
    def board_kinds(self) -> tuple[int, int] | None:
        """The C evaluator kinds (high half, low half or -1) of the board engine (csrc/board_*.c),
        or None for a game it does not play."""
        from pyeval.core._native import lib  # the compiled core, loaded when a game is first played

        high = {("any", "high"): lib.PYEVAL_KIND_HIGH, ("any", "shortdeck"): lib.PYEVAL_KIND_SHORTDECK,
                ("any", "shortdeck-straight"): lib.PYEVAL_KIND_SHORTDECK_ALT,
                ("omaha", "high"): lib.PYEVAL_KIND_OMAHA_HIGH}.get((self.use, self.high))
        low = {None: -1, "low8": lib.PYEVAL_KIND_OMAHA_LOW8 if self.use == "omaha" else lib.PYEVAL_KIND_LOW8
               }.get(self.low)
        if not self.board or high is None or low is None or (self.use == "any" and self.hole > 2):
            return None
        return high, low

    @cached_property
    def stud_kinds(self) -> tuple[int, int] | None:
        """The C evaluators (high half, low half or -1) of the stud/draw count (csrc/stud_batch.c),
        or None: board games, and evaluators it does not take."""
        from pyeval.core._native import lib

        if self.board or not 4 <= self.hole <= 7:
            return None
        evaluators = {"high": lib.PYEVAL_EVAL_HIGH, "razz": lib.PYEVAL_EVAL_RAZZ, "deuce7": lib.PYEVAL_EVAL_DEUCE7,
                      "badugi": lib.PYEVAL_EVAL_BADUGI}
        high = evaluators.get(self.high)
        low = -1 if self.low is None else (lib.PYEVAL_EVAL_LOW8 if self.low == "low8" else None)
        if high is None or low is None:
            return None
        return high, low


_DECLARATIONS = [
    Game("holdem", 2, 5, description="Texas hold'em"),
    Game("holdem-hilo", 2, 5, low="low8", description="Hold'em hi/lo 8-or-better"),
    Game("shortdeck", 2, 5, high="shortdeck", lowest_card=16,
         description="Short-deck hold'em (36 cards; flush beats full house; trips beat a straight)"),
    Game("shortdeck-straight", 2, 5, high="shortdeck-straight", lowest_card=16,
         description="Short-deck hold'em, the other rule (36 cards; flush beats full house; a straight beats trips)"),
    Game("omaha", 4, 5, use="omaha", description="Omaha (exactly 2 hole + 3 board)"),
    Game("omaha-hilo", 4, 5, use="omaha", low="low8", description="Omaha hi/lo 8-or-better"),
    Game("omaha5", 5, 5, use="omaha", description="Five-card Omaha"),
    Game("omaha5-hilo", 5, 5, use="omaha", low="low8", description="Five-card Omaha hi/lo"),
    Game("omaha6", 6, 5, use="omaha", max_players=7, description="Six-card Omaha"),
    Game("courchevel", 5, 5, use="omaha", description="Courchevel (5-card Omaha; the first flop card is a board card)"),
    Game("courchevel-hilo", 5, 5, use="omaha", low="low8", description="Courchevel hi/lo"),
    Game("holdem-double-board", 2, 5, boards=2, description="Double-board hold'em (half the pot per board)"),
    Game("omaha-double-board", 4, 5, boards=2, use="omaha", description="Double-board Omaha"),
    Game("irish", 2, 5, dealt=4, discards=((3, 2),),
         description="Irish (4 dealt, 2 discarded after the flop; showdown as hold'em)"),
    Game("aviation", 2, 5, dealt=4, discards=((0, 1), (3, 1)),
         description="Aviation (4 dealt, one discard before and one after the flop)"),
    Game("stud", 7, max_players=8, stud_shortage=True, bring_in="lowest", description="Seven-card stud"),
    Game("stud-hilo", 7, low="low8", max_players=8, stud_shortage=True, bring_in="lowest",
         description="Seven-card stud hi/lo 8-or-better"),
    Game("razz", 7, high="razz", max_players=8, stud_shortage=True, bring_in="highest",
         description="Razz (A-5 low, no qualifier)"),
    Game("stud5", 5, bring_in="lowest", description="Five-card stud"),
    Game("draw5", 5, max_players=6, description="Five-card draw (a hand is the cards kept)"),
    Game("draw-deuce7", 5, high="deuce7", max_players=6, description="2-7 single draw"),
    Game("badugi", 4, high="badugi", max_players=6, description="Badugi (single draw)"),
]

GAMES: dict[str, Game] = {g.name: g for g in _DECLARATIONS}

ALIASES = {
    "nlhe": "holdem", "hold'em": "holdem", "texas": "holdem", "plo": "omaha", "plo8": "omaha-hilo",
    "omaha8": "omaha-hilo", "o8": "omaha-hilo", "plo5": "omaha5", "short-deck": "shortdeck", "6plus": "shortdeck",
    "shortdeck-straights": "shortdeck-straight", "short-deck-straight": "shortdeck-straight",
    "stud8": "stud-hilo", "seven-card-stud": "stud", "nullot": "razz", "kid": "stud5", "five-card-stud": "stud5",
    "poker-ferme": "draw5", "five-card-draw": "draw5", "deuce7": "draw-deuce7", "2-7": "draw-deuce7",
    "courchevel8": "courchevel-hilo", "double-board": "holdem-double-board",
}


def get_game(name: str | Game) -> Game:
    """The declaration for a game name or alias (case-insensitive); ValueError if unknown."""
    if isinstance(name, Game):
        return name
    if not isinstance(name, str):
        raise TypeError(f"game must be a name such as 'holdem', got {type(name).__name__}")
    game = GAMES.get(name)  # the common case, a declared name as written
    if game is not None:
        return game
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return GAMES[key]
