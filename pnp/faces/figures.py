"""Figures: named drawings registered in Python, for art no box can express. A layout places one
with `type = "figure"`, `figure = "NAME"` and an `args` table whose values may come from the row.

    @figure("star")
    def star(s: Figure, x, y, w, h, args) -> None: ...

(x, y, w, h) is the element's box in points on the canvas (y up). A game module registers its
own figures when it is imported; the names are global."""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, isfinite, pi, sin
from typing import Any, Callable

from ..data.colours import Colour

FIGURES: dict[str, Callable[..., None]] = {}
MAX_STAR_POINTS = 200  # already a circle on any piece; each point is two segments of the path


@dataclass
class Figure:
    """What a figure draws with: the canvas, the face's Surface (fonts, text fitting, findings)
    and the game's palette."""

    c: Any
    surface: Any
    palette: dict[str, Colour]


def figure(name: str):
    def register(fn):
        FIGURES[name] = fn
        return fn
    return register


def repeated(fn):
    """For a figure that draws the same wherever its box and args are the same (nothing read
    from the surface): drawn once a PDF as a form and placed again (pnp/render/repeat.py)."""
    from functools import wraps

    from ..render.repeat import repeat

    @wraps(fn)
    def draw(s, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
        palette = tuple(sorted((k, tuple(v)) for k, v in s.palette.items()))
        key = (x, y, w, h, palette, tuple(sorted((k, type(v).__name__, v) for k, v in args.items())))
        repeat(s.c, draw, key, lambda: fn(s, x, y, w, h, args))
    return draw


def number_arg(args: dict[str, Any], key: str, default: float, low: float, high: float,
               whole: bool = False) -> float:
    """An argument that sets how much a figure draws, checked before it draws: `points =
    100000000` would be a path of that many segments."""
    raw = args.get(key, default)
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise ValueError(f"{key} = {raw!r} is not a number") from None
    if not (isfinite(value) and low <= value <= high) or (whole and value != int(value)):
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"{key} = {raw!r}: expected {kind} from {low:g} to {high:g}")
    return int(value) if whole else value


def _colour(args: dict[str, Any], key: str, default: Colour, palette) -> Colour:
    from ..data.layouts.values import colour_in

    value = args.get(key)
    return default if value is None else (colour_in(palette)(value) or default)


@figure("star")
def star(s, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """A star of `points` points (default 5), filled with `fill`, inner radius `inner` (0-1)."""
    points = int(number_arg(args, "points", 5, 2, MAX_STAR_POINTS, whole=True))
    inner = number_arg(args, "inner", 0.45, 0, 1)
    fill = _colour(args, "fill", Colour(0.85, 0.65, 0.13), s.palette)
    r = min(w, h) / 2
    cx, cy = x + w / 2, y + h / 2
    p = s.c.beginPath()
    for k in range(2 * points):
        rr = r if k % 2 == 0 else r * inner
        a = pi / 2 + k * pi / points
        (p.moveTo if k == 0 else p.lineTo)(cx + rr * cos(a), cy + rr * sin(a))
    p.close()
    s.c.setFillColor(fill)
    s.c.drawPath(p, stroke=0, fill=1)


@figure("taijitu")
def taijitu(s, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The yin-yang in the box, in `light` and `dark`, ringed in `outline` (default: dark)."""
    from ..render.icons import taijitu as draw

    dark = _colour(args, "dark", Colour(0, 0, 0), s.palette)
    draw(s.c, x + w / 2, y + h / 2, min(w, h) / 2,
         _colour(args, "light", Colour(1, 1, 1), s.palette), dark,
         _colour(args, "outline", dark, s.palette))
