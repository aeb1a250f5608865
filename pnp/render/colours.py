"""Colours from data: '#rrggbb' or a palette name."""

from __future__ import annotations

import re

from reportlab.lib.colors import Color, HexColor

from ..errors import DataError

_HEX = re.compile(r"^#([0-9a-fA-F]{6})$")


_NAME = re.compile(r"^[^\W\d][\w -]*$")


def colour(text: str, palette: dict[str, Color] | None = None, path=None, row=None,
           field=None) -> Color:
    """'#rrggbb', or a name from game.toml's [palette] (given as `palette`; None where a
    palette name is not allowed, as in [palette] itself)."""
    value = str(text).strip()
    if palette and value.lower() in palette:
        return palette[value.lower()]
    if _HEX.match(value):
        return HexColor(value)
    shown = repr(value if len(value) <= 40 else value[:37] + "...")
    if palette is None:
        raise DataError(f"{shown} is not a colour; use #rrggbb", path, row, field)
    names = sorted(palette)
    has = (f"it has: {', '.join(names[:12])}{', ...' if len(names) > 12 else ''}" if names
           else "it is empty")
    if _NAME.match(value):  # a name: what is missing is its entry in the palette
        raise DataError(f"{shown} is missing from game.toml's [palette] ({has}); add it there "
                        "or write the colour as #rrggbb", path, row, field)
    raise DataError(f"{shown} is not a colour; use #rrggbb or a name from game.toml's "
                    f"[palette] ({has})", path, row, field)


def luminance(c: Color) -> float:
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def ink_on(background: Color) -> Color:
    """Black or white, whichever reads better on the background."""
    return Color(0, 0, 0) if luminance(background) > 0.5 else Color(1, 1, 1)


def mix(a: Color, b: Color, t: float) -> Color:
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)
