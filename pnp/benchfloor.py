"""The floors `pnp bench` measures pnp against: what a careful script does without pnp.

- `deck_floor`: a plain deck (the cards.csv of `pnp new`) drawn with bare reportlab, each card as
  pnp draws it (pale background to the bleed, a colour band with the title, the card's own text
  wrapped, a shared back drawn once as a form, crop marks, mirrored backs for duplex).
(A game's engine has its own ceiling, a tight loop of its rules: benchmarks/*_ceiling.py.)

Run as `python -m pnp.benchfloor deck CARDS.CSV OUT.PDF` so it is timed like `pnp build`: a cold
process that imports only reportlab.
"""

from __future__ import annotations

import csv
import sys


MM = 72 / 25.4
W, H = 210 * MM, 297 * MM                      # A4
CARD_W, CARD_H, BLEED = 63 * MM, 88 * MM, 3 * MM
PALETTE = {"sun": "#e0a526", "leaf": "#3d8b4f", "rose": "#c0435a"}


def deck_floor(cards_csv: str, out: str, fonts_dir: str) -> int:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    mm, w, h = MM, CARD_W, CARD_H
    pdfmetrics.registerFont(TTFont("F", f"{fonts_dir}/DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont("FB", f"{fonts_dir}/DejaVuSans-Bold.ttf"))
    x0, y0 = (W - 3 * w) / 2, (H - 3 * h) / 2
    c = Canvas(out, pagesize=(W, H), invariant=1, pageCompression=1)
    _back_form(c)
    with open(cards_csv, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) for _ in range(int(r["count"]))]
    slots = [(x0 + (i % 3) * w, y0 + (2 - i // 3) * h) for i in range(9)]
    for first in range(0, len(rows), 9):
        page = rows[first:first + 9]
        for at, row in zip(slots, page):
            _front(c, row, at)
        _marks(c, x0, y0, w, h, W, H, mm)
        c.showPage()
        for x, y in slots[:len(page)]:
            c.saveState()
            c.translate(W - x - w, y)
            c.doForm("back")
            c.restoreState()
        _marks(c, x0, y0, w, h, W, H, mm)
        c.showPage()
    c.save()
    return len(rows)


def _back_form(c) -> None:
    """The shared back, drawn once as a form."""
    from reportlab.lib.colors import Color, HexColor

    w, h, bleed, mm = CARD_W, CARD_H, BLEED, MM
    c.beginForm("back", -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColor(HexColor("#26324a"))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColor(Color(1, 1, 1))
    c.roundRect(4 * mm, 4 * mm, w - 8 * mm, h - 8 * mm, 3 * mm)
    c.setFillColor(Color(1, 1, 1))
    c.setFont("FB", 14)
    c.drawCentredString(w / 2, h / 2, "Deck")
    c.endForm()


def _front(c, row: dict, at: tuple[float, float]) -> None:
    """One card as pnp draws it: pale ground, colour band with the title, the text wrapped."""
    from reportlab.lib.colors import Color, HexColor
    from reportlab.lib.utils import simpleSplit

    w, h, bleed, mm = CARD_W, CARD_H, BLEED, MM
    colour = HexColor(PALETTE.get(row["colour"], row["colour"]))
    c.saveState()
    c.translate(*at)
    c.setFillColor(Color(0.85 + 0.15 * colour.red, 0.85 + 0.15 * colour.green,
                         0.85 + 0.15 * colour.blue))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setFillColor(colour)
    c.rect(-bleed, h - 16 * mm, w + 2 * bleed, 16 * mm + bleed, stroke=0, fill=1)
    c.setFillColor(Color(1, 1, 1))
    c.setFont("FB", 13)
    c.drawCentredString(w / 2, h - 10.5 * mm, row["title"])
    c.setFillColor(Color(0.1, 0.1, 0.1))
    c.setFont("F", 11)
    ty = h - 20 * mm - 11
    for line in simpleSplit(row["text"], "F", 11, w - 10 * mm):
        c.drawString(5 * mm, ty, line)
        ty -= 11 * 1.2
    c.restoreState()


def _marks(c, x0, y0, w, h, W, H, mm) -> None:
    for xm in (x0, x0 + w, x0 + 2 * w, x0 + 3 * w):
        c.line(xm, y0 - 9 * mm, xm, y0 - 5 * mm)
        c.line(xm, H - y0 + 5 * mm, xm, H - y0 + 9 * mm)
    for ym in (y0, y0 + h, y0 + 2 * h, y0 + 3 * h):
        c.line(x0 - 9 * mm, ym, x0 - 5 * mm, ym)
        c.line(W - x0 + 5 * mm, ym, W - x0 + 9 * mm, ym)


if __name__ == "__main__":
    if sys.argv[1:2] == ["deck"]:
        deck_floor(sys.argv[2], sys.argv[3], sys.argv[4])
