"""``python -m combin.bench``: the timings of ``make bench``."""

import sys

from combin.bench import main

sys.exit(main())
