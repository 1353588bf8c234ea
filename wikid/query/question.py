"""The words of a query that name what it asks about, without those that only frame a question.

"how do I delete the files that find matches" asks about deleting files with find;
`how`, `do` and `I` say that it is a question. idf cannot tell: documentation rarely
says "how" or "I", so in its index these words are rare and weigh as much as the
subject, and a passage with "notice how the seconds stay the same" outranks the one
that answers. These are the English interrogatives, the auxiliaries that open a
question and the asker's pronouns, and the word that makes "how" ask a quantity or a
frequency ("how many times", "how often": the question wants a number, which the
answering passage need not say in those words); a query made of nothing else keeps them
all.
"""

from __future__ import annotations

from collections import Counter

from wikid.query.tokenize import tokens

QUESTION_WORDS = frozenset(
    "what which who whom whose why how when where "
    "do does did can could should would shall "
    "i me my we us our".split()
)
HOW_WORDS = frozenset("many much often".split())


def subject_counts(query: str) -> Counter[str]:
    """How often each term of `query` occurs, the words framing a question left out
    unless nothing else is left."""
    words = tokens(query)
    counts = Counter(words)
    framing = {w for before, w in zip(["", *words], words, strict=False) if before == "how" and w in HOW_WORDS}
    subject = Counter({term: n for term, n in counts.items() if term not in QUESTION_WORDS and term not in framing})
    return subject or counts
