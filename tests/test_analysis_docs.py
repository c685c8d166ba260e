"""Every ```python example of docs/analysis.md runs (and its asserts hold)."""

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "analysis.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_there_are_examples():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("k", range(len(BLOCKS)))
def test_example_runs(k):
    if "plots" in BLOCKS[k]:
        pytest.importorskip("matplotlib")
    exec(compile(BLOCKS[k], f"{DOC.name} example {k + 1}", "exec"), {})
