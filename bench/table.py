"""One row format and one table printer for every benchmark in bench/.

Why: each script used to print a table of its own, so figures could not be read side
by side. Now every script turns its measurements into `Row`s and either prints them
with `print_table` (run by hand) or hands them to `bench/run` as JSON (`--json`), which
runs every script in its own process and prints all rows as one table.

Ratio convention (the table says it in its first line): the ratio column reads
"N.NNx faster" or "N.NNx slower" -- how many times faster or slower wikid is than the
baseline, whatever the unit: for times a lower figure is better, for throughputs
(pages/s, MB/s) a higher one. Memory and other costs read "x less" / "x more",
quality scores (SCORE_UNITS: an adjusted Rand index, a share of hits, "% found")
"x better" / "x worse". A
baseline marked "(target)" is a bound wikid should stay under; the ratio is against
that bound and says "met" or "missed".

This module imports nothing heavy: bench/extract.py's extraction workers import it
again when they start, and that start-up is part of what is measured.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from machine import machine_line, machine_short  # bench/machine.py

RATIO_HEADER = (
    "ratio: how many times faster/slower (memory, CPU: less/more; scores: better/worse) wikid is than the "
    "baseline; against a (target): the same, and whether the target is met"
)
# Units of quality scores (bench/quality.py, bench/knownitem.py): higher is better,
# like a throughput.
SCORE_UNITS = ("ARI", "share", "% found")


@dataclass(frozen=True)
class Row:
    """One figure: wikid's value next to its baseline, in one unit.

    `unit` is "s" for times (printed in ms below a second), a rate ending in "/s" for
    throughputs (higher is better), anything else ("MB", "% core", "modules") for a cost.
    `baseline` is None where there is none to measure; `baseline_name` then says why.
    `error` is set, and `wikid` is None, for a figure whose measurement failed.
    """

    figure: str
    wikid: float | None
    baseline: float | None
    unit: str
    baseline_name: str = ""
    target: bool = False
    error: str = ""
    machine: str = field(default_factory=machine_short)

    @classmethod
    def failed(cls, figure: str, error: str) -> Row:
        return cls(figure, None, None, "", error=error)

    def higher_is_better(self) -> bool:
        return self.unit.endswith("/s") or self.unit in SCORE_UNITS

    def ratio(self) -> str:
        """The ratio column, in the convention of RATIO_HEADER."""
        if self.error or self.wikid is None or self.baseline is None:
            return "-"
        verdict = ""
        if self.target:
            met = self.wikid >= self.baseline if self.higher_is_better() else self.wikid <= self.baseline
            verdict = "met" if met else "missed"
        if self.wikid <= 0 or self.baseline <= 0:
            return verdict or "-"
        cost = self.baseline / self.wikid if self.higher_is_better() else self.wikid / self.baseline
        if self.unit in SCORE_UNITS:
            better, worse = "better", "worse"
        elif self.unit == "s" or self.higher_is_better():
            better, worse = "faster", "slower"
        else:
            better, worse = "less", "more"
        text = f"{_number(cost)}x {worse}" if cost >= 1 else f"{_number(1 / cost)}x {better}"
        return f"{text}, {verdict}" if verdict else text

    def wikid_text(self) -> str:
        return "FAILED" if self.error else format_value(self.wikid, self.unit)

    def baseline_text(self) -> str:
        if self.baseline is None:
            return self.baseline_name or "-"
        value = format_value(self.baseline, self.unit)
        if self.target and self.baseline == 0:
            return f"{value} (target)"  # none at all, e.g. heavy modules loaded
        if self.target:
            return f"{'>' if self.higher_is_better() else '<'} {value} (target)"
        return f"{value} {self.baseline_name}".rstrip()

    def progress(self) -> str:
        """One line for stderr as soon as the figure is measured."""
        if self.error:
            return f"{self.figure}: FAILED: {self.error}"
        return f"{self.figure}: {self.wikid_text()} | {self.baseline_text()} | {self.ratio()}"


def _number(x: float) -> str:
    """Three significant figures at most, no exponent, thousands separated."""
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    if x == 0:
        return "0"
    return f"{x:.3g}" if x >= 0.001 else f"{x:.1e}"


def format_value(value: float | None, unit: str) -> str:
    """A figure with its unit; seconds below one are shown in milliseconds."""
    if value is None:
        return "-"
    if unit == "s" and 0 < value < 1:
        return f"{_number(value * 1000)} ms"
    return f"{_number(value)} {unit}".rstrip()


def print_table(rows: Sequence[Row], notes: Iterable[str] = (), machines: Iterable[str] = ()) -> None:
    """The one table: figure | wikid | baseline | ratio | machine, then notes, errors and
    the full machine line(s). Every benchmark prints through this, alone or via bench/run."""
    header = ("figure", "wikid", "baseline", "ratio", "machine")
    cells = [(r.figure, r.wikid_text(), r.baseline_text(), r.ratio(), r.machine) for r in rows]
    widths = [max(len(line[i]) for line in [header, *cells]) for i in range(len(header))]

    def line(values: Sequence[str]) -> str:
        first, wikid, *rest = values
        return " | ".join([first.ljust(widths[0]), wikid.rjust(widths[1]),
                           *(v.ljust(w) for v, w in zip(rest, widths[2:], strict=True))]).rstrip()

    print(RATIO_HEADER)
    print(line(header))
    print("-+-".join("-" * w for w in widths))
    for values in cells:
        print(line(values))
    notes_ = list(notes)
    if notes_:
        print("notes:")
        for note in notes_:
            print(f"  {note}")
    for row in rows:
        if row.error:
            print(f"FAILED {row.figure}: {row.error}")
    for machine in dict.fromkeys(machines):  # once each, in order
        print(machine)


def parser(doc: str, sizes: str | None = None) -> argparse.ArgumentParser:
    """A script's argument parser: its docstring's first paragraph, --json for bench/run,
    and, given default `sizes` ("1000,10000"), --sizes parsed into a list of ints."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--json", action="store_true",
                        help="print the rows as one line of JSON (what bench/run reads) instead of the table")
    if sizes is not None:
        parser.add_argument("--sizes", default=sizes, type=_sizes, help=f"comma-separated N values (default {sizes})")
    return parser


