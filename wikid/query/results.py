"""What a query returns: plain dataclasses, the same whoever answered (daemon or index).

Kept free of numpy so `wikid.project` can name them without paying for the import.
`to_dict()` is the documented JSON schema of `wikid query --json` (and the daemon's
reply); `from_dict()` reads it back.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


class EmptyWiki(LookupError):
    """The wiki has no concept pages to search."""


@dataclass(frozen=True)
class QueryRequest:
    query: str
    k: int | None = 10  # None: the project's `query.k` (wikid.yaml), read by whoever answers
    type: str | None = None  # only pages of this `type` (case-insensitive)
    answer: bool = False


@dataclass(frozen=True)
class SourceRef:
    """A source a page cites, whose archived text gave the page its score or a quote."""

    id: str  # the source's id in the page's `sources`
    title: str
    path: str  # wiki/archive/...-extracted.txt, relative to the project


@dataclass(frozen=True)
class QueryResult:
    rank: int
    score: float  # cosine similarity (a source passage's x SOURCE_WEIGHT when `source`), 0 < score <= 1
    id: str  # concept id
    title: str
    path: str  # wiki/<id>.md, relative to the project
    snippet: str  # the passage that matches the query best (from the page, or from `source`'s text)
    conflict: bool  # the page has an open (unverified) conflict
    type: str | None
    source: SourceRef | None = None  # set when a passage of this source scored the page; JSON: only then


@dataclass(frozen=True)
class Citation:
    text: str  # one sentence quoted from the page (or from `source`'s text)
    id: str
    title: str
    path: str
    source: SourceRef | None = None  # the sentence is quoted from this source's text; JSON: only then


@dataclass(frozen=True)
class Answer:
    text: str  # every sentence followed by its citation, [Title](wiki/<id>.md)
    covered: bool  # False: the wiki does not cover the question, `text` says so
    by: str  # who answered: "extractive"
    sentences: list[Citation] = field(default_factory=list)


@dataclass(frozen=True)
class QueryResponse:
    query: str
    concepts: int  # pages in the index
    results: list[QueryResult]
    answer: Answer | None = None
    via: str = "index"  # "daemon" (warm, from `wikid watch`) or "index" (the stored index)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "query": self.query,
            "concepts": self.concepts,
            "via": self.via,
            "results": [_without_empty_source(asdict(r)) for r in self.results],
        }
        if self.answer is not None:
            data["answer"] = asdict(self.answer)
            data["answer"]["sentences"] = [_without_empty_source(c) for c in data["answer"]["sentences"]]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QueryResponse:
        answer = data.get("answer")
        return cls(
            query=data["query"],
            concepts=int(data["concepts"]),
            results=[QueryResult(**_with_source(r)) for r in data["results"]],
            answer=None if answer is None else Answer(
                answer["text"], answer["covered"], answer["by"],
                [Citation(**_with_source(c)) for c in answer["sentences"]],
            ),
            via=data.get("via", "index"),
        )


def _without_empty_source(item: dict[str, Any]) -> dict[str, Any]:
    """`source` is an optional key: absent, not null, for a page that matched by itself,
    so the keys a reader of the earlier schema knows are all there are."""
    if item.get("source") is None:
        item.pop("source", None)
    return item


def _with_source(item: dict[str, Any]) -> dict[str, Any]:
    source = item.get("source")
    return {**item, "source": None if source is None else SourceRef(**source)}


@dataclass(frozen=True)
class ReindexReport:
    concepts: int
    terms: int
    postings: int  # (term, row) pairs: a page's own text is one row, each chunk of a source text one more
    seconds: float
    sources: int = 0  # distinct archived source texts read
