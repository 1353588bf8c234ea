"""Open Knowledge Format: page parsing, index.md and log.md generation."""
