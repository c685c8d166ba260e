"""Every example in the README and the docs runs, and no link leaves the repository.

Pages: README.md, CONTRIBUTING.md and every ``docs/**/*.md`` (a new page is picked up by
itself).  What runs, per fenced block's language:

- ``python``: executed; the blocks of one page share one namespace, in order (like a notebook);
- ``pycon``: ``>>>`` examples run by doctest in that namespace, the shown output checked
  (ELLIPSIS and NORMALIZE_WHITESPACE on);
- ``console``: each ``$ pyeval ...`` line runs the command line in this process and must exit 0;
  the lines up to the next ``$`` are its expected output (checked the same way), when given.
  Other commands in a console block (``$ python -m pip ...``) are an error: such set-up
  commands go in ``sh`` blocks, which are shown, not run.

Everything runs in a temporary directory (examples may write files).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RUN_LANGS = {"python", "pycon", "console"}
SHOWN_LANGS = {"sh", "text", "toml", "yaml", "c", ""}
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+|~~~+)(?P<lang>[\w+-]*)[^\n]*\n"
                   r"(?P<body>.*?)^(?P=indent)(?P=fence)\s*$", re.M | re.S)


def pages() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]
    return [p for p in found if p.exists()]


def page_id(p: Path) -> str:
    return str(p.relative_to(ROOT))


def blocks(text: str) -> list[tuple[str, int, str]]:
    """(language, line number, body) of every fenced block."""
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 2
        body = m.group("body")
        indent = len(m.group("indent"))
        if indent:
            body = "\n".join(row[indent:] for row in body.split("\n"))
        out.append((m.group("lang").lower(), line, body))
    return out


def _check_output(want: str, got: str) -> bool:
    return doctest.OutputChecker().check_output(want, got, FLAGS)


def run_console(body: str, where: str) -> None:
    from pyeval.cli import main

    commands: list[tuple[str, list[str]]] = []
    for row in body.splitlines():
        if row.startswith("$ "):
            commands.append((row[2:], []))
        elif commands:
            commands[-1][1].append(row)
        elif row.strip():
            raise AssertionError(f"{where}: output before any command: {row!r}")
    for command, shown in commands:
        argv = shlex.split(command, comments=True)
        if not argv or argv[0] != "pyeval":
            raise AssertionError(f"{where}: console blocks run pyeval commands only (use an sh block): {command}")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                code = main(argv[1:])
            except SystemExit as exc:  # argparse's --help and --version
                code = exc.code
        assert code in (0, None), f"{where}: `{command}` exited {code}"
        want = "\n".join(shown).strip("\n")
        if want:
            assert _check_output(want + "\n", out.getvalue()), (
                f"{where}: `{command}` printed\n{out.getvalue()}\nexpected\n{want}")


def run_pycon(body: str, namespace: dict, where: str) -> None:
    test = doctest.DocTestParser().get_doctest(body, namespace, where, where, 0)
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.write, clear_globs=False)
    namespace.update(test.globs)  # DocTest runs in a copy: later blocks see what this one defined
    assert not runner.failures, report.getvalue()


@pytest.mark.parametrize("page", pages(), ids=page_id)
def test_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"docs_{page.stem}"}
    for lang, line, body in blocks(page.read_text()):
        where = f"{page_id(page)}:{line}"
        if lang == "python":
            exec(compile(body, where, "exec"), namespace)
        elif lang == "pycon":
            run_pycon(body, namespace, where)
        elif lang == "console":
            run_console(body, where)
        else:
            assert lang in SHOWN_LANGS, f"{where}: unknown block language {lang!r} (runs: {sorted(RUN_LANGS)})"


def test_harness_sees_every_block() -> None:
    """No fenced block escapes the pattern (an unclosed fence would hide every example after it),
    and the README's examples are fenced, not indented."""
    for page in pages():
        text = page.read_text()
        fences = [row for row in text.splitlines() if row.lstrip().startswith(("```", "~~~"))]
        assert len(fences) == 2 * len(blocks(text)), f"{page_id(page)}: a fence is not closed"
    readme = (ROOT / "README.md").read_text()
    assert not re.search(r"\n\n {4}(pyeval|python|import) ", readme), "README: indented code; fence it"


