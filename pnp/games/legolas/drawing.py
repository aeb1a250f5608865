"""Legolas vs. Gimli: drawing helpers its Python pieces (aids, markers, board) share; the cards
are layout files (printed.py, cardfaces.py)."""

from __future__ import annotations

from reportlab.lib.colors import Color

from ...render.icons import axe_icon, bow_icon
from ...render.surface import Surface
from ...units import MM
# numbers as printed, +3, −2 (a true minus), ½: the same filters the layout files use
from ...data.layouts.values import fraction as fmt, signed  # noqa: F401


# ---- common parts --------------------------------------------------------------------------------
def panel(s: Surface, frame: Color, paper: Color, inset: float = 2.5 * MM,
           radius: float = 2.5 * MM) -> None:
    """A frame colour to the bleed and a paper panel inside it."""
    s.fill_bleed(frame)
    s.c.setFillColor(paper)
    s.c.roundRect(inset, inset, s.w - 2 * inset, s.h - 2 * inset, radius, stroke=0, fill=1)


def bow_and_axe(c, cx: float, cy: float, size: float, fill: Color) -> None:
    """The game's emblem: Legolas's bow crossed with Gimli's axe."""
    bow_icon(c, cx - size * 0.2, cy, size * 0.55, fill)
    axe_icon(c, cx + size * 0.27, cy, size * 0.6, fill, angle=0)
