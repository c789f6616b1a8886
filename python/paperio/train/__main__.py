"""python3 -m paperio.train OUT: trains a policy (cli.py)."""

import sys

from .cli import main

if __name__ == '__main__':
    sys.exit(main())
