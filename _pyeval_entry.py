"""The ``pyeval`` command's entry point, outside the package on purpose.

``import pyeval`` takes a tenth of a second or more (numpy, the C core): a Ctrl-C in that time
arrives while the console script is still importing ``pyeval.cli``, before any handler of ours
runs.  This module imports nothing at its top, so the import of the command line happens inside
``main``, where Ctrl-C ends the command with status 130 and one line, as it does later.
"""

import sys


def main() -> int:
    try:
        from pyeval.cli import main as run
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return 130
    return run()


if __name__ == "__main__":
    sys.exit(main())
