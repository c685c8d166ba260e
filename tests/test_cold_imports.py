"""What a new process loads before its first answer (issue 16, item 4): numba's import and first
cache load cost most of a second, so ``import pyeval``, the command line's start and the queries
that need no numba kernel must not load it."""

from __future__ import annotations

import subprocess
import sys

import pytest

LOADS_NUMBA = "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite')))"


def modules_after(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", f"import sys\n{code}\n{LOADS_NUMBA}"], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize("code", [
    "import pyeval",
    "import pyeval.cli as cli\ncli.build_parser()",  # every subcommand registered: the start of `pyeval ...`
    "import pyeval.cli as cli\ncli.main(['equity', 'stud', 'AsAd7c', 'KhKd2s', '--samples', '20000', '--seed', '1'])",
    "import pyeval\npyeval.equity('draw5', ['AhAsKd', 'QcQdJh7s'], method='exact')",
    "import pyeval\npyeval.equity('holdem', ['AhAs', 'KdKc', 'random'], samples=20_000, seed=1)",
    # ranges sampled in C (csrc/range_sample.c)
    "import pyeval\npyeval.equity('omaha', ['AA**ds', 'random'], samples=2000, seed=1)",
    "import pyeval\npyeval.equity('holdem', ['AKs,QQ+', '15%', 'random'], samples=20_000, seed=1)",
    "import pyeval\npyeval.equity('holdem-double-board', ['AKs,QQ+', 'random'], samples=2000, seed=1)",
    # exact range equity in C (csrc/range_exact.c): the sweep, board-major and assignment paths
    "import pyeval\npyeval.equity('holdem', ['AKs,QQ+', '15%'], board='Kd8c2s')",
    "import pyeval\npyeval.equity('holdem', ['AA,KK', 'QQ,JJ', 'AKs'], board='Kd8c2s9h', method='exact')",
    "import pyeval\npyeval.equity('holdem', ['AA,KK', 'QQ,JJ', 'AKs'], method='exact')",
    # deals, showdowns and every study of simulate in C (csrc/sim_kernels.c)
    "import pyeval\npyeval.showdown('holdem', *pyeval.deal('holdem', players=6, deals=10_000, seed=1))",
    "import pyeval\npyeval.showdown('omaha-double-board', *pyeval.deal('omaha-double-board', players=3, deals=2000))",
    "import pyeval\npyeval.simulate('holdem', players=6, deals=20_000, seed=1, progress=False)",
    "import pyeval\npyeval.simulate('omaha-hilo', players=4, deals=20_000, seed=1, study=['hilo', 'categories', "
    "'starting-hands'], progress=False)",
    "import pyeval\npyeval.simulate('holdem-double-board', players=3, deals=5000, seed=1, progress=False)",
    "import pyeval\npyeval.simulate('stud', players=8, deals=5000, seed=1, progress=False)",
])
def test_no_numba_before_it_is_needed(code):
    assert modules_after(code) == "[]"


def test_a_numba_query_still_loads_numba():
    """The check above can fail: a query with numba kernels (range sampling with more outcome patterns than a
    histogram holds: nine-handed hi/lo) shows it loaded."""
    assert "'numba'" in modules_after("import pyeval\npyeval.equity('holdem-hilo', ['AKs,QQ+'] + ['random'] * 8, "
                                      "samples=2000, seed=1)")
