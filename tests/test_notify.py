"""systemd notification: the exact datagrams on a real AF_UNIX socket, and no-op/failure paths."""

from __future__ import annotations

import logging
import os
import socket
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from wikid.daemon.notify import Notifier


def _receive(sock: socket.socket) -> bytes:
    sock.settimeout(2)
    return sock.recv(65536)


def _assert_nothing_pending(sock: socket.socket) -> None:
    sock.setblocking(False)
    with pytest.raises(BlockingIOError):
        sock.recv(65536)


@pytest.fixture
def socket_path(tmp_path: Path) -> Iterator[Path]:
    """A short enough path for AF_UNIX (108 bytes), in tmp_path when it fits."""
    path = tmp_path / "n.sock"
    if len(os.fsencode(path)) < 100:
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="wikid-") as short:  # pragma: no cover - long TMPDIR
        yield Path(short) / "n.sock"


@pytest.fixture
def listener(socket_path: Path) -> Iterator[socket.socket]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(socket_path))
    yield sock
    sock.close()


def test_every_message_arrives_as_one_exact_datagram(socket_path: Path, listener: socket.socket) -> None:
    notifier = Notifier.from_env({"NOTIFY_SOCKET": str(socket_path)})
    assert notifier.enabled

    assert notifier.ready() is True
    assert _receive(listener) == b"READY=1"
    assert notifier.status("Batch: 3 files pending") is True
    assert _receive(listener) == b"STATUS=Batch: 3 files pending"
    assert notifier.watchdog() is True
    assert _receive(listener) == b"WATCHDOG=1"
    assert notifier.stopping() is True
    assert _receive(listener) == b"STOPPING=1"

    before = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
    assert notifier.reloading() is True
    after = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
    first, second = _receive(listener).split(b"\n")
    assert first == b"RELOADING=1"
    key, _, value = second.partition(b"=")
    assert key == b"MONOTONIC_USEC"
    assert before <= int(value) <= after

    assert notifier.send(STATUS="x", ERRNO=5, BUSERROR=True) is True
    assert _receive(listener) == b"STATUS=x\nERRNO=5\nBUSERROR=1"
    _assert_nothing_pending(listener)


def test_status_text_stays_on_one_line(socket_path: Path, listener: socket.socket) -> None:
    notifier = Notifier.from_env({"NOTIFY_SOCKET": str(socket_path)})
    notifier.status("failed:\ninput/a.pdf\r\ninput/b\0.txt\rdone")
    assert _receive(listener) == b"STATUS=failed: input/a.pdf input/b .txt done"
    notifier.status("Grüße – ok")
    assert _receive(listener) == "STATUS=Grüße – ok".encode()


def test_abstract_socket_names_start_with_at() -> None:
    name = f"wikid-test-{os.getpid()}-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        notifier = Notifier.from_env({"NOTIFY_SOCKET": "@" + name})
        assert notifier.address == "\0" + name
        assert notifier.ready() is True
        assert _receive(sock) == b"READY=1"
        assert notifier.status("idle") is True
        assert _receive(sock) == b"STATUS=idle"


def test_watchdog_interval_is_half_of_watchdog_usec(socket_path: Path) -> None:
    env = {"NOTIFY_SOCKET": str(socket_path), "WATCHDOG_USEC": "2000000"}
    assert Notifier.from_env(env).watchdog_interval == 1.0
    assert Notifier.from_env({**env, "WATCHDOG_PID": str(os.getpid())}).watchdog_interval == 1.0
    assert Notifier.from_env({**env, "WATCHDOG_PID": "1"}, pid=4242).watchdog_interval is None
    assert Notifier.from_env({**env, "WATCHDOG_PID": str(os.getpid() + 1)}).watchdog_interval is None
    assert Notifier.from_env({**env, "WATCHDOG_PID": "4242"}, pid=4242).watchdog_interval == 1.0
    assert Notifier.from_env({**env, "WATCHDOG_USEC": "60000000"}).watchdog_interval == 30.0
    for bad in ("", "0", "-5", "soon"):
        assert Notifier.from_env({**env, "WATCHDOG_USEC": bad}).watchdog_interval is None
    assert Notifier.from_env({**env, "WATCHDOG_PID": "me"}).watchdog_interval is None
    assert Notifier.from_env({"NOTIFY_SOCKET": str(socket_path)}).watchdog_interval is None
    # Nowhere to send the pings: no watchdog either.
    assert Notifier.from_env({"WATCHDOG_USEC": "2000000"}).watchdog_interval is None


def test_reads_os_environ_by_default(monkeypatch: pytest.MonkeyPatch, socket_path: Path) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(socket_path))
    monkeypatch.setenv("WATCHDOG_USEC", "2000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    notifier = Notifier.from_env()
    assert notifier.address == str(socket_path)
    assert notifier.watchdog_interval == 1.0


def test_without_notify_socket_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_sockets(*args: object, **kwargs: object) -> socket.socket:
        raise AssertionError("a disabled notifier must not open a socket")

    monkeypatch.setattr(socket, "socket", no_sockets)
    for env in ({}, {"NOTIFY_SOCKET": ""}, {"NOTIFY_SOCKET": "@"}, {"NOTIFY_SOCKET": "relative/notify"}):
        notifier = Notifier.from_env(env)
        assert not notifier.enabled
        assert notifier.ready() is False
        assert notifier.status("x") is False
        assert notifier.watchdog() is False
        assert notifier.stopping() is False
        assert notifier.reloading() is False
        assert notifier.watchdog_interval is None


def test_a_missing_or_dead_socket_never_raises(
    tmp_path: Path, socket_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="wikid.daemon.notify")
    notifier = Notifier.from_env({"NOTIFY_SOCKET": str(tmp_path / "gone" / "notify")})
    assert notifier.ready() is False
    assert notifier.status("x") is False
    assert notifier.watchdog() is False
    assert notifier.reloading() is False
    assert notifier.stopping() is False
    failures = [r for r in caplog.records if r.name == "wikid.daemon.notify"]
    assert len(failures) == 1 and failures[0].levelno == logging.DEBUG

    # A socket file whose reader has gone away (ECONNREFUSED).
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(socket_path))
    assert Notifier.from_env({"NOTIFY_SOCKET": str(socket_path)}).watchdog() is False

    # Not a socket at all, a path too long for AF_UNIX, an embedded NUL.
    plain = tmp_path / "plain"
    plain.write_text("")
    for address in (str(plain), "/" + "x" * 200, "/tmp/a\0b"):
        assert Notifier(address).ready() is False
