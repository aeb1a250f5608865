"""Tiling a board over pages: pure geometry in points.

A board that fits the printable area (turned if that helps) is one page, centred. A larger board
is cut into tiles that overlap by `overlap`: each tile is cut on its outline, the overlap on its
right and bottom sides is a glue margin the neighbour is laid over, and registration ticks that
cross each seam at the same board coordinates on both tiles line the joint up; each tile also
shows its place in a small assembly map.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from ..units import MM
from .grid import LABEL_BAND, PRINTER_MARGIN, Rect

TILE_MARGIN = 12 * MM  # room on a tile page for labels, the assembly map and alignment marks
OVERLAP = 10 * MM


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: which part of the board it shows, and where."""

    col: int
    row: int  # 0 = top row of the board
    src: Rect  # the part of the board (board coordinates, origin bottom-left) on this page
    x: float  # where the board's src origin lands on the page (after rotation)
    y: float
    rotated: bool  # board turned 90 degrees (counter-clockwise) on the page


@dataclass(frozen=True)
class TilePlan:
    """A board cut into pages: its tiles, their columns and rows, and how much they overlap."""

    board_w: float
    board_h: float
    cols: int
    rows: int
    rotated: bool
    tiles: tuple[Tile, ...]
    overlap: float = 0.0

    @property
    def single(self) -> bool:
        return len(self.tiles) == 1


def plan_tiles(board_w: float, board_h: float, page_w: float, page_h: float,
               overlap: float = OVERLAP) -> TilePlan:
    best: tuple[int, bool, int, int] | None = None
    for rotated in (False, True):
        w, h = (board_h, board_w) if rotated else (board_w, board_h)
        # a whole board keeps the printer's margin, and the band for its footer below it
        room_h = page_h - 2 * (PRINTER_MARGIN + LABEL_BAND)
        if w <= page_w - 2 * PRINTER_MARGIN and h <= room_h:
            x, y = (page_w - w) / 2, (page_h - h) / 2
            tile = Tile(0, 0, Rect(0, 0, w, h), x, y, rotated)
            return TilePlan(board_w, board_h, 1, 1, rotated, (tile,))
        room_w, room_h = page_w - 2 * TILE_MARGIN, page_h - 2 * TILE_MARGIN
        cols = max(1, ceil((w - overlap) / (room_w - overlap)))
        rows = max(1, ceil((h - overlap) / (room_h - overlap)))
        if best is None or cols * rows < best[0]:
            best = (cols * rows, rotated, cols, rows)
    assert best is not None          # the loop always considers both turns
    _, rotated, cols, rows = best
    w, h = (board_h, board_w) if rotated else (board_w, board_h)
    # split evenly so every tile shows the same amount of board
    step_w = (w - overlap) / cols if cols > 1 else w
    step_h = (h - overlap) / rows if rows > 1 else h
    tw = step_w + overlap if cols > 1 else w
    th = step_h + overlap if rows > 1 else h
    tiles = []
    for row in range(rows):
        for col in range(cols):
            # in page-oriented board coordinates (the board as it lies on the page)
            px = col * step_w
            py = h - th - row * step_h
            x, y = (page_w - tw) / 2, (page_h - th) / 2
            tiles.append(Tile(col, row, Rect(px, py, tw, th), x - px, y - py, rotated))
    return TilePlan(board_w, board_h, cols, rows, rotated, tuple(tiles), overlap)


# ---- how the tiles go together -----------------------------------------------------------------
# Each tile is cut on its outline. A tile with a neighbour to its right (or below) keeps the
# overlap on that side as a glue margin; the neighbour is laid over it, its cut edge on the seam
# (the margin's inner line). Registration ticks cross each seam at the same board coordinates on
# both tiles: the left (upper) tile's run from TICK inside its face across its glue margin, the
# right (lower) tile's from its cut edge TICK inwards, so an aligned joint shows each pair as one
# straight line.
TICK = 3 * MM


@dataclass(frozen=True)
class Seam:
    """A glue margin on a tile (page coordinates) and the line its neighbour's edge goes on."""

    strip: Rect
    vertical: bool  # the seam runs up the page (the neighbour is to the right)
    at: float  # the seam's x (vertical) or y (horizontal) on the page


def _neighbour(plan: TilePlan, tile: Tile, dcol: int, drow: int) -> Tile | None:
    col, row = tile.col + dcol, tile.row + drow
    if 0 <= col < plan.cols and 0 <= row < plan.rows:
        return plan.tiles[row * plan.cols + col]
    return None


def _on_page(tile: Tile) -> Rect:
    return Rect(tile.x + tile.src.x, tile.y + tile.src.y, tile.src.w, tile.src.h)


def seams(plan: TilePlan, tile: Tile) -> list[Seam]:
    """The tile's glue margins: on its right and bottom sides, where it has a neighbour."""
    box, ov = _on_page(tile), plan.overlap
    out = []
    if _neighbour(plan, tile, 1, 0):
        out.append(Seam(Rect(box.right - ov, box.y, ov, box.h), True, box.right - ov))
    if _neighbour(plan, tile, 0, 1):
        out.append(Seam(Rect(box.x, box.y, box.w, ov), False, box.y + ov))
    return out


def _tick_places(start: float, length: float) -> tuple[float, float]:
    """Where along a shared span of board the ticks of a seam go (two, a quarter in)."""
    return start + length / 4, start + 3 * length / 4


def ticks(plan: TilePlan, tile: Tile) -> list[tuple[float, float, float, float]]:
    """Registration ticks on a tile's page, (x1, y1, x2, y2): across its own glue margins and in
    from the edges that are laid on a neighbour's. Their places are board coordinates shared by
    both tiles of a seam, so they meet when the joint is right."""
    box = _on_page(tile)
    out = []
    for seam in seams(plan, tile):
        if seam.vertical:
            for y in _tick_places(tile.src.y, tile.src.h):
                out.append((seam.at - TICK, tile.y + y, box.right, tile.y + y))
        else:
            for x in _tick_places(tile.src.x, tile.src.w):
                out.append((tile.x + x, box.y, tile.x + x, seam.at + TICK))
    if _neighbour(plan, tile, -1, 0):  # this tile's left edge lies on its left neighbour's seam
        for y in _tick_places(tile.src.y, tile.src.h):
            out.append((box.x, tile.y + y, box.x + TICK, tile.y + y))
    if _neighbour(plan, tile, 0, -1):  # its top edge on the seam of the tile above
        for x in _tick_places(tile.src.x, tile.src.w):
            out.append((tile.x + x, box.top - TICK, tile.x + x, box.top))
    return out
