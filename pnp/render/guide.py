"""The kit's first two pages: how to print it (100 %, a 50 mm calibration square with a ruler,
the sections with their pages and how each prints) and the checklist of every piece."""

from __future__ import annotations

from reportlab.lib.colors import black

from ..layout.grid import PRINTER_MARGIN
from ..units import MM
from .kitplan import FOOTER_BASELINE
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
        room = self.page_w - PRINTER_MARGIN - 7 * MM - x  # a long title shrinks to the paper
        title = max(12.0, min(24.0, 24 * room / max(f.width(self.kit.title, 24, "bold"), 1)))
        draw_line(c, f, self.kit.title, x, y, title, "bold")
        y -= 10 * MM
        draw_line(c, f, "Print-and-play kit: how to print it", x, y, 13)
        y -= 12 * MM
        rules = [
            "Print at 100 % (\"actual size\"); never \"fit to page\".",
            "Check: the square below must measure exactly 50 mm on each side.",
            "Double-sided parts: print them duplex, flipping on the long edge.",
            "Cut along the crop marks in the margins (a ruler and a craft knife, or a guillotine).",
        ]
        # wrapped to the paper (on A5 a rule takes two lines), hanging under its bullet
        bullet = "\u2022  "
        indent = f.width(bullet, 10.5)
        width = self.page_w - PRINTER_MARGIN - 7 * MM - x - indent
        for rule in rules:
            draw_line(c, f, bullet, x, y, 10.5)
            for line in wrap(f, rule, 10.5, width) or [rule]:
                draw_line(c, f, line, x + indent, y, 10.5)
                y -= 4.5 * MM
            y -= 1.5 * MM
        y -= 4 * MM
        # calibration square: exactly 50 mm, with a 0-50 mm ruler
        c.setStrokeColor(black)
        c.setLineWidth(0.5)
        c.rect(x, y - 50 * MM, 50 * MM, 50 * MM, stroke=1, fill=0)
        for i in range(0, 51):
            tick = (3 if i % 10 == 0 else 2 if i % 5 == 0 else 1) * MM
            c.line(x + i * MM, y - 50 * MM, x + i * MM, y - 50 * MM + tick)
        draw_line(c, f, "50 mm", x + 25 * MM, y - 25 * MM, 12, "bold", "centre")
        tx, ty, column, scale = self._table_place(x, y)
        draw_line(c, f, "Pages", tx, ty, 11 * scale, "bold")
        draw_line(c, f, "Contents", tx + 22 * MM * scale, ty, 11 * scale, "bold")
        ty -= 6 * MM * scale
        for s, rows in self._table_rows(column, scale):
            pages = f"{s.first}" if s.first == s.last else f"{s.first}\u2013{s.last}"
            draw_line(c, f, pages, tx, ty, 9.5 * scale)
            for role, size, line in rows:
                draw_line(c, f, line, tx + 22 * MM * scale, ty, size, role)
                ty -= size * 1.25
            ty -= 2.5 * MM * scale
        self._footer(f"{self.kit.title} \u00b7 page {self.page_no}")
        self._new_page()
        self._checklist(x)

    def _table_rows(self, column: float, scale: float) -> list:
        """Each section with its wrapped lines (role, size, text) at this scale."""
        f = self.fonts
        return [(s, [(role, size * scale, line)
                     for role, size, text in (("regular", 9.5, s.title), ("italic", 8, s.how))
                     for line in wrap(f, text, size * scale, column, role) or [text]])
                for s in self.result.sections]

    def _table_place(self, x: float, y: float) -> tuple[float, float, float, float]:
        """Where the table of sections goes (x, first baseline, column width, type scale):
        beside the 50 mm square when it fits above the footer, else below it across the page
        (A5 has room for a short kit's table only), its type shrunk as far as 70 % if that
        is what it takes to stay on the page."""
        floor = FOOTER_BASELINE + 6 * MM
        right = self.page_w - PRINTER_MARGIN - 7 * MM
        places = [(x + 60 * MM, y - 4 * MM), (x, y - 58 * MM)]
        for scale in (1.0, 0.9, 0.8, 0.7):
            for tx, ty in places:
                column = right - (tx + 22 * MM * scale)
                rows = self._table_rows(column, scale)
                height = 6 * MM * scale + sum(sum(size * 1.25 for _, size, _ in lines)
                                              + 2.5 * MM * scale for _, lines in rows)
                if ty - height + 2.5 * MM * scale >= floor:
                    return tx, ty, column, scale
        tx, ty = places[1]
        return tx, ty, right - (tx + 22 * MM * 0.7), 0.7

    def _checklist(self, x: float) -> None:
        c, f, H = self.c, self.fonts, self.page_h
        # page 2: the checklist of every piece, from what the kit places
        self._begin()
        y = H - 28 * MM
        c.setFillColor(black)
        # a partial print (--changed, --only) holds a few pieces, not the kit
        heading = "What this print holds" if self.kit.changes else "What is in the kit"
        draw_line(c, f, heading, x, y, 18, "bold")
        y -= 10 * MM
        box = "\u2610  "
        indent = f.width(box, 11)
        for line, piece in self.kit.checklist():
            # wrapped to the paper, hanging under its box (what a board has on it further in)
            left = x + indent + (0 if piece else 5 * MM)
            if piece:
                draw_line(c, f, box, x, y, 11)
            for part in wrap(f, line, 11, self.page_w - PRINTER_MARGIN - 7 * MM - left) or [line]:
                draw_line(c, f, part, left, y, 11)
                y -= 5 * MM
            y -= 1.5 * MM
        self._footer(f"{self.kit.title} \u00b7 page {self.page_no}")
        self._new_page()
