"""Hex and square grids: pure geometry in points, y down from the grid's top left (the way a
designer reads a map; drawing turns it up).

A hex is given by `size`, corner to corner (as a hex tile's size is): flat-top hexes stand in
columns, every other column pushed down half a hex; pointy-top hexes lie in rows, every other
row pushed right. `offset` says which ones are pushed: "odd" (the second, fourth...) or "even".
Each cell has its offset place (col, row, from 0) and, for hexes, its axial one (q, r), and a
label: column then row, from 1, two digits each, as wargame maps print them ("0304").
A grid is rows x columns, or (hexes) a hexagon of hexes of a radius: 1 + 3r(r+1) cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, pi, sin, sqrt

SQ3 = sqrt(3)
KINDS = ("hex", "square")
ORIENTS = ("flat", "pointy")
OFFSETS = ("odd", "even")
EPS = 1e-6


@dataclass(frozen=True)
class Cell:
    col: int
    row: int
    q: int  # axial (hexes); for squares the same as col
    r: int  # axial (hexes); for squares the same as row
    x: float  # centre, points from the grid's top left, y down
    y: float
    label: str


Point = tuple[float, float]
Edge = tuple[Point, Point]


@dataclass(frozen=True)
class Lattice:
    """The shape of one cell and how cells sit: positions, corners, neighbours."""

    kind: str = "hex"
    orient: str = "flat"
    offset: str = "odd"
    size: float = 0.0  # hex: corner to corner; square: a side

    @property
    def radius(self) -> float:  # a hex's corner from its centre
        return self.size / 2

    @property
    def cell_w(self) -> float:
        if self.kind == "square":
            return self.size
        return self.size if self.orient == "flat" else SQ3 * self.radius

    @property
    def cell_h(self) -> float:
        if self.kind == "square":
            return self.size
        return SQ3 * self.radius if self.orient == "flat" else self.size

    def _pushed(self, n: int) -> bool:
        return (n % 2 == 1) == (self.offset == "odd")

    def centre(self, col: int, row: int) -> Point:
        """The centre of offset cell (col, row), relative to cell (0, 0)'s centre."""
        R = self.radius
        if self.kind == "square":
            return col * self.size, row * self.size
        if self.orient == "flat":
            return 1.5 * R * col, SQ3 * R * (row + (0.5 if self._pushed(col) else 0.0))
        return SQ3 * R * (col + (0.5 if self._pushed(row) else 0.0)), 1.5 * R * row

    def axial_centre(self, q: int, r: int) -> Point:
        """The centre of axial cell (q, r), relative to cell (0, 0)'s centre."""
        R = self.radius
        if self.kind == "square":
            return q * self.size, r * self.size
        if self.orient == "flat":
            return 1.5 * R * q, SQ3 * R * (r + q / 2)
        return SQ3 * R * (q + r / 2), 1.5 * R * r

    def axial(self, col: int, row: int) -> tuple[int, int]:
        if self.kind == "square":
            return col, row
        if self.orient == "flat":  # columns: q is the column, r climbs with it
            shift = (col + (col & 1)) // 2 if self.offset == "even" else (col - (col & 1)) // 2
            return col, row - shift
        shift = (row + (row & 1)) // 2 if self.offset == "even" else (row - (row & 1)) // 2
        return col - shift, row

    def offset_of(self, q: int, r: int) -> tuple[int, int]:
        if self.kind == "square":
            return q, r
        if self.orient == "flat":
            shift = (q + (q & 1)) // 2 if self.offset == "even" else (q - (q & 1)) // 2
            return q, r + shift
        shift = (r + (r & 1)) // 2 if self.offset == "even" else (r - (r & 1)) // 2
        return q + shift, r

    def corners(self, x: float, y: float, grow: float = 0.0) -> list[Point]:
        """A cell's corners round its centre (y down), clockwise on the page; `grow` moves
        every side out by that much."""
        if self.kind == "square":
            h = self.size / 2 + grow
            return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
        R = self.radius + grow / cos(pi / 6)
        start = 0 if self.orient == "flat" else 30
        return [(x + R * cos((start + 60 * i) * pi / 180), y + R * sin((start + 60 * i) * pi / 180))
                for i in range(6)]

    def neighbour_steps(self) -> list[tuple[int, int]]:
        """The axial steps to the cells across each side."""
        if self.kind == "square":
            return [(1, 0), (0, 1), (-1, 0), (0, -1)]
        return [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def label(col: int, row: int, cols: int, rows: int) -> str:
    """Column then row, from 1, each padded to the digits the larger of the two needs (at
    least 2): "0304"."""
    digits = max(2, len(str(max(cols, rows))))
    return f"{col + 1:0{digits}d}{row + 1:0{digits}d}"


def cells_of(lattice: Lattice, rows: int = 0, cols: int = 0, radius: int | None = None
             ) -> list[Cell]:
    """The cells of a rows x cols grid, or of a hexagon of hexes round a centre, in reading
    order, placed so the grid's drawing starts at (0, 0)."""
    if radius is not None:
        axial = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
                 if abs(q + r) <= radius]
        offs = [lattice.offset_of(q, r) for q, r in axial]
        c0, r0 = min(c for c, _ in offs), min(r for _, r in offs)
        raw = [(c - c0, r - r0, q, ar, *lattice.axial_centre(q, ar))
               for (c, r), (q, ar) in zip(offs, axial)]
    else:
        raw = [(c, r, *lattice.axial(c, r), *lattice.centre(c, r))
               for r in range(rows) for c in range(cols)]
    ncols = max(t[0] for t in raw) + 1
    nrows = max(t[1] for t in raw) + 1
    corners = [p for t in raw for p in lattice.corners(t[4], t[5])]
    left = min(p[0] for p in corners)
    top = min(p[1] for p in corners)
    out = []
    for c, r, q, ar, x, y in sorted(raw, key=lambda t: (round(t[5], 3), round(t[4], 3))):
        out.append(Cell(c, r, q, ar, x - left, y - top, label(c, r, ncols, nrows)))
    return out


