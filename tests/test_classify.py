"""Classification on disk: buckets, reason codes, junk skipping and hostile names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import billion_laughs_page, drop, page

from wikid import Action, Bucket, Project, Reason
from wikid.intake.classify import classify_markdown, classify_path
from wikid.intake.pipeline import classify_inputs


def outcomes(project: Project) -> dict[str, tuple[str, str | None]]:
    return {
        c.entry.rel: (str(c.result.bucket), str(c.result.reason) if c.result.reason else None)
        for c in classify_inputs(project.paths, project.config())
    }


def test_buckets_and_reason_codes(project: Project) -> None:
    drop(project, "vendors/acme.md", page("Vendor", "Acme"))
    drop(project, "Upper.MD", page())
    drop(project, "notes.markdown", page())
    drop(project, "plain.md", b"# Just a heading\n")
    drop(project, "contract.pdf", b"%PDF-1.7 ...")
    drop(project, "data.csv", b"a,b\n1,2\n")
    drop(project, "tool.exe", b"MZ")
    drop(project, "noext", b"data")
    drop(project, "index.md", page())
    drop(project, "sub/log.md", b"# log\n")
    drop(project, "INDEX.markdown", b"x")
    drop(project, "empty.txt", b"")
    drop(project, "blank.md", b"  \n\n")
    assert outcomes(project) == {
        "INDEX.markdown": ("ignored", "reserved"),
        "Upper.MD": ("conformant", None),
        "blank.md": ("ignored", "empty"),
        "contract.pdf": ("non_conformant", None),
        "data.csv": ("non_conformant", None),
        "empty.txt": ("ignored", "empty"),
        "index.md": ("ignored", "reserved"),
        "noext": ("ignored", "unsupported"),
        "notes.markdown": ("conformant", None),
        "plain.md": ("non_conformant", None),
        "sub/log.md": ("ignored", "reserved"),
        "tool.exe": ("ignored", "unsupported"),
        "vendors/acme.md": ("conformant", None),
    }


def test_order_is_sorted_nfc(project: Project) -> None:
    for name in ["b.md", "a/z.md", "Z.md", "a.md", "e\u0301t\u00e9.md"]:
        drop(project, name, page())
    rels = [c.entry.rel for c in classify_inputs(project.paths, project.config())]
    assert rels == sorted(rels)
    assert "\u00e9t\u00e9.md" in rels  # NFD name reported in NFC form


def test_junk_temp_hidden_and_user_ignores_are_skipped(project: Project) -> None:
    for name in [".DS_Store", "._x.md", "Thumbs.db", "desktop.ini", "__MACOSX/a.md", "@eaDir/b.md",
                 "a.md.part", "b.pdf.crdownload", "c.tmp", "~$report.docx", ".~lock.x.odt#", "x.swp",
                 ".#x.md", ".hidden/page.md", "drafts/wip.md", "keep.md~"]:
        drop(project, name, page())
    (project.root / "wikid.yaml").write_text("ignore: ['drafts/*']\n")
    drop(project, "real.md", page())
    assert list(outcomes(project)) == ["real.md"]


def test_symlinks_fifos_and_linked_dirs_are_unsafe_and_never_followed(project: Project, tmp_path: Path) -> None:
    secret = tmp_path / "outside-secret.md"
    secret.write_bytes(page("Secret", "Outside"))
    outside_dir = tmp_path / "outside-dir"
    outside_dir.mkdir()
    (outside_dir / "inner.md").write_bytes(page())
    project.paths.input.mkdir(exist_ok=True)
    os.symlink(secret, project.paths.input / "link.md")
    os.symlink(outside_dir, project.paths.input / "linked-dir")
    os.mkfifo(project.paths.input / "pipe.md")
    result = outcomes(project)
    assert result == {
        "link.md": ("ignored", "unsafe"),
        "linked-dir": ("ignored", "unsafe"),
        "pipe.md": ("ignored", "unsafe"),
    }
    report = project.update()
    assert {f.input for f in report.files if f.reason == Reason.UNSAFE} == set(result)
    assert secret.read_bytes() == page("Secret", "Outside")
    assert (outside_dir / "inner.md").exists()
    assert not any(project.paths.wiki.rglob("inner.md")) and not (project.paths.wiki / "link.md").exists()


def test_names_with_newline_or_invalid_utf8_are_unsafe(project: Project) -> None:
    drop(project, "line\nbreak.md", page())
    bad = os.fsencode(project.paths.input) + b"/bad\xff.md"
    with open(bad, "wb") as fh:
        fh.write(page())
    report = project.update()
    got = {f.input: (f.action, f.reason) for f in report.files}
    assert got == {"bad\\xff.md": (Action.IGNORED, Reason.UNSAFE), "line\\nbreak.md": (Action.IGNORED, Reason.UNSAFE)}
    assert all("rename the file" in f.message for f in report.files)
    assert os.path.exists(bad) and (project.paths.input / "line\nbreak.md").exists()


def test_names_with_spaces_and_unicode_are_ingested(project: Project) -> None:
    drop(project, "Meeting notes/Café résumé 会议.md", page("Meeting", "Café"))
    report = project.update()
    assert [(f.action, f.page) for f in report.files] == [(Action.CREATED, "Meeting notes/Café résumé 会议.md")]
    index = (project.paths.wiki / "Meeting notes" / "index.md").read_text()
    assert "(Caf%C3%A9%20r%C3%A9sum%C3%A9%20%E4%BC%9A%E8%AE%AE.md)" in index


def test_non_utf8_markdown_is_non_conformant_with_a_clear_message(project: Project) -> None:
    drop(project, "latin1.md", "---\ntype: Note\ntitle: Café\n---\n".encode("latin-1"))
    [item] = classify_inputs(project.paths, project.config())
    assert item.result.bucket == Bucket.NON_CONFORMANT
    assert "not valid UTF-8 (byte 0xe9 at offset" in item.result.message


def test_list_frontmatter_and_billion_laughs_are_non_conformant(project: Project) -> None:
    drop(project, "list.md", b"---\n- a\n---\nbody\n")
    drop(project, "bomb.md", billion_laughs_page())
    result = {c.entry.rel: c.result for c in classify_inputs(project.paths, project.config())}
    assert result["list.md"].bucket == Bucket.NON_CONFORMANT
    assert "frontmatter is a list, not a mapping" in result["list.md"].message
    assert result["bomb.md"].bucket == Bucket.NON_CONFORMANT
    assert "YAML bomb" in result["bomb.md"].message


def test_too_large_uses_the_configured_cap(project: Project) -> None:
    (project.root / "wikid.yaml").write_text("limits:\n  max_file_mb: 0.001\n")
    drop(project, "big.md", page(body="x" * 5000))
    drop(project, "small.md", page())
    result = outcomes(project)
    assert result == {"big.md": ("ignored", "too_large"), "small.md": ("conformant", None)}


def test_unreadable_file_is_io_failed_and_stays(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    target = drop(project, "locked.md", page())
    drop(project, "fine.md", page())
    if os.geteuid() != 0:
        target.chmod(0)
    else:  # root reads anything: make the read itself fail as an unreadable disk would
        import wikid.intake.pipeline as pipeline

        real = pipeline.read_regular

        def failing(path: Path, max_bytes: int | None = None):  # type: ignore[no-untyped-def]
            if Path(path) == target:
                raise PermissionError(13, "Permission denied")
            return real(path, max_bytes)

        monkeypatch.setattr(pipeline, "read_regular", failing)
    report = project.update()
    got = {f.input: (f.action, f.reason, f.message) for f in report.files}
    assert got["locked.md"] == (Action.IGNORED, Reason.IO_FAILED, "cannot be read: Permission denied")
    assert got["fine.md"][0] == Action.CREATED
    target.chmod(0o644)
    assert target.read_bytes() == page()


def test_pure_classifiers_agree_with_reason_table() -> None:
    assert classify_path("a.md", 10, 100) is None
    assert classify_path("a.md", 101, 100).reason == Reason.TOO_LARGE  # type: ignore[union-attr]
    assert classify_path("a.docx", 10, 100).bucket == Bucket.NON_CONFORMANT  # type: ignore[union-attr]
    reserved = classify_markdown("archive/x.md", page())
    assert reserved.reason == Reason.RESERVED and "input/archive/" in reserved.message
    assert classify_markdown("archive.md", page()).bucket == Bucket.CONFORMANT
