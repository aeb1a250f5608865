"""A fitted text drawn as one PDF text object (pnp/render/textblock.py) puts every glyph where
drawing it line by line puts it, whatever its characters; and a layout's cells are checked once
each, every bad row named."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.render.fonts import load_fonts
from pnp.render.text import Fitted, draw_fitted
from pnp.render.tracking import TrackingCanvas


def _glyph_boxes(pdf: Path) -> list[tuple[str, tuple[float, ...]]]:
    page = pdfium.PdfDocument(str(pdf))[0]
    text = page.get_textpage()
    return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())
            if not text.get_text_range(i, 1).isspace()]


@pytest.mark.parametrize("align", ["left", "centre", "right"])
def test_a_text_block_is_one_text_object_with_glyphs_where_lines_put_them(tmp_path, align):
    fonts = load_fonts()
    fitted = Fitted(9.5, ("Draw two cards,", "then discard one", "of them."))
    paths = []
    for name, wrap in (("block", lambda c: c), ("lines", TrackingCanvas)):
        path = tmp_path / f"{name}.pdf"
        c = Canvas(str(path), pagesize=(200, 200), pageCompression=0)
        draw_fitted(wrap(c), fonts, fitted, 20, 150, 120, "regular", align)
        c.save()
        paths.append(path)
    block, lines = (_glyph_boxes(p) for p in paths)
    assert [ch for ch, _ in block] == [ch for ch, _ in lines] == list("".join(
        fitted.lines).replace(" ", ""))
    for (_, a), (_, b) in zip(block, lines):
        assert a == pytest.approx(b, abs=0.01)
    # (each page also opens with one text object setting the canvas's initial font)
    assert [p.read_bytes().count(b"BT ") for p in paths] == [2, 4]


def _pdf(path: Path, draw) -> bytes:
    c = Canvas(str(path), pagesize=(300, 300), pageCompression=0, invariant=1)
    draw(c)
    c.save()
    return path.read_bytes()


def test_a_block_beyond_a_fonts_first_256_codes_is_one_text_object_in_two_subsets(tmp_path):
    fonts = load_fonts()
    font = fonts["regular"]
    chars = [chr(n) for n in range(0x100, 0x300) if fonts.covers(font, chr(n))]
    assert len(chars) > 256
    fitted = Fitted(6, tuple("".join(chars[i:i + 40]) for i in range(0, len(chars), 40)))
    block = _pdf(tmp_path / "block.pdf", lambda c: draw_fitted(c, fonts, fitted, 5, 290, 290))
    _pdf(tmp_path / "lines.pdf",
         lambda c: draw_fitted(TrackingCanvas(c), fonts, fitted, 5, 290, 290))
    assert block.count(b"BT ") == 2  # the page's initial font, then the block
    boxes = [_glyph_boxes(tmp_path / f"{name}.pdf") for name in ("block", "lines")]
    assert "".join(ch for ch, _ in boxes[0]) == "".join(ch for ch, _ in boxes[1]) == "".join(chars)
    for (_, a), (_, b) in zip(*boxes):
        assert a == pytest.approx(b, abs=0.01)


def test_each_row_with_a_bad_picture_or_colour_is_named_though_good_cells_are_checked_once(
        tmp_path):
    from pnp.project import open_game, validate
    from pnp.scaffold import new_game

    game = new_game("checked", tmp_path)
    rows = ["title,text,colour,count,image",
            "One,a,sun,1,", "Two,b,sun,1,gone.png", "Three,c,blurple,1,",
            "Four,d,sun,1,gone.png", "Five,e,blurple,1,", "Six,f,leaf,1,"]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    opened = open_game(str(game))
    found = [str(f) for f in validate(opened)]
    for row, field in ((3, "image"), (5, "image"), (4, "colour"), (6, "colour")):
        assert any(f'cards.csv, row {row}, field "{field}"' in f for f in found), (row, found)
    # a bad colour's row is left out; a missing picture's is kept (--force prints a box there)
    assert [r["title"] for r in opened.model.components[0].table.rows] == ["One", "Two", "Four",
                                                                          "Six"]


def test_a_fitted_text_knows_its_widest_line_as_measured():
    from pnp.render.text import fit

    fonts = load_fonts()
    text = "Draw two cards, then discard one of them.\nGain 2 gold (or 3 in winter)."
    for role, width in (("regular", 120.0), ("bold", 90.0), ("condensed", 60.0)):
        fitted = fit(fonts, text, width, 200.0, 11, 7, role)
        assert fitted is not None and len(fitted.lines) >= 3
        measured = max(fonts.width(line, fitted.size, role) for line in fitted.lines)
        assert fitted.span == pytest.approx(measured, abs=1e-6)
        assert fitted.span <= width + 1e-6
