"""`wikid query`: a TF-IDF index over the wiki's concept pages (see docs/query.md)."""
