"""A DrawingML chart (`word/charts/chartN.xml` in a DOCX) as a markdown table, from the
values the chart caches.

Office keeps, in each chart part, a copy of the series names, categories and values it
last drew (`c:strCache`, `c:numCache`, or literal `c:strLit`/`c:numLit`); the workbook
they came from is often embedded or gone, so the cache is what the document says. The
table has a row per category (a scatter chart's x values) and a column per series,
values as Office cached them. The chart's title, when it has one, heads the table.
"""

from __future__ import annotations

from xml.etree import ElementTree

from wikid.extract.base import gfm_table

_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
MAX_POINTS = 1_000  # categories shown per chart; a chart of more is a data dump


def chart_markdown(xml: bytes) -> str:
    """`**Chart: title**` and a GFM table for one chart part ('' when it caches no values)."""
    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError:
        return ""
    chart = root.find(f"{_C}chart")
    if chart is None:
        return ""
    series = [s for plot in chart.iterfind(f"{_C}plotArea/*") for s in plot.iterfind(f"{_C}ser")]
    columns: list[tuple[str, dict[int, str]]] = []
    categories: dict[int, str] = {}
    for n, ser in enumerate(series, 1):
        values = _points(ser.find(f"{_C}val")) or _points(ser.find(f"{_C}yVal"))
        if not values:
            continue
        name = " ".join(_points(ser.find(f"{_C}tx")).values()) or _text(ser.find(f"{_C}tx")) or f"Series {n}"
        columns.append((name, values))
        for index, label in (_points(ser.find(f"{_C}cat")) or _points(ser.find(f"{_C}xVal"))).items():
            categories.setdefault(index, label)
    if not columns:
        return ""
    indexes = sorted(set(categories) | {i for _, values in columns for i in values})[:MAX_POINTS]
    axis = _text(chart.find(f"{_C}plotArea/{_C}catAx/{_C}title")) or _text(chart.find(f"{_C}plotArea/{_C}valAx/{_C}title"))
    header = [axis or "Category", *(name for name, _ in columns)]
    rows = [[categories.get(i, str(i + 1)), *(values.get(i, "") for _, values in columns)] for i in indexes]
    title = _text(chart.find(f"{_C}title"))
    return f"**Chart{': ' + title if title else ''}**\n\n" + gfm_table([header, *rows])


def _points(element: ElementTree.Element | None) -> dict[int, str]:
    """idx -> value of the cached or literal points under a series' tx/cat/val element.

    A multi-level category (`c:multiLvlStrCache`) gives its innermost level, the labels
    next to the axis.
    """
    if element is None:
        return {}
    for level in element.iter(f"{_C}lvl"):
        return _level(level)
    return _level(element)


def _level(element: ElementTree.Element) -> dict[int, str]:
    points: dict[int, str] = {}
    for point in element.iter(f"{_C}pt"):
        value = point.find(f"{_C}v")
        try:
            index = int(point.get("idx", ""))
        except ValueError:
            continue
        if value is not None and value.text is not None:
            points[index] = value.text.strip()
    return points


def _text(element: ElementTree.Element | None) -> str:
    """The words of a title's rich text (`a:t` runs), or of a plain `c:v`."""
    if element is None:
        return ""
    runs = [t.text or "" for t in element.iter(f"{_A}t")] or [v.text or "" for v in element.iter(f"{_C}v")]
    return " ".join("".join(runs).split())
