"""Colours from data: '#rrggbb' or a palette name."""

from __future__ import annotations

import re

from reportlab.lib.colors import Color, HexColor

from ..errors import DataError

_HEX = re.compile(r"^#([0-9a-fA-F]{6})$")


def colour(text: str, palette: dict[str, Color] | None = None, path=None, row=None,
           field=None) -> Color:
    value = str(text).strip()
    if palette and value.lower() in palette:
        return palette[value.lower()]
    if _HEX.match(value):
        return HexColor(value)
    known = f" or one of: {', '.join(sorted(palette))}" if palette else ""
    raise DataError(f"{value!r} is not a colour; use #rrggbb{known}", path, row, field)


def luminance(c: Color) -> float:
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def ink_on(background: Color) -> Color:
    """Black or white, whichever reads better on the background."""
    return Color(0, 0, 0) if luminance(background) > 0.5 else Color(1, 1, 1)


def mix(a: Color, b: Color, t: float) -> Color:
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)
