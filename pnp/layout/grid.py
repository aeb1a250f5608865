"""Imposition of same-size pieces (cards, tiles, tokens) n-up on a page: pure geometry in points.

Pieces are laid in a grid centred on the page, above a band for the sheet's label. With gap 0
neighbours share a cut line (one guillotine cut between two cards); with a gap each piece gets
min(bleed, gap / 2) of bleed towards its neighbours. An edge with no neighbour (the grid's outside,
or an empty cell on a partly filled sheet) always gets the full bleed. The grid is chosen so that
the full bleed, the crop marks and the printer's margin all fit: fewer pieces a page rather than
less bleed. Crop marks sit in the page margin, on the extension of every cut line, so they never
cross a piece. Backs use the same grid mirrored about the sheet's long edge (left-right on
portrait paper, top-bottom on landscape), so a long-edge duplex print puts each back behind its
front.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from ..errors import DataError
from ..units import MM, mm
from .paper import flip_back

PRINTER_MARGIN = 5 * MM  # home printers cannot print nearer the paper's edge than this
LABEL_BAND = 3 * MM  # above the bottom margin: the sheet's label, clear of every crop mark
MARK_GAP = 0.5 * MM  # between the outer bleed and a crop mark
MARK_MIN = 2 * MM
MARK_MAX = 5 * MM
FOLD_CLEAR = 1 * MM  # between a gutterfold's fold line and the nearest crop mark
EPS = 1e-6


class NoRoom(DataError):
    """The paper is too small for one piece with margins for its crop marks."""


@dataclass(frozen=True)
class Rect:
    """A rectangle in points: lower left corner, width and height."""

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

    def overlaps(self, other: "Rect") -> bool:
        return self.x < other.right and other.x < self.right and self.y < other.top and \
            other.y < self.top

    def grow(self, left: float, bottom: float, right: float, top: float) -> "Rect":
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def mirror(self, page_w: float) -> "Rect":
        return Rect(page_w - self.x - self.w, self.y, self.w, self.h)

    def behind(self, page_w: float, page_h: float) -> "Rect":
        """Where this box lies on the duplex back of its page (pnp/layout/paper.py)."""
        return Rect(*flip_back(self.x, self.y, self.w, self.h, page_w, page_h), self.w, self.h)


@dataclass(frozen=True)
class Mark:
    """A crop mark: a line from (x1, y1) to (x2, y2), in points."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """How pieces of one size sit n-up on a page: cells, gaps, bleed and crop marks."""

    page_w: float
    page_h: float
    piece_w: float
    piece_h: float
    cols: int
    rows: int
    gap: float
    bleed: float  # the bleed asked for
    outer_bleed: float  # the bleed every exposed edge gets (the asked one unless nothing fits)
    mark_len: float
    right_edge: float = PRINTER_MARGIN  # blank room at the right (less at a gutterfold's fold)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def inner_bleed(self) -> float:
        return min(self.outer_bleed, self.gap / 2)

    @property
    def left(self) -> float:
        return (self.page_w - self.grid_w + PRINTER_MARGIN - self.right_edge) / 2

    @property
    def bottom(self) -> float:
        """Centred between the label band and the top of the page."""
        return (self.page_h - self.grid_h + LABEL_BAND) / 2

    @property
    def grid_w(self) -> float:
        return self.cols * self.piece_w + (self.cols - 1) * self.gap

    @property
    def grid_h(self) -> float:
        return self.rows * self.piece_h + (self.rows - 1) * self.gap

    def cell(self, index: int) -> tuple[int, int]:
        """(column, row) of the index-th cell on a page, reading order from the top left."""
        return index % self.cols, index // self.cols

    def trim(self, index: int, back: bool = False) -> Rect:
        col, row = self.cell(index)
        x = self.left + col * (self.piece_w + self.gap)
        y = self.bottom + (self.rows - 1 - row) * (self.piece_h + self.gap)
        rect = Rect(x, y, self.piece_w, self.piece_h)
        return rect.behind(self.page_w, self.page_h) if back else rect

    def _taken(self, col: int, row: int, filled) -> bool:
        inside = 0 <= col < self.cols and 0 <= row < self.rows
        return inside and (filled is None or row * self.cols + col in filled)

    def _sides(self, index: int, filled) -> tuple[float, float, float, float]:
        """Bleed on the left, bottom, right and top: the inner bleed towards a filled cell (0 on
        a shared cut line), the full bleed everywhere else."""
        col, row = self.cell(index)
        left, bottom, right, top = (self.inner_bleed if self._taken(col + dc, row + dr, filled)
                                    else self.outer_bleed
                                    for dc, dr in ((-1, 0), (0, 1), (1, 0), (0, -1)))
        return left, bottom, right, top

    def bleed_rect(self, index: int, back: bool = False, filled=None) -> Rect:
        """The box around a piece's art: its trim plus the bleed it owns on each side.
        `filled`: the occupied cell indices (None: every cell)."""
        rect = self.trim(index).grow(*self._sides(index, filled))
        return rect.behind(self.page_w, self.page_h) if back else rect

    def art_parts(self, index: int, back: bool = False, filled=None) -> list[Rect]:
        """The art area as disjoint rectangles: the trim with its side bleeds, and the corners of
        bleed that reach no diagonal neighbour."""
        left, bottom, right, top = self._sides(index, filled)
        t = self.trim(index)
        col, row = self.cell(index)
        parts = [Rect(t.x - left, t.y, t.w + left + right, t.h),
                 Rect(t.x, t.y - bottom, t.w, bottom), Rect(t.x, t.top, t.w, top)]
        for dc, dr, x, w in ((-1, -1, t.x - left, left), (1, -1, t.right, right),
                             (-1, 1, t.x - left, left), (1, 1, t.right, right)):
            y, h = (t.top, top) if dr < 0 else (t.y - bottom, bottom)
            # with a gutter the corner stays in it; without, only beside a free diagonal cell
            if self.gap > EPS or not self._taken(col + dc, row + dr, filled):
                parts.append(Rect(x, y, w, h))
        parts = [p for p in parts if p.w > EPS and p.h > EPS]
        return [p.behind(self.page_w, self.page_h) for p in parts] if back else parts

    def cut_xs(self) -> list[float]:
        return _cuts(self.left, self.cols, self.piece_w, self.gap)

    def cut_ys(self) -> list[float]:
        return _cuts(self.bottom, self.rows, self.piece_h, self.gap)

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


def _cuts(start: float, count: int, size: float, gap: float) -> list[float]:
    """The cut lines along one axis: both edges of each piece, a shared edge once."""
    cuts: list[float] = []
    for i in range(count):
        lo = start + i * (size + gap)
        for v in (lo, lo + size):
            if not cuts or abs(cuts[-1] - v) > EPS:
                cuts.append(v)
    return cuts


def _margin(bleed: float, edge: float = PRINTER_MARGIN) -> float:
    """What one side of the page needs outside the grid: bleed, a crop mark, the printer's margin."""
    return bleed + MARK_GAP + MARK_MIN + edge


