import sys

from rubriq.cli import main

sys.exit(main())
