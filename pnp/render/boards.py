"""Boards and mats on their pages: one page when a board fits (with its trim and bleed boxes),
else tiles with cut lines, alignment crosses, a glue overlap and an assembly map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.colors import black, white

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
