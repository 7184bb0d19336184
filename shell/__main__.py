import sys

from shell.cli.arena import main

sys.exit(main())
