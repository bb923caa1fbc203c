"""``python -m boardgames``: the ``boardgames`` command."""

import sys

from boardgames.cli import main

sys.exit(main())
