"""Per-document signals of the offline engine, and its TF-IDF vectors."""

from __future__ import annotations

import random
import re
import textwrap
import unicodedata
from datetime import date

import numpy as np
import pytest
from sklearn.feature_extraction.text import TfidfVectorizer

from wikid.document.dates import parse_date
from wikid.document.model import (
    Code,
    ItemList,
    Outline,
    Paragraph,
    Section,
    Table,
    Term,
    Terms,
    block_text,
    sections,
    walk,
)
from wikid.document.outline import read_outline
from wikid.manager.offline import vectors
from wikid.manager.offline.content import read_content
from wikid.manager.offline.signals import codes, read_signals
from wikid.manager.offline.textutil import cased_words, fold, humanize_stem, name_key, norm_value, slugify


def lead(text: str, suffix: str = ".md") -> list[str]:
    """The sentences a page built from `text` alone opens with."""
    return list(read_content(read_outline(text, suffix), text, None, None, suffix).lead)

DOCX = """# Green Coffee Supply Agreement

Bluestone Green Coffee Importers Ltd. and Harbor & Pine Coffee Roasters

Date: 2024-03-01

# Parties

Supplier: Bluestone Green Coffee Importers Ltd., 14 Quay Street, Rotterdam

Customer: Harbor & Pine Coffee Roasters, Portside roastery

Vendor ID: BGI-4471

# Commercial terms

Payment terms: 30 days

Samples of each new lot are sent free of charge before the first order.
"""
PDF = """## Page 1

Bluestone Green Coffee Importers Ltd.
Notice of updated commercial terms
Date: 2025-02-10
Vendor ID: BGI-4471
Dear Maya,
following our annual review, the terms of our supply agreement change as below.
Payment terms: 45 days
"""


def test_contract_name_type_date_identifiers_and_attributes() -> None:
    s = read_signals(DOCX)
    assert (s.name, s.strong_name, s.type_hint, s.date) == (
        "Bluestone Green Coffee Importers Ltd.", True, "Vendor", date(2024, 3, 1)
    )
    assert s.name_key == "bluestone green coffee importers"
    assert s.identifiers == {"BGI-4471"}
    attrs = {a.label: a.value for a in s.attributes}
    # The name field and the date field are the title and the date, not attributes.
    assert attrs == {
        "Customer": "Harbor & Pine Coffee Roasters, Portside roastery",
        "Vendor ID": "BGI-4471",
        "Payment terms": "30 days",
    }
    # No sentence of the opening says what the contract is: the page gets no lead from it
    # (a name and its kind instead), and the sentence stays in its own section.
    assert lead(DOCX) == []
    content = read_content(read_outline(DOCX, ".md"), DOCX, None, None, ".md")
    terms = next(s for s in content.sections if s.title == "Commercial terms")
    assert any("Samples of each new lot" in getattr(b, "text", "") for b in terms.blocks)


def test_pdf_pages_letterhead_is_a_weak_name_and_page_headings_are_ignored() -> None:
    s = read_signals(PDF)
    assert (s.name, s.strong_name, s.type_hint, s.date) == ("Bluestone Green Coffee Importers Ltd.", False, None, date(2025, 2, 10))
    # A letter's salutation is no description; the sentence after it is, unless it
    # announces the lines under it (`... change as below ...`): it stays with them.
    assert lead(PDF, ".pdf") == []
    told = PDF.replace("change as below", "changed")
    assert lead(told, ".pdf")[0].startswith("Following our annual review")


@pytest.mark.parametrize("heading", ["Features", "Installation", "Getting started", "Release History"])
def test_a_generic_first_heading_is_no_weak_name(heading: str) -> None:
    """A hundred READMEs open on "## Features": as a weak name it would corroborate
    content links between any two of them (equal names halve the evidence needed)."""
    assert read_signals(f"## {heading}\n\nSprockets are reshaped in place.\n").name is None
    assert read_signals("## Sprocketry\n\nSprockets are reshaped in place.\n").name == "Sprocketry"


def test_frontmatter_title_type_date_and_scalars() -> None:
    s = read_signals("---\ntitle: Order Portal\nkind_of: web\nupdated: 2025-05-20\nowner: platform\n---\n\n# Heading\n")
    assert (s.name, s.strong_name, s.date) == ("Order Portal", True, date(2025, 5, 20))
    assert {a.label: a.value for a in s.attributes} == {"kind_of": "web", "owner": "platform"}


def test_name_field_priority_and_type_from_the_field() -> None:
    s = read_signals("Customer: Cafe Lumen\nHost: db-prod-03\nRAM: 32 GB\n")
    assert (s.name, s.type_hint, s.type_strength) == ("db-prod-03", "Server", 2)
    assert read_signals("Type: database server\nName: db1\n").type_hint == "Database server"
    assert read_signals("Ops weekly - 12 June 2025\n\nAttendees: Maya\n").type_hint == "Meeting"
    assert read_signals("# Incident: disk full\n\nThe disk was full.\n").type_hint == "Incident"
    assert read_signals("Kestrel Cloud Ltd.\nInvoice 42\nTotal: EUR 5\n").type_hint == "Vendor"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025-02-10", date(2025, 2, 10)),
        ("2025/2/3", date(2025, 2, 3)),
        ("1 March 2025", date(2025, 3, 1)),
        ("3rd Sept. 2024", date(2024, 9, 3)),
        ("March 1, 2025", date(2025, 3, 1)),
        ("Updated 24.06.2025 by Jonas", date(2025, 6, 24)),
        ("from 1 March 2024 to 2025-02-28", date(2024, 3, 1)),  # the first one written
        ("2025-02-30", None),
        ("03/04/2025", None),  # ambiguous day/month order: not a date
        ("version 12.5", None),
    ],
)
def test_parse_date(text: str, expected: date | None) -> None:
    assert parse_date(text) == expected


def test_date_field_priority_and_title_date() -> None:
    assert read_signals("Date: 2024-01-01\nLast updated: 2025-05-01\n").date == date(2025, 5, 1)
    assert read_signals("Effective: 1 March 2025\n").date == date(2025, 3, 1)
    assert read_signals("Ops weekly - 12 June 2025\n\nNotes: x\n").date == date(2025, 6, 12)
    assert read_signals("Nothing dated here.\n").date is None


def test_codes_need_letters_and_digits_and_skip_standards() -> None:
    text = "ALG-32, BGI-25-011 and 2025-RT-118 but not ISO-9001, COVID-19, UTF-8, 2025-03-01 or ABC-DEF"
    assert codes(text) == {"ALG-32", "BGI-25-011", "2025-RT-118"}


def test_id_fields_assert_plain_identifiers() -> None:
    s = read_signals("Account number: 20931\nCustomer number: CUST-0412\nPO number: 12\n")
    assert s.identifiers == {"20931", "CUST-0412"}


def test_tables_two_column_single_record_and_keyed_rows() -> None:
    two = read_signals("| Setting | Default |\n|---|---|\n| Timeout | 30 s |\n| Retries | 3 |\n")
    assert {a.label: a.value for a in two.attributes} == {"Timeout": "30 s", "Retries": "3"}
    record = read_signals("| hostname | os | ram |\n|---|---|---|\n| db-prod-03 | Debian 12 | 32 |\n")
    assert record.name == "db-prod-03" and record.strong_name
    assert {a.label: a.value for a in record.attributes} == {"os": "Debian 12", "ram": "32"}
    rows = read_signals("| lot | origin | price |\n|---|---|---|\n| A-1 | Kenya | 9.10 |\n| A-2 | Brazil | 5.95 |\n")
    assert {a.label: a.value for a in rows.attributes} == {
        "A-1 – origin": "Kenya", "A-1 – price": "9.10", "A-2 – origin": "Brazil", "A-2 – price": "5.95"
    }
    # No key column (repeated or numeric first cells): data, not attributes.
    log = read_signals("| day | value | unit |\n|---|---|---|\n| 1 | 3 | kg |\n| 2 | 4 | kg |\n")
    assert log.attributes == ()


def test_attribute_keys_match_case_insensitively_and_keep_the_first_spelling() -> None:
    s = read_signals("Payment Terms: 30 days\npayment terms: 60 days\n**Lead time**: 2 weeks\n")
    assert [(a.key, a.label, a.value) for a in s.attributes] == [
        ("payment terms", "Payment Terms", "30 days"), ("lead time", "Lead time", "2 weeks")
    ]


def test_prose_lines_with_colons_are_not_fields() -> None:
    s = read_signals("We met at 10:05 and talked about the roadmap for the next quarter: it is fine.\n")
    assert s.attributes == ()


def test_summary_sentences_drop_links_and_footnotes() -> None:
    text = "The [portal](/services/portal.md) page shows how cafés place their weekly orders.[^x]\n\n[^x]: Note.\n"
    assert lead(text) == ["The portal page shows how cafés place their weekly orders."]


def test_text_helpers() -> None:
    assert name_key("The Acme Tooling, Inc.") == "acme tooling"
    assert name_key("Rösttechnik Nord GmbH") == "rosttechnik nord"
    assert norm_value(" 30  Days. ") == "30 days"
    assert slugify("Café Lumen & Co.") == "cafe-lumen-co"
    assert slugify("東京") == ""
    assert humanize_stem("contracts/bluestone-terms_update.2025.pdf") == "Bluestone terms update 2025"


