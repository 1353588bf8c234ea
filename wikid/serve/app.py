"""The web application: routes over a Project, rendered with Jinja2 templates.

    /wiki/<path>    the bundle as it is on disk: a folder shows its index.md (paginated),
                    a concept page is rendered with its fact box and backlinks, log.md
                    is the timeline (paginated), any other file is sent as a download
    /search?q=      the query index's answer, ranked as `wikid query` ranks
                    (&fragment=1: the results alone, for the search-as-you-type script)
    /status         what the daemon is doing, what waits in input/ and why, the last
                    batch and the latest log entries (&fragment=1: the body alone)
    /static/...     the stylesheet and the script

Every route reads; none writes (GET and HEAD only: anything else is 405). Pages,
folders and the log carry an ETag made from the file's stat signature (and, for a
page, its backlinks), so a browser's revalidation costs a stat, not a render. Every
response carries a Content-Security-Policy that allows no inline script and nothing
from another host, and downloads are sandboxed on top. The pages work without
JavaScript; the script only adds search as you type and the status refresh.
"""

from __future__ import annotations

import contextlib
import hashlib
import mimetypes
import os
import posixpath
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wikid._version import __version__
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.okf.frontmatter import parse_frontmatter
from wikid.okf.index import link_target
from wikid.okf.lint_markdown import unverified_rows
from wikid.query.answer import link
from wikid.query.results import EmptyWiki, QueryResponse
from wikid.serve.files import Opened, open_in, read_all, read_text_in, stat_signature, stream
from wikid.serve.links import Backlinks
from wikid.serve.markdown import HEADING_PREFIX, render, wiki_url
from wikid.serve.views import breadcrumbs, facts, list_page

if TYPE_CHECKING:
    from wikid.project import Project

Search = Callable[[str], QueryResponse]  # the question -> the ranked pages (k: the project's query.k)

HERE = Path(__file__).resolve().parent
PER_PAGE = 200  # list items (concepts in an index, log entries) per page
LATEST_LOG = 30  # log entries on the status page
OUTCOMES_SHOWN = 200  # files of the last batch listed on the status page (a batch may hold thousands)
MAX_QUERY_CHARS = 4096  # as the daemon's query socket accepts
STATUS_REFRESH_SECONDS = 3
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]
INLINE_TYPES = ("text/plain", "application/pdf")  # shown in the browser; anything else is an attachment
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
          "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "content-security-policy": POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every response that does not set its own (pure ASGI: no
    per-request task, unlike BaseHTTPMiddleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in SECURITY_HEADERS.items():
                    headers.setdefault(key, value)
            await send(message)

        await self.app(scope, receive, send_with_headers if scope["type"] == "http" else send)


def etag(*parts: object) -> str:
    """A strong validator for what `parts` (stat signatures, backlinks...) decide, and this wikid."""
    return '"' + hashlib.blake2b(repr((__version__, parts)).encode(), digest_size=12).hexdigest() + '"'


def not_modified(request: Request, tag: str) -> bool:
    """Whether the client's If-None-Match already names `tag` (weak or strong, or `*`)."""
    header = request.headers.get("if-none-match")
    if not header:
        return False
    tags = {t.strip().removeprefix("W/") for t in header.split(",")}
    return "*" in tags or tag in tags


def _page_number(request: Request) -> int:
    try:
        return max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        return 1


def content_disposition(kind: str, name: str) -> str:
    """`inline` or `attachment` with the file's name, ASCII-safe and exact (RFC 6266)."""
    fallback = "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else "_" for c in name)
    return f"{kind}; filename=\"{fallback}\"; filename*=UTF-8''{quote(name, safe='')}"


