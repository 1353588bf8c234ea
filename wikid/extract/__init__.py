"""Extraction: every supported document format to markdown text, in an isolated worker."""
