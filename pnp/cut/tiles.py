"""Tessellated tiles for a cutting machine: the kit's tile sets (pnp/faces/tessellate.py)
packed edge to edge in the machine's field, clear of its marks, and their cuts, each side two
tiles share cut once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kit import Kit
from ..layout.grid import NoRoom, Rect
from ..layout.lattice import Point, pack, sides
from ..units import MM
from .machines import Machine

if TYPE_CHECKING:
    from ..faces.tessellate import TileSet


@dataclass
class TileCutPage:
    """A page of tiles for the machine: their centres (points, y down from the page's top)."""

    tiles: TileSet
    faces: tuple
    spots: list[Point]
    number: int
    pages: int

    @property
    def has_backs(self) -> bool:
        return any(f.back is not None for f in self.faces)

    @property
    def placed(self) -> tuple:  # what the export counts
        return self.faces

    @property
    def title(self) -> str:
        return self.tiles.title

    def cuts(self) -> list[tuple[Point, Point]]:
        return sides(self.tiles.lattice, self.spots)


def tile_sets(kit: Kit) -> list[TileSet]:
    """The kit's tile sets, each once, in the order their pages come."""
    from ..faces.tessellate import TilePage

    found: dict[int, TileSet] = {}
    for board in kit.boards:
        if isinstance(board.draw, TilePage) and not board.draw.back:
            found.setdefault(id(board.draw.tiles), board.draw.tiles)
    return list(found.values())


def lay_out_tiles(kit: Kit, machine: Machine, page: tuple[float, float],
                  bleed: float) -> list[TileCutPage]:
    """Each tile set packed in the machine's field, leaving out the cells whose art would
    reach the white its marks need."""
    page_w, page_h = page
    field = machine.field(page_w, page_h)
    keep_out = machine.keep_out(page_w, page_h)
    out: list[TileCutPage] = []
    for tiles in tile_sets(kit):
        lattice = tiles.lattice
        cells = pack(lattice, field.w, field.h, bleed)
        spots = []
        for cell in cells:
            x, y = field.x + cell.x, (page_h - field.top) + cell.y
            pts = lattice.corners(x, y, bleed)
            box = Rect(min(p[0] for p in pts), page_h - max(p[1] for p in pts),
                       max(p[0] for p in pts) - min(p[0] for p in pts),
                       max(p[1] for p in pts) - min(p[1] for p in pts))
            if not any(box.overlaps(k) for k in keep_out):
                spots.append((x, y))
        if not spots:
            raise NoRoom(f"{tiles.title}: a {lattice.cell_w / MM:.0f} mm tile does not fit the "
                         f"{machine.name} cut area")
        faces = tiles.faces
        chunks = [faces[i:i + len(spots)] for i in range(0, len(faces), len(spots))]
        for n, chunk in enumerate(chunks, 1):
            out.append(TileCutPage(tiles, chunk, spots[:len(chunk)], n, len(chunks)))
    return out


def draw_tile_page(c, fonts, p: TileCutPage, page: tuple[float, float], bleed: float,
                   findings: list, back: bool) -> None:
    from ..faces.tessellate import draw_tiles

    page_w, page_h = page
    spots = [(page_w - x, y) for x, y in p.spots] if back else p.spots
    drawers = [f.back if back else f.front for f in p.faces]
    draw_tiles(c, fonts, p.tiles.lattice, spots, drawers,
               [f.source for f in p.faces], [f.name for f in p.faces], page_h, bleed, findings,
               shape=p.tiles.shape, untitled=[f.untitled for f in p.faces])
