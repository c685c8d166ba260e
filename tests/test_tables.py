"""The tables compiled into the C core are exactly what tables/generate.py produces."""

import sys
from pathlib import Path

import numpy as np
import pytest

from pyeval.core._native import table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tables"))
import generate  # noqa: E402


@pytest.fixture(scope="module")
def generated():
    arrays, constants = generate.build_tables()
    return {name: np.asarray(values) for _, name, values in arrays}, constants


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_compiled_tables_match_a_regeneration(generated):
    arrays, _ = generated
    for name, values in arrays.items():
        compiled = table(name)
        assert compiled.shape == values.shape, name
        assert np.array_equal(compiled.astype(np.uint64), values.astype(np.uint64)), name


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1): regenerates the tables
def test_perfect_hash_is_injective_on_every_rank_multiset(generated):
    sys.path.insert(0, str(Path(generate.__file__).parent))
    import perfect_hash

    _, constants = generated
    multisets = generate.all_multisets()
    assert len(multisets) == 76155  # rank multisets of 0..7 cards, no rank more than four times
    displace = table("PYEVAL_DISPLACE").tolist()
    slots = {perfect_hash.slot_of(generate.quinary(m), constants["PYEVAL_MUL_BUCKET"], constants["PYEVAL_MUL_POS"],
                                  displace) for m in multisets}
    assert len(slots) == len(multisets)


def test_table_footprint():
    """The hot tables of the 7-card high evaluator (bytes), as stated in benchmarks/RESULTS.md: per-card
    key and bit (16 bytes a byte value), the displacements, the rank slots followed by the flush table."""
    hot = ["PYEVAL_CARD_KEY_BIT", "PYEVAL_DISPLACE", "PYEVAL_HIGH_RANK"]
    assert sum(table(n).nbytes for n in hot) == 4096 + 16384 + 262144 + 16384


def test_high_table_ends_with_the_only_copy_of_the_flush_table():
    """csrc/high.c reads a flush at 2**SLOT_BITS + its rank mask of PYEVAL_HIGH_RANK, and every other high
    evaluator reads it there too (PYEVAL_HIGH_FLUSH in csrc/hand_key.h): no second copy is compiled in."""
    high = table("PYEVAL_HIGH_RANK")
    _, by_mask, _ = generate.five_card_maps(generate.ranking.high_classes())
    assert len(high) == (1 << 17) + 8192
    assert np.array_equal(high[1 << 17:], generate.flush_table(by_mask))
    assert high[(1 << 17) + 0b1111100000000] == 7462  # royal flush
    assert high[(1 << 17) + 0b1000000001111] == 7453  # the wheel, the lowest straight flush (docs/DESIGN.md)
    assert high[(1 << 17) + 0b0000000011111] == 7454  # six high
    with pytest.raises(AttributeError):
        table("PYEVAL_HIGH_FLUSH")


def test_card_key_bit_pairs_each_byte_key_and_bit():
    """PYEVAL_CARD_KEY_BIT holds each byte's PYEVAL_CARD_KEY then its PYEVAL_CARD_BIT (one 16-byte SSE2 add)."""
    pairs = table("PYEVAL_CARD_KEY_BIT").reshape(256, 2)
    assert np.array_equal(pairs[:, 0], table("PYEVAL_CARD_KEY"))
    assert np.array_equal(pairs[:, 1], table("PYEVAL_CARD_BIT"))
    assert not pairs[52:].any()  # bad codes add nothing: the hand falls short of its k bits
