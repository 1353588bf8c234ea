"""`python -m wikid` — the same entry point as the `wikid` console script."""

from wikid.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
