from conftest import billion_laughs_page

from wikid.okf.frontmatter import conformance_error, parse_frontmatter, split_frontmatter


def test_plain_page_parses_with_body_offset() -> None:
    text = "---\ntype: Vendor\ntitle: Acme\n---\nBody\n"
    fm = parse_frontmatter(text)
    assert fm.data == {"type": "Vendor", "title": "Acme"}
    assert text[fm.body_start :] == "Body\n"
    assert conformance_error(fm) is None


def test_bom_and_crlf_are_tolerated() -> None:
    fm = parse_frontmatter("\ufeff---\r\ntype: Vendor\r\n---\r\nBody\r\n")
    assert fm.type == "Vendor"


def test_missing_and_unterminated_frontmatter_say_which() -> None:
    assert "no YAML frontmatter" in (parse_frontmatter("# Title\n").error or "")
    assert "not terminated" in (parse_frontmatter("---\ntype: x\nbody\n").error or "")


def test_closing_line_at_end_of_file_without_newline() -> None:
    assert parse_frontmatter("---\ntype: x\n---").type == "x"


def test_list_frontmatter_is_not_a_mapping() -> None:
    assert parse_frontmatter("---\n- a\n- b\n---\n").error == "frontmatter is a list, not a mapping of keys"


def test_empty_frontmatter_is_not_a_mapping() -> None:
    assert "empty" in (parse_frontmatter("---\n---\nbody").error or "")


def test_type_must_be_a_non_empty_string() -> None:
    assert conformance_error(parse_frontmatter("---\ntitle: x\n---\n")) == "frontmatter has no `type` key"
    for bad in ('type: ""', "type: 3", "type: [a]", "type:   "):
        assert "empty or not a string" in (conformance_error(parse_frontmatter(f"---\n{bad}\n---\n")) or ""), bad


def test_invalid_yaml_and_tabs_report_a_yaml_error() -> None:
    assert "not valid YAML" in (parse_frontmatter("---\ntype: [unclosed\n---\n").error or "")
    assert "not valid YAML" in (parse_frontmatter("---\n\ttype: x\n---\n").error or "")


def test_billion_laughs_is_rejected_not_expanded() -> None:
    fm = parse_frontmatter(billion_laughs_page().decode())
    assert fm.data is None
    assert "YAML bomb" in (fm.error or "")


def test_recursive_alias_is_rejected() -> None:
    assert "YAML bomb" in (parse_frontmatter("---\na: &a [*a]\ntype: x\n---\n").error or "")


def test_modest_aliases_are_fine() -> None:
    fm = parse_frontmatter("---\nbase: &b {x: 1}\nother: *b\ntype: Note\n---\n")
    assert fm.type == "Note" and fm.data is not None and fm.data["other"] == {"x": 1}


def test_text_field_collapses_whitespace_and_ignores_non_strings() -> None:
    fm = parse_frontmatter("---\ntype: x\ndescription: |\n  two\n  lines\ntitle: 5\n---\n")
    assert fm.text("description") == "two lines"
    assert fm.text("title") == ""


def test_split_requires_dashes_on_first_line() -> None:
    assert split_frontmatter("\n---\ntype: x\n---\n") is None
    assert split_frontmatter("--- \ntype: x\n---  \nb") == ("type: x\n", len("--- \ntype: x\n---  \n"))
