"""Chart drawings for the balance report (reportlab.graphics): bar charts with interval whiskers
and histograms, in the bundled fonts. Games draw their own report charts with these (the
`charts` hook of their lab module)."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..units import MM as mm
from .stats import num, t95

if TYPE_CHECKING:
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing

WIDTH = 170 * mm
HEIGHT = 62 * mm
BAR = "#4a6fa5"
BAR2 = "#c0504d"
WHISKER = "#222222"
GRID = "#dddddd"


@functools.lru_cache(maxsize=1)
def report_fonts():
    """The bundled fonts (registered once): every text of the report uses them."""
    from ..render.fonts import load_fonts

    return load_fonts()


def font(role: str = "regular") -> str:
    return report_fonts()[role]


@dataclass
class Chart:
    title: str
    drawing: Drawing
    caption: str


# ---------------------------------------------------------------------------------------------
# Drawing helpers (reportlab is imported when a chart is drawn, not when a game's lab module
# that builds charts is imported for a simulation)
# ---------------------------------------------------------------------------------------------

def _nice_step(span_: float, target: int = 5) -> float:
    raw = span_ / target if span_ > 0 else 1
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def _axis(vals: Sequence[float], ivs: Sequence[tuple[float, float]] | None,
          vmin: float | None, vmax: float | None) -> tuple[float, float, float]:
    """(low, high, step) of the value axis: round numbers around the bars and whiskers."""
    ends = list(vals) + [v for iv in ivs or () for v in iv]
    top = max(ends) if vals else 1
    bottom = min(ends) if vals else 0
    lo_axis = min(0.0, bottom) if vmin is None else vmin
    hi_axis = max(top, lo_axis + 1e-9) if vmax is None else vmax
    step = _nice_step(hi_axis - lo_axis)
    lo_axis = math.floor(lo_axis / step) * step
    hi_axis = math.ceil(hi_axis / step) * step
    if hi_axis <= lo_axis:
        hi_axis = lo_axis + step
    return lo_axis, hi_axis, step


def _bar_chart(d: Drawing, labels: Sequence[str], vals: list[float],
               axis: tuple[float, float, float], percent: bool, colour: str) -> VerticalBarChart:
    """The bars and both axes, set in the bundled font."""
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.lib.colors import HexColor

    many = len(labels) > 8
    c = VerticalBarChart()
    c.x = 16 * mm
    c.y = (22 * mm if many else 9 * mm)
    c.width = WIDTH - c.x - 4 * mm
    c.height = d.height - c.y - 6 * mm
    c.data = [vals]
    c.categoryAxis.categoryNames = list(labels)
    c.categoryAxis.labels.fontName = font()
    c.categoryAxis.labels.fontSize = 7
    c.categoryAxis.labelAxisMode = "low"       # labels under the chart, even for negative bars
    if many:
        c.categoryAxis.labels.angle = 40
        c.categoryAxis.labels.boxAnchor = "ne"
        c.categoryAxis.labels.dx = 2
        c.categoryAxis.labels.dy = -2
    c.valueAxis.valueMin, c.valueAxis.valueMax, c.valueAxis.valueStep = axis
    c.valueAxis.labels.fontName = font()
    c.valueAxis.labels.fontSize = 7
    c.valueAxis.labelTextFormat = (lambda v: f"{v:g} %") if percent else (lambda v: f"{v:g}")
    c.valueAxis.visibleGrid = True
    c.valueAxis.gridStrokeColor = HexColor(GRID)
    c.valueAxis.gridStrokeWidth = 0.3
    c.bars[0].fillColor = HexColor(colour)
    c.bars[0].strokeColor = None
    c.barWidth = 10
    c.groupSpacing = 6
    d.add(c)
    return c


def _marks(d: Drawing, c: VerticalBarChart, vals: list[float],
           ivs: list[tuple[float, float]] | None, axis: tuple[float, float, float],
           percent: bool) -> None:
    """Interval whiskers, and each bar's value written above it (up to 12 bars)."""
    from reportlab.graphics.shapes import Line, String
    from reportlab.lib.colors import HexColor

    lo_axis, hi_axis, _ = axis
    n = len(vals)
    slot = c.width / n if n else c.width

    def y_of(v: float) -> float:
        return c.y + (v - lo_axis) / (hi_axis - lo_axis) * c.height

    for i, (lo, hi) in enumerate(ivs or ()):
        x = c.x + (i + 0.5) * slot
        cap = min(6.0, slot * 0.15)
        for a, b in (((x, y_of(lo)), (x, y_of(hi))), ((x - cap, y_of(lo)), (x + cap, y_of(lo))),
                     ((x - cap, y_of(hi)), (x + cap, y_of(hi)))):
            d.add(Line(a[0], a[1], b[0], b[1], strokeColor=HexColor(WHISKER), strokeWidth=0.8))
    if n <= 12:
        for i, v in enumerate(vals):
            x = c.x + (i + 0.5) * slot
            text = f"{v:.1f} %" if percent else num(round(v, 2))
            y = y_of(ivs[i][1] if ivs else max(v, 0)) + 2.5
            d.add(String(x + (4 if ivs else 0), y, text, fontName=font(), fontSize=7,
                         textAnchor="start" if ivs else "middle"))


