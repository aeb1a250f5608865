"""The kit's first two pages: how to print it (100 %, a 50 mm calibration square with a ruler,
the sections with their pages and how each prints) and the checklist of every piece."""

from __future__ import annotations

from reportlab.lib.colors import black

from ..layout.grid import PRINTER_MARGIN
from ..units import MM
from .pages import Pages
from .text import draw_line, wrap


class GuidePages(Pages):
    """Drawn by the kit's renderer (pdf.py), whose canvas, fonts, sections and page furniture
    they use."""

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
        self._footer(f"{self.kit.title} \u00b7 page {self.page_no}")
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
        self._footer(f"{self.kit.title} \u00b7 page {self.page_no}")
        self._new_page()