def test_console_checks_output() -> None:
    """The console runner compares what a command prints with what the page shows."""
    run_console("$ pyeval --version\npyeval ...\n", "self-test")
    with pytest.raises(AssertionError, match="expected"):
        run_console("$ pyeval eval AsKsQsJsTs\nStraight flush, nothing like this\n", "self-test")
    with pytest.raises(AssertionError, match="exited 2"):
        run_console("$ pyeval equity holdem AhAs AhAs\n", "self-test")


# ---------------------------------------------------------------------------
# links
# ---------------------------------------------------------------------------

INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*)>")
BARE_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\w+\.\w+")
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def _prose(text: str) -> str:
    """The page without its fenced blocks and code spans (code may show addresses: tcp://HEAD)."""
    text = FENCE.sub("", text)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", text, flags=re.S)


def link_targets(text: str) -> list[str]:
    prose = _prose(text)
    found = [m.group(1) for pattern in (INLINE_LINK, REFERENCE_LINK, AUTOLINK, HTML_LINK)
             for m in pattern.finditer(prose)]
    found += [m.group(0) for m in BARE_URL.finditer(prose)]
    return found


def link_pages() -> list[Path]:
    extra = [ROOT / "CHANGELOG.md", ROOT / "benchmarks" / "RESULTS.md"]  # the benchmark log (not on the site)
    return pages() + [p for p in extra if p.exists()]


@pytest.mark.parametrize("page", link_pages(), ids=page_id)
def test_links_stay_inside(page: Path) -> None:
    """Every link is relative and names a file of the repository; links in docs/ name a page or
    file of the site (docs/), since the site holds nothing else."""
    home = DOCS if DOCS in page.parents else ROOT
    for target in link_targets(page.read_text()):
        assert not SCHEME.match(target), f"{page_id(page)}: links outside the repository: {target}"
        path = target.split("#", 1)[0]
        if not path:
            continue  # an anchor on the same page
        resolved = (page.parent / path).resolve()
        assert resolved.exists(), f"{page_id(page)}: broken link {target}"
        assert home == resolved or home in resolved.parents, (
            f"{page_id(page)}: {target} is outside {home.relative_to(ROOT.parent)}")


def test_link_check_finds_outside_links() -> None:
    text = ("see [a](https://example.org/x), <http://e.org>, www.example.com and [rules](../shared/RULES.md);"
            " not `http://code.span` nor\n```sh\ncurl https://in.a.block\n```\n")
    targets = link_targets(text)
    assert "https://example.org/x" in targets and "http://e.org" in targets and "../shared/RULES.md" in targets
    assert any(t.startswith("www.") for t in targets)
    assert not any("code.span" in t or "in.a.block" in t for t in targets)


def test_every_game_has_a_rules_page() -> None:
    """Each declared game is named on some page of docs/rules/ (the rules as implemented)."""
    import pyeval

    rules = "\n".join(p.read_text() for p in (DOCS / "rules").glob("*.md"))
    missing = [name for name in pyeval.GAMES if f"`{name}`" not in rules]
    assert not missing, f"games without rules in docs/rules/: {missing}"


def test_mkdocs_nav_lists_every_page() -> None:
    """Every page of docs/ is in the site's navigation (mkdocs only warns about the others)."""
    nav = (ROOT / "mkdocs.yml").read_text()
    listed = set(re.findall(r":\s*([\w./-]+\.md)\s*$", nav, re.M))
    on_disk = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert on_disk <= listed, f"pages missing from mkdocs.yml nav: {sorted(on_disk - listed)}"


def test_cli_page_documents_every_subcommand() -> None:
    """docs/cli.md has a section for every subcommand `pyeval --help` lists (issue 26)."""
    from pyeval import cli

    parser = cli.build_parser()
    commands = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction").choices
    page = (ROOT / "docs" / "cli.md").read_text()
    missing = [name for name in commands if f"## `pyeval {name}`" not in page]
    assert not missing, f"docs/cli.md has no section for: {missing}"


# ---------------------------------------------------------------------------
# the built site (issue 26): lists are lists, docstrings show no reST markup
# ---------------------------------------------------------------------------

