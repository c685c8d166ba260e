"""The package layout (issue 26; docs/DESIGN.md, "Layout"): no import circles, imports one way
down the layers, no module above 600 lines, and the module paths before issue 26 gone.

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


def _imports(name: str, path: Path, mods: dict[str, Path], type_checking: bool = False) -> set[str]:
    """The pyeval modules ``name`` imports (anywhere but under ``if TYPE_CHECKING:``, unless
    ``type_checking``)."""
    found: list[str] = []
    is_package = path.name == "__init__.py"

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test) and not type_checking:
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


def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    mods = _modules()
    return {n: (_imports(n, p, mods, type_checking) if p.suffix == ".py" else set()) for n, p in mods.items()}


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
    "pyeval._core": 0, "pyeval._version": 0, "pyeval.core": 0, "pyeval.query.limits": 0,
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


TYPE_CHECKING_EXCEPTIONS = {
    # the public signatures' aliases (``Hand`` may be a ``Range``): strings, never evaluated
    ("pyeval.core._types", "pyeval.ranges"),
    # the Dask runner takes a simulation's plan (it runs the chunks of every front door)
    ("pyeval.engines.cluster", "pyeval.sim.simulate"),
}


def test_imports_for_type_checking_go_down_the_layers_too():
    """An annotation's import is an edge too: a module that names an upper layer's type depends
    on it (range_weights once called the range spot's private methods through such an import)."""
    graph = import_graph(type_checking=True)
    upward = [f"{m} imports {t}" for m in sorted(graph) for t in sorted(graph[m])
              if layer_of(t) > layer_of(m) and (m, t) not in TYPE_CHECKING_EXCEPTIONS]
    assert not upward, "imports up the layers (TYPE_CHECKING included): " + "; ".join(upward)


def private_uses() -> list[str]:
    """Every use of another module's private name: ``from M import _x`` (``_x`` not a module) and
    ``m._x`` through a module imported by name, under ``if TYPE_CHECKING:`` too.  A module whose own
    name starts with ``_`` (``pyeval.core._native``, ``_progress``, ...) is private to the package,
    not to its folder: importing it is no such use."""
    mods = _modules()
    found = []
    for name, path in sorted(mods.items()):
        if path.suffix != ".py":
            continue
        is_package = path.name == "__init__.py"
        aliases: dict[str, str] = {}
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = name.split(".") if is_package else name.split(".")[:-1]
                    base = ".".join(package[:len(package) - (node.level - 1)] + ([base] if base else []))
                if not base.startswith("pyeval"):
                    continue
                for a in node.names:
                    full = f"{base}.{a.name}"
                    if full in mods:
                        aliases[a.asname or a.name] = full
                    elif a.name.startswith("_") and not a.name.startswith("__") and base != name:
                        found.append(f"{name} imports {base}.{a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in mods and a.asname:
                        aliases[a.asname] = a.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                    and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and aliases[node.value.id] not in (name, "pyeval._core"):
                found.append(f"{name} uses {aliases[node.value.id]}.{node.attr}")
    return sorted(set(found))


PRIVATE_EXCEPTIONS: set[str] = set()
"""Uses of another module's private name that are allowed, each with its reason."""


def test_no_module_uses_another_modules_private_names():
    found = [use for use in private_uses() if use not in PRIVATE_EXCEPTIONS]
    assert not found, f"{len(found)} uses of another module's private names: " + "; ".join(found)


def test_the_private_name_finder_finds_them():
    uses = private_uses()
    assert all(" imports " in u or " uses " in u for u in uses)
    tree = ast.parse("from pyeval.engines.engine import _evaluate\nfrom pyeval.engines import engine\nengine._x")
    assert any(isinstance(n, ast.ImportFrom) and n.names[0].name == "_evaluate" for n in ast.walk(tree))


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
# the module paths before issue 26 are gone (nothing was released; CHANGELOG)
# ---------------------------------------------------------------------------

OLD_PATHS = [
    "pyeval._moved", "pyeval._deal_kernels", "pyeval._jit", "pyeval._keepkernels", "pyeval._kernels", "pyeval._native",
    "pyeval._progress", "pyeval._range_exact", "pyeval._range_sample_numba", "pyeval._results", "pyeval._sim_kernels",
    "pyeval._threads", "pyeval._types", "pyeval.analysis.table", "pyeval.best_five", "pyeval.cards",
    "pyeval.caribbean_counts", "pyeval.caribbean_rules", "pyeval.checks", "pyeval.cli_analysis", "pyeval.cli_caribbean",
    "pyeval.cli_equity", "pyeval.cli_eval", "pyeval.cli_help", "pyeval.cli_simulate", "pyeval.cluster",
    "pyeval.combo_tally", "pyeval.deal", "pyeval.describe", "pyeval.engine", "pyeval.evaluate",
    "pyeval.exact_strategies", "pyeval.games", "pyeval.range_equity", "pyeval.range_sampling", "pyeval.range_symmetry",
    "pyeval.range_weights", "pyeval.simulate", "pyeval.stud", "pyeval.two_hand_hilo",
]

DOCUMENTED = [  # module path, name: the paths the docs, README, CONTRIBUTING and results mention
    ("pyeval.batch", "row_seed"), ("pyeval.query.limits", "MAX_SAMPLES"), ("pyeval.results.tally", "POT"),
    ("pyeval.query.limits", "EXACT_BUDGET"), ("pyeval.query.limits", "EXACT_LIMIT"),
    ("pyeval.engines.engine", "run_monte_carlo"), ("pyeval.engines.cluster", "DEFAULT_STALL_TIMEOUT"),
    ("pyeval.engines.cluster", "ClusterError"), ("pyeval.equity", "equity"), ("pyeval.equity", "EquityResult"),
    ("pyeval.query.limits", "DEFAULT_SAMPLES"), ("pyeval.core.pots", "side_pots"),
    ("pyeval.sim.simulate", "simulate"), ("pyeval.sim.simulate", "SimulationResult"), ("pyeval.sim.deal", "deal"),
    ("pyeval.sim.deal", "showdown"), ("pyeval.engines.range.combo_tally", "ComboTally"), ("pyeval.caribbean", "decide"),
    ("pyeval.caribbean", "house_edge"), ("pyeval.analysis.plots", "grid_heatmap"),
    ("pyeval.analysis.hand_classes", "MADE_CLASSES"), ("pyeval._warm", "warm"), ("pyeval._warm", "WARM_QUERIES"),
    ("pyeval.core.games", "GAMES"), ("pyeval.core.games", "ALIASES"),
    ("pyeval.engines.single.exact_strategies", "exact_cost"),
    ("pyeval.ranges", "parse_range"), ("pyeval.ranges", "preflop_counts"), ("pyeval.core.cards", "parse_cards"),
    ("pyeval.core.evaluate", "evaluate_high"), ("pyeval.engines.range.equity", "range_equity"),
    ("pyeval.engines.range.equity", "RangeEquityResult"), ("pyeval.query.limits", "MAX_ASSIGNMENTS"),
    ("pyeval.core.describe", "CATEGORIES"), ("pyeval.cli", "main"),
]


@pytest.mark.parametrize("old", OLD_PATHS)
def test_the_old_module_paths_are_gone(old):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


@pytest.mark.parametrize("module, name", DOCUMENTED)
def test_documented_paths(module, name):
    if module == "pyeval.analysis.plots":
        pytest.importorskip("matplotlib")
    assert hasattr(importlib.import_module(module), name)


def test_every_public_name():
    for name in pyeval.__all__:
        assert getattr(pyeval, name) is not None, name
    namespace: dict = {}
    exec(f"from pyeval import {', '.join(pyeval.__all__)}", namespace)  # noqa: S102


def test_a_new_process():
    """In a fresh interpreter: pyeval.equity, pyeval.deal and pyeval.simulate are functions, an old
    module name is neither a module nor an attribute, pyeval.caribbean loads when asked for, and
    numba stays unloaded."""
    code = """
import importlib, sys
import pyeval
from pyeval.sim.deal import Deal, deal_spec
from pyeval.sim.simulate import SimulationResult
functions = (pyeval.equity, pyeval.deal, pyeval.simulate, pyeval.describe, pyeval.best_five)
assert all(callable(f) for f in functions), "a function was replaced"
for old in ("pyeval.engine", "pyeval.cards", "pyeval.cluster"):
    assert not hasattr(pyeval, old.split(".")[1]), old
    try:
        importlib.import_module(old)
    except ModuleNotFoundError:
        pass
    else:
        raise AssertionError(old + " imports")
assert "numba" not in sys.modules
assert pyeval.caribbean.decide is sys.modules["pyeval.caribbean"].decide
print("ok")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-3000:]


def test_folders_by_concept():
    """Issue 37: a folder holds no more than three modules of one prefix (eight ``range_*`` modules
    side by side became ``engines/range/``), and every folder's ``__init__`` says what lives there."""
    crowded, silent = [], []
    for folder in sorted({p.parent for p in ROOT.rglob("*.py")}):
        if folder.name == "__pycache__":
            continue
        prefixes: dict[str, list[str]] = {}
        for p in folder.glob("*.py"):
            if p.name != "__init__.py":
                prefixes.setdefault(p.stem.lstrip("_").split("_")[0].rstrip("0123456789"), []).append(p.stem)
        crowded += [f"{folder.relative_to(ROOT.parent)}: {sorted(names)}" for names in prefixes.values()
                    if len(names) > 3]
        init = folder / "__init__.py"
        if not init.exists() or not ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))):
            silent.append(str(folder.relative_to(ROOT.parent)))
    assert not crowded, f"folders with more than three modules of one prefix: {crowded}"
    assert not silent, f"folders whose __init__ has no docstring: {silent}"


