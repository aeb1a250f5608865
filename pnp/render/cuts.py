"""A piece's frame on the page and its cut shapes: the matrix from its own frame to the page
(turned fronts and backs), the hexagon of a hex tile, a rectangle moved by the printer's back
offset."""

from __future__ import annotations

from ..layout.grid import Rect


def piece_matrix(trim: Rect, turned: bool, back: bool,
                 upside_down: bool = False) -> tuple[float, ...]:
    """The PDF matrix from a piece's own frame (trim box at 0, 0) to the page. A turned front
    takes a quarter turn anticlockwise (its top to the page's left); a turned back the other
    way, so that once folded and flipped over the back stands upright behind its front.
    `upside_down`: a half turn more (a back on landscape paper, flipped top over bottom)."""
    if not turned:
        return (-1, 0, 0, -1, trim.right, trim.top) if upside_down else (1, 0, 0, 1, trim.x, trim.y)
    if back != upside_down:
        return (0, -1, 1, 0, trim.x, trim.top)
    return (0, 1, -1, 0, trim.right, trim.y)


def hexagon(path, trim: Rect, grow: float, turned: bool = False) -> None:
    """A flat-top hexagon filling the trim box (corner to corner across), grown by `grow`; on a
    turned sheet the face inside is a quarter turn round, so the cut is pointy-top (corner to
    corner up the page)."""
    from math import cos, pi, sin

    cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
    r = (trim.h if turned else trim.w) / 2 + grow / cos(pi / 6)
    start = 90 if turned else 0
    for i in range(6):
        a = (start + 60 * i) * pi / 180
        x, y = cx + r * cos(a), cy + r * sin(a)
        path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
    path.close()


def moved(r: Rect, dx: float, dy: float) -> Rect:
    return Rect(r.x + dx, r.y + dy, r.w, r.h)
