"""`wikid lint`: one trigger / non-trigger pair per code, links, fixes, CLI, corpus, wikid's own wikis."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS, FIXED_NOW, billion_laughs_page, drop, tree_bytes

from wikid import Project, ProjectLocked
from wikid.lock import ProjectLock
from wikid.okf.bundle import regenerate_indexes, walk_bundle
from wikid.okf.lint import CODES, ERROR, INFO, WARNING, LintReport, fix_bundle, lint, lint_bundle, walk
from wikid.okf.lint_checks import timestamp_edits
from wikid.okf.lint_markdown import blank_code, find_links, resolve_link

BUNDLES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else []


def page(type_: str = "Note", title: str = "A page", body: str = "Body text.\n", extra: str = "") -> str:
    return f"---\ntype: {type_}\ntitle: {title}\n{extra}---\n\n{body}"


def build(root: Path, files: dict[str, str | bytes], indexes: bool = True, after: dict[str, str | bytes] | None = None) -> Path:
    """Write `files`, generate every index.md (unless told not to), then write `after`."""
    root.mkdir(parents=True, exist_ok=True)

    def write(items: dict[str, str | bytes]) -> None:
        for rel, content in items.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content.encode() if isinstance(content, str) else content)

    write(files)
    if indexes:
        regenerate_indexes(root)
    write(after or {})
    return root


def codes(root: Path) -> list[str]:
    return [f.code for f in lint_bundle(root).findings]


def show(report: LintReport) -> str:
    return "\n".join(f"{f.file}:{f.line}: {f.severity} {f.code} {f.message}" for f in report.findings)


# --- one trigger and one non-trigger per code ----------------------------------------------

GOOD_PAGE = {"a.md": page(title="Alpha"), "b.md": page(title="Beta", body="See [Alpha](/a.md).\n")}
SOURCED = "sources:\n- id: src\n  resource: /archive/src.pdf\n  title: Source\n"

# code -> (files that trigger it, files that do not, build options)
Case = tuple[dict[str, str | bytes], dict[str, str | bytes], dict[str, object]]
CASES: dict[str, Case] = {
    "NOT_UTF8": (
        {"a.md": b"---\ntype: Note\ntitle: A\n---\n\ncaf\xe9\n"},
        {"a.md": "---\ntype: Note\ntitle: A\n---\n\ncafé\n"},
        {},
    ),
    "FRONTMATTER_MISSING": ({"a.md": "# Alpha\n\nNo frontmatter.\n"}, {"a.md": page()}, {}),
    "FRONTMATTER_UNTERMINATED": ({"a.md": "---\ntype: Note\n\nBody.\n"}, {"a.md": page()}, {}),
    "FRONTMATTER_INVALID": (
        {"a.md": "---\ntype: Note\ntitle: Acme: the company\n---\n"},
        {"a.md": "---\ntype: Note\ntitle: 'Acme: the company'\n---\n"},
        {},
    ),
    "FRONTMATTER_NOT_MAPPING": ({"a.md": "---\n- type\n- Note\n---\n"}, {"a.md": page()}, {}),
    "TYPE_MISSING": ({"a.md": "---\ntitle: A\n---\n"}, {"a.md": page()}, {}),
    "TYPE_EMPTY": ({"a.md": "---\ntitle: A\ntype: ''\n---\n"}, {"a.md": "---\ntitle: A\ntype: Note\n---\n"}, {}),
    "INDEX_FRONTMATTER": (
        {"sub/a.md": page()},
        {"sub/a.md": page()},
        {"after_bad": {"sub/index.md": '---\nokf_version: "0.2"\n---\n# Sub Index\n\n* [A page](a.md)\n'}},
    ),
    "LOG_DATE_HEADING": (
        {**GOOD_PAGE, "log.md": "# Log\n\n## July 1, 2026\n\n* **Update**: x.\n"},
        {**GOOD_PAGE, "log.md": "# Log\n\n## 2026-07-01\n\n* **Update**: x.\n\n### Details\n\n```\n## not a heading\n```\n"},
        {},
    ),
    "BROKEN_LINK": (
        {**GOOD_PAGE, "c.md": page(title="Gamma", body="See [nothing](/nope.md).\n")},
        {**GOOD_PAGE, "c.md": page(title="Gamma", body="See [b](b.md#part), [a](/a.md?x=1), [web](https://x.org/nope.md), "
                                   "`[code](/nope.md)` and [top](#top).\n\n```\n[fenced](/nope.md)\n```\n")},
        {},
    ),
    "ARCHIVE_SOURCE_MISSING": (
        {"a.md": page(extra=SOURCED, body="Claim.[^src]\n\n[^src]: Source\n")},
        {"a.md": page(extra=SOURCED, body="Claim.[^src]\n\n[^src]: Source\n"), "archive/src.pdf": b"%PDF"},
        {},
    ),
    "FOOTNOTE_NO_SOURCE": (
        {"a.md": page(extra=SOURCED, body="Claim.[^other]\n\n[^other]: Somewhere\n"), "archive/src.pdf": b"%PDF"},
        # code, and `\[^\]` (a man page's `-o [^]option`, escaped), are not footnotes
        {"a.md": page(extra=SOURCED, body="Claim.[^src]\n\n[^src]: Source\n\n`[^not-a-note]`\n\n"
                                          "| -o \\[^\\]mount-option | Set options. |\n"), "archive/src.pdf": b"%PDF"},
        {},
    ),
    "TIMESTAMP_NO_OFFSET": (
        {"a.md": page(extra="generated: {by: 'human:ann', at: '2026-06-30T14:00:00'}\n")},
        {"a.md": page(extra="generated: {by: 'human:ann', at: '2026-06-30T14:00:00+02:00'}\nstale_after: 2026-09-23\n")},
        {},
    ),
    "TIMESTAMP_INVALID": (
        {"a.md": page(extra="generated: {by: 'human:ann', at: yesterday}\n")},
        {"a.md": page(extra="generated: {by: 'human:ann', at: 2026-06-30T14:00:00Z}\n")},
        {},
    ),
    "INDEX_STALE": (
        {"a.md": page(title="Alpha")},
        {"a.md": page(title="Alpha")},
        {"after_bad": {"a.md": page(title="Alpha renamed")}},
    ),
    "DUPLICATE_TITLE": (
        {"a.md": page(title="Acme"), "x/b.md": page(title="ACME")},
        {"a.md": page(title="Acme"), "x/b.md": page(title="Acme Holdings")},
        {},
    ),
    "CONFLICT_UNRESOLVED": (
        {"a.md": page(body="# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
                           "| Terms | 30 days | x | undated | unverified |\n| Terms | 45 days | y | undated | unverified |\n")},
        {"a.md": page(body="# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
                           "| Terms | 30 days | x | 2024-03-01 | superseded |\n| Terms | 45 days | y | 2025-02-10 | canonical |\n\n"
                           "The word unverified in prose is fine.\n")},
        {},
    ),
    "OKF_VERSION_UNQUOTED": (
        {"a.md": page()},
        {"a.md": page()},
        {"after_bad": {"index.md": "---\nokf_version: 0.2\n---\n# Wiki Index\n\n* [A page](a.md)\n"}},
    ),
    "OKF_VERSION_UNKNOWN": (
        {"a.md": page()},
        {"a.md": page()},
        {"after_bad": {"index.md": '---\nokf_version: "9.1"\n---\n# Wiki Index\n\n* [A page](a.md)\n'}},
    ),
    "LOG_DATE_ORDER": (
        {**GOOD_PAGE, "log.md": "# Log\n\n## 2026-06-01\n\n* a\n\n## 2026-07-01\n\n* b\n"},
        {**GOOD_PAGE, "log.md": "# Log\n\n## 2026-07-01\n\n* b\n\n## 2026-06-01\n\n* a\n"},
        {},
    ),
    "UNREADABLE": ({"a.md": page()}, {"a.md": page()}, {"unreadable": "a.md"}),
    "LEGACY_TIMESTAMP": (
        {"a.md": page(extra="timestamp: '2026-05-28T22:53:05+00:00'\n")},
        {"a.md": page(extra="generated: {by: 'human:ann', at: '2026-05-28T22:53:05+00:00'}\n")},
        {},
    ),
    "LEGACY_CITATIONS": (
        {"a.md": page(body="Text.\n\n# Citations\n- https://example.com/doc\n")},
        {"a.md": page(body="Text.\n\n```markdown\n# Citations\n```\n")},
        {},
    ),
    "ORPHAN_PAGE": (
        {"a.md": page(title="Alpha"), "b.md": page(title="Beta")},
        {"a.md": page(title="Alpha"), "b.md": page(title="Beta")},
        {"no_index_bad": True},
    ),
    "INDEX_MISSING": ({**GOOD_PAGE}, {**GOOD_PAGE}, {"no_index_bad": True}),
}


def test_every_code_has_a_case() -> None:
    assert set(CASES) == set(CODES)
    assert {c.severity for c in CODES.values()} == {ERROR, WARNING, INFO}


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_triggers_on_minimal_bundle_and_not_on_its_fixed_twin(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad_files, good_files, options = CASES[code]
    bad = build(tmp_path / "bad", bad_files, indexes=not options.get("no_index_bad"),
                after=options.get("after_bad"))  # type: ignore[arg-type]
    good = build(tmp_path / "good", good_files)
    if "unreadable" in options:
        import wikid.okf.lint as lint_module

        real = lint_module.read_regular
        target = str(bad / str(options["unreadable"]))

        def failing(path: Path, max_bytes: int | None = None):  # type: ignore[no-untyped-def]
            if str(path) == target:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, max_bytes)

        monkeypatch.setattr(lint_module, "read_regular", failing)

    bad_report = lint_bundle(bad)
    hits = [f for f in bad_report.findings if f.code == code]
    assert hits, f"{code} not reported:\n{show(bad_report)}"
    for f in hits:
        assert f.severity == CODES[code].severity
        assert f.message and f.file
    assert bad_report.ok == (CODES[code].severity != ERROR)

    good_report = lint_bundle(good)
    assert good_report.findings == [], f"the fixed twin of {code} is not clean:\n{show(good_report)}"


# --- details of individual checks ---------------------------------------------------------


def test_errors_carry_lines_and_say_how_to_fix(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {
        "bad-yaml.md": "---\ntype: Note\ntitle: [unclosed\n---\n",
        "untyped.md": "---\ntitle: A\n---\n",
        "log.md": "# Log\n\n## 2026-07-01\n\n* ok\n\n## 2026-02-30\n\n* not a day\n",
    })
    by_code = {f.code: f for f in lint_bundle(root).findings}
    assert by_code["FRONTMATTER_INVALID"].line == 4 and "quote" in by_code["FRONTMATTER_INVALID"].message
    assert by_code["TYPE_MISSING"].line == 1 and "type: " in by_code["TYPE_MISSING"].message
    assert by_code["LOG_DATE_HEADING"].line == 7 and "2026-02-30" in by_code["LOG_DATE_HEADING"].message


def test_type_that_is_not_a_string_is_empty(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": "---\ntitle: A\ntype: [a, b]\n---\n"})
    (hit,) = [f for f in lint_bundle(root).findings if f.code == "TYPE_EMPTY"]
    assert hit.line == 3


def test_not_utf8_names_the_line_and_other_files_still_lint(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": b"---\ntype: Note\n---\nok\n\xff\n", "log.md": b"# Log\n\n## 2026-07-01\n\xfe\n"})
    hits = [(f.file, f.line) for f in lint_bundle(root).findings if f.code == "NOT_UTF8"]
    assert hits == [("a.md", 5), ("log.md", 4)]


def test_bom_and_crlf_pages_are_clean(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": "\ufeff---\r\ntype: Note\r\ntitle: A\r\n---\r\n\r\nSee [b](b.md).\r\n",
                                  "b.md": page(title="B")})
    report = lint_bundle(root)
    assert report.findings == [], show(report)


def test_non_root_index_frontmatter_is_an_error_but_root_index_may_carry_it(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"sub/a.md": page()})
    assert (root / "index.md").read_text().startswith('---\nokf_version: "0.2"\n---\n')
    assert codes(root) == []
    text = (root / "sub/index.md").read_text()
    (root / "sub/index.md").write_text("---\ntitle: x\n---\n" + text)
    report = lint_bundle(root)
    assert [(f.code, f.file, f.line) for f in report.findings if f.severity == ERROR] == [("INDEX_FRONTMATTER", "sub/index.md", 1)]
    assert report.errors == 1 and not report.ok


def test_root_index_with_broken_frontmatter_is_an_error(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page()}, after={"index.md": "---\nokf_version: [0.2\n---\n# Wiki Index\n"})
    assert "FRONTMATTER_INVALID" in codes(root)


def test_unquoted_known_version_is_only_unquoted_and_float_unknown_is_both(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page()}, after={"index.md": "---\nokf_version: 0.3\n---\n# Wiki Index\n"})
    assert {"OKF_VERSION_UNQUOTED", "OKF_VERSION_UNKNOWN"} <= set(codes(root))
    root2 = build(tmp_path / "c", {"a.md": page()}, after={"index.md": "---\nokf_version: 0.2\n---\n# Wiki Index\n"})
    assert "OKF_VERSION_UNKNOWN" not in codes(root2)


def test_log_without_date_headings_and_a_level_three_heading_is_fine(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {**GOOD_PAGE, "log.md": "# Wiki Update Log\n", "sub/log.md": "# Log\n\n## 2026-07-01\n\n### Notes\n"})
    assert codes(root) == []


def test_repeated_log_day_is_an_order_warning(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {**GOOD_PAGE, "log.md": "# Log\n\n## 2026-07-01\n\n* a\n\n## 2026-07-01\n\n* b\n"})
    report = lint_bundle(root)
    assert [(f.code, f.line) for f in report.findings] == [("LOG_DATE_ORDER", 7)]


LINKS_PAGE = """See [b](b.md), [up](../top.md), [dir](../sub/), [root](/), [encoded](/my%20notes/a%20%281%29.md),
[angle](<../top.md> "title"), [titled](b.md "The B"), ![img](/pics/x.png), [mail](mailto:a@b.c),
[ext](https://example.com/x.md), [proto](//cdn.example.com/x), [frag](#section), [b-frag](./b.md#x),
[ref link][r], [escaped \\] label](b.md) and [paren](wiki_(x).md).

