"""Drawing parts that many games' pieces share: the framed card back and the ringed round
token."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..units import MM

if TYPE_CHECKING:
    from .surface import Surface


def back_frame(s: Surface, fill: Any, line: Any, *, width: float = 1.5,
               inner: float = 6 * MM, inner_width: float = 0.6) -> None:
    """A card back's ground: the colour out to the bleed and a double rounded frame, the outer
    line 4 mm inside the trim, the inner one `inner` inside it."""
    c, w, h = s.c, s.w, s.h
    s.fill_bleed(fill)
    c.setStrokeColor(line)
    c.setLineWidth(width)
    c.roundRect(4 * MM, 4 * MM, w - 8 * MM, h - 8 * MM, 3 * MM, stroke=1, fill=0)
    c.setLineWidth(inner_width)
    c.roundRect(inner, inner, w - 2 * inner, h - 2 * inner, 2 * MM, stroke=1, fill=0)


def ringed_token(s: Surface, fill: Any, ring: Any, *, inset: float, width: float) -> None:
    """A round token's ground: the colour out to the bleed and a ring `inset` inside the cut."""
    r = s.w / 2
    s.fill_bleed(fill)
    s.c.setStrokeColor(ring)
    s.c.setLineWidth(width)
    s.c.circle(r, r, r - inset, stroke=1, fill=0)
