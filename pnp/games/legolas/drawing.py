"""Legolas vs. Gimli: drawing helpers its pieces share (number formats, panels, badges)."""

from __future__ import annotations

from reportlab.lib.colors import Color, white

from ...render.colours import ink_on, mix
from ...render.icons import axe_icon, bow_icon, disc, element_icon
from ...render.surface import Surface
from ...units import MM
from .model import Model


MINUS = "\u2212"
HALF = "\u00bd"



def signed(n: float) -> str:
    """+3, −2, 0 (a true minus sign)."""
    text = fmt(abs(n))
    return f"+{text}" if n > 0 else f"{MINUS}{text}" if n < 0 else "0"


def fmt(n: float) -> str:
    """A number as printed: 2, 0.5 as ½, 2.5 as 2½."""
    whole = int(n)
    if n == whole:
        return str(whole)
    return (f"{whole}" if whole else "") + HALF if n - whole == 0.5 else f"{n:g}"


def coins_text(coins: float) -> str:
    if coins == 0:
        return "no coin"
    return f"{fmt(coins)} coin" + ("" if coins <= 1 else "s")


# ---- common parts --------------------------------------------------------------------------------
def panel(s: Surface, frame: Color, paper: Color, inset: float = 2.5 * MM,
           radius: float = 2.5 * MM) -> None:
    """A frame colour to the bleed and a paper panel inside it."""
    s.fill_bleed(frame)
    s.c.setFillColor(paper)
    s.c.roundRect(inset, inset, s.w - 2 * inset, s.h - 2 * inset, radius, stroke=0, fill=1)


def element_badge(c, model: Model, element: str, cx: float, cy: float, r: float,
                  ring: Color | None = None) -> None:
    col = model.colour(element)
    disc(c, cx, cy, r, col, ring, max(0.6, r / 10))
    icon = ink_on(col)
    element_icon(c, element, cx, cy, r * 1.25, icon,
                 model.colour("gold") if element == "fire" else mix(col, white, 0.75))


def title_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def back_frame(s: Surface, fill: Color, line: Color) -> None:
    c, w, h = s.c, s.w, s.h
    s.fill_bleed(fill)
    c.setStrokeColor(line)
    c.setLineWidth(1.4)
    c.roundRect(4 * MM, 4 * MM, w - 8 * MM, h - 8 * MM, 3 * MM, stroke=1, fill=0)
    c.setLineWidth(0.5)
    c.roundRect(5.5 * MM, 5.5 * MM, w - 11 * MM, h - 11 * MM, 2 * MM, stroke=1, fill=0)


def bow_and_axe(c, cx: float, cy: float, size: float, fill: Color) -> None:
    """The game's emblem: Legolas's bow crossed with Gimli's axe."""
    bow_icon(c, cx - size * 0.2, cy, size * 0.55, fill)
    axe_icon(c, cx + size * 0.27, cy, size * 0.6, fill, angle=0)
