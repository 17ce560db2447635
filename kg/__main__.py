"""``python -m kg``: the ``kg`` command, for an environment whose scripts folder is not on PATH."""

import sys

from .cli import main

sys.exit(main())