def test_folding_drops_the_marks_of_every_character_and_only_those() -> None:
    # fold looks at the runs of non-ASCII characters only: it must equal NFKD with every
    # combining mark dropped, casefolded, whatever the mix of scripts, marks and ASCII
    rng = random.Random(7)
    alphabet = [chr(c) for c in range(0x20, 0x2FFF)] + list("Rösttechnik — “Café” ﬁle Ⅻ ǅ İ ß") * 50
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        decomposed = unicodedata.normalize("NFKD", text)
        marks_dropped = "".join(c for c in decomposed if not unicodedata.combining(c))
        assert fold(text) == marks_dropped.casefold(), text
        assert cased_words(text)[0] == [w.lower() for w in re.findall(r"[A-Za-z0-9]+", marks_dropped)], text
    assert fold("Rösttechnik — Café") == "rosttechnik — cafe"


def test_vectors_equal_scikit_learn_tfidf_before_truncation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our sparse construction gives scikit-learn's char_wb and word-bigram TF-IDF exactly."""
    texts = ["the cat sat on the mat", "the cat ate the rat", "a dog sat on a log", "cat and dog"]
    monkeypatch.setattr(vectors, "TOP_WORD", 10**6)
    monkeypatch.setattr(vectors, "TOP_CHAR", 10**6)
    ours = (vectors.tfidf_vectors(texts) @ vectors.tfidf_vectors(texts).T).toarray()
    word = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True).fit_transform(texts)
    char = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), sublinear_tf=True).fit_transform(texts)

    def shared_only(m):  # features of one document only are dropped by design
        m = m.tocsc()
        keep = np.diff(m.indptr) >= 2
        return m[:, keep]

    w, c = shared_only(word), shared_only(char)
    expected = 0.5 * (w @ w.T).toarray() + 0.5 * (c @ c.T).toarray()
    off_diagonal = ~np.eye(len(texts), dtype=bool)
    assert np.allclose(ours[off_diagonal], expected[off_diagonal], atol=1e-5)


def test_field_and_cell_values_lose_links_and_footnote_references() -> None:
    s = read_signals("Owner: [Ops team](../teams/ops.md)[^1]\n\n| Setting | Value |\n|---|---|\n| Docs | [wiki](/x.md) |\n")
    assert {a.label: a.value for a in s.attributes} == {"Owner": "Ops team", "Docs": "wiki"}


