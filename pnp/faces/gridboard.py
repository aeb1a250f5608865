"""Drawing a grid board (pnp/faces/grid.py reads it): the frame, each cell's face clipped
to its cell, the cells' sides once each, the paths and the coordinate labels."""

from __future__ import annotations

from reportlab.lib.colors import black

from ..errors import entry_field
from ..kit import Piece, Sheet
from ..layout.lattice import Point, edges
from ..render.colours import ink_on
from ..units import MM
from .grid import Grid

LABEL_SIZE = 7.0  # pt: a wargame map's hex numbers
LABEL_AT = 0.17  # of a cell's height: the label's middle below the cell's top
LABEL_ROLE = "regular"
HALO = 1.2  # pt: the line round each label's letters (white round dark ink)


class GridBoard:
    """Draws a grid board: the frame, each cell's face clipped to its cell, the cells' sides,
    the paths and the coordinate labels."""

    def __init__(self, grid: Grid, component, drawers, names: list[str]):
        self.grid, self.component, self.drawers, self.names = grid, component, drawers, names

    def cells(self) -> Sheet:
        """Each cell that has a row as a piece of its own (for the checks and previews)."""
        from .rows import untitled

        lat, c = self.grid.lattice, self.component
        pieces = tuple(Piece(c.name, self.names[i], self.drawers[i][0], None,
                             c.table.rows[i].source, untitled=untitled(c, i))
                       for _, i in self.grid.cell_rows())
        return Sheet(c.title, lat.cell_w, lat.cell_h, pieces,
                     shape="hex" if lat.kind == "hex" else "rect", duplex=False)

    def __call__(self, s) -> None:
        g, c, H = self.grid, s.c, s.h

        def up(p: Point) -> Point:  # the cells' frame (y down) to the board's (y up)
            return p[0] + g.dx, H - (p[1] + g.dy)

        if g.frame_fill is not None and not s.ink_saver:
            c.setFillColor(g.frame_fill)
            _polygon(c, g.outline, fill=True)
        for cell in g.cells:  # the empty cells' fill first: a path under the faces shows on it
            if g.fill is not None and cell.label not in g.row_of:
                c.setFillColor(g.fill)
                _polygon(c, [up(p) for p in g.lattice.corners(cell.x, cell.y)], fill=True)
        c.saveState()
        c.setLineCap(1)
        c.setLineJoin(1)
        self._paths(c, up, under=True)
        c.restoreState()
        for cell in g.cells:
            index = g.row_of.get(cell.label)
            if index is not None:
                self._cell_face(s, up, cell, index)
        c.saveState()
        c.setLineCap(1)
        c.setLineJoin(1)
        if g.stroke is not None and g.stroke_width > 0:
            c.setStrokeColor(g.stroke)
            c.setLineWidth(g.stroke_width)
            for a, b in edges(g.lattice, g.cells):
                c.line(*up(a), *up(b))
        self._paths(c, up, under=False)
        c.restoreState()
        if g.labels:
            self._labels(s, up)

    def _cell_face(self, s, up, cell, index: int) -> None:
        """The face of the cell's row, clipped to the cell."""
        from ..render.surface import Surface

        c, lat = s.c, self.grid.lattice
        c.saveState()
        _polygon(c, [up(p) for p in lat.corners(cell.x, cell.y)], clip=True)
        x, y = up((cell.x - lat.cell_w / 2, cell.y + lat.cell_h / 2))
        c.translate(x, y)
        row = self.component.table.rows[index]
        face = Surface(c, s.fonts, lat.cell_w, lat.cell_h, 0.0, f"cell {cell.label}",
                       row.source, ink_saver=s.ink_saver, record=s.record, boxes=s.boxes,
                       cut=False)
        self.drawers[index][0](face)  # the row's front
        s.findings.extend(face.findings)
        s.faulted |= face.faulted  # (its layout's error, said on an earlier cell)
        if self.grid.labels:
            self._clear_of_label(face, cell.label, s.findings)
        c.restoreState()

    def _labels(self, s, up) -> None:
        """Each cell's coordinate label, ink in a thin halo of its opposite (dark in white):
        readable on any terrain; a light label_colour (gold on a space map) gets a dark halo."""
        g, c, lat = self.grid, s.c, self.grid.lattice
        font = s.fonts[LABEL_ROLE]
        label = g.label_colour or black
        halo = ink_on(label)
        for mode, ink in ((1, halo), (0, label)):
            c.saveState()  # (the text render mode is the graphics state's: restored)
            c.setLineJoin(1)
            c.setLineWidth(HALO)
            c.setStrokeColor(halo)
            c.setFillColor(ink)
            for cell in g.cells:
                x, y = up((cell.x, cell.y - lat.cell_h * (0.5 - LABEL_AT)))
                text = c.beginText()
                text.setTextRenderMode(mode)
                text.setFont(font, LABEL_SIZE)
                text.setTextOrigin(x - s.fonts.width(cell.label, LABEL_SIZE, LABEL_ROLE) / 2,
                                   y - 0.35 * LABEL_SIZE)
                text.textOut(cell.label)
                c.drawText(text)
            c.restoreState()

    def _paths(self, c, up, under: bool) -> None:
        """The paths of one layer: under the cells' faces (a warp line a system's name prints
        over) or over them (the default)."""
        for p in self.grid.paths:
            if p.under != under:
                continue
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

    def _clear_of_label(self, face, label: str, findings: list) -> None:
        """A warning for each element of the cell's layout that prints (text, an icon) where
        the cell's coordinate label goes: near the top of the cell, centred."""
        from ..errors import warning

        lat = self.grid.lattice
        half_w = face.fonts.width(label, LABEL_SIZE, LABEL_ROLE) / 2 + HALO
        middle = lat.cell_h * (1 - LABEL_AT)  # the face's frame: y up from the cell's bottom
        left, right = lat.cell_w / 2 - half_w, lat.cell_w / 2 + half_w
        bottom, top = middle - LABEL_SIZE / 2 - HALO, middle + LABEL_SIZE / 2 + HALO
        for el in face.elements:
            r = el.rect
            if el.shows and r.x < right and left < r.x + r.w and r.y < top and bottom < r.y + r.h:
                findings.append(warning(
                    f"element {el.name!r} prints over the cell's coordinate label (labels = "
                    f"true prints it {(lat.cell_h - top) / MM:.1f} to "
                    f"{(lat.cell_h - bottom) / MM:.1f} mm below the top of each cell, "
                    "centred): move it down, or set labels = false",
                    self.component.source,
                    f"{entry_field('component', self.component.name)}.front"))


def _polygon(c, points: list[Point], fill: bool = False, clip: bool = False) -> None:
    """Fill the polygon, or clip what follows to it."""
    path = c.beginPath()
    for i, p in enumerate(points):
        (path.moveTo if i == 0 else path.lineTo)(*p)
    path.close()
    if clip:
        c.clipPath(path, stroke=0, fill=0)
    else:
        c.drawPath(path, stroke=0, fill=int(fill))
