"""The version of pyeval, in one place: the build (pyproject.toml), ``pyeval.__version__`` and
``pyeval --version`` read it from here."""

__version__ = "0.1.0"
