"""Tiles cut as a tessellated sheet: hex (or square) tiles packed edge to edge, so two
neighbours share one cut line, as a board of hexes would be cut apart. Each tile's art runs
exactly to a shared side and out past a side with no neighbour by the bleed. A page of tiles
is a board page of the kit (pnp/render/boards.py draws it; its backs follow it, mirrored for
a long-edge flip); the cut export (pnp/cut/tiles.py) packs the same tiles for a machine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..kit import Board, Piece, Sheet
from ..layout.lattice import Lattice, Point, grown, key, open_sides, pack, sides
from ..units import MM, PAPERS

# what a board page holds on A4 and on Letter alike, inside the printer's margin and above
# the footer band (pnp/layout/tiles.py: a board that fits is one page)
AREA = (200 * MM, 263 * MM)
EDGES = (10 * MM, 16 * MM)  # that margin and band, both sides, across and up a page
BLEED = 2 * MM  # past a side with no neighbour
CUT_LINE = 0.25  # pt: the shared cut lines printed over the art, to cut by hand


@dataclass(frozen=True)
class TileFace:
    front: Any
    back: Any
    source: Any
    name: str
    untitled: bool = False  # `name` is made from its kind and place (kit.Piece.untitled)


@dataclass(frozen=True)
class TileSet:
    """The tiles of one component and their cell."""

    title: str
    kind: str  # what the kit counts
    lattice: Lattice
    faces: tuple[TileFace, ...]
    shape: str
    two_sided: bool = False  # the backs matter in play: printed even with --no-backs


def draw_tiles(c, fonts, lattice: Lattice, spots: list[Point], drawers: list, sources: list,
               names: list[str], page_h: float, bleed: float, findings: list,
               ink_saver: bool = False, record: bool = False, shape: str = "hex",
               untitled: Sequence[bool] = ()) -> bool:
    """Each drawer's face in the cell centred at its spot (y down from the top, page_h
    high), clipped to its cell grown by `bleed` on its open sides; then every cut once.
    Whether a face met an error its layout file said once, on an earlier face (Surface.faulted)."""
    faulted = False
    from ..render.surface import Surface

    taken = {key(p) for p in spots}
    w, h = lattice.cell_w, lattice.cell_h
    flags = untitled or [False] * len(spots)  # (kit.Piece.untitled of each; none: all named)
    for spot, drawer, source, name, unnamed in zip(spots, drawers, sources, names, flags):
        if drawer is None:
            continue
        corners = lattice.corners(*spot)
        outline = grown(corners, [bleed if o else 0.0 for o in open_sides(lattice, spot, taken)])
        c.saveState()
        path = c.beginPath()
        for i, (x, y) in enumerate(outline):
            (path.moveTo if i == 0 else path.lineTo)(x, page_h - y)
        path.close()
        c.clipPath(path, stroke=0, fill=0)
        c.translate(spot[0] - w / 2, page_h - (spot[1] + h / 2))
        face = Surface(c, fonts, w, h, bleed, name, source, ink_saver=ink_saver, shape=shape,
                       record=record, untitled=unnamed)
        drawer(face)
        findings.extend(face.findings)
        faulted |= face.faulted
        c.restoreState()
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(CUT_LINE)
    for (x1, y1), (x2, y2) in sides(lattice, spots):
        c.line(x1, page_h - y1, x2, page_h - y2)
    c.restoreState()
    return faulted


class TilePage:
    """The drawer of one board page of tiles (its fronts, or its backs mirrored)."""

    def __init__(self, tiles: TileSet, faces: tuple[TileFace, ...], spots: list[Point],
                 width: float, back: bool):
        self.tiles, self.faces, self.back = tiles, faces, back
        self.spots = [(width - x, y) for x, y in spots] if back else spots

    def __call__(self, s) -> None:
        s.faulted |= draw_tiles(s.c, s.fonts, self.tiles.lattice, self.spots,
                   [f.back if self.back else f.front for f in self.faces],
                   [f.source for f in self.faces], [f.name for f in self.faces], s.h, BLEED,
                   s.findings, s.ink_saver, s.record, self.tiles.shape,
                   [f.untitled for f in self.faces])

    def cells(self) -> Sheet | None:
        """The tiles of a page of fronts as pieces (for the checks and previews); a page of
        backs lists none (its fronts' page does, with their backs)."""
        if self.back:
            return None
        t = self.tiles
        return Sheet(t.title, t.lattice.cell_w, t.lattice.cell_h,
                     tuple(Piece(t.kind, f.name, f.front, f.back, f.source, untitled=f.untitled)
                           for f in self.faces),
                     shape=t.shape)

    def cuts(self) -> list[tuple[Point, Point]]:
        """The cut lines, y down from the page's top: each shared side once."""
        return sides(self.tiles.lattice, self.spots)


def sheet_area(page_w: float, page_h: float) -> tuple[float, float]:
    """What a page of tiles may cover on this paper, laid upright: inside the printer's margin
    and above the footer band (a landscape sheet takes it turned, as any board). On paper no
    larger than A4 or Letter, what both hold, so a kit's tile sheets print alike on either."""
    short, long = sorted((page_w, page_h))
    across, up = EDGES if page_w <= page_h else EDGES[::-1]  # turned: the band runs up it
    area = short - across, long - up
    if short <= PAPERS["letter"][0] + 1 and long <= PAPERS["a4"][1] + 1:
        area = min(area[0], AREA[0]), min(area[1], AREA[1])
    return area


def tile_boards(tiles: TileSet, source, area: tuple[float, float] = AREA,
                backs: bool = True, faces: tuple[TileFace, ...] | None = None) -> list[Board]:
    """The tiles (`faces`, default all) on as few board pages as they take, each page's backs
    after it unless `backs` is False."""
    faces = tiles.faces if faces is None else faces
    cells = pack(tiles.lattice, *area, BLEED)
    if not cells:
        from ..layout.grid import NoRoom

        lat = tiles.lattice
        raise NoRoom(f"{tiles.title}: a {lat.cell_w / MM:.0f} x {lat.cell_h / MM:.0f} mm tile "
                     f"does not fit the {area[0] / MM:.0f} x {area[1] / MM:.0f} mm a page "
                     "leaves for tiles; make it smaller or use larger paper",
                     getattr(source, "path", None))
    xs = [p[0] for c in cells for p in tiles.lattice.corners(c.x, c.y)]
    ys = [p[1] for c in cells for p in tiles.lattice.corners(c.x, c.y)]
    width, height = max(xs) + BLEED, max(ys) + BLEED
    per = len(cells)
    chunks = [faces[i:i + per] for i in range(0, len(faces), per)]
    boards = []
    for n, chunk in enumerate(chunks, 1):
        spots = [(c.x, c.y) for c in cells[:len(chunk)]]
        title = f"{tiles.title}: sheet {n} of {len(chunks)}" if len(chunks) > 1 else tiles.title
        with_backs = backs and any(f.back is not None for f in chunk)
        how = ("double-sided with its backs (next page), flip on the long edge; cut on the "
               "grey lines" if with_backs else "single-sided; cut on the grey lines")
        boards.append(Board(title, width, height, TilePage(tiles, chunk, spots, width, False),
                            (tiles.kind,) * len(chunk), source, how))
        if with_backs:
            boards.append(Board(f"{title}, backs", width, height,
                                TilePage(tiles, chunk, spots, width, True), (), source,
                                "the reverse of the previous page, flip on the long edge"))
    return boards


def for_paper(boards: list[Board], page_w: float, page_h: float,
              backs: bool) -> tuple[list[Board], Counter]:
    """The kit's boards with each set of tile sheets packed again for the paper the build
    prints on (a kit is made before `--paper` is read), and without their back pages when
    `backs` is False, unless their backs matter in play; and the backs that leaves out, by
    kind of piece. Other boards are kept as they are."""
    area = sheet_area(page_w, page_h)
    out: list[Board] = []
    done: set[int] = set()
    dropped: Counter = Counter()
    for board in boards:
        page = board.draw
        if not isinstance(page, TilePage):
            out.append(board)
            continue
        tiles = page.tiles
        if id(tiles) in done:
            continue
        done.add(id(tiles))
        faces = tuple(f for b in boards if isinstance(b.draw, TilePage) and b.draw.tiles is tiles
                      and not b.draw.back for f in b.draw.faces)
        keep = backs or tiles.two_sided
        if not keep:
            dropped[tiles.kind] += sum(1 for f in faces if f.back is not None)
        out.extend(tile_boards(tiles, board.source, area, keep, faces))
    return out, dropped


def place_grid(kit, component, drawers: list, labels: list[str]) -> None:
    """A component with a grid or tessellated tiles into the kit: a grid board as one board,
    tiles (a grid's cells, or any hex tiles) on tessellated sheets."""
    from .gridboard import GridBoard

    c, grid = component, component.grid
    if grid is not None and not c.on_sheets:
        cells = grid.cell_rows()
        kit.boards.append(Board(c.title, c.width, c.height, GridBoard(grid, c, drawers, labels),
                                (c.name,) * sum(c.counts[i] for _, i in cells), c.source,
                                printed_on=True, cell=grid.lattice.kind))
        return
    if grid is not None:
        lattice, order = grid.lattice, [i for _, i in grid.cell_rows()]
    else:
        lattice, order = Lattice("hex", "flat", "odd", c.width), list(range(len(drawers)))
    from .rows import untitled

    faces = tuple(TileFace(drawers[i][0], drawers[i][1], c.table.rows[i].source, labels[i],
                           untitled(c, i)) for i in order for _ in range(c.counts[i]))
    if faces:
        tiles = TileSet(c.title, c.name, lattice, faces, "hex" if lattice.kind == "hex"
                        else "rect", c.two_sided)
        kit.boards.extend(tile_boards(tiles, c.source, c.sheet_area or AREA))
