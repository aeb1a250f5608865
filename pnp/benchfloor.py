"""The floors `pnp bench` measures pnp against: what a careful script does without pnp.

- `deck_floor`: a plain deck (the cards.csv of `pnp new`) drawn with bare reportlab, the same
  pages `pnp build` makes of it: a print guide (a 50 mm test square, the pages' contents, the
  checklist), the rule booklet (its components tables and rules note, laid out by platypus as a
  careful script would, headed and numbered), and each card as pnp draws it (pale background to
  the bleed, a colour band with the title, the card's own text wrapped, a shared back drawn once
  as a form, crop marks, mirrored backs for duplex).
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
    pdfmetrics.registerFontFamily("F", normal="F", bold="FB")
    x0, y0 = (W - 3 * w) / 2, (H - 3 * h) / 2
    c = Canvas(out, pagesize=(W, H), invariant=1, pageCompression=1)
    _back_form(c)
    with open(cards_csv, newline="", encoding="utf-8") as f:
        kinds = list(csv.DictReader(f))
    rows = [r for r in kinds for _ in range(int(r["count"]))]
    sheets = -(-len(rows) // 9)
    _guide(c, len(rows), sheets)
    _booklet(c, kinds, len(rows))
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


def _guide(c, cards: int, sheets: int) -> None:
    """The print guide: title, checklist, a 50 mm square with a ruler, the contents, then the
    kit's list (two pages, the second the back of the first)."""
    mm, m = MM, 20 * MM
    lines = ["Print at 100 % (\u201cactual size\u201d); never \u201cfit to page\u201d.",
             "Check: the square below must measure exactly 50 mm on each side.",
             "Double-sided parts: print them duplex, flipping on the long edge.",
             "Cut along the crop marks in the margins (a ruler and a craft knife, or a guillotine)."]
    c.setFont("FB", 22)
    c.drawString(m, H - m - 22, "Deck")
    c.setFont("F", 12)
    c.drawString(m, H - m - 44, "Print-and-play kit: how to print it")
    y = H - m - 70
    c.setFont("F", 9.5)
    for line in lines:
        c.circle(m + 3, y + 3, 1.2, stroke=0, fill=1)
        c.drawString(m + 8, y, line)
        y -= 13
    top = y - 10
    c.rect(m, top - 50 * mm, 50 * mm, 50 * mm)
    for i in range(51):
        c.line(m + i * mm, top - 50 * mm, m + i * mm, top - 50 * mm + (3 if i % 5 else 5) * mm / 2)
    c.setFont("FB", 12)
    c.drawCentredString(m + 25 * mm, top - 25 * mm, "50 mm")
    x = m + 58 * mm
    c.setFont("FB", 10)
    c.drawString(x, top - 12, "Pages")
    c.drawString(x + 40, top - 12, "Contents")
    y = top - 28
    for pages, what, how in (("1\u20132", "Print guide and checklist", "double-sided"),
                             ("3\u20134", "Rule booklet", "double-sided"),
                             (f"5\u2013{4 + 2 * sheets}", "Cards",
                              "double-sided, flip on long edge; up to 9 a page")):
        c.setFont("F", 9)
        c.drawString(x, y, pages)
        c.drawString(x + 40, y, what)
        c.setFont("F", 7)
        c.drawString(x + 40, y - 9, how)
        y -= 26
    c.setFont("F", 7)
    c.drawCentredString(W / 2, 12 * mm, "Deck \u00b7 page 1")
    c.showPage()
    c.setFont("FB", 16)
    c.drawString(m, H - m - 16, "What is in the kit")
    c.setFont("F", 10)
    c.rect(m, H - m - 42, 7, 7)
    c.drawString(m + 12, H - m - 42, f"{cards} \u00d7 card")
    c.setFont("F", 7)
    c.drawCentredString(W / 2, 12 * mm, "Deck \u00b7 page 2")
    c.showPage()


def _booklet(c, kinds: list[dict], cards: int) -> None:
    """The rule booklet of `pnp new`'s template, flowed by platypus into framed pages, each with
    a running head and its number."""
    from reportlab.lib.colors import Color, white
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Frame, Paragraph, Table, TableStyle

    m = 20 * MM
    body = ParagraphStyle("body", fontName="F", fontSize=10, leading=13.5, spaceAfter=5)
    h1 = ParagraphStyle("h1", body, fontName="FB", fontSize=22, leading=27, spaceAfter=8)
    h2 = ParagraphStyle("h2", body, fontName="FB", fontSize=14, leading=18, spaceBefore=10)
    cell = ParagraphStyle("cell", body, fontSize=9, leading=11.5, spaceAfter=0)
    head = ParagraphStyle("head", cell, fontName="FB", textColor=white)

    def table(rows: list[list[str]]) -> Table:
        t = Table([[Paragraph(v, head if i == 0 else cell) for v in row]
                   for i, row in enumerate(rows)], colWidths=[(W - 2 * m) / 2] * 2, repeatRows=1)
        t.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, 0), Color(0.2, 0.2, 0.2)),
                               ("GRID", (0, 0), (-1, -1), 0.4, Color(0.6, 0.6, 0.6)),
                               ("ROWBACKGROUNDS", (0, 1), (-1, -1),
                                [white, Color(0.95, 0.95, 0.95)])]))
        return t

    story = [Paragraph("Deck", h1), Paragraph("For 2-4 players.", body),
             Paragraph("Components", h2), table([["Piece", "Copies"], ["Cards", str(cards)]])]
    if len(kinds) <= 60:
        story.append(table([["Cards", "Copies"]] + [[k["title"], k["count"]] for k in kinds]))
    else:
        story.append(Paragraph(f"{cards} cards of {len(kinds)} kinds (the list is in the data).",
                               body))
    story += [Paragraph("Rules", h2), Paragraph(
        "Write your rules in booklet.md.j2 in the game folder: headings start with #, lists "
        "with -, and <b>bold</b> works.", body)]
    page = 0
    while story:  # a page at a time: what fits, then the part of a split table that fits
        page += 1
        c.setFont("F", 8)
        c.drawString(m, H - m + 4 * MM, "Deck \u00b7 Rules")
        c.line(m, H - m + 2 * MM, W - m, H - m + 2 * MM)
        c.drawCentredString(W / 2, m * 0.45, str(page))
        frame = Frame(m, m, W - 2 * m, H - 2 * m - 6 * MM)
        while story:
            if frame.add(story[0], c):
                story.pop(0)
                continue
            parts = frame.split(story[0], c)
            if not parts:
                break
            story[0:1] = parts
        c.showPage()
    if page % 2:  # double-sided: the cards start on a sheet of their own
        c.showPage()


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
