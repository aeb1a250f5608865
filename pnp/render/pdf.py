"""Draw a Kit into one PDF: a print guide, the rule booklet, sheets of pieces (fronts, then
mirrored backs on the following page for long-edge duplex) and boards (tiled when needed).

Page order keeps every double-sided page pair aligned when the whole duplex part is printed in one
go: guide (2 pages), booklet (padded to an even count), sheets (front, back, front, back...);
single-sided pages (boards) come last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from reportlab import rl_config
from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from ..errors import DataError, Finding, warning
from ..kit import Board, Kit, Piece, Sheet
from ..layout.grid import FOLD_CLEAR, PRINTER_MARGIN, Grid, Rect, plan_grid
from ..layout.pack import Page, free_slots, pack
from ..units import MM, mm
from .fonts import Fonts
from .pieces import PieceDrawer
from .proof import overlay
from .surface import Surface
from .text import draw_line, wrap

if TYPE_CHECKING:
    from ..layout.tiles import TilePlan

GREY = Color(0.45, 0.45, 0.45)
MARK_WIDTH = 0.25
CUT_WIDTH = 0.35


@dataclass
class Section:
    """A part of the PDF (a sheet or a board) and its pages, for the print guide."""

    title: str
    first: int  # 1-based page numbers
    last: int
    how: str


@dataclass(frozen=True, slots=True)  # one per face drawn: 108,000 in a 54,000-card deck
class Placement:
    """One face as drawn: its page, trim, the area its art covers, and its back design."""
    page: int
    sheet: str
    name: str
    side: str  # "front" or "back"
    trim: Rect
    art: tuple[Rect, ...]  # disjoint rectangles the art is clipped to
    back_key: int | None


@dataclass
class BuildResult:
    """What drawing a kit produced: pages, pieces placed, findings, sections and placements."""

    pages: int = 0
    placed: Counter = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)


@dataclass
class SheetPlan:
    """A sheet laid out: its grid, the cells of each page, and whether the pieces are turned."""

    grid: Grid
    pages: list[Page]  # per page: (cell, piece index)
    turned: bool


def back_key(piece: Piece) -> int | None:
    """Pieces with the same back drawer share a back design."""
    return None if piece.back is None else id(piece.back)


LAYOUTS = ("duplex", "gutterfold")


@dataclass
class Options:
    """How to print: paper, bleed, backs, layout and printer corrections (points)."""

    paper: tuple[float, float]
    bleed: float = 3 * MM
    backs: bool = True
    layout: str = "duplex"  # duplex: backs on the next page; gutterfold: beside, fold between
    back_offset: tuple[float, float] = (0.0, 0.0)  # shifts every back page (printer's duplex error)
    ink_saver: bool = False  # outlines instead of full-bleed backgrounds
    proof: bool = False  # overlay trim, bleed, safe zone and element boxes (render/proof.py)
    scale: float = 1.0  # every page scaled about its centre (a printer's scale correction)


FOOTER_BASELINE = PRINTER_MARGIN + 0.8 * MM  # descenders stay clear of the printer's margin


class KitRenderer:
    def __init__(self, kit: Kit, fonts: Fonts, options: Options, placements: bool = True):
        self.kit, self.fonts, self.opt = kit, fonts, options
        self.keep_placements = placements  # two a card: a caller that never reads them says so
        self.page_w, self.page_h = options.paper
        self.result = BuildResult()
        self._slots: dict[tuple, tuple[Rect, tuple[Rect, ...]]] = {}
        self._marks_of: dict[tuple, str] = {}  # form names by id(grid): plans keep grids alive

    # ---- planning -------------------------------------------------------------------------
    def _plan_sheet(self, sheet: Sheet) -> SheetPlan:
        """Of the grids that fit (upright or turned a quarter; cards sharing cut lines, or a
        gutter that gives each card its own bleed so different backs may mix), the one with the
        full bleed on the fewest pages; ties go to shared cuts, then the fuller grid, then
        upright."""
        bleed = self.opt.bleed
        folded = self._folded(sheet)
        page_w = self.page_w / 2 if folded else self.page_w
        edge = FOLD_CLEAR if folded else PRINTER_MARGIN
        printed_backs = folded or self._has_backs(sheet)  # blank backs cannot mark a card
        keys = [back_key(p) if printed_backs else None for p in sheet.pieces]
        gap = sheet.gap
        if sheet.shape in ("circle", "hex"):  # cut one by one: room between for their bleed
            gap = max(gap, 2 * bleed, 2 * MM)
        elif 0 < gap < 2 * bleed:
            gap = 2 * bleed  # a gutter narrower than two bleeds would rob each side of some
        gaps = [gap] + ([2 * bleed] if gap == 0 and bleed > 0 and len(set(keys)) > 1 else [])
        best, best_score = None, None
        failure: DataError | None = None
        for g in gaps:
            for turned in (False, True):
                w, h = (sheet.height, sheet.width) if turned else (sheet.width, sheet.height)
                try:
                    grid = plan_grid(page_w, self.page_h, w, h, bleed=bleed, gap=g,
                                     what=sheet.title, right_edge=edge)
                except DataError as exc:
                    failure = failure or exc
                    continue
                pages = pack(keys, grid.cols, grid.rows, separate=g == 0)
                score = (grid.outer_bleed < bleed - 1e-6, len(pages), g > 0,
                         -grid.per_page, turned)
                if best_score is None or score < best_score:
                    best, best_score = SheetPlan(grid, pages, turned), score
        if best is None:
            assert failure is not None      # no grid at all: each try said why
            raise failure
        return best

    def _folded(self, sheet: Sheet) -> bool:
        """Gutterfold: fronts on the left half, backs mirrored on the right, fold between; also
        how two-sided pieces keep their backs when the user asks for no back pages."""
        if not (sheet.duplex and any(p.back for p in sheet.pieces)):
            return False
        return self.opt.layout == "gutterfold" or (not self.opt.backs and sheet.two_sided)

    def _slot(self, grid: Grid, index: int, back: bool, folded: bool,
              filled: frozenset[int]) -> tuple[Rect, tuple[Rect, ...]]:
        """(trim, art area as rectangles) of a piece on its page; a folded back mirrors about
        the fold. Full pages repeat the same slots, so each is worked out once per sheet (and
        the placements share its rectangles)."""
        key = (id(grid), index, back, folded, filled)
        hit = self._slots.get(key)
        if hit is None:
            if len(self._slots) > 4096:
                self._slots.clear()
            hit = self._slots[key] = self._work_out_slot(grid, index, back, folded, filled)
        return hit

    def _work_out_slot(self, grid: Grid, index: int, back: bool, folded: bool,
                       filled: frozenset[int]) -> tuple[Rect, tuple[Rect, ...]]:
        if folded and back:
            trim, parts = grid.trim(index), grid.art_parts(index, filled=filled)
            return trim.mirror(self.page_w), tuple(p.mirror(self.page_w) for p in parts)
        return grid.trim(index, back), tuple(grid.art_parts(index, back, filled))

    def _without_backs(self, sheets: list[Sheet]) -> list[Sheet]:
        """No back pages: pieces whose back carries rules (player aids) move to a sheet of their
        own that is printed to fold; the build says which backs are left out."""
        out: list = []
        dropped: Counter = Counter()
        for sheet in sheets:
            keep = [p for p in sheet.pieces if p.two_sided and p.back is not None]
            rest = tuple(p for p in sheet.pieces if p not in keep)
            if sheet.two_sided or not keep:
                out.append(sheet)
            else:
                if rest:
                    out.append(replace(sheet, pieces=rest, note=""))
                out.append(replace(sheet, title=f"{sheet.title}: two-sided", pieces=tuple(keep),
                                   two_sided=True, note="printed to fold: the back matters"))
            if sheet.duplex and not sheet.two_sided:
                dropped.update(p.kind for p in rest if p.back is not None)
        if dropped:
            self.result.findings.append(warning(
                "--no-backs: the backs of " + ", ".join(f"{n} {k}(s)" for k, n in
                                                      sorted(dropped.items()))
                + " are left out; pieces whose back carries rules (player aids) are printed "
                "to fold"))
        return out

    def _lodge_tokens(self) -> None:
        """A sheet of round tokens that fits in the free cells of a card sheet's last page
        (printed the same way: both duplex, or both single-sided) goes there instead of onto
        a nearly empty sheet of its own. guests: host index -> (tokens' sheet, their slots)."""
        self.guests: dict[int, tuple[Sheet, list[Rect]]] = {}
        self.lodged: set[int] = set()
        for gi, guest in enumerate(self.sheets):
            if guest.shape != "circle" or self._folded(guest) or len(self.plans[gi].pages) != 1:
                continue
            gap = self.plans[gi].grid.gap
            for hi, host in enumerate(self.sheets):
                if (host.shape != "rect" or hi in self.guests or self._folded(host)
                        or self._has_backs(host) != self._has_backs(guest)):
                    continue
                plan = self.plans[hi]
                filled = {cell for cell, _ in plan.pages[-1]}
                slots = free_slots(plan.grid, filled, guest.width, guest.height, gap)
                if len(slots) >= len(guest.pieces):
                    self.guests[hi] = (guest, slots[:len(guest.pieces)])
                    self.lodged.add(gi)
                    break

    def _has_backs(self, sheet: Sheet) -> bool:
        return self.opt.backs and sheet.duplex and any(p.back for p in sheet.pieces)

    def plan(self) -> None:
        kit = self.kit
        self.sheets = kit.sheets if self.opt.backs else self._without_backs(kit.sheets)
        self.plans = [self._plan_sheet(s) for s in self.sheets]
        self._lodge_tokens()
        for sheet, sp in zip(self.sheets, self.plans):
            if sp.grid.outer_bleed < self.opt.bleed - 0.01 and sheet.shape == "rect":
                self.result.findings.append(warning(
                    f"{sheet.title}: the page leaves room for {mm(sp.grid.outer_bleed):.1f} mm "
                    f"of bleed around each piece, not {mm(self.opt.bleed):.1f} mm (the crop "
                    "marks need the rest of the margin); cut carefully or use larger paper"))
        self.tile_plans: list[TilePlan] = []
        if kit.boards:  # (pnp.layout.tiles is imported only for a kit with boards)
            from ..layout.tiles import plan_tiles

            self.tile_plans = [plan_tiles(b.width, b.height, self.page_w, self.page_h)
                               for b in kit.boards]
        booklet_pages = kit.booklet.count_pages(self.page_w, self.page_h, self.fonts) if kit.booklet else 0
        if kit.booklet:
            self.result.findings.extend(kit.booklet.findings(self.fonts))
        sections = [Section("Print guide and checklist", 1, 2, "double-sided")]
        page = 3
        if booklet_pages:
            padded = booklet_pages + booklet_pages % 2
            sections.append(Section("Rule booklet", page, page + padded - 1, "double-sided"))
            page += padded
        for i, (sheet, sp) in enumerate(zip(self.sheets, self.plans)):
            if i in self.lodged:
                continue
            duplex = self._has_backs(sheet) and not self._folded(sheet)
            n = len(sp.pages) * (2 if duplex else 1)
            how = ("double-sided, flip on long edge" if duplex else
                   "single-sided; fold on the middle line, glue, cut" if self._folded(sheet)
                   else "single-sided")
            how += f"; up to {sp.grid.per_page} a page" + (", turned" if sp.turned else "")
            if i in self.guests:
                guest = self.guests[i][0]
                how += (f"; its last sheet also holds the {guest.title.lower()}"
                        + (f" ({guest.note})" if guest.note else ""))
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
    def render(self, path: Path | BinaryIO) -> BuildResult:
        self.plan()
        rl_config.useA85 = 0
        target = str(path) if isinstance(path, Path) else path  # a path or a file object
        c = Canvas(target, pagesize=(self.page_w, self.page_h), invariant=1, pageCompression=1,
                 initialFontName=self.fonts["regular"])
        c.setTitle(self.kit.title)
        c.setAuthor("pnp")
        c.setSubject("print-and-play kit")
        self.c = c
        self.page_no = 1
        self.pieces = PieceDrawer(c, self.fonts, self.result.findings, self.opt.ink_saver,
                                  record=self.opt.proof)
        self._guide()
        if self.kit.booklet:
            n = self.kit.booklet.draw(c, self.fonts, self.page_w, self.page_h, self._begin)
            self.page_no += n  # the booklet turns its own pages
            if n % 2:
                self._blank("This page is left blank so the card sheets print double-sided.")
        for i, (sheet, sp) in enumerate(zip(self.sheets, self.plans)):
            if i not in self.lodged:
                self._sheet(sheet, sp, i)
        for board, plan in zip(self.kit.boards, self.tile_plans):
            self._board(board, plan)
        c.save()
        self.result.pages = self.total_pages
        return self.result

    def _begin(self) -> None:
        """Start a page: scaled about its centre for a printer that prints a little small or
        large (every page, the booklet's too), so sizes come out true."""
        s = self.opt.scale
        if s != 1:
            self.c.transform(s, 0, 0, s, (1 - s) * self.page_w / 2, (1 - s) * self.page_h / 2)

    def _new_page(self) -> None:
        self.c.showPage()
        self.page_no += 1

    def _footer(self, text: str, size: float = 7) -> None:
        """A line in the band above the printer's margin (below every crop mark), shrunk to fit
        the page's printable width."""
        c = self.c
        c.setFillColor(GREY)
        room = self.page_w - 2 * PRINTER_MARGIN
        size = min(size, size * room / max(1e-6, self.fonts.width(text, size)))
        draw_line(c, self.fonts, text, self.page_w / 2, FOOTER_BASELINE, size, align="centre")

    def _blank(self, note: str) -> None:
        self._begin()
        self._footer(note)
        self._new_page()

    def _guide(self) -> None:
        c, f = self.c, self.fonts
        H = self.page_h
        x = 20 * MM
        y = H - 28 * MM
        self._begin()
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
        self._begin()
        y = H - 28 * MM
        c.setFillColor(black)
        draw_line(c, f, "What is in the kit", x, y, 18, "bold")
        y -= 10 * MM
        for kind, n in sorted(self.kit.manifest().items()):
            draw_line(c, f, f"\u2610  {n} \u00d7 {kind}", x, y, 11)
            y -= 6.5 * MM
        self._footer(f"{self.kit.title} \u00b7 page 2")
        self._new_page()

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
            trim, parts = _shift(trim, dx, dy), tuple(_shift(p, dx, dy) for p in parts)
        if self.keep_placements:
            self.result.placements.append(Placement(self.page_no, sheet.title, piece.name,
                                                    "back" if back else "front", trim,
                                                    tuple(parts), back_key(piece)))
        c.saveState()
        self._enter(shape, trim, parts, inner, turned, back)
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
            _hexagon(cut, trim, 0.0, turned)
            c.drawPath(cut, stroke=1, fill=0)

    def _enter(self, shape: str, trim: Rect, parts, inner: float, turned: bool,
               back: bool) -> None:
        """Clip to the face's art area and move the origin to its trim's corner."""
        c = self.c
        path = c.beginPath()
        if shape == "circle":
            r = min(trim.w, trim.h) / 2 + inner
            path.circle(trim.x + trim.w / 2, trim.y + trim.h / 2, r)
        elif shape == "hex":
            _hexagon(path, trim, inner, turned)
        else:
            for p in parts:  # disjoint, so even-odd and non-zero filling agree
                path.rect(p.x, p.y, p.w, p.h)
        c.clipPath(path, stroke=0, fill=0)
        c.transform(*piece_matrix(trim, turned, back))

    def _guests(self, host: int, back: bool) -> str:
        """Draw the tokens lodged on a host sheet's last page (fronts, or backs mirrored);
        returns the words its label gains."""
        if host not in self.guests:
            return ""
        guest, slots = self.guests[host]
        inner = min(self.opt.bleed, self.plans[self.sheets.index(guest)].grid.gap / 2)
        for piece, slot in zip(guest.pieces, slots):
            trim = slot.mirror(self.page_w) if back else slot
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
        c.line(x, PRINTER_MARGIN + 6 * MM, x, self.page_h - PRINTER_MARGIN)
        c.restoreState()
        c.setFillColor(GREY)
        draw_line(c, self.fonts, "fold", x, self.page_h - PRINTER_MARGIN - 3 * MM, 6.5,
                  align="centre")

    def _sheet(self, sheet: Sheet, plan: SheetPlan, index: int) -> None:
        grid, turned = plan.grid, plan.turned
        folded = self._folded(sheet)
        backs = self._has_backs(sheet) and not folded
        for number, page in enumerate(plan.pages, 1):
            self._begin()
            filled = frozenset(cell for cell, _ in page)
            for cell, i in page:
                piece = sheet.pieces[i]
                self._place(sheet, piece, piece.front, grid, cell, False, filled, turned=turned)
                self.result.placed[piece.kind] += 1
                if folded:
                    self._place(sheet, piece, piece.back, grid, cell, True, filled, folded=True,
                                turned=turned)
            if sheet.shape == "rect":
                self._marks(grid)
                if folded:
                    self._marks(grid, mirrored=True)
            if folded:
                self._fold_line(grid)
            last = number == len(plan.pages)
            label = f"{sheet.title} \u00b7 sheet {number} of {len(plan.pages)}"
            label += self._guests(index, False) if last else ""
            self._footer(label + (" \u00b7 fronts" if backs else ""), 6.5)
            self._new_page()
            if backs:
                self._begin()
                for cell, i in page:
                    piece = sheet.pieces[i]
                    self._place(sheet, piece, piece.back, grid, cell, True, filled, turned=turned)
                if last:
                    self._guests(index, True)
                self._footer(label + " \u00b7 backs (reverse of the previous page)", 6.5)
                self._new_page()

    def _board(self, board: Board, plan: TilePlan) -> None:
        c = self.c
        self.result.placed.update(board.places)
        for tile in plan.tiles:
            self._begin()
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
        from ..layout.tiles import TILE_MARGIN

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
        # assembly map in the bottom margin, clear of the corner crosses
        cell = min(3 * MM, (TILE_MARGIN - PRINTER_MARGIN - 3.5 * MM) / plan.rows)
        mx = self.page_w - TILE_MARGIN - 4 * MM - plan.cols * cell
        my = PRINTER_MARGIN + 0.3 * MM  # the outline stays inside the margin too
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
                  TILE_MARGIN + 4 * MM, FOOTER_BASELINE, 7)


