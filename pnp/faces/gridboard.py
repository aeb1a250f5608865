"""Drawing a grid board (pnp/faces/grid.py reads it): the frame, each cell's face clipped
to its cell, the cells' sides once each, the paths and the coordinate labels."""

from __future__ import annotations

from reportlab.lib.colors import black

from ..kit import Piece, Sheet
from ..layout.lattice import Point, edges
from .grid import Grid


class GridBoard:
    """Draws a grid board: the frame, each cell's face clipped to its cell, the cells' sides,
    the paths and the coordinate labels."""

    def __init__(self, grid: Grid, component, drawers, names: list[str]):
        self.grid, self.component, self.drawers, self.names = grid, component, drawers, names

    def cells(self) -> Sheet:
        """Each cell that has a row as a piece of its own (for the checks and previews)."""
        lat, c = self.grid.lattice, self.component
        pieces = tuple(Piece(c.name, self.names[i], self.drawers[i][0], None,
                             c.table.rows[i].source) for _, i in self.grid.cell_rows())
        return Sheet(c.title, lat.cell_w, lat.cell_h, pieces,
                     shape="hex" if lat.kind == "hex" else "rect", duplex=False)

    def __call__(self, s) -> None:
        from ..render.surface import Surface

        g, c, H = self.grid, s.c, s.h
        lat = g.lattice

        def up(p: Point) -> Point:  # the cells' frame (y down) to the board's (y up)
            return p[0] + g.dx, H - (p[1] + g.dy)

        def polygon(points: list[Point], fill: bool = False, stroke: bool = False,
                    clip: bool = False) -> None:
            path = c.beginPath()
            for i, p in enumerate(points):
                (path.moveTo if i == 0 else path.lineTo)(*p)
            path.close()
            if clip:
                c.clipPath(path, stroke=0, fill=0)
            else:
                c.drawPath(path, stroke=int(stroke), fill=int(fill))

        if g.frame_fill is not None and not s.ink_saver:
            c.setFillColor(g.frame_fill)
            polygon(g.outline, fill=True)
        for cell in g.cells:
            corners = [up(p) for p in lat.corners(cell.x, cell.y)]
            index = g.row_of.get(cell.label)
            if index is None:
                if g.fill is not None:
                    c.setFillColor(g.fill)
                    polygon(corners, fill=True)
                continue
            front = self.drawers[index][0]
            c.saveState()
            polygon(corners, clip=True)
            x, y = up((cell.x - lat.cell_w / 2, cell.y + lat.cell_h / 2))
            c.translate(x, y)
            row = self.component.table.rows[index]
            face = Surface(c, s.fonts, lat.cell_w, lat.cell_h, 0.0, f"cell {cell.label}",
                           row.source, ink_saver=s.ink_saver, record=s.record, cut=False)
            front(face)
            s.findings.extend(face.findings)
            c.restoreState()
        c.saveState()
        c.setLineCap(1)
        c.setLineJoin(1)
        if g.stroke is not None and g.stroke_width > 0:
            c.setStrokeColor(g.stroke)
            c.setLineWidth(g.stroke_width)
            for a, b in edges(lat, g.cells):
                c.line(*up(a), *up(b))
        for p in g.paths:
            c.setStrokeColor(p.colour)
            c.setLineWidth(p.width)
            if p.joined:
                path = c.beginPath()
                path.moveTo(*up(p.segments[0][0]))
                for _, b in p.segments:
                    path.lineTo(*up(b))
                c.drawPath(path, stroke=1, fill=0)
            else:
                for a, b in p.segments:
                    c.line(*up(a), *up(b))
        c.restoreState()
        if g.labels:
            c.setFillColor(g.label_colour or g.stroke or black)
            for cell in g.cells:
                x, y = up((cell.x, cell.y - lat.cell_h * 0.34))
                s.line(cell.label, x, y - 2.5, 7, align="centre")