def bars(labels: Sequence[str], values: Sequence[float],
         intervals: Sequence[tuple[float, float]] | None = None, *, percent: bool = False,
         value_label: str = "", vmin: float | None = None, vmax: float | None = None,
         height: float = HEIGHT, colour: str = BAR) -> Drawing:
    """A bar chart; `intervals` (lo, hi) per bar are drawn as whiskers. Percent: values 0..1."""
    from reportlab.graphics.shapes import Drawing, String

    scale = 100.0 if percent else 1.0
    vals = [v * scale for v in values]
    ivs = [(lo * scale, hi * scale) for lo, hi in intervals] if intervals else None
    axis = _axis(vals, ivs, vmin, vmax)
    d = Drawing(WIDTH, height + (14 * mm if len(labels) > 8 else 0), initialFontName=font())
    chart = _bar_chart(d, labels, vals, axis, percent, colour)
    _marks(d, chart, vals, ivs, axis, percent)
    if value_label:
        d.add(String(2, d.height - 8, value_label, fontName=font(), fontSize=7))
    return d


def histogram(hist: Sequence[Sequence[float]], *, max_bins: int = 30, unit: str = "",
              colour: str = BAR) -> Drawing:
    """Bars of the share of games per value (or per bin of values) of a [[value, count]] list."""
    if not hist:
        return bars(["-"], [0.0], percent=True)
    total = sum(c for _, c in hist)
    lo, hi = hist[0][0], hist[-1][0]
    width = max(1, math.ceil((hi - lo + 1) / max_bins))
    start = math.floor(lo / width) * width
    nbins = int((hi - start) // width) + 1
    counts = [0.0] * nbins
    for v, c in hist:
        counts[int((v - start) // width)] += c
    whole = all(float(v).is_integer() for v, _ in hist)
    labels = []
    every = max(1, nbins // 16)
    for i in range(nbins):
        a = start + i * width
        last = a + width - (1 if whole else 0.5)      # the highest value the bin holds
        text = num(a) if last == a else f"{num(a)} to {num(last)}"
        labels.append(text if i % every == 0 else "")
    return bars(labels, [c / total for c in counts], percent=True,
                value_label=f"share of {unit}" if unit else "", colour=colour)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def mean_ci(dist: Mapping[str, Any]) -> tuple[float, float]:
    n = dist["n"] or 1
    if n < 2:  # one value: no spread known (callers need n >= 2 to call a difference)
        return (dist["mean"], dist["mean"])
    half = t95(n) * (dist["stdev"] or 0.0) / math.sqrt(n)
    return (dist["mean"] - half, dist["mean"] + half)
