"""Old import paths: the modules that moved into subpackages (issue 26), by old dotted name.

``import pyeval`` installs ``_AliasFinder`` on ``sys.meta_path``: ``import pyeval.engine`` and
``from pyeval.engine import MAX_SAMPLES`` give the module ``pyeval.engines.engine`` itself (the
same module object, so setting an attribute through either name sets it for both).  No
warning: the old paths are documented in places (README, docs, results) and keep working.
Code in pyeval itself uses the new paths (tests/test_layers.py checks).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

MOVED: dict[str, str] = {
    "pyeval.cards": "pyeval.core.cards",
    "pyeval.games": "pyeval.core.games",
    "pyeval.evaluate": "pyeval.core.evaluate",
    "pyeval.describe": "pyeval.core.describe",
    "pyeval.best_five": "pyeval.core.best_five",
    "pyeval.checks": "pyeval.core.checks",
    "pyeval.stud": "pyeval.core.stud",
    "pyeval._native": "pyeval.core._native",
    "pyeval._types": "pyeval.core._types",
    "pyeval._jit": "pyeval._warm",  # warm, WARM_QUERIES (and njit, from pyeval.core._jit)
    "pyeval._threads": "pyeval.core._threads",
    "pyeval._progress": "pyeval.core._progress",
    "pyeval._results": "pyeval.core._results",
    "pyeval.engine": "pyeval.engines.engine",
    "pyeval.exact_strategies": "pyeval.engines.exact_strategies",
    "pyeval.two_hand_hilo": "pyeval.engines.two_hand_hilo",
    "pyeval.combo_tally": "pyeval.engines.combo_tally",
    "pyeval._deal_kernels": "pyeval.engines._deal_kernels",
    "pyeval._kernels": "pyeval.engines._kernels",
    "pyeval._keepkernels": "pyeval.engines._keepkernels",
    "pyeval._range_exact": "pyeval.engines._range_exact",
    "pyeval.range_sampling": "pyeval.engines.range_sampling",
    "pyeval._range_sample_numba": "pyeval.engines._range_sample_numba",
    "pyeval.range_symmetry": "pyeval.engines.range_symmetry",
    "pyeval.range_weights": "pyeval.engines.range_weights",
    "pyeval.range_equity": "pyeval.engines.range_equity",
    "pyeval.cluster": "pyeval.engines.cluster",
    "pyeval.deal": "pyeval.sim.deal",
    "pyeval.simulate": "pyeval.sim.simulate",
    "pyeval._sim_kernels": "pyeval.sim._sim_kernels",
    "pyeval.caribbean_rules": "pyeval.caribbean.rules",
    "pyeval.caribbean_counts": "pyeval.caribbean.counts",
    "pyeval.cli_help": "pyeval.cli.help",
    "pyeval.cli_equity": "pyeval.cli.equity",
    "pyeval.cli_eval": "pyeval.cli.evaluate",
    "pyeval.cli_simulate": "pyeval.cli.simulate",
    "pyeval.cli_analysis": "pyeval.cli.analysis",
    "pyeval.cli_caribbean": "pyeval.cli.caribbean",
    "pyeval.analysis.table": "pyeval.results.protocol",
}
"""Old dotted module name -> the module's new dotted name."""


class _AliasLoader(importlib.abc.Loader):
    """Loads an old name as the module under its new name (importing that first)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self.spec  # the import system set the alias's spec: the module keeps its own


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds the old names of ``MOVED``."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new))


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once): before any finder that might still see
    an old file (an editable install of an older checkout maps old names to its files)."""
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())


def keep_functions(namespace: dict) -> None:
    """Register each old module name whose last part is also a public function of ``pyeval``
    (``pyeval.deal``, ``pyeval.simulate``, ``pyeval.describe``, ``pyeval.best_five``) as its new
    module in ``sys.modules`` at once: a later ``from pyeval.deal import Deal`` then finds it there
    and leaves the attribute alone (the import system sets a newly loaded submodule as an attribute
    of its parent, which would replace the function ``pyeval.deal`` by the module)."""
    for old, new in MOVED.items():
        short = old[len("pyeval."):]
        if "." not in short and short in namespace and not isinstance(namespace[short], ModuleType):
            sys.modules.setdefault(old, importlib.import_module(new))
