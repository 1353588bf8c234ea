"""The one place wikid reads the time, so a run can be made reproducible.

`WIKID_NOW` (an ISO 8601 instant) or `SOURCE_DATE_EPOCH` (seconds) fix the clock;
archive names, log dates and `generated.at` then no longer depend on when a run
happened, which is what determinism tests and reproducible builds need.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime


class ClockError(ValueError):
    """The environment asks for a fixed clock in a form wikid cannot read."""


def now() -> datetime:
    """Return the current instant in UTC, honouring `WIKID_NOW` / `SOURCE_DATE_EPOCH`."""
    fixed = os.environ.get("WIKID_NOW", "").strip()
    if fixed:
        try:
            value = datetime.fromisoformat(fixed.replace("Z", "+00:00"))
        except ValueError:
            raise ClockError(
                f"WIKID_NOW={fixed!r} is not an ISO 8601 instant; use e.g. 2026-11-30T12:00:00Z"
            ) from None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC)
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return datetime.fromtimestamp(int(epoch), tz=UTC)
        except (ValueError, OverflowError, OSError):
            raise ClockError(
                f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970"
            ) from None
    return datetime.now(UTC)


def iso(instant: datetime) -> str:
    """Format an instant the way OKF wants timestamps: seconds, explicit `Z`."""
    return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
