"""cffi (API mode) builder for ``pyeval._core``; wired through ``cffi_modules`` in setup.py.

The lookup tables are generated from ``tables/`` into ``csrc/generated/`` first.
Environment:
  PYEVAL_SANITIZE=1   build with AddressSanitizer + UndefinedBehaviorSanitizer
  PYEVAL_CFLAGS="..." extra compiler flags (e.g. -march=native for a local build)
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
SOURCES = ["high.c", "lowball.c", "shortdeck.c", "stud.c", "badugi.c", "omaha.c", "board_equity.c"]


def generate_tables() -> None:
    subprocess.run([sys.executable, str(ROOT / "tables" / "generate.py"), str(GENERATED)], check=True)


def api_declarations() -> str:
    """The function prototypes of pyeval.h, and the generated tables' extern declarations."""
    header = (HERE / "pyeval.h").read_text()
    protos = re.findall(r"^int64_t pyeval_\w+\([^;]*\);", header, flags=re.M)
    protos += re.findall(r"^#define PYEVAL_KIND_\w+ \d+$", header, flags=re.M)
    tables = (GENERATED / "tables.h").read_text()
    externs = [line.replace("extern const ", "const ")
               for line in tables.splitlines() if line.startswith("extern const")]
    return "\n".join(protos + externs)


def compile_args() -> tuple[list[str], list[str]]:
    cflags = ["-O3", "-std=c99", "-fno-strict-aliasing"]
    ldflags: list[str] = []
    if os.environ.get("PYEVAL_SANITIZE"):
        san = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-O1", "-g"]
        cflags += san
        ldflags += ["-fsanitize=address,undefined"]
    cflags += shlex.split(os.environ.get("PYEVAL_CFLAGS", ""))
    return cflags, ldflags


generate_tables()
ffibuilder = FFI()
ffibuilder.cdef(api_declarations())
_cflags, _ldflags = compile_args()
ffibuilder.set_source(
    "pyeval._core",
    '#include "pyeval.h"\n#include "tables.h"\n',
    sources=[str((HERE / s).relative_to(ROOT)) for s in SOURCES] + [str((GENERATED / "tables.c").relative_to(ROOT))],
    include_dirs=[str(HERE.relative_to(ROOT)), str(GENERATED.relative_to(ROOT))],
    extra_compile_args=_cflags,
    extra_link_args=_ldflags,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
