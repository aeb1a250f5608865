"""Legolas vs. Gimli: the emblem its figures draw, and numbers as printed (the booklet's; every
face is a layout file: printed.py, cardfaces.py)."""

from __future__ import annotations

from reportlab.lib.colors import Color

from ...render.icons import axe_icon, bow_icon
# numbers as printed, +3, −2 (a true minus), ½: the same filters the layout files use
from ...data.layouts.values import fraction as fmt, signed  # noqa: F401


def bow_and_axe(c, cx: float, cy: float, size: float, fill: Color) -> None:
    """The game's emblem: Legolas's bow crossed with Gimli's axe."""
    bow_icon(c, cx - size * 0.2, cy, size * 0.55, fill)
    axe_icon(c, cx + size * 0.27, cy, size * 0.6, fill, angle=0)
