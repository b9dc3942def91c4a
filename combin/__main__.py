"""``python -m combin``: the command line."""

import sys

from combin.cli import main

sys.exit(main())
