"""Colours from data: '#rrggbb', a palette name or a CSS colour ("red", "#f00", "rgb(0, 128, 0)"),
read into a plain value (no reportlab here: loading a game's data stays free of the drawing
library)."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import DataError, did_you_mean

_HEX = re.compile(r"^#([0-9a-fA-F]{6})$")
_NAME = re.compile(r"^[^\W\d][\w -]*$")


class Colour(tuple):
    """An RGB colour, each channel 0..1. It is a 3-tuple, which reportlab's canvas takes as a
    colour (setFillColor, setStrokeColor), and it reads like reportlab's Color (red, green,
    blue, hexval), so drawing code takes either."""

    __slots__ = ()

    def __new__(cls, red: float, green: float, blue: float) -> "Colour":
        return super().__new__(cls, (float(red), float(green), float(blue)))

    @classmethod
    def from_hex(cls, text: str) -> "Colour":
        value = int(text.lstrip("#"), 16)
        return cls((value >> 16 & 255) / 255, (value >> 8 & 255) / 255, (value & 255) / 255)

    @property
    def red(self) -> float:
        return self[0]

    @property
    def green(self) -> float:
        return self[1]

    @property
    def blue(self) -> float:
        return self[2]

    def hexval(self) -> str:
        """'0xrrggbb', as reportlab's Color.hexval gives it."""
        return "0x" + "".join(f"{round(255 * v):02x}" for v in self)

    def __repr__(self) -> str:
        return f"Colour(#{self.hexval()[2:]})"


def hex_colour(colour) -> str:
    """'#rrggbb' for a Colour or a reportlab Color: how a layout row carries a colour."""
    return "#" + colour.hexval()[2:]


def parse_colour(text: str, palette: dict[str, Colour] | None = None, path: Path | None = None,
                 row: int | None = None, field: str | None = None) -> Colour:
    """'#rrggbb', a name from game.toml's [palette] (given as `palette`; None where a
    palette name is not allowed, as in [palette] itself) or a CSS colour (_css)."""
    value = str(text).strip()
    if palette and value.lower() in palette:
        return palette[value.lower()]
    if _HEX.match(value):
        return Colour.from_hex(value)
    shown = repr(value if len(value) <= 40 else value[:37] + "...")
    see_through = _CSS_ALPHA.match(value)
    if see_through:  # (CSS writes its alpha 0 to 1, Pillow reads it 0 to 255: neither is read)
        kind, channels, alpha = see_through.groups()
        kind = kind.lower()
        opacity = float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha)
        if opacity >= 1:  # (opaque as written)
            return parse_colour(f"{kind}({channels})", palette, path, row, field)
        raise DataError(f"{shown} has an alpha (see-through) part; a colour prints opaque: "
                        f"write {kind}({channels}) and give the element opacity = "
                        f"{opacity:.2g}", path, row, field)
    css = _css(value)
    if len(css) == 4 and css[3] == 255:  # (#ff0000ff: opaque as written)
        css = css[:3]
    if any(v > 255 for v in css):  # (Pillow reads rgb(300, 0, 0) as it is written)
        raise DataError(f"{shown} has a channel over 255; each of red, green and blue is 0 to "
                        "255", path, row, field)
    if len(css) == 3:
        return Colour(*(v / 255 for v in css))
    if css:
        raise DataError(f"{shown} has an alpha (see-through) part; a colour prints opaque: "
                        f"write #{css[0]:02x}{css[1]:02x}{css[2]:02x} and give the element "
                        f"opacity = {css[3] / 255:.2g}", path, row, field)
    if palette is None:
        near = _near_css(value) if _NAME.match(value) else ""
        raise DataError(f"{shown} is not a colour{near}; use #rrggbb or a CSS colour name",
                        path, row, field)
    names = sorted(palette)
    has = (f"it has: {', '.join(names[:12])}{', ...' if len(names) > 12 else ''}" if names
           else "it is empty")
    if _NAME.match(value):  # a name: what is missing is its entry in the palette
        near = did_you_mean(value.lower(), names) or _near_css(value)
        raise DataError(f"{shown} is missing from game.toml's [palette]{near or f' ({has})'}; "
                        "add it there or write the colour as #rrggbb or a CSS colour name", path,
                        row, field)
    raise DataError(f"{shown} is not a colour; use #rrggbb, a CSS colour name or a name from "
                    f"game.toml's [palette] ({has})", path, row, field)


_CSS_ALPHA = re.compile(r"(rgb|hsl)a\(\s*([^,()]+,[^,()]+,[^,()]+?)\s*,\s*(\d+(?:\.\d*)?%?|\.\d+%?)"
                        r"\s*\)$", re.IGNORECASE)


def _css(value: str) -> tuple[int, ...]:
    """The channels (0-255) of a colour as CSS and Squib write it: #rgb, #rrggbbaa, rgb(),
    hsl() or a name ("red", "Dark Green"), read by Pillow; () if it is none."""
    if len(value) > 64:  # (no CSS colour is longer)
        return ()
    from PIL import ImageColor  # (only here: most colours are #rrggbb or a palette's)

    try:
        return ImageColor.getrgb(value if value.startswith(("#", "rgb", "hs")) else
                                 _squeezed(value))
    except ValueError:
        return ()


def _squeezed(name: str) -> str:
    """A colour name as CSS writes it: "Dark Green" is darkgreen."""
    return name.replace(" ", "").lower()


def _near_css(name: str) -> str:
    """" (did you mean 'tomato'?)" for a CSS colour name misspelt; close, not alike in part
    ("wood" is no "burlywood")."""
    from PIL import ImageColor

    return did_you_mean(_squeezed(name), ImageColor.colormap, cutoff=0.8)


_CHANNEL = {"red": 0, "green": 1, "blue": 2}


def looks(value, name: str) -> bool:
    """Whether a printed colour (a Colour, or anything with red, green, blue) is what a rule
    calls it: "red", "green" or "blue" (that channel dominates the others), "white" or "black"
    (light or dark). Other names are not checked."""
    rgb = (value.red, value.green, value.blue)
    if name in ("white", "black"):
        light = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
        return light > 0.6 if name == "white" else light < 0.35
    channel = _CHANNEL.get(name)
    if channel is None:
        return True
    return all(rgb[channel] > v + 0.1 for i, v in enumerate(rgb) if i != channel)