# ---------------------------------------------------------------------------
# issue 37's "Done when": private modules, one function for each shared concept, the map first
# ---------------------------------------------------------------------------

SHARED_PRIVATE_MODULES = {
    "pyeval.core._native": "the C core's ffi and lib: every engine calls the C code through it",
    "pyeval.core._progress": "progress and Ctrl-C: every call that can run for seconds reports to it",
    "pyeval.core._results": "the result protocol's base class and value equality, for every result type",
    "pyeval.core._threads": "the default thread count and thread slices, for every call with threads=",
    "pyeval.core._types": "type aliases of the public signatures (GameName, Hand, Board, ...)",
    "pyeval.core._jit": "numba's cache and lazy compilation, for every numba kernel",
}
"""Private modules (``_`` names) of a subpackage imported from outside it: the package's shared
internals, each with its reason; docs/DESIGN.md's map names each."""


def private_module_imports() -> set[tuple[str, str]]:
    """(importer, private module) for every import of a subpackage's ``_`` module from outside
    that subpackage (type-checking imports included)."""
    found = set()
    for importer, targets in import_graph(type_checking=True).items():
        for t in targets:
            package, _, leaf = t.rpartition(".")
            if leaf.startswith("_") and not leaf.startswith("__") and package != "pyeval" \
                    and not (importer == package or importer.startswith(package + ".")):
                found.add((importer, t))
    return found


