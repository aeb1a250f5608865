"""The print guide (page 1) stays on the paper: on A5 its rules wrap and the table of sections
moves or shrinks rather than running off the right edge or through the footer."""

import pytest
from helpers import ROOT

from pnp.layout.grid import PRINTER_MARGIN
from pnp.render.kitplan import FOOTER_BASELINE
from pnp.project import build, open_game


def _chars(pdf):
    """(text of page 1, every character's box (left, bottom, right, top) in points, page size)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[0]
        text = page.get_textpage()
        boxes = [text.get_charbox(i) for i in range(text.count_chars())
                 if not text.get_text_range(i, 1).isspace()]
        return text.get_text_range(), boxes, page.get_size()
    finally:
        doc.close()


@pytest.mark.parametrize("game,last", [("wuxing", "guillotine"), ("legolas", "Score board")])
def test_the_guide_on_a5_keeps_every_line_inside_the_printable_area(tmp_path, game, last):
    out = tmp_path / "kit.pdf"
    build(open_game(game, cwd=ROOT), out, paper="a5")
    text, boxes, (width, height) = _chars(out)
    assert last in text.replace("\r\n", " ").replace("\n", " ")
    assert boxes
    for left, bottom, right, top in boxes:
        assert PRINTER_MARGIN - 0.5 <= left and right <= width - PRINTER_MARGIN + 0.5
        assert PRINTER_MARGIN - 0.5 <= bottom and top <= height - PRINTER_MARGIN
    # the table ends above the footer's band: no line drawn through the page number
    body = [bottom for _, bottom, _, _ in boxes if bottom >= FOOTER_BASELINE + 3]
    assert min(body) > FOOTER_BASELINE + 10  # clear of the footer's 7 pt line
