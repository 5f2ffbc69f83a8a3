"""``python -m pytest_safeagent.violations``."""

from pytest_safeagent.cli.violations import main

raise SystemExit(main())