def _long_manual(section: str) -> str:
    """A manual long enough to be abridged: filler sections of definitions (which an
    abridged document's budget does not count, so `section` is still carried), then
    `section`."""
    from wikid.manager.offline.content import SHORT_WORDS

    entry = " ".join(["Frob reshapes the data files it is given."] * 5)
    filler = "\n\n".join(f"## Part {n}\n\n" + "".join(f"-x{n}y{k}\n:   {entry}\n\n" for k in range(100))
                         for n in range(SHORT_WORDS // 4000 + 1))
    return f"# frob\n\nfrob reshapes data files in place.\n\n{filler}\n\n{section}"


def _abridged(section: str, title: str) -> Section:
    """The section titled `title` of a long manual ending in `section`, as read for a page."""
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    return next(s for s in content.sections if s.title == title)


def test_an_abridged_term_keeps_its_first_paragraph_and_the_list_it_introduces() -> None:
    section = ("## Options\n\n-f, --force\n:   This option has several effects:\n\n"
               "    * it overwrites files;\n    * it follows links.\n\n"
               "-k, --keep\n:   Keep the input files. Frob deletes them otherwise.\n\n    A second paragraph.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    assert not content.short
    terms = [b for s in content.sections for _, b in walk(Outline((), (s,))) if isinstance(b, Terms)]
    described = {t.term: t.description for block in terms for t in block.entries}
    assert described["-f, --force"] == "This option has several effects: it overwrites files; it follows links."
    assert described["-k, --keep"] == "Keep the input files. Frob deletes them otherwise."


def test_an_abridged_term_keeps_its_whole_first_paragraph_however_many_sentences() -> None:
    """The round-9 review of less's and curl's pages: an option's first paragraph cut
    after 450 characters read as complete and was not (how the option ends, its
    default). A paragraph a person wrote is carried whole; only text a converter
    flattened into one run (past MAX_PARAGRAPH_WORDS) is shown by its first sentences."""
    from wikid.manager.offline.content import MAX_PARAGRAPH_WORDS

    sentences = [f"Sentence {n} of how the pattern is matched against each line of the file." for n in range(9)]
    flattened = " ".join(["A run of text a converter flattened into one paragraph."] * (MAX_PARAGRAPH_WORDS // 9 + 1))
    section = (f"## Options\n\n-p pattern\n:   {' '.join(sentences)}\n\n-F\n:   {flattened}\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    assert not content.short
    described = {t.term: t.description for s in content.sections for _, b in walk(Outline((), (s,)))
                 if isinstance(b, Terms) for t in b.entries}
    assert len(" ".join(sentences)) > 450
    assert described["-p pattern"] == " ".join(sentences)
    assert described["-F"].startswith("A run of text") and len(described["-F"]) <= 450


def test_an_abridged_entry_keeps_its_further_paragraphs_and_example_within_its_budget() -> None:
    """The review of curl's page: `--data-binary` kept its first sentence and lost how
    `@file` works, the rest of what the option does. An entry keeps its further
    paragraphs and the example after them up to MAX_TERM_WORDS; a paragraph past that
    is left out, and what follows it with it. So does a pydoc class entry that opens
    with its constructor call: what the class is comes after it."""
    from wikid.manager.offline.content import MAX_TERM_WORDS

    section = ("## Options\n\n--data-binary DATA\n:   Post the data exactly as given.\n\n"
               "    If the data starts with @, the rest is the name of a file to read it from.\n\n"
               "        frob --data-binary @payload.bin\n\n"
               f"    {' '.join(['Padding words go on.'] * (MAX_TERM_WORDS // 4))}\n\n"
               "    A last paragraph.\n\n"
               "Reader(path)\n:   Reader(path)\n\n    Reads one data file.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    assert not content.short
    terms = {t.term: t for s in content.sections for _, b in walk(Outline((), (s,))) if isinstance(b, Terms)
             for t in b.entries}
    said = [block_text(b).strip() for b in terms["--data-binary DATA"].body]
    assert said == ["Post the data exactly as given.",
                    "If the data starts with @, the rest is the name of a file to read it from.",
                    "frob --data-binary @payload.bin"]
    assert [block_text(b) for b in terms["Reader(path)"].body] == ["Reader(path)", "Reads one data file."]


def test_an_abridged_entry_keeps_examples_one_after_another_and_what_follows() -> None:
    """curl's `-K, --config`: after `url = "https://curl.se/docs/"` the entry stopped,
    its example file in two more code blocks and the default config file's search path
    after them lost (the page still pointed there from `-q`)."""
    section = ("## Options\n\n-K, --config FILE\n:   Read arguments from a file.\n\n    Write a URL so:\n\n"
               "    ```\n    url = \"https://frob.example/docs/\"\n    ```\n\n"
               "    ```\n    # --- Example file ---\n    url = \"frob.example\"\n    ```\n\n"
               "    ```\n    # and another one\n    url = \"frob.example/more\"\n    ```\n\n"
               "    When frob is invoked, it checks for a default config file in your home directory.\n\n"
               "-q\n:   Do not read the default config file.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    terms = {t.term: t for s in content.sections for _, b in walk(Outline((), (s,))) if isinstance(b, Terms)
             for t in b.entries}
    said = [block_text(b).strip() for b in terms["-K, --config FILE"].body]
    assert said[-2:] == ['# and another one\nurl = "frob.example/more"',
                         "When frob is invoked, it checks for a default config file in your home directory."]


def test_an_abridged_entry_does_not_end_on_a_label_whose_text_was_left_out() -> None:
    """pg_dump's `-t pattern` ended on a bare `Note` once the paragraph under it did not
    fit the entry's budget; a label that leads to nothing is left out with it."""
    from wikid.manager.offline.content import MAX_TERM_WORDS

    long = " ".join(["Dumping a table alone does not dump what it depends on."] * (MAX_TERM_WORDS // 8))
    section = (f"## Options\n\n-t pattern\n:   Dump only the tables matching the pattern.\n\n    Note\n\n    {long}\n\n"
               "-v\n:   Verbose.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    terms = {t.term: t for s in content.sections for _, b in walk(Outline((), (s,))) if isinstance(b, Terms)
             for t in b.entries}
    assert [block_text(b) for b in terms["-t pattern"].body] == ["Dump only the tables matching the pattern."]


def test_an_abridged_section_keeps_labelled_sentences_and_leaves_out_data_fields() -> None:
    """`Hint: …`, `WARNING: …` and `The scoped flags are: …` are what the document says;
    `Archive-Name: frob-faq` is a datum about the file, not about frob."""
    section = ("## Usage\n\nArchive-Name: frob-faq/part1\n\nLast-modified: 10 March 2003\n\n"
               "Hint: several addresses may be given with several -i options.\n\n"
               "The scoped flags are: ASCII, FULLCASE and IGNORECASE.\n\n"
               "WARNING: On some systems the environment is visible to all users.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [usage] = [s for s in content.sections if s.title == "Usage"]
    assert [b.text for b in usage.blocks if isinstance(b, Paragraph)] == [
        "Hint: several addresses may be given with several -i options.",
        "The scoped flags are: ASCII, FULLCASE and IGNORECASE.",
        "WARNING: On some systems the environment is visible to all users."]


def test_past_the_paragraph_budget_a_list_keeps_the_sentence_that_introduces_it() -> None:
    paragraphs = "\n\n".join(f"Paragraph {n} of the notes says something about frob." for n in range(6))
    section = f"## Notes\n\n{paragraphs}\n\nSome options turn recursion off. These include:\n\n* --delete-before\n* --delete-after\n"
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [notes] = [s for s in content.sections if s.title == "Notes"]
    texts = [b.text if isinstance(b, Paragraph) else b for b in notes.blocks]
    assert "Some options turn recursion off. These include:" in texts
    assert isinstance(notes.blocks[-1], ItemList) and notes.blocks[-2] == Paragraph(
        "Some options turn recursion off. These include:")


def test_a_faq_and_a_manual_naming_their_versions_are_not_release_notes() -> None:
    faq = ("# frob FAQ\n\n## A. frob version 3.02 and later\n\nUse the -i option.\n\n"
           "## B. frob v2.05 and higher versions\n\nUse the -e option.\n\n## C. frob 1.5\n\nUpgrade.\n")
    content = read_content(read_outline(faq, ".md"), faq, "FAQ", "frob FAQ", ".md")
    assert not content.releases and [s.title for s in content.sections][-1] == "C. frob 1.5"
    manual = ("# frob and libfrob, version 1.0.8\n\nVersion 1.0.8 of 13 July 2019\n\n## 1. Introduction\n\n"
              "frob compresses files. It is fast.\n\n## 2. How to use frob\n\nRun it on a file.\n")
    content = read_content(read_outline(manual, ".md"), manual, None, "frob and libfrob", ".md")
    assert not content.releases and "2. How to use frob" in [s.title for s in content.sections]


def test_a_definition_stays_when_the_long_example_it_introduces_is_left_out() -> None:
    example = "\n".join(f"    line_{n} = frob.dumps({n})" for n in range(80))
    section = ("## OPT_PASSTHROUGH\n\nPass objects through to default. This allows custom formats, e.g., dates:\n\n"
               f"{example}\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [option] = [s for s in content.sections if s.title == "OPT_PASSTHROUGH"]
    assert option.blocks == (Paragraph("Pass objects through to default."),)


def test_an_abridged_term_keeps_the_values_it_defines_and_its_opening_sentences() -> None:
    long_first = " ".join(["The frob checks every file it is given against its index."] * 4) + \
        " It then reports what it found. " + " ".join(["Further words about checking files go here now."] * 8)
    section = ("## Options\n\n-F format, --format=format\n:   Select the output format. format can be one of the following:\n\n"
               "    p, plain\n    :   Plain text.\n\n    c, custom\n    :   A custom archive.\n\n"
               f"--check\n:   {long_first}\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [options] = [s for s in content.sections if s.title == "Options"]
    entries = {t.term: t for b in options.blocks if isinstance(b, Terms) for t in b.entries}
    values = [b for b in entries["-F format, --format=format"].body if isinstance(b, Terms)]
    assert [t.term for t in values[0].entries] == ["p, plain", "c, custom"]
    assert entries["--check"].description == long_first.strip()


def test_an_abridged_entry_goes_on_past_the_example_its_first_paragraph_introduces() -> None:
    """rsync's `--relative`: `... For example, this command:` over its example kept the
    examples and one sentence, then stopped at the first long paragraph (`Rsync always
    sends these implied directories ...`); 360 words became 116."""
    later = " ".join(["Frob always sends these implied directories as real directories in the file list."] * 6)
    section = ("## Options\n\n-R, --relative\n:   Use relative paths. For example, this command:\n\n"
               "    ```\n    frob -a /foo/bar.c remote:/tmp/\n    ```\n\n    would create a file named bar.c in /tmp/.\n\n"
               f"    {later}\n\n    It is also possible to limit the path information.\n")
    [options] = [s for s in _abridged_sections(section) if s.title == "Options"]
    [entry] = [t for b in options.blocks if isinstance(b, Terms) for t in b.entries]
    said = [getattr(b, "text", "") for b in entry.body]
    assert said[1:] == ["frob -a /foo/bar.c remote:/tmp/", "would create a file named bar.c in /tmp/.", later,
                        "It is also possible to limit the path information."]


def test_an_abridged_entry_keeps_the_values_listed_right_after_its_first_paragraph() -> None:
    """curl's `--delegation <LEVEL>`: `Set LEVEL to tell the server what it is allowed to
    delegate ...` over the values none, policy, always, which were lost."""
    section = ("## Options\n\n--delegation <LEVEL>\n:   Set LEVEL to tell the server what it may delegate.\n\n"
               "    none\n    :   Do not allow any delegation.\n\n    always\n    :   Always allow it.\n\n"
               "    If --delegation is given several times, the last value is used.\n")
    [options] = [s for s in _abridged_sections(section) if s.title == "Options"]
    [block] = [b for b in options.blocks if isinstance(b, Terms)]
    [entry] = [t for t in block.entries if t.term == "--delegation <LEVEL>"]
    values = [b for b in entry.body if isinstance(b, Terms)]
    assert values and [t.term for t in values[0].entries] == ["none", "always"]
    assert entry.body[-1] == Paragraph("If --delegation is given several times, the last value is used.")


def test_an_abridged_entry_keeps_the_paragraphs_its_first_one_introduces() -> None:
    """valgrind's `--sim-hints`: `... Currently known hints are:` over one paragraph a
    hint (`• lax-ioctls: ...`, groff's HTML); the hints were lost and the sentence cut."""
    from wikid.manager.offline.content import _abridge_term

    hints = [Paragraph(f"• hint{n}: Be very lax about frob handling number {n}; the only assumption is that the "
                       "size is correct. Without this, using some frob drivers becomes very tiresome.") for n in range(3)]
    entry = Term("--sim-hints=hint1,hint2", (Paragraph("Pass hints to frob. Currently known hints are:"), *hints))
    assert _abridge_term(entry).body == entry.body


def test_a_reference_of_some_thousands_of_words_is_carried_whole() -> None:
    """bzip2's manual (2,800 lines): `BZ2_bzCompressInit` kept four paragraphs and lost
    its seven on the parameters, which later calls point back to. Abridging is for
    documents past a page's budget, not for a library's reference."""
    parts = "\n\n".join(f"## Call {n}\n\n" + "\n\n".join(
        f"Parameter p{k} of call {n} sets how many frob blocks the call reshapes at once, from 1 to 9." for k in range(12))
        for n in range(30))
    text = f"# frob\n\nfrob is a library that reshapes frob files.\n\n{parts}\n"
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    assert content.words > 5000 and content.short
    assert all(len(s.blocks) == 12 for s in content.sections if s.title.startswith("Call"))


def _abridged_sections(section: str) -> tuple[Section, ...]:
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    assert not content.short
    return content.sections


def test_past_the_paragraph_budget_an_example_keeps_its_lead_in_and_a_question_its_answer() -> None:
    from wikid.manager.offline.content import MAX_PARAGRAPHS

    paragraphs = "\n\n".join(" ".join([f"Paragraph {n} of the notes says something about frob."] * 10)
                               for n in range(MAX_PARAGRAPHS))
    section = (f"## Notes\n\nOpening remarks.\n\nWhich process holds the lock on the spool?\n\n"
               f"Use the list option of frob for this.\n\n{paragraphs}\n\n"
               "You can also build frob in an empty directory\n\n    mkdir build && cd build\n\n"
               "Unrelated closing remarks of the notes.\n\nMore remarks.\n\n    frob --orphan\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [notes] = [s for s in content.sections if s.title == "Notes"]
    kinds = [(type(b).__name__, getattr(b, "text", "")) for b in notes.blocks]
    at = kinds.index(("Paragraph", "You can also build frob in an empty directory"))
    assert kinds[at + 1] == ("Code", "mkdir build && cd build")
    assert ("Paragraph", "Use the list option of frob for this.") in kinds
    assert kinds[-2:] == [("Paragraph", "More remarks."), ("Code", "frob --orphan")]
    assert ("Paragraph", "Unrelated closing remarks of the notes.") not in kinds


def test_past_the_paragraph_budget_a_paragraph_explaining_the_example_above_it_is_kept() -> None:
    """rsync's USAGE stopped at `rsync -avz foo:src/bar/ /data/tmp`: the paragraph
    under it (`A trailing slash on the source changes this behavior ...`), the point
    of the example, was past the section's budget."""
    from wikid.manager.offline.content import MAX_PARAGRAPHS

    paragraphs = "\n\n".join(" ".join([f"Paragraph {n} of the usage says something about frob."] * 10)
                               for n in range(MAX_PARAGRAPHS))
    shown = "".join(f"This would copy part {n}:\n\n    frob -a part{n} /tmp\n\n" for n in range(2))
    section = (f"## Usage\n\n{paragraphs}\n\n{shown}For example:\n\n    frob -a src/bar/ /tmp\n\n"
               "A trailing slash on the source changes this behavior to copy the contents.\n\n"
               "    frob -a src/bar /tmp/bar\n\nUnrelated closing remarks of the usage.\n")
    usage = _abridged(section, "Usage")
    said = [getattr(b, "text", "") for b in usage.blocks]
    at = said.index("frob -a src/bar/ /tmp")
    assert said[at + 1:] == ["A trailing slash on the source changes this behavior to copy the contents.", "frob -a src/bar /tmp/bar"]


def test_past_the_paragraph_budget_a_warning_is_kept() -> None:
    """pg_dump's DESCRIPTION ends on `Warning` over `Restoring a dump causes the
    destination to execute arbitrary code ...`; past the section's budget it was lost."""
    from wikid.manager.offline.content import MAX_PARAGRAPHS

    paragraphs = "\n\n".join(" ".join([f"Paragraph {n} of the description says something about frob."] * 10)
                               for n in range(MAX_PARAGRAPHS + 1))
    section = (f"## Description\n\n{paragraphs}\n\nWarning\n\nRestoring a frob archive runs the code it holds.\n\n"
               "Closing remarks of the description.\n\nCaution: frob overwrites files without asking.\n")
    description = _abridged(section, "Description")
    said = [getattr(b, "text", "") for b in description.blocks]
    # (the label alone over its paragraph is joined to it: `Warning: Restoring ...`)
    assert said[-2:] == ["Warning: Restoring a frob archive runs the code it holds.", "Caution: frob overwrites files without asking."]


def test_an_abridged_section_of_examples_keeps_more_of_them() -> None:
    """pg_dump's EXAMPLES: 14 examples, each a sentence over its command, kept 3."""
    said = " ".join(["it writes every table, every index and every sequence of that database to one file"] * 4)
    shown = "".join(f"To dump database number {n} of the cluster, {said}:\n\n    frob -d db{n}\n\n" for n in range(10))
    text = _long_manual(f"## Examples\n\n{shown}## Notes\n\n{shown}")
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    counts = {s.title: sum(isinstance(b, Code) for b in s.blocks) for s in content.sections if s.title in ("Examples", "Notes")}
    assert counts["Examples"] == 10 and counts["Notes"] < 10  # another section stays within its budget


def test_a_manuals_one_value_sections_are_facts() -> None:
    """pydoc's logging: `# Version / 0.5.1.2`, `# Date / 07 February 2010` and `# File /
    /usr/lib/python3.11/logging/__init__.py` were sections of the page."""
    text = ("NAME\n    frob - read frob archives\n\nDESCRIPTION\n    Frob reads archives of every kind quickly.\n\n"
            "VERSION\n    0.5.1.2\n\nDATE\n    07 February 2010\n\nFILE\n    /usr/lib/python3.11/frob/__init__.py\n\n"
            "CREDITS\n    Jane Roe\n")
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    assert ("Version", "0.5.1.2, dated 07 February 2010") in content.facts
    assert [s.title for s in content.sections] == ["Credits"]


def test_the_fsf_all_permissive_notice_is_a_licence_notice_not_content() -> None:
    """groff's notes opened with `Copying and distribution of this file, with or without
    modification, are permitted in any medium without royalty ...`."""
    from wikid.document.facts import is_licence_text

    notice = ("Copying and distribution of this file, with or without modification, are permitted in any medium "
              "without royalty provided the copyright notice and this notice are preserved.")
    assert is_licence_text(notice)
    text = f"Frob notes\n\n{notice}\n\nFrob reads archives of every kind, quickly and safely.\n"
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    said = [block_text(b) for _, b in walk(Outline((), content.sections))] + list(content.lead)
    assert not any("Copying and distribution" in t for t in said)


def test_an_abridged_documents_reference_table_is_kept_whole() -> None:
    """tmux's formats: a table of 186 variables, the first 60 kept."""
    rows = "".join(f"| var_{n} | Value number {n} |\n" for n in range(150))
    formats = _abridged(f"## Formats\n\n| Variable | Replaced with |\n|---|---|\n{rows}", "Formats")
    [table] = [b for b in formats.blocks if isinstance(b, Table)]
    assert len(table.rows) == 150


def test_an_abridged_documents_item_of_a_few_sentences_is_kept_whole() -> None:
    """wget's bug-report guidelines: each item of three or four sentences (~400
    characters) kept its first sentence only."""
    item = ("Try to repeat the bug in as simple circumstances as possible. If you use a start-up file, try the run "
            "without it. Even if the problem is intermittent, report it: it may show a bug in the reader. "
            "Please include the version you run, the command line you typed and what the program printed back, "
            "so that the maintainers can see the same thing.")
    bugs = _abridged(f"## Bugs\n\nWhen reporting a bug:\n\n1. {item}\n2. Send the report by mail.\n", "Bugs")
    [listed] = [b for b in bugs.blocks if isinstance(b, ItemList)]
    assert listed.items[0].text == item


def test_a_manuals_authors_and_bug_address_are_facts_across_a_broken_line() -> None:
    """git's manual as a PDF: `Git was started by Linus Torvalds, and is currently
    maintained by Junio C Hamano.` gave no author, and `Report bugs to the Git mailing
    list <git@vger.kernel.org` over `[6]> where ...` gave the list archive's address."""
    text = ("NAME\n       frob - read archives\n\nDESCRIPTION\n       Frob reads archives of every kind.\n\n"
            "AUTHORS\n       Frob was started by Jane Roe, and is currently maintained by John Doe. Many helped.\n\n"
            "REPORTING BUGS\n       Report bugs to the frob mailing list <frob@lists.example.org\n"
            "                                        [6]> where the work is\n\n"
            "       done. See the list archive at https://lore.example.org/frob for old reports.\n")
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    facts = dict(content.facts)
    assert facts["Author"] == "Jane Roe" and facts["Maintainer"] == "John Doe"
    assert facts["Bug reports"] == "frob@lists.example.org"


@pytest.mark.parametrize(("label", "value", "kept"), [
    ("Notes", "Priya", True), ("Notes", "Priya Nair, Sam Kowalski", True),  # who took a meeting's notes
    ("Note", "the reader skips broken archives", False), ("Notes", "See the manual.", False),
    ("Attendees", "Maya Ortiz (chair), Jonas Berg", True),
])
def test_a_notes_field_naming_who_took_them_is_a_property(label: str, value: str, kept: bool) -> None:
    """The sample's meeting: `Notes: Priya` stood alone under the meeting's date as a
    section of the page; `Note: ...` over a remark is still no property."""
    from wikid.manager.offline.signals import Field, is_property

    assert is_property(Field(label.casefold(), label, value)) is kept


def test_a_synopsis_groups_forms_under_labels_without_colons() -> None:
    """cmake's SYNOPSIS: `Generate a Project Buildsystem` over its two forms read
    `Generate a Project Buildsystem cmake [<options>] ... cmake [<options>] -S ...`."""
    text = ("NAME\n       frob - read archives\n\nSYNOPSIS\n          Read an Archive\n           frob [<options>] <archive>\n"
            "           frob [<options>] -S <dir>\n\n          Build an Archive\n           frob --build <dir>\n\n"
            "DESCRIPTION\n       Frob reads archives of every kind.\n")
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    assert content.man is not None
    assert content.man.synopsis == ("Read an Archive:", "frob [<options>] <archive>", "frob [<options>] -S <dir>",
                                    "Build an Archive:", "frob --build <dir>")


def test_a_readme_listing_its_requirements_is_no_changelog() -> None:
    text = ("frob\n====\n\nfrob reshapes data files in place, quickly and safely.\n\nDependencies\n------------\n\n"
            "frob requires:\n\n- Python (>= 3.11)\n- NumPy (>= 1.24.1)\n- SciPy (>= 1.10.0)\n\n"
            "Important links\n---------------\n\n- Issue tracker: https://example.org/frob/issues\n- Releases: https://example.org/frob/releases\n")
    content = read_content(read_outline(text, ".rst"), text, None, "frob", ".rst")
    assert not content.releases
    assert "Important links" in [s.title for s in content.sections]


def test_a_readme_that_ends_in_its_history_keeps_what_it_says_before_it() -> None:
    usage = " ".join(["The encoder streams each part of a multipart body instead of reading it into memory."] * 9)
    text = (f"frob toolbelt\n=============\n\nThis is a collection of helpers for the frob HTTP library.\n\n"
            f"Multipart encoder\n-----------------\n\n{usage}\n\n.. code-block:: python\n\n    enc = Encoder(fields)\n\n"
            "History\n=======\n\n1.0.0 (2023-05-01)\n------------------\n\n- Added support for Python 3.11.\n\n"
            "0.9.1 (2019-01-29)\n------------------\n\n- Fixed a leak.\n")
    content = read_content(read_outline(text, ".rst"), text, "history", "frob toolbelt", ".rst")
    assert [r.version for r in content.releases] == ["1.0.0", "0.9.1"]
    assert "Multipart encoder" in [s.title for s in sections(Outline((), content.sections))]


def test_an_abridged_term_keeps_every_value_its_colon_introduces_however_they_were_read() -> None:
    section = ("## Options\n\n-F format\n:   Select the file format:\n\n    auto\n    :   The default.\n\n"
               "    xz Write the xz format.\n\n    lzip\n    :   Read lzip files only.\n\n    raw\n    :   No headers.\n\n"
               "-q\n:   Be quiet.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [options] = [s for s in content.sections if s.title == "Options"]
    entry = next(t for b in options.blocks if isinstance(b, Terms) for t in b.entries if t.term == "-F format")
    said = " ".join(block_text(b) for b in entry.body)
    for value in ("auto", "xz Write the xz format.", "lzip", "raw"):
        assert value in said, value


@pytest.mark.parametrize(("text", "label"), [
    ("Action items:", True), ("Daily", True), ("Weekly (Friday)", True),
    ("frob has the following options:", False), ("Frob supports the following options:", False),
    ("By default, frob will:", False), ("The options are:", False),
    ("Pool(processes=None, initargs=())", False), ("Reporting bugs (GitHub)", True),
    ("For example:", False), ("In this case:", False),
    ("Here's some I find particularly interesting:", False), ("Some that we use:", False),
    ("Projects you may like:", False), ("Priya's action items:", True),
    ("Here is the security disclosure policy for Frob", False), ("frob provides 3 hardware drivers:", False),
    ("2024 review", True),
])
def test_a_label_names_what_follows_and_a_sentence_introducing_it_is_no_label(text: str, label: bool) -> None:
    from wikid.manager.offline.content import is_label

    assert is_label(text) is label


def test_an_abridged_section_of_short_paragraphs_keeps_them_up_to_its_word_budget() -> None:
    steps = "\n\n".join(f"Step {n}: frob probe {n} shows the process." for n in range(8))
    text = _long_manual(f"## Probes\n\n{steps}\n")
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [probes] = [s for s in content.sections if s.title == "Probes"]
    assert len([b for b in probes.blocks if isinstance(b, Paragraph)]) == 8


def test_an_abridged_section_keeps_the_code_a_kept_sentence_runs_on_through() -> None:
    """`... so a fourth probe,` over its command and `shows that ...` after it: past the
    section's examples the command stays, or the text reads across a hole."""
    probes = "\n\n".join(f"Probe {n} is this:\n\n    $ frob -p {n}\n    pid {n}" for n in range(4))
    section = (f"## Probes\n\n{probes}\n\nThis translates to /dev/pts/0, so a fifth probe,\n\n"
               "    $ frob /dev/pts/0\n\nshows that the shell runs on /dev/pts/0.\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [kept] = [s for s in content.sections if s.title == "Probes"]
    codes = [b.text for b in kept.blocks if isinstance(b, Code)]
    assert "$ frob /dev/pts/0" in codes
    at = [b.text if isinstance(b, (Code, Paragraph)) else None for b in kept.blocks].index("$ frob /dev/pts/0")
    assert kept.blocks[at - 1] == Paragraph("This translates to /dev/pts/0, so a fifth probe,")


def test_a_long_manual_of_twenty_thousand_words_is_carried_whole() -> None:
    """tmux's manual (23,000 words): its FORMATS section lost the paragraphs past its
    eighth (`#()` inserts a shell command's output), abridged as a document over 16,000
    words was. A reference of that length is the page's to carry whole."""
    prose = " ".join(["Each part of frob says what it reshapes and how it reshapes it."] * 20)
    parts = "\n\n".join(f"## Part {n}\n\n" + "\n\n".join(f"Paragraph {k} of part {n}. {prose}" for k in range(4))
                         for n in range(20))
    formats = "\n\n".join(f"Format rule {k}: frob expands the rule named {k} in place." for k in range(12))
    text = f"# frob\n\nfrob reshapes data files in place.\n\n{parts}\n\n## Formats\n\n{formats}\n"
    outline = read_outline(text, ".md")
    assert 20000 < sum(len(b.text.split()) for _, b in walk(outline) if isinstance(b, Paragraph)) < 30000
    content = read_content(outline, text, None, "frob", ".md")
    kept = next(s for s in content.sections if s.title == "Formats")
    assert Paragraph("Format rule 11: frob expands the rule named 11 in place.") in kept.blocks


def test_a_chapter_over_the_budget_keeps_its_first_sections_not_none() -> None:
    """A FAQ whose chapter of examples alone outgrows the budget: its first questions
    are on the page (they were all left out while a shorter chapter after it stayed)."""
    from wikid.manager.offline.content import LONG_BUDGET_WORDS

    answer = "\n\n".join(" ".join([f"Paragraph {p} of this answer shows how frob edits a line."] * 6) for p in range(4))
    count = LONG_BUDGET_WORDS // 120  # each question is ~250 words: twice the budget
    examples = "\n\n".join(f"### 2.{n}. How do I frob case {n}?\n\n{answer}" for n in range(1, count + 1))
    text = (f"# frob FAQ\n\n## 1. Introduction\n\nfrob is a stream editor.\n\n## 2. Examples\n\n{examples}\n\n"
            "## 3. Bugs\n\nReport bugs to the list.\n")
    content = read_content(read_outline(text, ".md"), text, "FAQ", "frob FAQ", ".md")
    chapters = {s.title: s for s in content.sections}
    assert "2. Examples" in chapters and "3. Bugs" in chapters
    kept = [s.title for s in chapters["2. Examples"].sections]
    assert kept[0] == "2.1. How do I frob case 1?" and 10 < len(kept) < count


def test_a_comparison_of_several_things_in_key_value_lines_is_no_attribute() -> None:
    """`sfrob: no limit` over `frobmod v1.0: 4096 bytes` compares versions of several
    tools (a FAQ's table of limits); `Owner:`/`Budget:` lines are the entity's record."""
    prose = "\n".join(f"Line {n} of prose about frob and what it does." for n in range(50))
    text = (f"# frob FAQ\n\n{prose}\n\n6.6.1. Maximum line length\n\n      GNU frob:        no limit\n"
            "      sfrob:           no limit\n      frobmod v1.0:    4096 bytes\n      HHfrob v1.5:     4000 bytes\n"
            "      frob v1.6:       [pending]\n\n6.6.5. Limits on label names\n\n      GNU frob:        no limit\n"
            "      sfrob:           no limit\n      BSD frob:        8 characters\n\n"
            "Owner: Ana Lima\nBudget: 40,000 EUR\nStatus: active\n")
    assert [(a.label, a.value) for a in read_signals(text).attributes] == [
        ("Owner", "Ana Lima"), ("Budget", "40,000 EUR"), ("Status", "active")]
    # as the engine reads it: the document's blocks apart, blank lines between (`sfrob:` is no
    # field line to the block parser, so the run was cut and `sfrob | no limit` was an attribute)
    from wikid.document.reading import read

    labels = {a.label for a in read_signals(read(text).main_text).attributes}
    assert not labels & {"GNU frob", "sfrob", "BSD frob", "frobmod v1.0", "HHfrob v1.5"}


def test_an_options_later_paragraph_keeps_the_list_it_introduces_even_set_after_the_options() -> None:
    """groff's HTML set `--inc-recursive`'s list at the margin after the option list, and
    its lead-in (`... These include:`) was the description's second paragraph: the page
    showed the list hanging under the table with no lead-in."""
    section = ("## Options\n\n--recursive\n:   Copy directories recursively.\n\n"
               "--inc-recursive\n:   Scan for files incrementally.\n\n"
               "    Some options require the full file list, so these options disable it. These include:\n\n"
               "* --delete-before\n* --delete-after\n\n")
    text = _long_manual(section)
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [options] = [s for s in content.sections if s.title == "Options"]
    [terms] = [b for b in options.blocks if isinstance(b, Terms)]
    assert len(options.blocks) == 1
    entry = terms.entries[-1]
    assert entry.term == "--inc-recursive" and entry.body[1] == Paragraph(
        "Some options require the full file list, so these options disable it. These include:")
    assert isinstance(entry.body[2], ItemList) and [i.text for i in entry.body[2].items] == ["--delete-before", "--delete-after"]


def test_what_a_program_printed_in_a_transcript_is_no_attribute() -> None:
    """A debugging note's gdb session printed `Starting program: /home/…/ls -al`; the
    page showed it as the entity's attribute `Starting program`."""
    from wikid.document.reading import read

    text = ("To debug frob, one may try:\n\n    (gdb) break frob.c:181\n    Breakpoint 1 at 0x4000ecc8: file frob.c.\n"
            "    (gdb) run -al\n    Starting program: /home/ann/frob/ls -al\n    Temporarily disabling breakpoints:\n\n"
            "Maintainer: Ann Example\n")
    attributes = {a.label: a.value for a in read_signals(read(text).main_text).attributes}
    assert attributes == {"Maintainer": "Ann Example"}


def test_a_documents_lead_is_never_taken_from_after_the_prose_it_leans_on() -> None:
    """fakeroot's notes open `fakeroot can be built to either use SYSV IPC or TCP`
    (lower case: no lead), and the lead came from the later `Portability Notes`
    section, printed above the opening it follows."""
    text = ("frob can be built to either use SYSV IPC or TCP for message passing.\n\n"
            "Cases for which the SYSV IPC version fails include the items listed below.\n\n"
            "  * Multithreaded applications\n  * Realtime kernels\n\n\nPortability Notes\n\n"
            "On OS X, only binaries that do not rely on Mach APIs will correctly use frob.\n")
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    assert content.lead == ()
    assert [s.title for s in content.sections] == ["", "Portability Notes"]
    assert isinstance(content.sections[0].blocks[0], Paragraph)
    assert content.sections[0].blocks[0].text.startswith("frob can be built")


def test_a_lead_defining_the_subject_comes_from_a_later_section_when_the_first_has_none() -> None:
    """psutil's README opens on badges and a section of links; its `Summary` says what
    it is (`psutil (process and system utilities) is a cross-platform library ...`) and
    the page's lead was `psutil is a topic; this page gathers a document`."""
    text = ("# Quick links\n\n* [Home](https://frob.example.org)\n* [Docs](https://docs.frob.example.org)\n\n"
            "# Summary\n\nfrob (file robot) is a cross-platform library for reading archives of every kind. "
            "It is useful mainly for backups.\n\n# Install\n\nRun the installer as root, then restart the shell.\n")
    content = read_content(read_outline(text, ".md"), text, None, None, ".md")
    assert content.lead == ("frob (file robot) is a cross-platform library for reading archives of every kind.",
                            "It is useful mainly for backups.")
    assert "Summary" not in [s.title for s in content.sections]  # all it said is the lead
    later = "Run the installer as root, then restart the shell."
    text = text.replace("frob (file robot) is a", "We wrote frob (file robot) as a")
    content = read_content(read_outline(text, ".md"), text, None, None, ".md")
    assert content.lead == ()  # a section that does not define its subject gives no lead out of order
    assert later in [b.text for s in content.sections for b in s.blocks if isinstance(b, Paragraph)]


def test_what_an_api_reference_repeats_from_a_base_class_is_left_to_the_base_class() -> None:
    """pydoc's logging.handlers: DatagramHandler's `Methods inherited from
    SocketHandler` came first on the page, and SocketHandler's own definitions of the
    same methods were then left out as said; pages also carried ~150 lines of members
    inherited from builtins. The base class's own section says them."""
    text = ("# frob\n\n## class Base\n\nBase(path) Reads one archive file.\n\n### Methods defined here\n\n"
            "close(self)\n:   Close the archive and flush what was written.\n\n"
            "## class Child(Base)\n\nChild(path) Reads a split archive.\n\n### Methods defined here\n\n"
            "join(self)\n:   Join the parts into one file.\n\nData and other attributes defined here:\n\n"
            "parts = 2\n\nData and other attributes inherited from Base:\n\nmode = 'r'\n\n"
            "### Methods inherited from Base\n\nclose(self)\n:   Close the archive and flush what was written.\n")
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    titles = [s.title for s in sections(Outline((), content.sections))]
    assert titles.count("Methods defined here") == 2 and "Methods inherited from Base" not in titles
    said = [block_text(b) for _, b in walk(Outline((), content.sections))]
    assert "parts = 2" in said and "mode = 'r'" not in said
    assert not any("inherited" in t for t in said)


def test_among_sections_named_by_identifiers_a_title_in_capitals_is_one_too() -> None:
    """cmake's environment variables: `## DESTDIR`, `## LDFLAGS` beside `## CMAKE_BUILD_TYPE`
    were written `Destdir`, `Ldflags`; a manual's own sections are still `Description`."""
    text = ("# ENVIRONMENT\n\n## CMAKE_BUILD_TYPE\n\nThe build type to use.\n\n## SSL_CERT_DIR\n\nWhere certificates are.\n\n"
            "## DESTDIR\n\nWhere to install, relocated.\n\n## VERBOSE\n\nPrint every command.\n\n## CC\n\nThe compiler.\n\n"
            "## CFLAGS\n\nIts flags.\n\n## Caveats\n\nNone.\n\n# DESCRIPTION\n\nFrob builds programs from sources.\n\n"
            "# LANGUAGES\n\n## CXX\n\nThe C++ compiler.\n\n## CXXFLAGS\n\nIts flags.\n\n# FILES\n\nNone.\n")
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    titles = [s.title for s in sections(Outline((), content.sections))]
    assert titles == ["Environment", "CMAKE_BUILD_TYPE", "SSL_CERT_DIR", "DESTDIR", "VERBOSE", "CC", "CFLAGS", "Caveats",
                      "Description", "Languages", "CXX", "CXXFLAGS", "Files"]


def test_a_long_example_of_a_short_document_shows_its_first_steps() -> None:
    """psutil's README: its 130-line process-management session, the heart of its API,
    was left out whole; it is shown whole now, and a longer one by its first steps, cut
    where a step starts, with how many lines more the source has."""
    steps = "".join(f">>> p.step{n}()\n{n}\n" for n in range(100))
    text = f"# Frob\n\nFrob reads data files and writes them back.\n\n## Process management\n\n```\n{steps}```\n"
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [section] = [s for s in sections(Outline((), content.sections)) if s.title == "Process management"]
    code, note = section.blocks
    assert isinstance(code, Code) and isinstance(note, Paragraph)
    shown = code.text.splitlines()
    assert shown[0] == ">>> p.step0()" and len(shown) <= 150 and shown[-1] == str(len(shown) // 2 - 1)
    assert note.text == f"The example goes on for {200 - len(shown)} more lines in the source."


def test_an_abridged_documents_example_after_the_list_its_lead_in_introduces_is_kept() -> None:
    """langsmith's README: `These and other attributes are as follows:` over a list of
    attributes, then the ~55-line RunTree example; the list was kept and the example,
    past the short-example length, dropped."""
    example = "\n".join(f"tree.step{n}()" for n in range(40))
    section = ("## Run trees\n\nA run tree tracks your application. Its attributes are as follows:\n\n"
               "- `name`: the component's name\n- `run_type`: its kind\n\n"
               f"```python\n{example}\n```\n\n## After\n\nThe end.\n")
    trees = _abridged(section, "Run trees")
    assert [type(b).__name__ for b in trees.blocks] == ["Paragraph", "ItemList", "Code"]


def test_an_abridged_entrys_own_definitions_do_not_spend_its_words() -> None:
    """pydoc's Logger in a long document: its methods' list spent the entry's words, and
    the methods after an undocumented one (`warn(self)`) were lost, `warning` with them."""
    methods = "".join(f"-m{n}\n:   Method {n} reads the archive and returns its {n} parts, counted.\n\n" for n in range(60))
    listed = textwrap.indent(methods, "    ")
    entry = f"-C class\n:   The archive class.\n\n    Methods defined here:\n\n{listed}    warn(self)\n\n" \
            f"    -w\n    :   Warn the reader.\n\n-q\n:   Be quiet.\n"
    classes = _abridged(f"## Classes\n\n{entry}", "Classes")
    entry_of = next(t for b in classes.blocks if isinstance(b, Terms) for t in b.entries if t.term == "-C class")
    named = [t.term for b in entry_of.body if isinstance(b, Terms) for t in b.entries]
    assert named[-1] == "-w" and len(named) == 61


def test_a_letters_closing_and_signature_are_no_content() -> None:
    """The sample's terms notice ends `... remain unchanged.` / `Kind regards,` / `Erik
    van Dijk, Account manager`; the vendor page said `... unchanged. Kind regards, Erik
    van Dijk, Account manager`."""
    text = ("Dear Maya,\nthe terms change as below from 1 March 2025.\n\nPayment terms: 45 days\n\n"
            "All other terms remain unchanged.\nKind regards,\nJane Roe, Account manager\n")
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    said = [block_text(b) for _, b in walk(Outline((), content.sections))] + list(content.lead)
    assert "All other terms remain unchanged." in said and not any("regards" in t for t in said)


@pytest.mark.parametrize("opening", [
    "Please read the frob manual, included in the manual subdirectory of this distribution.",
    "When a new major version of frob is released, it is necessary to convert the data files.",
    "To build it from source, run the configure script and then make in the top folder.",
])
def test_a_sentence_asking_the_reader_to_act_or_setting_a_condition_is_no_lead(opening: str) -> None:
    """The review of man-db's and postgresql's pages: their leads were `Please read the
    man-db manual, ...` and `When a new major version of PostgreSQL is released, ...`,
    which say nothing of what the entity is. The paragraph stays in the content."""
    text = f"{opening} It holds every detail.\n\nfrob reads data files and writes them back in place.\n"
    content = read_content(read_outline(text, ".txt"), text, None, None, ".txt")
    assert content.lead == ()
    said = [b.text for s in content.sections for b in s.blocks if isinstance(b, Paragraph)]
    assert said[0].startswith(opening)


def test_a_short_line_introducing_nothing_at_a_sections_end_is_left_out() -> None:
    """aws-cli's README: `Jump to:` over in-page links, which the reader leaves out as
    navigation, stood alone on the page, introducing nothing."""
    text = ("frob\n====\n\n.. image:: https://example.org/badge.svg\n   :alt: Build Status\n\n"
            "This package provides a command line interface to frob services.\n\nJump to:\n\n"
            "-  `Getting Started <#getting-started>`__\n-  `Help <#help>`__\n-  `Resources <#resources>`__\n\n"
            "Getting Started\n---------------\n\nInstall frob with pip. It needs Python 3.9 or newer:\n\n"
            "* CPython\n* PyPy\n\nHelp\n----\n\nAsk on the mailing list.\n\nResources\n---------\n\n"
            "The manual is on the web site.\n")
    content = read_content(read_outline(text, ".txt"), text, None, "frob", ".txt")
    said = [block_text(b) for s in content.sections for _, b in walk(Outline((), (s,)))]
    assert "Jump to:" not in said
    assert "Install frob with pip. It needs Python 3.9 or newer:" in said  # a colon over its list stays


def test_an_abridged_item_that_introduces_its_example_keeps_it() -> None:
    """The sed FAQ: `(b) If the script must use double quotes, then prefix the SPECIAL
    double quote with a backslash. Thus,` over its command, which the reader reads as
    the item's paragraph: the page ended the item on `Thus,` and lost the command."""
    from wikid.document.model import Item
    from wikid.manager.offline.content import _abridge_item

    command = Paragraph('sed "s/$length\\"/$length inches/g" file')
    item = Item("If the script must use double quotes, prefix the double quote with a backslash. Thus,", (command,))
    assert _abridge_item(item).children == (command,)
    told = Item("Put the script in single quotes.", (Paragraph("A second paragraph about it."),))
    assert _abridge_item(told).children == ()  # an item that introduces nothing is its first paragraph


def test_a_long_chapter_leaves_the_chapters_after_it_their_first_part() -> None:
    """The sed FAQ: chapter 4's answers took the whole budget and chapters 5 to 7 were
    not on the page; each later chapter keeps its title, text and first question."""
    from wikid.document.model import Section
    from wikid.manager.offline.content import LONG_BUDGET_WORDS, _within_budget

    def chapter(n: int, questions: int, words: int) -> Section:
        subs = tuple(Section(f"{n}.{k}. Question {k} of chapter {n}?", 2,
                             (Paragraph(" ".join(["answer"] * words)),)) for k in range(1, questions + 1))
        return Section(f"Chapter {n}", 1, (Paragraph(f"What chapter {n} is about."),), subs)

    sections = [chapter(1, 2, 50), chapter(4, 200, 100), chapter(5, 3, 150), chapter(6, 2, 150)]
    kept = _within_budget(sections)
    assert [s.title for s in kept] == ["Chapter 1", "Chapter 4", "Chapter 5", "Chapter 6"]
    assert [s.sections[0].title for s in kept[2:]] == ["5.1. Question 1 of chapter 5?", "6.1. Question 1 of chapter 6?"]
    assert LONG_BUDGET_WORDS // 200 < len(kept[1].sections) < 200


def test_a_glossarys_items_are_no_attributes_and_a_wrapped_value_is_whole() -> None:
    """node's glossary (`* **IDE**: ... facilities to` / `  computer programmers ...`)
    became a page's attributes, cut where each line wrapped."""
    from wikid.document.reading import read

    prose = "\n".join(f"Line {n} of prose about frob and what it does." for n in range(50))
    glossary = "".join(f"* **T{n}**: Term {n} - a thing the frob project names\n  in its discussions.\n" for n in range(8))
    assert read_signals(read(f"# Glossary\n\n{prose}\n\n{glossary}").main_text).attributes == ()
    record = ("Owner: Ana Lima\nScope: The frob tools, their manuals and\n  their tests\nStatus: Active\n"
              "Files: Stands for one or more names entered on the\ncommand line, with wildcards.\n")
    assert [(a.label, a.value) for a in read_signals(read(record).main_text).attributes] == [
        ("Owner", "Ana Lima"), ("Scope", "The frob tools, their manuals and their tests"), ("Status", "Active")]


def test_a_long_documents_header_fields_and_literal_block_lines_are_no_attributes() -> None:
    """The sed FAQ's Usenet header (`Version: 015`, next to sed's own latest version) and
    colorama's literal block (`    Fore: LIGHTBLACK_EX, ...`) became page attributes once
    field lines the block parser sets apart were read as one record."""
    from wikid.document.reading import read

    prose = "\n\n".join(f"Paragraph {n} of the frob FAQ says how frob reads its input files." for n in range(60))
    text = ("Archive-Name: editor-faq/frob\nPosting-Frequency: irregular\nVersion: 015\n\n"
            f"THE FROB FAQ\n\n{prose}\n\nThese are fairly well supported, but not part of the standard::\n\n"
            "    Fore: LIGHTBLACK_EX, LIGHTRED_EX, LIGHTWHITE_EX\n    Back: LIGHTBLACK_EX, LIGHTRED_EX\n")
    assert read_signals(read(text).main_text).attributes == ()


def test_every_step_a_long_document_keeps_keeps_its_example() -> None:
    """google-genai's README: past three examples a section kept `Then upload the
    file.` and dropped the code it leads to."""
    steps = "\n\n".join(f"Step {n}: then call the frob client.\n\n    client.frob({n})" for n in range(1, 7))
    text = _long_manual(f"## Files\n\n{steps}\n")
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [files] = [s for s in content.sections if s.title == "Files"]
    kinds = [(type(b).__name__, block_text(b)) for b in files.blocks]
    for n in range(1, 5):
        at = kinds.index(("Paragraph", f"Step {n}: then call the frob client."))
        assert kinds[at + 1] == ("Code", f"client.frob({n})")


def test_a_label_said_over_each_records_list_stays_with_its_record() -> None:
    """pydoc's `Methods defined here:` under each class became sections of their own,
    merged across classes, and the methods lost the class they belong to."""
    classes = "".join(f"class Frob{n}(builtins.object)\n\nMethods defined here:\n\n"
                      f"- frob{n}(self): Frob it number {n}.\n- unfrob{n}(self): Undo it.\n\n" for n in range(3))
    text = f"# frob.headers\n\nFrob headers as objects.\n\n## Classes\n\n{classes}"
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [classes_section] = [s for s in content.sections if s.title == "Classes"]
    assert classes_section.sections == ()
    texts = [block_text(b) for b in classes_section.blocks]
    assert texts.index("class Frob1(builtins.object)") < texts.index("Methods defined here:", 2)


@pytest.mark.parametrize(("text", "found"), [
    ("SEE ALSO\n       Home Page\n              https://frob.example.org\n\n       The starting point.\n",
     "https://frob.example.org"),  # cmake's manual: the label over its URL
    ("Homepage:\n  https://frob.example.org/\n", "https://frob.example.org/"),
    ("The frob home page is https://frob.example.org/.", "https://frob.example.org/"),
    ("Read the web site.\n\nSee https://other.example.org for the rest.", None),  # a paragraph apart
    ("Monitor the Example Web Services Security Bulletins website <https://example.org/security/bulletins>.", None),
    ("See the GNU Frob website at https://frob.example.org for news.", "https://frob.example.org"),
    # less's AUTHORS: the sentence goes on on the next line
    ("For more information, see the frob homepage at\n      https://frob.example.org/frob\n", "https://frob.example.org/frob"),
    # perl's SEE ALSO: a list of addresses, each followed by what it is
    ("SEE ALSO\n   https://www.frob.org/    the Frob homepage\n   https://www.frob.com/    Frob articles\n",
     "https://www.frob.org/"),
    # openssl's README: an address without its scheme, the text of a reference link
    ("The official Home Page of the Frob Project is [www.frob.org].\n\n[www.frob.org]: https://www.frob.org\n",
     "https://www.frob.org"),  # (the address the reference link's definition gives)
    ("The Home Page of the Frob Project is www.frob.org, mirrored daily.\n", "www.frob.org"),
])
def test_a_home_page_is_the_url_its_label_names_on_its_line_or_the_next(text: str, found: str | None) -> None:
    from wikid.document.facts import home_page

    assert home_page(text) == found


@pytest.mark.parametrize(("text", "found"), [
    ("Project documentation is available at [https://frob.example.org/](https://frob.example.org/).", "https://frob.example.org/"),
    ("- **Documentation:** https://docs.example.org/frob/\n", "https://docs.example.org/frob/"),
    ("To learn frob, read the documentation at https://frob.example.org/docs. Or not.", "https://frob.example.org/docs"),
    ("frob has reference documentation at [frob.readthedocs.io](https://frob.readthedocs.io).", "https://frob.readthedocs.io"),
    ("See section 3.2 of the GNU Mailman documentation at:\nhttp://www.example.org/mailman/", None),  # another's
    (".. _Development documentation: https://frob.example.org/development\n", None),  # a link target, developers'
    # pydantic's README: a link whose words are the documentation
    ("See [documentation](https://docs.frob.example.org/) for more details.\n", "https://docs.frob.example.org/"),
    ("Read [the docs](https://frob.readthedocs.io/) first.\n", "https://frob.readthedocs.io/"),
    ("See the [docs](https://docs.frob.example.org/guides/how_to/pytest) for tests.\n", None),  # one page of them
])
def test_a_documentation_site_is_the_url_the_text_gives_for_it(text: str, found: str | None) -> None:
    """httpx's README: `Project documentation is available at https://www.python-httpx.org/`
    reached no attribute."""
    from wikid.document.facts import documentation_site

    assert documentation_site(text) == found


@pytest.mark.parametrize(("text", "found"), [
    ("Install it with pip.\n\nFROB requires Python 3.9+.\n", "Python 3.9+"),
    ("Get it. It requires Node.js 18 or later to run.", "Node.js 18 or later"),
    ("This option requires OpenSSL 3.0.", None),  # an option's, not the program's
    ("and then it requires Python 3.8 as well", None),
    ("## Usage\n\nRun it.\n\n## Requirements\n\nPython 3.11 or higher.\n", "Python 3.11 or higher"),
    ("Prerequisites\n-------------\n\n* Python 3.9+\n* a compiler\n", "Python 3.9+"),
    ("## Requirements\n\nMake sure you have 2 GB free.\n", None),  # no name and version
])
def test_a_requirement_is_what_the_subject_says_it_requires(text: str, found: str | None) -> None:
    """httpx's README: `HTTPX requires Python 3.9+.` reached no attribute, nor did
    langsmith's `## Requirements` over `Python 3.11 or higher.`."""
    from wikid.document.facts import requirement

    assert requirement(text) == found


@pytest.mark.parametrize(("text", "found"), [
    ("   frobgpl        GNU General Public License\n   frobartistic   Artistic License\n", None),  # a document index
    ("COPYING\t\tYour free copy of the GNU General Public License.\n", None),  # a file list
    ("* The frob sources are now released under version 3 of the GNU General\n  Public License.\n",
     "GNU General Public License, version 3"),
    ("Frob is distributed under the GNU General Public License.", "GNU General Public License"),
    ("Frob is BSD licensed code.", "BSD License"), ("It is MIT licensed.", "MIT License"),  # (httpx's README)
    # ed's COPYRIGHT, as GNU programs print it with --version
    ("Copyright (C) 2023 Jane Roe.  License GPLv2+: GNU GPL version 2\n  or later <http://gnu.org/licenses/gpl.html>",
     "GNU General Public License, version 2 or later"),
    ("License LGPLv3: GNU LGPL version 3 <https://gnu.org/licenses/lgpl.html>", "GNU Lesser General Public License, version 3"),
])
def test_a_licence_is_the_one_the_text_puts_the_program_under(text: str, found: str | None) -> None:
    """perl's page said `Licence | GNU General Public License` from its documentation
    index's row `perlgpl  GNU General Public License`; binutils' NEWS says `released
    under version 3 of the GNU General Public License`, and its version was lost."""
    from wikid.document.facts import licence

    assert licence(text) == found


def test_a_manual_saying_which_version_it_describes_states_it_wherever_it_says_it() -> None:
    """ncurses's manuals end `This describes **ncurses** version 6.4 (patch 20221231).`;
    the page had no version."""
    from wikid.document.facts import stated_version

    filler = "Frob reads files. " * 200
    assert stated_version(f"# NAME\n\nfrob - read\n\n{filler}\n\nThis describes\n**frob** version 6.4 (patch 1).\n") == "6.4"
    assert stated_version(f"{filler} This manual page documents frob version 2.1.3.") == "2.1.3"
    assert stated_version(f"{filler} This describes how frob reads version 2 files.") is None
    assert stated_version("# frob and libfrob, version 1.0.8\n\n## A program and library\n") == "1.0.8"  # bzip2's manual
    assert stated_version("Frob is fast, version 2 of it is faster.\n") is None


def test_a_changelog_states_a_home_page_from_its_opening_or_newest_release_only() -> None:
    """bzip2's page gave `Homepage | http://www.bzip2.org/`, from an old Debian entry's
    `The bzip2 Home Page is now at ...`; the project moved twice since, and its manual
    page names the current one. An older entry's home page is history."""
    def facts(text: str) -> dict[str, str]:
        return dict(read_content(read_outline(text, ".txt"), text, "changelog", None, ".txt").facts)

    old = ("frob (1.0.8-5) unstable; urgency=medium\n\n  * Make tests cross-test-friendly.\n\n"
           " -- Jo Doe <jo@example.org>  Fri, 03 Dec 2021 01:32:51 -0700\n\n"
           "frob (1.0.3-1) unstable; urgency=low\n\n  * The frob Home Page is now at http://www.frob.example.org/.\n\n"
           " -- Jo Doe <jo@example.org>  Mon, 01 Mar 2010 10:00:00 +0100\n")
    assert "Homepage" not in facts(old)
    opening = ("frob NEWS. See the frob home page at https://frob.example.net/ for downloads.\n\n"
               "* Noteworthy changes in release 2.3 (2022-02-26)\n\n** Add the --fast option.\n\n"
               "* Noteworthy changes in release 2.2 (2021-09-07)\n\n** The home page is now at http://old.example.org/\n")
    assert facts(opening)["Homepage"] == "https://frob.example.net/"


def test_two_documents_modules_of_one_package_share_it_though_none_is_about_it() -> None:
    """python's urllib: the pages of urllib.error, urllib.request, urllib.parse and
    urllib.robotparser (no document about urllib itself) split into three pages, the
    error and request modules filed with http, once pandoc's pydoc markdown gave them
    their titles."""
    from wikid.manager.offline.names import with_packages

    claims = [["frob.error"], ["frob.parse"], ["spam.client"], ["eggs"], ["README.md"]]
    assert with_packages(claims, name_key) == [["frob.error", "frob"], ["frob.parse", "frob"], ["spam.client"],
                                               ["eggs"], ["README.md"]]


def test_a_long_list_of_names_and_their_values_is_kept_whole_not_cut_as_an_example() -> None:
    """curses' pydoc `Data`: 218 constants, cut after `KEY_HELP = 363` with "The example
    goes on for 68 more lines"; `KEY_LEFT = 260` and `OK = 0` were lost."""
    constants = "".join(f"KEY_F{n} = {264 + n}\n" for n in range(210)) + "OK = 0\nversion = b'2.2'\n"
    text = f"# frob\n\nfrob reads data files and writes them back.\n\n## Data\n\n```\n{constants}```\n"
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [section] = [s for s in sections(Outline((), content.sections)) if s.title == "Data"]
    [code] = section.blocks
    assert isinstance(code, Code) and code.text == constants.rstrip("\n")


def test_a_paragraph_that_is_one_quoted_token_is_an_example() -> None:
    """curl's globbing: groff set `"http://example.com/file[1-100:10].txt"` as code and
    `"http://example.com/file[a-z:2].txt"` after it as a paragraph, which the page then
    showed as prose with its brackets escaped, or left out."""
    text = ("# frob\n\nfrob fetches URLs and keeps each one.\n\n## Globbing\n\nYou can give a step:\n\n"
            "    \"http://example.com/file[1-100:10].txt\"\n\n\"http://example.com/file[a-z:2].txt\"\n\n"
            "Quote the whole URL on a command line.\n")
    content = read_content(read_outline(text, ".md"), text, None, "frob", ".md")
    [section] = [s for s in sections(Outline((), content.sections)) if s.title == "Globbing"]
    assert section.blocks[1] == Code('"http://example.com/file[1-100:10].txt"\n"http://example.com/file[a-z:2].txt"')
    assert isinstance(section.blocks[2], Paragraph)


def test_a_label_over_pythons_slot_descriptors_and_a_real_member_stays_over_the_member() -> None:
    """logging's LoggerAdapter: `Data descriptors defined here:` over `__dict__`,
    `__weakref__` and then `manager`: leaving the two out took the label with them, and
    `manager` read as one of the readonly properties above."""
    from wikid.manager.offline.content import _without_inherited

    blocks = (Paragraph("Readonly properties defined here:"), Terms((Term("name"),)),
              Paragraph("Data descriptors defined here:"),
              Terms((Term("__dict__", (Paragraph("dictionary for instance variables"),)), Term("__weakref__"))),
              Terms((Term("manager"),)), Paragraph("Data and other attributes defined here:"),
              Terms((Term("__dict__"),)), Paragraph("Methods defined here:"), Terms((Term("close(self)"),)))
    assert _without_inherited(blocks) == (
        Paragraph("Readonly properties defined here:"), Terms((Term("name"),)),
        Paragraph("Data descriptors defined here:"), Terms((Term("manager"),)),
        Paragraph("Methods defined here:"), Terms((Term("close(self)"),)))


def test_a_licence_a_typesetter_hyphenated_at_a_line_end_is_read() -> None:
    """node's manual: `Node.js is available under the MIT li‐` / `cense.` (groff's
    hyphen) gave no Licence."""
    from wikid.manager.offline.content import _text_facts

    text = "COPYRIGHT\n     Copyright Frob contributors.  Frob is available under the MIT li\u2010\n     cense.\n"
    assert ("Licence", "MIT License") in _text_facts(text)
