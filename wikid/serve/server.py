"""Run the web application under uvicorn: in the foreground (`wikid serve`) or in a
thread of the daemon (`wikid watch --serve`, which hands it its warm query index).

The listening socket is bound here, before uvicorn starts, so that an address in use
or not allowed is an error with a clear message (uvicorn would log it and exit the
process), and so that port 0 gives a free port whose number we can print.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import signal
import socket
import threading
from typing import TYPE_CHECKING

from wikid.serve import ServeError, require_stack

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette

    from wikid.project import Project
    from wikid.serve.app import Search

log = logging.getLogger("wikid")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
STOP_SECONDS = 10


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port; ServeError saying what to do when it cannot be had."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as exc:
        raise ServeError(f"cannot serve on {host!r}: {exc.strerror}; give --host an address of this machine") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is in use (another `wikid serve`?); choose another with --port") from None
        raise ServeError(f"cannot serve on {host} port {port}: {exc.strerror}") from None
    sock.set_inheritable(False)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def application(project: Project, host: str, search: Search | None = None) -> Starlette:
    """The app for `project`, accepting only loopback Host names when it listens on loopback."""
    from wikid.serve.app import LOOPBACK_HOSTS, create_app

    return create_app(project, search, trusted_hosts=LOOPBACK_HOSTS if is_loopback(host) else None)


def _server(app: Starlette) -> uvicorn.Server:
    import uvicorn

    # log_config=None: uvicorn's messages go through the logging wikid set up (journald's
    # stderr), not a configuration of its own; no access log, as for the daemon's queries.
    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on", server_header=False,
                            timeout_graceful_shutdown=STOP_SECONDS)
    return uvicorn.Server(config)


def serve_forever(project: Project, host: str, port: int) -> int:
    """`wikid serve`: serve until SIGTERM/SIGINT, then return 0. The server runs in a
    thread and this one waits for the signal, as the daemon does: uvicorn, left to the
    signals itself, would re-raise SIGTERM once stopped, and the process would end killed
    by it rather than with exit status 0. Raises ProjectNotFound for a folder that holds
    no project, ServeError when the `serve` extra is missing or the address cannot be had."""
    project.require_project()
    require_stack()
    stop = threading.Event()
    with BackgroundServer(project, bind(host, port), host) as web:
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        web.start()
        while web.thread.is_alive() and not stop.wait(1.0):
            pass
    log.info("stopped")
    return 0


class BackgroundServer:
    """The web server in a thread, as a context manager that owns the bound socket: in the
    daemon, started once it holds the project and stopped before it lets go. `search`:
    the daemon's warm index; None: as `wikid query` searches."""

    def __init__(self, project: Project, sock: socket.socket, host: str, search: Search | None = None) -> None:
        self.sock = sock
        self.server = _server(application(project, host, search))
        self.thread = threading.Thread(target=self._run, name="wikid-serve", daemon=True)

    def _run(self) -> None:
        try:
            asyncio.run(self.server.serve(sockets=[self.sock]))
        except Exception:  # the web page must never take the daemon down with it
            log.exception("the web server stopped")

    @property
    def url(self) -> str:
        return url_of(self.sock)

    def start(self) -> None:
        log.info("serving the wiki on %s (read-only)", self.url)
        self.thread.start()

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.should_exit = True
            self.thread.join(timeout=STOP_SECONDS + 5)

    def __enter__(self) -> BackgroundServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.sock.close()