def extent(lattice: Lattice, cells: list[Cell]) -> tuple[float, float]:
    """Width and height of the cells' drawing (cells_of starts it at 0, 0)."""
    pts = [p for cell in cells for p in lattice.corners(cell.x, cell.y)]
    return max(p[0] for p in pts), max(p[1] for p in pts)


def key(p: Point) -> tuple[int, int]:
    """A point as a set member: to a thousandth of a point."""
    return round(p[0] * 1000), round(p[1] * 1000)


def edges(lattice: Lattice, cells: list[Cell]) -> list[Edge]:
    """Every side of the cells once: a side two cells share is one edge (one line to draw,
    one cut), in the order first met."""
    return sides(lattice, [(c.x, c.y) for c in cells])


def sides(lattice: Lattice, centres: list[Point]) -> list[Edge]:
    """Every side of the cells centred at `centres`, a shared one once."""
    seen: set = set()
    out: list[Edge] = []
    for x, y in centres:
        pts = lattice.corners(x, y)
        for a, b in zip(pts, pts[1:] + pts[:1]):
            k = frozenset((key(a), key(b)))
            if k not in seen:
                seen.add(k)
                out.append((a, b))
    return out


def open_sides(lattice: Lattice, centre: Point, taken: set) -> list[bool]:
    """For each side of the cell at `centre` (corner i to i+1): True when no cell of `taken`
    (their centres' key) lies across it. The cell across a side is the centre mirrored
    through the side's middle."""
    x, y = centre
    pts = lattice.corners(x, y)
    out = []
    for a, b in zip(pts, pts[1:] + pts[:1]):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        out.append(key((2 * mx - x, 2 * my - y)) not in taken)
    return out


