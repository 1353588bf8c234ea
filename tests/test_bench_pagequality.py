"""bench/pagequality.py judges the pages wikid writes: its defect finders and fact extractors.

Why: the benchmark's figures are only worth reading if each defect class flags what it
names and nothing a good page holds (an options table is good content; markup inside a
code fence is code), and if the facts it expects a page to keep are really the source's
(a man page's NAME line and SYNOPSIS, a changelog's newest version and entry). Each
finder is a pure function of a page's text, tested here on real-looking fragments; one
end-to-end run builds a three-document corpus (a few seconds).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BENCH, load_bench

SCRIPT = BENCH / "pagequality.py"

pq = load_bench("pagequality")

FRONTMATTER = """---
type: Command
title: gzip
description: gzip — compress or expand files.
generated:
  by: wikid/0.1.0
  at: '2026-12-01T00:00:00Z'
sources:
- id: doc-41
  resource: /archive/batch-c/doc-41.html
  title: gzip — compress or expand files
  text: /archive/batch-c/doc-41-extracted.txt
---

"""

OPTIONS_TABLE = """# Options

| Option | Description |
|---|---|
| `-v`, `--verbose` | Print each file. |
| -o FILE | Write to FILE instead of standard output. |
| --exclude=PATTERN | Skip files matching PATTERN. |
| -S .suf --suffix .suf | When compressing, use suffix .suf instead of .gz. |
| -O[type], --output-sync[=type] | Collect the output of each job together. |
"""


def page(body: str) -> str:
    return FRONTMATTER + body


# ---------------------------------------------------------------------------------------
# Defect classes


def test_markup_finds_rest_roff_asciidoc_html_and_grid_leftovers() -> None:
    body = """Intro paragraph.

See :option:`--foo` for details.

.. note::

Use \\fBgzip\\fR to compress.

## Individual Developer (Participant)\\[\\[PARTICIPANT\\]\\]

Tom &amp; Jerry <div class="x">text</div>

+-----+-----+

Some Heading In Prose
=====================

2.

Text that is no part of the item.
"""
    found = pq.markup(page(body))
    assert found == [
        "See :option:`--foo` for details.",
        ".. note::",
        "Use \\fBgzip\\fR to compress.",
        "## Individual Developer (Participant)\\[\\[PARTICIPANT\\]\\]",
        "Tom &amp; Jerry <div class=\"x\">text</div>",
        "+-----+-----+",
        "=====================",
        "2.",
    ]


def test_markup_leaves_code_tables_rules_and_literal_backslashes_alone() -> None:
    body = """Use the filter below.

```
echo 'Tom &amp; Jerry' | sed 's/\\fB//'
<div>kept as code</div>
```

Inline `&lt;tag&gt;` and `\\fB` are code too.

| Term | Description |
|---|---|
| \\\\e | ESCAPE |

---

The symbols \\\\< and \\\\> match the empty string at the edges of a word.

1.

   ```
   cd frob-1.0
   make check
   ```
""" + OPTIONS_TABLE
    assert pq.markup(page(body)) == []


def test_markup_leaves_a_plain_sources_own_backslashes_alone() -> None:
    """A sed FAQ writes `\\&` and `\\(like \\(this\\)\\)` as its words: on the page they
    are its content; the same sequence with no source saying it is roff left in."""
    body = "To enter a literal ampersand, type '\\\\&'. Groups nest: \"\\\\(like \\\\(this\\\\)\\\\)\".\n"
    faq = "To enter a literal ampersand, type '\\&'. Groups nest: \"\\(like \\(this\\)\\)\".\n"
    assert pq.markup(page(body), (faq,)) == []
    assert len(pq.markup(page(body))) == 1
    assert len(pq.markup(page(body), ("\\fBfrob\\fR " + faq,))) == 1  # a roff source: a converter's leftovers


def test_markup_counts_empty_bullets_left_from_a_rule() -> None:
    assert pq.markup(page("Text.\n\n*\n   *\n      * \\-\n\n* a real item\n\n* * *\n")) == ["*", "   *", "      * \\-"]


def test_empty_column_flags_a_table_with_a_column_empty_in_every_row() -> None:
    body = """| Protocol | Name | Note | Description |
|---|---|---|---|
|  | DICT |  | Lets you lookup words using online dictionaries. |
|  | FILE |  | Read or write local files. |
"""
    found = pq.empty_column(page(body))
    assert len(found) == 1 and "column 1 ('Protocol')" in found[0] and "column 3 ('Note')" in found[0]


def test_empty_column_accepts_full_tables_and_footnote_cells() -> None:
    body = OPTIONS_TABLE + """
| Attribute | Value | Source |
|---|---|---|
| size | size of the compressed file | [^doc-41] |
| ratio |  | [^doc-41] |
"""
    assert pq.empty_column(page(body)) == []


def test_cut_flags_ellipses_and_dangling_words_in_cells_items_description_and_attributes() -> None:
    text = page("""| Protocol | Description |
