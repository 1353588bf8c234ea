"""I6 under stress: one drop, processed in different orders, mtimes and batch splits.

With the offline engine and a fixed clock the wiki must come out byte-identical
(every page, index.md and the archive), whether the drop arrives as one batch or as
several; log.md, the history of the batches, says what the later ones updated too.
The drop mixes conformant pages, documents about the same entities in several
formats, documents that name other entities (so related-concept links run across
batches), conflicting values, and files that are ignored.
"""

from __future__ import annotations

import itertools
import os
import random
from pathlib import Path

import pytest
from conftest import tree_bytes, wiki_differences
from office_fixtures import make_docx, make_xlsx
from pdf_fixtures import make_pdf

from wikid import Project

pytestmark = pytest.mark.slow  # outside the fast subset (-m "not slow")

SAMPLE = Path(__file__).resolve().parents[2] / "sample-project" / "input"
ROLES = ["database", "web", "cache", "queue", "batch"]


def drop_contents(entities: int, seed: int) -> dict[str, bytes]:
    """The sample project's pages plus `entities` vendors and hosts, each described by
    several documents in several formats that name it, some naming each other.

    Every document states the name and kind of what it describes. Across batches,
    clustering is stable for such documents; a document that names nothing (a bare
    price list) can join a different page depending on what arrived before it —
    the limit of I6 noted in the README.
    """
    rng = random.Random(seed)
    files = {p.relative_to(SAMPLE).as_posix(): p.read_bytes() for p in SAMPLE.rglob("*") if p.suffix in (".md", ".bmp")}
    for i in range(entities):
        vendor = f"Vendor {chr(65 + i % 26)}{i} Holdings"
        partner = f"Vendor {chr(65 + (i + 1) % 26)}{(i + 1) % entities} Holdings"
        host = f"host-{i:03d}.example.net"
        files[f"vendors/v{i}/contract-{i}.txt"] = (
            f"Vendor: {vendor}\nDate: 2024-0{1 + i % 9}-1{i % 10}\nPayment terms: {30 + 15 * (i % 3)} days\n"
            f"Contact: buyer{i}@example.com\n\n{vendor} supplies parts together with {partner}.\n"
        ).encode()
        files[f"vendors/v{i}/update-{i}.docx"] = make_docx([
            f"Vendor: {vendor}", f"Date: 2025-0{1 + i % 9}-0{1 + i % 8}",
            f"Payment terms: {45 + 15 * (i % 2)} days", f"The renewed terms for {vendor} apply from spring.",
        ])
        files[f"vendors/v{i}/prices-{i}.pdf"] = make_pdf([
            f"Vendor: {vendor}\nDate: 2023-11-0{1 + i % 8}\nCurrency: EUR\nPrice list for {vendor} parts."
        ])
        files[f"hosts/{host}.txt"] = (
            f"Host: {host}\nRole: {ROLES[i % len(ROLES)]}\nOwner: team {i % 4}\nMaintained under the {vendor} contract.\n"
        ).encode()
        if i % 3 == 0:
            files[f"hosts/inventory-{i}.xlsx"] = make_xlsx({"Host": [["Attribute", "Value"], ["Host", host], ["RAM", f"{16 * (1 + i % 4)} GB"]]})
        if i % 4 == 0:
            files[f"pages/runbook-{i}.md"] = (
                f"---\ntype: Runbook\ntitle: Restart {host}\n---\nRestart {host} after {vendor} patches it.\n"
            ).encode()
        if i % 5 == 0:
            files[f"misc/ignored-{i}.exe"] = b"MZ" + bytes(rng.randrange(256) for _ in range(32))
    return files


def build(root: Path, files: dict[str, bytes], batches: int, seed: int) -> Project:
    """Drop `files` in `batches` random portions, each with random mtimes, updating after each."""
    rng = random.Random(seed)
    project = Project(root)
    project.init()
    order = sorted(files)
    rng.shuffle(order)
    cuts = sorted(rng.sample(range(1, len(order)), batches - 1)) if batches > 1 else []
    for portion in (order[a:b] for a, b in itertools.pairwise([0, *cuts, len(order)])):
        for rel in portion:
            path = project.paths.input / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[rel])
            stamp = rng.randrange(10**9, 2 * 10**9) * 10**9
            os.utime(path, ns=(stamp, stamp))
        report = project.update()
        assert not [f for f in report.files if f.action == "retry"], [f.message for f in report.files if f.action == "retry"]
    return project


@pytest.mark.parametrize(
    ("entities", "splits"),
    [pytest.param(4, [3], id="short"), pytest.param(40, [2, 5, 12], id="full", marks=pytest.mark.stress)],
)
def test_one_drop_gives_one_wiki_whatever_the_order_mtimes_and_batches(
    tmp_path: Path, entities: int, splits: list[int]
) -> None:
    files = drop_contents(entities, seed=entities)
    reference = build(tmp_path / "one-batch", files, 1, seed=1)
    wiki = tree_bytes(reference.paths.wiki)
    pages = [k for k in wiki if k.endswith(".md") and not k.startswith("archive/") and not k.endswith(("index.md", "log.md"))]
    related = [k for k in pages if b"# Related Concepts" in wiki[k]]
    assert len(related) >= entities, "the drop must exercise related-concept links"
    assert any(b"# Conflicts" in wiki[k] for k in pages), "the drop must exercise conflict tables"
    for n, batches in enumerate(splits):
        other = build(tmp_path / f"split-{batches}", files, batches, seed=100 + n)
        assert wiki_differences(wiki, tree_bytes(other.paths.wiki)) == [], f"{batches} batches differ from one"
        assert sorted(p.name for p in other.paths.input.rglob("*") if p.is_file()) == sorted(
            p.name for p in reference.paths.input.rglob("*") if p.is_file()
        ), "the same files are left in input/"