def test_private_modules_are_imported_from_outside_their_folder_only_where_documented():
    uses = private_module_imports()
    assert ("pyeval.batch", "pyeval.core._native") in uses  # the finder sees them
    undocumented = sorted(f"{m} imports {t}" for m, t in uses if t not in SHARED_PRIVATE_MODULES)
    assert not undocumented, "private modules imported from outside their folder: " + "; ".join(undocumented)
    design = (ROOT.parent / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    map_text = design.split("\n## ", 2)[1]
    unnamed = [m for m in SHARED_PRIVATE_MODULES if f"`{m.rpartition('.')[2]}`" not in map_text]
    assert not unnamed, f"DESIGN.md's map does not name the shared private modules {unnamed}"


def _defined(pattern: str) -> set[str]:
    """Modules defining a module-level function or class whose name matches ``pattern``."""
    import re

    out = set()
    for name, path in _modules().items():
        if path.suffix != ".py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and re.search(pattern, node.name.lower()):
                out.add(name)
    return out


def _text_holders(needle: str) -> set[str]:
    return {name for name, path in _modules().items()
            if path.suffix == ".py" and needle in path.read_text(encoding="utf-8")}


SECOND_COPIES: dict[tuple[str, str], str] = {}
"""Second copies of a shared concept, each named with its reason (issue 37 asks for one of each;
the last three, Caribbean stud's card text and progress bar and the schemas' rank letters, now use
core.cards and core._progress)."""


def test_one_function_each_for_side_pots_icm_card_text_and_progress():
    """Side pots: one builder (core.pots.side_pots), used by equity's contributions=, the hand
    histories' all-in pots and three-handed push/fold.  ICM: one valuation (analysis.icm), used by
    push/fold.  Card text: one alphabet (core.cards).  Progress: one system (core._progress, the
    only module drawing a bar)."""
    graph = import_graph()
    assert _defined(r"^(side_?pots?|pots_of|build_pots|make_pots)$") == {"pyeval.core.pots"}
    assert {"pyeval.equity", "pyeval.history.allin", "pyeval.analysis.pushfold.values3"} <= \
        {m for m in graph if "pyeval.core.pots" in graph[m]}
    assert _defined(r"^(icm|icm_values?|prize_equit(y|ies))$|harville|malmuth") == {"pyeval.analysis.icm"}
    assert {"pyeval.analysis.pushfold.values3", "pyeval.analysis.pushfold.heads_up"} <= \
        {m for m in graph if "pyeval.analysis.icm" in graph[m]}
    copies = {("card text", m) for m in _text_holders("23456789TJQKA") | _text_holders('"cdhs"')}
    copies |= {("progress", m) for m in _text_holders("import tqdm") | _text_holders("from tqdm")}
    found = copies - {("card text", "pyeval.core.cards"), ("progress", "pyeval.core._progress")}
    assert found == set(SECOND_COPIES), f"second copies: {sorted(found)}"


def test_design_opens_with_the_map_and_every_folder_is_on_it():
    """docs/DESIGN.md: the map first (layers and folders, one line each), then how a query flows,
    then the engine notes; every folder of the package is on the map."""
    design = (ROOT.parent / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    headings = [line[3:].strip() for line in design.splitlines() if line.startswith("## ")]
    assert headings[:2] == ["The map", "How a query flows"], headings[:3]
    map_text = design.split("\n## ", 2)[1]
    folders = sorted({str(p.parent.relative_to(ROOT.parent)) for p in ROOT.rglob("*.py")
                      if p.parent != ROOT and "__pycache__" not in p.parts})
    missing = [f for f in folders if f"`{f}/`" not in map_text and f"`{Path(f).name}/`" not in map_text]
    assert not missing, f"folders not on DESIGN.md's map: {missing}"

