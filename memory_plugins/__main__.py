"""``python -m memory_plugins`` runs the command line."""

import sys

from memory_plugins.cli import main

sys.exit(main())
