"""A griffe extension for the docs site: pyeval's docstrings are plain text laid out for a
terminal (aligned ``name  description`` lists, doctest examples), not Markdown.  Each paragraph
that relies on its layout is fenced so the site shows it as written:

- a doctest paragraph (``>>>`` lines and their output) becomes a ``pycon`` block;
- a paragraph with aligned columns (a run of two or more spaces inside a line), indented
  continuation lines, or reST table rules (``====``) becomes a ``text`` block;
- any other paragraph stays prose (Markdown, with its ``code spans``).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ALIGNED = re.compile(r"\S {2,}\S")
_RULE = re.compile(r"^=+(\s+=+)+\s*$")


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


def plain_to_markdown(text: str) -> str:
    blocks = []
    for para in _paragraphs(text):
        if para[0].lstrip().startswith(">>>"):
            blocks.append(_fence("pycon", [line.strip() if line.lstrip().startswith((">>>", "...")) else line
                                           for line in para]))
        elif len(para) > 1 and any(_ALIGNED.search(line) or line[:1].isspace() or _RULE.match(line)
                                   for line in para):
            blocks.append(_fence("text", para))
        elif para[0].rstrip().endswith("::") and len(para) == 1:
            blocks.append(para[0].rstrip()[:-1])  # reST "Example::" introduces the next block
        else:
            blocks.append("\n".join(para))
    return "\n\n".join(blocks)


class PlainDocstrings(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_to_markdown(obj.docstring.value)
