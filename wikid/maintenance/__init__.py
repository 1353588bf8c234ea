"""Commands that reshape the wiki as a whole (`wikid remove`, `wikid migrate`), imported
only when one runs; their refusal is here so the CLI can catch it without importing them."""


class RemoveRefused(ValueError):
    """A path given to `wikid remove` names nothing it may remove; the message says why."""