[r]: /top.md
[^note]: A footnote definition is not a reference link.

Broken: [gone](missing.md), [gone-dir](../nodir/), [outside](../../outside.md), [abs-gone](/sub/missing.md#x)
    and `[in code](nope.md)` plus ``[double `code`](nope.md)``.

~~~
[tilde fence](nope.md)
~~~

  ```python
  [indented fence](nope.md)
  ```
"""


def test_link_forms_resolve_like_a_markdown_viewer(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {
        "top.md": page(title="Top"),
        "sub/a.md": page(title="A", body=LINKS_PAGE),
        "sub/b.md": page(title="B"),
        "sub/wiki_(x).md": page(title="X"),
        "my notes/a (1).md": page(title="Notes"),
        "pics/x.png": b"\x89PNG",
    })
    broken = [f for f in lint_bundle(root).findings if f.code == "BROKEN_LINK"]
    shown = sorted(f.message.split("`")[1] for f in broken)
    assert shown == ["../../outside.md", "../nodir/", "/sub/missing.md#x", "missing.md"], show(lint_bundle(root))
    assert {f.line for f in broken} == {14}
    assert any("leaves the bundle" in f.message for f in broken)


def test_markdown_helpers() -> None:
    assert blank_code("a `x` b\n```\ncode\n```\nc") == "a     b\n   \n    \n   \nc"
    assert [link.target for link in find_links("[a](x.md) [b]( <y z.md> ) [c](w.md 'T')")] == ["x.md", "y z.md", "w.md"]
    assert resolve_link("https://x", "") is None and resolve_link("#x", "d") is None and resolve_link("mailto:a", "") is None
    resolved = resolve_link("../b/c.md#frag", "a/x")
    assert resolved is not None and resolved.path == "a/b/c.md" and not resolved.outside
    assert resolve_link("/", "a").path == ""  # type: ignore[union-attr]


def test_archive_and_hidden_files_are_not_pages_but_are_link_targets(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {
        "a.md": page(body="Original: [pdf](/archive/docs/a.pdf), [md](archive/docs/a.md.orig).\n"),
        "archive/docs/a.pdf": b"%PDF",
        "archive/docs/a.md.orig": b"no frontmatter",
        "archive/docs/b.md": "no frontmatter, but archived\n",
        ".git/notes.md": "no frontmatter\n",
        ".draft.md": "no frontmatter\n",
        "deep/archive/c.md": page(title="Nested archive dirs are ordinary"),
    })
    report = lint_bundle(root)
    assert report.findings == [], show(report)
    assert report.checked == {"pages": 2, "indexes": 3, "logs": 0}


def test_walk_finds_the_same_concepts_as_the_index_generator(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {
        "a.md": page(), "x/y/b.md": page(), "x/log.md": "# Log\n", "archive/c.md": "x", ".h/d.md": "x",
        "e.MD": page(), "f.md.orig": "x",
    })
    (root / "link.md").symlink_to(root / "a.md")
    assert {p[:-3] for p in walk(root).pages} == set(walk_bundle(root).concept_ids)


def test_dangling_resource_outside_archive_is_not_checked(tmp_path: Path) -> None:
    extra = "resource: /tables/missing\nsources:\n- {resource: all queries in project X}\n- {resource: ../rel/path.md}\n"
    root = build(tmp_path / "b", {"a.md": page(extra=extra)})
    assert codes(root) == []


def test_wikid_extension_text_and_top_level_resource_under_archive_are_checked(tmp_path: Path) -> None:
    extra = ("resource: /archive/top.html\nsources:\n- id: s\n  resource: /archive/s.pdf\n"
             "  text: /archive/s-extracted.txt\n")
    root = build(tmp_path / "b", {"a.md": page(extra=extra), "archive/s.pdf": b"%PDF"})
    hits = [(f.line, f.message.split(" ")[0]) for f in lint_bundle(root).findings if f.code == "ARCHIVE_SOURCE_MISSING"]
    assert hits == [(4, "resource"), (8, "sources[0].text")]


def test_timestamp_fields_and_their_forms(tmp_path: Path) -> None:
    extra = (
        "generated: {by: x/1, at: 2026-06-30 14:00:00}\n"  # YAML datetime, naive
        "verified:\n- {by: 'human:a', at: '2026-06-30'}\n- {by: 'human:b', at: 2026-06-30T14:00:00Z}\n"
        "stale_after: '2026-09-23T00:00'\n"
        "sources:\n- {id: s, resource: 'https://x', last_modified: 2025-01-15}\n"
        "- {id: t, resource: 'https://y', last_modified: 'last week'}\n"
    )
    root = build(tmp_path / "b", {"a.md": page(extra=extra)})
    found = [(f.code, f.line, f.message.split(" ")[0]) for f in lint_bundle(root).findings]
    assert found == [
        ("TIMESTAMP_NO_OFFSET", 4, "generated.at"),
        ("TIMESTAMP_NO_OFFSET", 6, "verified[0].at"),
        ("TIMESTAMP_NO_OFFSET", 8, "stale_after"),
        ("TIMESTAMP_INVALID", 11, "sources[1].last_modified"),
    ]


def test_bare_verified_mapping_and_odd_shapes_do_not_crash(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {
        "a.md": page(extra="verified: {by: 'human:a', at: '2026-06-30T09:00'}\nsources: not-a-list\ngenerated: x\n",
                     body="Claim.[^x]\n"),
        "bomb.md": billion_laughs_page(),
        "deep.md": "---\ntype: Note\ngenerated: {by: x/1, at: '2026-06-30T09:00'}\nx: " + "[" * 5000 + "]" * 5000 + "\n---\n",
    })
    found = {(f.file, f.code) for f in lint_bundle(root).findings}
    assert ("a.md", "TIMESTAMP_NO_OFFSET") in found and ("a.md", "FOOTNOTE_NO_SOURCE") in found
    assert ("bomb.md", "FRONTMATTER_INVALID") in found
    assert ("deep.md", "TIMESTAMP_NO_OFFSET") in found or ("deep.md", "FRONTMATTER_INVALID") in found
    fix_bundle(root)  # deep nesting must not crash the fixer either


def test_conflict_is_reported_once_per_attribute_with_the_row_line(tmp_path: Path) -> None:
    body = ("Intro.\n\n# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
            "| Terms | 30 | a | undated | unverified |\n| Terms | 45 | b | undated | unverified |\n"
            "| Price | 7 | a | 2024-01-01 | superseded |\n| Price | 8 | b | 2025-01-01 | canonical |\n\n# Other\n\n"
            "| Status |\n|---|\n| unverified |\n")
    root = build(tmp_path / "b", {"a.md": page(body=body)})
    hits = [f for f in lint_bundle(root).findings if f.code == "CONFLICT_UNRESOLVED"]
    assert [(f.line, "Terms" in f.message, "2 values" in f.message) for f in hits] == [(12, True, True)]


def test_duplicate_title_points_to_the_first_page(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page(title="Acme"), "b.md": page(title="Acme"), "c.md": page(title=" acme ")})
    hits = [(f.file, f.line) for f in lint_bundle(root).findings if f.code == "DUPLICATE_TITLE"]
    assert hits == [("b.md", 3), ("c.md", 3)]
    assert all("/a.md" in f.message for f in lint_bundle(root).findings if f.code == "DUPLICATE_TITLE")


def test_pages_linked_only_from_other_pages_are_not_orphans(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page(body="[b](b.md) [self](a.md)"), "b.md": page(body="[a](/a.md)"),
                                  "c.md": page(body="[c](c.md)")}, indexes=False)
    orphans = [f.file for f in lint_bundle(root).findings if f.code == "ORPHAN_PAGE"]
    assert orphans == ["c.md"]


def test_findings_are_sorted_and_summarised(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {
        "z.md": page(body="[x](/x.md) [y](/y.md)"),
        "a.md": "no frontmatter\n",
    }, after={"index.md": "# Hand-written\n\n* [z](z.md)\n* [a](a.md)\n"})
    report = lint_bundle(root)
    keys = [(f.file, f.line or 0, f.code) for f in report.findings]
    assert keys == sorted(keys)
    assert report.summary() == "lint: 1 error, 3 warnings, 0 info (FRONTMATTER_MISSING 1, BROKEN_LINK 2, INDEX_STALE 1)"
    assert (report.errors, report.warnings, report.infos) == (1, 3, 0)


def test_json_schema(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page(body="[x](/x.md)")})
    data = json.loads(json.dumps(lint_bundle(root).to_dict()))
    assert set(data) == {"schema", "root", "ok", "summary", "counts", "codes", "checked", "findings", "fixes"}
    assert data["schema"] == 1 and data["ok"] is True and data["root"] == str(root.absolute())
    assert data["counts"] == {"error": 0, "warning": 1, "info": 0} and data["codes"] == {"BROKEN_LINK": 1}
    assert data["checked"] == {"pages": 1, "indexes": 1, "logs": 0}
    assert data["findings"] == [{"code": "BROKEN_LINK", "severity": "warning", "file": "a.md", "line": 6,
                                 "message": data["findings"][0]["message"]}]
    assert data["fixes"] == []


def test_missing_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        lint_bundle(tmp_path / "nope")


# --- --fix ---------------------------------------------------------------------------------


def test_fix_regenerates_stale_and_missing_indexes_and_reports_them(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page(title="Alpha"), "old/x.txt": "not a concept"},
                 after={"index.md": "# Hand-written\n", "old/index.md": "# Old\n"})
    (root / "sub").mkdir()
    (root / "sub/b.md").write_text(page(title="Beta"))
    before = lint_bundle(root)
    assert {(f.code, f.file) for f in before.findings} >= {("INDEX_STALE", "index.md"), ("INDEX_STALE", "old/index.md"),
                                                           ("INDEX_MISSING", "sub/index.md")}
    report = lint(root, fix=True)
    assert sorted((f.code, f.file, f.message) for f in report.fixes) == [
        ("INDEX_MISSING", "sub/index.md", "created index.md"),
        ("INDEX_STALE", "index.md", "regenerated index.md"),
        ("INDEX_STALE", "old/index.md", "removed index.md (its directory holds no concepts)"),
    ]
    assert report.findings == [], show(report)
    assert "3 fixes applied" in report.summary()
    assert fix_bundle(root) == []  # nothing left to do


def test_fix_normalises_naive_timestamps_and_keeps_every_other_byte(tmp_path: Path) -> None:
    original = (
        "\ufeff---\r\n"
        "type: Note   # a comment stays\r\n"
        "generated: {by: 'human:ann', at: '2026-06-30T14:00:00'}\r\n"
        "verified:\r\n  - by: process:nightly\r\n    at: 2026-07-01 02:00:00\r\n"
        "  - {by: 'human:bo', at: \"2026-07-02\"}\r\n"
        "stale_after: 2026-09-23\r\n"
        "timestamp: '2026-05-28T22:53:05'\r\n"
        "sources:\r\n- id: s\r\n  resource: https://x\r\n  last_modified: '2025-01-15T08:30'\r\n"
        "custom: {keep: [1, 2]}\r\n"
        "---\r\n\r\nBody at 2026-06-30T14:00:00 stays.\r\n"
    )
    root = build(tmp_path / "b", {"a.md": original.encode()})
    report = lint(root, fix=True)
    expected = (
        original.replace("at: '2026-06-30T14:00:00'}", "at: '2026-06-30T14:00:00Z'}")
        .replace("at: 2026-07-01 02:00:00", "at: '2026-07-01T02:00:00Z'")
        .replace('at: "2026-07-02"}', "at: '2026-07-02T00:00:00Z'}")
        .replace("timestamp: '2026-05-28T22:53:05'", "timestamp: '2026-05-28T22:53:05Z'")
        .replace("last_modified: '2025-01-15T08:30'", "last_modified: '2025-01-15T08:30:00Z'")
    )
    assert (root / "a.md").read_bytes() == expected.encode()
    assert [(f.code, f.line, f.message) for f in report.fixes] == [
        ("TIMESTAMP_NO_OFFSET", 3, "generated.at: '2026-06-30T14:00:00' -> '2026-06-30T14:00:00Z'"),
        ("TIMESTAMP_NO_OFFSET", 6, "verified[0].at: 2026-07-01 02:00:00 -> '2026-07-01T02:00:00Z'"),
        ("TIMESTAMP_NO_OFFSET", 7, "verified[1].at: \"2026-07-02\" -> '2026-07-02T00:00:00Z'"),
        ("TIMESTAMP_NO_OFFSET", 9, "timestamp: '2026-05-28T22:53:05' -> '2026-05-28T22:53:05Z'"),
        ("TIMESTAMP_NO_OFFSET", 13, "sources[0].last_modified: '2025-01-15T08:30' -> '2025-01-15T08:30:00Z'"),
    ]
    assert [f.code for f in report.findings] == ["LEGACY_TIMESTAMP"]


def test_fix_leaves_invalid_timestamps_and_clean_files_alone(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page(extra="generated: {by: x/1, at: soon}\n"), "b.md": page(title="B")})
    (root / "b.md").chmod(0o640)
    before = tree_bytes(root)
    mtimes = {p: (root / p).stat().st_mtime_ns for p in before}
    report = lint(root, fix=True)
    assert report.fixes == [] and [f.code for f in report.findings] == ["TIMESTAMP_INVALID"]
    assert tree_bytes(root) == before
    assert {p: (root / p).stat().st_mtime_ns for p in before} == mtimes


def test_fix_keeps_file_mode(tmp_path: Path) -> None:
    root = build(tmp_path / "b", {"a.md": page(extra="generated: {by: x/1, at: '2026-06-30T14:00'}\n")})
    (root / "a.md").chmod(0o600)
    fixes = fix_bundle(root)
    assert [f.code for f in fixes] == ["TIMESTAMP_NO_OFFSET"]
    assert (root / "a.md").stat().st_mode & 0o777 == 0o600
    assert timestamp_edits((root / "a.md").read_text()) == []


# --- the corpus and wikid's own wikis ----------------------------------------------------------


@pytest.mark.skipif(not BUNDLES, reason="../shared/corpus/okf/ is not present")
@pytest.mark.parametrize("bundle", BUNDLES)
def test_real_bundles_have_no_errors(bundle: str) -> None:
    before = tree_bytes(CORPUS / bundle)
    report = lint_bundle(CORPUS / bundle)
    print(f"\n[{bundle}] {report.summary()}\n{show(report)}")
    assert report.errors == 0, show(report)
    assert report.checked["pages"] > 0
    assert tree_bytes(CORPUS / bundle) == before  # read in place, never written


def _dropped_wiki(tmp_path: Path) -> Project:
    project = Project(tmp_path / "proj")
    project.init()
    src = "sources:\n- id: acme-site\n  resource: https://acme.example.com\n  title: Acme website\n"
    drop(project, "vendors/acme.md", page(
        "Vendor", "Acme Corp", extra=src + "description: Hardware supplier.\n"
        "generated: {by: 'human:maya', at: '2026-06-30T14:00:00Z'}\n",
        body="Acme ships hardware.[^acme-site] See [Globex](/vendors/globex.md) and [the team](../teams/ops.md).\n\n"
             "[^acme-site]: Acme website\n").encode())
    drop(project, "vendors/globex.md", page("Vendor", "Globex", extra="description: Another supplier.\n",
                                            body="Competes with [Acme](acme.md).\n").encode())
    drop(project, "teams/ops.md", page("Team", "Operations", body="Runs the warehouse.\n").encode())
    drop(project, "notes/meeting-2026-07-01.txt",
         b"Ops weekly meeting, 1 July 2026\n\nAttendees: Maya, Erik.\nDecision: reorder bolts from Acme Corp.\n")
    drop(project, "notes/price-list.csv", b"item,price_eur\nbolt,0.10\nnut,0.05\n")
    report = project.update()
    assert report.files and all(f.action == "created" for f in report.files), [(f.input, f.message) for f in report.files]
    return project


def test_a_wiki_wikid_produced_lints_clean(tmp_path: Path) -> None:
    project = _dropped_wiki(tmp_path)
    report = project.lint()
    assert report.checked["pages"] >= 4
    assert (report.errors, report.warnings) == (0, 0), show(report)
    assert report.findings == [], show(report)


def test_the_sample_project_wiki_has_no_errors_or_warnings(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[1] / "sample-project" / "input"
    project = Project(tmp_path / "sample")
    project.init()
    shutil.copytree(sample, project.paths.input, dirs_exist_ok=True)
    project.update()
    report = project.lint()
    assert (report.errors, report.warnings) == (0, 0), show(report)


def test_project_lint_fix_takes_the_project_lock(tmp_path: Path) -> None:
    project = _dropped_wiki(tmp_path)
    assert project.lint(fix=True).fixes == []
    with ProjectLock(project.paths.lock):
        with pytest.raises(ProjectLocked):
            project.lint(fix=True)
        assert project.lint().ok  # read-only lint needs no lock


# --- command line --------------------------------------------------------------------------


def wikid(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WIKID_NOW": FIXED_NOW}
    return subprocess.run([sys.executable, "-m", "wikid", *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=cwd)


def test_cli_exit_codes_output_and_json(tmp_path: Path) -> None:
    clean = build(tmp_path / "clean", {"a.md": page(body="[gone](/gone.md)\n")})
    out = wikid("lint", str(clean))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "a.md:6: warning BROKEN_LINK link `/gone.md` points to /gone.md, no such file; correct the path or create the page",
        "lint: 0 errors, 1 warning, 0 info (BROKEN_LINK 1)",
    ]
    broken = build(tmp_path / "broken", {"a.md": "no frontmatter\n"})
    out = wikid("lint", str(broken), "--json")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["ok"] is False and data["counts"]["error"] == 1
    assert data["findings"][0]["code"] == "FRONTMATTER_MISSING" and data["findings"][0]["line"] == 1
    missing = wikid("lint", str(tmp_path / "nope"))
    assert missing.returncode == 1 and "not a directory" in missing.stderr


def test_cli_lints_the_project_wiki_and_fixes(tmp_path: Path) -> None:
    proj = tmp_path / "p"
    assert wikid("-C", str(proj), "init").returncode == 0
    (proj / "wiki" / "a.md").write_text(page(extra="generated: {by: x/1, at: '2026-06-30T14:00:00'}\n"))
    out = wikid("-C", str(proj), "lint")
    assert out.returncode == 0
    assert "warning TIMESTAMP_NO_OFFSET" in out.stdout and "warning INDEX_STALE" in out.stdout
    fixed = wikid("-C", str(proj), "lint", "--fix")
    assert fixed.returncode == 0, fixed.stderr
    assert fixed.stdout.splitlines() == [
        "a.md:4: fixed TIMESTAMP_NO_OFFSET generated.at: '2026-06-30T14:00:00' -> '2026-06-30T14:00:00Z'",
        "index.md: fixed INDEX_STALE regenerated index.md",
        "lint: 0 errors, 0 warnings, 0 info; 2 fixes applied",
    ]
    again = json.loads(wikid("-C", str(proj), "lint", "--json").stdout)
    assert again["findings"] == [] and again["fixes"] == []
    nowhere = wikid("-C", str(tmp_path / "nope"), "lint")
    assert nowhere.returncode == 1 and "does not exist" in nowhere.stderr


def test_project_fix_archives_the_page_it_rewrites(tmp_path: Path) -> None:
    from wikid import Project

    project = Project(tmp_path / "proj")
    project.init()
    before = b"---\ntype: Note\ntitle: Stamp\ngenerated:\n  by: human:ann\n  at: '2026-05-01T10:00:00'\n---\nBody.\n"
    (project.paths.wiki / "stamp.md").write_bytes(before)
    report = project.lint(fix=True)
    assert [f.code for f in report.fixes].count("TIMESTAMP_NO_OFFSET") == 1
    assert b"'2026-05-01T10:00:00Z'" in (project.paths.wiki / "stamp.md").read_bytes()
    assert (project.paths.archive / "stamp.md.orig").read_bytes() == before


def test_a_batch_lints_only_the_pages_it_wrote(tmp_path: Path) -> None:
    root = tmp_path / "wiki"
    (root / "d").mkdir(parents=True)
    (root / "d" / "new.md").write_text("---\ntype: Note\ntitle: New\n---\nSee [old](/d/old.md) and [gone](/d/gone.md).\n")
    (root / "d" / "old.md").write_text("no frontmatter: an error elsewhere in the wiki\n")
    subset = lint_bundle(root, ["d/new.md"])
    assert [(f.code, f.file) for f in subset.findings] == [("BROKEN_LINK", "d/new.md")]
    assert subset.checked["pages"] == 1
    whole = lint_bundle(root)
    assert {f.code for f in whole.findings} >= {"BROKEN_LINK", "FRONTMATTER_MISSING", "INDEX_MISSING"}


def test_a_batch_finds_a_title_an_existing_page_already_has(tmp_path: Path) -> None:
    """Issue 15 item 14: the batch's lint summary missed a title that duplicates an
    existing page's (`wikid lint` then reported DUPLICATE_TITLE)."""
    from conftest import drop, page

    from wikid import Project

    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "notes/acme.md", page(title="Acme Anvils"))
    project.update()
    drop(project, "vendors/acme.md", page(title="acme anvils"))
    report = project.update()
    assert report.lint is not None and "1 warning" in report.lint, report.lint
    whole = project.lint()
    assert [(f.code, f.file) for f in whole.findings] == [("DUPLICATE_TITLE", "vendors/acme.md")]
    batch = lint_bundle(project.paths.wiki, ["vendors/acme.md"], {"notes/acme": "Acme Anvils", "vendors/acme": "acme anvils"})
    assert [(f.code, f.file) for f in batch.findings] == [("DUPLICATE_TITLE", "vendors/acme.md")]
    assert "is also the title of /notes/acme.md" in batch.findings[0].message
