"""The package layout (issue 26; docs/DESIGN.md, "Layout"): no import circles, imports one way
down the layers, no module above 600 lines, and every old import path still working.

The import graph is read from the sources with ``ast``: every ``import`` and ``from ... import``
of a module counts, those inside functions included; only the body of ``if TYPE_CHECKING:`` is
skipped (annotations, never run).  ``from P import name`` is an edge to the module ``P.name`` when
that is a module, else to ``P`` (a package's ``__init__``).  ``import a.b.c`` is an edge to
``a.b.c`` only: Python runs the parents' ``__init__`` first, but a package's ``__init__`` is a
node like any other, with its own edges (to its submodules, which it may import): were a
submodule to import from its package's ``__init__`` while that imports the submodule, the circle
shows.  Imports by name at run time (``importlib.import_module("...")``: the command line's
subcommands, the lazy names of ``pyeval/__init__``) are not edges; the layer check below still
holds for them.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import pyeval
from pyeval._moved import MOVED

ROOT = Path(pyeval.__file__).parent
MAX_LINES = 600


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    mods = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}
    for p in ROOT.glob("_core*"):  # the compiled extension: a leaf
        mods["pyeval._core"] = p
    return mods


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The pyeval modules ``name`` imports (anywhere but under ``if TYPE_CHECKING:``)."""
    found: list[str] = []
    is_package = path.name == "__init__.py"

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.orelse:
                    visit_one(stmt)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[:len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for a in node.names:
                full = f"{base}.{a.name}"
                found.append(full if full in mods else base)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    out = set()
    for m in found:
        while m and m not in mods:  # pyeval.x.y -> the module pyeval.x when y is a name in it
            m = m.rpartition(".")[0]
        if m and m != name:
            out.add(m)
    return out


def import_graph() -> dict[str, set[str]]:
    mods = _modules()
    return {n: (_imports(n, p, mods) if p.suffix == ".py" else set()) for n, p in mods.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strongconnect(v: str) -> None:  # recursive: the graph is a few dozen modules deep at most
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return out


def _cycle_in(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One circle through the component's first module, for the message."""
    inside = set(component)
    start = component[0]
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & inside):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    return component


def test_no_import_circles():
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles: " + "; ".join(" -> ".join(_cycle_in(c, graph)) for c in found)


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert _cycle_in(["a", "b", "c"], graph) == ["a", "b", "c", "a"]


# The layers, bottom up: a module imports only from its own layer or below.  Within a layer the
# circle check above keeps the order.  Keys: a module or a package (its modules); the longest
# key that names a module gives its layer.
LAYERS = {
    "pyeval._core": 0, "pyeval._version": 0, "pyeval._moved": 0, "pyeval.core": 0,
    "pyeval.ranges": 1,
    "pyeval.query": 2,
    "pyeval.results": 3,
    "pyeval.engines": 4,
    "pyeval.equity": 5, "pyeval.caribbean": 5, "pyeval.sim": 5,
    "pyeval.batch": 6, "pyeval.keep": 6,
    "pyeval.analysis": 7, "pyeval.history": 7, "pyeval.strength": 7,
    "pyeval.cli": 8,
    "pyeval": 9, "pyeval._warm": 9,
}


def layer_of(module: str) -> int:
    m = module
    while m not in LAYERS:
        m = m.rpartition(".")[0]
        assert m, f"{module} is in no layer of tests/test_layers.py (add it)"
    return LAYERS[m]


def test_imports_go_down_the_layers():
    graph = import_graph()
    upward = [f"{m} (layer {layer_of(m)}) imports {t} (layer {layer_of(t)})"
              for m in sorted(graph) for t in sorted(graph[m]) if layer_of(t) > layer_of(m)]
    assert not upward, "imports up the layers: " + "; ".join(upward)


def test_engines_and_below_import_no_front_door():
    """The engines take the query's parsers from pyeval.query, not from pyeval.equity (the circles
    before the layout)."""
    graph = import_graph()
    doors = {"pyeval", "pyeval.equity", "pyeval.batch", "pyeval.keep"}
    bad = [f"{m} -> {t}" for m in graph if layer_of(m) <= LAYERS["pyeval.engines"] for t in graph[m] & doors]
    assert not bad


def test_no_module_is_longer_than_600_lines():
    long = {name: n for name, path in _modules().items() if path.suffix == ".py"
            and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (split them along a seam): {long}"


# ---------------------------------------------------------------------------
# the old import paths
# ---------------------------------------------------------------------------

DOCUMENTED = [  # module path, name: the old paths the docs, README, CONTRIBUTING and results mention
    ("pyeval.batch", "row_seed"), ("pyeval.engine", "MAX_SAMPLES"), ("pyeval.engine", "POT"),
    ("pyeval.engine", "EXACT_BUDGET"), ("pyeval.engine", "EXACT_LIMIT"), ("pyeval.engine", "run_monte_carlo"),
    ("pyeval.cluster", "DEFAULT_STALL_TIMEOUT"), ("pyeval.cluster", "ClusterError"), ("pyeval.equity", "equity"),
    ("pyeval.equity", "EquityResult"), ("pyeval.equity", "DEFAULT_SAMPLES"), ("pyeval.equity", "side_pots"),
    ("pyeval.simulate", "simulate"), ("pyeval.simulate", "SimulationResult"), ("pyeval.deal", "deal"),
    ("pyeval.deal", "showdown"), ("pyeval.combo_tally", "ComboTally"), ("pyeval.caribbean", "decide"),
    ("pyeval.caribbean", "house_edge"), ("pyeval.analysis.plots", "grid_heatmap"),
    ("pyeval.analysis.hand_classes", "MADE_CLASSES"), ("pyeval._jit", "warm"), ("pyeval._jit", "WARM_QUERIES"),
    ("pyeval.games", "GAMES"), ("pyeval.games", "ALIASES"), ("pyeval.exact_strategies", "exact_cost"),
    ("pyeval.ranges", "parse_range"), ("pyeval.ranges", "preflop_counts"), ("pyeval.cards", "parse_cards"),
    ("pyeval.evaluate", "evaluate_high"), ("pyeval.range_equity", "range_equity"),
    ("pyeval.range_equity", "RangeEquityResult"), ("pyeval.range_equity", "MAX_ASSIGNMENTS"),
    ("pyeval.describe", "CATEGORIES"), ("pyeval.cli", "main"),
]


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_old_module_path_imports_as_the_new_module(old):
    module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])
    assert module.__name__ == MOVED[old] and module.__spec__.name == MOVED[old]


@pytest.mark.parametrize("module, name", DOCUMENTED)
def test_documented_old_paths(module, name):
    if module == "pyeval.analysis.plots":
        pytest.importorskip("matplotlib")
    assert hasattr(importlib.import_module(module), name)


def test_every_public_name():
    for name in pyeval.__all__:
        assert getattr(pyeval, name) is not None, name
    namespace: dict = {}
    exec(f"from pyeval import {', '.join(pyeval.__all__)}", namespace)  # noqa: S102


def test_old_paths_in_a_new_process():
    """In a fresh interpreter: ``from pyeval.equity import ...`` and the like leave the functions
    pyeval.equity, pyeval.deal and pyeval.simulate alone; pyeval.engine, pyeval.caribbean and the
    other old module names are attributes of pyeval as before; numba stays unloaded."""
    code = """
import sys
import pyeval
from pyeval.equity import EquityResult
from pyeval.deal import Deal, deal_spec
from pyeval.simulate import SimulationResult
from pyeval.describe import category_index
from pyeval.best_five import played_cards
import pyeval.deal, pyeval.simulate, pyeval.equity, pyeval.engine, pyeval.describe, pyeval.best_five
from pyeval import engine, cards
functions = (pyeval.equity, pyeval.deal, pyeval.simulate, pyeval.describe, pyeval.best_five)
assert all(callable(f) for f in functions), "a function was replaced"
assert pyeval.engine is sys.modules["pyeval.engines.engine"] is engine
assert pyeval.engine.MAX_SAMPLES == 50_000_000_000 and pyeval.cluster.DEFAULT_STALL_TIMEOUT > 0
assert cards is sys.modules["pyeval.core.cards"] and pyeval.games.GAMES
assert "numba" not in sys.modules
assert pyeval.caribbean.decide is sys.modules["pyeval.caribbean"].decide
print("ok")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-3000:]
