"""Tracks generated from data: N cells laid along a box as a loop around its edge, a serpentine
filling it row by row, or a single line. Pure geometry in points (y up, as the canvas), so the
cells can be tested by numbers before anything is drawn."""

from __future__ import annotations

from dataclasses import dataclass

PATHS = ("loop", "serpentine", "line")


@dataclass(frozen=True)
class Cell:
    """One cell of a track: its place along it and its box in points (lower left, size)."""

    index: int  # 0-based position along the track
    x: float
    y: float
    w: float
    h: float


def loop_sides(n: int, w: float, h: float) -> tuple[int, int]:
    """Columns and rows of a ring of n cells whose cells come closest to square."""
    if n < 4 or n % 2:
        raise ValueError(f"a loop needs an even number of cells, at least 4 (got {n})")
    total = n // 2 + 2  # cols + rows: a ring of cols x rows holds 2 (cols + rows) - 4 cells
    return _squarest(((cols, total - cols) for cols in range(2, total - 1)), w, h)


def grid_sides(n: int, w: float, h: float) -> tuple[int, int]:
    """Columns and rows of a grid holding n cells, cells closest to square."""
    return _squarest(((-(-n // rows), rows) for rows in range(1, n + 1)), w, h)


def _squarest(shapes, w: float, h: float) -> tuple[int, int]:
    """The (columns, rows) whose cells in a w x h box are closest to square (the first of
    equals)."""
    best: tuple[float, int, int] | None = None
    for cols, rows in shapes:
        cw, ch = w / cols, h / rows
        score = max(cw, ch) / min(cw, ch)
        if best is None or score < best[0]:
            best = (score, cols, rows)
    assert best is not None  # every caller offers at least one shape
    return best[1], best[2]


def cells(n: int, path: str, x: float, y: float, w: float, h: float) -> list[Cell]:
    """The cells of a track in order, the first at the top left (a loop then runs clockwise)."""
    if n < 1:
        raise ValueError(f"a track needs at least one cell (got {n})")
    if path == "loop":
        cols, rows = loop_sides(n, w, h)
        cw, ch = w / cols, h / rows
        ring = ([(i, 0) for i in range(cols)] + [(cols - 1, j) for j in range(1, rows)]
                + [(i, rows - 1) for i in range(cols - 2, -1, -1)]
                + [(0, j) for j in range(rows - 2, 0, -1)])
        return [Cell(k, x + i * cw, y + h - (j + 1) * ch, cw, ch) for k, (i, j) in enumerate(ring)]
    if path == "serpentine":
        cols, rows = grid_sides(n, w, h)
        cw, ch = w / cols, h / rows
        out = []
        for k in range(n):
            j, i = divmod(k, cols)
            if j % 2:
                i = cols - 1 - i
            out.append(Cell(k, x + i * cw, y + h - (j + 1) * ch, cw, ch))
        return out
    if path == "line":
        if w >= h:
            cw = w / n
            return [Cell(k, x + k * cw, y, cw, h) for k in range(n)]
        ch = h / n
        return [Cell(k, x, y + h - (k + 1) * ch, w, ch) for k in range(n)]
    raise ValueError(f"unknown track path {path!r}; use one of {', '.join(PATHS)}")
