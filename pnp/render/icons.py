"""Vector icons shared by the games: arrows whose style (not only colour) carries meaning, the
yin-yang, discs and badges. All take a canvas and points."""

from __future__ import annotations

from math import atan2, cos, hypot, sin

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas


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
        p = c.beginPath()
        if dashed:
            p.moveTo(*left)
            p.lineTo(x2, y2)
            p.lineTo(*right)
            c.drawPath(p, stroke=1, fill=0)
        else:
            p.moveTo(*left)
            p.lineTo(x2, y2)
            p.lineTo(*right)
            p.close()
            c.drawPath(p, stroke=1 if col is halo else 0, fill=1)
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


# ---- attack and fighter icons (Experior) -----------------------------------------------------
# Each draws a filled silhouette centred on (cx, cy), fitting a square of side `size`.

def sword_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
               angle: float = 0.0) -> None:
    """A straight sword pointing up (turned by `angle` degrees): blade, guard, grip, pommel."""
    s = size / 2
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setFillColor(fill)
    p = c.beginPath()
    bw = s * 0.16  # half blade width
    p.moveTo(-bw, -s * 0.38)
    p.lineTo(-bw, s * 0.72)
    p.lineTo(0, s)
    p.lineTo(bw, s * 0.72)
    p.lineTo(bw, -s * 0.38)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.roundRect(-s * 0.46, -s * 0.5, s * 0.92, s * 0.14, s * 0.05, stroke=0, fill=1)
    c.rect(-s * 0.075, -s * 0.86, s * 0.15, s * 0.38, stroke=0, fill=1)
    c.circle(0, -s * 0.9, s * 0.11, stroke=0, fill=1)
    c.restoreState()


def bow_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             angle: float = 0.0) -> None:
    """A drawn bow with its string and an arrow pointing right."""
    s = size / 2
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setFillColor(fill)
    c.setStrokeColor(fill)
    # the bow: a thick crescent bulging to the left
    p = c.beginPath()
    p.moveTo(s * 0.05, s * 0.95)
    p.curveTo(-s * 0.85, s * 0.75, -s * 0.85, -s * 0.75, s * 0.05, -s * 0.95)
    p.lineTo(s * 0.05, -s * 0.8)
    p.curveTo(-s * 0.45, -s * 0.6, -s * 0.45, s * 0.6, s * 0.05, s * 0.8)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    # the string, drawn back to the arrow's nock
    c.setLineWidth(max(0.3, s * 0.035))
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(s * 0.05, s * 0.88)
    p.lineTo(-s * 0.55, 0)
    p.lineTo(s * 0.05, -s * 0.88)
    c.drawPath(p, stroke=1, fill=0)
    # the arrow: shaft, head and fletching
    c.setLineWidth(max(0.5, s * 0.08))
    c.line(-s * 0.62, 0, s * 0.7, 0)
    p = c.beginPath()
    p.moveTo(s * 1.0, 0)
    p.lineTo(s * 0.62, s * 0.17)
    p.lineTo(s * 0.62, -s * 0.17)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    for sign in (1, -1):
        p = c.beginPath()
        p.moveTo(-s * 0.5, 0)
        p.lineTo(-s * 0.72, sign * s * 0.16)
        p.lineTo(-s * 0.92, sign * s * 0.16)
        p.lineTo(-s * 0.72, 0)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _sparkle(c: Canvas, cx: float, cy: float, r: float, waist: float) -> None:
    """A four-pointed star with concave sides (filled with the current fill colour)."""
    p = c.beginPath()
    p.moveTo(cx, cy + r)
    for (x1, y1), (x2, y2) in (((cx + waist, cy + waist), (cx + r, cy)),
                               ((cx + waist, cy - waist), (cx, cy - r)),
                               ((cx - waist, cy - waist), (cx - r, cy)),
                               ((cx - waist, cy + waist), (cx, cy + r))):
        p.curveTo(x1, y1, x1, y1, x2, y2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def magic_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """Magic: a large four-pointed sparkle with two small ones."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    _sparkle(c, cx - s * 0.12, cy - s * 0.12, s * 0.86, s * 0.12)
    _sparkle(c, cx + s * 0.6, cy + s * 0.6, s * 0.36, s * 0.05)
    _sparkle(c, cx + s * 0.62, cy - s * 0.55, s * 0.24, s * 0.035)
    c.restoreState()


def shield_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
                mark: Color | None = None) -> None:
    """A heater shield, with a cross in `mark` if given."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(cx - s * 0.78, cy + s * 0.9)
    p.lineTo(cx + s * 0.78, cy + s * 0.9)
    p.lineTo(cx + s * 0.78, cy + s * 0.15)
    p.curveTo(cx + s * 0.78, cy - s * 0.45, cx + s * 0.3, cy - s * 0.8, cx, cy - s)
    p.curveTo(cx - s * 0.3, cy - s * 0.8, cx - s * 0.78, cy - s * 0.45, cx - s * 0.78,
              cy + s * 0.15)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    if mark is not None:
        c.setFillColor(mark)
        c.rect(cx - s * 0.09, cy - s * 0.72, s * 0.18, s * 1.48, stroke=0, fill=1)
        c.rect(cx - s * 0.62, cy + s * 0.28, s * 1.24, s * 0.18, stroke=0, fill=1)
    c.restoreState()


def leaf_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
              vein: Color | None = None, angle: float = 0.0) -> None:
    """A pointed leaf with its stem, veined in `vein` if given."""
    s = size / 2
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(0, s)
    p.curveTo(s * 0.75, s * 0.45, s * 0.7, -s * 0.45, 0, -s * 0.72)
    p.curveTo(-s * 0.7, -s * 0.45, -s * 0.75, s * 0.45, 0, s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setStrokeColor(fill)
    c.setLineWidth(max(0.5, s * 0.09))
    c.setLineCap(1)
    c.line(0, -s * 0.7, 0, -s)
    if vein is not None:
        c.setStrokeColor(vein)
        c.setLineWidth(max(0.3, s * 0.05))
        c.line(0, -s * 0.6, 0, s * 0.78)
        for k in (-0.3, 0.05, 0.38):
            c.line(0, s * k, s * 0.34, s * (k + 0.24))
            c.line(0, s * k, -s * 0.34, s * (k + 0.24))
    c.restoreState()


def drop_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A drop (a wound), point up."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(cx, cy + s)
    p.curveTo(cx + s * 0.2, cy + s * 0.45, cx + s * 0.68, cy + s * 0.05, cx + s * 0.68,
              cy - s * 0.3)
    p.curveTo(cx + s * 0.68, cy - s * 0.72, cx + s * 0.36, cy - s, cx, cy - s)
    p.curveTo(cx - s * 0.36, cy - s, cx - s * 0.68, cy - s * 0.72, cx - s * 0.68, cy - s * 0.3)
    p.curveTo(cx - s * 0.68, cy + s * 0.05, cx - s * 0.2, cy + s * 0.45, cx, cy + s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()
