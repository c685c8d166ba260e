"""Build glue: the cffi extension ``pyeval._core`` (everything else is in pyproject.toml).

cffi builds the extension against the stable ABI (``Py_LIMITED_API``, the ``.abi3`` suffix), so
the wheel is tagged ``cp310-abi3``: one wheel per platform for CPython 3.10 and newer.
"""

from setuptools import setup

setup(cffi_modules=["csrc/build_core.py:ffibuilder"], options={"bdist_wheel": {"py_limited_api": "cp310"}})
