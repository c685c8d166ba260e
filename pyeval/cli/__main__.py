"""``python -m pyeval.cli``: the command line."""

import sys

from pyeval.cli import main

sys.exit(main())
