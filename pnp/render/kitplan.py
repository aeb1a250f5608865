"""How a kit goes onto pages, worked out before anything is drawn: for each sheet the grid with
the full bleed on the fewest pages (upright or turned), the pieces packed page by page so backs
can mirror them, round tokens lodged in a card sheet's free cells, boards tiled, and the print
guide's sections with their page numbers. Pure geometry: pdf.py draws what this plans."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..errors import DataError, Finding, warning
from ..kit import Kit, Piece, Sheet
from ..layout.grid import FOLD_CLEAR, PRINTER_MARGIN, Grid, Rect, plan_grid
from ..layout.pack import Page, fit_into, free_slots, pack
from ..units import MM, mm
from .fonts import Fonts

if TYPE_CHECKING:
    from ..layout.tiles import TilePlan


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


@dataclass(frozen=True)
class Lodger:
    """Pieces of one sheet printed in free cells of another sheet's page: where they sit."""

    sheet: int  # the guest sheet's index
    page: int  # the host's page (0-based, in its plan)
    cells: tuple[tuple[int, int], ...]  # (cell, guest piece index)


@dataclass(frozen=True)
class SheetPlan:
    """A sheet laid out: its grid, the cells of each page, and whether the pieces are turned."""

    grid: Grid
    pages: list[Page]  # per page: (cell, piece index)
    turned: bool


def back_key(piece: Piece) -> int | None:
    """Pieces with the same back drawer share a back design."""
    return None if piece.back is None else id(piece.back)


LAYOUTS = ("duplex", "gutterfold")


@dataclass(frozen=True)
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


