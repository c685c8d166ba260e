"""One JSON Schema (draft 2020-12) per result type: the shape of ``json.loads(result.to_json())``.

This module is the one source of truth; ``docs/schemas/<Type>.json`` are written from it
(``python -m pyeval.results.schemas docs/schemas``; tests/test_result_schemas.py fails when a file
is stale, and validates every result kind of tests/test_result_protocol.py against its schema).
Every object lists its keys (``required``) and allows no others (``additionalProperties: false``),
so renaming a key fails validation.  docs/results.md explains the shared names.

The concepts have one shape everywhere (``CONCEPTS``): a hand, combo or board is one text of cards
(``"As Ah"``, ``"2c 7d 9h"``: rank then suit, one space between cards); ``board`` is a list of such
texts, one per board (``[]`` when no card is known); ``method`` is "exact" or "monte-carlo";
``seed`` an integer or null (exact); ``outcomes`` the outcomes enumerated or deals sampled;
``stderr`` null when exact; a float that is not a number (NaN, inf) is null.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pyeval.core._results import write_text
from pyeval.core.cards import RANK_CHARS

__all__ = ["SCHEMAS", "CONCEPTS", "schema_for", "write_schemas"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://pyeval.invalid/schemas/"  # an identifier, not a download address

CARDS_PATTERN = r"^[2-9TJQKA][cdhs]( [2-9TJQKA][cdhs])*$"
NUMBER = {"type": "number"}
FLOAT = {"type": ["number", "null"]}  # a float: null where it is not a number (NaN, inf)
INTEGER = {"type": "integer"}
STRING = {"type": "string"}
BOOLEAN = {"type": "boolean"}
NULL = {"type": "null"}


def array(items: dict, **more: Any) -> dict:
    return {"type": "array", "items": items, **more}


def nullable(schema: dict) -> dict:
    return {"anyOf": [schema, NULL]}


def obj(keys: dict[str, dict], optional: dict[str, dict] | None = None, description: str | None = None,
        patterns: dict[str, dict] | None = None) -> dict:
    """An object with exactly ``keys`` (required) and ``optional`` keys, no others."""
    out: dict[str, Any] = {"type": "object"}
    if description:
        out["description"] = description
    out["properties"] = {**keys, **(optional or {})}
    if patterns:
        out["patternProperties"] = patterns
    out["required"] = list(keys)
    out["additionalProperties"] = False
    return out


def mapping(values: dict) -> dict:
    """An object whose keys are names (classes, events, players) and values one schema."""
    return {"type": "object", "additionalProperties": values}


def described(schema: dict, text: str) -> dict:
    return {**schema, "description": text}


CARDS = described({"type": "string", "pattern": CARDS_PATTERN}, "cards as one text: rank then suit, one space "
                  "between cards, in the order held (\"As Ah\", \"2c 7d 9h\")")
CARD = described({"type": "string", "pattern": r"^[2-9TJQKA][cdhs]$"}, "one card (\"Ah\")")
DEAD = described({"anyOf": [CARDS, {"const": ""}]}, "the dead cards as one text, \"\" for none")
EXACT_OR_SAMPLED = {"enum": ["exact", "monte-carlo"]}

CONCEPTS: dict[str, dict] = {
    "board": described(array(CARDS), "the known board cards, one text per board; [] when no card is known"),
    "dead": DEAD,
    "method": described(EXACT_OR_SAMPLED, "\"exact\" (every outcome enumerated) or \"monte-carlo\" (deals sampled)"),
    "seed": described(nullable(INTEGER), "the Monte Carlo seed; null when exact"),
    "outcomes": described(INTEGER, "the outcomes counted: enumerated (exact) or sampled (Monte Carlo)"),
    "equity": described(array(FLOAT), "per player: the expected share of the pot"),
    "win": described(array(FLOAT), "per player: P(winning the whole pot alone)"),
    "tie": described(array(FLOAT), "per player: P(sharing the pot)"),
    "stderr": described(nullable(array(FLOAT)), "per player: the standard error of equity; null when exact"),
}
"""The shared names, one shape each (docs/results.md)."""

_C = CONCEPTS
_OPTIONAL_OUTCOMES = described(nullable(INTEGER), "the outcomes counted; null where nothing was counted (exact ICM, "
                               "a breakdown without opponents)")


_PER_PLAYER = array(FLOAT)
EXACT_FRACTION = array(INTEGER, minItems=2, maxItems=2, description="an exact value: [numerator, denominator]")

EQUITY_RESULT = obj(
    {"game": STRING, "hands": array(STRING), "board": _C["board"], "dead": DEAD, "method": _C["method"],
     "outcomes": _C["outcomes"], "seed": _C["seed"], "equity": _C["equity"], "win": _C["win"], "tie": _C["tie"],
     "stderr": _C["stderr"]},
    {"counts": obj({"pot_units": INTEGER, "units": array(INTEGER), "wins": array(INTEGER), "ties": array(INTEGER)},
                   description="exact results: the integer counts, equity = units / (pot_units * outcomes)"),
     "hi": _PER_PLAYER, "lo": _PER_PLAYER, "scoop": _PER_PLAYER, "no_low": FLOAT,
     "boards": array(array(FLOAT), description="multi-board games: each board's pot share, [board][player]"),
     "folded": array(STRING, description="the folded players' ranges (folded=), as given")},
    "pyeval.equity with known or random hands (EquityResult)")

RANGE_EQUITY_RESULT = {
    **EQUITY_RESULT,
    "description": "pyeval.equity with ranges (RangeEquityResult): EquityResult plus each combo's equity",
    "properties": {**EQUITY_RESULT["properties"],
                   "by_combo": array(nullable(mapping(FLOAT)),
                                     description="per player: {combo text (\"As Ah\"): equity}, or null")},
    "required": [*EQUITY_RESULT["required"], "by_combo"],
}

_ROWS_BY_PLAYER = array(array(FLOAT))
BATCH_EQUITY_RESULT = obj(
    {"game": STRING, "players": INTEGER, "rows": INTEGER, "method": {"enum": ["exact", "monte-carlo", "mixed"]},
     "seed": _C["seed"], "pot_units": INTEGER, "equity": _ROWS_BY_PLAYER, "win": _ROWS_BY_PLAYER,
     "tie": _ROWS_BY_PLAYER,
     "stderr": described(nullable(_ROWS_BY_PLAYER), "[row][player]; null when every row is exact (an exact row's "
                         "entries are null in a mixed batch)"),
     "units": array(array(INTEGER)), "wins": array(array(INTEGER)), "ties": array(array(INTEGER)),
     "outcomes": described(array(INTEGER), "per row: outcomes enumerated or deals sampled"),
     "exact": array(BOOLEAN)},
    {"hi": _ROWS_BY_PLAYER, "lo": _ROWS_BY_PLAYER, "scoop": _ROWS_BY_PLAYER, "no_low": array(FLOAT),
     "boards": array(array(array(FLOAT))), "sumsq": array(array(INTEGER))},
    "pyeval.equity_batch (BatchEquityResult): per-row arrays, rows first")

_COMBO_ROW = obj(
    {"hand": CARDS, "weight": NUMBER, "prob": NUMBER, "equity": FLOAT, "win": FLOAT, "tie": FLOAT, "stderr": FLOAT,
     "outcomes": INTEGER},
    {"units": INTEGER, "wins": INTEGER, "ties": INTEGER}, "one combo (exact results add its integer counts)")
COMBO_EQUITIES = obj(
    {"game": STRING, "range": STRING, "opponents": array(STRING), "board": _C["board"], "dead": DEAD,
     "method": _C["method"], "seed": _C["seed"], "outcomes": _C["outcomes"], "mean_equity": FLOAT, "pot_units": INTEGER,
     "buckets": array(obj({"low": NUMBER, "high": NUMBER, "share": NUMBER})), "rows": array(_COMBO_ROW)},
    {"mean_equity_fraction": EXACT_FRACTION},
    "pyeval.combo_equities (ComboEquities)")

RANGE_BREAKDOWN = obj(
    {"game": STRING, "range": STRING, "board": _C["board"], "dead": DEAD, "opponents": nullable(array(STRING)),
     "method": nullable(EXACT_OR_SAMPLED), "seed": _C["seed"], "outcomes": _OPTIONAL_OUTCOMES, "combos": NUMBER,
     "rows": array(obj({"class": STRING, "kind": {"enum": ["made", "draw"]}, "combos": NUMBER, "share": NUMBER},
                       {"equity": FLOAT}))},
    description="pyeval.range_breakdown (RangeBreakdown); method, seed, outcomes and the rows' equity with "
                "opponents")

_SIDES = obj({"hero": FLOAT, "villain": FLOAT})
_SIDE_SHARES = obj({"hero": mapping(FLOAT), "villain": mapping(FLOAT)})
_FLOP_TEXTURE: dict[str, dict] = {"suits": {"enum": ["rainbow", "two-tone", "monotone"]},
                 "pairing": {"enum": ["unpaired", "paired", "trips"]}, "high": {"enum": list(RANK_CHARS)},
                 "connectedness": {"enum": ["no straight possible", "straight possible", "connected"]},
                 "group": STRING}
_FLOP_ROW = obj({"flop": CARDS, "weight": INTEGER, "probability": FLOAT, "equity": _SIDES, "nut_advantage": _SIDES,
                 "classes": _SIDE_SHARES, "buckets": _SIDE_SHARES, **_FLOP_TEXTURE}, {"stderr": _SIDES},
                description="one flop: its class's representative, weight and probability, both ranges' numbers "
                            "(classes and buckets: shares by name) and its texture")
FLOP_REPORT = obj(
    {"game": STRING, "hero": STRING, "villain": STRING, "dead": DEAD, "method": EXACT_OR_SAMPLED, "seed": _C["seed"],
     "flops": INTEGER, "complete": BOOLEAN, "mean_equity": _SIDES, "rows": array(_FLOP_ROW)},
    {"mean_equity_fraction": EXACT_FRACTION, "preflop_equity": _SIDES},
    description="pyeval.flop_report (FlopReport): a row per flop; mean_equity_fraction when exact, preflop_equity "
                "when every flop is counted")
FLOP_GROUPS = obj(
    {"by": {"enum": ["suits", "pairing", "high", "connectedness", "group"]},
     "rows": array(obj({"flops": INTEGER, "raw_flops": INTEGER, "probability": NUMBER, "equity": _SIDES,
                        "nut_advantage": _SIDES, "classes": _SIDE_SHARES, "buckets": _SIDE_SHARES},
                       {k: STRING for k in _FLOP_TEXTURE}))},
    description="FlopReport.by(column) (FlopGroups): a row per value of the column (the row's key named by it)")

NEXT_CARD = obj(
    {"game": STRING, "hands": array(STRING), "board": _C["board"], "dead": DEAD, "method": {"const": "exact"},
     "mean_equity": nullable(_PER_PLAYER), "outs": nullable(array(array(CARD))),
     "winning_cards": array(array(CARD)),
     "by_street": array(obj({"street": {"enum": ["flop", "turn", "river"]}, "ahead": _PER_PLAYER,
                             "tied": _PER_PLAYER})),
     "rows": array(obj({"card": CARD, "prob": NUMBER, "outcomes": INTEGER},
                       patterns={r"^equity_[0-9]+$": FLOAT, r"^ahead_[0-9]+$": BOOLEAN}))},
    description="pyeval.next_card (NextCard): rows per card, equity_N and ahead_N per player N")

ICM_RESULT = obj(
    {"stacks": array(NUMBER), "payouts": array(NUMBER), "method": _C["method"], "outcomes": _OPTIONAL_OUTCOMES,
     "seed": _C["seed"],
     "rows": array(obj({"player": INTEGER, "stack": NUMBER, "chip_share": NUMBER, "equity": NUMBER,
                        "stderr": FLOAT}, patterns={r"^place_[0-9]+$": NUMBER}))},
    description="pyeval.icm (ICMResult): rows per player, place_K = P(finishing K-th)")

SIMULATION_RESULT = obj(
    {"game": STRING, "players": INTEGER, "studies": array(STRING), "method": {"const": "monte-carlo"},
     "seed": INTEGER, "requested": INTEGER, "outcomes": described(INTEGER, "the deals simulated"),
     "chunk_size": INTEGER, "interrupted": BOOLEAN, "elapsed": NUMBER, "hands": array(STRING),
     "board": _C["board"], "dead": {"type": "string"}, "chunks_done": array(INTEGER),
     "tables": mapping(array({"type": "object"}))},
    description="pyeval.simulate (SimulationResult): tables by name, each a list of rows")

_PLAYED_HAND = obj({"kind": STRING, "cards": CARDS, "codes": array(INTEGER), "strength": INTEGER,
                    "description": STRING, "category": STRING}, description="one half played (PlayedHand)")
BEST_FIVE = obj({"game": STRING, "hand": CARDS, "board": _C["board"], "high": _PLAYED_HAND,
                 "low": nullable(_PLAYED_HAND)}, description="pyeval.best_five (BestFive)")

KEEP = obj(
    {"keep": CARDS, "discard": CARDS, "equity": NUMBER, "stderr": FLOAT, "method": _C["method"], "seed": _C["seed"],
     "outcomes": _C["outcomes"]},
    {"then": mapping(NUMBER), "result": EQUITY_RESULT}, "one keep of pyeval.best_keep (Keep)")

DECISION = obj(
    {"hand": CARDS, "dealer_up": CARD, "category": STRING, "action": {"enum": ["raise", "fold"]},
     "ev_raise": NUMBER, "ev_raise_exact": EXACT_FRACTION, "ev_fold": NUMBER, "not_qualified": INTEGER,
     "player_wins": INTEGER, "ties": INTEGER, "dealer_wins": INTEGER,
     "outcomes": described(INTEGER, "the dealer completions counted"), "win_payout": NUMBER,
     "win_payout_exact": EXACT_FRACTION},
    description="pyeval.caribbean.decide (Decision): exact counts over the dealer completions")

HOUSE_EDGE = obj(
    {"strategy": STRING, "paytable": mapping(NUMBER), "outcomes": described(INTEGER, "the deals counted"),
     "total_return": NUMBER, "total_return_exact": EXACT_FRACTION, "total_wagered": INTEGER,
     "house_edge": NUMBER, "house_edge_exact": EXACT_FRACTION, "element_of_risk": NUMBER,
     "element_of_risk_exact": EXACT_FRACTION, "raise_frequency": NUMBER, "raise_frequency_exact": EXACT_FRACTION,
     "average_wager": NUMBER, "average_wager_exact": EXACT_FRACTION,
     "events": array(obj({"event": STRING, "payout": NUMBER, "count": INTEGER, "probability": NUMBER,
                          "contribution": NUMBER}))},
    description="pyeval.caribbean.house_edge (HouseEdge)")

_MODEL = {"enum": ["chip EV", "ICM"]}
_PUSHFOLD3_DECISIONS = ("push", "call_sb", "call_bb_vs_btn", "overcall_bb", "push_sb", "call_bb_vs_sb")
PUSHFOLD_RESULT = obj(
    {"model": _MODEL, "stacks_in_hand": array(NUMBER), "sb": NUMBER, "bb": NUMBER, "ante": NUMBER,
     "payouts": nullable(array(NUMBER)), "stacks": nullable(array(NUMBER)), "push_range": STRING,
     "call_range": STRING, "push_share": NUMBER, "call_share": NUMBER, "ev_sb": NUMBER, "ev_bb": NUMBER,
     "exploitability": NUMBER, "tolerance": NUMBER, "iterations": INTEGER,
     "rows": array(obj({"class": STRING, "combos": INTEGER, "push": NUMBER, "call": NUMBER, "push_gain": NUMBER,
                        "call_gain": NUMBER}))},
    description="pyeval.pushfold (PushFoldResult): rows per starting-hand class")

PUSHFOLD3_RESULT = obj(
    {"model": _MODEL, "players": INTEGER, "stacks_in_hand": array(NUMBER), "sb": NUMBER, "bb": NUMBER,
     "ante": NUMBER, "payouts": nullable(array(NUMBER)), "stacks": nullable(array(NUMBER)),
     "ranges": mapping(STRING), "shares": mapping(NUMBER), "ev": array(NUMBER), "gains": array(NUMBER),
     "equity_error": array(NUMBER), "exploitability": NUMBER, "table_exploitability": NUMBER, "tolerance": NUMBER,
     "exact": BOOLEAN, "iterations": INTEGER,
     "rows": array(obj({"class": STRING, "combos": INTEGER, **{k: NUMBER for k in _PUSHFOLD3_DECISIONS}}))},
    description="pyeval.pushfold(..., players=3) (PushFold3Result): rows per class, one share per decision")

PUSHFOLD_CHART = obj(
    {"depths": array(NUMBER), "sb": NUMBER, "bb": NUMBER, "ante": NUMBER, "max_exploitability": NUMBER,
     "seconds": NUMBER,
     "rows": array(obj({"class": STRING, "combos": INTEGER, "push_max": FLOAT, "push_depths": STRING,
                        "call_max": FLOAT, "call_depths": STRING}))},
    description="pyeval.pushfold_chart (PushFoldChart)")

_POT = obj({"amount": NUMBER, "players": array(STRING), "equity": array(FLOAT), "exact": BOOLEAN})
_PLAYER_ROW = obj({"player": STRING, "hands": INTEGER, "allins": INTEGER, "actual": NUMBER, "ev": NUMBER,
                   "luck": NUMBER, "z": FLOAT, "bb100": FLOAT, "allin_adjusted_bb100": FLOAT})
_HAND_ROW = obj({"source": STRING, "hand": STRING, "variant": STRING, "game": nullable(STRING),
                 "street": nullable(STRING), "players": array(STRING), "actual": array(NUMBER), "ev": array(NUMBER),
                 "luck": array(NUMBER), "pots": array(_POT), "rake": NUMBER, "note": nullable(STRING),
                 "site": STRING, "stakes": STRING, "big_blind": FLOAT, "date": STRING, "session": STRING})
HAND_TABLE = obj({"rows": array(_HAND_ROW)}, description="AllinEVResult.hands (HandTable): one row per hand")
PLAYER_TABLE = obj({"rows": array(_PLAYER_ROW)}, description="AllinEVResult.players (PlayerTable): one row per "
                   "player")
ALLIN_EV_RESULT = obj(
    {"players": array(_PLAYER_ROW), "hands": array(_HAND_ROW),
     "skipped": array(obj({"source": STRING, "line": INTEGER, "hand": nullable(STRING), "reason": STRING}))},
    description="pyeval.allin_ev (AllinEVResult): per player, per hand, and each hand skipped: where and why")

_EXACT = STRING  # money of a site's hand: exact decimal text ("0.05")
_SITE_STAKES = obj({"small_blind": _EXACT, "big_blind": _EXACT, "ante": _EXACT, "ante_kind": STRING,
                    "bring_in": _EXACT, "small_bet": _EXACT, "big_bet": _EXACT, "straddles": array(_EXACT),
                    "level": STRING})
_SITE_ACTION = obj({"kind": STRING, "player": nullable(INTEGER), "street": STRING, "amount": _EXACT, "to": _EXACT,
                    "allin": BOOLEAN, "cards": STRING, "count": INTEGER, "run": INTEGER, "pot": INTEGER})
_SITE_HAND = obj(
    {"site": STRING, "id": STRING, "game": STRING, "stakes": _SITE_STAKES, "players": array(STRING),
     "seats": array(INTEGER), "starting_stacks": array(_EXACT), "actions": array(_SITE_ACTION), "limit": STRING,
     "currency": STRING, "tournament": nullable(STRING), "table": STRING, "max_seats": nullable(INTEGER),
     "button": nullable(INTEGER), "date": STRING, "timezone": STRING, "hole": array(STRING), "boards": array(STRING),
     "rake": _EXACT, "splash": _EXACT, "collected": array(_EXACT), "net": array(_EXACT), "cash_out": array(_EXACT),
     "cash_out_fee": array(_EXACT), "sitting_out": array(STRING), "source": STRING, "line": INTEGER,
     "language": STRING})
HANDS_RESULT = obj(
    {"hands": array(_SITE_HAND),
     "skipped": array(obj({"source": STRING, "line": INTEGER, "site": STRING, "id": STRING, "reason": STRING}))},
    description="pyeval.read_hands (HandsResult): every hand read from site hand histories (exact money as "
                "decimal text), and every piece skipped: where and why")

CONVERSION_RESULT = obj(
    {"rows": array(obj({"source": STRING, "line": INTEGER, "site": STRING, "hand": nullable(STRING),
                        "file": nullable(STRING), "reason": nullable(STRING)}))},
    description="pyeval.history.convert_to_phh (ConversionResult): per hand, the PHH file written or why not")

_HIST = {"^hist_[0-9]+$": INTEGER}  # runouts in bin j, in features() and table() rows alike
STRENGTH_FEATURES = obj(
    {"game": STRING, "street": STRING, "bins": INTEGER,
     "rows": array(obj({"hole": STRING, "board": STRING, "runouts": INTEGER, "ehs": NUMBER, "ehs2": NUMBER,
                        "ppot": FLOAT, "npot": FLOAT, "ppot_next": FLOAT, "npot_next": FLOAT}, patterns=_HIST))},
    description="pyeval.strength.features (Features): per state, hist_j the runouts in bin j")
STRENGTH_TABLE = obj(
    {"game": STRING, "street": STRING, "bins": INTEGER,
     "rows": array(obj({"index": INTEGER, "runouts": INTEGER}, optional={"ehs": NUMBER, "ehs2": NUMBER},
                       patterns=_HIST))},
    description="pyeval.strength.table (StrengthTable): per state, hist_j the runouts in bin j")
TABLE_FILES = obj(
    {"game": STRING, "street": STRING, "folder": STRING, "computed": INTEGER,
     "rows": array(obj({"file": STRING, "start": INTEGER, "stop": INTEGER}))},
    description="pyeval.strength.table(path=...) (TableFiles): the Parquet chunk files")

SCHEMAS: dict[str, dict] = {
    "EquityResult": EQUITY_RESULT, "RangeEquityResult": RANGE_EQUITY_RESULT,
    "BatchEquityResult": BATCH_EQUITY_RESULT, "ComboEquities": COMBO_EQUITIES, "RangeBreakdown": RANGE_BREAKDOWN,
    "FlopReport": FLOP_REPORT, "FlopGroups": FLOP_GROUPS,
    "NextCard": NEXT_CARD, "ICMResult": ICM_RESULT, "SimulationResult": SIMULATION_RESULT, "BestFive": BEST_FIVE,
    "Keep": KEEP, "Decision": DECISION, "HouseEdge": HOUSE_EDGE, "PushFoldResult": PUSHFOLD_RESULT,
    "PushFold3Result": PUSHFOLD3_RESULT, "PushFoldChart": PUSHFOLD_CHART, "AllinEVResult": ALLIN_EV_RESULT,
    "HandsResult": HANDS_RESULT, "ConversionResult": CONVERSION_RESULT,
    # parts of the results above, results themselves (each speaks the protocol)
    "PlayedHand": _PLAYED_HAND, "HandTable": HAND_TABLE, "PlayerTable": PLAYER_TABLE,
    "Features": STRENGTH_FEATURES, "StrengthTable": STRENGTH_TABLE, "TableFiles": TABLE_FILES,
}
"""Result type name -> the schema of its ``to_json()`` (without ``$schema``/``$id``: ``schema_for``)."""


def schema_for(result: Any) -> dict:
    """The full schema document of a result (an instance, a type, or a type name)."""
    name = result if isinstance(result, str) else (result.__name__ if isinstance(result, type)
                                                   else type(result).__name__)
    return {"$schema": DIALECT, "$id": f"{BASE_ID}{name}.json", "title": name, **SCHEMAS[name]}


def schema_text(name: str) -> str:
    return json.dumps(schema_for(name), indent=2) + "\n"


def write_schemas(folder: str | Path) -> list[Path]:
    """Write ``<folder>/<Type>.json`` for every result type; returns the paths."""
    out = []
    for name in SCHEMAS:
        path = Path(folder) / f"{name}.json"
        write_text(schema_text(name), path)
        out.append(path)
    return out


if __name__ == "__main__":  # python -m pyeval.results.schemas docs/schemas
    for p in write_schemas(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas"):
        print(f"wrote {p}")
