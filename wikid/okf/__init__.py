"""Open Knowledge Format: page parsing, index.md and log.md generation.

`wikid lint PATH`'s refusal is here so the CLI can catch it without importing the linter.
"""


class BundleNotFound(FileNotFoundError):
    """The directory to lint does not exist (or is not a directory)."""
