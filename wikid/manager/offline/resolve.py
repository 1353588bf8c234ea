"""Canonical attribute values and the conflict table of design §4.3, from observations.

An observation is one source stating one value for one attribute. Per attribute:

* all sources agree (values equal after case/space normalisation) -> one attribute
  row citing them all, no conflict rows;
* they disagree -> one conflict row per source. The canonical value is the value of
  the latest dated source, provided that date is held by one value only. Rows with
  the canonical value are `canonical`, older dated rows `superseded`, and an undated
  row with another value `unverified` (nothing says whether it came before or after:
  an unconfirmed mention neither overrides the latest dated value nor is overridden
  by it). When no source is clearly newer every row is `unverified` and nothing is
  canonical.

A file's modification time never reaches this module: dates come from the documents
themselves or from `sources[].last_modified` of an earlier page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from wikid.manager.offline.textutil import norm_value


@dataclass(frozen=True)
class Observation:
    key: str  # normalised attribute key
    label: str  # attribute name as first written
    value: str
    source: str | None  # source id (footnote label); None: an earlier page that cites none
    date: date | None


@dataclass(frozen=True)
class AttributeRow:
    label: str
    value: str  # the canonical (or agreed) value; the candidates when unverified
    sources: tuple[str | None, ...]
    status: str  # agreed | canonical | unverified


@dataclass(frozen=True)
class ConflictRow:
    label: str
    value: str
    source: str | None
    date: date | None
    status: str  # canonical | superseded | unverified


def resolve(observations: list[Observation]) -> tuple[list[AttributeRow], list[ConflictRow]]:
    """Attribute rows (in first-seen order) and conflict rows for `observations`.

    A source counts once per attribute (its first observation); the label shown is the
    first spelling seen.
    """
    by_key: dict[str, list[Observation]] = {}
    for obs in observations:
        group = by_key.setdefault(obs.key, [])
        if all(o.source != obs.source for o in group):
            group.append(obs)
    attributes: list[AttributeRow] = []
    conflicts: list[ConflictRow] = []
    for group in by_key.values():
        label = group[0].label
        values = {norm_value(o.value) for o in group}
        if len(values) == 1:
            attributes.append(AttributeRow(label, group[0].value, tuple(o.source for o in group), "agreed"))
            continue
        canonical = _canonical(group)
        rows = sorted(group, key=lambda o: (o.date is None, o.date or date.min, o.source or ""))
        for o in rows:
            if canonical is None or (o.date is None and norm_value(o.value) != canonical):
                status = "unverified"
            else:
                status = "canonical" if norm_value(o.value) == canonical else "superseded"
            conflicts.append(ConflictRow(label, o.value, o.source, o.date, status))
        if canonical is None:
            shown: list[str] = []
            for o in rows:
                if norm_value(o.value) not in {norm_value(v) for v in shown}:
                    shown.append(o.value)
            attributes.append(AttributeRow(label, " / ".join(shown) + " (unverified)", tuple(o.source for o in rows), "unverified"))
        else:
            stating = [o for o in reversed(rows) if norm_value(o.value) == canonical]
            attributes.append(AttributeRow(label, stating[0].value, tuple(o.source for o in stating), "canonical"))
    return attributes, conflicts


def _canonical(group: list[Observation]) -> str | None:
    """The normalised canonical value of a disagreeing group, or None when unclear."""
    dated = [o for o in group if o.date is not None]
    if not dated:
        return None
    latest = max(o.date for o in dated if o.date is not None)
    newest = {norm_value(o.value) for o in dated if o.date == latest}
    if len(newest) != 1:
        return None
    return next(iter(newest))
