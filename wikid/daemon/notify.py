"""systemd service notification (sd_notify) with the standard library only.

Under `Type=notify` systemd passes `$NOTIFY_SOCKET`: a filesystem path, or an abstract
socket name when it starts with `@` (the `@` stands for a leading NUL byte). Every
message is one AF_UNIX datagram of newline-separated `KEY=value` lines. With
`WatchdogSec=` systemd also passes `$WATCHDOG_USEC` (and `$WATCHDOG_PID`, the process
it is meant for); the service must send `WATCHDOG=1` more often than that, and systemd
recommends every half of it (`Notifier.watchdog_interval`).

Notification is best effort: a missing, vanished or full socket never raises and never
blocks the daemon for more than `SEND_TIMEOUT` seconds; the first failure is logged at
debug level and later ones are silent. Without `$NOTIFY_SOCKET` (a terminal, a test,
another supervisor) every method is a cheap no-op.

`NotifyAccess=main` makes systemd accept messages from the main PID only, so send them
from the daemon process (any thread), not from a worker process.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Mapping

log = logging.getLogger(__name__)

SEND_TIMEOUT = 1.0
_BAD_CHARS = str.maketrans({"\r": " ", "\n": " ", "\0": " "})


def _single_line(value: object) -> str:
    if value is True:
        return "1"
    if value is False:
        return "0"
    text = str(value)
    if "\r\n" in text:
        text = text.replace("\r\n", " ")
    return text.translate(_BAD_CHARS)


def _parse_address(raw: str | None) -> str | None:
    """`$NOTIFY_SOCKET` as a `socket.sendto` address, or None when unusable."""
    if not raw:
        return None
    if raw.startswith("@"):
        return "\0" + raw[1:] if len(raw) > 1 else None
    if raw.startswith("/"):
        return raw
    # Relative paths are invalid for sd_notify too; `vsock:` addresses only occur
    # inside VMs, which wikid does not support as a notification target.
    log.debug("ignoring unsupported NOTIFY_SOCKET %r", raw)
    return None


def _parse_watchdog(environ: Mapping[str, str], pid: int) -> int | None:
    """`$WATCHDOG_USEC` when it is meant for this process, else None."""
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = environ.get("WATCHDOG_PID")
    if owner:
        try:
            if int(owner) != pid:
                return None
        except ValueError:
            return None
    return usec


class Notifier:
    """Talks to systemd's notification socket; disabled (a no-op) without one."""

    def __init__(self, address: str | None = None, watchdog_usec: int | None = None) -> None:
        self.address = address
        self.watchdog_usec = watchdog_usec if address else None
        self._failure_logged = False

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] = os.environ,
        *,
        pid: int | None = None,
    ) -> Notifier:
        """Read `$NOTIFY_SOCKET`, `$WATCHDOG_USEC` and `$WATCHDOG_PID` from `environ`."""
        address = _parse_address(environ.get("NOTIFY_SOCKET"))
        watchdog = _parse_watchdog(environ, os.getpid() if pid is None else pid)
        return cls(address, watchdog)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    @property
    def watchdog_interval(self) -> float | None:
        """Seconds between `watchdog()` pings (half of `$WATCHDOG_USEC`), or None."""
        if self.watchdog_usec is None:
            return None
        return self.watchdog_usec / 2_000_000

    def send(self, **fields: object) -> bool:
        """Send one datagram of `KEY=value` lines; True when it was handed to the socket.

        Values are made single-line (a newline would start a new field); True/False
        become 1/0. Never raises.
        """
        if self.address is None or not fields:
            return False
        payload = "\n".join(f"{key}={_single_line(value)}" for key, value in fields.items())
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.settimeout(SEND_TIMEOUT)
                sock.sendto(payload.encode("utf-8", "replace"), self.address)
        except (OSError, ValueError) as exc:  # ValueError: an embedded NUL in a path
            if not self._failure_logged:
                self._failure_logged = True
                log.debug("systemd notification to %r failed (further failures not logged): %s", self.address, exc)
            return False
        return True

    def ready(self) -> bool:
        """Start-up (or a reload) is complete."""
        return self.send(READY=1)

    def status(self, text: str) -> bool:
        """A one-line status shown by `systemctl status`."""
        return self.send(STATUS=text)

    def stopping(self) -> bool:
        """Shutdown has begun."""
        return self.send(STOPPING=1)

    def watchdog(self) -> bool:
        """Keep-alive ping; send it every `watchdog_interval` seconds."""
        return self.send(WATCHDOG=1)

    def reloading(self) -> bool:
        """A configuration reload has begun; call `ready()` when it is done.

        `MONOTONIC_USEC` lets systemd ≥ 253 (`Type=notify-reload`) match the message to
        its reload request; older versions ignore the field.
        """
        usec = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        return self.send(RELOADING=1, MONOTONIC_USEC=usec)
