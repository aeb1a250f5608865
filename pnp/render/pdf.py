"""Draw a Kit into one PDF: a print guide, the rule booklet, sheets of pieces (fronts, then
mirrored backs on the following page for long-edge duplex) and boards (tiled when needed).

Page order keeps every double-sided page pair aligned when the whole duplex part is printed in one
go: guide (2 pages), booklet (padded to an even count), sheets (front, back, front, back...);
single-sided pages (boards) come last.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from ..kit import Kit, Piece, Sheet
from ..layout.grid import PRINTER_MARGIN, Grid, Rect
from ..units import MM
from .boards import BoardPages
from .cuts import hexagon, moved, piece_matrix
from .displaylist import PrintingCanvas
from .facelog import FaceLog
from .fonts import Fonts
from .guide import GuidePages
from .kitplan import (FOOTER_BASELINE, LAYOUTS, BuildResult, KitPlan, Options,  # noqa: F401
                      Placement, SheetPlan, back_key)
from .pages import GREY
from .pieces import PieceDrawer
from .proof import overlay
from .text import draw_line

MARK_WIDTH = 0.25
CUT_WIDTH = 0.35


class KitRenderer(KitPlan, GuidePages, BoardPages):
    """Draws the kit as planned (kitplan.py): the guide, the booklet, the sheets, the boards."""

    def __init__(self, kit: Kit, fonts: Fonts, options: Options, placements: bool = True,
                 log: FaceLog | None = None):
        super().__init__(kit, options)
        self.fonts = fonts
        self.log = log
        self.keep_placements = placements  # two a card: a caller that never reads them says so
        self._marks_of: dict[tuple, str] = {}  # form names by id(grid): plans keep grids alive

    def plan(self, fonts: Fonts | None = None) -> None:
        super().plan(fonts or self.fonts)

    def render(self, path: Path | BinaryIO) -> BuildResult:
        self.plan()
        rl_config.useA85 = 0
        target = str(path) if isinstance(path, Path) else path  # a path or a file object
        kind = Canvas if self.log is None else PrintingCanvas  # this one notes each face's calls
        c = kind(target, pagesize=(self.page_w, self.page_h), invariant=1, pageCompression=1,
                 initialFontName=self.fonts["regular"])
        c.setTitle(self.kit.title)
        c.setAuthor("pnp")
        c.setSubject("print-and-play kit")
        self.c = c
        self.page_no = 1
        self.pieces = PieceDrawer(c, self.fonts, self.result.findings, self.opt.ink_saver,
                                  record=self.opt.proof, log=self.log)
        if self.kit.changes:
            self.page_no += self.kit.changes.draw(c, self.fonts, self.page_w, self.page_h)
        self._guide()
        if self.kit.booklet:
            n = self.kit.booklet.draw(c, self.fonts, self.page_w, self.page_h, self._begin)
            self.page_no += n  # the booklet turns its own pages
            if n % 2:
                self._blank("This page is left blank so the card sheets print double-sided.")
        for i, (sheet, sp) in enumerate(zip(self.sheets, self.plans)):
            if i not in self.lodged:
                self._sheet(sheet, sp, i)
        for board, plan in zip(self.boards, self.tile_plans):
            self._board(board, plan)
        c.save()
        self.result.pages = self.total_pages
        return self.result

    def _place(self, sheet: Sheet, piece: Piece, drawer, grid: Grid, index: int, back: bool,
               filled: frozenset[int], folded: bool = False, turned: bool = False) -> None:
        trim, parts = self._slot(grid, index, back, folded, filled)
        self._draw(sheet, piece, drawer, trim, parts, back and not folded, back, turned,
                   grid.inner_bleed, max(grid.outer_bleed, grid.inner_bleed))

    def _draw(self, sheet: Sheet, piece: Piece, drawer, trim: Rect, parts: tuple[Rect, ...],
              shifted: bool, back: bool, turned: bool, inner: float, bleed: float) -> None:
        """Draw a face into its trim, its art clipped to `parts` (a circle: to the cut circle
        plus `inner`); `shifted`: on a back page, moved by the printer's back offset."""
        c = self.c
        shape = sheet.shape
        if shifted and self.opt.back_offset != (0.0, 0.0):
            dx, dy = self.opt.back_offset
            trim, parts = moved(trim, dx, dy), tuple(moved(p, dx, dy) for p in parts)
        if self.keep_placements:
            self.result.placements.append(Placement(self.page_no, sheet.title, piece.name,
                                                    "back" if back else "front", trim,
                                                    tuple(parts), back_key(piece)))
        c.saveState()
        self._enter(shape, trim, parts, inner, turned, back,
                    shifted and self.page_w > self.page_h)
        w, h = (trim.h, trim.w) if turned else (trim.w, trim.h)
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
            hexagon(cut, trim, 0.0, turned)
            c.drawPath(cut, stroke=1, fill=0)

    def _enter(self, shape: str, trim: Rect, parts, inner: float, turned: bool,
               back: bool, upside_down: bool) -> None:
        """Clip to the face's art area and move the origin to its trim's corner."""
        c = self.c
        path = c.beginPath()
        if shape == "circle":
            r = min(trim.w, trim.h) / 2 + inner
            path.circle(trim.x + trim.w / 2, trim.y + trim.h / 2, r)
        elif shape == "hex":
            hexagon(path, trim, inner, turned)
        else:
            for p in parts:  # disjoint, so even-odd and non-zero filling agree
                path.rect(p.x, p.y, p.w, p.h)
        c.clipPath(path, stroke=0, fill=0)
        c.transform(*piece_matrix(trim, turned, back, upside_down))

    def _guests(self, host: int, back: bool) -> str:
        """Draw the tokens lodged on a host sheet's last page (fronts, or backs mirrored);
        returns the words its label gains."""
        if host not in self.guests:
            return ""
        guest, slots = self.guests[host]
        inner = min(self.opt.bleed, self.plans[self.sheets.index(guest)].grid.gap / 2)
        for piece, slot in zip(guest.pieces, slots):
            trim = slot.behind(self.page_w, self.page_h) if back else slot
            if not back:
                self.result.placed[piece.kind] += 1
            self._draw(guest, piece, piece.back if back else piece.front, trim,
                       (trim.grow(inner, inner, inner, inner),), back, back, False, inner, inner)
        return f" \u00b7 with the {guest.title.lower()}"

    def _marks(self, grid: Grid, mirrored: bool = False) -> None:
        """The sheet's crop marks: the same on every page of it, so drawn once as a form."""
        c = self.c
        name = self._marks_of.get((id(grid), mirrored))
        if name is None:
            name = self._marks_of[(id(grid), mirrored)] = f"marks{len(self._marks_of)}"
            c.beginForm(name, 0, 0, self.page_w, self.page_h)
            c.setStrokeColor(black)
            c.setLineWidth(MARK_WIDTH)
            for m in grid.crop_marks():
                if mirrored:
                    c.line(self.page_w - m.x1, m.y1, self.page_w - m.x2, m.y2)
                else:
                    c.line(m.x1, m.y1, m.x2, m.y2)
            c.endForm()
        c.doForm(name)

    def _fold_line(self, grid: Grid) -> None:
        c = self.c
        x = self.page_w / 2
        c.saveState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.5)
        c.setDash(4, 3)
        label = self.page_h - PRINTER_MARGIN - 3 * MM  # the baseline of "fold", above the line
        c.line(x, PRINTER_MARGIN + 6 * MM, x, label - 1.5 * MM)
        c.restoreState()
        c.setFillColor(GREY)
        draw_line(c, self.fonts, "fold", x, label, 6.5, align="centre")

    def _sheet(self, sheet: Sheet, plan: SheetPlan, index: int) -> None:
        grid, turned = plan.grid, plan.turned
        folded = self._folded(sheet)
        backs = self._has_backs(sheet) and not folded
        for number, own in enumerate(plan.pages, 1):
            self._begin()
            # this sheet's pieces and those lodged in its free cells (kitplan._lodge_cards)
            page = [(sheet, cell, i) for cell, i in own] + self.lodged_on(index, number - 1)
            filled = frozenset(cell for _, cell, _ in page)
            for of, cell, i in page:
                piece = of.pieces[i]
                self._place(of, piece, piece.front, grid, cell, False, filled, turned=turned)
                self.result.placed[piece.kind] += 1
                if folded:
                    self._place(of, piece, piece.back, grid, cell, True, filled, folded=True,
                                turned=turned)
            if sheet.shape == "rect":
                self._marks(grid)
                if folded:
                    self._marks(grid, mirrored=True)
            if folded:
                self._fold_line(grid)
            last = number == len(plan.pages)
            label = f"{sheet.title} \u00b7 sheet {number} of {len(plan.pages)}"
            label += "".join(f" \u00b7 with {self._pieces_said(lg)}"
                             for lg in self.lodgers.get(index, ()) if lg.page == number - 1)
            label += self._guests(index, False) if last else ""
            self._footer(label + (" \u00b7 fronts" if backs else ""), 6.5)
            self._new_page()
            if backs:
                self._begin()
                for of, cell, i in page:
                    piece = of.pieces[i]
                    self._place(of, piece, piece.back, grid, cell, True, filled, turned=turned)
                if last:
                    self._guests(index, True)
                self._footer(label + " \u00b7 backs (reverse of the previous page)", 6.5)
                self._new_page()

def render_kit(kit: Kit, fonts: Fonts, path: Path | BinaryIO, options: Options,
               placements: bool = True, log: FaceLog | None = None) -> BuildResult:
    """The kit's PDF; `placements`: whether the result lists every face drawn (where it
    landed), which only checks of the geometry read; `log`: kept what each face drew, for the
    print record and the printed = played check (facelog.py)."""
    return KitRenderer(kit, fonts, options, placements, log).render(path)
