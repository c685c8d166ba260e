"""Hash-and-displace perfect hash for rank-multiset keys.

A hand's ranks are summarised by a quinary key, ``sum(count[r] * 5**r)``,
unique for every multiset of up to seven cards (no rank held more than four
times).  The hash maps each such key to its own slot of a 2**SLOT_BITS table:

    slot = ((key * MUL_POS) >> (32 - SLOT_BITS)) ^ displace[(key * MUL_BUCKET) >> (32 - BUCKET_BITS)]

(all products modulo 2**32).  ``csrc/hand_key.h`` computes exactly this.
"""

from __future__ import annotations

SLOT_BITS = 17
BUCKET_BITS = 13
MASK32 = 0xFFFFFFFF


def _mix(key: int, mul: int, bits: int) -> int:
    return ((key * mul) & MASK32) >> (32 - bits)


def build(keys: list[int], seed_muls=((0x9E3779B1, 0x85EBCA77), (0xC2B2AE3D, 0x27D4EB2F), (0x165667B1, 0xD3A2646C)),
          slot_bits: int = SLOT_BITS, bucket_bits: int = BUCKET_BITS):
    """Return (mul_bucket, mul_pos, displace list, slot of each key) for a table of 2**slot_bits slots.

    Deterministic: tries the multiplier pairs in order until the greedy
    displacement succeeds.
    """
    size = 1 << slot_bits
    for mul_bucket, mul_pos in seed_muls:
        buckets: dict[int, list[int]] = {}
        for k in keys:
            buckets.setdefault(_mix(k, mul_bucket, bucket_bits), []).append(k)
        displace = [0] * (1 << bucket_bits)
        used = bytearray(size)
        slots: dict[int, int] = {}
        ok = True
        for b in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
            pos = [_mix(k, mul_pos, slot_bits) for k in buckets[b]]
            if len(set(pos)) != len(pos):
                ok = False
                break
            for d in range(size):
                if all(not used[p ^ d] for p in pos):
                    break
            else:
                ok = False
                break
            displace[b] = d
            for k, p in zip(buckets[b], pos):
                used[p ^ d] = 1
                slots[k] = p ^ d
        if ok:
            return mul_bucket, mul_pos, displace, slots
    raise RuntimeError("no perfect hash found for the given multipliers")


def slot_of(key: int, mul_bucket: int, mul_pos: int, displace: list[int]) -> int:
    return _mix(key, mul_pos, SLOT_BITS) ^ displace[_mix(key, mul_bucket, BUCKET_BITS)]
