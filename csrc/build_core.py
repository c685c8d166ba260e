"""cffi (API mode) builder for ``pyeval._core``; wired through ``cffi_modules`` in setup.py.

The lookup tables are generated from ``tables/`` into ``csrc/generated/`` first.
Environment:
  PYEVAL_SANITIZE=1   build with AddressSanitizer + UndefinedBehaviorSanitizer (gcc or clang)
  PYEVAL_CFLAGS="..." extra compiler flags (e.g. -march=native for a local build)

Sanitizer build (``.ci/sanitize`` does all of this end to end, in a temporary copy).
The extension links the ASan runtime dynamically, but ASan must be the first
library loaded into the process, so ``python`` needs it preloaded; CPython leaks by
design at exit, so leak detection is off.  Build in a copy of the source tree (a
shared ``build/`` would hand instrumented object files to the next normal build) into
a separate site, then run with the runtime preloaded::

    cp -r . /tmp/asan_src && cd /tmp/asan_src && rm -rf build
    PYEVAL_SANITIZE=1 pip install --no-build-isolation --no-deps --target /tmp/asan_site .
    cd /tmp && LD_PRELOAD="$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0 \
        PYTHONPATH=/tmp/asan_site python -m pytest /path/to/pyeval/tests/test_high.py

(run from a directory without a ``pyeval/`` source tree, so the sanitized build is the one
imported; clang: ``LD_PRELOAD="$(clang -print-file-name=libclang_rt.asan-x86_64.so)"``).
``PYTHONMALLOC=malloc`` would route Python's small objects through ASan's malloc too.
Without the preload, importing ``pyeval._core`` fails with "ASan runtime does not
come first in initial library list".  UBSan errors abort (no recovery), so any
report fails the run.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GENERATED = HERE / "generated"
SOURCES = ["high.c", "high_simd.c", "lowball.c", "shortdeck.c", "stud.c", "badugi.c", "omaha.c", "board_equity.c",
           "board_ranks.c", "random_hand.c", "board_batch.c", "board_sample.c", "sample.c", "seed.c", "range_sample.c",
           "deal_kernels.c", "sim_kernels.c", "range_exact.c", "flop_sweep.c", "one_hand.c", "stud_batch.c",
           "strength_index.c", "strength_features.c", "strength_table.c"]
# the prototypes cffi declares
HEADERS = ["pyeval.h", "range_sample.h", "deal_kernels.h", "sim_kernels.h", "range_exact.h", "flop_sweep.h", "stud_batch.h", "strength.h"]


def generate_tables() -> None:
    subprocess.run([sys.executable, str(ROOT / "tables" / "generate.py"), str(GENERATED)], check=True)


def api_declarations() -> str:
    """The function prototypes of HEADERS, and the generated tables' extern declarations."""
    header = "\n".join((HERE / h).read_text() for h in HEADERS)
    protos = re.findall(r"^int64_t pyeval_\w+\([^;]*\);", header, flags=re.M)
    protos += re.findall(r"^#define PYEVAL_(?:KIND|EVAL|MAX|STRENGTH)_\w+ \d+$", header, flags=re.M)
    tables = (GENERATED / "tables.h").read_text()
    externs = [line.replace("extern const ", "const ")
               for line in tables.splitlines() if line.startswith("extern const")]
    return "\n".join(protos + externs)


def compile_args() -> tuple[list[str], list[str]]:
    cflags = ["-O3", "-std=c99", "-fno-strict-aliasing"]
    ldflags: list[str] = []
    if os.environ.get("PYEVAL_SANITIZE", "") not in ("", "0"):
        # -O1 -g: readable reports; no recovery: the first UBSan report aborts.
        cflags += ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer",
                   "-O1", "-g"]
        ldflags += ["-fsanitize=address,undefined"]
    cflags += shlex.split(os.environ.get("PYEVAL_CFLAGS", ""))
    return cflags, ldflags


generate_tables()
ffibuilder = FFI()
ffibuilder.cdef(api_declarations())
_cflags, _ldflags = compile_args()
ffibuilder.set_source(
    "pyeval._core",
    "".join(f'#include "{h}"\n' for h in HEADERS + ["tables.h"]),
    sources=[str((HERE / s).relative_to(ROOT)) for s in SOURCES] + [str((GENERATED / "tables.c").relative_to(ROOT))],
    include_dirs=[str(HERE.relative_to(ROOT)), str(GENERATED.relative_to(ROOT))],
    extra_compile_args=_cflags,
    extra_link_args=_ldflags,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
