"""Build glue: the cffi extension ``pyeval._core``, and the numba cache shipped in the wheel.

Building a wheel (``pip install .`` builds one) compiles every numba kernel once in the built
tree (``pyeval._warm.warm``), so that the installed package holds numba's cache beside its
sources and a fresh install answers its first query without compiling (issue 16, item 4).  A
failure there only warns: the kernels then compile on first use, as they would without it.
``PYEVAL_NO_WARM=1`` skips the step, and so does a sanitizer build (``PYEVAL_SANITIZE``).
Editable installs do not run it.

cffi builds the extension against the stable ABI (``Py_LIMITED_API``, the ``.abi3`` suffix).
The site readers (``pyeval/history/sites/compiled.py``: ``MODULES``) are compiled with mypyc when
it is there (mypy is a build requirement), about 40 s: reading site text is then about 2.3x
faster.  Their modules are built for the running CPython, so such a wheel is tagged for it
(``cp311-cp311``); ``PYEVAL_PURE_PYTHON=1``, a sanitizer build, or a build where mypyc is missing
or fails compiles none, and the wheel is ``cp310-abi3`` (one a platform for CPython 3.10 and
newer).  numba's cache files are per Python version (``*.py311.nbi``): another version ignores
them and compiles.
"""

import os
import runpy
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel


class bdist_wheel_warm(bdist_wheel):
    def run(self):
        self.run_command("build")
        if os.environ.get("PYEVAL_NO_WARM", "") not in ("", "0"):
            print("pyeval: PYEVAL_NO_WARM set: the wheel ships no numba cache")
        elif os.environ.get("PYEVAL_SANITIZE", "") not in ("", "0"):  # its extension needs the sanitizer preloaded
            print("pyeval: a sanitizer build (.ci/sanitize): the wheel ships no numba cache")
        else:
            warm(self.get_finalized_command("build").build_lib)
        super().run()


class build_ext_dated(build_ext):
    """After an in-place build, the compiled readers' libraries are dated now.  When mypyc's C is
    unchanged (only a docstring was edited: mypyc keeps none), the build copies the library it
    already had with its old date, which ``compiled.stale`` (and the test session) would then take
    for a library older than its source, for ever."""

    def run(self):
        super().run()
        if self.inplace:
            for ext in readers:
                built = self.get_ext_fullpath(ext.name)
                if os.path.exists(built):
                    os.utime(built)


def warm(build_lib: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    # Keep what is on PYTHONPATH: pip's isolated build environment puts numba and numpy there.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.abspath(build_lib), env.get("PYTHONPATH")]))
    cmd = [sys.executable, "-c", "from pyeval._warm import warm; warm()"]
    print("pyeval: compiling the numba kernels into the wheel (about a minute)", flush=True)
    try:
        proc = subprocess.run(cmd, env=env, cwd=build_lib, capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyeval: warning: could not compile the numba kernels ({e}); they compile on first use", flush=True)
        return
    if proc.returncode != 0:
        print(f"pyeval: warning: could not compile the numba kernels; they compile on first use\n{proc.stderr[-2000:]}",
              flush=True)


_BUILDS = ("build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install")
"""The setup.py commands that build extensions."""


def compiled_readers() -> list:
    """The mypyc extensions of the site readers, or [] (then the readers run as Python)."""
    if os.environ.get("PYEVAL_PURE_PYTHON", "") not in ("", "0"):
        print("pyeval: PYEVAL_PURE_PYTHON set: the site readers are not compiled")
        return []
    if os.environ.get("PYEVAL_SANITIZE", "") not in ("", "0"):
        return []
    if not any(command in sys.argv for command in _BUILDS):
        return []  # pip's metadata steps (egg_info, dist_info): no need to type-check and translate
    declared = runpy.run_path(os.path.join("pyeval", "history", "sites", "compiled.py"))
    paths = [os.path.join("pyeval", "history", "sites", f"{name}.py") for name in declared["MODULES"]]
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("pyeval: warning: mypyc (part of mypy) is not installed: the site readers run as Python", flush=True)
        return []
    try:
        # only the listed modules are type-checked (an import's errors are not ours to fail on)
        # (pyproject's mypy overrides name packages a build environment does not have: not an error here)
        return mypycify(["--follow-imports=silent", "--no-warn-unused-configs", *paths], opt_level="3", debug_level="0",
                        group_name=declared["GROUP"])
    except (Exception, SystemExit) as e:  # mypyc exits on a type error
        print(f"pyeval: warning: mypyc could not compile the site readers ({e}); they run as Python", flush=True)
        return []


readers = compiled_readers()
setup(cffi_modules=["csrc/build_core.py:ffibuilder"], cmdclass={"bdist_wheel": bdist_wheel_warm, "build_ext": build_ext_dated},
      ext_modules=readers,
      # the readers' modules are built for this CPython: no stable-ABI tag when they are in
      options={} if readers else {"bdist_wheel": {"py_limited_api": "cp310"}})
