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


# ---- elements, coins, traps, bosses, suits and player symbols (Legolas vs. Gimli) -------------
# Each is centred on (cx, cy) and fits a square of side `size` (a coin: radius r).

from math import pi  # noqa: E402  (added with these icons)


def earth_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
               snow: Color | None = None) -> None:
    """Earth: two mountains on a ground line, the taller one snow-capped in `snow` if given."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    base = cy - s * 0.62
    p = c.beginPath()
    p.moveTo(cx - s, base)
    p.lineTo(cx - s * 0.25, cy + s * 0.78)
    p.lineTo(cx + s * 0.12, cy + s * 0.08)
    p.lineTo(cx + s * 0.42, cy + s * 0.42)
    p.lineTo(cx + s, base)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.rect(cx - s, cy - s * 0.82, 2 * s, s * 0.14, stroke=0, fill=1)
    if snow is not None:
        c.setFillColor(snow)
        p = c.beginPath()
        p.moveTo(cx - s * 0.25, cy + s * 0.78)
        p.lineTo(cx - s * 0.47, cy + s * 0.38)
        p.lineTo(cx - s * 0.33, cy + s * 0.45)
        p.lineTo(cx - s * 0.22, cy + s * 0.34)
        p.lineTo(cx - s * 0.1, cy + s * 0.5)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def wind_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """Wind: three gusts, each a stroke ending in a curl."""
    s = size / 2
    c.saveState()
    c.setStrokeColor(fill)
    c.setLineWidth(max(0.6, s * 0.14))
    c.setLineCap(1)
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
    c.restoreState()


def water_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """Water: three stacked waves."""
    s = size / 2
    c.saveState()
    c.setStrokeColor(fill)
    c.setLineWidth(max(0.6, s * 0.15))
    c.setLineCap(1)
    c.setLineJoin(1)
    for dy in (0.5, 0.0, -0.5):
        y = cy + s * dy
        p = c.beginPath()
        p.moveTo(cx - s * 0.95, y)
        for k in range(3):
            x = cx - s * 0.95 + k * s * 0.633
            p.curveTo(x + s * 0.16, y + s * 0.28, x + s * 0.47, y + s * 0.28, x + s * 0.633, y)
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


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

    c.saveState()
    c.setFillColor(fill)
    flame(1.0, -s * 0.1)
    if inner is not None:
        c.setFillColor(inner)
        flame(0.45, -s * 0.45)
    c.restoreState()


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


def coin_icon(c: Canvas, cx: float, cy: float, r: float, fill: Color, ink: Color,
              half: bool = False) -> None:
    """A coin: a disc with a rim. A half coin is a half disc (its right half only dashed), so
    it reads as half without its label."""
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(max(0.5, r / 9))
    if half:
        c.setFillColor(fill)
        p = c.beginPath()
        p.moveTo(cx, cy + r)
        p.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=90, extent=180)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.setDash(max(1.0, r / 5), max(1.0, r / 6))
        p = c.beginPath()
        p.arc(cx - r, cy - r, cx + r, cy + r, startAng=-90, extent=180)
        c.drawPath(p, stroke=1, fill=0)
        c.setDash()
    else:
        c.setFillColor(fill)
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setLineWidth(max(0.3, r / 16))
        c.circle(cx, cy, r * 0.76, stroke=1, fill=0)
    c.restoreState()


def spikes_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A trap: a row of spikes on a bar."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    c.rect(cx - s, cy - s * 0.75, 2 * s, s * 0.3, stroke=0, fill=1)
    n = 4
    w = 2 * s / n
    p = c.beginPath()
    for i in range(n):
        x = cx - s + i * w
        p.moveTo(x, cy - s * 0.5)
        p.lineTo(x + w / 2, cy + s * (0.85 if i % 2 == 0 else 0.55))
        p.lineTo(x + w, cy - s * 0.5)
        p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def crown_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
               gem: Color | None = None) -> None:
    """A boss: a crown with three points, a gem in `gem` if given."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(cx - s * 0.9, cy - s * 0.55)
    p.lineTo(cx - s * 0.95, cy + s * 0.45)
    p.lineTo(cx - s * 0.45, cy - s * 0.02)
    p.lineTo(cx, cy + s * 0.7)
    p.lineTo(cx + s * 0.45, cy - s * 0.02)
    p.lineTo(cx + s * 0.95, cy + s * 0.45)
    p.lineTo(cx + s * 0.9, cy - s * 0.55)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.rect(cx - s * 0.9, cy - s * 0.82, s * 1.8, s * 0.2, stroke=0, fill=1)
    for x, y in ((-0.95, 0.45), (0, 0.7), (0.95, 0.45)):
        c.circle(cx + s * x, cy + s * y + s * 0.1, s * 0.12, stroke=0, fill=1)
    if gem is not None:
        c.setFillColor(gem)
        c.circle(cx, cy - s * 0.28, s * 0.14, stroke=0, fill=1)
    c.restoreState()