class KitPlan:
    """The pages of a kit for the given options; `plan(fonts)` fills in sheets, plans, guests,
    tile plans and the result's sections (the booklet's page count needs the fonts)."""

    def __init__(self, kit: Kit, options: Options):
        self.kit, self.opt = kit, options
        self.page_w, self.page_h = options.paper
        self.result = BuildResult()
        self._slots: dict[tuple, tuple[Rect, tuple[Rect, ...]]] = {}

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

    def _without_backs(self, sheets: list[Sheet], tiles: Counter) -> list[Sheet]:
        """No back pages: pieces whose back carries rules (player aids) move to a sheet of their
        own that is printed to fold; the build says which backs are left out (with the tiles'
        that tile sheets left out, by kind)."""
        out: list = []
        dropped: Counter = Counter(tiles)
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

    def _lodge_cards(self) -> None:
        """The last page of a card sheet (three player aids on a duplex sheet of their own)
        moves into free cells of another sheet's page of the same grid, printed the same way,
        where the back rule allows (no two backs on one cut line); that sheet's page count
        drops by one. Fewest pieces first; a sheet is a host or a guest, never both.
        lodgers: host index -> what it holds; moved: guest index -> (host, page) of each."""
        self.lodgers: dict[int, list[Lodger]] = {}
        self.moved: dict[int, tuple[int, int, int]] = {}  # guest -> (host, host page, pieces)
        order = sorted(range(len(self.sheets)), key=lambda i: (len(self.plans[i].pages[-1]), -i))
        for gi in order:
            guest, gplan = self.sheets[gi], self.plans[gi]
            if guest.shape != "rect" or self._folded(guest) or gi in self.lodgers:
                continue
            last = gplan.pages[-1]
            backs = self._has_backs(guest)
            keys = [back_key(guest.pieces[i]) if backs else None for _, i in last]
            for hi, host in enumerate(self.sheets):
                hplan = self.plans[hi]
                if (hi == gi or hi in self.moved or host.shape != "rect" or self._folded(host)
                        or hplan.grid != gplan.grid or hplan.turned != gplan.turned
                        or self._has_backs(host) != backs):
                    continue
                done = False
                for pno in range(len(hplan.pages), 0, -1):  # the last page first
                    taken = self._taken(hi, pno - 1)
                    cells = fit_into(taken, keys, hplan.grid.cols, hplan.grid.rows,
                                     separate=hplan.grid.gap == 0)
                    if cells is not None:
                        self.lodgers.setdefault(hi, []).append(
                            Lodger(gi, pno - 1, tuple(zip(cells, (i for _, i in last)))))
                        self.moved[gi] = (hi, pno - 1, len(last))
                        self.plans[gi] = replace(gplan, pages=gplan.pages[:-1])
                        done = True
                        break
                if done:
                    break
            if gi in self.moved and not self.plans[gi].pages:
                self.lodged.add(gi)  # the whole sheet found room elsewhere

    def _taken(self, host: int, page: int) -> dict[int, int | None]:
        """A page's filled cells and their back keys: its own pieces and lodged ones."""
        sheet, plan = self.sheets[host], self.plans[host]
        backs = self._has_backs(sheet)
        taken = {cell: back_key(sheet.pieces[i]) if backs else None
                 for cell, i in plan.pages[page]}
        for lodger in self.lodgers.get(host, ()):
            if lodger.page == page:
                guest = self.sheets[lodger.sheet]
                taken.update({cell: back_key(guest.pieces[i]) if backs else None
                              for cell, i in lodger.cells})
        return taken

    def lodged_on(self, host: int, page: int) -> list[tuple[Sheet, int, int]]:
        """(guest sheet, cell, piece index) of the pieces lodged on a host's page."""
        return [(self.sheets[lg.sheet], cell, i) for lg in self.lodgers.get(host, ())
                if lg.page == page for cell, i in lg.cells]

    def _lodge_tokens(self) -> None:
        """A sheet of round tokens that fits in the free cells of a card sheet's last page
        (printed the same way: both duplex, or both single-sided) goes there instead of onto
        a nearly empty sheet of its own. guests: host index -> (tokens' sheet, their slots)."""
        self.guests: dict[int, tuple[Sheet, list[Rect]]] = {}
        for gi, guest in enumerate(self.sheets):
            if guest.shape != "circle" or self._folded(guest) or len(self.plans[gi].pages) != 1:
                continue
            gap = self.plans[gi].grid.gap
            for hi, host in enumerate(self.sheets):
                if (host.shape != "rect" or hi in self.guests or self._folded(host)
                        or self._has_backs(host) != self._has_backs(guest)):
                    continue
                plan = self.plans[hi]
                if not plan.pages:
                    continue
                filled = set(self._taken(hi, len(plan.pages) - 1))
                slots = free_slots(plan.grid, filled, guest.width, guest.height, gap)
                if len(slots) >= len(guest.pieces):
                    self.guests[hi] = (guest, slots[:len(guest.pieces)])
                    self.lodged.add(gi)
                    break

    def _has_backs(self, sheet: Sheet) -> bool:
        return self.opt.backs and sheet.duplex and any(p.back for p in sheet.pieces)

    def _pieces_said(self, lodger: Lodger) -> str:
        """'the 3 player aid cards': what a lodger holds, by kind."""
        guest = self.sheets[lodger.sheet]
        kinds = Counter(guest.pieces[i].kind for _, i in lodger.cells)
        return " and ".join(f"the {n} {kind}{'s' if n > 1 else ''}"
                            for kind, n in kinds.items())

    def plan(self, fonts: Fonts) -> None:
        kit = self.kit
        tile_backs: Counter = Counter()
        self.boards = kit.boards
        if kit.boards:  # tile sheets packed for this paper (pnp.faces is imported only then)
            from ..faces.tessellate import for_paper

            self.boards, tile_backs = for_paper(kit.boards, self.page_w, self.page_h,
                                                self.opt.backs)
        sheets = [s for s in kit.sheets if s.pieces]  # (a deck whose counts are all 0)
        for sheet in kit.sheets:
            if not sheet.pieces:
                self.result.findings.append(warning(
                    f"{sheet.title}: nothing to print (no rows, or every count is 0)"))
        self.sheets = sheets if self.opt.backs else self._without_backs(sheets, tile_backs)
        self.plans = [self._plan_sheet(s) for s in self.sheets]
        self.lodged: set[int] = set()
        self._lodge_cards()
        self._lodge_tokens()
        for sheet, sp in zip(self.sheets, self.plans):
            if sp.grid.outer_bleed < self.opt.bleed - 0.01 and sheet.shape == "rect":
                self.result.findings.append(warning(
                    f"{sheet.title}: the page leaves room for {mm(sp.grid.outer_bleed):.1f} mm "
                    f"of bleed around each piece, not {mm(self.opt.bleed):.1f} mm (the crop "
                    "marks need the rest of the margin); cut carefully or use larger paper"))
        self.tile_plans: list[TilePlan] = []
        if self.boards:  # (pnp.layout.tiles is imported only for a kit with boards)
            from ..layout.tiles import plan_tiles

            self.tile_plans = [plan_tiles(b.width, b.height, self.page_w, self.page_h)
                               for b in self.boards]
        self._number_sections(fonts)

    def _number_sections(self, fonts: Fonts) -> None:
        """The print guide's sections and their pages, in the PDF's order: what changed, the
        guide, the booklet, each sheet not lodged on another's pages, each board."""
        kit = self.kit
        booklet_pages = kit.booklet.count_pages(self.page_w, self.page_h, fonts) if kit.booklet else 0
        if kit.booklet:
            self.result.findings.extend(kit.booklet.findings(fonts))
        first = kit.changes.count_pages(self.page_w, self.page_h, fonts) if kit.changes else 0
        sections = ([Section(kit.changes.title, 1, first, "double-sided")] if first else [])
        sections.append(Section("Print guide and checklist", first + 1, first + 2, "double-sided"))
        page = first + 3
        if booklet_pages:
            padded = booklet_pages + booklet_pages % 2
            sections.append(Section("Rule booklet", page, page + padded - 1, "double-sided"))
            page += padded
        for i, (sheet, sp) in enumerate(zip(self.sheets, self.plans)):
            if i in self.lodged:
                continue
            duplex = self._has_backs(sheet) and not self._folded(sheet)
            n = len(sp.pages) * (2 if duplex else 1)
            sections.append(Section(sheet.title + (f" ({sheet.note})" if sheet.note else ""),
                                    page, page + n - 1, self._how(i, sheet, sp, duplex)))
            page += n
        for board, plan in zip(self.boards, self.tile_plans):
            n = len(plan.tiles)
            tiled = (f", {plan.cols} x {plan.rows} tiles: cut each on its dashed line, "
                     "glue it over its neighbour's hatched margin")
            how = board.how or "single-sided" + ("" if plan.single else tiled)
            sections.append(Section(board.title, page, page + n - 1, how))
            page += n
        self.result.sections = sections
        self.total_pages = page - 1

    def _how(self, i: int, sheet: Sheet, sp: SheetPlan, duplex: bool) -> str:
        """How the guide says to print sheet i: its sides, pieces a page, and what it holds of
        another sheet's or another sheet holds of its."""
        how = ("double-sided, flip on long edge" if duplex else
               "single-sided; fold on the middle line, glue, cut" if self._folded(sheet)
               else "single-sided")
        how += f"; up to {sp.grid.per_page} a page" + (", turned" if sp.turned else "")
        for lodger in self.lodgers.get(i, ()):
            how += f"; sheet {lodger.page + 1} also holds {self._pieces_said(lodger)}"
        if i in self.moved:
            host, hpage, count = self.moved[i]
            lodger = next(lg for lg in self.lodgers[host] if lg.sheet == i)
            how += (f"; {self._pieces_said(lodger)} {'is' if count == 1 else 'are'} on "
                    f"sheet {hpage + 1} of the "
                    f"{self.sheets[host].title.lower()}")
        if i in self.guests:
            guest = self.guests[i][0]
            how += (f"; its last sheet also holds the {guest.title.lower()}"
                    + (f" ({guest.note})" if guest.note else ""))
        return how