# A paragraph (or list item) whose text has a line that starts like a list item: Markdown made it
# prose because no blank line came before the list.
RUN_ON_LIST = re.compile(r"(?:^|\n)[ \t]*(?:[-*+]|\d+\.)[ \t]+\S")
PARAGRAPH = re.compile(r"<(p|li)>(.*?)</\1>", re.S)
API_PAGES = ("api", "equity", "batch", "simulation", "caribbean", "analysis", "pushfold", "history", "dask")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built as .ci/docs builds it (strict), once for this module."""
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    import subprocess
    import sys

    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def run_on_lists(html: str) -> list[str]:
    """The paragraphs of a built page that hold a list Markdown did not see."""
    return [body.strip()[:120] for _, body in PARAGRAPH.findall(html) if RUN_ON_LIST.search(body)]


def test_run_on_list_check() -> None:
    assert run_on_lists("<p>Three things:\n- one\n- two</p>")
    assert run_on_lists("<p>Steps:\n1. one\n2. two</p>")
    assert not run_on_lists("<p>Three things:</p>\n<ul>\n<li>one</li>\n<li>two - or three</li>\n</ul>")
    assert not run_on_lists("<p>a range - b range</p><pre><code>- not prose\n</code></pre>")


def test_site_lists_render(site: Path) -> None:
    """No page of the site shows a Markdown list as a paragraph of '- ' lines."""
    bad = {str(p.relative_to(site)): found for p in sorted(site.rglob("*.html"))
           if (found := run_on_lists(p.read_text()))}
    assert not bad, f"lists rendered as paragraphs (a blank line is missing before them): {bad}"


def test_site_shows_no_rest_markup(site: Path) -> None:
    """The API pages (docstrings through mkdocstrings) show no raw reST: no ``double backticks``,
    no :func:`roles`."""
    bad = {}
    for name in API_PAGES:
        page = site / f"{name}.html"
        assert page.exists(), f"no {page.name} in the site"
        text = page.read_text()
        found = re.findall(r".{0,40}``.{0,40}", text)
        found += re.findall(r".{0,40}:(?:func|class|meth|mod|attr):`.{0,40}", text)
        if found:
            bad[page.name] = found[:5] + ([f"... {len(found)} in all"] if len(found) > 5 else [])
    assert not bad, f"raw reST markup in the built API pages: {bad}"


# ---------------------------------------------------------------------------
# install commands (issue 26): from a clone first; the index name only "once published"
# ---------------------------------------------------------------------------

def _pyproject_extras() -> dict[str, list[str]]:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def test_install_hints_name_real_extras() -> None:
    """The extras pyeval's hints name are pyproject.toml's, with the same requirements; no hint in
    the package points at the package index's name (not published yet), and every ".[extra]" it
    writes is an extra of pyproject.toml."""
    from pyeval.core._results import EXTRAS, install_hint

    extras = _pyproject_extras()
    for extra, packages in EXTRAS.items():
        assert list(packages) == extras[extra], f"pyeval.core._results.EXTRAS[{extra!r}] differs from pyproject.toml"
        hint = install_hint(extra)
        assert f'python -m pip install ".[{extra}]"' in hint and all(f'"{p}"' in hint for p in packages)
    for path in sorted((ROOT / "pyeval").rglob("*.py")):
        text = path.read_text()
        where = path.relative_to(ROOT)
        assert "pyeval-poker[" not in text, f"{where}: an install hint names the unpublished index package"
        for extra in re.findall(r'"\.\[(\w+)\]"', text):
            assert extra in extras, f'{where}: ".[{extra}]" is not an extra of pyproject.toml'


def test_install_hints_are_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each place that reports a missing optional dependency says how to install it from a clone."""
    import sys

    from pyeval.core._results import install_hint, require
    from pyeval.engines import cluster
    from pyeval.history import replay

    with pytest.raises(ImportError) as e:
        require("pyeval_no_such_module", "plot")
    assert install_hint("plot") in str(e.value)
    for module in ("distributed", "dask", "dask.distributed", "pokerkit"):
        monkeypatch.setitem(sys.modules, module, None)  # import fails
    with pytest.raises(ImportError) as e:
        cluster._distributed()
    assert install_hint("dask") in str(e.value)
    with pytest.raises(ImportError) as e:
        replay.require_pokerkit()
    assert install_hint("history") in str(e.value)
    from pyeval.cli import simulate as cli_simulate

    with pytest.raises(ValueError) as e:
        cli_simulate.connect_scheduler("tcp://127.0.0.1:1")
    assert install_hint("dask") in str(e.value)


