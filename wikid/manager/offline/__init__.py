"""The offline manager engine (design §6): scikit-learn TF-IDF plus name and identifier
signals to cluster, attribute extraction and dated conflict resolution to write pages.

Modules, in the order data flows: signals (one document) -> vectors + cluster (the
batch and the wiki) -> prior (an existing page) -> resolve (values) -> pages (text);
engine ties them together.
"""

from wikid.manager.offline.engine import OfflineEngine

__all__ = ["OfflineEngine"]
