"""Colour arithmetic for drawing. Colours from data are pnp.data.colours.Colour; these take
either kind and give reportlab Colors."""

from __future__ import annotations

from typing import Union

from reportlab.lib.colors import Color

from ..data.colours import Colour

AnyColour = Union[Color, Colour]


def as_color(c: AnyColour) -> Color:
    """A reportlab Color, for the places that take no plain (r, g, b) (platypus styles)."""
    return c if isinstance(c, Color) else Color(c.red, c.green, c.blue)


def luminance(c: AnyColour) -> float:
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def ink_on(background: AnyColour) -> Color:
    """Black or white, whichever reads better on the background."""
    return Color(0, 0, 0) if luminance(background) > 0.5 else Color(1, 1, 1)


def mix(a: AnyColour, b: AnyColour, t: float) -> Color:
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)
