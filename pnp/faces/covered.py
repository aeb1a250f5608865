"""Text a later element hides: a layout draws its elements in order, so a filled shape listed
after a text paints over it. A cost disc over the end of a long title ("Draught of the Sun(3)")
fits its box and passes every other check, yet cannot be read: said as a warning naming both
elements, on the face it happens on (a short title beside the same disc is not hidden).

Only the core of each line counts (from its baseline half a size up: a descender or the top of
a capital under a frame's edge is no hidden word), and only shapes that paint opaquely over an
unturned face: a rect (its rounded corners left out), an ellipse, or a polygon of `sides`
(taken as the ellipse in its box), with a fill, at full opacity. A polygon of `points` may
leave most of its box bare, and a picture may be transparent where it seems to cover: not
judged."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..data.layouts.elements import SHAPES
from ..render.text import LEADING, Fitted as PlainFitted

CORE = 0.5      # of a line's size above its baseline: where its letters are, whatever they are
DEPTH = 0.3     # points a shape must reach into a line's core to hide some of it
ROUNDED = 0.3   # of a rect's corner radius its sides are taken in by (its corners are bare)


class Drawn(NamedTuple):
    """A text element as drawn: enough to find its lines again, if a later shape nears it."""
    element: Any    # the layout's element
    field: str      # what a finding about its text names
    text: str
    fitted: Any
    x: float
    top: float
    w: float
    align: str
    role: str
    box: tuple[float, float, float, float]    # the element's box (x0, y0, x1, y1)


def hidden(s, e, v: dict[str, Any], x: float, y: float, w: float, h: float) -> list[Drawn]:
    """The texts drawn earlier on this face whose letters element `e` (of box x, y, w, h,
    about to be drawn) paints over."""
    kind = _kind(e.type, v)
    if kind is None or v.get("fill") is None or v["opacity"] < 1 or v["rotate"]:
        return []
    if kind == "rect" and v["radius"].of(min(w, h)) > 0:
        inset = ROUNDED * v["radius"].of(min(w, h))
        x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    out = []
    for text in s.texts:
        x0, y0, x1, y1 = text.box
        if x + w <= x0 or x1 <= x or y + h <= y0 or y1 <= y:
            continue        # (most faces: nothing near, a few comparisons)
        if any(_reaches(kind, (x, y, w, h), line) for line in cores(s.fonts, text)):
            out.append(text)
    return out


def _kind(element_type: str, v: dict[str, Any]) -> str | None:
    """How a shape covers its box: "rect" (all of it), "ellipse" (the ellipse in it), or None
    (not judged)."""
    if element_type not in SHAPES:
        return None
    if element_type == "polygon":
        return "ellipse" if v.get("points") is None else None
    return element_type


def cores(fonts, t: Drawn) -> list[tuple[float, float, float, float]]:
    """Each line's core, as drawn (x0, x1, y0, y1): its ink across, from its baseline to CORE
    of its size up."""
    out = []
    size = t.fitted.size
    if isinstance(t.fitted, PlainFitted):
        for i, line in enumerate(t.fitted.lines):
            base = t.top - size * 0.95 - i * size * LEADING   # as draw_fitted sets them
            out.append((*_across(t, fonts.width(line, size, t.role)), base, base + CORE * size))
        return out
    for line, base in zip(t.fitted.lines, t.fitted.baselines(t.top)):
        # a justified line runs to both sides, unless it is its paragraph's last or one word
        full = t.align == "justify" and not line.last and len(line.words) > 1
        out.append((*_across(t, t.w if full else line.width * size), base,
                    base + CORE * size * line.scale))
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
    if kind == "rect":
        return True
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    px, py = min(max(cx, x0), x1), min(max(cy, y0), y1)    # the core's point nearest the centre
    return ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 < 1
