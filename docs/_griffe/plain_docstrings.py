"""A griffe extension for the docs site: pyeval's docstrings are plain text laid out for a
terminal (aligned ``name  description`` lists, doctest examples, reST-style ``code`` and
:func:`roles`), not Markdown.  Each paragraph becomes the Markdown that shows it best:

- a doctest paragraph (``>>>`` lines and their output) becomes a ``pycon`` block, without its
  ``# doctest:`` directives;
- an aligned ``name  description`` list (each entry's name at the left margin, two or more
  spaces, its description, continued on indented lines) becomes a definition list, names as code;
- any other paragraph with aligned columns (a run of two or more spaces inside a line that does
  not just follow the end of a sentence), indented continuation lines, or reST table rules
  (``====``) becomes a ``text`` block, shown as written;
- any other paragraph stays prose.

In prose and in definition lists, reST's double-backtick ``code`` and :role:`name` become
Markdown code spans; in a ``text`` block, where nothing is formatted, their markup is dropped.
The docstrings keep the reST conventions (what ``help()`` shows in a terminal); only the site
converts them, so no docstring has to be written twice.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

# Two or more spaces inside a line, not after the end of a sentence (". " typed twice is prose).
_ALIGNED = re.compile(r"[^\s.;:!?] {2,}\S")
_RULE = re.compile(r"^=+(\s+=+)+\s*$")
_TERM = re.compile(r"^(\S(?:.*?\S)?) {2,}(\S.*)$")  # an entry: name, two or more spaces, description
_DOUBLE = re.compile(r"``(.+?)``", re.S)
_ROLE = re.compile(r":(?:func|meth|class|mod|attr|data|obj|exc|const):`~?([^`]+)`")
_DIRECTIVE = re.compile(r"\s*# doctest:.*$")  # "# doctest: +SKIP": for the test runner, not the reader
_NAME = re.compile(r"^[\w.*()\[\]=\"'-]+$")


def _paragraphs(text: str) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return [p for p in out if p]


def _fence(lang: str, lines: list[str]) -> str:
    return "\n".join([f"```{lang}", *lines, "```"])


def _inline(text: str) -> str:
    """reST inline code and roles as Markdown code spans."""
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", text)
    return _DOUBLE.sub(lambda m: f"`{m.group(1)}`" if "`" not in m.group(1) else m.group(0), text)


def _plain(text: str) -> str:
    """reST inline code and roles without their markup (for text shown as written)."""
    return _DOUBLE.sub(r"\1", _ROLE.sub(r"\1", text))


_CODE_SPAN = re.compile(r"(`[^`]+`)")
_SPECIAL = re.compile(r"[*<]|(?<!\w)_|_(?!\w)")


def _literal(text: str) -> str:
    """Text written to be shown as it is (a description from an aligned list) as Markdown: its
    reST code as code spans, and outside them no character Markdown would read as emphasis or
    HTML (``pot_units**2``)."""
    parts = _CODE_SPAN.split(_inline(text))
    return "".join(part if i % 2 else _SPECIAL.sub(lambda m: "\\" + m.group(0), part)
                   for i, part in enumerate(parts))


def _entries(para: list[str]) -> list[tuple[str, str]] | None:
    """The (name, description) entries of an aligned list, or None if the paragraph is not one:
    at least two entries, each line an entry or an indented continuation, and no second column
    after the description (that is a table)."""
    entries: list[tuple[str, list[str]]] = []
    for line in para:
        if line[:1].isspace():
            if not entries:
                return None
            entries[-1][1].append(line.strip())
            continue
        m = _TERM.match(line)
        if m is None or _ALIGNED.search(m.group(2)) or len(m.group(1)) > 30:
            return None
        entries.append((m.group(1), [m.group(2)]))
    if len(entries) < 2:
        return None
    return [(name, " ".join(desc)) for name, desc in entries]


def _definition_list(entries: list[tuple[str, str]]) -> str:
    def name(term: str) -> str:
        parts = [p.strip() for p in term.split(",")]
        if all(_NAME.match(p) for p in parts):
            return ", ".join(f"`{p}`" for p in parts)
        return _inline(term)

    return "\n\n".join(f"{name(term)}\n:   {_literal(desc)}" for term, desc in entries)


def plain_to_markdown(text: str) -> str:
    blocks = []
    for para in _paragraphs(text):
        if para[0].lstrip().startswith(">>>"):
            blocks.append(_fence("pycon", [_DIRECTIVE.sub("", line.strip()) if line.lstrip().startswith((">>>", "..."))
                                           else line for line in para]))
        elif (entries := _entries(para)) is not None:
            blocks.append(_definition_list(entries))
        elif len(para) > 1 and any(_ALIGNED.search(line) or line[:1].isspace() or _RULE.match(line)
                                   for line in para):
            blocks.append(_fence("text", [_plain(line) for line in para]))
        elif para[0].rstrip().endswith("::") and len(para) == 1:
            blocks.append(para[0].rstrip()[:-1])  # reST "Example::" introduces the next block
        else:
            blocks.append(_inline("\n".join(para)))
    return "\n\n".join(blocks)


class PlainDocstrings(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_to_markdown(obj.docstring.value)
