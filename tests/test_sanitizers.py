"""The sanitizer build (issue 8): the checks ``.ci/sanitize`` relies on.

``.ci/sanitize`` builds the C core with ``PYEVAL_SANITIZE=1`` (ASan + UBSan) in a
temporary copy and runs the evaluator, fuzz and thread tests against it with the
ASan runtime preloaded.  It sets ``PYEVAL_EXPECT_SANITIZED=1``, and then the first
test here proves that the extension under test really is the instrumented one
and that the runtime is live, so a misconfigured run cannot pass silently.

With ``PYEVAL_FULL=1`` the whole ``.ci/sanitize`` run is itself a (slow) test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SANITIZED_RUN = os.environ.get("PYEVAL_EXPECT_SANITIZED", "") not in ("", "0")


@pytest.mark.skipif(not SANITIZED_RUN, reason="only inside .ci/sanitize (PYEVAL_EXPECT_SANITIZED=1)")
def test_the_sanitized_core_is_loaded():
    import pyeval._core as core

    so = Path(core.__file__).resolve()
    site = Path(os.environ["PYEVAL_SANITIZED_SITE"]).resolve()
    assert site in so.parents, f"imported {so}, not the sanitized build in {site}"
    data = so.read_bytes()
    assert b"__asan_report_load" in data, "the extension is not built with AddressSanitizer"
    assert b"__ubsan_handle_" in data, "the extension is not built with UndefinedBehaviorSanitizer"
    maps = Path("/proc/self/maps").read_text()
    assert "libasan" in maps or "clang_rt.asan" in maps, "the ASan runtime is not loaded"


@pytest.mark.slow
@pytest.mark.skipif(SANITIZED_RUN, reason="already inside .ci/sanitize")
@pytest.mark.skipif(sys.platform != "linux" or shutil.which(os.environ.get("CC", "gcc")) is None,
                    reason="needs Linux and a C compiler with ASan")
def test_sanitize_script_is_clean():
    proc = subprocess.run([str(ROOT / ".ci" / "sanitize")], capture_output=True, text=True, timeout=1800)
    tail = (proc.stdout + proc.stderr)[-4000:]
    assert proc.returncode == 0, tail
    assert "sanitize: clean" in proc.stdout, tail