def dagger_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
                angle: float = 0.0) -> None:
    """Stealth: a dagger, point up (turned by `angle` degrees)."""
    s = size / 2
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(-s * 0.27, -s * 0.22)
    p.curveTo(-s * 0.27, s * 0.35, -s * 0.15, s * 0.7, 0, s)
    p.curveTo(s * 0.15, s * 0.7, s * 0.27, s * 0.35, s * 0.27, -s * 0.22)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.roundRect(-s * 0.58, -s * 0.42, s * 1.16, s * 0.22, s * 0.08, stroke=0, fill=1)
    c.rect(-s * 0.13, -s * 0.82, s * 0.26, s * 0.42, stroke=0, fill=1)
    c.circle(0, -s * 0.84, s * 0.17, stroke=0, fill=1)
    c.restoreState()


def axe_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             angle: float = 0.0) -> None:
    """Brute: a broad axe with a bearded blade on a haft (and a spike at its back)."""
    s = size / 2
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setFillColor(fill)
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
    p = c.beginPath()
    p.moveTo(-s * 0.3, s * 0.62)
    p.lineTo(-s * 0.78, s * 0.45)
    p.lineTo(-s * 0.3, s * 0.28)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def eye_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             white: Color | None = None) -> None:
    """Psychic: an eye; `white` is the colour of the eye's white (default: none, so the
    background shows)."""
    s = size / 2
    c.saveState()
    p = c.beginPath()
    p.moveTo(cx - s, cy)
    p.curveTo(cx - s * 0.5, cy + s * 0.75, cx + s * 0.5, cy + s * 0.75, cx + s, cy)
    p.curveTo(cx + s * 0.5, cy - s * 0.75, cx - s * 0.5, cy - s * 0.75, cx - s, cy)
    p.close()
    c.setStrokeColor(fill)
    c.setLineWidth(max(0.6, s * 0.12))
    c.setLineJoin(1)
    if white is not None:
        c.setFillColor(white)
        c.drawPath(p, stroke=1, fill=1)
    else:
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(fill)
    c.circle(cx, cy, s * 0.36, stroke=0, fill=1)
    if white is not None:
        c.setFillColor(white)
        c.circle(cx + s * 0.12, cy + s * 0.12, s * 0.1, stroke=0, fill=1)
    c.setLineCap(1)
    for dx, dy in ((0, 0.62), (-0.45, 0.52), (0.45, 0.52)):
        c.line(cx + s * dx, cy + s * dy, cx + s * dx * 1.25, cy + s * (dy + 0.28))
    c.restoreState()


def hat_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             band: Color | None = None) -> None:
    """A wizard's pointed hat with a brim."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(cx - s * 0.5, cy - s * 0.5)
    p.curveTo(cx - s * 0.3, cy + s * 0.1, cx - s * 0.05, cy + s * 0.6, cx + s * 0.45, cy + s)
    p.curveTo(cx + s * 0.2, cy + s * 0.5, cx + s * 0.4, cy - s * 0.1, cx + s * 0.5, cy - s * 0.5)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.ellipse(cx - s, cy - s * 0.78, cx + s, cy - s * 0.42, stroke=0, fill=1)
    if band is not None:
        c.setFillColor(band)
        c.rect(cx - s * 0.46, cy - s * 0.5, s * 0.93, s * 0.14, stroke=0, fill=1)
    c.restoreState()


def person_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A small figure (a minion): head and shoulders."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    c.circle(cx, cy + s * 0.45, s * 0.38, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(cx - s * 0.8, cy - s)
    p.curveTo(cx - s * 0.8, cy - s * 0.1, cx - s * 0.4, cy - s * 0.05, cx, cy - s * 0.05)
    p.curveTo(cx + s * 0.4, cy - s * 0.05, cx + s * 0.8, cy - s * 0.1, cx + s * 0.8, cy - s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def net_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A net: a rim with a diagonal mesh."""
    s = size / 2
    c.saveState()
    c.setStrokeColor(fill)
    c.setLineWidth(max(0.6, s * 0.1))
    c.circle(cx, cy, s * 0.92, stroke=1, fill=0)
    clip = c.beginPath()
    clip.circle(cx, cy, s * 0.92)
    c.clipPath(clip, stroke=0, fill=0)
    c.setLineWidth(max(0.4, s * 0.06))
    for k in range(-4, 5):
        d = k * s * 0.42
        c.line(cx - s + d, cy - s, cx + s + d, cy + s)
        c.line(cx - s + d, cy + s, cx + s + d, cy - s)
    c.restoreState()


