"""The public API is annotated (mypy checks the bodies: ``mypy``, configured in pyproject.toml).

Every function and class exported by ``pyeval`` (``__all__``), and the public methods and
properties of the exported classes, has annotations on every parameter and its return.
``PENDING`` names those still missing some: their modules are being changed on other branches
and their owners annotate them.  The test fails when a name is missing annotations and is not
pending, and also when a pending name has become fully annotated (then it leaves the list).
"""

from __future__ import annotations

import inspect

import pyeval

PENDING: set[str] = set()  # names whose modules still lack annotations (none today)


def _missing(fn) -> list[str]:
    """The parameters (and "return") of ``fn`` without an annotation."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # a C or numba callable: nothing to read
        return []
    missing = [name for name, p in sig.parameters.items()
               if name not in ("self", "cls") and p.annotation is inspect.Parameter.empty]
    if sig.return_annotation is inspect.Signature.empty and fn.__name__ != "__init__":
        missing.append("return")
    return missing


def public_callables() -> dict[str, object]:
    out: dict[str, object] = {}
    for name in pyeval.__all__:
        obj = getattr(pyeval, name)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr != "__init__":
                    continue
                if isinstance(member, property):
                    member = member.fget
                elif isinstance(member, (classmethod, staticmethod)):
                    member = member.__func__
                if inspect.isfunction(member) and member.__module__.startswith("pyeval"):
                    out[f"{name}.{attr}"] = member
        elif inspect.isfunction(obj):
            out[name] = obj
    return out


def test_public_api_is_annotated() -> None:
    unannotated = {name: _missing(fn) for name, fn in public_callables().items()}
    unannotated = {name: m for name, m in unannotated.items() if m}
    new = {name: m for name, m in unannotated.items() if name not in PENDING}
    assert not new, f"public functions without annotations: {new}"
    done = PENDING - set(unannotated)
    assert not done, f"now annotated: remove from PENDING: {sorted(done)}"


def test_the_check_sees_a_missing_annotation() -> None:
    def half(x: int, y) -> int:
        return x

    def bare(x: int):
        return x

    assert _missing(half) == ["y"] and _missing(bare) == ["return"]


def test_py_typed_is_shipped() -> None:
    from importlib import resources

    assert resources.files("pyeval").joinpath("py.typed").is_file()
