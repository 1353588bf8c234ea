"""`python -m wikid` — the same entry point as the `wikid` console script."""

from wikid.cli import main

raise SystemExit(main())