def _sizes(text: str) -> list[int]:
    return [int(s) for s in text.split(",") if s.strip()]


def progress(message: str) -> None:
    """Progress goes to stderr, so that stdout holds only the table or the JSON."""
    print(message, file=sys.stderr, flush=True)


def attempt(figure: str, measure: Callable[..., list[Row]], *args: Any, announce: bool = True) -> list[Row]:
    """The rows `measure(*args)` returns, or one failed row naming the error: a figure
    that breaks must show up in the table, not hide the figures measured after it. Each
    row is announced on stderr unless `measure` announced its own (announce=False). The
    arguments are passed, not closed over, so a loop calling it measures what it names."""
    try:
        rows = measure(*args)
    except Exception as exc:  # noqa: BLE001 -- reported as a failed row
        traceback.print_exc(file=sys.stderr)
        rows = [Row.failed(figure, f"{type(exc).__name__}: {exc}".splitlines()[0])]
    for row in rows:
        if announce or row.error:
            progress(row.progress())
    return rows


def dumps(rows: Sequence[Row], notes: Sequence[str], machines: Sequence[str], **extra: object) -> str:
    """One line of JSON, the format `load` reads: what a script hands to bench/run, and
    what bench/run --json prints itself."""
    return json.dumps({"rows": [asdict(r) for r in rows], "notes": list(notes),
                       "machines": list(dict.fromkeys(machines)), **extra})


def load(text: str) -> tuple[list[Row], list[str], list[str]]:
    """Rows, notes and machine lines from --json output (its last JSON line, in case a
    library printed to stdout before it)."""
    for line in reversed(text.splitlines()):
        if line.startswith("{"):
            data = json.loads(line)
            return [Row(**r) for r in data["rows"]], list(data["notes"]), list(data["machines"])
    raise ValueError("no JSON line in the output")


def emit(rows: Sequence[Row], notes: Sequence[str], as_json: bool) -> int:
    """A script's ending: the table (or, with --json, the rows for bench/run); exit
    status 1 if a figure failed."""
    if as_json:
        print(dumps(rows, notes, [machine_line()]))
    else:
        print_table(rows, notes, [machine_line()])
    return 1 if any(r.error for r in rows) else 0
