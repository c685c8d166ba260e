"""The tables compiled into the C core are exactly what tables/generate.py produces."""

import sys
from pathlib import Path

import numpy as np
import pytest

from pyeval._native import table

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
    """The hot tables of the 7-card high evaluator (bytes), as stated in benchmarks/RESULTS.md."""
    hot = ["PYEVAL_CARD_KEY", "PYEVAL_CARD_BIT", "PYEVAL_DISPLACE", "PYEVAL_HIGH_RANK", "PYEVAL_HIGH_FLUSH"]
    assert sum(table(n).nbytes for n in hot) == 2048 + 2048 + 32768 + 262144 + 16384
