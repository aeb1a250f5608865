"""What every page of a kit has: its start (scaled for the printer), its turn, its footer line.
The renderer (pdf.py) and the pages it draws through (guide.py, boards.py) share these."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..kit import Kit
from ..layout.grid import PRINTER_MARGIN
from .fonts import Fonts
from .kitplan import FOOTER_BASELINE, BuildResult, Options
from .text import draw_line

GREY = Color(0.45, 0.45, 0.45)  # page furniture: footers, cut lines


class Pages:
    c: Canvas
    fonts: Fonts
    kit: Kit
    opt: Options
    result: BuildResult
    page_w: float
    page_h: float
    page_no: int

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
