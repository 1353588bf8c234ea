"""How a passage is scored against a query: idf-weighted terms held in it, in its context, close together."""

from __future__ import annotations

import pytest

from wikid.query.passages import Passage
from wikid.query.relevance import (
    CODE_WEIGHT,
    CONTEXT_WEIGHT,
    ENTRY_WEIGHT,
    NEGATED_WEIGHT,
    SPAN_POWER,
    TAG_BONUS,
    VARIANT_WEIGHT,
    WINDOW_WORDS,
    QueryTerms,
    excerpt,
    variant,
)


def passage(text: str, context: str = "") -> Passage:
    return Passage(text, "", context, 0)


@pytest.mark.parametrize("a, b, same", [
    ("overwriting", "overwrite", True), ("exist", "existing", True), ("exists", "exist", True),
    ("changed", "changes", True), ("kill", "killed", True),
    ("install", "installation", False),  # too long a different end
    ("run", "runs", False),  # too short to tell
    ("1234", "12345", False),  # numbers are not words with endings
])
def test_variants_share_a_stem_and_differ_by_a_short_ending(a: str, b: str, same: bool) -> None:
    assert variant(a, b) is same and variant(b, a) is same


def test_a_term_counts_fully_in_the_passage_less_as_a_variant_or_in_its_context_and_by_its_weight() -> None:
    terms = QueryTerms({"exit": 1.0, "status": 1.0, "2": 2.0})
    full = terms.score(passage("exit status 2 if trouble"))
    assert full is not None and full.score == pytest.approx(1.0)
    framed = terms.score(passage("2 if trouble", context="EXIT STATUS"))
    assert framed is not None and framed.score == pytest.approx((2.0 + 2 * CONTEXT_WEIGHT) / 4.0)
    varied = terms.score(passage("it exits with 2"))
    assert varied is not None and varied.score == pytest.approx((2.0 + VARIANT_WEIGHT) / 4.0)
    assert terms.score(passage("nothing here")) is None
    assert terms.score(passage("nothing here"), frame="Exit codes") is not None  # a title frames every passage


def test_two_words_in_a_row_hold_the_word_they_make() -> None:
    terms = QueryTerms({"whitespace": 1.0, "ignore": 1.0})
    scored = terms.score(passage("-w ignore all white space"))
    assert scored is not None and scored.score == pytest.approx(1.0)


def test_terms_far_apart_in_a_long_paragraph_count_less_than_terms_together() -> None:
    filler = " ".join(["word"] * WINDOW_WORDS)
    terms = QueryTerms({"kiln": 1.0, "temperature": 1.0})
    apart = terms.score(passage(f"The kiln is old. {filler} The temperature is high."))
    together = terms.score(passage(f"{filler} The kiln temperature is 1200 degrees. {filler}"))
    assert apart is not None and together is not None
    assert apart.score == pytest.approx(0.5) and together.score == pytest.approx(1.0)
    words = together.passage.text.split(" ")
    assert "kiln" in words[together.window[0] : together.window[1]]


def test_an_excerpt_keeps_a_short_first_sentence_before_the_window_far_into_a_passage() -> None:
    filler = " ".join(["padding"] * 60)
    text = f"-P max-procs Run up to max-procs processes at a time. {filler}. Send SIGUSR1 to run more commands."
    scored = QueryTerms({"sigusr1": 1.0}).score(passage(text))
    assert scored is not None
    shown = excerpt(scored, 180)
    assert shown.startswith("-P max-procs Run up to max-procs processes at a time. …padding")
    assert shown.endswith("padding. Send SIGUSR1 to run more commands.") and len(shown) <= 182  # filled up to the end
    short = QueryTerms({"procs": 1.0}).score(passage("Run up to max-procs processes."))
    assert short is not None and excerpt(short, 120) == "Run up to max-procs processes."


def test_an_entry_named_by_a_query_term_beats_prose_holding_the_same_terms() -> None:
    terms = QueryTerms({"unzip": 1.0, "exit": 1.0, "code": 1.0, "9": 2.0})
    lead = "The exit codes of unzip are:"
    entry = terms.score(Passage("9 the named zipfiles were not found.", "", lead, 0, lead, "9"))
    prose = terms.score(passage("unzip maps its exit statuses, 2 and 9-11 among them, to other values."))
    assert entry is not None and prose is not None
    assert prose.score == pytest.approx((1.0 + 1.0 + 2.0) / 5.0)  # all but `code`, in a row
    held = (2.0 + CONTEXT_WEIGHT * (1.0 + 1.0 + VARIANT_WEIGHT)) / 5.0  # `9` in it, the rest in its lead
    assert entry.score == pytest.approx(ENTRY_WEIGHT * (held + TAG_BONUS * 2.0 / 5.0))
    assert entry.score > prose.score