def _paragraphs_of(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def test_docs_install_from_a_clone_first() -> None:
    """The README and the docs install from a clone; the index name appears only beside "once
    published" (pyeval-poker is not on the index yet)."""
    for page in pages():
        for para in _paragraphs_of(page.read_text()):
            if re.search(r"install\s+\"?pyeval-poker", para):
                assert "published" in para, f"{page_id(page)}: installs from the index, not 'once published':\n{para}"
    for page in (ROOT / "README.md", DOCS / "index.md", DOCS / "getting-started.md"):
        text = page.read_text()
        first = re.search(r"pip install [^\n]*", text)
        assert first and "pyeval-poker" not in first.group(0), f"{page_id(page)}: the first install is not from a clone"


# ---------------------------------------------------------------------------
# what a newcomer reads (issue 38, item 18)
# ---------------------------------------------------------------------------

USER_PAGES = [p for p in pages() if p.name != "DESIGN.md"]  # DESIGN.md keeps the history


def test_cli_page_names_every_option() -> None:
    from pyeval.cli import build_parser

    text = (DOCS / "cli.md").read_text()
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    missing = [f"{name} {opt}" for name, p in sub.choices.items() for a in p._actions for opt in a.option_strings
               if opt.startswith("--") and opt != "--help" and f"`{opt}" not in text and f" {opt}" not in text]
    assert not missing, f"docs/cli.md leaves out: {missing}"


@pytest.mark.parametrize("page", pages(), ids=page_id)
def test_console_examples_show_their_output(page: Path) -> None:
    """A ``$ pyeval`` example shows what it prints (checked by run_console), not ``...`` alone;
    a command that writes a file and prints nothing shows nothing."""
    for lang, line, body in blocks(page.read_text()):
        if lang != "console":
            continue
        shown: list[list[str]] = []
        for row in body.splitlines():
            if row.startswith("$ "):
                shown.append([])
            elif shown:
                shown[-1].append(row.strip())
        for rows in shown:
            assert not rows or any(r not in ("...", "{...}", "") for r in rows), (
                f"{page_id(page)}:{line}: an example shows '...' in place of its output")


@pytest.mark.parametrize("page", USER_PAGES, ids=page_id)
def test_user_docs_name_no_internal_issue(page: Path) -> None:
    found = re.findall(r"(?i)\bissues? \d+", page.read_text())
    assert not found, f"{page_id(page)}: internal references {found}"


def test_home_page_links_every_page() -> None:
    home = (DOCS / "index.md").read_text()
    linked = {t.split("#")[0] for t in link_targets(home)}
    missing = [p.name for p in DOCS.glob("*.md") if p.name != "index.md" and p.name not in linked]
    assert not missing, f"docs/index.md does not link {missing}"


GLOB = re.compile(r"[*?\[]")


@pytest.mark.parametrize("page", pages(), ids=page_id)
def test_shell_examples_quote_glob_characters(page: Path) -> None:
    """``pyeval equity holdem Ah* ...`` typed into a shell may match files: examples quote it."""
    for lang, line, body in blocks(page.read_text()):
        if lang not in ("console", "sh"):
            continue
        for row in body.splitlines():
            command = row[2:] if row.startswith("$ ") else row if lang == "sh" else ""
            bare = re.sub(r"'[^']*'|\"[^\"]*\"|\s#.*$", "", command)
            assert not GLOB.search(bare), f"{page_id(page)}:{line}: quote the glob characters: {command}"


def test_cli_help_examples_quote_glob_characters() -> None:
    from pyeval.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name, p in sub.choices.items():
        for row in (p.epilog or "").splitlines():
            if row.strip().startswith("pyeval "):
                bare = re.sub(r"'[^']*'|\"[^\"]*\"", "", row)
                assert not GLOB.search(bare), f"pyeval {name} --help: quote the glob characters: {row.strip()}"


def test_readme_layout_matches_the_tree() -> None:
    """Every path in the README's layout table exists, and every package folder is in it."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Layout", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\|\s*`([^`]+)`", section, re.M)
    assert listed, "README: no layout table"
    missing = [p for p in listed if not any((ROOT / q.strip()).exists() for q in p.split(","))]
    assert not missing, f"README layout names paths that do not exist: {missing}"
    folders = [f"pyeval/{d.name}/" for d in (ROOT / "pyeval").iterdir() if d.is_dir() and not d.name.startswith("_")
               and d.name != "__pycache__"]
    unlisted = [f for f in folders if f not in section]
    assert not unlisted, f"README layout leaves out {unlisted}"


@pytest.mark.parametrize("name", ["README.md", "CONTRIBUTING.md"])
def test_build_instructions_build_the_core_once(name: str) -> None:
    """Each page's commands build the C core (an install of the checkout, build_ext) at most once:
    the README's install for users, or CONTRIBUTING's one editable install with every extra."""
    builds = [row.strip() for lang, _, body in blocks((ROOT / name).read_text()) if lang == "sh"
              for row in body.splitlines()
              if re.search(r"pip install (-e |--editable )?[\"']?\.|build_ext", row.split("#")[0])]
    assert len(builds) <= 1, f"{name}: the C core is built {len(builds)} times: {builds}"


def test_the_quick_run_says_the_skipped_tests_are_the_slow_set() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYEVAL_FULL"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "tests/test_sanitizers.py", "-m", "slow",
                           "-p", "no:cacheprovider", "-p", "no:xdist"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert "tests marked slow (the slow set) are skipped" in proc.stdout, proc.stdout
    assert re.search(r"\d+ skipped tests are the slow set", proc.stdout), proc.stdout


def _named_paths(text: str) -> set[str]:
    """The files, folders and pyeval modules a page names in backticks (``pyeval/engines/``,
    ``csrc/board_ranks.c``, ``pyeval.core.pots``)."""
    found = set()
    for span in re.findall(r"`([^`\n]+)`", text):
        for word in re.split(r"[\s,()]+", span):
            word = word.rstrip(".:;")
            if re.fullmatch(r"(pyeval|csrc|tables|tests|benchmarks|docs)/[\w./*-]*", word) and "*" not in word:
                found.add(word)
            elif re.fullmatch(r"pyeval(\.\w+)+", word):
                found.add(word)
    return found


def _exists(name: str) -> bool:
    if "/" in name:
        return (ROOT / name).exists()
    import importlib

    parts = name.split(".")
    for cut in range(len(parts), 0, -1):  # the longest module prefix, the rest attributes
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def test_design_names_only_what_exists() -> None:
    """docs/DESIGN.md is the map a newcomer reads first: every path and module it names exists."""
    missing = sorted(p for p in _named_paths((DOCS / "DESIGN.md").read_text(encoding="utf-8")) if not _exists(p))
    assert not missing, f"docs/DESIGN.md names what does not exist: {missing}"


def test_design_path_check_finds_a_missing_path() -> None:
    assert _named_paths("see `pyeval/no_such.py` and `pyeval.core.no_such`") == {"pyeval/no_such.py",
                                                                                 "pyeval.core.no_such"}
    assert not _exists("pyeval/no_such.py") and not _exists("pyeval.core.no_such") and _exists("pyeval.core.pots")


def test_no_merge_conflict_markers_in_tracked_text():
    """A merge's conflict block committed by mistake (docs/site-histories.md once held two) is
    caught here, in any tracked text file."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    files = subprocess.run(["git", "ls-files", "*.md", "*.py", "*.yml", "*.toml", "*.c", "*.h", "*.cpp"],
                           cwd=root, capture_output=True, text=True, check=False).stdout.split()
    if not files:
        pytest.skip("not a git checkout")
    marked = [f for f in files if (root / f).is_file()
              and re.search(r"^(<{7} |>{7} )", (root / f).read_text(errors="replace"), re.M)]
    assert marked == []
