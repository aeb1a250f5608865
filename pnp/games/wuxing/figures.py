"""Wuxing Duel's figures: the drawings its layout files (card_data/wuxing/layouts) place but no
box can express. Each is named `wuxing.*`; a layout gives it a box and args from the row.

- arrow: a link's arrow across its box (solid with a filled head, or dashed with an open one,
  so the two kinds differ without colour);
- cycle: both cycles between the five elements, generating round the pentagon and destroying
  across it, from the engine's tables (the `cycle` every Wuxing layout may name);
- islands: the paths of islands.csv, each a dashed causeway of element islands, spread over
  the box (where the pawns stand: kit.island_centres)."""

from __future__ import annotations

from math import cos, pi, sin
from typing import Any

from reportlab.lib.colors import Color

from ...data.layouts.values import ValueProblem, colour_in
from ...faces.figures import Figure, figure
from ...render.colours import ink_on
from ...render.icons import arrow as draw_arrow, disc, toward
from ...render.surface import Surface
from ...units import MM
from ..figargs import colour_or_none, flag_arg, length_arg
from .kit import island_centres

# where an arrow starts, as a point of its box (0-1 across, 0-1 up); it ends at the opposite one
CORNERS = {"left": (0, 0.5), "right": (1, 0.5), "top": (0.5, 1), "bottom": (0.5, 0),
           "top-left": (0, 1), "top-right": (1, 1), "bottom-left": (0, 0), "bottom-right": (1, 0)}


@figure("wuxing.arrow")
def arrow(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """From the box's point `from` (left, top-left, ...) to the opposite one, `start` and `end`
    short of them, in `colour`, `width` thick, `dashed` or solid, with a `head` and a `halo` (a
    wider line of that colour under it, to part it from what it crosses)."""
    start = str(args.get("from", "left"))
    if start not in CORNERS:
        raise ValueError(f"from must be one of {', '.join(CORNERS)}, got {start!r}")
    fx, fy = CORNERS[start]
    x1, y1, x2, y2 = x + fx * w, y + fy * h, x + (1 - fx) * w, y + (1 - fy) * h
    x1, y1, x2, y2 = toward(x1, y1, x2, y2, length_arg(args, "start", "0mm"),
                            length_arg(args, "end", "0mm"))
    draw_arrow(s.c, x1, y1, x2, y2, colour_or_none(s, args, "colour", "ink"),
               width=length_arg(args, "width", "2pt"), dashed=flag_arg(args, "dashed"),
               head=length_arg(args, "head", "7pt"), halo=colour_or_none(s, args, "halo", None))


@figure("wuxing.cycle")
def cycle(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The five elements on the circle inscribed in the box, each a disc `node` wide in radius,
    with both cycles' arrows; the names outside the pentagon when `outside`, else below."""
    table = args.get("cycle")
    if not isinstance(table, dict):
        raise ValueError("args.cycle must be the game's cycle: cycle = \"{{ cycle }}\"")
    draw_cycle(s.surface, table, s.palette, x + w / 2, y + h / 2, min(w, h) / 2,
               length_arg(args, "node", "4.8mm"), colour_or_none(s, args, "ink", "ink"),
               flag_arg(args, "outside", True))


def draw_cycle(s: Surface, table: dict[str, Any], palette, cx: float, cy: float, R: float,
               r: float, ink: Color | None, outside: bool = True) -> None:
    """Both cycles round (cx, cy): generating round the pentagon (red, solid), destroying across
    it (blue, dashed). `table`: printed.cycle_table (the engine's tables, the data's elements)."""
    c = s.c
    colour = colour_in(palette)
    order = table["order"]
    pos = {eid: (cx + R * cos(pi / 2 - 2 * pi * i / len(order)),
                 cy + R * sin(pi / 2 - 2 * pi * i / len(order))) for i, eid in enumerate(order)}
    for links, key, dashed in ((table["generates"], "generating", False),
                               (table["destroys"], "destroying", True)):
        for a, b in links:
            x1, y1, x2, y2 = toward(*pos[a], *pos[b], r + 2, r + 3)
            draw_arrow(c, x1, y1, x2, y2, palette[key], width=max(1.2, r / 9), dashed=dashed,
                       head=max(5.0, r / 2.2))
    for eid, (x, y) in pos.items():
        e = table["elements"][eid]
        fill = colour(e["colour"])
        disc(c, x, y, r, fill, ink, max(0.8, r / 12))
        c.setFillColor(ink_on(fill))
        source = e.get("source")
        s.line(e["glyph"], x, y - r * 0.36, r * 1.05, "cjk", "centre", field="glyph",
               source=source)
        # the top name sits above its node; side names outside when there is room, else below
        size = max(7, r * 0.45)
        ux = (x - cx) / R
        align, lx, ly = "centre", x, y - r - size * 1.1
        if y > cy + R * 0.9:
            ly = y + r + size * 0.35
        elif outside and abs(ux) > 0.5 and y > cy:
            align = "left" if ux > 0 else "right"
            lx, ly = x + (r + 2) * (1 if ux > 0 else -1), y - size * 0.35
        c.setFillColor(ink)
        s.line(e["name"], lx, ly, size, "bold", align, field="name", source=source)


@figure("wuxing.islands")
def islands(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The `islands` (path, position and element of each) as columns of islands `diameter`
    across, a path each, from the box's bottom (Yang's side) to its top; a dashed causeway in
    `causeway` under each path, its label beside it, each island ringed in `shore`."""
    rows = args.get("islands")
    if not isinstance(rows, list):
        raise ValueError("args.islands must be the board's islands: islands = \"{{ islands }}\"")
    d = length_arg(args, "diameter", "30mm")
    if d <= 0:
        raise ValueProblem(f"diameter must be more than 0, got {args.get('diameter')!r}")
    c, surface = s.c, s.surface
    ink, shore = colour_or_none(s, args, "ink", "ink"), colour_or_none(s, args, "shore", "sand")
    centres = island_centres([(i["path"], i["position"]) for i in rows], (x, y, w, h), d)
    for p in sorted({i["path"] for i in rows}):
        ends = [xy for (path, _), xy in sorted(centres.items()) if path == p]
        cx = ends[0][0]
        c.setStrokeColor(shore)
        c.setLineWidth(5)
        c.setDash(6, 4)
        c.line(cx, ends[0][1], cx, ends[-1][1])
        c.setDash()
        c.setFillColor(ink)
        surface.line(f"Path {p}", cx + d / 2 + 2 * MM, y + h / 2 - 3, 9, "bold")
    colour = colour_in(s.palette)
    for i in rows:
        cx, cy = centres[(i["path"], i["position"])]
        fill = colour(i["colour"])
        disc(c, cx, cy, d / 2 + 1.5 * MM, shore, None)
        disc(c, cx, cy, d / 2, fill, ink, 1.2)
        c.setFillColor(ink_on(fill))
        source = i.get("source")  # the element's row: a problem is named in elements.csv
        surface.line(i["glyph"], cx, cy - d * 0.12, d * 0.5, "cjk", "centre", field="glyph",
                     source=source)
        surface.line(i["name"], cx, cy - d * 0.36, 8, "bold", "centre", max_width=d * 0.9,
                     field="name", source=source)
