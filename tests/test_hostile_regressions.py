"""Regressions found by the hostile-input corpus (tests/stress/test_hostile.py).

Each test pins one product fix: a deeply nested frontmatter crashed the process inside
libyaml, a repeated `type:` key was silently resolved, a long file name or path
failed a whole batch with ENAMETOOLONG half-way through, and a zip bomb that hit the
memory cap inside python-docx or openpyxl was reported as a damaged file.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import drop, page
from office_fixtures import make_docx

from wikid import Project
from wikid.config import LimitsConfig
from wikid.extract.runner import Extractor
from wikid.extract.text import extract
from wikid.intake.classify import Bucket, Reason
from wikid.intake.pipeline import classify_inputs
from wikid.intake.report import Action
from wikid.intake.scan import MAX_NAME_BYTES, PATH_HEADROOM, scan_input
from wikid.okf.frontmatter import MAX_NESTING, parse_frontmatter

DEEP_FLOW = "---\ntype: Note\nx: " + "[" * 100_000 + "]" * 100_000 + "\n---\nThe body of a deep page.\n"


def parse_in_child(text: str) -> str:
    """parse_frontmatter's error and hostile flag, computed in a child process, so a
    regression (libyaml's composer recursing into a segfault) fails the test instead of
    killing pytest."""
    code = ("from wikid.okf.frontmatter import parse_frontmatter; import sys; "
            "fm = parse_frontmatter(sys.stdin.read()); print(fm.error, fm.hostile)")
    done = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"exit status {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout.strip()


def test_deeply_nested_frontmatter_is_refused_without_crashing_the_process() -> None:
    """100,000 nested `[` overflowed libyaml's recursive composer: a segfault, not an error."""
    assert parse_in_child(DEEP_FLOW) == f"frontmatter nests more than {MAX_NESTING} levels deep True"


def test_every_shape_of_deep_nesting_is_bounded_and_ordinary_pages_are_not() -> None:
    refused = f"frontmatter nests more than {MAX_NESTING} levels deep True"
    compact = "---\ntype: Note\nx:\n" + "- " * 30_000 + "leaf\n---\n"
    mapping = "---\ntype: Note\nx: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n---\n"
    indented = "---\ntype: Note\n" + "".join(" " * i + f"k{i}:\n" for i in range(300)) + " " * 300 + "v\n---\n"
    for shape, text in (("compact", compact), ("mapping", mapping), ("indented", indented)):
        assert parse_in_child(text) == refused, shape
    ordinary = "---\ntype: Note\ntitle: A [draft] {x}\ntags: [a, b]\nsources:\n  - id: x\n    resource: /a\n---\n"
    assert parse_frontmatter(ordinary).data is not None


def test_a_deeply_nested_markdown_document_becomes_a_page_in_a_surviving_process(tmp_path: Path) -> None:
    """The document's frontmatter reached the offline engine's own YAML loader too."""
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "deep.md", DEEP_FLOW.encode())
    done = subprocess.run([sys.executable, "-m", "wikid", "-C", str(project.root), "update"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not (project.paths.input / "deep.md").exists()
    assert (project.paths.archive / "deep.md.orig").read_bytes() == DEEP_FLOW.encode()


def test_a_hostile_frontmatter_is_extracted_as_a_yaml_code_block() -> None:
    result = extract(DEEP_FLOW.encode(), ".md")
    assert result.text.startswith("```yaml\ntype: Note\nx: [[[")
    assert result.text.endswith("```\n\nThe body of a deep page.\n")
    assert result.warnings == (f"frontmatter nests more than {MAX_NESTING} levels deep: "
                               "it was not read and is kept as a code block",)
    plain = b"---\ntitle: no type\n---\nBody.\n"
    assert extract(plain, ".md").text == plain.decode()


def test_a_repeated_key_makes_frontmatter_invalid(project: Project) -> None:
    """PyYAML keeps the last `type:`; YAML 1.2 (and stricter OKF readers) refuse the page."""
    fm = parse_frontmatter("---\ntype: Note\ntitle: A\ntype: Person\n---\n")
    assert fm.data is None and "found duplicate key `type`" in (fm.error or "")
    assert "duplicate key `k`" in (parse_frontmatter("---\ntype: N\na: {k: 1, k: 2}\n---\n").error or "")
    merged = parse_frontmatter("---\nbase: &b {x: 1, y: 2}\nd:\n  <<: *b\n  x: 3\ntype: N\n---\n")
    assert merged.data == {"base": {"x": 1, "y": 2}, "d": {"x": 3, "y": 2}, "type": "N"}
    drop(project, "twice.md", b"---\ntype: Note\ntype: Person\n---\nBody.\n")
    [item] = classify_inputs(project.paths, project.config())
    assert item.result.bucket == Bucket.NON_CONFORMANT
    assert "duplicate key `type`" in item.result.message


def test_long_names_are_unsafe_and_do_not_fail_the_batch(project: Project) -> None:
    """A 255-byte name once raised ENAMETOOLONG for `.<name>.txt.wikid-….tmp` mid-batch."""
    longest = "a" * (MAX_NAME_BYTES - 4) + ".txt"
    too_long = "b" * 251 + ".txt"
    drop(project, longest, b"Vendor: Longest Name Ltd\nA name exactly at the limit is fine.\n")
    drop(project, too_long, b"Vendor: Too Long Ltd\nThis name leaves no room for derived names.\n")
    drop(project, "note.md", page(title="Beside them"))
    report = project.update()
    results = {r.input: r for r in report.files}
    assert results[too_long].reason == Reason.UNSAFE
    assert results[too_long].message.startswith("its name is 255 bytes long")
    assert results[longest].action == Action.CREATED
    assert results["note.md"].action == Action.CREATED
    assert (project.paths.input / too_long).exists()


def test_a_path_near_path_max_is_unsafe(project: Project) -> None:
    """The archive and staging paths are longer than the input's: near PATH_MAX they cannot exist."""
    path_max = os.pathconf(project.paths.input, "PC_PATH_MAX")
    base = os.fsencode(project.paths.input)
    fd = os.open(base, os.O_RDONLY | os.O_DIRECTORY)
    rel: list[str] = []
    used = len(base)
    while path_max - 20 - used > 260:
        os.mkdir("d" * 200, dir_fd=fd)
        child = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd, used = child, used + 201
        rel.append("d" * 200)
    name = "f" * (path_max - 20 - used - 5) + ".txt"
    os.close(os.open(name, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd))
    os.close(fd)
    [entry] = scan_input(project.paths.input)
    assert entry.rel == "/".join([*rel, name]) and entry.unsafe is not None
    assert f"paths of at most {path_max - PATH_HEADROOM} bytes" in entry.unsafe
    [result] = project.update().files
    assert result.reason == Reason.UNSAFE


def test_a_memory_error_inside_a_format_library_is_reported_as_the_memory_limit(tmp_path: Path) -> None:
    """python-docx wrapped the MemoryError of a 200 MB document.xml in its own failure:
    the report read like a damaged file and the worker that ran out of memory was kept."""
    with zipfile.ZipFile(io.BytesIO(make_docx(["seed"]))) as source:
        parts = {name: source.read(name) for name in source.namelist() if name != "word/document.xml"}
    bomb = tmp_path / "bomb.docx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
        with archive.open("word/document.xml", "w", force_zip64=True) as member:
            member.write(b'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
                         b'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>')
            for _ in range(200):
                member.write(b"a" * (1 << 20))
            member.write(b"</w:t></w:r></w:p></w:body></w:document>")
    after = tmp_path / "after.txt"
    after.write_bytes(b"still working")
    limits = LimitsConfig(max_file_mb=10, extract_timeout_seconds=60, extract_memory_mb=128)
    with Extractor(limits) as extractor:
        outcome = extractor.extract(bomb)
        assert outcome.reason == Reason.EXTRACTION_FAILED
        assert outcome.detail == "memory limit of 128 MB exceeded (limits.extract_memory_mb)"
        assert extractor._worker is None or not extractor._worker.alive()  # replaced, not reused
        assert extractor.extract(after).text == "still working"
