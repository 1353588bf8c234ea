"""The words that frame a question are left out of what a query looks for."""

from __future__ import annotations

from collections import Counter

from wikid.query.question import subject_counts


def test_interrogatives_auxiliaries_and_the_askers_pronouns_are_left_out() -> None:
    assert subject_counts("How do I delete the files that find matches?") == Counter(
        {"delete": 1, "the": 1, "files": 1, "that": 1, "find": 1, "matches": 1})
    assert subject_counts("What does exit status 2 mean for diff") == Counter(
        {"exit": 1, "status": 1, "2": 1, "mean": 1, "for": 1, "diff": 1})


def test_a_query_of_nothing_else_keeps_its_words() -> None:
    assert subject_counts("how do I") == Counter({"how": 1, "do": 1, "i": 1})


def test_how_many_how_much_and_how_often_ask_a_quantity_and_say_nothing_of_the_subject() -> None:
    assert subject_counts("how many times does frob retry") == Counter({"times": 1, "frob": 1, "retry": 1})
    assert subject_counts("How often does tick run the command?") == Counter(
        {"tick": 1, "run": 1, "the": 1, "command": 1})
    # Anywhere else they are words of the subject.
    assert subject_counts("frob many files") == Counter({"frob": 1, "many": 1, "files": 1})
