"""Running the installed ``pyeval`` command as a user does: the console-script entry point
next to the interpreter, in a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

PYEVAL = shutil.which("pyeval", path=os.path.dirname(sys.executable)) or shutil.which("pyeval")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _checkout_env(env: dict | None) -> dict:
    """The command runs this checkout's ``pyeval`` (the tested one), wherever the editable
    install points: the checkout goes first on PYTHONPATH."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (ROOT, env.get("PYTHONPATH", "")) if p)
    return env


def pyeval_cli(*args: str, timeout: float = 300, **kwargs) -> subprocess.CompletedProcess:
    """``pyeval ARGS...``; stdout and stderr as text."""
    assert PYEVAL, "the pyeval entry point is not installed (pip install -e .)"
    kwargs["env"] = _checkout_env(kwargs.get("env"))
    return subprocess.run([PYEVAL, *args], capture_output=True, text=True, timeout=timeout, **kwargs)


def popen(*args: str, **kwargs) -> subprocess.Popen:
    assert PYEVAL, "the pyeval entry point is not installed (pip install -e .)"
    kwargs["env"] = _checkout_env(kwargs.get("env"))
    return subprocess.Popen([PYEVAL, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def error_line(proc: subprocess.CompletedProcess) -> str:
    """The one-line error of a failed run (exit 2, no traceback); returns the line."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("pyeval"), lines[0]
    return lines[0]
