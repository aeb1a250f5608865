"""Boards and mats on their pages: one page when a board fits (with its trim and bleed boxes),
else tiles with cut lines, alignment crosses, a glue overlap and an assembly map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, black, white

from ..kit import Board
from ..layout.grid import PRINTER_MARGIN
from ..units import MM, mm
from .kitplan import FOOTER_BASELINE
from .pages import GREY, Pages
from .proof import overlay
from .surface import Surface
from .text import draw_line

if TYPE_CHECKING:
    from ..layout.tiles import TilePlan


TICK_WIDTH = 0.5  # registration ticks and seams: thin, but a line a knife can follow
GLUE_GREY = Color(0.75, 0.75, 0.75)


class BoardPages(Pages):
    """Drawn by the kit's renderer (pdf.py), whose canvas, fonts and page furniture they use."""

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
                self._footer(f"{board.title} \u00b7 " + (board.how or "print single-sided at "
                                                          "100 %, cut along the outer edge"))
            else:
                self._tile_furniture(board, plan, tile)
            self._new_page()
            c.setTrimBox(None)
            c.setBleedBox(None)

    def _tile_furniture(self, board: Board, plan: TilePlan, tile) -> None:
        """Cut line, glue margins, registration ticks and an assembly map (layout/tiles.py)."""
        from ..layout.tiles import TILE_MARGIN, seams, ticks

        c = self.c
        x0, y0 = tile.x + tile.src.x, tile.y + tile.src.y
        w, h = tile.src.w, tile.src.h
        for seam in seams(plan, tile):
            self._glue_margin(seam)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        c.setDash(3, 2)
        c.rect(x0, y0, w, h, stroke=1, fill=0)
        c.setDash()
        c.setStrokeColor(black)
        c.setLineWidth(TICK_WIDTH)
        for x1, y1, x2, y2 in ticks(plan, tile):
            c.line(x1, y1, x2, y2)
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
        room = mx - 2 * MM - (TILE_MARGIN + 4 * MM)
        n = f"{mm(plan.overlap):.0f}"
        hows = (f"cut on the dashed line; lay the next tile over the hatched {n} mm glue margin, "
                "its edge on the solid line, the ticks meeting",
                f"cut on the dashes; lay the next tile over the hatched {n} mm, ticks meeting",
                f"cut on the dashes; glue under the {n} mm hatching")
        size = 6.5

        def fits(text: str) -> bool:
            return self.fonts.width(text, size) <= room

        def where(title: str) -> str:
            return (f"{title} \u00b7 tile {tile.row * plan.cols + tile.col + 1} of "
                    f"{len(plan.tiles)} (row {tile.row + 1}, column {tile.col + 1})")

        while size > 5 and not (fits(where(board.title)) and fits(hows[0])):
            size -= 0.25  # a small paper: the two lines shrink to the room beside the map
        how = next((t for t in hows if fits(t)), "")  # then a shorter saying, or none
        title = board.title[:60]
        while title and not fits(where(title + "\u2026")) and not fits(where(title)):
            title = title[:-1]  # a long name: cut, so nothing runs under the map or off the page
        line = where(title if title == board.title else title + "\u2026")
        if fits(line):
            draw_line(c, self.fonts, line, TILE_MARGIN + 4 * MM,
                      FOOTER_BASELINE + size + 1.5, size)
        if how:
            draw_line(c, self.fonts, how, TILE_MARGIN + 4 * MM, FOOTER_BASELINE, size)

    def _glue_margin(self, seam) -> None:
        """A glue margin hatched (it ends up under the neighbour), its seam a solid line."""
        c = self.c
        r = seam.strip
        c.saveState()
        clip = c.beginPath()
        clip.rect(r.x, r.y, r.w, r.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.setStrokeColor(GLUE_GREY)
        c.setLineWidth(0.4)
        step = 2 * MM
        span = r.w + r.h
        k = 0.0
        while k < span:  # 45-degree hatching across the strip
            c.line(r.x + k, r.y, r.x + k - r.h, r.top)
            k += step
        c.restoreState()
        c.setFillColor(GREY)
        if seam.vertical:
            c.saveState()
            c.translate(r.x + r.w / 2 + 1 * MM, r.y + r.h / 2)
            c.rotate(90)
            draw_line(c, self.fonts, "GLUE", 0, 0, 6, align="centre")
            c.restoreState()
        else:
            draw_line(c, self.fonts, "GLUE", r.x + r.w / 2, r.y + r.h / 2 - 1 * MM, 6,
                      align="centre")
        c.setStrokeColor(black)
        c.setLineWidth(TICK_WIDTH)
        if seam.vertical:
            c.line(seam.at, r.y, seam.at, r.top)
        else:
            c.line(r.x, seam.at, r.right, seam.at)
