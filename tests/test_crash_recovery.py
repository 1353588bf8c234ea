"""I5: a batch interrupted anywhere in the manager step is finished or rolled back.

An exception that is not an error (it propagates like a kill would stop the
process) is raised at each step boundary of the manager step; the next run must
recover and produce exactly the wiki an uninterrupted run produces.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import assert_nothing_lost, drop, tree_bytes

import wikid.intake.managed as managed
from wikid import Action, Project


class Killed(BaseException):
    pass


DOCS = {
    "contracts/acme-2024.txt": b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n",
    "contracts/acme-2025.txt": b"Vendor: Acme Anvils\nDate: 2025-02-10\nPayment terms: 45 days\n",
    "hosts/alg-32.txt": b"Host: alg-32.example.net\nRole: database\nOwner: platform team\n",
    "notes/picnic.txt": b"The summer picnic is on the lawn behind building C. Bring blankets.\n",
}

# (function in wikid.intake.managed, which call, killed before or after it ran)
POINTS = [
    ("_claim", 1, "before"), ("_claim", 3, "before"),
    ("claim_original", 2, "after"), ("archive_bytes", 2, "after"), ("archive_bytes", 4, "after"),
    ("_previous_version", 1, "before"), ("_previous_version", 1, "after"),
    ("swap_page", 1, "before"), ("swap_page", 2, "after"), ("atomic_replace", 1, "after"),
    ("release_original", 1, "before"), ("release_original", 3, "after"),
    ("remove_superseded", 1, "before"), ("remove_superseded", 1, "after"),
    ("finish", 1, "before"),
]
EARLIER = {
    # a page the batch updates
    "updating-a-page": b"Vendor: Acme Anvils\nDate: 2023-01-05\nPayment terms: 15 days\n",
    # a page the batch merges into the vendor's page (removed once the batch's pages are written)
    "merging-a-page": b"Anvil maintenance\n\nAcme Anvils ships our anvils every spring. Acme Anvils repairs the cracked ones.\n",
}


def _run(tmp_path: Path, name: str, existing: str) -> Project:
    project = Project(tmp_path / name)
    project.init()
    if existing in EARLIER:
        drop(project, "earlier/acme.txt", EARLIER[existing])
        project.update()
    for rel, data in DOCS.items():
        drop(project, rel, data)
    return project


def _wiki_without_log(project: Project) -> dict[str, bytes]:
    return {k: v for k, v in tree_bytes(project.paths.wiki).items() if k != "log.md"}


@pytest.mark.slow
@pytest.mark.parametrize("existing", ["new-pages", *EARLIER])
@pytest.mark.parametrize(("function", "nth", "when"), POINTS, ids=[f"{f}-{n}-{w}" for f, n, w in POINTS])
def test_interrupted_batch_recovers_to_the_uninterrupted_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, function: str, nth: int, when: str, existing: str
) -> None:
    reference = _run(tmp_path, "reference", existing)
    merged = reference.update().pages_moved
    assert bool(merged) == (existing == "merging-a-page"), merged

    project = _run(tmp_path, "crashed", existing)
    real = getattr(managed, function)
    calls = {"n": 0}

    def killed_at(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == nth and when == "before":
            raise Killed
        result = real(*args, **kwargs)
        if calls["n"] == nth:
            raise Killed
        return result

    monkeypatch.setattr(managed, function, killed_at)
    try:
        project.update()
    except Killed:
        pass
    else:
        assert calls["n"] < nth
        pytest.skip(f"{function} is called fewer than {nth} times in this scenario")
    monkeypatch.setattr(managed, function, real)
    assert_nothing_lost(DOCS, project)

    report = project.update()
    assert report.recovery is not None or function == "finish" or not project.paths.journal.exists()
    assert not project.paths.journal.exists() and not project.paths.extract_staging.exists()
    assert not any(p.is_file() for p in project.paths.input.rglob("*"))
    assert_nothing_lost(DOCS, project)
    assert _wiki_without_log(project) == _wiki_without_log(reference)
    assert all(f.action != Action.RETRY for f in report.files)


def test_a_rollback_keeps_a_page_the_batch_left_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page the batch re-derives to the same bytes is not the batch's to undo: rolling
    the batch back once deleted it, since its bytes matched what the batch 'wrote'."""
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme.txt", b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n")
    drop(project, "notes/picnic.txt", b"Summer picnic\n\nThe picnic is on the lawn. Acme Anvils sent a cake.\n")
    project.update()
    page = project.paths.wiki / "vendor/acme-anvils.md"
    before = page.read_bytes()
    assert b"/topic/summer-picnic.md" in before  # the backlink is there already
    # A second note on the picnic mentions Acme Anvils again: the vendor page is
    # re-derived, unchanged.
    drop(project, "notes/picnic-2.txt", b"Summer picnic\n\nThe picnic moved to the hall. Acme Anvils sent a cake.\n")
    real = managed.swap_page

    def killed(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise Killed

    monkeypatch.setattr(managed, "swap_page", killed)
    with pytest.raises(Killed):
        project.update()
    monkeypatch.setattr(managed, "swap_page", real)
    journal = json.loads(project.paths.journal.read_text())
    assert "vendor/acme-anvils" not in journal["pages"]  # nothing to undo there
    project.update()
    assert page.read_bytes() == before
