"""Cut paths: the outline of every piece on a cut page (a card's rounded rectangle, a token's
circle, a tile's hexagon) as SVG and DXF, in millimetres from the page's corner, so the
machine's app lays them exactly over the printed sheet."""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, pi, sin

from ..units import MM
from .layout import CutPage


@dataclass(frozen=True)
class Outline:
    """One cut, in mm with the origin at the page's top left and y down (as SVG has it)."""

    kind: str  # rect, circle, hex, or line (from x, y by w, h: a side tiles share)
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0  # a rectangle's corners
    pointy: bool = False  # a hexagon with a corner at the top (on a turned sheet)

    def points(self) -> list[tuple[float, float]]:
        """A hexagon's corners (y down)."""
        return [(x, 2 * (self.y + self.h / 2) - y) for x, y in
                hexagon(self.x, self.y, self.w, self.h, 0.0, self.pointy)]


def hexagon(x: float, y: float, w: float, h: float, grow: float,
            pointy: bool) -> list[tuple[float, float]]:
    """The corners (y up) of the hexagon a hex piece's box holds, as the kit prints it: flat-top
    corner to corner across the width, or pointy-top up the height (a turned sheet), grown by
    `grow` on every side."""
    cx, cy = x + w / 2, y + h / 2
    r = (h if pointy else w) / 2 + grow / cos(pi / 6)
    start = 90 if pointy else 0
    return [(cx + r * cos((start + 60 * i) * pi / 180), cy + r * sin((start + 60 * i) * pi / 180))
            for i in range(6)]


def outlines(page: CutPage, page_h: float, radius: float) -> list[Outline]:
    """The page's cuts; `radius` (points) rounds the rectangles' corners, at most to a half
    of their shorter side."""
    shape = page.sheet.shape
    out = []
    for p in page.placed:
        t = p.trim
        x, y, w, h = t.x / MM, (page_h - t.top) / MM, t.w / MM, t.h / MM
        if shape == "rect":
            out.append(Outline("rect", x, y, w, h, min(radius / MM, w / 2, h / 2)))
        else:
            out.append(Outline(shape, x, y, w, h, pointy=p.turned))
    return out


def tile_cuts(page) -> list[Outline]:
    """A tile page's cuts (pnp/cut/tiles.py): every side once, in mm from the top left."""
    return [Outline("line", x1 / MM, y1 / MM, (x2 - x1) / MM, (y2 - y1) / MM)
            for (x1, y1), (x2, y2) in page.cuts()]


def _n(v: float) -> str:
    return f"{v:.4f}".rstrip("0").rstrip(".")


def to_svg(cuts: list[Outline], page_w: float, page_h: float) -> str:
    """An SVG the size of the page in mm (viewBox in mm), one path a cut, stroked, unfilled."""
    w, h = page_w / MM, page_h / MM
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" '
             f'viewBox="0 0 {_n(w)} {_n(h)}">',
             '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">']
    for c in cuts:
        if c.kind == "circle":
            lines.append(f'<circle cx="{_n(c.x + c.w / 2)}" cy="{_n(c.y + c.h / 2)}" '
                         f'r="{_n(min(c.w, c.h) / 2)}"/>')
        elif c.kind == "line":
            lines.append(f'<line x1="{_n(c.x)}" y1="{_n(c.y)}" x2="{_n(c.x + c.w)}" '
                         f'y2="{_n(c.y + c.h)}"/>')
        elif c.kind == "hex":
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in c.points())
            lines.append(f'<polygon points="{pts}"/>')
        elif c.radius > 0:
            r = c.radius
            lines.append(
                f'<path d="M{_n(c.x + r)},{_n(c.y)} H{_n(c.x + c.w - r)} '
                f'A{_n(r)},{_n(r)} 0 0 1 {_n(c.x + c.w)},{_n(c.y + r)} V{_n(c.y + c.h - r)} '
                f'A{_n(r)},{_n(r)} 0 0 1 {_n(c.x + c.w - r)},{_n(c.y + c.h)} H{_n(c.x + r)} '
                f'A{_n(r)},{_n(r)} 0 0 1 {_n(c.x)},{_n(c.y + c.h - r)} V{_n(c.y + r)} '
                f'A{_n(r)},{_n(r)} 0 0 1 {_n(c.x + r)},{_n(c.y)} Z"/>')
        else:
            lines.append(f'<rect x="{_n(c.x)}" y="{_n(c.y)}" width="{_n(c.w)}" '
                         f'height="{_n(c.h)}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def to_dxf(cuts: list[Outline], page_w: float, page_h: float) -> str:
    """A DXF (R12 entities: LINE, ARC, CIRCLE on layer CUT) in mm with y up from the page's
    bottom left, as CAD and cutter apps read it; $INSUNITS 4 says millimetres."""
    h = page_h / MM
    out = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "9", "$MEASUREMENT",
           "70", "1", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]

    def line(x1: float, y1: float, x2: float, y2: float) -> None:
        out.extend(["0", "LINE", "8", "CUT", "10", _n(x1), "20", _n(h - y1), "11", _n(x2),
                    "21", _n(h - y2)])

    def arc(cx: float, cy: float, r: float, start: float, end: float) -> None:
        out.extend(["0", "ARC", "8", "CUT", "10", _n(cx), "20", _n(h - cy), "40", _n(r),
                    "50", _n(start), "51", _n(end)])

    for c in cuts:
        if c.kind == "circle":
            out.extend(["0", "CIRCLE", "8", "CUT", "10", _n(c.x + c.w / 2), "20",
                        _n(h - c.y - c.h / 2), "40", _n(min(c.w, c.h) / 2)])
        elif c.kind == "line":
            line(c.x, c.y, c.x + c.w, c.y + c.h)
        elif c.kind == "hex":
            pts = c.points()
            for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
                line(x1, y1, x2, y2)
        else:
            r, x0, y0, x1, y1 = c.radius, c.x, c.y, c.x + c.w, c.y + c.h
            line(x0 + r, y0, x1 - r, y0)  # top (y down here; flipped as written)
            line(x1, y0 + r, x1, y1 - r)
            line(x1 - r, y1, x0 + r, y1)
            line(x0, y1 - r, x0, y0 + r)
            if r > 0:  # corners, anticlockwise in DXF's y-up frame
                arc(x1 - r, y0 + r, r, 0, 90)  # top right
                arc(x0 + r, y0 + r, r, 90, 180)  # top left
                arc(x0 + r, y1 - r, r, 180, 270)  # bottom left
                arc(x1 - r, y1 - r, r, 270, 360)  # bottom right
    out.extend(["0", "ENDSEC", "0", "EOF", ""])
    return "\n".join(out)