def test_an_examples_lines_weigh_less_than_the_entry_saying_the_same() -> None:
    """Asked which specifier shows the maximum resident set size, a sample output's
    `Maximum resident set size (kbytes): 32` outranked the specifier's entry."""
    terms = QueryTerms({"maximum": 1.0, "resident": 1.0})
    output = terms.score(Passage("Maximum resident set size (kbytes): 32", "", "", 0, code=True))
    command = terms.score(Passage("frob -M  maximum resident size", "", "", 0, tag="frob -M", code=True))
    prose = terms.score(passage("Maximum resident set size (kbytes): 32"))
    assert output is not None and command is not None and prose is not None
    assert output.score == pytest.approx(CODE_WEIGHT * prose.score)
    assert command.score == pytest.approx(CODE_WEIGHT * ENTRY_WEIGHT * prose.score)


def test_an_entry_weighs_more_than_prose_but_a_later_paragraph_of_it_does_not() -> None:
    terms = QueryTerms({"keep": 1.0, "original": 1.0})
    entry = terms.score(Passage("-k, --keep Keep the original file.", "", "", 0, "", "-k, --keep"))
    later = terms.score(Passage("Keep the original file.", "", "", 0, "", "-k, --keep"))
    prose = terms.score(passage("Keep the original file."))
    assert entry is not None and later is not None and prose is not None
    assert prose.score == pytest.approx(1.0) and later.score == pytest.approx(1.0)  # `keep` in its entry's name too
    assert entry.score == pytest.approx(ENTRY_WEIGHT * (1.0 + TAG_BONUS * 0.5))
    unnamed = terms.score(Passage("-q Say nothing while polishing the original.", "", "", 0, "", "-q"))
    assert unnamed is not None and unnamed.score == pytest.approx(ENTRY_WEIGHT * 0.5)  # no term in its name: no bonus


def test_the_parts_of_a_long_text_to_read_are_those_holding_the_weightiest_terms() -> None:
    text = "alpha words here. " * 20 + "the kiln and its temperature. " + "filler text. " * 40 + "kiln only."
    spans = [(0, 360), (360, 390), (390, 910), (910, len(text))]
    held = QueryTerms({"kiln": 1.0, "temperature": 3.0, "alpha": 0.5}).spans_held(text, spans)
    assert held == pytest.approx([0.5**SPAN_POWER, 1.0 + 3.0**SPAN_POWER, 0.0, 1.0])


def test_a_part_holds_a_term_where_a_word_opens_with_it_and_a_number_only_whole() -> None:
    """Asked "frob exit code 9", the part of a long page holding the exit status table
    (`| 9 | the archive was not found. |`) was not read: the parts holding `1989` and
    `v29` in a history, and `unicode`, held `9` and `code` as much, and were read first."""
    text = "v29 of 1989 reads unicode names. " + "| 9 | the archive was not found. |" + " codes and 90 more."
    spans = [(0, 33), (33, 66), (66, len(text))]
    held = QueryTerms({"code": 1.0, "9": 2.0}).spans_held(text, spans)
    assert held == pytest.approx([0.0, 2.0**SPAN_POWER, 1.0])  # `codes` is a variant of `code`; `90` no 9


def test_a_part_holding_a_rare_term_is_read_before_one_holding_commoner_ones_and_the_title_counts_for_none() -> None:
    """Nearly every part of a manual holds its tool's name and a common word or two; the
    part holding the rare word the question asks about is where the answer is."""
    text = "gizmo start without fuss. " * 4 + "| -q | do not print the welcome |" + " gizmo start." * 4
    spans = [(0, 104), (104, 134), (134, len(text))]
    terms = QueryTerms({"gizmo": 4.0, "start": 4.0, "without": 3.5, "welcome": 6.5})
    untitled = terms.spans_held(text, spans, {"gizmo"})
    assert untitled == pytest.approx([4.0**SPAN_POWER + 3.5**SPAN_POWER, 6.5**SPAN_POWER, 4.0**SPAN_POWER])
    assert max(range(3), key=lambda n: untitled[n]) == 1
    assert terms.spans_held(text, spans)[0] > terms.spans_held(text, spans)[1]  # with the title's term it loses
    only = QueryTerms({"gizmo": 1.0})  # a query naming nothing but the title keeps it
    assert only.spans_held(text, spans, {"gizmo"}) == pytest.approx([1.0, 0.0, 1.0])


def test_a_passage_under_a_heading_the_query_names_whole_weighs_as_an_entry() -> None:
    terms = QueryTerms({"exit": 2.0, "status": 2.0, "grep": 2.0, "nothing": 2.0})
    frame = "grep — print lines that match patterns"
    text = "Normally the exit status is 0 if a line is selected, 1 if no lines were selected."
    under = terms.score(Passage(text, "EXIT STATUS", "EXIT STATUS", 0), frame)
    elsewhere = terms.score(Passage(text, "DESCRIPTION", "DESCRIPTION", 0), frame)
    assert under is not None and elsewhere is not None
    assert under.score == pytest.approx(ENTRY_WEIGHT * elsewhere.score)
    one_word = QueryTerms({"exit": 2.0, "status": 2.0, "nothing": 2.0})  # one word names no section
    status, other = one_word.score(Passage(text, "Status", "Status", 0)), one_word.score(Passage(text, "Other", "Other", 0))
    assert status is not None and other is not None and status.score == pytest.approx(other.score)
    titled = terms.score(Passage(text, "GREP EXIT", "GREP EXIT", 0), frame)  # the title's word frames every section
    assert titled is not None and titled.score == pytest.approx(
        (2.0 + 2.0 + CONTEXT_WEIGHT * 2.0) / 8.0)


