"""Hand histories as the poker sites write them (issue 40): the record (``model``: ``Hand``,
``Stakes``, ``Action``, ``Skipped``), money text (``money``), how a site's reader plugs in and how
bytes become text (``registry``), and one module per site format (``READERS``).
"""

from pyeval.history.sites.compiled import pure_python_requested, use_sources

if pure_python_requested():  # PYEVAL_PURE_PYTHON=1: the readers' Python sources, not their compiled modules
    use_sources()
