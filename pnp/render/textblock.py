"""A block of lines in one font as one PDF text object: a text object a line costs a large
deck a tenth of its drawing. reportlab's public text object (beginText, setFont, textLine)
writes it, so subsets, encodings and the canvas's font state stay reportlab's."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .fonts import Fonts

LEADING = 1.2


def draw_block(c: Canvas, fonts: Fonts, font: str, size: float, lines: tuple[str, ...],
               x: float, y: float, align: str) -> bool:
    """The lines from baseline y down, one leading apart, aligned on x ("left", "centre",
    "right"); False, drawing nothing, when a character needs a fallback font (the lines are
    then drawn a run at a time)."""
    if not fonts.all_in(font, lines):
        return False
    write_block(c, font, size, lines, x, y, align)
    return True


def write_block(c: Canvas, font: str, size: float, lines: tuple[str, ...], x: float, y: float,
                align: str) -> None:
    """draw_block() of lines the font is known to have every character of."""
    leading = size * LEADING
    if align == "left":
        tx = c.beginText(x, y)
        tx.setFont(font, size, leading)
        for line in lines:
            tx.textLine(line)
    else:  # each line from its own origin, the first's where the text begins
        share = 0.5 if align == "centre" else 1.0
        tx = c.beginText(x - share * c.stringWidth(lines[0] if lines else "", font, size), y)
        tx.setFont(font, size, leading)
        for i, line in enumerate(lines):
            if i:
                tx.setTextOrigin(x - share * c.stringWidth(line, font, size), y)
            tx.textOut(line)
            y -= leading
    c.drawText(tx)