|---|---|
| DICT | Lets you lookup … |
| FILE | Windows-only: allow redirecting the handles to paths specified by the |

* GHSA-gf4g-95wj-4q4r: args2obj() double-frees when
* Fix regression: make screen repaint when "squished" and

**Usage** — run it with the options listed below, or
""").replace("description: gzip — compress or expand files.", "description: gzip can also be used within the")
    assert pq.cut(text) == [
        "description: gzip can also be used within the",
        "| DICT | Lets you lookup … |",
        "| FILE | Windows-only: allow redirecting the handles to paths specified by the |",
        "* GHSA-gf4g-95wj-4q4r: args2obj() double-frees when",
        "* Fix regression: make screen repaint when \"squished\" and",
        "**Usage** — run it with the options listed below, or",
    ]


def test_cut_leaves_command_syntax_option_keys_and_whole_sentences_alone() -> None:
    body = OPTIONS_TABLE + """
| Term | Description |
|---|---|
| exclude from | This parameter names a file of daemon exclude patterns. |
| --path-as-is | Tell curl to not handle sequences of /../ in the given URL path. |
| Local | rsync [OPTION...] SRC... [DEST]... |
| Copy | `cp file ...` |
| Lists | Comma-separated codes, e.g. code[,code,...] |
| argument ... | argument is repeatable. |

* The complete output of "gzip -V".
* xz -dc foo.tar.xz | tar xf -
* frob now recognizes invocations with the '-e' option, such as

   ```
   frob -e 'some\\nstring'
   ```
"""
    assert pq.cut(page(body)) == []
    assert pq.cut(page("* frob now recognizes invocations with the '-e' option, such as\n")) != []


def test_a_value_that_ends_so_in_its_source_is_not_cut_but_one_whose_sentence_goes_on_is() -> None:
    body = """| Variable name | Replaced with |
|---|---|
| session_attached | Number of clients session is attached to |
| pane_in_mode | 1 if pane is in a mode of |