def _fit(room: float, piece: float, gap: float) -> int:
    return max(0, floor((room + gap + EPS) / (piece + gap)))


def _count(page_w: float, page_h: float, piece_w: float, piece_h: float, gap: float,
           bleed: float, right_edge: float) -> tuple[int, int]:
    return (_fit(page_w - _margin(bleed) - _margin(bleed, right_edge), piece_w, gap),
            _fit(page_h - 2 * _margin(bleed) - LABEL_BAND, piece_h, gap))


def plan_grid(page_w: float, page_h: float, piece_w: float, piece_h: float, *,
              bleed: float, gap: float = 0.0, what: str = "card",
              right_edge: float = PRINTER_MARGIN) -> Grid:
    """The largest grid of pieces that fits the page with the full bleed, crop marks and the
    printer's margin. Only a piece too large for one with its full bleed gets less bleed.
    `right_edge`: the blank room the right side needs (a fold needs less than a paper edge)."""
    if piece_w <= 0 or piece_h <= 0:
        raise DataError(f"{what}: size {mm(piece_w):.1f} x {mm(piece_h):.1f} mm must be positive")
    if bleed < 0 or gap < 0:
        raise DataError("bleed and gap cannot be negative")
    outer = bleed
    cols, rows = _count(page_w, page_h, piece_w, piece_h, gap, bleed, right_edge)
    if cols < 1 or rows < 1:
        cols, rows = _count(page_w, page_h, piece_w, piece_h, gap, 0.0, right_edge)
        if cols < 1 or rows < 1:
            raise NoRoom(f"{what}: a {mm(piece_w):.0f} x {mm(piece_h):.0f} mm piece does not "
                            f"fit on a {mm(page_w):.0f} x {mm(page_h):.0f} mm page with margins "
                            "for crop marks; make it smaller or use larger paper")
        outer = min((page_w - piece_w - _margin(0.0) - _margin(0.0, right_edge)) / 2,
                    (page_h - piece_h - LABEL_BAND) / 2 - _margin(0.0))
        outer = max(0.0, min(bleed, outer))
    grid_w = cols * piece_w + (cols - 1) * gap
    grid_h = rows * piece_h + (rows - 1) * gap
    room = min(page_w - grid_w - _margin(outer) - _margin(outer, right_edge),
               page_h - grid_h - LABEL_BAND - 2 * _margin(outer))
    mark = min(MARK_MAX, MARK_MIN + room / 2)
    return Grid(page_w, page_h, piece_w, piece_h, cols, rows, gap, bleed, outer, mark,
                right_edge)
