"""Where a sentence ends: the splitter every lead, option description and summary uses."""

from __future__ import annotations

import re

from wikid.document import sentences
from wikid.document.sentences import display_heading, first_sentence, spellings, split_sentences


def test_no_sentence_ends_after_an_abbreviation_or_an_initial() -> None:
    assert split_sentences("Use a filter, e.g. Gzip or xz. Then untar it.") == [
        "Use a filter, e.g. Gzip or xz.", "Then untar it."]
    assert split_sentences("Written by Smith et al. Revised in 2020. Done.") == [
        "Written by Smith et al. Revised in 2020.", "Done."]
    assert split_sentences("Ask J. Smith first. Then wait.") == ["Ask J. Smith first.", "Then wait."]


def test_no_sentence_ends_inside_parentheses() -> None:
    text = "Request the Certificate Status (aka. OCSP stapling) TLS extension. It is off by default."
    assert first_sentence(text) == "Request the Certificate Status (aka. OCSP stapling) TLS extension."


def test_an_option_at_the_end_of_a_sentence_ends_it() -> None:
    assert split_sentences("See also -C. The next option reads a file.") == [
        "See also -C.", "The next option reads a file."]
    assert split_sentences('He said "Stop." Then he left.') == ['He said "Stop."', "Then he left."]


def test_headings_drop_their_capitals_but_keep_acronyms_spellings_and_identifiers() -> None:
    spelled = spellings(["Start the SQLite shell over TCP.", "The SQLite shell reads its commands.", "Use X11."])
    assert spelled == {"sqlite": "SQLite", "tcp": "TCP"}
    assert display_heading("EXIT STATUS", spelled) == "Exit status"
    assert display_heading("SQLITE META-COMMANDS", spelled) == "SQLite meta-commands"
    assert display_heading("SSH-BASED VIRTUAL PRIVATE NETWORKS") == "SSH-based virtual private networks"
    assert display_heading("USING X11 FORWARDING") == "Using X11 forwarding"
    assert display_heading("OPT_APPEND_NEWLINE") == "OPT_APPEND_NEWLINE"
    assert display_heading("ASM<DIALECT>FLAGS") == "ASM<DIALECT>FLAGS"  # (a name's template: cmake's variables)
    assert display_heading("Already Mixed Case") == "Already Mixed Case"
    assert display_heading("2.1. NAME") == "2.1. Name"  # bzip2's manual showed `2.1. name`


def test_an_ellipsis_that_leaves_its_sentence_open_ends_nothing() -> None:
    assert split_sentences("It is not a fault, but ... If the file is damaged, fetch it again. Then retry.") == [
        "It is not a fault, but ... If the file is damaged, fetch it again.", "Then retry."]
    assert split_sentences("We waited a long time... The answer came.") == [
        "We waited a long time...", "The answer came."]


def test_a_long_word_only_ever_in_capitals_is_a_titles_shouting_not_a_spelling() -> None:
    known = spellings(["See MEMORY MANAGEMENT below.", "Use POSIX calls.", "Read UNICODE text with the JSON reader."])
    assert display_heading("MEMORY MANAGEMENT", known) == "Memory management"
    assert display_heading("POSIX THREADS AND UNICODE", known) == "POSIX threads and unicode"
    assert display_heading("JSON OUTPUT", known) == "JSON output"


def test_an_abbreviation_is_found_at_the_stop_of_a_long_run_of_text() -> None:
    # The abbreviation is looked for in the last characters before each stop only
    # (sentences._ABBREVIATION_TAIL): it must still be seen after long text, and the
    # tail must hold the pattern's longest match.
    opening = " ".join(["word"] * 400)
    assert split_sentences(f"{opening} approx. Ten more. Done.") == [f"{opening} approx. Ten more.", "Done."]
    assert split_sentences(f"{opening} by J. Smith. Done.") == [f"{opening} by J. Smith.", "Done."]
    assert split_sentences("A. Smith wrote it. Done.") == ["A. Smith wrote it.", "Done."]
    assert split_sentences(f"{opening}mr. Ten. Done.") == [f"{opening}mr.", "Ten.", "Done."]  # `\b` sees the word before
    widest = re._parser.parse(sentences._ABBREVIATION.pattern, sentences._ABBREVIATION.flags).getwidth()[1]  # type: ignore[attr-defined]
    assert widest + 1 <= sentences._ABBREVIATION_TAIL


def test_spellings_weigh_every_form_of_a_word_written_with_a_capital_inside() -> None:
    # `SQLite` once against `sqlite` twice is no spelling; four times in five is
    assert spellings(["SQLite sqlite", "sqlite"]) == {}
    assert spellings(["GnuPG GnuPG GnuPG GnuPG gnupg"]) == {"gnupg": "GnuPG"}
    assert spellings(["IPv6 IPv6 IPv6 IPv6 IPV6"]) == {"ipv6": "IPv6"}
    assert spellings(["IPv6 IPV6"]) == {}
