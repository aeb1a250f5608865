"""Four elements: earth, wind, water, fire. Each is centred on (cx, cy)
and fits a square of side `size`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .basic import pen, polygon

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas


def earth_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
               snow: Color | None = None) -> None:
    """Earth: two mountains on a ground line, the taller one snow-capped in `snow` if given."""
    s = size / 2
    base = cy - s * 0.62
    with pen(c, fill):
        polygon(c, ((cx - s, base), (cx - s * 0.25, cy + s * 0.78), (cx + s * 0.12, cy + s * 0.08),
                    (cx + s * 0.42, cy + s * 0.42), (cx + s, base)))
        c.rect(cx - s, cy - s * 0.82, 2 * s, s * 0.14, stroke=0, fill=1)
        if snow is not None:
            c.setFillColor(snow)
            polygon(c, ((cx - s * 0.25, cy + s * 0.78), (cx - s * 0.47, cy + s * 0.38),
                        (cx - s * 0.33, cy + s * 0.45), (cx - s * 0.22, cy + s * 0.34),
                        (cx - s * 0.1, cy + s * 0.5)))


def wind_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """Wind: three gusts, each a stroke ending in a curl."""
    s = size / 2
    with pen(c, stroke=fill, width=max(0.6, s * 0.14), cap=1):
        for dy, length, curl in ((0.48, 1.35, 0.26), (0.0, 1.75, 0.3), (-0.48, 1.15, 0.22)):
            y = cy + s * dy
            x0 = cx - s * 0.95
            x1 = x0 + s * length
            r = s * curl
            p = c.beginPath()
            p.moveTo(x0, y)
            p.lineTo(x1, y)
            p.arcTo(x1 - r, y, x1 + r, y + 2 * r, startAng=270, extent=240)
            c.drawPath(p, stroke=1, fill=0)


def water_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """Water: three stacked waves."""
    s = size / 2
    with pen(c, stroke=fill, width=max(0.6, s * 0.15), cap=1, join=1):
        for dy in (0.5, 0.0, -0.5):
            y = cy + s * dy
            p = c.beginPath()
            p.moveTo(cx - s * 0.95, y)
            for k in range(3):
                x = cx - s * 0.95 + k * s * 0.633
                p.curveTo(x + s * 0.16, y + s * 0.28, x + s * 0.47, y + s * 0.28, x + s * 0.633,
                          y)
            c.drawPath(p, stroke=1, fill=0)


def fire_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
              inner: Color | None = None) -> None:
    """Fire: a flame, with an inner flame in `inner` if given."""
    s = size / 2

    def flame(k: float, dy: float) -> None:
        p = c.beginPath()
        p.moveTo(cx, cy + dy + s * k)
        p.curveTo(cx + s * 0.2 * k, cy + dy + s * 0.45 * k, cx + s * 0.78 * k,
                  cy + dy + s * 0.2 * k, cx + s * 0.62 * k, cy + dy - s * 0.45 * k)
        p.curveTo(cx + s * 0.5 * k, cy + dy - s * 0.85 * k, cx - s * 0.5 * k,
                  cy + dy - s * 0.85 * k, cx - s * 0.62 * k, cy + dy - s * 0.45 * k)
        p.curveTo(cx - s * 0.72 * k, cy + dy - s * 0.1 * k, cx - s * 0.45 * k,
                  cy + dy + s * 0.1 * k, cx - s * 0.3 * k, cy + dy + s * 0.35 * k)
        p.curveTo(cx - s * 0.25 * k, cy + dy + s * 0.15 * k, cx - s * 0.12 * k,
                  cy + dy + s * 0.05 * k, cx - s * 0.08 * k, cy + dy + s * 0.1 * k)
        p.curveTo(cx - s * 0.05 * k, cy + dy + s * 0.5 * k, cx - s * 0.1 * k,
                  cy + dy + s * 0.8 * k, cx, cy + dy + s * k)
        p.close()
        c.drawPath(p, stroke=0, fill=1)

    with pen(c, fill):
        flame(1.0, -s * 0.1)
        if inner is not None:
            c.setFillColor(inner)
            flame(0.45, -s * 0.45)


ELEMENT_ICONS = {"earth": earth_icon, "wind": wind_icon, "air": wind_icon, "water": water_icon,
                 "fire": fire_icon}


def element_icon(c: Canvas, element: str, cx: float, cy: float, size: float, fill: Color,
                 detail: Color | None = None) -> None:
    """The icon of an element by name (earth, wind/air, water, fire); `detail` is the snow cap
    or inner flame where the icon has one."""
    draw = ELEMENT_ICONS[element]
    if draw in (earth_icon, fire_icon):
        draw(c, cx, cy, size, fill, detail)
    else:
        draw(c, cx, cy, size, fill)
