"""When is a dropped file ready, and when does a batch start? Pure logic, clock injected.

* **Stability** (paperless-ngx's rule): a file is ready once no event arrived for it
  during `stability` seconds *and* a re-stat shows the size and mtime seen last time.
  A file still being written keeps changing and so keeps waiting; a file that
  vanished is dropped quietly.
* **Batch window**: ready files gather until input/ has been quiet for `quiet`
  seconds, or `max_wait` seconds after the first one became ready, so files dropped
  together are clustered together but a steady trickle still gets processed.
* **Settled files**: a file a batch left in input/ (ignored, or a leftover) is not
  queued again while it is unchanged; a leftover is retried with exponential back-off
  and given up on after `max_attempts` tries, until it changes. Each path is in at
  most one place at a time, so no file is queued twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Signature = tuple[int, int]  # size, mtime_ns
Stat = Callable[[str], Signature | None]  # None: the file is gone

RETRY_FIRST_SECONDS = 30.0
RETRY_MAX_SECONDS = 3600.0
MAX_ATTEMPTS = 5


@dataclass
class _Watched:
    last_event: float
    signature: Signature | None = None


@dataclass
class _Settled:
    signature: Signature
    retry_at: float | None  # None: not retried until it changes
    attempts: int = 0


@dataclass
class Tracker:
    stability: float
    quiet: float
    max_wait: float
    watched: dict[str, _Watched] = field(default_factory=dict)
    window: dict[str, Signature] = field(default_factory=dict)
    settled: dict[str, _Settled] = field(default_factory=dict)
    first_ready: float | None = None
    last_activity: float = 0.0

    def seen(self, rel: str, now: float, signature: Signature | None = None) -> None:
        """An event (or a scan) saw `rel`; a scan passes its signature to skip settled files."""
        self.last_activity = now
        settled = self.settled.get(rel)
        if settled is not None:
            if signature is not None and signature == settled.signature:
                return
            del self.settled[rel]  # it changed: retry at once
        if rel in self.window:
            if signature is None or signature != self.window[rel]:
                del self.window[rel]  # changed after it was judged stable: judge again
            else:
                return
        watched = self.watched.get(rel)
        if watched is None:
            self.watched[rel] = _Watched(now, signature)
        elif signature is None or signature != watched.signature:
            watched.last_event = now  # an event, or a scan that sees it changed: wait again

    def poll(self, now: float, stat: Stat) -> None:
        """Move files that are stable now into the batch window; retry due leftovers."""
        for rel, settled in list(self.settled.items()):
            if settled.retry_at is not None and now >= settled.retry_at:
                self.watched.setdefault(rel, _Watched(now - self.stability, settled.signature))
                settled.retry_at = None
        for rel, watched in list(self.watched.items()):
            if now - watched.last_event < self.stability:
                continue
            current = stat(rel)
            if current is None:
                del self.watched[rel]
                self.settled.pop(rel, None)
            elif current != watched.signature:
                watched.signature, watched.last_event = current, now
            else:
                del self.watched[rel]
                self.window[rel] = current
                if self.first_ready is None:
                    self.first_ready = now

    def batch_due(self, now: float) -> bool:
        if not self.window or self.first_ready is None:
            return False
        return now - self.last_activity >= self.quiet or now - self.first_ready >= self.max_wait

    def take_batch(self) -> dict[str, Signature]:
        batch, self.window, self.first_ready = self.window, {}, None
        return batch

    def settle(self, rel: str, signature: Signature, now: float, retry: bool) -> None:
        """Record a file a batch left in input/: ignored (not retried) or a leftover (retried)."""
        previous = self.settled.get(rel)
        attempts = previous.attempts + 1 if previous is not None and previous.signature == signature else 1
        retry_at = None
        if retry and attempts < MAX_ATTEMPTS:
            retry_at = now + min(RETRY_FIRST_SECONDS * 2 ** (attempts - 1), RETRY_MAX_SECONDS)
        self.settled[rel] = _Settled(signature, retry_at, attempts)

    def forget_missing(self, present: set[str]) -> None:
        """Drop settled records of files a full scan no longer finds."""
        for rel in [r for r in self.settled if r not in present]:
            del self.settled[rel]

    def gave_up(self, rel: str) -> bool:
        settled = self.settled.get(rel)
        return settled is not None and settled.retry_at is None and settled.attempts >= MAX_ATTEMPTS

    @property
    def pending(self) -> int:
        return len(self.watched) + len(self.window)
