"""Proof overlays: where a face is cut (trim), how far its art must run (bleed), what must stay
clear of the cut (safe zone) and the box of every named element, so a designer sees why a text
shrank or where a box sits. `zones` is the geometry, shared by the PDF (`overlay`) and the live
page, which draws the same rectangles as SVG."""

from __future__ import annotations

from reportlab.lib.colors import Color

from ..layout.grid import Rect
from ..units import MM
from .surface import Element

SAFE_MARGIN = 3 * MM  # printers' usual promise: a cut lands within 3 mm of the trim line
TRIM = Color(0.85, 0.0, 0.1)
BLEED = Color(0.0, 0.45, 0.85)
SAFE = Color(0.0, 0.6, 0.25)
BOX = Color(0.75, 0.0, 0.75)
LABEL_SIZE = 4.5


def zones(w: float, h: float, bleed: float) -> dict[str, Rect]:
    """Trim, bleed and safe zone of a w x h face, in its own frame (trim at 0, 0)."""
    safe = min(SAFE_MARGIN, w / 4, h / 4)
    return {"trim": Rect(0, 0, w, h), "bleed": Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed),
            "safe": Rect(safe, safe, w - 2 * safe, h - 2 * safe)}


def overlay(c, w: float, h: float, bleed: float, shape: str, elements: list[Element],
            font: str) -> None:
    """Draw the proof marks over a face drawn with its trim box at the canvas origin."""
    z = zones(w, h, bleed)
    c.saveState()
    c.setLineWidth(0.4)
    for name, colour, dash in (("bleed", BLEED, (2, 1.5)), ("trim", TRIM, ()),
                               ("safe", SAFE, (1, 1.5))):
        r = z[name]
        if name == "bleed" and bleed <= 0:
            continue
        inset = 0.2 if name == "bleed" else 0.0  # keep the whole stroke inside the art's clip
        c.setStrokeColor(colour)
        c.setDash(*dash) if dash else c.setDash()
        if shape == "circle":
            c.circle(r.x + r.w / 2, r.y + r.h / 2, min(r.w, r.h) / 2 - inset, stroke=1, fill=0)
        else:
            c.rect(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset, stroke=1, fill=0)
    c.setDash()
    c.setStrokeColor(BOX)
    c.setFillColor(BOX)
    c.setLineWidth(0.3)
    c.setFont(font, LABEL_SIZE)
    for e in elements:
        r = e.rect
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
        c.drawString(r.x + 0.5, r.top - LABEL_SIZE, e.name)
    c.restoreState()
