"""Imposition of same-size pieces (cards, tiles, tokens) n-up on a page: pure geometry in points.

Pieces are laid in a grid centred on the page. With gap 0 neighbours share a cut line (one
guillotine cut between two cards); the bleed then runs out only around the grid's outer edge.
With a gap, each piece gets min(bleed, gap / 2) of bleed on every side. Crop marks sit in the page
margin, on the extension of every cut line, so they never cross a piece. Backs use the same grid
mirrored left-right, so a long-edge duplex print puts each back behind its front.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from ..errors import DataError
from ..units import MM, mm

PRINTER_MARGIN = 3 * MM  # nothing that matters is drawn closer to the paper edge
MARK_GAP = 0.5 * MM  # between the outer bleed and a crop mark
MARK_MIN = 2.5 * MM
MARK_MAX = 5 * MM
EPS = 1e-6


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, left: float, bottom: float, right: float, top: float) -> "Rect":
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    page_w: float
    page_h: float
    piece_w: float
    piece_h: float
    cols: int
    rows: int
    gap: float
    bleed: float  # requested bleed
    outer_bleed: float  # bleed around the grid's outside edge (may be less on a tight page)
    mark_len: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def inner_bleed(self) -> float:
        return min(self.bleed, self.gap / 2)

    @property
    def left(self) -> float:
        return (self.page_w - self.grid_w) / 2

    @property
    def bottom(self) -> float:
        return (self.page_h - self.grid_h) / 2

    @property
    def grid_w(self) -> float:
        return self.cols * self.piece_w + (self.cols - 1) * self.gap

    @property
    def grid_h(self) -> float:
        return self.rows * self.piece_h + (self.rows - 1) * self.gap

    def cell(self, index: int) -> tuple[int, int]:
        """(column, row) of the index-th piece on a page, reading order from the top left."""
        return index % self.cols, index // self.cols

    def trim(self, index: int, back: bool = False) -> Rect:
        col, row = self.cell(index)
        if back:
            col = self.cols - 1 - col
        x = self.left + col * (self.piece_w + self.gap)
        y = self.bottom + (self.rows - 1 - row) * (self.piece_h + self.gap)
        return Rect(x, y, self.piece_w, self.piece_h)

    def bleed_rect(self, index: int, back: bool = False) -> Rect:
        """The area a piece's art may cover: its trim plus the bleed it owns on each side."""
        col, row = self.cell(index)
        if back:
            col = self.cols - 1 - col
        inner, outer = self.inner_bleed, self.outer_bleed
        left = outer if col == 0 else inner
        right = outer if col == self.cols - 1 else inner
        top = outer if row == 0 else inner
        bottom = outer if row == self.rows - 1 else inner
        return self.trim(index, back).grow(left, bottom, right, top)

    def cut_xs(self) -> list[float]:
        xs: list[float] = []
        for col in range(self.cols):
            x = self.left + col * (self.piece_w + self.gap)
            for v in (x, x + self.piece_w):
                if not xs or abs(xs[-1] - v) > EPS:
                    xs.append(v)
        return xs

    def cut_ys(self) -> list[float]:
        ys: list[float] = []
        for row in range(self.rows):
            y = self.bottom + row * (self.piece_h + self.gap)
            for v in (y, y + self.piece_h):
                if not ys or abs(ys[-1] - v) > EPS:
                    ys.append(v)
        return ys

    def crop_marks(self) -> list[Mark]:
        """Short lines in the margin continuing every cut line, outside all bleed."""
        lo_y = self.bottom - self.outer_bleed - MARK_GAP
        hi_y = self.bottom + self.grid_h + self.outer_bleed + MARK_GAP
        lo_x = self.left - self.outer_bleed - MARK_GAP
        hi_x = self.left + self.grid_w + self.outer_bleed + MARK_GAP
        n = self.mark_len
        marks = []
        for x in self.cut_xs():
            marks.append(Mark(x, lo_y - n, x, lo_y))
            marks.append(Mark(x, hi_y, x, hi_y + n))
        for y in self.cut_ys():
            marks.append(Mark(lo_x - n, y, lo_x, y))
            marks.append(Mark(hi_x, y, hi_x + n, y))
        return marks


def _fit(page: float, piece: float, gap: float) -> int:
    room = page - 2 * (PRINTER_MARGIN + MARK_MIN + MARK_GAP)
    return max(0, floor((room + gap + EPS) / (piece + gap)))


def plan_grid(page_w: float, page_h: float, piece_w: float, piece_h: float, *,
              bleed: float, gap: float = 0.0, what: str = "card") -> Grid:
    """The largest grid of pieces that fits the page with room for crop marks."""
    if piece_w <= 0 or piece_h <= 0:
        raise DataError(f"{what}: size {mm(piece_w):.1f} x {mm(piece_h):.1f} mm must be positive")
    if bleed < 0 or gap < 0:
        raise DataError("bleed and gap cannot be negative")
    cols, rows = _fit(page_w, piece_w, gap), _fit(page_h, piece_h, gap)
    if cols < 1 or rows < 1:
        raise DataError(f"{what}: a {mm(piece_w):.0f} x {mm(piece_h):.0f} mm piece does not fit on "
                        f"a {mm(page_w):.0f} x {mm(page_h):.0f} mm page with margins for crop "
                        "marks; make it smaller or use larger paper")
    grid_w = cols * piece_w + (cols - 1) * gap
    grid_h = rows * piece_h + (rows - 1) * gap
    side = min(page_w - grid_w, page_h - grid_h) / 2
    outer = max(0.0, min(bleed, side - PRINTER_MARGIN - MARK_MIN - MARK_GAP))
    mark = min(MARK_MAX, side - outer - MARK_GAP - PRINTER_MARGIN)
    return Grid(page_w, page_h, piece_w, piece_h, cols, rows, gap, bleed, outer, mark)