def piece_matrix(trim: Rect, turned: bool, back: bool) -> tuple[float, ...]:
    """The PDF matrix from a piece's own frame (trim box at 0, 0) to the page. A turned front
    takes a quarter turn anticlockwise (its top to the page's left); a turned back the other
    way, so that once folded and flipped over the back stands upright behind its front."""
    if not turned:
        return (1, 0, 0, 1, trim.x, trim.y)
    if not back:
        return (0, 1, -1, 0, trim.right, trim.y)
    return (0, -1, 1, 0, trim.x, trim.top)


def _hexagon(path, trim: Rect, grow: float, turned: bool = False) -> None:
    """A flat-top hexagon filling the trim box (corner to corner across), grown by `grow`; on a
    turned sheet the face inside is a quarter turn round, so the cut is pointy-top (corner to
    corner up the page)."""
    from math import cos, pi, sin

    cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
    r = (trim.h if turned else trim.w) / 2 + grow / cos(pi / 6)
    start = 90 if turned else 0
    for i in range(6):
        a = (start + 60 * i) * pi / 180
        x, y = cx + r * cos(a), cy + r * sin(a)
        path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
    path.close()


def _shift(r: Rect, dx: float, dy: float) -> Rect:
    return Rect(r.x + dx, r.y + dy, r.w, r.h)


def render_kit(kit: Kit, fonts: Fonts, path: Path | BinaryIO, options: Options,
               placements: bool = True) -> BuildResult:
    """The kit's PDF; `placements`: whether the result lists every face drawn (where it
    landed), which only checks of the geometry read."""
    return KitRenderer(kit, fonts, options, placements).render(path)
