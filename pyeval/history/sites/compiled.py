"""Which site-reading modules are compiled to C with mypyc when pyeval is built, and whether the
running process uses the compiled ones.

Reading site text is Python code walking lines and building records: its cost is the interpreter's
dispatch spread over every line (issue 40), so the readers are compiled as they are written, with
mypyc (part of mypy), rather than rewritten in C: the Python modules stay the one source of the
rules, and a build without mypyc runs them as they are.  ``setup.py`` reads ``MODULES`` (this file
is executed there alone: no imports beyond the standard library).

``PYEVAL_PURE_PYTHON=1``: at build time, compile none of them; at run time, import the Python
sources even where compiled modules are installed (``use_sources``, called by the package's
``__init__``), to compare the two or to debug the readers.

mypyc keeps no docstrings: the modules' examples are run on their sources
(tests/test_compiled_readers.py), and the API pages are built from the sources.  A compiled
module is a snapshot of its source: after editing one of these files in a source
checkout, rebuild (``python setup.py build_ext --inplace``); the test session refuses to start on a
module older than its source (tests/conftest.py, ``stale``).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

__all__ = ["MODULES", "PACKAGE", "GROUP", "status", "stale", "use_sources", "pure_python_requested"]

PACKAGE = "pyeval.history.sites"
GROUP = "pyeval.history.sites._compiled"
"""mypyc's name for the compiled modules' shared library (``_compiled__mypyc.<abi>.so`` here)."""
MODULES: tuple[str, ...] = (
    # the PokerStars-like family's parser and its helpers, then the other sites' text and XML readers
    "stars_text",
    "stars_header",
    "stars_totals",
    "hand_starts",
    "text_lines",
    "money",
    "language",
    "assemble",
    "fulltilt_text",
    "wpn_text",
    "wpn_old_text",
    "winamax",
    "poker888",
    "partypoker",
    "partypoker_lines",
    "ipoker",
    "ipoker_xml",
    "ipoker_text",
    "bovada",
    "merge",
    "bossmedia",
    "entraction",
    "allin_event",
    "microgaming",
    "ongame",
    "model",
)
"""The modules of ``pyeval.history.sites`` compiled with mypyc.  ``model``'s ``Hand`` and ``Action``
are plain classes so that their ``__init__`` is compiled too (as dataclasses they measured no
faster compiled: a dataclass's ``__init__`` is generated Python).  Not ``igt``: it walks JSON whose
values may be of any type, where a compiled function's annotations would raise TypeError on a
malformed file instead of the ValueError that skips the hand."""

_HERE = Path(__file__).resolve().parent


def pure_python_requested() -> bool:
    return os.environ.get("PYEVAL_PURE_PYTHON", "") not in ("", "0")


def status() -> dict[str, bool]:
    """Each of ``MODULES``: whether the imported module is the compiled one."""
    out = {}
    for name in MODULES:
        module = importlib.import_module(f"{PACKAGE}.{name}")
        out[name] = not str(getattr(module, "__file__", "")).endswith(".py")
    return out


def stale() -> list[str]:
    """The compiled modules beside this file that are older than their source (a source checkout
    edited after its last build), or whose module is no longer in ``MODULES``, each as
    "file (why)"."""
    found = []
    # the code is in the group's library (a module's own library is a shim that a rebuild may leave as it was)
    group = [p.stat().st_mtime for p in _HERE.glob(f"{GROUP.rpartition('.')[2]}__mypyc.*.so")]
    for name in MODULES:
        source = _HERE / f"{name}.py"
        for built in _HERE.glob(f"{name}.*.so"):
            late = source.stat().st_mtime - max(group or [built.stat().st_mtime])
            if late > 0:
                found.append(f"{built.name} (its source is newer by {late:.0f} s)")
    for built in _HERE.glob("*.so"):  # a module taken off the list keeps its old library, which would shadow it
        if built.name.split(".")[0] not in MODULES and "__mypyc" not in built.name:
            found.append(f"{built.name} (no longer compiled: delete it)")
    return found


class _SourceFinder:
    """A meta-path finder that imports ``MODULES`` from their ``.py`` files."""

    @staticmethod
    def find_spec(fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, _HERE / f"{name}.py")


def use_sources() -> None:
    """Import the Python sources of ``MODULES`` from now on (before any of them is imported)."""
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
