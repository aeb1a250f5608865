"""Proof overlays: where a face is cut (trim), how far its art must run (bleed), what must stay
clear of the cut (safe zone) and the box of every named element, so a designer sees why a text
shrank or where a box sits. `zones` is the geometry, shared by the PDF (`overlay`) and the live
page, which draws the same rectangles as SVG."""

from __future__ import annotations

from reportlab.lib.colors import Color, white

from ..layout.grid import Rect
from ..units import MM
from .surface import Element

SAFE_MARGIN = 3 * MM  # printers' usual promise: a cut lands within 3 mm of the trim line
TRIM = Color(0.85, 0.0, 0.1)
BLEED = Color(0.0, 0.45, 0.85)
SAFE = Color(0.0, 0.6, 0.25)
BOX = Color(0.75, 0.0, 0.75)
LABEL_SIZE = 4.5
LABEL_PAD = 0.8  # pt of tag either side of a name
LINE = 0.4  # pt: trim, bleed and safe lines (each on a white halo three times as wide)
BOX_LINE = 0.3


def zones(w: float, h: float, bleed: float) -> dict[str, Rect]:
    """Trim, bleed and safe zone of a w x h face, in its own frame (trim at 0, 0)."""
    safe = min(SAFE_MARGIN, w / 4, h / 4)
    return {"trim": Rect(0, 0, w, h), "bleed": Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed),
            "safe": Rect(safe, safe, w - 2 * safe, h - 2 * safe)}


def overlay(c, w: float, h: float, bleed: float, shape: str, elements: list[Element],
            font: str) -> None:
    """Draw the proof marks over a face drawn with its trim box at the canvas origin. Every line
    runs on a white halo and every name sits on a white tag, so the marks read on any art (a red
    trim line on a red card, a magenta name on a dark header)."""
    z = zones(w, h, bleed)
    c.saveState()
    for name, colour, dash in (("bleed", BLEED, (2, 1.5)), ("trim", TRIM, ()),
                               ("safe", SAFE, (1, 1.5))):
        r = z[name]
        if name == "bleed" and bleed <= 0:
            continue
        inset = 0.2 if name == "bleed" else 0.0  # keep the whole stroke inside the art's clip
        for stroke, width, pattern in ((white, 3 * LINE, ()), (colour, LINE, dash)):
            c.setStrokeColor(stroke)
            c.setLineWidth(width)
            c.setDash(*pattern) if pattern else c.setDash()
            if shape == "circle":
                c.circle(r.x + r.w / 2, r.y + r.h / 2, min(r.w, r.h) / 2 - inset, stroke=1,
                         fill=0)
            else:
                c.rect(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset, stroke=1,
                       fill=0)
    c.setDash()
    for stroke, width in ((white, 3 * BOX_LINE), (BOX, BOX_LINE)):
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
        for e in elements:
            c.rect(e.rect.x, e.rect.y, e.rect.w, e.rect.h, stroke=1, fill=0)
    c.setFont(font, LABEL_SIZE)
    for e in elements:
        tag = label_tag(e, c.stringWidth(e.name, font, LABEL_SIZE), h + bleed)
        c.setFillColor(white, alpha=0.85)
        c.rect(tag.x, tag.y, tag.w, tag.h, stroke=0, fill=1)
        c.setFillColor(BOX)
        c.drawString(tag.x + LABEL_PAD, tag.y + 0.3 * LABEL_SIZE, e.name)
    c.restoreState()


def label_tag(e: Element, text_width: float, top: float) -> Rect:
    """Where an element's name goes: on a tag just above its box, so the box's own content
    stays in sight, or inside the box's top when the face's edge (`top`) leaves no room."""
    tag_h = 1.3 * LABEL_SIZE
    y = e.rect.top if e.rect.top + tag_h <= top else e.rect.top - tag_h
    return Rect(e.rect.x, y, text_width + 2 * LABEL_PAD, tag_h)