def test_an_excerpt_leads_with_an_entrys_first_sentence_up_to_half_its_length() -> None:
    opening = "-P max-procs, --max-procs=max-procs Run up to max-procs processes at a time; the default is 1."
    filler = " ".join(["padding"] * 40)
    text = f"{opening} {filler}. While running, send SIGUSR1 to run more commands at once."
    scored = QueryTerms({"sigusr1": 1.0, "commands": 1.0}).score(passage(text))
    assert scored is not None and 80 < len(opening) <= 120
    shown = excerpt(scored, 240)
    assert shown.startswith(opening + " …") and shown.endswith("send SIGUSR1 to run more commands at once.")


def test_a_word_after_non_is_not_the_term_it_spells() -> None:
    terms = QueryTerms({"listening": 2.0, "sockets": 1.0})
    assert terms.held("ss lists open non-listening sockets") == {"sockets": 1.0}
    assert terms.held("Display only listening sockets.") == {"listening": 1.0, "sockets": 1.0}
    asked = QueryTerms({"non": 1.0, "blocking": 1.0})  # a query that says "non" itself
    assert asked.held("Open the file in non-blocking mode.") == {"non": 1.0, "blocking": 1.0}


def test_the_name_of_the_tool_a_passage_is_framed_by_earns_its_entry_no_bonus() -> None:
    """A manual's NAME line is tagged with the tool's name, which every passage of the
    manual holds through its title: the bonus is for an entry named by what the question
    asks about (`-d`), not by the tool it asks it of."""
    terms = QueryTerms({"unzip": 1.0, "directory": 1.0})
    frame = "unzip — list, test and extract compressed files in a ZIP archive"
    name_line = terms.score(Passage("unzip — extract files into the current directory.", "", "", 0, "", "unzip"), frame)
    assert name_line is not None
    assert name_line.score == pytest.approx(ENTRY_WEIGHT * (1.0 + 1.0) / 2.0)  # no TAG_BONUS for `unzip`
    option = terms.score(Passage("-d directory Extract files into directory.", "", "", 0, "", "-d directory"), frame)
    assert option is not None  # its name holds `directory`, which the frame does not
    assert option.score == pytest.approx(ENTRY_WEIGHT * (CONTEXT_WEIGHT + 1.0 + TAG_BONUS) / 2.0)


def test_an_entry_that_negates_what_it_names_answers_only_a_question_that_negates() -> None:
    """Issue 27 (answers-d): asked "how do I show line numbers in less", less's `-n`
    ("Suppresses line numbers") outranked `-N`, which answers; asked for the thing
    without it, the negating entry is the answer. An entry whose negation holds little
    of what it matches is not negating it (jq's `-R`). Fragments of less's and jq's
    manual pages."""
    def entry(tag: str, text: str) -> Passage:
        return Passage(f"{tag} — {text}", "Options", "Options", 0, tag=tag)

    suppress = entry("-n or --line-numbers", "Suppresses line numbers. The default (to use line numbers) may cause "
                                             "less to run more slowly in some cases, especially with a very large "
                                             "input file.")
    show = entry("-N or --LINE-NUMBERS", "Causes a line number to be displayed at the beginning of each line in "
                                         "the display.")
    asked = QueryTerms({"show": 5.36, "line": 2.28, "numbers": 3.79, "in": 1.36, "less": 3.0})
    negated, plain = asked.score(suppress), asked.score(show)
    assert negated is not None and plain is not None and negated.score < plain.score
    negating = QueryTerms({"show": 5.36, "line": 2.28, "numbers": 3.79, "in": 1.36, "less": 3.0, "not": 3.6})
    ratio = negating.score(suppress).score / negating.score(show).score  # type: ignore[union-attr]
    assert ratio == pytest.approx(negated.score / NEGATED_WEIGHT / plain.score)  # a question that negates: as it is
    raw = entry("--raw-input/-R", "Don't parse the input as JSON. Instead, each line of text is passed to the "
                                  "filter as a string.")
    lines = QueryTerms({"jq": 2.8, "treat": 4.0, "each": 3.0, "input": 2.0, "line": 2.3, "plain": 4.5, "string": 3.9})
    weighed = lines.score(raw)
    assert weighed is not None
    assert weighed.score == pytest.approx(lines.score(entry("--raw-input/-R", "Parse the input as JSON. Instead, "
                                                            "each line of text is passed to the filter as a string.")
                                                      ).score)  # type: ignore[union-attr]