def ring_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
              gem: Color | None = None) -> None:
    """A ring with a stone on top."""
    s = size / 2
    c.saveState()
    c.setStrokeColor(fill)
    c.setLineWidth(max(0.8, s * 0.2))
    c.circle(cx, cy - s * 0.2, s * 0.62, stroke=1, fill=0)
    c.setFillColor(gem or fill)
    p = c.beginPath()
    p.moveTo(cx, cy + s * 0.35)
    p.lineTo(cx + s * 0.3, cy + s * 0.65)
    p.lineTo(cx, cy + s * 0.98)
    p.lineTo(cx - s * 0.3, cy + s * 0.65)
    p.close()
    c.setLineWidth(max(0.4, s * 0.06))
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()


def wall_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color, mortar: Color) -> None:
    """A barrier: a brick wall."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    c.rect(cx - s, cy - s * 0.8, 2 * s, s * 1.6, stroke=0, fill=1)
    c.setStrokeColor(mortar)
    c.setLineWidth(max(0.5, s * 0.07))
    rows = 4
    h = s * 1.6 / rows
    for r in range(1, rows):
        y = cy - s * 0.8 + r * h
        c.line(cx - s, y, cx + s, y)
    for r in range(rows):
        y0 = cy - s * 0.8 + r * h
        off = 0.0 if r % 2 == 0 else s * 0.33
        x = cx - s + off + s * 0.66
        while x < cx + s - 1e-6:
            c.line(x, y0, x, y0 + h)
            x += s * 0.66
    c.restoreState()


def cards_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color, face: Color) -> None:
    """Two cards fanned (play two cards)."""
    s = size / 2
    c.saveState()
    for angle, dx in ((14, s * 0.18), (-14, -s * 0.18)):
        c.saveState()
        c.translate(cx + dx, cy)
        c.rotate(angle)
        c.setFillColor(face)
        c.setStrokeColor(fill)
        c.setLineWidth(max(0.6, s * 0.09))
        c.roundRect(-s * 0.42, -s * 0.62, s * 0.84, s * 1.24, s * 0.1, stroke=1, fill=1)
        c.restoreState()
    c.restoreState()


SUIT_ICONS = {"stealth": dagger_icon, "brute": axe_icon, "magic": magic_icon,
              "psychic": eye_icon}


def suit_icon(c: Canvas, suit: str, cx: float, cy: float, size: float, fill: Color) -> None:
    """Legolas vs. Gimli's suits: stealth a dagger, brute an axe, magic sparkles, psychic an
    eye."""
    SUIT_ICONS[suit](c, cx, cy, size, fill)


PLAYER_SHAPES = ("circle", "triangle", "square", "diamond", "star", "hexagon")


def player_symbol(c: Canvas, shape: str, cx: float, cy: float, size: float, fill: Color,
                  outline: Color | None = None, width: float = 1.0) -> None:
    """A plain shape that tells players apart without colour."""
    s = size / 2
    c.saveState()
    c.setFillColor(fill)
    if outline is not None:
        c.setStrokeColor(outline)
        c.setLineWidth(width)
        c.setLineJoin(1)
    stroke = 1 if outline is not None else 0
    if shape == "circle":
        c.circle(cx, cy, s * 0.9, stroke=stroke, fill=1)
    elif shape == "square":
        c.rect(cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6, stroke=stroke, fill=1)
    else:
        if shape == "triangle":
            pts = [(cx + s * cos(a), cy - s * 0.2 + s * sin(a))
                   for a in (pi / 2, pi / 2 + 2 * pi / 3, pi / 2 + 4 * pi / 3)]
        elif shape == "diamond":
            pts = [(cx, cy + s), (cx + s * 0.75, cy), (cx, cy - s), (cx - s * 0.75, cy)]
        elif shape == "star":
            pts = [(cx + (s if k % 2 == 0 else s * 0.42) * cos(pi / 2 + k * pi / 5),
                    cy - s * 0.08 + (s if k % 2 == 0 else s * 0.42) * sin(pi / 2 + k * pi / 5))
                   for k in range(10)]
        elif shape == "hexagon":
            pts = [(cx + s * 0.92 * cos(k * pi / 3), cy + s * 0.92 * sin(k * pi / 3))
                   for k in range(6)]
        else:
            raise ValueError(f"unknown player shape {shape!r}")
        p = c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        p.close()
        c.drawPath(p, stroke=stroke, fill=1)
    c.restoreState()
