"""Tiling a board over pages: pure geometry in points.

A board that fits the printable area (turned if that helps) is one page, centred. A larger board
is cut into tiles that overlap by `overlap`, so the user trims one edge of each pair and glues the
overlap; each tile carries alignment marks and its place in a small assembly map.
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
