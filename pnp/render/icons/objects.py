"""Coins, traps, bosses, suits, treasures and player symbols. Each is centred on (cx, cy) and fits
a square of side `size` (a coin: radius r)."""

from __future__ import annotations

from math import cos, sin, pi
from typing import TYPE_CHECKING

from .basic import pen, polygon
from .weapons import axe_icon, dagger_icon, magic_icon

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas


def coin_icon(c: Canvas, cx: float, cy: float, r: float, fill: Color, ink: Color,
              half: bool = False) -> None:
    """A coin: a disc with a rim. A half coin is a half disc (its right half only dashed), so
    it reads as half without its label."""
    with pen(c, stroke=ink, width=max(0.5, r / 9)):
        c.setFillColor(fill)
        if half:
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
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setLineWidth(max(0.3, r / 16))
            c.circle(cx, cy, r * 0.76, stroke=1, fill=0)


def spikes_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A trap: a row of spikes on a bar."""
    s = size / 2
    n = 4
    w = 2 * s / n
    with pen(c, fill):
        c.rect(cx - s, cy - s * 0.75, 2 * s, s * 0.3, stroke=0, fill=1)
        p = c.beginPath()
        for i in range(n):
            x = cx - s + i * w
            p.moveTo(x, cy - s * 0.5)
            p.lineTo(x + w / 2, cy + s * (0.85 if i % 2 == 0 else 0.55))
            p.lineTo(x + w, cy - s * 0.5)
            p.close()
        c.drawPath(p, stroke=0, fill=1)


def crown_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
               gem: Color | None = None) -> None:
    """A boss: a crown with three points, a gem in `gem` if given."""
    s = size / 2
    with pen(c, fill):
        polygon(c, [(cx + s * x, cy + s * y) for x, y in (
            (-0.9, -0.55), (-0.95, 0.45), (-0.45, -0.02), (0, 0.7), (0.45, -0.02), (0.95, 0.45),
            (0.9, -0.55))])
        c.rect(cx - s * 0.9, cy - s * 0.82, s * 1.8, s * 0.2, stroke=0, fill=1)
        for x, y in ((-0.95, 0.45), (0, 0.7), (0.95, 0.45)):
            c.circle(cx + s * x, cy + s * y + s * 0.1, s * 0.12, stroke=0, fill=1)
        if gem is not None:
            c.setFillColor(gem)
            c.circle(cx, cy - s * 0.28, s * 0.14, stroke=0, fill=1)


def eye_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             white: Color | None = None) -> None:
    """Psychic: an eye; `white` is the colour of the eye's white (default: none, so the
    background shows)."""
    s = size / 2
    with pen(c):
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
        c.drawPath(p, stroke=1, fill=1 if white is not None else 0)
        c.setFillColor(fill)
        c.circle(cx, cy, s * 0.36, stroke=0, fill=1)
        if white is not None:
            c.setFillColor(white)
            c.circle(cx + s * 0.12, cy + s * 0.12, s * 0.1, stroke=0, fill=1)
        c.setLineCap(1)
        for dx, dy in ((0, 0.62), (-0.45, 0.52), (0.45, 0.52)):
            c.line(cx + s * dx, cy + s * dy, cx + s * dx * 1.25, cy + s * (dy + 0.28))


def hat_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
             band: Color | None = None) -> None:
    """A wizard's pointed hat with a brim."""
    s = size / 2
    with pen(c, fill):
        p = c.beginPath()
        p.moveTo(cx - s * 0.5, cy - s * 0.5)
        p.curveTo(cx - s * 0.3, cy + s * 0.1, cx - s * 0.05, cy + s * 0.6, cx + s * 0.45, cy + s)
        p.curveTo(cx + s * 0.2, cy + s * 0.5, cx + s * 0.4, cy - s * 0.1, cx + s * 0.5,
                  cy - s * 0.5)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.ellipse(cx - s, cy - s * 0.78, cx + s, cy - s * 0.42, stroke=0, fill=1)
        if band is not None:
            c.setFillColor(band)
            c.rect(cx - s * 0.46, cy - s * 0.5, s * 0.93, s * 0.14, stroke=0, fill=1)


def person_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A small figure (a minion): head and shoulders."""
    s = size / 2
    with pen(c, fill):
        c.circle(cx, cy + s * 0.45, s * 0.38, stroke=0, fill=1)
        p = c.beginPath()
        p.moveTo(cx - s * 0.8, cy - s)
        p.curveTo(cx - s * 0.8, cy - s * 0.1, cx - s * 0.4, cy - s * 0.05, cx, cy - s * 0.05)
        p.curveTo(cx + s * 0.4, cy - s * 0.05, cx + s * 0.8, cy - s * 0.1, cx + s * 0.8, cy - s)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def net_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A net: a rim with a diagonal mesh."""
    s = size / 2
    with pen(c, stroke=fill, width=max(0.6, s * 0.1)):
        c.circle(cx, cy, s * 0.92, stroke=1, fill=0)
        clip = c.beginPath()
        clip.circle(cx, cy, s * 0.92)
        c.clipPath(clip, stroke=0, fill=0)
        c.setLineWidth(max(0.4, s * 0.06))
        for k in range(-4, 5):
            d = k * s * 0.42
            c.line(cx - s + d, cy - s, cx + s + d, cy + s)
            c.line(cx - s + d, cy + s, cx + s + d, cy - s)


def ring_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color,
              gem: Color | None = None) -> None:
    """A ring with a stone on top."""
    s = size / 2
    with pen(c, stroke=fill, width=max(0.8, s * 0.2)):
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


def wall_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color, mortar: Color) -> None:
    """A barrier: a brick wall."""
    s = size / 2
    with pen(c, fill):
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


def cards_icon(c: Canvas, cx: float, cy: float, size: float, fill: Color, face: Color) -> None:
    """Two cards fanned (play two cards)."""
    s = size / 2
    with pen(c):
        for angle, dx in ((14, s * 0.18), (-14, -s * 0.18)):
            with pen(c, face, (cx + dx, cy), angle):
                c.setStrokeColor(fill)
                c.setLineWidth(max(0.6, s * 0.09))
                c.roundRect(-s * 0.42, -s * 0.62, s * 0.84, s * 1.24, s * 0.1, stroke=1, fill=1)


SUIT_ICONS = {"stealth": dagger_icon, "brute": axe_icon, "magic": magic_icon,
              "psychic": eye_icon}


def suit_icon(c: Canvas, suit: str, cx: float, cy: float, size: float, fill: Color) -> None:
    """The four suits: stealth a dagger, brute an axe, magic sparkles, psychic an
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
        polygon(c, pts, stroke=stroke)
    c.restoreState()
