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
    k: int = 10
    type: str | None = None  # only pages of this `type` (case-insensitive)
    answer: bool = False


@dataclass(frozen=True)
class QueryResult:
    rank: int
    score: float  # cosine similarity, 0 < score <= 1
    id: str  # concept id
    title: str
    path: str  # wiki/<id>.md, relative to the project
    snippet: str  # the passage of the page that matches the query best
    conflict: bool  # the page has an open (unverified) conflict
    type: str | None


@dataclass(frozen=True)
class Citation:
    text: str  # one sentence quoted from the page
    id: str
    title: str
    path: str


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
            "results": [asdict(r) for r in self.results],
        }
        if self.answer is not None:
            data["answer"] = asdict(self.answer)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QueryResponse:
        answer = data.get("answer")
        return cls(
            query=data["query"],
            concepts=int(data["concepts"]),
            results=[QueryResult(**r) for r in data["results"]],
            answer=None if answer is None else Answer(
                answer["text"], answer["covered"], answer["by"], [Citation(**c) for c in answer["sentences"]]
            ),
            via=data.get("via", "index"),
        )


@dataclass(frozen=True)
class ReindexReport:
    concepts: int
    terms: int
    postings: int  # (term, page) pairs
    seconds: float
