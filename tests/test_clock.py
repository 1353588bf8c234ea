from datetime import UTC, datetime

import pytest

from wikid.clock import ClockError, iso, now


def test_wikid_now_fixes_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIKID_NOW", "2026-07-12T15:05:00+02:00")
    assert now() == datetime(2026, 7, 12, 13, 5, tzinfo=UTC)
    assert iso(now()) == "2026-07-12T13:05:00Z"


def test_source_date_epoch_is_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WIKID_NOW")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    assert iso(now()) == "1970-01-02T00:00:00Z"


def test_unreadable_values_say_what_to_write(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIKID_NOW", "noon")
    with pytest.raises(ClockError, match="2026-11-30T12:00:00Z"):
        now()
    monkeypatch.delenv("WIKID_NOW")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "soon")
    with pytest.raises(ClockError, match="SOURCE_DATE_EPOCH"):
        now()
