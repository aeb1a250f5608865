"""Draw a Kit into one PDF: a print guide, the rule booklet, sheets of pieces (fronts, then
mirrored backs on the following page for long-edge duplex) and boards (tiled when needed).

Page order keeps every double-sided page pair aligned when the whole duplex part is printed in one
go: guide (2 pages), booklet (padded to an even count), sheets (front, back, front, back...);
single-sided pages (boards) come last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from ..errors import DataError, Finding, error, warning
from ..kit import Board, Kit, Piece, Sheet
from ..layout.grid import PRINTER_MARGIN, Grid, Rect, plan_grid
from ..layout.tiles import TILE_MARGIN, TilePlan, plan_tiles
from ..units import MM, mm
from .fonts import Fonts
from .pieces import PieceDrawer
from .proof import overlay
from .surface import Surface
from .text import draw_line, wrap

GREY = Color(0.45, 0.45, 0.45)
MARK_WIDTH = 0.25
CUT_WIDTH = 0.35


@dataclass
class Section:
    title: str
    first: int  # 1-based page numbers
    last: int
    how: str


@dataclass
class BuildResult:
    pages: int = 0
    placed: Counter = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)


LAYOUTS = ("duplex", "gutterfold")


@dataclass(frozen=True)
class Options:
    paper: tuple[float, float]
    bleed: float = 3 * MM
    backs: bool = True
    layout: str = "duplex"  # duplex: backs on the next page; gutterfold: beside, fold between
    back_offset: tuple[float, float] = (0.0, 0.0)  # shifts every back page (printer's duplex error)
    ink_saver: bool = False  # outlines instead of full-bleed backgrounds
    proof: bool = False  # overlay trim, bleed, safe zone and element boxes (render/proof.py)


def _chunks(pieces, n):
    return [pieces[i:i + n] for i in range(0, len(pieces), n)]


class KitRenderer:
    def __init__(self, kit: Kit, fonts: Fonts, options: Options):
        self.kit, self.fonts, self.opt = kit, fonts, options
        self.page_w, self.page_h = options.paper
        self.result = BuildResult()

    # ---- planning -------------------------------------------------------------------------
    def _grid(self, sheet: Sheet) -> Grid:
        bleed = self.opt.bleed
        gap = sheet.gap
        if sheet.shape in ("circle", "hex"):  # cut one by one: room between for their bleed
            gap = max(gap, 2 * bleed, 2 * MM)
        if not self._folded(sheet):
            return plan_grid(self.page_w, self.page_h, sheet.width, sheet.height, bleed=bleed,
                             gap=gap, what=sheet.title)
        # gutterfold: each half of the page; pieces turned a quarter when more fit that way
        half = self.page_w / 2
        upright = plan_grid(half, self.page_h, sheet.width, sheet.height, bleed=bleed, gap=gap,
                            what=sheet.title)
        try:
            turned = plan_grid(half, self.page_h, sheet.height, sheet.width, bleed=bleed,
                               gap=gap, what=sheet.title)
        except DataError:
            return upright
        return turned if turned.per_page > upright.per_page else upright

    @staticmethod
    def _turned(sheet: Sheet, grid: Grid) -> bool:
        return abs(grid.piece_w - sheet.width) > 1e-6

    def _folded(self, sheet: Sheet) -> bool:
        """Gutterfold: fronts on the left half, backs mirrored on the right, fold between; also
        how two-sided pieces keep their backs when the user asks for no back pages."""
        if not (sheet.duplex and any(p.back for p in sheet.pieces)):
            return False
        return self.opt.layout == "gutterfold" or (not self.opt.backs and sheet.two_sided)

    def _slot(self, grid: Grid, index: int, back: bool, folded: bool) -> tuple[Rect, Rect]:
        """(trim, art area) of a piece on its page."""
        if folded and back:
            trim, area = grid.trim(index), grid.bleed_rect(index)
            return _mirror(trim, self.page_w), _mirror(area, self.page_w)
        return grid.trim(index, back), grid.bleed_rect(index, back)

    def _has_backs(self, sheet: Sheet) -> bool:
        return self.opt.backs and sheet.duplex and any(p.back for p in sheet.pieces)

    def plan(self) -> None:
        kit = self.kit
        self.grids = [self._grid(s) for s in kit.sheets]
        for sheet, grid in zip(kit.sheets, self.grids):
            if grid.outer_bleed < self.opt.bleed - 0.01 and sheet.shape == "rect":
                self.result.findings.append(warning(
                    f"{sheet.title}: the page leaves room for {mm(grid.outer_bleed):.1f} mm of "
                    f"bleed around the sheet, not {mm(self.opt.bleed):.1f} mm (the crop marks "
                    "need the rest of the margin); cut carefully or use larger paper"))
        self.tile_plans = [plan_tiles(b.width, b.height, self.page_w, self.page_h)
                           for b in kit.boards]
        booklet_pages = kit.booklet.count_pages(self.page_w, self.page_h, self.fonts) if kit.booklet else 0
        sections = [Section("Print guide and checklist", 1, 2, "double-sided")]
        page = 3
        if booklet_pages:
            padded = booklet_pages + booklet_pages % 2
            sections.append(Section("Rule booklet", page, page + padded - 1, "double-sided"))
            page += padded
        for sheet, grid in zip(kit.sheets, self.grids):
            duplex = self._has_backs(sheet) and not self._folded(sheet)
            n = len(_chunks(sheet.pieces, grid.per_page)) * (2 if duplex else 1)
            how = ("double-sided, flip on long edge" if duplex else
                   "single-sided; fold on the middle line, glue, cut" if self._folded(sheet)
                   else "single-sided")
            sections.append(Section(sheet.title + (f" ({sheet.note})" if sheet.note else ""),
                                    page, page + n - 1, how))
            page += n
        for board, plan in zip(kit.boards, self.tile_plans):
            n = len(plan.tiles)
            how = "single-sided" + ("" if plan.single else
                                    f", {plan.cols} x {plan.rows} tiles: trim and glue")
            sections.append(Section(board.title, page, page + n - 1, how))
            page += n
        self.result.sections = sections
        self.total_pages = page - 1

    # ---- drawing --------------------------------------------------------------------------
    def render(self, path: Path) -> BuildResult:
        self.plan()
        rl_config.useA85 = 0
        target = str(path) if isinstance(path, Path) else path  # a path or a file object
        c = Canvas(target, pagesize=(self.page_w, self.page_h), invariant=1, pageCompression=1,
                   initialFontName=self.fonts["regular"])
        c.setTitle(self.kit.title)
        c.setAuthor("pnp")
        c.setSubject("print-and-play kit")
        self.c = c
        self.pieces = PieceDrawer(c, self.fonts, self.result.findings, self.opt.ink_saver)
        self._guide()
        if self.kit.booklet:
            n = self.kit.booklet.draw(c, self.fonts, self.page_w, self.page_h)
            if n % 2:
                self._blank("This page is left blank so the card sheets print double-sided.")
        for sheet, grid in zip(self.kit.sheets, self.grids):
            self._sheet(sheet, grid)
        for board, plan in zip(self.kit.boards, self.tile_plans):
            self._board(board, plan)
        c.save()
        self.result.pages = self.total_pages
        return self.result

    def _new_page(self) -> None:
        self.c.showPage()

    def _footer(self, text: str) -> None:
        c = self.c
        c.setFillColor(GREY)
        draw_line(c, self.fonts, text, self.page_w / 2, PRINTER_MARGIN + 0.5 * MM, 7,
                  align="centre")

    def _blank(self, note: str) -> None:
        self._footer(note)
        self._new_page()

    def _guide(self) -> None:
        c, f = self.c, self.fonts
        H = self.page_h
        x = 20 * MM
        y = H - 28 * MM
        c.setFillColor(black)
        draw_line(c, f, self.kit.title, x, y, 24, "bold")
        y -= 10 * MM
        draw_line(c, f, "Print-and-play kit: how to print it", x, y, 13)
        y -= 12 * MM
        rules = [
            "Print at 100 % (\"actual size\"); never \"fit to page\".",
            "Check: the square below must measure exactly 50 mm on each side.",
            "Double-sided parts: print them duplex, flipping on the long edge.",
            "Cut along the crop marks in the margins (a ruler and a craft knife, or a guillotine).",
        ]
        for line in rules:
            draw_line(c, f, "\u2022  " + line, x, y, 10.5)
            y -= 6 * MM
        y -= 4 * MM
        # calibration square: exactly 50 mm, with a 0-50 mm ruler
        c.setStrokeColor(black)
        c.setLineWidth(0.5)
        c.rect(x, y - 50 * MM, 50 * MM, 50 * MM, stroke=1, fill=0)
        for i in range(0, 51):
            tick = (3 if i % 10 == 0 else 2 if i % 5 == 0 else 1) * MM
            c.line(x + i * MM, y - 50 * MM, x + i * MM, y - 50 * MM + tick)
        draw_line(c, f, "50 mm", x + 25 * MM, y - 25 * MM, 12, "bold", "centre")
        tx = x + 60 * MM
        ty = y - 4 * MM
        draw_line(c, f, "Pages", tx, ty, 11, "bold")
        draw_line(c, f, "Contents", tx + 22 * MM, ty, 11, "bold")
        ty -= 6 * MM
        column = self.page_w - PRINTER_MARGIN - 7 * MM - (tx + 22 * MM)
        for s in self.result.sections:
            pages = f"{s.first}" if s.first == s.last else f"{s.first}\u2013{s.last}"
            draw_line(c, f, pages, tx, ty, 9.5)
            for role, size, text in (("regular", 9.5, s.title), ("italic", 8, s.how)):
                for line in wrap(f, text, size, column, role) or [text]:
                    draw_line(c, f, line, tx + 22 * MM, ty, size, role)
                    ty -= size * 1.25
            ty -= 2.5 * MM
        self._footer(f"{self.kit.title} \u00b7 page 1")
        self._new_page()
        # page 2: the checklist of every piece, from what the kit places
        y = H - 28 * MM
        c.setFillColor(black)
        draw_line(c, f, "What is in the kit", x, y, 18, "bold")
        y -= 10 * MM
        for kind, n in sorted(self.kit.manifest().items()):
            draw_line(c, f, f"\u2610  {n} \u00d7 {kind}", x, y, 11)
            y -= 6.5 * MM
        self._footer(f"{self.kit.title} \u00b7 page 2")
        self._new_page()

    def _place(self, piece: Piece, drawer, grid: Grid, index: int, back: bool,
               shape: str, folded: bool = False, turned: bool = False) -> None:
        c = self.c
        trim, area = self._slot(grid, index, back, folded)
        c.saveState()
        path = c.beginPath()
        if shape == "circle":
            r = min(trim.w, trim.h) / 2 + grid.inner_bleed
            path.circle(trim.x + trim.w / 2, trim.y + trim.h / 2, r)
        elif shape == "hex":
            _hexagon(path, trim, grid.inner_bleed)
        else:
            path.rect(area.x, area.y, area.w, area.h)
        c.clipPath(path, stroke=0, fill=0)
        c.transform(*piece_matrix(trim, turned, back))
        w, h = (trim.h, trim.w) if turned else (trim.w, trim.h)
        bleed = max(grid.outer_bleed, grid.inner_bleed)
        if drawer is None:
            c.setFillColor(white)
        else:
            elements = self.pieces.draw(piece, drawer, w, h, bleed, shape)
            if self.opt.proof:
                overlay(c, w, h, bleed, shape, elements, self.fonts["regular"])
        c.restoreState()
        if shape == "circle":
            c.setStrokeColor(GREY)
            c.setLineWidth(CUT_WIDTH)
            c.circle(trim.x + trim.w / 2, trim.y + trim.h / 2, min(trim.w, trim.h) / 2)
        elif shape == "hex":
            c.setStrokeColor(GREY)
            c.setLineWidth(CUT_WIDTH)
            cut = c.beginPath()
            _hexagon(cut, trim, 0.0)
            c.drawPath(cut, stroke=1, fill=0)

    def _marks(self, grid: Grid, mirrored: bool = False) -> None:
        c = self.c
        c.setStrokeColor(black)
        c.setLineWidth(MARK_WIDTH)
        for m in grid.crop_marks():
            if mirrored:
                c.line(self.page_w - m.x1, m.y1, self.page_w - m.x2, m.y2)
            else:
                c.line(m.x1, m.y1, m.x2, m.y2)

    def _fold_line(self, grid: Grid) -> None:
        c = self.c
        x = self.page_w / 2
        c.saveState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.5)
        c.setDash(4, 3)
        c.line(x, PRINTER_MARGIN + 6 * MM, x, self.page_h - PRINTER_MARGIN)
        c.restoreState()
        c.setFillColor(GREY)
        draw_line(c, self.fonts, "fold", x, self.page_h - PRINTER_MARGIN - 3 * MM, 6.5,
                  align="centre")

    def _sheet_label(self, grid: Grid, text: str) -> None:
        c = self.c
        c.setFillColor(GREY)
        x = grid.left + (grid.cols // 2) * (grid.piece_w + grid.gap) + grid.piece_w / 2
        y = max(PRINTER_MARGIN, grid.bottom - grid.outer_bleed - 5.5 * MM)
        draw_line(c, self.fonts, text, x, y, 6.5, align="centre")

    def _sheet(self, sheet: Sheet, grid: Grid) -> None:
        pages = _chunks(list(sheet.pieces), grid.per_page)
        folded = self._folded(sheet)
        turned = self._turned(sheet, grid)
        backs = self._has_backs(sheet) and not folded
        for number, pieces in enumerate(pages, 1):
            for i, piece in enumerate(pieces):
                self._place(piece, piece.front, grid, i, False, sheet.shape, turned=turned)
                self.result.placed[piece.kind] += 1
                if folded:
                    self._place(piece, piece.back, grid, i, True, sheet.shape, folded=True,
                                turned=turned)
            if sheet.shape == "rect":
                self._marks(grid)
                if folded:
                    self._marks(grid, mirrored=True)
            if folded:
                self._fold_line(grid)
            label = f"{sheet.title} \u00b7 sheet {number} of {len(pages)}"
            self._sheet_label(grid, label + (" \u00b7 fronts" if backs else ""))
            self._new_page()
            if backs:
                self.c.saveState()
                self.c.translate(*self.opt.back_offset)
                for i, piece in enumerate(pieces):
                    self._place(piece, piece.back, grid, i, True, sheet.shape)
                self.c.restoreState()
                self._sheet_label(grid, label + " \u00b7 backs (reverse of the previous page)")
                self._new_page()

    def _board(self, board: Board, plan: TilePlan) -> None:
        c = self.c
        self.result.placed.update(board.places)
        for tile in plan.tiles:
            if plan.single:
                w, h = ((board.height, board.width) if tile.rotated else (board.width, board.height))
                box = (tile.x, tile.y, tile.x + w, tile.y + h)
                c.setTrimBox(box)
                c.setBleedBox(box)
            c.saveState()
            clip = c.beginPath()
            clip.rect(tile.x + tile.src.x, tile.y + tile.src.y, tile.src.w, tile.src.h)
            c.clipPath(clip, stroke=0, fill=0)
            c.translate(tile.x, tile.y)
            if tile.rotated:
                c.translate(board.height, 0)
                c.rotate(90)
            surface = Surface(c, self.fonts, board.width, board.height, 0, board.title,
                              board.source)
            board.draw(surface)
            if self.opt.proof:
                overlay(c, board.width, board.height, 0, "rect", surface.elements,
                        self.fonts["regular"])
            self.result.findings.extend(surface.findings)
            c.restoreState()
            if plan.single:
                self._footer(f"{board.title} \u00b7 print single-sided at 100 %, cut along the "
                             "outer edge")
            else:
                self._tile_furniture(board, plan, tile)
            self._new_page()
            c.setTrimBox(None)
            c.setBleedBox(None)

    def _tile_furniture(self, board: Board, plan: TilePlan, tile) -> None:
        """Cut lines, glue zone and an assembly map so the tiles go together."""
        c = self.c
        x0, y0 = tile.x + tile.src.x, tile.y + tile.src.y
        w, h = tile.src.w, tile.src.h
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        c.setDash(3, 2)
        c.rect(x0, y0, w, h, stroke=1, fill=0)
        c.setDash()
        # alignment crosses at the tile's corners
        for cx, cy in ((x0, y0), (x0 + w, y0), (x0, y0 + h), (x0 + w, y0 + h)):
            c.line(cx - 3 * MM, cy, cx + 3 * MM, cy)
            c.line(cx, cy - 3 * MM, cx, cy + 3 * MM)
        # assembly map in the bottom margin
        cell = 3 * MM
        mx = self.page_w - TILE_MARGIN - plan.cols * cell
        my = PRINTER_MARGIN
        for r in range(plan.rows):
            for col in range(plan.cols):
                here = (r, col) == (tile.row, tile.col)
                c.setFillColor(black if here else white)
                c.rect(mx + col * cell, my + (plan.rows - 1 - r) * cell, cell, cell, stroke=1,
                       fill=1)
        c.setFillColor(GREY)
        draw_line(c, self.fonts,
                  f"{board.title} \u00b7 tile {tile.row * plan.cols + tile.col + 1} of "
                  f"{len(plan.tiles)} (row {tile.row + 1}, column {tile.col + 1}) \u00b7 "
                  f"overlap {mm(plan.overlap):.0f} mm: "
                  "trim one side, glue over the other",
                  TILE_MARGIN, my + 0.5 * MM, 7)


def piece_matrix(trim: Rect, turned: bool, back: bool) -> tuple[float, ...]:
    """The PDF matrix from a piece's own frame (trim box at 0, 0) to the page. A turned front
    takes a quarter turn anticlockwise (its top to the page's left); a turned back the other
    way, so that once folded and flipped over the back stands upright behind its front."""
    if not turned:
        return (1, 0, 0, 1, trim.x, trim.y)
    if not back:
        return (0, 1, -1, 0, trim.right, trim.y)
    return (0, -1, 1, 0, trim.x, trim.top)


def _hexagon(path, trim: Rect, grow: float) -> None:
    """A flat-top hexagon filling the trim box (corner to corner across), grown by `grow`."""
    from math import sqrt

    cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
    r = trim.w / 2 + grow * 2 / sqrt(3)
    h = r * sqrt(3) / 2
    path.moveTo(cx + r, cy)
    for x, y in ((cx + r / 2, cy + h), (cx - r / 2, cy + h), (cx - r, cy), (cx - r / 2, cy - h),
                 (cx + r / 2, cy - h)):
        path.lineTo(x, y)
    path.close()


def _mirror(r: Rect, page_w: float) -> Rect:
    return Rect(page_w - r.x - r.w, r.y, r.w, r.h)


def render_kit(kit: Kit, fonts: Fonts, path: Path, options: Options) -> BuildResult:
    return KitRenderer(kit, fonts, options).render(path)


def missing_pieces(result: BuildResult, required: Counter) -> list[Finding]:
    from ..kit import compare_manifest

    return [error(f"manifest: {p}") for p in compare_manifest(result.placed, required)]
