"""An in-memory deepagents backend confined to wiki concept pages (design §6, I4).

Nothing here touches the disk. The agent sees:

* `/extracts/<input-rel>.txt` — the batch's extracted texts, read-only;
* `/wiki/<concept>.md` — the existing concept pages handed in, read-only as files
  on disk, but the agent may write or edit a concept page: the new text goes to an
  in-memory overlay that the engine returns as drafted pages;
* `/large_tool_results/` and `/conversation_history/` — in-memory scratch space for
  deepagents' middleware (which writes there without asking permissions).

Every other write or edit is refused *in the backend* (not by permission globs,
which miss dotfiles): `/wiki/archive/`, `index.md`/`log.md` at any level, any dotfile
or dot-directory, `/input/`, `/.wikid/`, `..`, anything outside `/wiki/`. The backend
does not implement `delete`, so deepagents does not offer a delete tool at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deepagents.backends.protocol import (
    BackendProtocol,
    DeleteResult,
    EditResult,
    FileInfo,
    GlobResult,
    GrepResult,
    LsResult,
    ReadResult,
    WriteResult,
)
from deepagents.backends.utils import (
    _glob_search_files,
    create_file_data,
    file_data_to_string,
    grep_matches_from_files,
    perform_string_replacement,
    slice_read_response,
    update_file_data,
)

from wikid.okf.concept_id import concept_id_problem

SCRATCH_PREFIXES = ("/large_tool_results/", "/conversation_history/")
EXTRACTS = "/extracts/"
WIKI = "/wiki/"


def extract_path(input_rel: str) -> str:
    """Where the agent reads the extracted text of `input/<input_rel>`: under its own name
    (a model told of `x.txt` looks for `/extracts/x.txt`, never `x.txt.txt`)."""
    return f"{EXTRACTS}{input_rel}"


def write_problem(path: str) -> str | None:
    """Why the agent may not write `path`, or None when it is a wiki concept page."""
    if not isinstance(path, str) or "\\" in path or "\x00" in path:
        return "not a plain POSIX path"
    if not path.startswith(WIKI):
        return "only wiki concept pages (/wiki/<concept>.md) may be written"
    rel = path[len(WIKI):]
    if not rel.endswith(".md") or rel.endswith("/.md"):
        return "a concept page must end in lower-case .md"
    return concept_id_problem(rel[: -len(".md")])


class ConfinedBackend(BackendProtocol):
    """The agent's whole filesystem, in memory; writes allowed only to concept pages."""

    def __init__(self, extracts: Mapping[str, str], wiki_pages: Mapping[str, str], read_only: bool = False) -> None:
        """`extracts`: input_rel -> extracted text; `wiki_pages`: concept id -> page text;
        `read_only` (the reader agent): no page may be written either."""
        self.read_only = read_only
        self._base: dict[str, Any] = {}
        for rel, text in extracts.items():
            self._base[extract_path(rel)] = create_file_data(text)
        for concept_id, text in wiki_pages.items():
            self._base[f"{WIKI}{concept_id}.md"] = create_file_data(text)
        self._overlay: dict[str, Any] = {}  # /wiki/<id>.md written by the agent
        self._scratch: dict[str, Any] = {}  # middleware offloads
        self.refused: list[tuple[str, str]] = []  # (path, why), for reports and tests
        # `delete` stays unimplemented on the class, so deepagents hides its tool from the
        # model; a call made anyway (hallucinated or hostile) gets this refusal instead
        # of an exception that would fail the whole batch.
        self.delete = self._refuse_delete  # type: ignore[method-assign]

    # -- views ------------------------------------------------------------------
    def _files(self) -> dict[str, Any]:
        return {**self._base, **self._scratch, **self._overlay}

    def drafted_pages(self) -> dict[str, str]:
        """Concept id -> text of every page the agent wrote or edited."""
        return {
            path[len(WIKI): -len(".md")]: file_data_to_string(data)
            for path, data in sorted(self._overlay.items())
        }

    def _target(self, path: str) -> dict[str, Any] | str:
        """The dict a write to `path` goes to, or why it is refused."""
        if isinstance(path, str) and path.startswith(SCRATCH_PREFIXES) and ".." not in path.split("/"):
            return self._scratch
        problem = "this agent is read-only" if self.read_only else write_problem(path)
        if problem:
            self.refused.append((str(path), problem))
            return f"Error: writing {path} is not allowed: {problem}"
        return self._overlay

    # -- protocol -----------------------------------------------------------------
    def ls(self, path: str) -> LsResult:
        prefix = path if path.endswith("/") else path + "/"
        infos: list[FileInfo] = []
        subdirs: set[str] = set()
        for key, data in self._files().items():
            if not key.startswith(prefix):
                continue
            rest = key[len(prefix):]
            if "/" in rest:
                subdirs.add(prefix + rest.split("/", 1)[0] + "/")
            else:
                infos.append({"path": key, "is_dir": False, "size": len(file_data_to_string(data))})
        infos.extend(FileInfo(path=d, is_dir=True, size=0) for d in sorted(subdirs))
        infos.sort(key=lambda i: i.get("path", ""))
        return LsResult(entries=infos)

    def read(self, file_path: str, offset: int = 0, limit: int = 2000) -> ReadResult:
        data = self._files().get(file_path)
        if data is None:
            return ReadResult(error=f"File '{file_path}' not found")
        return slice_read_response(data, offset, limit)

    def write(self, file_path: str, content: str) -> WriteResult:
        target = self._target(file_path)
        if isinstance(target, str):
            return WriteResult(error=target)
        existing = self._files().get(file_path)
        target[file_path] = update_file_data(existing, content) if existing else create_file_data(content)
        return WriteResult(path=file_path)

    def edit(self, file_path: str, old_string: str, new_string: str, replace_all: bool = False) -> EditResult:
        target = self._target(file_path)
        if isinstance(target, str):
            return EditResult(error=target)
        data = self._files().get(file_path)
        if data is None:
            return EditResult(error=f"Error: File '{file_path}' not found")
        result = perform_string_replacement(file_data_to_string(data), old_string, new_string, replace_all)
        if isinstance(result, str):
            return EditResult(error=result)
        content, occurrences = result
        target[file_path] = update_file_data(data, content)
        return EditResult(path=file_path, occurrences=int(occurrences))

    def grep(self, pattern: str, path: str | None = None, glob: str | None = None, *, max_count: int | None = None) -> GrepResult:
        return grep_matches_from_files(self._files(), pattern, path if path is not None else "/", glob, max_count=max_count)

    def glob(self, pattern: str, path: str | None = None) -> GlobResult:
        files = self._files()
        try:
            result = _glob_search_files(files, pattern, path)
        except ValueError as exc:
            return GlobResult(error=str(exc))
        if result == "No files found":
            return GlobResult(matches=[])
        return GlobResult(matches=[
            {"path": p, "is_dir": False, "size": len(file_data_to_string(files[p])) if p in files else 0}
            for p in result.split("\n")
        ])

    def _refuse_delete(self, file_path: str) -> DeleteResult:
        self.refused.append((str(file_path), "nothing may be deleted"))
        return DeleteResult(error=f"Error: deleting {file_path} is not allowed: nothing may be deleted")

    # upload_files/download_files are deliberately not implemented, and `delete` is not
    # a class method (see __init__): deepagents then offers no delete tool at all.
