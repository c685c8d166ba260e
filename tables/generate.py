"""Generate every lookup table of the C core into one C source file.

Run by the build (csrc/build_core.py); also runnable by hand:

    python tables/generate.py OUT.c

The output depends only on this folder's code, so the build is reproducible
(tests/test_tables.py regenerates it and compares checksums with the
tables compiled into the extension).
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import perfect_hash  # noqa: E402
import ranking  # noqa: E402

NO_ENTRY = 0
# The Omaha board hash (build_tables): 16,384 slots for the 8,450 board multisets of 3..5 cards.
OMAHA_SLOT_BITS = 14
OMAHA_BUCKET_BITS = 11


def quinary(ranks) -> int:
    return sum(5**r for r in ranks)


def rank_mask(ranks) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


def all_multisets(max_cards: int = 7):
    """Every rank multiset of 0..max_cards cards, no rank more than 4 times, as sorted tuples."""
    out = []

    def rec(r, left, acc):
        if r == 13:
            out.append(tuple(acc))
            return
        for c in range(0, min(4, left) + 1):
            rec(r + 1, left - c, acc + [r] * c)

    rec(0, max_cards, [])
    return sorted(out, key=lambda t: (len(t), t))


def pack(category: int, display) -> int:
    """Decode entry: category in bits 20..23, up to five ranks (15 = none) in 16..0."""
    value = category << 20
    ranks = list(display) + [15] * (5 - len(display))
    for i, r in enumerate(ranks):
        value |= r << (16 - 4 * i)
    return value


def five_card_maps(classes):
    """Split a worst-first class list into {quinary: strength} and {rank mask: strength} (flushes)."""
    by_key, by_mask, decode = {}, {}, [0]
    for strength, (cat, display, flush) in enumerate(classes, start=1):
        (by_mask if flush else by_key)[rank_mask(display) if flush else quinary(display)] = strength
        decode.append(pack(cat, display))
    return by_key, by_mask, decode


def best_of(multiset, five_map) -> int:
    """Best strength over the 5-card sub-multisets present in ``five_map``."""
    best = 0
    for sub in set(combinations(multiset, 5)):
        best = max(best, five_map.get(quinary(sub), 0))
    return best


def flush_table(by_mask) -> list[int]:
    """Best flush strength for every 13-bit rank mask with 5 or more ranks."""
    table = [0] * 8192
    for mask in range(8192):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) >= 5:
            table[mask] = max(by_mask.get(rank_mask(c), 0) for c in combinations(ranks, 5))
    return table


def low8_rankmask_table(low8_strength) -> list[int]:
    """8-or-better low strength for every 13-bit rank mask: the five lowest qualifying ranks."""
    table = [0] * 8192
    for mask in range(8192):
        lows = sorted(ranking.low_rank(r) for r in range(13) if mask >> r & 1 and ranking.low_rank(r) <= 7)
        if len(lows) >= 5:
            table[mask] = low8_strength[frozenset(lows[:5])]
    return table


def omaha_low8_table(low8_strength) -> np.ndarray:
    """Low strength for (hole low-rank mask << 8 | board low-rank mask), two from hole, three from board."""
    table = np.zeros(1 << 16, dtype=np.int64)
    masks = np.arange(256)
    for lows, strength in low8_strength.items():
        for hole_part in combinations(sorted(lows), 2):
            hm = rank_mask(hole_part)
            bm = rank_mask(set(lows) - set(hole_part))
            ok = np.outer((masks & hm) == hm, (masks & bm) == bm).ravel()
            table[ok] = np.maximum(table[ok], strength)
    return table


def omaha_high_table(boards, high_by_key):
    """Best non-flush high strength for (board multiset of 3..5, hole rank pair) over 3-card board subsets.

    Returns (rows, pair_index): rows[board][pair] for the 91 unordered rank pairs.
    """
    pairs = [(a, b) for a in range(13) for b in range(a, 13)]
    powers = 5 ** np.arange(13, dtype=np.int64)
    pair_counts = np.zeros((len(pairs), 13), dtype=np.int64)
    for i, (a, b) in enumerate(pairs):
        pair_counts[i, a] += 1
        pair_counts[i, b] += 1
    triple_counts, owner = [], []
    for bi, board in enumerate(boards):
        for t in set(combinations(board, 3)):
            c = np.zeros(13, dtype=np.int64)
            for r in t:
                c[r] += 1
            triple_counts.append(c)
            owner.append(bi)
    triple_counts = np.array(triple_counts)
    owner = np.array(owner)
    sorted_keys = np.array(sorted(high_by_key))
    sorted_vals = np.array([high_by_key[k] for k in sorted_keys])
    best = np.zeros((len(boards), len(pairs)), dtype=np.int64)
    for i in range(len(pairs)):
        hand = triple_counts + pair_counts[i]
        keys = hand @ powers
        pos = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
        vals = np.where((hand.max(axis=1) <= 4) & (sorted_keys[pos] == keys), sorted_vals[pos], 0)
        np.maximum.at(best[:, i], owner, vals)
    pair_index = [0] * 169
    for i, (a, b) in enumerate(pairs):
        pair_index[a * 13 + b] = pair_index[b * 13 + a] = i
    return best.tolist(), pair_index


def build_tables():
    multisets = all_multisets()
    keys = [quinary(m) for m in multisets]
    mul_bucket, mul_pos, displace, slots = perfect_hash.build(keys)
    size = 1 << perfect_hash.SLOT_BITS

    high_key, high_mask, high_decode = five_card_maps(ranking.high_classes())
    d7_key, d7_mask, d7_decode = five_card_maps(ranking.deuce7_classes())
    sd_tables = [five_card_maps(ranking.shortdeck_classes(flag)) for flag in (True, False)]
    razz_classes = ranking.ace_five_classes()
    razz_key = {quinary(t): s for s, t in enumerate(razz_classes, start=1)}
    low8_classes = ranking.low8_classes()
    low8_strength = {frozenset(ranking.low_rank(r) for r in t): s for s, t in enumerate(low8_classes, start=1)}

    t = {name: [NO_ENTRY] * size for name in (
        "HIGH_RANK", "DEUCE7_RANK", "RAZZ_RANK", "SHORTDECK_RANK", "SHORTDECK_RANK_ALT",
        "SHOW_HIGH", "SHOW_LOW", "BOARD_INDEX")}
    show_keys = {False: {}, True: {}}
    boards = []
    for m, k in zip(multisets, keys):
        s = slots[k]
        n = len(m)
        if 5 <= n <= 7:
            t["HIGH_RANK"][s] = best_of(m, high_key)
            t["DEUCE7_RANK"][s] = best_of(m, d7_key)
            t["RAZZ_RANK"][s] = best_of(m, razz_key)
            if min(m) >= 4:
                t["SHORTDECK_RANK"][s] = best_of(m, sd_tables[0][0])
                t["SHORTDECK_RANK_ALT"][s] = best_of(m, sd_tables[1][0])
        if 1 <= n <= 4:
            counts = {r: m.count(r) for r in set(m)}
            for low in (False, True):
                show_keys[low][s] = ranking.showing_key(counts, low)
        if 3 <= n <= 5:
            t["BOARD_INDEX"][s] = len(boards)
            boards.append(m)
    for low, name in ((False, "SHOW_HIGH"), (True, "SHOW_LOW")):
        distinct = sorted(set(show_keys[low].values()))
        dense = {key: i + 1 for i, key in enumerate(distinct)}
        for s, key in show_keys[low].items():
            t[name][s] = dense[key]

    omaha_rows, pair_index = omaha_high_table(boards, high_key)
    # Per byte value, the rank clamped as card_rank clamps it (csrc/hand_key.h: any byte stays in bounds) and
    # 13 times it: csrc/omaha.c reads a hole pair's column as PAIR_INDEX[RANK13[x] + RANK[y]], a load a card.
    omaha_rank = [min(code >> 2, 12) for code in range(256)]
    # The batch Omaha evaluator finds a board's row through its own perfect hash of the 8,450 board multisets:
    # 36 KB of tables, against BOARD_INDEX's 256 KB spread over the 2**17 slots of every multiset.
    board_mul_bucket, board_mul_pos, board_displace, board_slots = perfect_hash.build(
        [quinary(m) for m in boards], slot_bits=OMAHA_SLOT_BITS, bucket_bits=OMAHA_BUCKET_BITS)
    board_row = [0] * (1 << OMAHA_SLOT_BITS)
    for row, m in enumerate(boards):
        board_row[board_slots[quinary(m)]] = row
    razz_decode = [0] + [pack(0, d) for d in razz_classes]
    low8_decode = [0] + [pack(0, d) for d in low8_classes]
    badugi_classes = ranking.badugi_classes()
    badugi_by_lowmask = [0] * 8192
    for s, d in enumerate(badugi_classes, start=1):
        badugi_by_lowmask[rank_mask(ranking.low_rank(r) for r in d)] = s
    badugi_decode = [0] + [pack(len(d), d) for d in badugi_classes]

    card_key, card_bit, card_lowbit = [0] * 256, [0] * 256, [0] * 256
    for code in range(52):
        r, su = divmod(code, 4)
        card_key[code] = 5**r | (1 << (32 + 4 * su))
        card_bit[code] = 1 << (16 * su + r)
        lr = ranking.low_rank(r)
        card_lowbit[code] = 1 << lr if lr <= 7 else 0
    # Key and bit of a byte side by side (16 bytes): the high evaluator adds both with one SSE2 add.
    card_key_bit = [v for pair in zip(card_key, card_bit) for v in pair]
    # One high table: the rank slots, then the flush table at HIGH_FLUSH_BASE (csrc/hand_key.h), which every
    # high evaluator reads as PYEVAL_HIGH_FLUSH (one copy: csrc/high.c indexes both parts of one table).
    high_flush = flush_table(high_mask)

    arrays = [
        ("uint64_t", "PYEVAL_CARD_KEY", card_key),
        ("uint64_t", "PYEVAL_CARD_BIT", card_bit),
        ("uint64_t", "PYEVAL_CARD_KEY_BIT", card_key_bit),
        ("uint8_t", "PYEVAL_CARD_LOWBIT", card_lowbit),
        ("uint16_t", "PYEVAL_DISPLACE", displace),
        ("uint16_t", "PYEVAL_HIGH_RANK", t["HIGH_RANK"] + high_flush),
        ("uint16_t", "PYEVAL_DEUCE7_RANK", t["DEUCE7_RANK"]),
        ("uint16_t", "PYEVAL_DEUCE7_FLUSH", flush_table(d7_mask)),
        ("uint16_t", "PYEVAL_RAZZ_RANK", t["RAZZ_RANK"]),
        ("uint8_t", "PYEVAL_LOW8_RANKMASK", low8_rankmask_table(low8_strength)),
        ("uint8_t", "PYEVAL_LOW8_OMAHA", omaha_low8_table(low8_strength).tolist()),
        ("uint16_t", "PYEVAL_SHORTDECK_RANK", t["SHORTDECK_RANK"]),
        ("uint16_t", "PYEVAL_SHORTDECK_FLUSH", flush_table(sd_tables[0][1])),
        ("uint16_t", "PYEVAL_SHORTDECK_RANK_ALT", t["SHORTDECK_RANK_ALT"]),
        ("uint16_t", "PYEVAL_SHORTDECK_FLUSH_ALT", flush_table(sd_tables[1][1])),
        ("uint16_t", "PYEVAL_SHOW_HIGH", t["SHOW_HIGH"]),
        ("uint16_t", "PYEVAL_SHOW_LOW", t["SHOW_LOW"]),
        ("uint16_t", "PYEVAL_BOARD_INDEX", t["BOARD_INDEX"]),
        ("uint8_t", "PYEVAL_PAIR_INDEX", pair_index),
        ("uint8_t", "PYEVAL_OMAHA_RANK", omaha_rank),
        ("uint8_t", "PYEVAL_OMAHA_RANK13", [13 * r for r in omaha_rank]),
        ("uint16_t", "PYEVAL_OMAHA_HIGH", [v for row in omaha_rows for v in row]),
        ("uint16_t", "PYEVAL_OMAHA_DISPLACE", board_displace),
        ("uint16_t", "PYEVAL_OMAHA_BOARD_ROW", board_row),
        ("uint16_t", "PYEVAL_BADUGI_LOWMASK", badugi_by_lowmask),
        ("uint32_t", "PYEVAL_HIGH_DECODE", high_decode),
        ("uint32_t", "PYEVAL_DEUCE7_DECODE", d7_decode),
        ("uint32_t", "PYEVAL_SHORTDECK_DECODE", sd_tables[0][2]),
        ("uint32_t", "PYEVAL_SHORTDECK_DECODE_ALT", sd_tables[1][2]),
        ("uint32_t", "PYEVAL_RAZZ_DECODE", razz_decode),
        ("uint32_t", "PYEVAL_LOW8_DECODE", low8_decode),
        ("uint32_t", "PYEVAL_BADUGI_DECODE", badugi_decode),
    ]
    constants = {
        "PYEVAL_MUL_BUCKET": mul_bucket,
        "PYEVAL_MUL_POS": mul_pos,
        "PYEVAL_SLOT_BITS": perfect_hash.SLOT_BITS,
        "PYEVAL_BUCKET_BITS": perfect_hash.BUCKET_BITS,
        "PYEVAL_OMAHA_PAIRS": 91,
        "PYEVAL_OMAHA_MUL_BUCKET": board_mul_bucket,
        "PYEVAL_OMAHA_MUL_POS": board_mul_pos,
        "PYEVAL_OMAHA_SLOT_BITS": OMAHA_SLOT_BITS,
        "PYEVAL_OMAHA_BUCKET_BITS": OMAHA_BUCKET_BITS,
        "PYEVAL_BOARD_COUNT": len(boards),
    }
    return arrays, constants


# Tables read with aligned SIMD loads: their alignment in bytes (given on the definition only; the
# header's plain declarations are what cffi parses).
ALIGNED = {"PYEVAL_CARD_KEY_BIT": 16}


def render(arrays, constants) -> tuple[str, str]:
    """C header (constants, extern declarations) and C source (the data)."""
    head = ["/* Generated by tables/generate.py: do not edit. */", "#ifndef PYEVAL_TABLES_H",
            "#define PYEVAL_TABLES_H", "#include <stdint.h>"]
    head += [f"#define {k} {v}u" for k, v in constants.items()]
    src = ["/* Generated by tables/generate.py: do not edit. */", '#include "tables.h"']
    for ctype, name, values in arrays:
        head.append(f"extern const {ctype} {name}[{len(values)}];")
        body = ",".join(str(int(v)) for v in values)
        align = f" __attribute__((aligned({ALIGNED[name]})))" if name in ALIGNED else ""
        src.append(f"const {ctype} {name}[{len(values)}]{align} = {{{body}}};")
    # Table sizes and checksums let Python verify the compiled tables against a regeneration.
    head.append(f"#define PYEVAL_TABLE_COUNT {len(arrays)}")
    head.append("#endif")
    return "\n".join(head) + "\n", "\n".join(src) + "\n"


def checksums(arrays) -> dict[str, int]:
    """Order-sensitive checksum of each table (used by tests)."""
    out = {}
    for _, name, values in arrays:
        v = np.asarray(values, dtype=np.uint64)
        weights = np.arange(1, len(v) + 1, dtype=np.uint64)
        out[name] = int((v * weights).sum(dtype=np.uint64))
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out_dir = Path(argv[0]) if argv else Path("csrc/generated")
    out_dir.mkdir(parents=True, exist_ok=True)
    arrays, constants = build_tables()
    header, source = render(arrays, constants)
    for name, text in (("tables.h", header), ("tables.c", source)):
        path = out_dir / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
