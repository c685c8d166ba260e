"""Build glue: the cffi extension ``pyeval._core`` (everything else is in pyproject.toml)."""

from setuptools import setup

setup(cffi_modules=["csrc/build_core.py:ffibuilder"])
