"""The bundled sample project, end to end: every format, the offline engine, I6 and I7."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from conftest import drop, tree_bytes, tree_state

from wikid import Action, Project, Reason
from wikid.extract import ocr
from wikid.okf.bundle import walk_bundle
from wikid.okf.frontmatter import conformance_error, parse_frontmatter

SAMPLE = Path(__file__).resolve().parents[1] / "sample-project" / "input"


def _drop_sample(project: Project, order: list[Path], mtime: int) -> None:
    for source in order:
        target = project.paths.input / source.relative_to(SAMPLE)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        os.utime(target, (mtime, mtime))
        mtime += 7


def _sample_files() -> list[Path]:
    return sorted(p for p in SAMPLE.rglob("*") if p.is_file())


def test_same_drop_in_two_orders_gives_a_byte_identical_wiki(tmp_path: Path) -> None:
    """I6: input order and mtimes do not change a single byte of wiki/."""
    first, second = Project(tmp_path / "one"), Project(tmp_path / "two")
    for proj in (first, second):
        proj.init()
    _drop_sample(first, _sample_files(), 1_600_000_000)
    _drop_sample(second, list(reversed(_sample_files())), 1_700_000_000)
    first.update()
    second.update()
    assert tree_bytes(first.paths.wiki) == tree_bytes(second.paths.wiki)


def test_sample_project_becomes_a_conformant_wiki(tmp_path: Path) -> None:
    project = Project(tmp_path / "sample")
    project.init()
    _drop_sample(project, _sample_files(), 1_650_000_000)
    report = project.update()
    assert report.lint is not None and report.lint.startswith("lint: 0 errors"), report.lint
    by_input = {f.input: f for f in report.files}
    assert by_input["index.md"].reason == Reason.RESERVED
    logo = by_input["logo.bmp"]  # a 2x2 image: decorative when Tesseract can read images, else unsupported
    if ocr.tesseract():
        assert (logo.reason, logo.message) == (Reason.EMPTY, "a decorative image (2x2 px): no text to read"), logo
    else:
        assert logo.reason == Reason.UNSUPPORTED and "apt install tesseract-ocr" in logo.message, logo
    ingested = [f for f in report.files if f.action != Action.IGNORED]
    assert ingested and all(f.action == Action.CREATED for f in ingested), [(f.input, f.message) for f in ingested]
    remaining = sorted(p.relative_to(project.paths.input).as_posix() for p in project.paths.input.rglob("*") if p.is_file())
    assert remaining == ["index.md", "logo.bmp"]

    both = {by_input["contracts/bluestone-supply-agreement-2024.docx"].page,
            by_input["contracts/bluestone-terms-update-2025.pdf"].page}
    assert len(both) == 1, "the two Bluestone documents describe one vendor"
    vendor = (project.paths.wiki / str(both.pop())).read_text()
    assert "| Payment terms | 30 days | [^bluestone-supply-agreement-2024] | 2024-03-01 | superseded |" in vendor
    assert "| Payment terms | 45 days | [^bluestone-terms-update-2025] | 2025-02-10 | canonical |" in vendor

    concepts = walk_bundle(project.paths.wiki).concept_ids
    for concept_id in concepts:
        text = (project.paths.wiki / f"{concept_id}.md").read_text()
        assert conformance_error(parse_frontmatter(text)) is None, concept_id
        for target in _internal_links(text):
            assert (project.paths.wiki / target.lstrip("/")).exists(), (concept_id, target)

    before = tree_state(project.paths.wiki)
    again = project.update()
    assert {f.action for f in again.files} == {Action.IGNORED} and again.log_entries == 0
    assert tree_state(project.paths.wiki) == before


def _internal_links(text: str) -> list[str]:
    import re

    return re.findall(r"\]\((/[^)#\s]+)", text)


def test_a_data_files_values_reach_its_page_as_written(project: Project) -> None:
    """A CSV of terminal patterns (`*color*`, `con[0-9]*x[0-9]*`) showed them on its
    page as `color` and `con[0-9]x[0-9]`: the extracted table's stars were read back as
    emphasis. The page shows (and renders) every value whole."""
    import markdown_it

    from wikid.okf.page import split_page

    drop(project, "patterns.csv", b"name,value\nTERM,*color*\nTERM,con[0-9]*x[0-9]*\nHOOK,__init__\nTAG,<b>\n")
    project.update()
    [page_path] = [p for p in project.paths.wiki.rglob("*.md") if p.name not in ("index.md", "log.md")
                   and "archive" not in p.parts]
    body = split_page(page_path.read_text())[1]
    cells = {td.strip() for td in re.findall(r"<td>(.*?)</td>", markdown_it.MarkdownIt("commonmark").enable("table").render(body))}
    assert {"*color*", "con[0-9]*x[0-9]*", "__init__", "&lt;b&gt;"} <= cells