MAX_PACK = 200  # rows or columns of one sheet


def grid_extent(lattice: Lattice, rows: int, cols: int) -> tuple[float, float]:
    """Width and height of a rows x cols grid's drawing (what extent() finds, worked out)."""
    R = lattice.radius
    if lattice.kind == "square":
        return cols * lattice.size, rows * lattice.size
    if lattice.orient == "flat":
        return 2 * R + 1.5 * R * (cols - 1), SQ3 * R * (rows + (0.5 if cols > 1 else 0.0))
    return SQ3 * R * (cols + (0.5 if rows > 1 else 0.0)), 2 * R + 1.5 * R * (rows - 1)


def _fits(lattice: Lattice, rows: int, cols: int, width: float, height: float,
          margin: float) -> bool:
    w, h = grid_extent(lattice, rows, cols)
    return w + 2 * margin <= width + EPS and h + 2 * margin <= height + EPS


def pack(lattice: Lattice, width: float, height: float, margin: float) -> list[Cell]:
    """The largest rows x cols grid of cells whose drawing, with `margin` round it, fits
    width x height; its cells start at (margin, margin)."""
    best = (0, 0, 0)
    for cols in range(1, MAX_PACK + 1):
        if not _fits(lattice, 1, cols, width, height, margin):
            break
        rows = 1
        while rows < MAX_PACK and _fits(lattice, rows + 1, cols, width, height, margin):
            rows += 1
        if not _fits(lattice, rows, cols, width, height, margin):
            continue  # one row fits but not with the offset a second row brings
        if rows * cols > best[0]:
            best = (rows * cols, rows, cols)
    if not best[0]:
        return []
    _, rows, cols = best
    return [Cell(c.col, c.row, c.q, c.r, c.x + margin, c.y + margin, c.label)
            for c in cells_of(lattice, rows=rows, cols=cols)]


def shared_edge(lattice: Lattice, a: Cell, b: Cell) -> Edge | None:
    """The side cells a and b share, or None when they are not neighbours."""
    pa = lattice.corners(a.x, a.y)
    keys_b = {key(p) for p in lattice.corners(b.x, b.y)}
    common = [p for p in pa if key(p) in keys_b]
    return (common[0], common[1]) if len(common) == 2 else None


def hexagon_around(points: list[Point], pointy: bool) -> list[Point]:
    """The smallest regular hexagon, flat-top (or pointy-top), centred on the points' middle,
    that holds them all (the frame of a hexagon of hexes)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    start = 30 if pointy else 0  # a corner's angle
    normals = [((start + 30 + 60 * i) * pi / 180) for i in range(6)]
    apothem = max((x - cx) * cos(a) + (y - cy) * sin(a) for a in normals for x, y in points)
    r = apothem / cos(pi / 6)
    return [(cx + r * cos((start + 60 * i) * pi / 180), cy + r * sin((start + 60 * i) * pi / 180))
            for i in range(6)]


def grown(polygon: list[Point], by: list[float]) -> list[Point]:
    """A convex polygon with side i (from corner i to corner i+1) moved outwards by by[i]
    (0 keeps it), its corners where the moved sides meet (mitred)."""
    n = len(polygon)
    cx = sum(p[0] for p in polygon) / n
    cy = sum(p[1] for p in polygon) / n
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5
        nx, ny = dy / length, -dx / length
        if (x1 - cx) * nx + (y1 - cy) * ny < 0:  # make the normal point away from the centre
            nx, ny = -nx, -ny
        lines.append(((x1 + nx * by[i], y1 + ny * by[i]), (dx, dy)))
    out = []
    for i in range(n):
        (p, d), (q, e) = lines[i - 1], lines[i]
        det = d[0] * e[1] - d[1] * e[0]
        if abs(det) < EPS:  # parallel sides: keep the moved corner
            out.append(q)
            continue
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / det
        out.append((p[0] + t * d[0], p[1] + t * d[1]))
    return out