* "/dev/stderr" with stderr,
* When updating large archives with few of the
* and more...
* muse (Muse),
"""
    source = """- `muse` ([Muse](https://example.org/wiki_(manual))),
- `native` (native),
     Variable name          Replaced with
     session_attached       Number of clients session is attached to
     session_format         1 if format is for a session
     pane_in_mode           1 if pane is in a mode of
                            its own
  - "/dev/stderr" with stderr,
  - "/dev/stdout" with stdout.
- When updating large archives with few of the
      entries updated, display something.
Supports ciphers, digests, and more...
"""
    assert pq.cut(page(body), (source,)) == [
        "| pane_in_mode | 1 if pane is in a mode of |", "* When updating large archives with few of the"]
    assert len(pq.cut(page(body))) == 6  # without its sources, every one looks cut


def test_repeated_counts_each_extra_occurrence_of_a_long_sentence() -> None:
    sentence = "A copy of the license is included in the GNU Free Documentation License file."
    body = f"""{sentence}

# TODO

* {sentence.upper()}

Something else entirely that is long enough to count here. Short one. Short one. Short one.

{sentence}
"""
    assert pq.repeated(page(body)) == [sentence.upper(), sentence]
    # an item of a list with an item of its own is that document's list kept whole, not a repeat
    listed = f"# Plans\n\n* Something else entirely that is long enough to count here.\n* {sentence}\n"
    assert pq.repeated(page(f"{sentence}\n\n{listed}")) == []
    assert pq.repeated(page(f"{sentence}\n\n{listed}\n# Again\n\n{listed}")) != []
    # a source that says it twice accounts for one repeat, not for the third time
    source = f"Under one setting: {sentence} Under another: {sentence.lower()}"
    assert pq.repeated(page(body), (source,)) == [sentence]
    # ... also where groff broke one of its words across lines (`Free Docu‐` over `mentation`)
    hyphenated = sentence.replace("Documentation", "Docu‐\n     mentation")
    broken = f"Under one setting: {sentence}\n     Under another: {hyphenated}"
    assert pq.repeated(page(body), (broken,)) == [sentence]
    # ... also where the page writes a link's address after its text and the source's markdown shows none
    linked = "See this documentation (https://frob.example.org/docs) for more on how to use the decorator."
    twice = "See [this documentation](https://frob.example.org/docs) for more on how to use the decorator.\n"
    assert pq.repeated(page(f"{linked}\n\n# Again\n\n{linked}\n"), (twice * 2,)) == []


def test_sentences_naming_different_code_are_no_repeat() -> None:
    """bzip2's library manual: "updates `total_in_lo32` ... to reflect the number of
    bytes it has read." under one call and "updates `total_out_lo32` ..." under another
    counted as one sentence said twice once the page showed inline code: the code is
    the sentence's own text."""
    one = "It updates `total_in_lo32` and `total_in_hi32` to reflect the number of bytes it has read."
    other = one.replace("_in_", "_out_")
    assert pq.repeated(page(f"{one}\n\n# Other\n\n{other}\n")) == []
    assert pq.repeated(page(f"{one}\n\n# Other\n\n{one}\n")) == [one.replace("`", "")]


def test_repeated_ignores_tables_code_and_the_sources_section() -> None:
    sentence = "gzip reduces the size of the named files using Lempel-Ziv coding."
    body = f"""{sentence}[^doc-41]

| Term | Description |
|---|---|
| gzip | {sentence} |

```
{sentence}
```

# Sources

* {sentence}

[^doc-41]: {sentence}
"""
    assert pq.repeated(page(body)) == []
    # a field line two documents each state (a contract's term and the notice restating it) is each one's record
    field = "* Delivery: DAP Frobtown roastery, within 10 working days of the purchase order"
    assert pq.repeated(page(f"# Contract\n\n{field}\n\n# Notice\n\n{field}\n")) == []
    assert pq.repeated(page(f"# Contract\n\n{field[2:]}\n\n# Notice\n\n{field[2:]}\n")) != []


def test_empty_key_flags_bold_keys_with_nothing_after_them() -> None:
    body = """* **Synopsis**

**Synopsis** —

| Key | Value |
|---|---|
| Synopsis |  |
| Version | 1.2 |
"""
    assert pq.empty_key(page(body)) == ["* **Synopsis**", "**Synopsis** —", "| Synopsis |  |"]


def test_empty_key_accepts_keys_with_values_pseudo_headings_and_group_labels() -> None:
    body = """* **Synopsis**: gzip [ -acdfhklLnNrtvV19 ] [ name ... ]

**Changes in behavior**

* 'zless' is no longer installed on platforms lacking 'less'.

* **Daily**
  * Backflush each group with plain water.
""" + OPTIONS_TABLE
    assert pq.empty_key(page(body)) == []


def test_file_name_title_flags_bare_file_names_in_headings_titles_and_source_titles() -> None:
    text = page("## doc-36.docx\n\nText.\n\n### README.md\n\n# doc-18\n\n# Sources\n\n"
                "* doc-41.txt — Document.[^doc-41]\n").replace(
        "  title: gzip — compress or expand files", "  title: notes.txt")
    assert pq.file_name_title(text) == ["sources[doc-41].title: notes.txt", "* doc-41.txt — Document.[^doc-41]",
                                        "## doc-36.docx", "### README.md", "# doc-18"]


def test_a_source_title_that_is_its_own_file_name_records_an_untitled_document() -> None:
    text = page("Text.\n\n# Sources\n\n* gzip notes — Notes.[^doc-41]\n").replace(
        "  title: gzip — compress or expand files", "  title: doc-41.html")
    assert "title: doc-41.html" in text and pq.file_name_title(text) == []


def test_file_name_title_accepts_names_with_words_versions_and_config_files() -> None:
    body = "## gzip ODT document\n\n## 1.12 — 2022-04-07\n\n## rsyncd.conf\n\n## ssh_config\n\n## Release 3.4\n"
    assert pq.file_name_title(page(body)) == []


def test_code_as_key_flags_commands_and_code_used_as_keys() -> None:
    body = """## }

| Step | Description |
|---|---|
| $ make install | Installs the binaries. |
| tar -xvf foo.tar | Extracts the archive. |
| if (lc(a) == lc(b) | \\|\\| uc(a) == uc(b)) |
| # comment line | Ignored. |

**export GZIP; gzip file** — sets the options.
"""
    assert pq.code_as_key(page(body)) == [
        "## }",
        "**export GZIP; gzip file** — sets the options.",
        "| $ make install | Installs the binaries. |",
        "| tar -xvf foo.tar | Extracts the archive. |",
        "| if (lc(a) == lc(b) | \\|\\| uc(a) == uc(b)) |",
        "| # comment line | Ignored. |",
    ]


def test_code_as_key_accepts_options_signatures_suboptions_and_operators() -> None:
    body = OPTIONS_TABLE + """
## Pipe: |

## while(cond; update)

## ==, !=

## \\>, \\>=, \\<=, \\<

| Term | Description |
|---|---|
| match(val), match(regex; flags) | match outputs an object for each match it finds. |
| windowLog=wlog, wlog=wlog | Specify the maximum number of bits for a match distance. |
| = | Print the current line number. |
| ==, != | Compare two values. |
| ESC-} or ˆRIGHTARROW | Scroll horizontally right. |
| zstd 1.5.1 --fast=1 | 2.437 |
| module \\<metadata\\>; | This directive is entirely optional. |
| file already exists; do you wish to overwrite (y or n)? | Respond "y" to replace it. |
"""
    assert pq.code_as_key(page(body)) == []


def test_fragment_flags_headings_and_bold_keys_that_are_not_whole_phrases() -> None:
    body = """## Using the

# Bug reports should ideally include

## and then the rest of it

# Miscellania -

**Repeat an expression until it raises "break" as an** — error, then stop.

## This heading keeps going and going far beyond any sensible length for a heading
"""
    assert pq.fragment(page(body)) == [
        "## Using the",
        "# Bug reports should ideally include",
        "## and then the rest of it",
        "# Miscellania -",
        "## This heading keeps going and going far beyond any sensible length for a heading",
        "**Repeat an expression until it raises \"break\" as an** — error, then stop.",
    ]


def test_fragment_accepts_ordinary_headings_and_labelled_terms() -> None:
    body = ("# Options\n\n## Subtraction: -\n\n## Comma: ,\n\n## Changes in behavior\n\n**Note:** read this.\n\n## 1.12 — 2022-04-07\n\n"
            "## \\<or\\>, \\<and\\>, \\<plus\\>\n\n"
            "* **exclude from** — The name of a file of daemon exclude patterns.\n"
            "* **include from** — Analogue of exclude from.\n"
            "* **ENTER or RETURN or ^N or e or ^E or j or ^J** — Scroll forward N lines.\n")
    assert pq.fragment(page(body)) == []


def test_a_clean_page_has_no_defect_of_any_class() -> None:
    body = """**gzip** — compress or expand files. The gzip command reduces the size of the named files.[^doc-41]

# Usage

```
gzip [ -acdfhklLnNrtvV19 ] [-S suffix] [ name ... ]
```
""" + OPTIONS_TABLE + """
# Sources

* gzip — compress or expand files — Manual page.[^doc-41]

[^doc-41]: gzip — compress or expand files
"""
    assert {kind: find(page(body)) for kind, find in pq.DEFECTS.items()} == {kind: [] for kind in pq.DEFECTS}


# ---------------------------------------------------------------------------------------
# Fact extractors

MAN_TXT = """RSYNC(1)                      User Commands                      RSYNC(1)

NAME
       rsync - a fast, versatile, local/remote
       file-copying tool
SYNOPSIS
       rsync [OPTION...] SRC... [DEST]
       rsync [OPTION...] SRC... [USER@]HOST:DEST

DESCRIPTION
       Rsync is a fast and extraordinarily versatile file copying tool.
"""

MAN_MD = """# GZIP

## NAME

gzip, gunzip,
zcat - compress or expand files

## SYNOPSIS

**make**
[*OPTION*]... [*TARGET*]...

## DESCRIPTION

The **gzip** command reduces the size of the named files.
"""

NEWS = """GNU grep NEWS                                    -*- outline -*-

* Noteworthy changes in release 3.10 (2023-03-22) [stable]

** Bug fixes

- With -P, \\d now matches only ASCII digits, regardless of PCRE options.
- Fix a performance regression with many duplicate patterns.
  The regression was introduced in grep 3.5.

* Noteworthy changes in release 3.9 (2023-03-05) [stable]

  The egrep and fgrep commands, which have been deprecated since
  release 2.5.3 (2007), now warn that they are obsolescent.

- An old item that a page need not keep at all.

* Noteworthy changes in release 3.8 (2022-09-02) [stable]
"""

README = """jq is a lightweight and flexible command-line JSON processor.

Useful links:

- Documentation for the current release lives on the website
- [the manual](https://jqlang.github.io/jq/manual)
- https://github.com/jqlang/jq
- Two words
1. Download a prebuilt binary from the releases page.
2) Build it yourself from source with autotools and make,
   following the instructions in the README.
"""


def test_man_name_reads_the_name_line_of_text_and_markdown_man_pages() -> None:
    assert pq.man_name(MAN_TXT) == ("rsync", "a fast, versatile, local/remote file-copying tool")
    assert pq.man_name(MAN_MD) == ("gzip", "compress or expand files")
    assert pq.man_name("**NAME**\n\n**ssh** — OpenSSH\nremote login client\n\n**SYNOPSIS**\n") == (
        "ssh", "OpenSSH remote login client")
    assert pq.man_name("NAME\n       zstd  -  zstd,  zstdmt,  unzstd - Compress or decompress .zst\n       files\n") == (
        "zstd", "Compress or decompress .zst files")


def test_man_name_is_none_for_other_documents() -> None:
    assert pq.man_name(README) is None
    assert pq.man_name(NEWS) is None
    assert pq.man_name("Options\n   name   \n   the name of the module - used in logs\n") is None


def test_man_synopsis_is_the_first_line_after_synopsis() -> None:
    assert pq.man_synopsis(MAN_TXT) == "rsync [OPTION...] SRC... [DEST]"
    # an HTML conversion wraps `make [OPTION]... [TARGET]...`: a short line is joined with the next
    assert pq.man_synopsis(MAN_MD) == "make [OPTION]... [TARGET]..."
    long = "NAME\n  git - the stupid content tracker\nSYNOPSIS\n  git [-v | --version] [-h | --help] [-C <path>] [-c <name>=<value>]\n"
    assert pq.man_synopsis(long) == "git [-v | --version] [-h | --help] [-C <path>] [-c"  # its first 10 words
    assert pq.man_synopsis(README) is None


def test_version_headings_and_version_order() -> None:
    heading = pq.version_heading
    assert heading("* Noteworthy changes in release 3.11 (2023-05-13) [stable]") == "3.11"
    assert heading("curl (7.88.1-10+deb12u15) bookworm; urgency=medium") == "7.88.1-10+deb12u15"
    assert heading("## [2.1.0] - 2024-01-02") == "2.1.0"
    assert heading("Version 4.4 (31 Oct 2022)") == "4.4"
    assert heading("version 1.34 - Sergey Poznyakoff, 2021-02-13") == "1.34"
    assert heading("5.4.1 (2023-01-11)") == "5.4.1"
    assert heading("### 2022-12-28 (3.40.1)") == "3.40.1"
    assert heading('\tMajor changes between "less" versions 581 and 590') == "590"
    assert heading("Changes in frob from 1.07 to 1.07.1.") == "1.07.1"
    assert heading("Changes in frobcalc 1.4 to 1.4.1.") == "1.4.1"
    assert heading("# NEWS for rsync 3.5.0 (13 Aug 2026)") == "3.5.0"
    assert heading("  release 2.5.3 (2007), now warn that they are obsolescent and should") is None
    assert heading("4.10. How do I change only the first occurrence of a pattern?") is None
    assert heading("1. Download a prebuilt binary.") is None
    assert heading("1.0.1, 1.0.2 and 1.0.3, but with the following exception: 0.9.0 and") is None
    assert heading("5.0, open the project file") is None
    assert heading("1.2.3, 2024-01-02") == "1.2.3"
    versions = ["3.9", "3.10", "3.8", "7.88.1-10+deb12u9", "7.88.1-10+deb12u15"]
    assert sorted(versions, key=pq.version_key) == ["3.8", "3.9", "3.10", "7.88.1-10+deb12u9", "7.88.1-10+deb12u15"]


def test_newest_version_of_a_changelog() -> None:
    assert pq.newest_version(NEWS) == "3.10"
    debian = ("zstd (1.5.4+dfsg2-5+deb12u1) bookworm; urgency=medium\n\n  * Upload.\n\n"
              " -- A <a@b>  Fri, 27 Nov 2026 10:00:00 +0000\n\n"
              "zstd (1.5.4+dfsg2-5) unstable; urgency=medium\n\n  * Older.\n")
    assert pq.newest_version(debian) == "1.5.4+dfsg2-5+deb12u1"
    lettered = debian.replace("1.5.4+dfsg2-5+deb12u1", "3.3a-1").replace("1.5.4+dfsg2-5", "3.3-2")
    assert pq.newest_version(lettered) == "3.3a-1"  # a Debian changelog's first entry is its newest
    assert pq.newest_version(README) is None
    assert pq.newest_version(MAN_TXT) is None
    # one heading is enough when the title says it is a changelog
    assert pq.newest_version("Version 2.0 (1 Jan 2024)\n\n- Things changed a lot.\n", "NEWS for foo") == "2.0"
    assert pq.newest_version("Version 2.0 (1 Jan 2024)\n\n- Things changed a lot.\n", "A guide") is None


def test_list_items_of_a_short_source_and_of_a_changelog_s_newest_entry() -> None:
    assert pq.list_items(README) == [
        "documentation for the current release lives on the",
        "download a prebuilt binary from the releases page",
        "build it yourself from source with autotools and",
    ]
    assert pq.list_items(NEWS) == [
        "with -p d now matches only ascii digits",
        "fix a performance regression with many duplicate patterns",
    ]


def test_loose_comparison_ignores_markdown_dashes_quotes_and_escapes() -> None:
    haystack = pq.loose("**rsync** — a *fast*, versatile, local/remote `file-copying` tool\\.")
    assert pq.contains(haystack, "rsync - a fast, versatile, local/remote file-copying tool")
    assert pq.contains(pq.loose("Don’t use \\[OPTION\\]"), "don't use [OPTION]")
    assert not pq.contains(haystack, "a slow, versatile")
    assert pq.contains(pq.loose("**netstat** — Print interface statistics"), "netstat - Print interface statis\u2010 tics")
    # a page writes where a link goes after its text: the source's sentence is still there
    assert pq.contains(pq.loose('"Frob talk" (https://talks.example.org/1), Frob Hors-série'), "frob talk, frob hors-série")
    assert pq.contains(pq.loose("* Frob: Syntax highlighter."), "`Frob <http://frob.example.org/>`_: Syntax highlighter.")
    assert pq.version_on("## 1.12 — 2022-04-07", "1.12")
    assert not pq.version_on("## 1.12.1 — 2022-04-07", "1.12")
    assert not pq.version_on("Debian package 590-2.1", "590")


def test_source_facts_are_kept_only_when_a_citing_page_states_them(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    (wiki / "archive").mkdir(parents=True)
    (wiki / "archive" / "grep-NEWS-extracted.txt").write_text(NEWS, encoding="utf-8")
    kept = """---
title: grep
description: grep — print lines that match patterns.
generated: {by: wikid/0.1.0}
sources:
- {id: news, resource: /archive/grep-NEWS.txt, title: GNU grep NEWS, text: /archive/grep-NEWS-extracted.txt}
---

# Recent Changes

## 3.10 — 2023-03-22

* With -P, `\\d` now matches only ASCII digits, regardless of PCRE options.
"""
    (wiki / "archive" / "ssh-extracted.txt").write_text(
        "**NAME**\n\n**ssh** — OpenSSH\nremote login client\n\n**SYNOPSIS**\n\n**ssh**\n[**-46AaC**]\n"
        "[**-B***bind\\_interface*]\n\n**DESCRIPTION**\n", encoding="utf-8")
    man = """---
title: ssh
generated: {by: wikid/0.1.0}
sources:
- {id: ssh, resource: /archive/ssh.html, title: ssh, text: /archive/ssh-extracted.txt}
---

**ssh** — OpenSSH remote login client.

```
ssh [-46AaC] [-B bind_interface]
```

# Sources

* ssh — OpenSSH remote login client — Manual page.
"""
    (wiki / "command").mkdir()
    (wiki / "command" / "grep.md").write_text(kept, encoding="utf-8")
    (wiki / "command" / "ssh.md").write_text(man, encoding="utf-8")
    (wiki / "command" / "ssh-digest.md").write_text(man.replace("**ssh** — OpenSSH remote login client.", "ssh."),
                                                    encoding="utf-8")  # a second page citing it, without the NAME
    (wiki / "command" / "index.md").write_text("# index\n", encoding="utf-8")
    figures = pq.measure_wiki(wiki)
    assert figures["pages"] == 3 and figures["sources"] == 2
    facts = {(f.kind, f.expected): f.kept for f in figures["facts"]}
    assert facts == {
        ("man_name", "ssh - OpenSSH remote login client"): True,  # on one of the two pages citing it
        ("man_synopsis", "ssh [-46AaC] [-Bbind_interface]"): True,  # `-B bind_interface` on the page
        ("newest_version", "3.10"): True,
        ("list_items", "with -p d now matches only ascii digits"): True,
        ("list_items", "fix a performance regression with many duplicate patterns"): False,
    }
    (wiki / "command" / "ssh.md").unlink()  # the Sources section alone does not keep a fact
    facts = {f.kind: f.kept for f in pq.measure_wiki(wiki)["facts"] if f.kind.startswith("man_")}
    assert facts == {"man_name": False, "man_synopsis": True}


# ---------------------------------------------------------------------------------------
# Text coverage

MANUAL = """FROB(1)                  User Commands                  FROB(1)

NAME
       frob - twist widgets into useful shapes for the workshop

OPTIONS
       -t, --twist=N
              Twist each widget N times before writing its shape to the
              standard output, counting from the widget's resting position.

              A widget twisted more often than its material allows breaks, and
              frob then reports the widget's name and skips the rest of it.
       -q, --quiet
              Print nothing but errors while twisting the widgets of a
              catalogue, however many of them there are in it.

   ```
   frob --twist=3 widget-one widget-two widget-three widget-four widget-five
   ```

       frob --twist=3 --quiet --catalogue=/etc/frob/shapes.conf w1.shape w2.shape w3.shape

* A list item long enough to be judged on its own, with a nested list under it:
  * a nested item long enough to be judged on its own, under the item above it.
"""


def test_text_chunks_are_paragraphs_and_items_without_headings_code_or_short_lines() -> None:
    # out: the headings, the NAME line (< 12 words), the fenced and the unfenced command lines (code)
    assert pq.text_chunks(MANUAL) == [
        "-t, --twist=N Twist each widget N times before writing its shape to the standard output, "
        "counting from the widget's resting position.",
        "A widget twisted more often than its material allows breaks, and frob then reports the widget's "
        "name and skips the rest of it.",
        "-q, --quiet Print nothing but errors while twisting the widgets of a catalogue, however many of them "
        "there are in it.",  # the next option, standing left of the text above it: its own item
        "* A list item long enough to be judged on its own, with a nested list under it:",
        "* a nested item long enough to be judged on its own, under the item above it.",
    ]
    # a changelog's older entries may be summarised: only its newest entry is judged
    news = NEWS + "\nThis paragraph of an older release says a good deal about what changed in it then.\n"
    assert not any("older release" in c for c in pq.text_chunks(pq.covered_text(news)))
    assert any("older release" in c for c in pq.text_chunks(news))


def test_text_coverage_keeps_a_paragraph_on_the_page_and_loses_one_that_is_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wiki = tmp_path / "wiki"
    (wiki / "archive").mkdir(parents=True)
    lost = ("The catalogue lists every shape a widget can take, one to a line, and frob reads it once "
            "before the first widget.")
    (wiki / "archive" / "frob-extracted.txt").write_text(
        f"# frob\n\n{lost}\n\n**When** a widget breaks, `frob` reports the name of the\n"
        "widget and goes on with the [next one](https://example.org/next) in the catalogue.\n", encoding="utf-8")
    (wiki / "command").mkdir()
    (wiki / "command" / "frob.md").write_text(f"""---
title: frob
generated: {{by: wikid/0.1.0}}
sources:
- {{id: frob, resource: /archive/frob.txt, title: frob, text: /archive/frob-extracted.txt}}
---

# Errors

* *When a widget breaks*, **frob** reports the name of the widget and goes on with the next one in the
  catalogue.

# Sources

* frob -- {lost}
""", encoding="utf-8")
    figures = pq.measure_wiki(wiki)
    chunks = {c.text[:20]: (c.kept, c.kept_by_lead) for c in figures["chunks"]}
    # the page keeps the second paragraph (its markup aside), the Sources section does not keep the first;
    # a lead as long as the page keeps the first paragraph whole and only a few words of the second
    assert chunks == {lost[:20]: (False, True), "**When** a widget br": (True, False)}
    row = pq.coverage_row("tiny", figures["chunks"])
    assert (row.figure, row.wikid, row.baseline) == ("tiny: text coverage, chunks kept (1/2)", 0.5, 0.5)
    pq.print_details("tiny", figures)
    assert f"lost tiny /archive/frob-extracted.txt [text, 22 words] on command/frob.md: {lost[:100]}" \
        in capsys.readouterr().err


# ---------------------------------------------------------------------------------------
# End to end


def test_the_benchmark_builds_a_tiny_corpus_and_reports_every_figure(tmp_path: Path) -> None:
    corpus = tmp_path / "tiny"
    (corpus / "input").mkdir(parents=True)
    (corpus / "input" / "frobnicate.1.txt").write_text(
        "FROBNICATE(1)                 User Commands                 FROBNICATE(1)\n\n"
        "NAME\n       frobnicate - twist widgets into useful shapes\n\n"
        "SYNOPSIS\n       frobnicate [-v] [--twist=N] WIDGET...\n\n"
        "DESCRIPTION\n       frobnicate twists each WIDGET given on the command line into a useful shape.\n"
        "       It reads the widget catalogue first and writes the shapes to standard output.\n\n"
        "OPTIONS\n       -v, --verbose\n              Print each widget as it is twisted.\n\n"
        "       --twist=N\n              Twist each widget N times (default 1).\n", encoding="utf-8")
    (corpus / "input" / "NEWS.txt").write_text(
        "frobnicate NEWS -- history of user-visible changes.\n\n"
        "* Noteworthy changes in release 2.10 (2026-03-01)\n\n"
        "- Widgets can now be twisted more than nine times in one run.\n"
        "- The catalogue is read lazily, which makes start-up much faster.\n\n"
        "* Noteworthy changes in release 2.9 (2025-11-02)\n\n"
        "- First release with a catalogue of widget shapes.\n", encoding="utf-8")
    (corpus / "input" / "README.md").write_text(
        "# frobnicate\n\nfrobnicate twists widgets into useful shapes for the workshop.\n\n"
        "## Installing\n\n"
        "- Download the latest release tarball from the project page.\n"
        "- Run make and make install as usual for autotools projects.\n"
        "- Read the manual page with man frobnicate after installing.\n", encoding="utf-8")
    (corpus / "truth.json").write_text(json.dumps({"frobnicate.1.txt": "frobnicate"}), encoding="utf-8")
    keep = tmp_path / "keep"
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", "--corpus", str(corpus), "--keep", str(keep),
                           "--details"], capture_output=True, text=True, timeout=240, cwd=BENCH.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {r["figure"]: r for r in json.loads(done.stdout.strip().splitlines()[-1])["rows"]}
    assert not [r for r in rows.values() if r["error"]], rows
    archived = sorted(p.name for p in (keep / "tiny" / "wiki" / "archive").iterdir())
    assert archived == ["NEWS-extracted.txt", "NEWS.txt", "README-extracted.txt", "README.md.orig",
                        "frobnicate.1-extracted.txt", "frobnicate.1.txt"], archived
    assert not list((keep / "tiny").rglob("truth.json"))  # the corpus's labels are not one of its documents

    def row(suffix: str) -> dict:
        [match] = [r for figure, r in rows.items() if figure.startswith("tiny (") and figure.endswith(suffix)]
        return match

    assert row(": pages judged")["wikid"] >= 1
    assert row(": inputs wikid failed on (left to retry)")["wikid"] == 0
    per_page = row(": defects per page")
    assert per_page["target"] and per_page["baseline"] == 0.3 and per_page["wikid"] >= 0
    for kind in pq.DEFECTS:
        assert row(f": defects per page, {kind}")["wikid"] >= 0
    # every source's facts were found: 1 NAME line, 1 SYNOPSIS, 1 newest version, 2 + 3 items
    for kind, count in {"man_name": 1, "man_synopsis": 1, "newest_version": 1, "list_items": 5}.items():
        [fact] = [r for figure, r in rows.items() if f"facts kept, {kind} (" in figure]
        assert fact["figure"].endswith(f"/{count})"), fact["figure"]
        assert 0 <= fact["wikid"] <= 1 and fact["target"] and fact["baseline"] == pq.FACT_TARGETS[kind]
    [covered] = [r for figure, r in rows.items() if ": text coverage, chunks kept (" in figure]
    assert 0 < covered["wikid"] <= 1 and 0 < covered["baseline"] <= 1 and not covered["target"]
    assert "3 sources" in done.stderr and "tiny (3 documents)" in done.stderr


def test_code_as_key_in_a_definition_table_flags_only_program_pieces() -> None:
    body = """| Command | Description |
|---|---|
| gpg -se -r Bob file | sign and encrypt for user Bob |
| command \\| getline var | pipes a record from command into var. |
| --trust-model {pgp\\|classic\\|tofu} | Set what trust model GnuPG should follow. |
| if (x) { y; } | A statement. |
| gpg --list-sigs --with-colons USERID \\| \\\\ | awk -F: '$1=="sig"' |
| $ make install | Installs the binaries. |
| \\\\ | a backslash |
| mt=01;31 | The colour of matched text (a setting whose value is SGR numbers). |
| x=1; y=2 | Two statements. |
| --extra-submit \\<file\\>\\[;\\<file\\>\\] | Submit extra files (an option and its arguments' syntax). |
"""
    assert pq.code_as_key(page(body)) == ["| if (x) { y; } | A statement. |",
                                          "| gpg --list-sigs --with-colons USERID \\| \\\\ | awk -F: '$1==\"sig\"' |",
                                          "| $ make install | Installs the binaries. |",
                                          "| x=1; y=2 | Two statements. |"]


def test_a_definition_list_as_bullets_is_judged_as_its_table_and_questions_are_whole() -> None:
    body = """# Operators

* **==, !=** — The expression a == b is true when a and b are equal.
* **if (x) { y; }** — A statement.

# Questions

* **I installed frob, but my shell does not find it. How can I run it from any folder?** — Add it to PATH.
* **This key goes on for many more words than any real key ever should have in it** — value
"""
    assert pq.code_as_key(page(body)) == ["* **if (x) { y; }** — A statement."]
    assert pq.fragment(page(body)) == [
        "* **This key goes on for many more words than any real key ever should have in it** — value"]


def test_two_terms_saying_the_same_of_themselves_is_no_repeat_but_two_paragraphs_are() -> None:
    said = "Keeps the window zoomed if it was zoomed before the command ran."
    body = f"# Commands\n\n* **resize-pane** — {said}\n* **swap-pane** — {said}\n\n{said}\n\n{said}\n"
    assert pq.repeated(page(body)) == [said]


def test_a_manual_pages_example_numbers_are_no_releases() -> None:
    """tbl's manual shows a column of `1`, `1.5`, `1.5.3` as example data: the bench
    took it for a changelog whose newest version, 1.5.3, the page lacked."""
    manual = "TBL(1)\n\n## NAME\n\ntbl - format tables for troff\n\n## DESCRIPTION\n\nExample:\n\n1\n1.5\n1.5.3\nabcde\n"
    assert pq.newest_version(manual) is None
    assert pq.newest_version("# NEWS\n\n1.5.3\n\n- Fixed a crash.\n\n1.5\n\n- First release.\n") == "1.5.3"


def test_unclosed_code_flags_a_fence_a_reference_kept_open() -> None:
    body = "* **Identity** — The filter.\n\n   ```\n   frob '.'\n   ```[^doc-1]\n\nAfter.\n"
    assert pq.unclosed_code(page(body)) == ["   ```"]
    assert pq.unclosed_code(page(body.replace("```[^doc-1]", "```"))) == []


def test_a_label_over_names_is_said_as_often_as_the_source_says_the_label() -> None:
    """A page sums up the members each class inherits (`Methods inherited from Base:
    close, flush.`) under every class the source gives that label to; said more often
    than the source says it, it is a repeat."""
    summary = "Methods inherited from Base: close, flush, rows, names, reset, seek."
    page = f"---\ntitle: frob\n---\n\n{summary}\n\nOther text here.\n\n{summary}\n"
    source = "Methods inherited from Base:\n\nclose(self)\n\nMethods inherited from Base:\n\nclose(self)\n"
    assert pq.repeated(page, (source,)) == []
    assert pq.repeated(page, ("Methods inherited from Base:\n\nclose(self)\n",)) == [summary]
