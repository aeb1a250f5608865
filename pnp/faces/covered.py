"""Text a later element hides: a layout draws its elements in order, so a filled shape listed
after a text paints over it. A cost disc over the end of a long title ("Draught of the Sun(3)")
fits its box and passes every other check, yet cannot be read: said as a warning naming both
elements, on the face it happens on (a short title beside the same disc is not hidden).

Only the core of each line counts (from its baseline half a size up: a descender or the top of
a capital under a frame's edge is no hidden word), and only shapes that paint opaquely over an
unturned face (a rect, an ellipse or a polygon with a fill, at full opacity); a picture may be
transparent where it seems to cover."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import opening
from ..render.text import LEADING, Fitted as PlainFitted

CORE = 0.5      # of a line's size above its baseline: where its letters are, whatever they are
DEPTH = 0.3     # points a shape must reach into a line's core to hide some of it
COVERING = ("rect", "ellipse", "polygon")


class Drawn(NamedTuple):
    """A text element as drawn: enough to find its lines again, if a later shape nears it."""
    name: str
    field: str
    text: str
    fitted: Any
    x: float
    top: float
    w: float
    align: str
    role: str
    box: tuple[float, float, float, float]    # its whole block's ink (x0, y0, x1, y1)


def hidden(s, e, v: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """Warn of each text drawn earlier on this face whose letters element `e` (of box x, y, w,
    h, about to be drawn) paints over."""
    if e.type not in COVERING or v.get("fill") is None or v["opacity"] < 1 or v["rotate"]:
        return
    for text in s.texts:
        x0, y0, x1, y1 = text.box
        if x + w <= x0 or x1 <= x or y + h <= y0 or y1 <= y:
            continue        # (most faces: nothing near, a few comparisons)
        if any(_reaches(e.type, (x, y, w, h), line) for line in _cores(s.fonts, text)):
            s.report(f'element "{e.name}" is drawn over the text of element "{text.name}" '
                     f"({opening(text.text)}), hiding part of it: move one of them, or list "
                     f'"{text.name}" after "{e.name}" in the layout file', text.field,
                     level="warning")


def _cores(fonts, t: Drawn) -> list[tuple[float, float, float, float]]:
    """Each line's core, as drawn: its ink across, from its baseline to CORE of its size up."""
    out = []
    if isinstance(t.fitted, PlainFitted):
        size = t.fitted.size
        for i, line in enumerate(t.fitted.lines):
            base = t.top - size * 0.95 - i * size * LEADING   # as draw_fitted sets them
            out.append((*_across(t, fonts.width(line, size, t.role)), base, base + CORE * size))
        return out
    size = t.fitted.size
    for line, base in zip(t.fitted.lines, t.fitted.baselines(t.top)):
        span = t.w if t.align == "justify" and not line.last else line.width * size
        out.append((*_across(t, span), base, base + CORE * size * line.scale))
    return out


def _across(t: Drawn, span: float) -> tuple[float, float]:
    left = t.x + (t.w - span) / 2 if t.align == "centre" else \
        t.x + t.w - span if t.align == "right" else t.x
    return left, left + span


def _reaches(kind: str, box: tuple[float, float, float, float],
             core: tuple[float, float, float, float]) -> bool:
    """Whether a shape in `box` reaches DEPTH into a line's core (x0, x1, y0, y1)."""
    x, y, w, h = box
    x0, x1, y0, y1 = core[0] + DEPTH, core[1] - DEPTH, core[2] + DEPTH, core[3] - DEPTH
    if x0 >= x1 or y0 >= y1 or x + w <= x0 or x1 <= x or y + h <= y0 or y1 <= y:
        return False
    if kind != "ellipse":
        return True       # (a polygon by its box: a shape that wide that near is hiding)
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    px, py = min(max(cx, x0), x1), min(max(cy, y0), y1)    # the core's point nearest the centre
    return ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 < 1
