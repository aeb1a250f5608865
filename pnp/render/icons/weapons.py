"""Attack and fighter icons: weapons, magic, shields and leaves. Each draws a filled
silhouette centred on (cx, cy), fitting a square of side `size`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .basic import pen, polygon

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas


def sword_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
               angle: float = 0.0) -> None:
    """A straight sword pointing up (turned by `angle` degrees): blade, guard, grip, pommel."""
    s = size / 2
    bw = s * 0.16  # half blade width
    with pen(c, fill, (cx, cy), angle):
        polygon(c, ((-bw, -s * 0.38), (-bw, s * 0.72), (0, s), (bw, s * 0.72), (bw, -s * 0.38)))
        c.roundRect(-s * 0.46, -s * 0.5, s * 0.92, s * 0.14, s * 0.05, stroke=0, fill=1)
        c.rect(-s * 0.075, -s * 0.86, s * 0.15, s * 0.38, stroke=0, fill=1)
        c.circle(0, -s * 0.9, s * 0.11, stroke=0, fill=1)


def bow_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             angle: float = 0.0) -> None:
    """A drawn bow with its string and an arrow pointing right."""
    s = size / 2
    with pen(c, fill, (cx, cy), angle):
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
        polygon(c, ((s * 0.05, s * 0.88), (-s * 0.55, 0), (s * 0.05, -s * 0.88)), stroke=1, fill=0,
                closed=False)
        # the arrow: shaft, head and fletching
        c.setLineWidth(max(0.5, s * 0.08))
        c.line(-s * 0.62, 0, s * 0.7, 0)
        polygon(c, ((s * 1.0, 0), (s * 0.62, s * 0.17), (s * 0.62, -s * 0.17)))
        for sign in (1, -1):
            polygon(c, ((-s * 0.5, 0), (-s * 0.72, sign * s * 0.16), (-s * 0.92, sign * s * 0.16),
                        (-s * 0.72, 0)))


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
    with pen(c, fill):
        _sparkle(c, cx - s * 0.12, cy - s * 0.12, s * 0.86, s * 0.12)
        _sparkle(c, cx + s * 0.6, cy + s * 0.6, s * 0.36, s * 0.05)
        _sparkle(c, cx + s * 0.62, cy - s * 0.55, s * 0.24, s * 0.035)


def shield_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
                mark: Color | None = None) -> None:
    """A heater shield, with a cross in `mark` if given."""
    s = size / 2
    with pen(c, fill):
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


def leaf_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
              vein: Color | None = None, angle: float = 0.0) -> None:
    """A pointed leaf with its stem, veined in `vein` if given."""
    s = size / 2
    with pen(c, fill, (cx, cy), angle):
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


def drop_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A drop (a wound), point up."""
    s = size / 2
    with pen(c, fill):
        p = c.beginPath()
        p.moveTo(cx, cy + s)
        p.curveTo(cx + s * 0.2, cy + s * 0.45, cx + s * 0.68, cy + s * 0.05, cx + s * 0.68,
                  cy - s * 0.3)
        p.curveTo(cx + s * 0.68, cy - s * 0.72, cx + s * 0.36, cy - s, cx, cy - s)
        p.curveTo(cx - s * 0.36, cy - s, cx - s * 0.68, cy - s * 0.72, cx - s * 0.68,
                  cy - s * 0.3)
        p.curveTo(cx - s * 0.68, cy + s * 0.05, cx - s * 0.2, cy + s * 0.45, cx, cy + s)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def dagger_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
                angle: float = 0.0) -> None:
    """Stealth: a dagger, point up (turned by `angle` degrees)."""
    s = size / 2
    with pen(c, fill, (cx, cy), angle):
        p = c.beginPath()
        p.moveTo(-s * 0.27, -s * 0.22)
        p.curveTo(-s * 0.27, s * 0.35, -s * 0.15, s * 0.7, 0, s)
        p.curveTo(s * 0.15, s * 0.7, s * 0.27, s * 0.35, s * 0.27, -s * 0.22)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.roundRect(-s * 0.58, -s * 0.42, s * 1.16, s * 0.22, s * 0.08, stroke=0, fill=1)
        c.rect(-s * 0.13, -s * 0.82, s * 0.26, s * 0.42, stroke=0, fill=1)
        c.circle(0, -s * 0.84, s * 0.17, stroke=0, fill=1)


def axe_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             angle: float = 0.0) -> None:
    """Brute: a broad axe with a bearded blade on a haft (and a spike at its back)."""
    s = size / 2
    with pen(c, fill, (cx, cy), angle):
        c.roundRect(-s * 0.36, -s, s * 0.2, s * 1.95, s * 0.08, stroke=0, fill=1)
        p = c.beginPath()
        p.moveTo(-s * 0.2, s * 0.72)
        p.lineTo(s * 0.25, s * 0.62)
        p.curveTo(s * 0.5, s * 0.85, s * 0.7, s * 0.95, s * 0.9, s * 0.98)
        p.curveTo(s * 1.0, s * 0.55, s * 0.95, s * 0.0, s * 0.8, -s * 0.42)
        p.curveTo(s * 0.55, -s * 0.2, s * 0.4, -s * 0.05, s * 0.25, s * 0.1)
        p.lineTo(-s * 0.2, s * 0.15)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        polygon(c, ((-s * 0.3, s * 0.62), (-s * 0.78, s * 0.45), (-s * 0.3, s * 0.28)))
