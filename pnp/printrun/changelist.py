"""The first pages of a partial print: which cards to replace, add and take out, by name and
data row, so a remote playtester can update a printed deck (and keep the page as its
changelog)."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from ..layout.grid import PRINTER_MARGIN
from ..render.fonts import Fonts
from ..render.text import draw_line, wrap
from ..units import MM
from .record import Printed

GREY = Color(0.45, 0.45, 0.45)
TOP, BOTTOM, LEFT = 28 * MM, PRINTER_MARGIN + 12 * MM, 20 * MM
SIZE = 10  # an entry's size in points
LEADING = 1.35


@dataclass
class ChangeList:
    """Headed groups of pieces ("Replace these pieces", [pieces]), drawn from the top of page 1
    on as many pages as they take, padded to an even count so the sheets after it keep their
    fronts and backs on one sheet of paper."""

    title: str
    subtitle: str
    groups: list[tuple[str, list[Printed]]]
    in_place_of: dict[tuple[str, str], Printed] = field(default_factory=dict)  # Changes'

    def _lines(self, fonts: Fonts, width: float) -> list[tuple[str, float, str, float]]:
        """(role, size, text, space before) of every line, in order."""
        out = [("bold", 20.0, line, 0.0 if i == 0 else 20 * LEADING) for i, line
               in enumerate(wrap(fonts, self.title, 20, width, "bold") or [self.title])]
        for i, line in enumerate(wrap(fonts, self.subtitle, 11, width) or [self.subtitle]):
            out.append(("regular", 11.0, line, 8 * MM if i == 0 else 11 * LEADING))
        for heading, pieces in self.groups:
            if not pieces:
                continue
            out.append(("bold", 13.0, f"{heading} ({len(pieces)})", 10 * MM))
            for p in pieces:
                text = f"{p.id}  \u00b7  {p.name}  ({p.kind})" + self._replaces(p)
                for i, line in enumerate(wrap(fonts, text, SIZE, width - 6 * MM) or [text]):
                    out.append(("regular", SIZE, ("\u2610  " if i == 0 else "     ") + line,
                                SIZE * LEADING))
        return out

    def _replaces(self, p: Printed) -> str:
        """The old piece's name when it differs: the playtester finds it by name."""
        was = self.in_place_of.get(p.key)
        if was is None:
            return ""
        return f", in place of {was.name}" + (f" ({was.kind})" if was.kind != p.kind else "")

    def _pages(self, fonts: Fonts, w: float, h: float) -> list[list[tuple[str, float, str, float]]]:
        pages: list[list] = [[]]
        y = h - TOP
        for line in self._lines(fonts, w - 2 * LEFT):
            y -= line[3] if pages[-1] else 0
            if y < BOTTOM:
                pages.append([])
                y = h - TOP
            pages[-1].append((*line[:3], y))
        return pages

    def count_pages(self, w: float, h: float, fonts: Fonts) -> int:
        n = len(self._pages(fonts, w, h))
        return n + n % 2

    def draw(self, c: Canvas, fonts: Fonts, w: float, h: float) -> int:
        """Draw the list from the canvas's current page on; returns the pages it turned."""
        pages = self._pages(fonts, w, h)
        if len(pages) % 2:
            pages.append([])
        for number, page in enumerate(pages, 1):
            c.setFillColor(black)
            for role, size, text, y in page:
                draw_line(c, fonts, text, LEFT, y, size, role)
            c.setFillColor(GREY)
            note = ("This page is left blank so the card sheets print double-sided."
                    if not page else f"{self.title} \u00b7 page {number} of {len(pages)}")
            draw_line(c, fonts, note, w / 2, PRINTER_MARGIN + 0.8 * MM, 7, align="centre")
            c.showPage()
        return len(pages)
