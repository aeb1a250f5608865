"""Shapes every game uses: arrows whose style (not only colour) carries meaning, the yin-yang,
discs, and the segment between two circles."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from math import atan2, cos, hypot, sin
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas


@contextmanager
def pen(c: Canvas, fill: Color | None = None, at: tuple[float, float] | None = None,
        angle: float = 0.0, *, stroke: Color | None = None, width: float | None = None,
        cap: int | None = None, join: int | None = None) -> Iterator[None]:
    """Draw inside saved state, filling with `fill`, stroking with `stroke` lines `width` wide
    with that `cap` and `join` (each left as it is when not given); with `at`, in a frame
    centred there and turned by `angle` degrees."""
    c.saveState()
    if at is not None:
        c.translate(*at)
        c.rotate(angle)
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
    if width is not None:
        c.setLineWidth(width)
    if cap is not None:
        c.setLineCap(cap)
    if join is not None:
        c.setLineJoin(join)
    yield
    c.restoreState()


def polygon(c: Canvas, points: Sequence[tuple[float, float]], stroke: int = 0, fill: int = 1,
            closed: bool = True) -> None:
    """A path through `points` (closed unless told), drawn at once."""
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    if closed:
        p.close()
    c.drawPath(p, stroke=stroke, fill=fill)


def arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, colour: Color, *,
          width: float = 2.0, dashed: bool = False, head: float = 7.0,
          halo: Color | None = None) -> None:
    """An arrow from (x1, y1) to (x2, y2). Solid lines get a filled triangular head; dashed
    lines an open chevron head, so the two kinds differ without colour."""
    angle = atan2(y2 - y1, x2 - x1)
    length = hypot(x2 - x1, y2 - y1)
    if length < 1e-6:
        return
    ux, uy = cos(angle), sin(angle)
    shaft_end = (x2 - ux * head * 0.8, y2 - uy * head * 0.8) if not dashed else (x2, y2)
    left = (x2 - head * cos(angle - 0.45), y2 - head * sin(angle - 0.45))
    right = (x2 - head * cos(angle + 0.45), y2 - head * sin(angle + 0.45))
    layers = [(halo, width + 2.5), (colour, width)] if halo is not None else [(colour, width)]
    for col, w in layers:
        c.saveState()
        c.setStrokeColor(col)
        c.setFillColor(col)
        c.setLineWidth(w)
        c.setLineCap(0 if dashed else 1)
        c.setLineJoin(1)
        if dashed:
            c.setDash(w * 2.2, w * 1.6)
        c.line(x1, y1, *shaft_end)
        c.setDash()
        if dashed:
            polygon(c, (left, (x2, y2), right), stroke=1, fill=0, closed=False)
        else:
            polygon(c, (left, (x2, y2), right), stroke=1 if col is halo else 0)
        c.restoreState()


def taijitu(c: Canvas, cx: float, cy: float, r: float, light: Color, dark: Color,
            outline: Color | None = None) -> None:
    """The yin-yang symbol, drawn with paths (no font needed)."""
    c.saveState()
    c.setFillColor(light)
    c.circle(cx, cy, r, stroke=0, fill=1)
    p = c.beginPath()
    # dark half: right half-disc plus upper small bulge, minus lower small bulge
    p.moveTo(cx, cy + r)
    p.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=90, extent=-180)
    p.arcTo(cx - r / 2, cy - r, cx + r / 2, cy, startAng=270, extent=180)
    p.arcTo(cx - r / 2, cy, cx + r / 2, cy + r, startAng=270, extent=-180)
    p.close()
    c.setFillColor(dark)
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(dark)
    c.circle(cx, cy + r / 2, r / 7, stroke=0, fill=1)
    c.setFillColor(light)
    c.circle(cx, cy - r / 2, r / 7, stroke=0, fill=1)
    c.setStrokeColor(outline or dark)
    c.setLineWidth(max(0.6, r / 25))
    c.circle(cx, cy, r, stroke=1, fill=0)
    c.restoreState()


def disc(c: Canvas, cx: float, cy: float, r: float, fill: Color, ring: Color | None = None,
         ring_width: float = 1.0) -> None:
    c.setFillColor(fill)
    if ring is not None:
        c.setStrokeColor(ring)
        c.setLineWidth(ring_width)
    c.circle(cx, cy, r, stroke=1 if ring is not None else 0, fill=1)


def toward(x1: float, y1: float, x2: float, y2: float, start: float, end: float):
    """The segment between two circles: from `start` past (x1, y1) to `end` before (x2, y2)."""
    d = hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    return x1 + ux * start, y1 + uy * start, x2 - ux * end, y2 - uy * end