class WikiSite:
    """The routes' state: the project, how to search it, the backlinks and the templates."""

    def __init__(self, project: Project, search: Search, backlinks_max_age: float) -> None:
        self.project = project
        self.wiki = project.paths.wiki
        self.search_fn = search
        self.backlinks = Backlinks(self.wiki, project.paths.page_cache, backlinks_max_age)
        self.templates = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True,
                                     trim_blocks=True, lstrip_blocks=True)
        self.templates.globals.update(site=project.root.name, version=__version__, wiki_url=wiki_url)

    def html(self, template: str, status_code: int = 200, headers: dict[str, str] | None = None,
             **context: Any) -> HTMLResponse:
        text = self.templates.get_template(template).render(**context)
        return HTMLResponse(text, status_code=status_code, headers=headers)

    def missing(self, request: Request, what: str = "") -> HTMLResponse:
        return self.html("missing.html", 404, path=what or request.url.path)

    # --- /wiki/ ---------------------------------------------------------------

    def wiki_route(self, request: Request) -> Response:
        rel = request.path_params.get("path", "")
        with open_in(self.wiki, rel) as opened:
            if opened is None:
                return self.missing(request)
            if opened.is_dir:
                if rel and not rel.endswith("/"):
                    return RedirectResponse(wiki_url(opened.rel, folder=True), status_code=308)
                return self.folder(request, opened)
            name, top = opened.parts[-1], opened.parts[0]
            if name == "index.md" and top not in RESERVED_DIRS:
                return RedirectResponse(wiki_url("/".join(opened.parts[:-1]), folder=True), status_code=308)
            if opened.parts == ("log.md",):
                return self.log(request, opened)
            if name.endswith(".md") and top not in RESERVED_DIRS:
                return self.page(request, opened)
            return self.file(request, opened)

    def _cached(self, request: Request, tag: str, build: Callable[[], Response]) -> Response:
        headers = {"etag": tag, "cache-control": "no-cache"}
        if not_modified(request, tag):
            return Response(status_code=304, headers=headers)
        response = build()
        response.headers.update(headers)
        return response

    def page(self, request: Request, opened: Opened) -> Response:
        concept_id = opened.rel[: -len(".md")]
        backlinks = self.backlinks.of(concept_id)
        tag = etag("page", stat_signature(opened.st), backlinks)

        def build() -> Response:
            data = read_all(opened.fd)
            if data is None:
                return self.missing(request)
            text = data.decode("utf-8", "replace")
            fm = parse_frontmatter(text)
            body = text[fm.body_start:] if fm.data is not None else text
            return self.html(
                "page.html", title=fm.text("title") or opened.parts[-1][: -len(".md")], concept_id=concept_id,
                crumbs=breadcrumbs(opened.parts), facts=facts(fm.data) if fm.data is not None else None,
                frontmatter_error=fm.error, content=render(body, posixpath.dirname(opened.rel)),
                conflicts=list(dict.fromkeys(attr for attr, _ in unverified_rows(body))),
                conflicts_anchor=f"#{HEADING_PREFIX}conflicts", backlinks=backlinks,
            )

        return self._cached(request, tag, build)

    def _folder_text(self, opened: Opened) -> tuple[str, str] | None:
        """The folder's index.md (frontmatter cut) and its stat signature; a listing of
        the folder when it has none (the archive, a folder a person made)."""
        found = read_text_in(self.wiki, f"{opened.rel}/index.md" if opened.parts else "index.md")
        if found is not None:
            text, st = found
            fm = parse_frontmatter(text)
            return (text[fm.body_start:] if fm.data is not None else text), stat_signature(st)
        folders: list[str] = []
        files: list[str] = []
        with os.scandir(opened.fd) as entries:
            for entry in entries:
                if entry.name.startswith(".") or entry.is_symlink():
                    continue
                (folders if entry.is_dir(follow_symlinks=False) else files).append(entry.name)
        heading = f"# {opened.parts[-1] if opened.parts else 'wiki'}/"
        lines = [heading, ""] + [f"* [{n}/]({link_target(n)}/)" for n in sorted(folders)]
        lines += [f"* [{n}]({link_target(n)})" for n in sorted(files)]
        return "\n".join(lines) + "\n", stat_signature(opened.st)

    def folder(self, request: Request, opened: Opened) -> Response:
        found = self._folder_text(opened)
        if found is None:
            return self.missing(request)
        text, signature = found
        number = _page_number(request)
        tag = etag("folder", signature, number)

        def build() -> Response:
            listing = list_page(text, number, PER_PAGE)
            return self.html("list.html", title=opened.parts[-1] if opened.parts else "Wiki",
                             crumbs=breadcrumbs(opened.parts) if opened.parts else [],
                             content=render(listing.markdown, opened.rel), listing=listing)

        return self._cached(request, tag, build)

    def log(self, request: Request, opened: Opened) -> Response:
        number = _page_number(request)
        tag = etag("log", stat_signature(opened.st), number)

        def build() -> Response:
            data = read_all(opened.fd) or b""
            listing = list_page(data.decode("utf-8", "replace"), number, PER_PAGE)
            return self.html("list.html", title="Log", crumbs=breadcrumbs(opened.parts),
                             content=render(listing.markdown), listing=listing)

        return self._cached(request, tag, build)

    def file(self, request: Request, opened: Opened) -> Response:
        """An archived original, an extracted text, any other file: sent as it is, shown
        only when it is plain text or a PDF, an attachment otherwise (HTML, SVG and the
        like must never run as this site)."""
        tag = etag("file", stat_signature(opened.st))
        name = opened.parts[-1]
        kind, encoding = mimetypes.guess_type(name)
        if encoding is not None or kind is None:
            kind = "application/octet-stream"
        inline = kind in INLINE_TYPES
        headers = {
            "etag": tag, "cache-control": "no-cache", "content-length": str(opened.st.st_size),
            "content-disposition": content_disposition("inline" if inline else "attachment", name),
            # A PDF viewer does not run in a sandboxed document; a PDF runs no page script anyway.
            "content-security-policy": "default-src 'none'" + ("" if kind == "application/pdf" else "; sandbox"),
        }
        media_type = f"{kind}; charset=utf-8" if kind == "text/plain" else kind
        if not_modified(request, tag):
            return Response(status_code=304, headers={"etag": tag, "cache-control": "no-cache"})
        if request.method == "HEAD":
            return Response(headers=headers, media_type=media_type)
        return StreamingResponse(stream(os.dup(opened.fd)), headers=headers, media_type=media_type)

    # --- /search --------------------------------------------------------------

    def search(self, request: Request) -> Response:
        query = " ".join(request.query_params.get("q", "").split())[:MAX_QUERY_CHARS]
        response, empty = None, False
        if query:
            try:
                response = self.search_fn(query)
            except EmptyWiki:
                empty = True
            empty = empty or (response is not None and response.concepts == 0)
        results = [{
            "result": r,
            "url": wiki_url(f"{r.id}.md"),
            "conflict_url": wiki_url(f"{r.id}.md") + f"#{HEADING_PREFIX}conflicts",
            "snippet": r.snippet.removeprefix(f"{link(r.source.title, r.source.path)}: ") if r.source else r.snippet,
            "source_url": wiki_url(r.source.path.removeprefix("wiki/")) if r.source else None,
        } for r in (response.results if response else [])]
        context: dict[str, Any] = {"query": query, "response": response, "results": results, "empty": empty}
        headers = {"cache-control": "no-store"}
        if request.query_params.get("fragment") == "1":
            return self.html("results.html", headers=headers, **context)
        return self.html("search.html", headers=headers, title=f"Search: {query}" if query else "Search", **context)

    # --- /status --------------------------------------------------------------

    def status(self, request: Request) -> Response:
        from wikid.config import ConfigError

        error, status = None, None
        try:
            status = self.project.status()
        except (ConfigError, OSError) as exc:
            error = str(exc)
        last = status.last_run if status else None
        recorded = (last or {}).get("files")
        files = [f for f in recorded if isinstance(f, dict)] if isinstance(recorded, list) else []
        found = read_text_in(self.wiki, "log.md")
        latest = list_page(found[0], 1, LATEST_LOG) if found else None
        context: dict[str, Any] = {
            "error": error, "status": status, "daemon": status.daemon if status else None, "last": last,
            "files": files[:OUTCOMES_SHOWN], "more_files": max(0, len(files) - OUTCOMES_SHOWN),
            "retries": [f for f in files if f.get("action") == "retry"],
            "latest": render(latest.markdown) if latest and latest.items else None,
            "refresh": STATUS_REFRESH_SECONDS,
        }
        headers = {"cache-control": "no-store"}
        if request.query_params.get("fragment") == "1":
            return self.html("status_body.html", headers=headers, **context)
        return self.html("status.html", headers=headers, title="Status", **context)


def create_app(project: Project, search: Search | None = None, backlinks_max_age: float = 30.0,
               trusted_hosts: list[str] | None = None) -> Starlette:
    """The application for `project`. `search`: how to answer a question (default: a
    running daemon, else the stored index, checked in the background: serve.search);
    `trusted_hosts`: the Host names
    accepted (default: any; `serve` passes the loopback names when it listens there, so
    a page elsewhere cannot reach this server through a name that resolves to 127.0.0.1)."""
    if search is None:
        from wikid.serve.search import StoredSearch

        search = StoredSearch(project.paths, lambda: project.config().query.k)
    site = WikiSite(project, search, backlinks_max_age)
    routes = [
        Route("/", lambda request: RedirectResponse(wiki_url(""), status_code=308)),
        Route("/wiki/", site.wiki_route),
        Route("/wiki/{path:path}", site.wiki_route),
        Route("/search", site.search),
        Route("/status", site.status),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders)]
    if trusted_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=trusted_hosts))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        site.backlinks.start()  # the first walk, while the server comes up
        yield

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.site = site
    return app
