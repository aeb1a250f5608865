"""Grids as data: a `[component.grid]` table lays a board's rows out as the cells of a hex or
square grid (each row names its cell), with a frame round it and paths between cells.

    [[component]]
    name = "island"
    type = "board"                # a board of cells; "tile": each cell's row a tile to cut
    data = "hexes.csv"            # one row a cell: cell (or q,r or col,row), then any columns
    front = "layouts/hex.toml"    # drawn in every cell's box, from that cell's row
    [component.grid]
    shape = "hex"                 # or "square"
    orient = "pointy"             # hexes: flat (default) or pointy
    size = "30mm"                 # hex: corner to corner; square: a side
    radius = 2                    # a hexagon of 19 hexes; or rows = 5 and cols = 6
    frame = "10mm"                # a band round the cells, filled with frame_fill
    label_format = "{col}{row_letter}"  # cells named "3D" (default "0304")
    paths = "roads.csv"           # rows: cells = "0101 0202", along = centres|edges|straight,
                                  # colour, width, layer = over|under (the cells' faces)

pnp/layout/lattice.py does the geometry; this module reads the table and the rows, checks
them by file, row and field; gridboard.py draws it and tessellate.py cuts tiles from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import get_close_matches
from math import sqrt
from pathlib import Path
from typing import Any

from ..data.colours import parse_colour
from ..data.sheets import Table, read_table
from ..errors import DataError, Source, warning
from ..layout.cellnames import check as check_format, relabelled
from ..layout.lattice import (KINDS, OFFSETS, ORIENTS, Cell, Edge, Lattice, Point,
                              cells_of, extent, grown, hexagon_around, shared_edge)
from ..units import MAX_PIECE_MM, MM, length, size as size_of

GRID_KEYS = {"shape", "orient", "offset", "size", "rows", "cols", "radius", "frame",
             "frame_fill", "fill", "stroke", "stroke_width", "labels", "label_colour",
             "label_format", "paths"}
MAX_CELLS = 5000  # a wargame map of 50 x 100 hexes; more is a typo in rows or cols
MAX_SIDE = 200  # rows or columns
MAX_RADIUS = 40  # a hexagon of 4,921 hexes
MAX_PATHS = 1000
MAX_PATH_STEPS = 1000
ALONG = ("centres", "edges", "straight")
LAYERS = ("over", "under")  # a path over the cells' faces, or under them (over the frame)


@dataclass(frozen=True)
class GridPath:
    """A road (from centre to centre) or a river (along the sides two cells share)."""

    segments: tuple[tuple[Point, Point], ...]  # y down, in the cells' frame
    joined: bool  # one polyline through the points (centres) or separate sides (edges)
    colour: Any
    width: float
    under: bool = False  # drawn before the cells' faces: their names print over it


@dataclass
class Grid:
    lattice: Lattice
    cells: list[Cell]
    row_of: dict[str, int]  # cell label -> the row drawn in it
    frame: float = 0.0
    frame_fill: Any = None
    fill: Any = None  # cells no row names
    stroke: Any = None
    stroke_width: float = 0.5
    labels: bool = False
    label_colour: Any = None
    paths: list[GridPath] = field(default_factory=list)
    outline: list[Point] = field(default_factory=list)  # the frame, y down, board frame
    dx: float = 0.0  # where the cells' frame lies on the board
    dy: float = 0.0
    width: float = 0.0
    height: float = 0.0

    label_column: str = ""  # the rows' column naming their cell by label ("cell")
    label_of: dict[int, str] = field(default_factory=dict)  # row -> its cell's label

    def cell_rows(self) -> list[tuple[Cell, int]]:
        """The cells that have a row, in reading order, with its index."""
        return [(c, self.row_of[c.label]) for c in self.cells if c.label in self.row_of]


def _int(table: dict, key: str, lo: int, hi: int, path: Path, where: str) -> int:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DataError(f"{key} must be a whole number from {lo} to {hi}, got {value!r}", path,
                        field=f"{where}.{key}")
    return value


def _choice(table: dict, key: str, options: tuple[str, ...], path: Path, where: str) -> str:
    value = table.get(key, options[0])
    if value not in options:
        raise DataError(f"{key} {value!r} is not one of: {', '.join(options)}", path,
                        field=f"{where}.{key}")
    return str(value)


def _colour(table: dict, key: str, palette: dict, path: Path, where: str) -> Any:
    value = table.get(key)
    if value is None or str(value).strip().lower() in ("", "none", "transparent"):
        return None
    return parse_colour(str(value), palette, path, None, f"{where}.{key}")


def read_lattice(table: Any, path: Path, where: str) -> tuple[Lattice, list[Cell]]:
    """The grid's cells from its table, bounded before any is made, labelled in its
    label_format."""
    lattice, cells = _cells(table, path, where)
    if "label_format" not in table:
        return lattice, cells
    fmt = table["label_format"]
    problem = check_format(fmt) if isinstance(fmt, str) else \
        "label_format is a text, e.g. \"{col}{row_letter}\""
    if not problem:
        cells, problem = relabelled(cells, fmt)
    if problem:
        raise DataError(problem, path, field=f"{where}.label_format")
    return lattice, cells


def _cells(table: Any, path: Path, where: str) -> tuple[Lattice, list[Cell]]:
    if not isinstance(table, dict):
        raise DataError("grid must be a table ([component.grid])", path, field=where)
    unknown = sorted(set(table) - GRID_KEYS)
    if unknown:
        near = get_close_matches(unknown[0], GRID_KEYS, 1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise DataError(f"grid has no key {unknown[0]!r}{hint}", path,
                        field=f"{where}.{unknown[0]}")
    kind = _choice(table, "shape", KINDS, path, where)
    orient = _choice(table, "orient", ORIENTS, path, where)
    offset = _choice(table, "offset", OFFSETS, path, where)
    if "size" not in table:
        raise DataError("a grid needs the size of a cell: size = \"30mm\" (a hex corner to "
                        "corner, a square's side)", path, field=f"{where}.size")
    size = size_of(table["size"], path, field=f"{where}.size")
    lattice = Lattice(kind, orient, offset, size)
    if "radius" in table:
        if kind != "hex":
            raise DataError("radius makes a hexagon of hexes; a square grid takes rows and cols",
                            path, field=f"{where}.radius")
        if "rows" in table or "cols" in table:
            raise DataError("give radius or rows and cols, not both", path,
                            field=f"{where}.radius")
        radius = _int(table, "radius", 0, MAX_RADIUS, path, where)
        return lattice, cells_of(lattice, radius=radius)
    for key in ("rows", "cols"):
        if key not in table:
            raise DataError(f"a grid needs rows and cols (or, for hexes, radius): {key} is "
                            "missing", path, field=f"{where}.{key}")
    rows = _int(table, "rows", 1, MAX_SIDE, path, where)
    cols = _int(table, "cols", 1, MAX_SIDE, path, where)
    if rows * cols > MAX_CELLS:
        raise DataError(f"{rows} x {cols} = {rows * cols:,} cells; a grid has at most "
                        f"{MAX_CELLS:,}", path, field=f"{where}.rows")
    return lattice, cells_of(lattice, rows=rows, cols=cols)


def shape_of(table: Any, kind: str, path: Path, where: str) -> str:
    """The component's shape as a grid gives it: a hex grid's tiles are hexes."""
    if kind not in ("board", "mat", "tile"):
        raise DataError(f"a grid lays out a board, a mat or tiles, not a {kind}", path,
                        field=f"{where}.grid")
    shape = table.get("shape", "hex") if isinstance(table, dict) else "hex"
    return "hex" if shape == "hex" else "rect"


def describe(cells: list[Cell]) -> str:
    """The cells a grid has, as a designer would look them up: each row's first and last
    (a hexagon's rows differ), or the corners of a full block."""
    if len(cells) == 1:
        return f"one cell, {cells[0].label}"
    rows: dict[int, list[str]] = {}
    for c in cells:
        rows.setdefault(c.row, []).append(c.label)
    spans = [f"{min(r)}-{max(r)}" for _, r in sorted(rows.items())]
    first = min(cells, key=lambda c: (c.col, c.row)).label  # as the map reads: "1A", not "10A"
    last = max(cells, key=lambda c: (c.col, c.row)).label
    if len({len(r) for r in rows.values()}) == 1:  # a block of rows x columns
        return f"{len(rows[min(rows)])} columns x {len(rows)} rows, {first} to {last}"
    if len(spans) <= 9:
        return f"{len(cells)} cells; by row: {', '.join(spans)}"
    return f"{len(cells)} cells in {len(spans)} rows; the first row {spans[0]}, the last {spans[-1]}"


class Finder:
    """A row's cell, by label (`cell`), axial (`q`, `r`) or offset column and row from 1
    (`col`, `row`), whichever columns the data has."""

    def __init__(self, cells: list[Cell], columns: tuple[str, ...], game_toml: Path,
                 where: str, hexagon: bool = False):
        self.cells, self.hexagon = cells, hexagon
        self.by_label = {c.label: c for c in cells}
        self.by_axial = {(c.q, c.r): c for c in cells}
        self.by_offset = {(c.col + 1, c.row + 1): c for c in cells}
        if "cell" in columns:
            self.mode = "cell"
        elif "q" in columns and "r" in columns:
            self.mode = "axial"
        elif "col" in columns and "row" in columns:
            self.mode = "offset"
        else:
            raise DataError("a grid's rows name their cell: a column cell (\"0304\"), or q and "
                            "r (axial), or col and row (from 1)", game_toml,
                            field=f"{where}.data")

    def __call__(self, row) -> Cell:
        src = row.source
        if self.mode == "cell":
            text = self.padded(str(row["cell"]).strip())
            hit = self.by_label.get(text)
            if hit is None:
                raise OffGrid(self.unknown(text), src.path, src.row, "cell")
            return hit
        a, b = ("q", "r") if self.mode == "axial" else ("col", "row")
        values = []
        for key in (a, b):
            try:
                values.append(int(str(row[key]).strip()))
            except ValueError:
                raise DataError(f"{str(row[key])!r} is not a whole number", src.path, src.row,
                                key) from None
        table = self.by_axial if self.mode == "axial" else self.by_offset
        hit = table.get((values[0], values[1]))
        if hit is None:
            raise OffGrid(f"{a} = {values[0]}, {b} = {values[1]} is outside the grid "
                          f"({describe(self.cells)})", src.path, src.row, a)
        return hit

    def padded(self, text: str) -> str:
        """A label that lost its leading zero ("202": a spreadsheet read "0202" as a number)
        as the grid prints it."""
        width = len(self.cells[0].label) if self.cells else 0
        if text in self.by_label or not text.isdigit() or len(text) >= width:
            return text
        return text.zfill(width) if text.zfill(width) in self.by_label else text

    def unknown(self, text: str) -> str:
        if not text.strip():
            return f"the row names no cell; give its label ({describe(self.cells)})"
        if len(text) > 40:  # a cell of some other column's text: named, not echoed whole
            text = text[:40] + "..."
        near = get_close_matches(text, list(self.by_label), 1)
        runs = re.findall(r"\d+|[A-Za-z]+", text)  # "2B" for a map that prints "B2"
        turned = "".join(reversed(runs)).upper()
        if len(runs) == 2 and turned in self.by_label:
            near = [turned]
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        if self.hexagon:  # a frame is no cell; a larger radius renames every cell
            hint += ("; the frame round a hexagon of hexes has no cells: to print on the sea, "
                     "make radius one larger (that renames every cell; cells named by q and r "
                     "keep their names)")
        return f"cell {text!r} is not on the grid ({describe(self.cells)}){hint}"


class OffGrid(DataError):
    """A row naming a cell the grid does not have."""


def _cells_of_rows(folder, finder: Finder, rows: Table, table: dict) -> dict[str, int]:
    """Each cell's row (a bad row noted and left out, so one run names every one). Most rows
    off the grid at once is one finding, not one a row: a new size (radius = 20) renamed the
    cells, which the rows still name the old way."""
    row_of: dict[str, int] = {}
    off: list[OffGrid] = []
    for i, row in enumerate(rows.rows):
        try:
            cell = finder(row)
            if cell.label in row_of:
                first = rows.rows[row_of[cell.label]].source.row
                raise DataError(f"cell {cell.label} is already filled by row {first}",
                                row.source.path, row.source.row, finder.mode if
                                finder.mode == "cell" else ("q" if finder.mode == "axial"
                                                            else "col"))
        except OffGrid as exc:
            off.append(exc)
            continue
        except DataError as exc:
            folder.note(exc)
            continue
        row_of[cell.label] = i
    moved = _named_for_smaller(finder, rows, table) if finder.hexagon else None
    said: list[DataError] = list(off)
    if moved is not None:
        said = [moved]
    elif len(off) > 3 and 2 * len(off) >= len(rows.rows):
        said = [_off_grid(off, len(rows.rows), finder, table)]
    for problem in said:
        folder.note(problem)
    return row_of


def _other_places(finder: Finder, rows: Table, row_of: dict[str, int]) -> list:
    """A row whose q and r (or col and row) columns name another cell than its cell column:
    the cell column places it, and the other pair was ignored unsaid (columns that agree
    with it are values to print, said nothing)."""
    for a, b in (("q", "r"), ("col", "row")):
        if a not in rows.columns or b not in rows.columns:
            continue
        for label, i in row_of.items():
            cell, row = finder.by_label[label], rows.rows[i]
            at = (cell.q, cell.r) if a == "q" else (cell.col + 1, cell.row + 1)
            written = (str(row[a]).strip(), str(row[b]).strip())
            if written != (str(at[0]), str(at[1])):
                return [warning(f"its cell {label} is {a} {at[0]}, {b} {at[1]}, not the {a} and "
                                f"{b} columns' {written[0]}, {written[1]}: the cell column "
                                f"places the row, so {a} and {b} place nothing; leave them out "
                                "or make them agree", Source(row.source.path, row.source.row),
                                a)]
    return []


def _named_for_smaller(finder: Finder, rows: Table, table: dict) -> DataError | None:
    """The rows naming by label each cell of a smaller hexagon of hexes (radius = 2 grown to
    3 for a sea ring): its labels count from the top-left cell, so every row moved, most to
    cells the grid still has, off-centre: one error for all of them, not one for the few
    rows that fell off the grid and silence for the rest."""
    if finder.mode != "cell" or not rows.rows:
        return None
    named = {finder.padded(str(row["cell"]).strip()) for row in rows.rows}
    n, radius = len(rows.rows), table["radius"]
    k = round((sqrt(12 * n - 3) - 3) / 6)  # n = 1 + 3k(k + 1)
    if not 1 <= k < radius or 1 + 3 * k * (k + 1) != n or len(named) != n:  # (one row: a map)
        return None
    try:
        _, smaller = read_lattice({**table, "radius": k}, rows.rows[0].source.path, "")
    except DataError:
        return None
    if {c.label for c in smaller} != named:
        return None
    centre = next(c.label for c in finder.cells if c.q == 0 and c.r == 0)
    return DataError(f"the {n} rows name by label every cell of a hexagon of radius {k}, but "
                     f"the grid's radius is {radius}: its labels count from its top-left cell, "
                     f"so each row would be drawn in another cell, off-centre, or off the grid "
                     f"(its centre is {centre}); rename the rows' cells for radius {radius}, "
                     "or name them by q and r, which keep their places",
                     rows.rows[0].source.path, field="cell")


def _off_grid(off: list[OffGrid], n: int, finder: Finder, table: dict) -> OffGrid:
    """Most data rows off the grid, said once: cells named by label were named for another
    size if the size changed (its labels count from its corner); by q and r, or col and
    row, they lie outside it."""
    shown = ", ".join(str(e.row) for e in off[:10]) + (", ..." if len(off) > 10 else "")
    size = [f"{k} = {table[k]!r}" if k == "label_format" else f"{k} = {table[k]}"
            for k in ("radius", "rows", "cols", "label_format") if k in table]
    said = f"{len(off)} of the {n} data rows name cells the grid does not have (rows {shown})"
    if finder.mode == "cell":
        why = (f"if {' or '.join(size) or 'its size'} changed, the grid's cells have new "
               f"labels ({describe(finder.cells)}): rename the rows' cells, or give the grid "
               "the size they were named for")
    else:
        why = "they lie outside it: make the grid larger, or leave those rows out"
    return OffGrid(f"{said}; {why}", off[0].path, field=off[0].field)


def read_grid(folder, table: Any, where: str, rows: Table, palette: dict, kind: str) -> Grid:
    """The grid of a component: its cells, the row in each (a bad row is noted and left out,
    so one run names every one), its frame and paths."""
    path = folder.toml_path
    gw = f"{where}.grid"
    lattice, cells = read_lattice(table, path, gw)
    finder = Finder(cells, rows.columns, path, where, "radius" in table)
    row_of = _cells_of_rows(folder, finder, rows, table)
    if finder.mode == "cell":
        folder.problems += _other_places(finder, rows, row_of)
    frame = length(table.get("frame", 0), path, field=f"{gw}.frame")
    if not 0 <= frame <= 100 * MM:
        raise DataError("frame must be from 0 to 100mm", path, field=f"{gw}.frame")
    stroke_width = length(table.get("stroke_width", "0.5pt"), path, field=f"{gw}.stroke_width")
    if not 0 <= stroke_width <= 5 * MM:
        raise DataError("stroke_width must be from 0 to 5mm", path, field=f"{gw}.stroke_width")
    labels = table.get("labels", False)
    if not isinstance(labels, bool):
        raise DataError("labels must be true or false", path, field=f"{gw}.labels")
    grid = Grid(lattice, cells, row_of, frame, _colour(table, "frame_fill", palette, path, gw),
                _colour(table, "fill", palette, path, gw),
                _colour(table, "stroke", palette, path, gw), stroke_width, labels,
                _colour(table, "label_colour", palette, path, gw))
    grid.label_of = {i: label for label, i in row_of.items()}
    if finder.mode == "cell":  # a layout sees the label as printed ("0202", not 202)
        grid.label_column = "cell"
    _frame(grid, radius_grid="radius" in table)
    if kind in ("board", "mat") and max(grid.width, grid.height) > MAX_PIECE_MM * MM + 1e-6:
        what = (f"radius = {table['radius']}" if "radius" in table else
                f"{table['cols']} columns x {table['rows']} rows")
        raise DataError(f"{what} of {lattice.size / MM:g} mm cells makes a board of "
                        f"{grid.width / MM:.0f} x {grid.height / MM:.0f} mm; a board is at most "
                        f"{MAX_PIECE_MM} mm a side (fewer or smaller cells)", path,
                        field=f"{gw}.{'radius' if 'radius' in table else 'rows'}")
    if "paths" in table:
        if not isinstance(table["paths"], str):
            raise DataError("paths names a CSV file: paths = \"roads.csv\"", path,
                            field=f"{gw}.paths")
        paths = read_table(folder.path, table["paths"], Source(path), f"{gw}.paths")
        grid.paths = read_paths(folder, paths, finder, lattice, palette, path, gw)
    return grid


def _frame(grid: Grid, radius_grid: bool) -> None:
    """The outline round the cells, grown by the frame: a hexagon round a hexagon of
    hexes, their bounding box for rows and columns; and the board's size."""
    lat = grid.lattice
    w, h = extent(lat, grid.cells)
    if radius_grid:
        # pointy hexes make a flat-topped island, and flat ones a pointy one
        shape = hexagon_around([p for c in grid.cells for p in lat.corners(c.x, c.y)],
                               pointy=lat.orient == "flat")
    else:
        shape = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    outline = grown(shape, [grid.frame] * len(shape)) if grid.frame > 0 else shape
    left = min(p[0] for p in outline)
    top = min(p[1] for p in outline)
    grid.dx, grid.dy = -left, -top
    grid.outline = [(x - left, y - top) for x, y in outline]
    grid.width = max(p[0] for p in grid.outline)
    grid.height = max(p[1] for p in grid.outline)


def read_paths(folder, table: Table, finder: Finder, lattice: Lattice, palette: dict,
               game_toml: Path, where: str) -> list[GridPath]:
    if "cells" not in table.columns:
        raise DataError(f"{table.name} needs a column cells (the cells a path passes, "
                        "\"0101 0102 0203\")", game_toml, field=f"{where}.paths")
    if len(table.rows) > MAX_PATHS:
        raise DataError(f"{len(table.rows):,} paths; a grid has at most {MAX_PATHS:,}",
                        game_toml, field=f"{where}.paths")
    out = []
    for row in table.rows:
        try:
            out.append(_path(row, finder, lattice, palette))
        except DataError as exc:
            folder.note(exc)
    return out


def _path(row, finder: Finder, lattice: Lattice, palette: dict) -> GridPath:
    src = row.source
    along = str(row.get("along", "") or "centres").strip() or "centres"
    if along not in ALONG:
        raise DataError(f"along {along!r} is not one of: {', '.join(ALONG)}", src.path, src.row,
                        "along")
    words = str(row["cells"]).split()
    if len(words) > MAX_PATH_STEPS:
        raise DataError(f"{len(words):,} steps; a path has at most {MAX_PATH_STEPS:,}",
                        src.path, src.row, "cells")
    if along != "edges":
        segments = _centre_segments(words, finder, lattice, src, along == "centres")
    else:
        segments = _edge_segments(words, finder, lattice, src)
    colour = parse_colour(str(row.get("colour", "") or "#000000"), palette, src.path, src.row,
                          "colour")
    width = length(str(row.get("width", "") or "1.5mm"), src.path, src.row, "width")
    if not 0 < width <= 20 * MM:
        raise DataError("width must be more than 0 and at most 20mm", src.path, src.row, "width")
    layer = str(row.get("layer", "") or "over").strip() or "over"
    if layer not in LAYERS:
        raise DataError(f"layer {layer!r} is not one of: {', '.join(LAYERS)}", src.path, src.row,
                        "layer")
    return GridPath(segments, along != "edges", colour, width, layer == "under")


def _centre_segments(words: list[str], finder: Finder, lattice: Lattice, src: Source,
                     steps: bool = True) -> tuple:
    """A road from centre to centre: each step to a neighbour (a step across cells, or to the
    cell it is in, would draw a line over a hex no road runs through); unless not `steps`
    (along = "straight": a warp line from a system to one far off)."""
    if len(words) < 2:
        raise DataError("a path names at least two cells: \"0101 0102\"", src.path, src.row,
                        "cells")
    cells = [_cell(w, finder, src) for w in words]
    for a, b in zip(cells, cells[1:]):
        if a is b:
            raise DataError(f"cell {a.label} twice in a row: each step of a path goes to a "
                            "neighbour (leave one out)", src.path, src.row, "cells")
        if steps and shared_edge(lattice, a, b) is None:
            raise DataError(f"cells {a.label} and {b.label} share no side: each step of a path "
                            "goes to a neighbour (name the cells between them, or give the row "
                            "along = \"straight\" for a line across cells)", src.path, src.row,
                            "cells")
    pts = [(c.x, c.y) for c in cells]
    return tuple(zip(pts, pts[1:]))


def _edge_segments(words: list[str], finder: Finder, lattice: Lattice, src: Source) -> tuple:
    """A river along sides: each word a pair of neighbours, "0101/0102", the side between them."""
    segs: list[Edge] = []
    for w in words:
        pair = w.split("/")
        if len(pair) != 2:
            raise DataError(f"{w!r}: along edges, name each side by its two cells, "
                            "\"0101/0102\"", src.path, src.row, "cells")
        a, b = (_cell(p, finder, src) for p in pair)
        side = shared_edge(lattice, a, b)
        if side is None:
            raise DataError(f"cells {a.label} and {b.label} share no side", src.path,
                            src.row, "cells")
        segs.append(side)
    apart = _apart(segs)
    if apart is not None:  # (one path, in any order, branching or not: the template's was two)
        raise DataError(f"the sides {words[0]} and {words[apart]} are not joined by the sides "
                        "between them: a path along edges is one connected line (name the "
                        "sides that join them, or give each part a row of its own)", src.path,
                        src.row, "cells")
    return tuple(segs)


def _apart(sides: list[Edge]) -> int | None:
    """A side no chain of sides sharing corners joins to the first (its index), else None."""
    def meet(a: Edge, b: Edge) -> bool:  # (corners to a thousandth of a point)
        return any(abs(p[0] - q[0]) < 1e-3 and abs(p[1] - q[1]) < 1e-3 for p in a for q in b)

    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, side in enumerate(sides):
            if j not in reached and meet(sides[i], side):
                reached.add(j)
                todo.append(j)
    return next((j for j in range(len(sides)) if j not in reached), None)


def _cell(text: str, finder: Finder, src: Source) -> Cell:
    hit = finder.by_label.get(text)
    if hit is None:
        raise DataError(finder.unknown(text), src.path, src.row, "cells")
    return hit
