"""Hand histories as the poker sites write them (issue 40): the record (``model``: ``Hand``,
``Stakes``, ``Action``, ``Skipped``), money text (``money``), how a site's reader plugs in and how
bytes become text (``registry``), and one module per site format (``READERS``).
"""
